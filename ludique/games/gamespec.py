"""What a game is, in one place: :class:`GameSpec` (no pygame).

A game's rules say what a position allows (its ``GameState``); its spec says what is true of the
game itself, whatever the position: its id and family, its colours and kinds of pieces, its
board's geometry and special points, whether it has a die, a placing phase, reserves, how its
score reads, which rules are explained once, which threats it watches, which evaluation the
computer plays it with (or the table it is solved by), and which sample positions the review
screens show.  Every layer above the engine asks the spec (``ludique.games.spec(game_id)``)
instead of testing a game's id; the layers the engine may not import (the computer, the screen)
keep registries keyed by a spec's ``evaluation``, ``solved`` and ``board``.

Variants are specs that differ in a few fields (``dataclasses.replace``): the variants of
a family share its board and most of their facts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludique.games.base import GameState
    from ludique.games.notice import Rule
    from ludique.games.threat import Threat


@dataclass(frozen=True)
class GameSpec:
    id: str  # the game's id (``state.game_id``, the saved games, the statistics)
    family: str  # the home screen's tile, the rule card and history panel shared by variants
    initial: Callable[[], GameState]  # the starting position
    colours: tuple[str, str]  # the first moves first
    piece_kinds: tuple[str, ...]
    board: str  # how the board is drawn: a module ``ludique/ui/boards/<board>.py``, or "grid"
    variant: str = ""  # the variant's name in its family ("dux"), or "" for a game of its own
    # geometry: a square grid (files x ranks, home rows by colour) or a track of named points
    files: int = 0
    ranks: int = 0
    home_rows: tuple[tuple[str, int], ...] = ()  # (colour, rank) of each side's home row
    track: tuple[str, ...] = ()  # the points in the order counters travel (round: wraps)
    sacred: tuple[str, ...] = ()  # points where a counter is safe
    goals: tuple[tuple[str, str], ...] = ()  # (colour, point) each side brings its counters to
    # what the game has
    die: bool = False  # a throw before each move
    placing: bool = False  # a phase of placing pieces before the battle
    reserves: bool = False  # pieces wait beside the board at the start
    phalanx: bool = False  # a move carries a line of pieces (the notation names its tail)
    # solved offline: every position's exact value is known, from a table, not a search; the
    # module ``ludique/ai/<solved>.py`` that plays it from its table ("": a game searched)
    solved: str = ""
    # how the strip's score reads: "at-goal" (counters home), "crossing" (pieces across),
    # "captured" (pieces lost); with ``lost_pieces_drawn`` the captured pieces are drawn
    score: tuple[str, ...] = ("captured",)
    lost_pieces_drawn: bool = False
    # the visit rule's length, in moves each (``new_game``, ``GameState.visit``; 0: the game
    # has none): chosen from benchmarks/visit.py, the reasons in docs/visit.md
    visit_moves: int = 0
    # capture warnings: at every strength, or only where the setting or strength asks
    warnings_by_setting: bool = False
    threats: Callable[[GameState], list[Threat]] | None = None  # what the next move decides
    notices: tuple[Rule, ...] = ()  # the rules explained once, in the order they are said
    # the rule said when a piece on the board is touched while a piece waiting off it must
    # enter first (a game of counters entering by the throw), one of ``notices``
    entry_rule: Rule | None = None
    taught_by_guide: tuple[tuple[str, str], ...] = ()  # (notice, guide step) already taught
    evaluation: str = ""  # the computer's evaluation (a module ``ludique/ai/<evaluation>.py``)
    # how many times longer a search pass at depth 2 takes than one at depth 1, for the story's
    # time plan (benchmarks/analysis.py: 15 to 18 for the phalanx game, 3 to 10 for the others;
    # later passes use the measured growth)
    search_growth: float = 8.0
    narration: str = "plain"  # how a move is told in words (a key of ``ludique.play.narration``)
    cards: tuple[str, ...] = ()  # the rule cards shown for it, in order
    history: str = ""  # its history panel
    # the folder of its own words and documents when they are not the kiosk's (a game kept
    # outside the package, a test's): laid out as ``locales/`` (``<lang>/rules/<card>.md``)
    words: Path | None = None
    # how the kiosk shows it: the attract screen's demo plays it (one game of a family), and a
    # rule card's diagram panel is this high for its width (the board's shape and its margins)
    demo: bool = False
    diagram_aspect: float = 0.8
    # kinds of piece explained beside the board while one stands on it (its words,
    # ``kiosk.legend.<kind>``, open with the sign drawn on the piece)
    legend: tuple[str, ...] = ()
    # the review screens' sample positions (``ludique.tools.screens``)
    sample_plies: int = 24  # random plies from the start to a game in progress
    sample_placement: bool = False  # also a screen while pieces are placed
    sample_turned: bool = False  # also a game where the visitor took the second colour
    sample_story: int = 0  # the story of a won and a lost game, in this order (0: none)
    sample_finished: Callable[[], GameState] | None = None  # a finished game, set up by hand

    def home_row(self, colour: str) -> int:
        return dict(self.home_rows)[colour]

    def goal(self, colour: str) -> str:
        return dict(self.goals)[colour]

    def squares(self) -> tuple[str, ...]:
        """Every square of a grid (``a1``, ``b1``...), or every point of a track."""
        if self.track:
            return self.track
        return tuple(f"{chr(97 + f)}{r + 1}" for r in range(self.ranks) for f in range(self.files))

    def on_board(self, square: str) -> bool:
        return square in self.squares()

    def new_game(self) -> GameState:
        return self.initial()
