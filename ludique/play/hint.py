"""The suggestion for a visitor who hesitates: a good move and why, in a few words (no pygame).

The move is the best the computer sees for the visitor's side, read as the strength he plays
against reads or better (never under the "player" rung: a suggestion must help) with a short
budget: the "player" rung's two-ply reading, its best move (a suggestion is not drawn at the
rung's temperature: one drawn among moves of like value once showed a piece going backward),
the Champion's search against the Champion; a solved game's is the solved table's best.  The
search runs in a thread (:class:`HintSearch`), started when the visitor's turn begins, so that
the screen never waits for it; until it answers the hesitation hint shows what it showed before
(a piece that can move).

The reason (:func:`reason`) is what the engine says the move does, the first that applies:
it removes a prisoner, takes pieces (sends a counter back), brings a counter home, saves
pieces the other side could take now, brings a new counter in, places a piece; else it leaves
nothing open to capture (no throw can send a counter back), or it is the computer's choice.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from dataclasses import dataclass, replace

from ludique.games import spec
from ludique.games.base import PASS, PLACEMENT, REMOVE, GameState, Move
from ludique.play.threats import exposed, threats

log = logging.getLogger(__name__)

# Seconds of search, in a thread of the kiosk's process (it shares the frames' interpreter) from
# the start of the visitor's turn; the hint is due 8 s later.  The "player" rung's two-ply
# reading of a position of the phalanx game, the slowest to read, took 0.58 s (median; 0.80 s at
# the 95th percentile) here (docs/lab/hint.md); past the budget it is cut short (a slow machine
# suggests a weaker move, never a late one).
HINT_BUDGET = 1.0
AT_LEAST = "player"  # the weakest strength a suggestion is searched at
STRONGER = {"champion": "champion"}  # a visitor against the Champion gets the Champion's move


@dataclass(frozen=True)
class Reason:
    """Why the move is suggested: ``kiosk.play.hint.<why>`` and its fields (the whole line)."""

    why: str
    fields: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, why: str, **fields: str) -> Reason:
        return cls(why, tuple(fields.items()))

    def get(self, name: str) -> str:
        return dict(self.fields).get(name, "")


@dataclass(frozen=True)
class Suggestion:
    move: Move
    reason: Reason

    @property
    def origin(self) -> str:
        """Where the piece to move stands (``off``/``reserve`` for a stock)."""
        move = self.move
        return move.frm if move.frm is not None else "reserve"


def hint_strength(strength: str) -> str:
    """The strength the suggestion is searched at: the visitor's opponent's, or better."""
    return STRONGER.get(strength, AT_LEAST)


def best_move(state: GameState, strength: str, budget: float = HINT_BUDGET) -> Move | None:
    """The computer's choice for the side to move (None: only a pass, or nothing to do)."""
    moves = [m for m in state.legal_moves() if m.kind != PASS]
    if not moves or state.outcome is not None or state.needs_roll:
        return None
    if len(moves) == 1:
        return moves[0]
    from ludique.ai import FIXED_RUNGS, choose_move
    from ludique.ai.even import LADDER, play_search_rung

    rng = random.Random(0)
    if spec(state.game_id).solved or hint_strength(strength) == "champion":
        return choose_move(state, "champion", budget, rng)  # the table's best, or the search's
    level = replace(LADDER[FIXED_RUNGS[AT_LEAST]], temperature=0.0)
    return play_search_rung(state, level, time.perf_counter(), budget, rng, None, clock=True)


def threatened(state: GameState) -> set[str]:
    """The squares of the side to move's pieces the other side could take at its next move."""
    mover = state.to_move
    found = [t for t in threats(state) if t.kind in ("capture", "knock") and t.against == mover]
    return set().union(*(t.squares for t in found))


def saved_by(state: GameState, move: Move) -> list[str]:
    """The pieces (by the squares they stand on now) the other side could take now and could
    not after ``move``."""
    now = threatened(state)
    if not now:
        return []
    after = state.play(move)
    later = exposed(after, state.to_move)
    moved = dict(zip(move.phalanx, move.landing, strict=False))
    if move.frm is not None and move.to is not None:
        moved.setdefault(move.frm, move.to)
    return sorted(sq for sq in now if moved.get(sq, sq) not in later and sq not in move.captures)


def reason(state: GameState, move: Move) -> Reason:
    """What ``move`` does, in one line for the visitor (``kiosk.play.hint.<why>``); a line of
    several pieces is said as the visitor sees it move (``<why>_line``: the line from its back
    piece to its front one, and where its front lands), not as its back piece's square and the
    square of his own piece it lands on."""
    said = _reason(state, move)
    if len(move.phalanx) > 1 and said.why in LINE_REASONS:
        fields = dict(said.fields)
        fields.update(line=f"{move.phalanx[0]}–{move.phalanx[-1]}", front=move.landing[-1])
        return Reason.of(f"{said.why}_line", **fields)
    return said


LINE_REASONS = ("takes", "saves", "safe", "choice")  # the reasons a line's move may have


def _reason(state: GameState, move: Move) -> Reason:
    mover = state.to_move
    game = spec(state.game_id)
    frm, to = move.frm or "", move.to or ""
    if move.kind == REMOVE:
        return Reason.of("remove", square=frm)
    if move.captures:
        if game.die:  # a game with a die: the counter hit goes back off the board
            return Reason.of("sends_back", frm=frm, to=to)
        squares = ", ".join(sorted(move.captures))
        return Reason.of("takes", frm=frm, to=to, squares=squares)
    if game.goals and to == game.goal(mover):
        return Reason.of("home", frm=frm, to=to)
    saved = saved_by(state, move)
    if saved:
        return Reason.of("saves", frm=frm, to=to, squares=", ".join(saved))
    if frm == "off":
        return Reason.of("enters", to=to)
    if move.frm is None:
        return Reason.of("place", to=to)
    after = state.play(move)
    if after.outcome is None and not exposed(after, mover):
        return Reason.of("safe_counter" if game.die else "safe", frm=frm, to=to)
    return Reason.of("choice", frm=frm, to=to)


def suggest(state: GameState, strength: str, budget: float = HINT_BUDGET) -> Suggestion | None:
    """The suggestion for the side to move of ``state`` (at once: tests, the renderer)."""
    move = best_move(state, strength, budget)
    return None if move is None else Suggestion(move, reason(state, move))


class HintSearch:
    """The suggestion for one position, searched in a thread: ``start`` when the visitor's
    turn begins, ``ready`` gives it once found (for that position only)."""

    def __init__(self, strength: str) -> None:
        self.strength = strength
        self._for: GameState | None = None
        self._found: Suggestion | None = None
        self._lock = threading.Lock()
        self._searched = threading.Event()  # the last search started is over
        self._searched.set()

    def start(self, state: GameState) -> None:
        """Search the suggestion for ``state`` (nothing if it is already searched)."""
        if self._for is state:
            return
        with self._lock:
            self._for, self._found = state, None
            searched = self._searched = threading.Event()

        def search() -> None:
            try:
                found = suggest(state, self.strength)
                with self._lock:
                    if self._for is state:
                        self._found = found
            except Exception:  # noqa: BLE001 - no suggestion: the hint shows a movable piece
                log.exception("no suggestion found for %s", state.game_id)
            finally:
                searched.set()

        threading.Thread(target=search, name="ludique-hint", daemon=True).start()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the last search started is over (the review renderer draws what it
        found, not what a loaded machine found in time); False if ``timeout`` passed first."""
        return self._searched.wait(timeout)

    def ready(self, state: GameState) -> Suggestion | None:
        """The suggestion for ``state`` if it has been found."""
        with self._lock:
            return self._found if self._for is state else None


def placement_for(state: GameState) -> Move | None:
    """A placing game's placement done for the visitor (the quick start): his next man in a
    sensible formation, a block on the two rows nearest him, front row first from the
    middle out; where the other side stands already, the free square nearest it."""
    if state.phase != PLACEMENT or state.outcome is not None:
        return None
    moves = {m.to: m for m in state.legal_moves() if m.kind != PASS and m.to is not None}
    if not moves:
        return None
    board = spec(state.game_id)
    rows = sorted({int(sq[1:]) for sq in moves} | {1, board.ranks})
    first, last = rows[0], rows[-1]
    near = first if state.to_move == state.colours[0] else last  # his own side
    ahead = 1 if near == first else -1
    files = sorted({sq[0] for sq in moves} | {sq[0] for sq in board.squares()})
    middle = (len(files) - 1) / 2

    def rank(square: str) -> tuple[float, float, str]:
        row = (int(square[1:]) - near) * ahead  # 0: his back row, 1: the front of the block
        depth = {1: 0, 0: 1}.get(row, row)  # the front row, then the back, then beyond
        return (depth, abs(files.index(square[0]) - middle), square)

    return moves[min(moves, key=rank)]


def line_tail(state: GameState, square: str) -> str | None:
    """Where the back piece stands of a line of the mover's whose front piece is on ``square``
    and which could move forward (a phalanx game: a line moves from its back piece; taken alone,
    the front piece leaves it).  None: ``square`` is the front of no such line."""
    game = spec(state.game_id)
    if not game.phalanx:
        return None
    home = game.home_row(state.to_move)

    def ahead(sq: str) -> int:  # how far from the mover's own home row
        return abs(int(sq[1:]) - home)

    lines = [
        move.phalanx
        for move in state.legal_moves()
        if len(move.phalanx) > 1
        and move.phalanx[-1] == square
        and ahead(move.landing[-1]) > ahead(square)
    ]
    return max(lines, key=len)[0] if lines else None  # the whole line: its back-most piece


def leaves_goal(state: GameState, move: Move) -> bool:
    """A race to a goal: ``move`` takes a counter off its own goal (it must go round the whole
    track again to come back), a loss as much as a counter sent back."""
    game = spec(state.game_id)
    goal = game.goal(state.to_move) if game.goals else None
    return goal is not None and move.frm == goal and move.to != goal
