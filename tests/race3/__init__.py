"""A seventh game, for the tests only: a race on a 3 x 3 board (``race-3x3``).

It shows that a game is one folder: its rules (this module), its spec (``spec.py``, registered
with ``ludique.games.register``) and its words (``locales/<lang>.toml``, laid over the kiosk's
catalogues for a while by :func:`race_game`).  Nothing else of the kiosk knows it.

Rules: Blue's three men start on rank 1 and move up, White's on rank 3 and move down.  A man
steps straight forward onto an empty square (``a1-a2``), or diagonally forward onto an enemy
man, capturing it (``a2-b3``).  The first man to reach the far rank wins; a side to move with
no move loses.  Every move goes forward, so a game ends within six moves.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from ludique.games.base import (
    BLUE,
    REASON_CROSSING,
    REASON_NO_MOVES,
    STEP,
    WHITE,
    GameState,
    Move,
    Outcome,
    Piece,
)

GAME_ID = "race-3x3"
SIZE = 3
FILES = "abc"


def _square(f: int, r: int) -> str:
    return f"{FILES[f]}{r + 1}"


class RaceState(GameState):
    __slots__ = ("men", "_to_move")

    game_id = GAME_ID
    colours = (BLUE, WHITE)

    def __init__(self, men, to_move: str, parent=None, action=None) -> None:
        super().__init__(parent, action)
        self.men: dict[str, str] = dict(men)  # square -> colour
        self._to_move = to_move

    @classmethod
    def initial(cls) -> RaceState:
        men = {_square(f, 0): BLUE for f in range(SIZE)}
        men.update({_square(f, SIZE - 1): WHITE for f in range(SIZE)})
        return cls(men, BLUE)

    @classmethod
    def from_position(cls, blue: Iterable[str], white: Iterable[str], to_move: str = BLUE):
        return cls({**{sq: BLUE for sq in blue}, **{sq: WHITE for sq in white}}, to_move)

    @property
    def to_move(self) -> str:
        return self._to_move

    @property
    def key(self) -> object:
        return (frozenset(self.men.items()), self._to_move)

    def pieces(self) -> list[Piece]:
        return [Piece(sq, colour, "man") for sq, colour in sorted(self.men.items())]

    def _generate_moves(self) -> list[Move]:
        me = self._to_move
        ahead = 1 if me == BLUE else -1
        moves = []
        for sq, colour in sorted(self.men.items()):
            if colour != me:
                continue
            f, r = FILES.index(sq[0]), int(sq[1:]) - 1
            if not 0 <= r + ahead < SIZE:
                continue
            straight = _square(f, r + ahead)
            if straight not in self.men:
                moves.append(Move(f"{sq}-{straight}", sq, straight, (sq, straight), STEP))
            for side in (-1, 1):
                if 0 <= f + side < SIZE:
                    target = _square(f + side, r + ahead)
                    if self.men.get(target) not in (None, me):
                        path = (sq, target)
                        moves.append(Move(f"{sq}-{target}", sq, target, path, STEP, (target,)))
        return moves

    def _apply(self, move: Move) -> RaceState:
        men = dict(self.men)
        men[move.to] = men.pop(move.frm)  # a capture takes the enemy's square
        return RaceState(men, self.opponent, self, move.text)

    def _compute_outcome(self) -> Outcome | None:
        for sq, colour in self.men.items():
            far = SIZE if colour == BLUE else 1
            if int(sq[1:]) == far:
                return Outcome(colour, REASON_CROSSING)
        if not self._generate_moves():
            return Outcome(self.opponent, REASON_NO_MOVES)
        return None


def race_threats(state: GameState) -> list:
    """The men of the side to move that the other side could take if it moved now."""
    from ludique.games.threat import Threat

    me = state.to_move
    turned = RaceState(state.men, state.opponent)  # type: ignore[attr-defined]
    taken = sorted({sq for m in turned.legal_moves() for sq in m.captures})
    if not taken:
        return []
    return [Threat("capture", me, tuple(taken), "play.threat.capture", (("count", len(taken)),))]


@contextmanager
def race_game() -> Iterator[None]:
    """The race registered as a game of the kiosk, with its words, for the time of a ``with``."""
    from pathlib import Path

    from ludique.games import register, unregister
    from ludique.words.i18n import LANGUAGES, catalog, read_file
    from race3.spec import SPEC

    words = {
        lang: read_file(Path(__file__).parent / "locales" / f"{lang}.toml") for lang in LANGUAGES
    }
    register(SPEC)
    for lang in LANGUAGES:
        catalog(lang).entries.update(words[lang])
    try:
        yield
    finally:
        unregister(GAME_ID)
        for lang in LANGUAGES:
            for key in words[lang]:
                catalog(lang).entries.pop(key, None)
