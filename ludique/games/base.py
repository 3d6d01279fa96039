"""The machinery every game shares: moves, outcomes, errors, history and saved games.

Each game module subclasses :class:`GameState` and overrides only what differs:

* ``_generate_moves()``  -> list of moves (called at most once per state; cached);
* ``_apply(move)``       -> the successor state (``move`` is known to be legal);
* ``_compute_outcome()`` -> ``Outcome`` or ``None`` (called at most once per state; cached);
* ``_why_illegal(text)`` -> a sentence saying why a notation string is not a legal move;
* ``key``                -> a hashable identity of the position (board, side to move, phase),
  used for repetition draws and by the search's transposition table;
* ``pieces()``           -> what stands where, for drawing.

States are immutable: ``play`` and ``roll`` return a new state whose ``parent`` is the old one and
whose ``action`` is the notation of what was done, so a game's record is the chain of parents.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

BLUE, WHITE, BLACK = "blue", "white", "black"


class IllegalMove(ValueError):
    """A move, a notation string, a roll or a saved game that the rules refuse.

    The message says what was wrong; the state it was tried on is unchanged.
    """


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: ``winner`` is a colour, or ``None`` for a draw; ``reason`` is one of
    the ``REASON_*`` keys below (the locale files translate them for the screen)."""

    winner: str | None
    reason: str


# Why a game ended.  These keys are part of the contract with the locale files.
REASON_SACRED_LINE = "sacred-line"  # Pente grammai: all five counters on the goal point
REASON_CROSSING = "crossing"  # Epaminondas: more pieces across than the opponent
REASON_NO_PIECES = "no-pieces"  # Epaminondas: the player to move has no piece left
REASON_NO_MOVES = "no-moves"  # the player to move has no legal move (immobilised)
REASON_ONE_PIECE = "one-piece"  # Latrunculi: a player is down to one piece or none
REASON_ONLY_DUX = "only-dux"  # Latrunculi dux: a player's only piece left is the dux
REASON_REPETITION = "repetition"  # the same position for the third time (kiosk rule)
REASON_FIFTY_TURNS = "fifty-turns"  # Latrunculi: 50 battle turns without capture (kiosk rule)

REASONS = (
    REASON_SACRED_LINE,
    REASON_CROSSING,
    REASON_NO_PIECES,
    REASON_NO_MOVES,
    REASON_ONE_PIECE,
    REASON_ONLY_DUX,
    REASON_REPETITION,
    REASON_FIFTY_TURNS,
)


class Piece(NamedTuple):
    """One thing to draw: where it stands (a square or point name, or ``"off"``), its colour and
    its kind (``"counter"``, ``"man"``, ``"dux"``, ``"incitus"``, ``"piece"``)."""

    square: str
    colour: str
    kind: str


class Move:
    """Base of every game's move.  ``str(move)`` is the notation of ``rules.md``.

    Subclasses set ``frm`` (origin square; ``"off"`` for a Pente grammai counter entering,
    ``None`` for a placement or a pass), ``to`` (final square; ``None`` for a removal or a pass)
    and ``path`` (every square the piece stands on, origin and landings, for jump chains).
    Moves compare and hash by notation.
    """

    __slots__ = ("text", "frm", "to", "path")

    text: str
    frm: str | None
    to: str | None
    path: tuple[str, ...]

    def __init__(self, text: str, frm: str | None, to: str | None, path: tuple[str, ...] = ()):
        self.text = text
        self.frm = frm
        self.to = to
        self.path = path

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Move):
            return self.text == other.text
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text)


class GameState:
    """One position of one game.  Immutable: ``play`` and ``roll`` return new states."""

    __slots__ = ("parent", "action", "_moves", "_outcome")

    game_id: ClassVar[str]
    colours: ClassVar[tuple[str, str]]  # (first to move, second)
    has_dice: ClassVar[bool] = False

    parent: GameState | None
    action: str | None

    def __init__(self, parent: GameState | None = None, action: str | None = None) -> None:
        self.parent = parent
        self.action = action
        self._moves: list[Move] | None = None
        self._outcome: Outcome | None | bool = False  # False: not computed yet

    # --- what subclasses provide -------------------------------------------------------
    @property
    def to_move(self) -> str:
        raise NotImplementedError

    @property
    def key(self) -> object:
        raise NotImplementedError

    def pieces(self) -> list[Piece]:
        raise NotImplementedError

    def _generate_moves(self) -> list[Move]:
        raise NotImplementedError

    def _apply(self, move: Move) -> GameState:
        raise NotImplementedError

    def _compute_outcome(self) -> Outcome | None:
        raise NotImplementedError

    def _why_illegal(self, text: str) -> str:
        return "not a legal move here"

    # --- chance --------------------------------------------------------------------------
    @property
    def needs_roll(self) -> bool:
        return False

    def roll(self, n: int) -> GameState:
        raise IllegalMove(f"roll {n}: {self.game_id} is played without a die")

    # --- the public API ------------------------------------------------------------------
    @property
    def opponent(self) -> str:
        a, b = self.colours
        return b if self.to_move == a else a

    @property
    def outcome(self) -> Outcome | None:
        if self._outcome is False:
            self._outcome = self._compute_outcome()
        return self._outcome  # type: ignore[return-value]

    def legal_moves(self) -> list[Move]:
        """The legal moves (a fresh list; empty while a roll is due or once the game is over)."""
        return list(self._legal())

    def _legal(self) -> list[Move]:
        moves = self._moves
        if moves is None:
            if self.needs_roll or self.outcome is not None:
                moves = []
            else:
                moves = self._generate_moves()
            self._moves = moves
        return moves

    def play(self, move: Move | str) -> GameState:
        """The state after ``move`` (a ``Move`` or its notation).  Raises ``IllegalMove``."""
        legal = self._legal()
        if isinstance(move, str):
            text = move.strip()
            for m in legal:
                if m.text == text:
                    return self._apply(m)
            raise IllegalMove(f"{text or '(empty)'}: {self._refusal(text)}")
        if isinstance(move, Move):
            try:
                # This position's own move of that notation: a Move from another position may
                # carry data (phalanx size, captures) that differs here.
                own = legal[legal.index(move)]
            except ValueError:
                pass
            else:
                return self._apply(own)
            raise IllegalMove(f"{move}: {self._refusal(move.text)}")
        raise IllegalMove(f"{move!r}: a move is a Move or a notation string")

    def _refusal(self, text: str) -> str:
        outcome = self.outcome
        if outcome is not None:
            return "the game is over"
        if self.needs_roll:
            return "the die must be thrown first"
        return self._why_illegal(text)

    # --- history -------------------------------------------------------------------------
    def actions(self) -> list[str]:
        """Every action since the start, oldest first: moves in notation, rolls as ``roll N``."""
        out: list[str] = []
        state: GameState | None = self
        while state is not None and state.action is not None:
            out.append(state.action)
            state = state.parent
        out.reverse()
        return out

    def ancestors(self) -> Iterator[GameState]:
        """The states before this one, newest first."""
        state = self.parent
        while state is not None:
            yield state
            state = state.parent

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game_id} after {len(self.actions())} actions>"


# --- saved games -----------------------------------------------------------------------------

SAVE_HEADER = "# ludique saved game"


def dump_game(state: GameState) -> str:
    """The game as text: a header, the game id, then one action per line."""
    lines = [SAVE_HEADER, f"game {state.game_id}", *state.actions()]
    return "\n".join(lines) + "\n"


def replay(game_id: str, actions: list[str], start: GameState) -> GameState:
    """Apply ``actions`` (moves in notation, rolls as ``roll N``) to ``start``."""
    state = start
    for action in actions:
        state = apply_action(state, action)
    return state


def apply_action(state: GameState, action: str) -> GameState:
    """One line of a saved game: a roll (``roll 4``) or a move in notation."""
    action = action.strip()
    if action.startswith("roll"):
        value = action[4:].strip()
        # str.isdigit() also takes "²", "٣" and "３", and int() refuses 5,000 digits with a
        # ValueError: a die shows one ASCII digit, anything longer is refused here by its text
        if not (len(value) == 1 and value in "0123456789"):
            raise IllegalMove(f"{action[:40]}: a roll is 'roll N' with N from 1 to 6")
        return state.roll(int(value))
    return state.play(action)
