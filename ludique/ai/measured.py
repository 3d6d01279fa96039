"""What was measured of the computer's players in each game: Even match's calibrations.

One record per game, every figure printed by a benchmark and changed only when that benchmark
is run again (docs/ai.md names the run behind each).  A game not measured takes ``NOMINAL``.
Nothing here is a rule of a game (those are the game's description, ``ludique.games.spec``)
or a choice of the model (``ludique.ai.even``, ``ludique.ai.skill``): it is how the model's
players turned out to play.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Measured:
    """The ladder's calibration in one game, rungs 0 (the toddler) to 6 (the Champion)."""

    # The search value (hundredths of a piece, for the player to move) at which the Champion,
    # playing on against itself, wins 1 / (1 + e**-1) = 73% of its games: maximum likelihood
    # on Champion self-play (``benchmarks/even_calibrate.py``; docs/ai.md, "Calibration").
    value_scale: float
    # Each rung's effective temperature: the one that best explains its own moves as the
    # referee scores them (``benchmarks/even_ladder.py``; "The ladder measured").  The estimate
    # reads a rung at it where the rung's own choice is not known.
    temperatures: tuple[float, ...]
    # Each rung's rating (Elo, rung 0 at 0, fitted with one virtual draw a pair so that a swept
    # pair is no cliff), from the same self-play: what a rung of the estimate is worth against
    # a rung the computer may play.
    ratings: tuple[float, ...]
    # Each rung's share of its own informative decisions whose move is the one the Champion's
    # search chooses in a few plies (``ludique.ai.even.reader_choice``;
    # ``benchmarks/even_reading.py``, seed 15, 0.25 s a move, the top rungs on their thought).
    # The rungs that play the Champion's search are read as making that move at this share;
    # where their search sees further than the reader they agree with it less.
    agreement: tuple[float, ...] = (0.8,) * 7  # about the pooled share of the two top rungs
    # The nodes the two top rungs (the expert, the Champion) think: the medians their search
    # reached on 30% and 95% of 0.25 s, two searches at once on the two cores as the benchmarks
    # run them (``benchmarks/even_thought.py``; "Each rung thinks as it was measured").
    thought: tuple[int, int] = (5_000, 15_000)  # about the Latrunculi variants'


MEASURED: dict[str, Measured] = {
    "epaminondas": Measured(
        value_scale=255.0,
        temperatures=(0.0200, 0.0158, 0.0178, 0.0126, 0.0100, 0.0013, 0.0032),
        ratings=(0, 430, 320, 483, 538, 794, 1150),
        agreement=(0.04, 0.05, 0.04, 0.07, 0.12, 0.92, 0.96),
        thought=(8_200, 34_700),
    ),
    "latrunculi-seneca": Measured(
        value_scale=55.0,
        temperatures=(0.2239, 0.0562, 0.0501, 0.0224, 0.0100, 0.0032, 0.0045),
        ratings=(0, 370, 569, 670, 804, 1181, 1276),
        agreement=(0.04, 0.16, 0.13, 0.22, 0.23, 1.00, 0.64),
        thought=(5_200, 12_700),
    ),
    "latrunculi-piso": Measured(
        value_scale=55.0,
        temperatures=(0.1259, 0.0501, 0.0501, 0.0178, 0.0112, 0.0032, 0.0063),
        ratings=(0, 234, 218, 256, 363, 581, 807),
        agreement=(0.08, 0.10, 0.12, 0.17, 0.23, 0.93, 0.59),
        thought=(4_700, 13_900),
    ),
    "latrunculi-petteia": Measured(
        value_scale=20.0,
        temperatures=(0.1259, 0.0891, 0.0708, 0.0251, 0.0112, 0.0178, 0.0251),
        ratings=(0, 160, 158, 266, 306, 450, 457),
        agreement=(0.02, 0.10, 0.16, 0.22, 0.36, 0.98, 0.65),
        thought=(5_900, 13_700),
    ),
    "latrunculi-dux": Measured(
        value_scale=95.0,
        temperatures=(0.0708, 0.0355, 0.0316, 0.0200, 0.0100, 0.0020, 0.0045),
        ratings=(0, 80, 186, 155, 142, 391, 413),
        agreement=(0.04, 0.05, 0.08, 0.08, 0.13, 0.99, 0.68),
        thought=(6_200, 15_300),
    ),
    # Solved: every rung that looks reads the exact table, so no agreement or thought applies.
    # The value scale is the race's (``ludique.ai.pente.PenteRace``) against the table, least
    # squares over 100,000 positions of random play.  The ratings are an older fit (two games a
    # pair, no prior, the toddler before it chose among its safe moves alike); the truer one is
    # measured but not in force: against it the aimless visitors meet an aimless toddler and
    # their games do not end (docs/ai.md, "The Pente grammai row measured again").
    "pente-grammai": Measured(
        value_scale=200.0,
        temperatures=(0.1778, 0.1122, 0.1000, 0.0178, 0.0050, 0.0003, 0.0003),
        ratings=(0, 32, 150, 384, 417, 477, 639),
    ),
}

# A game not measured: each rung about half as noisy as the one below and the ratings evenly
# spaced, over the spans the measured games show.
NOMINAL = Measured(
    value_scale=150.0,
    temperatures=(0.2, 0.1, 0.05, 0.025, 0.012, 0.005, 0.002),
    ratings=(0, 200, 400, 600, 800, 1000, 1200),
)


def measured(game_id: str) -> Measured:
    """What was measured in ``game_id`` (``NOMINAL`` for a game that was not)."""
    return MEASURED.get(game_id, NOMINAL)
