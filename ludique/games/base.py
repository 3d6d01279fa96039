"""The machinery every game shares: moves, outcomes, errors, history and saved games.

Each game module subclasses :class:`GameState` and overrides only what differs:

* ``_generate_moves()``  -> a sequence of moves (called at most once per state; cached);
* ``_apply(move)``       -> the successor state (``move`` is one of ``_legal()``);
* ``_compute_outcome()`` -> ``Outcome`` or ``None`` (called at most once per state; cached);
* ``_why_illegal(text)`` -> a sentence saying why a notation string is not a legal move;
* ``_refuse(frm, to)``   -> a ``Refusal`` saying why no legal move goes from ``frm`` to ``to``
  (``refusal(frm, to)`` calls it for a touch the legal moves do not make);
* ``key``                -> a hashable identity of the position (board, side to move, phase),
  used for repetition draws and by the search's transposition table;
* ``pieces()``           -> what stands where, for drawing.

The rest of the state's protocol (``phase``, ``last_move``, ``moves_played()``, ``die``,
``reserve(colour)``, ``quiet_turns``, ``pending_removal``, ``position``, ``freed``, ``score``,
``crossing_count(colour)``, ``blocked_entry()``; a move's ``phalanx``, ``landing``, ``size`` and
``distance``) is declared here with the answer of a game that has no such thing, so that
nothing outside the engine has to probe a state for an attribute; a game overrides what it has.

States are immutable: ``play`` and ``roll`` return a new state whose ``parent`` is the old one and
whose ``action`` is the notation of what was done, so a game's record is the chain of parents.

A game's fast paths (its own ``play``, ``legal_moves``, ``_legal``) keep these signatures: they
take any ``Move`` or notation and give ``Move``s (a game's own subclass of it), and narrow a move
to their own kind by ``type(move) is ...`` where they need its extra fields.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, NamedTuple

BLUE, WHITE, BLACK = "blue", "white", "black"

# What a move does (``Move.kind``): the screen animates, narrates and marks by it, never by the
# notation's text.
PLACE = "place"  # a piece from the stock onto an empty square (``@c3``)
STEP = "step"  # one square, or a counter along the track by the die
SLIDE = "slide"  # several squares along a rank or file
JUMP = "jump"  # a chain of jumps over one's own pieces
PHALANX = "phalanx"  # a phalanx (one piece or more) moved along a line
ENTER = "enter"  # a counter from off the board onto its entry point
REMOVE = "remove"  # the removal of one's own incitus (``xd4``)
PASS = "pass"  # the roll leaves no legal move
MOVE_KINDS = (PLACE, STEP, SLIDE, JUMP, PHALANX, ENTER, REMOVE, PASS)

# Phases (``GameState.phase``): only a game whose pieces are placed has one before the battle.
PLACEMENT, BATTLE = "placement", "battle"


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
REASON_SACRED_LINE = "sacred-line"  # all five counters on the goal point
REASON_CROSSING = "crossing"  # a game won by crossing: more pieces across than the opponent
REASON_NO_PIECES = "no-pieces"  # the player to move has no piece left
REASON_NO_MOVES = "no-moves"  # the player to move has no legal move (immobilised)
REASON_ONE_PIECE = "one-piece"  # a player is down to one piece or none
REASON_ONLY_DUX = "only-dux"  # a player's only piece left is the dux
REASON_REPETITION = "repetition"  # the same position for the third time (kiosk rule)
REASON_FIFTY_TURNS = "fifty-turns"  # 50 battle turns without capture (kiosk rule)
REASON_VISIT = "visit"  # the visit's moves are played: the score decides (kiosk rule)

REASONS = (
    REASON_SACRED_LINE,
    REASON_CROSSING,
    REASON_NO_PIECES,
    REASON_NO_MOVES,
    REASON_ONE_PIECE,
    REASON_ONLY_DUX,
    REASON_REPETITION,
    REASON_FIFTY_TURNS,
    REASON_VISIT,
)


# Why a touch from one square to another is refused (``Refusal.key``); the locale files say
# each under ``kiosk.play.refused.<key>``, with the refusal's fields.
REFUSED_ELSEWHERE = "elsewhere"  # no rule the visitor can learn here: the move is elsewhere
REFUSED_OCCUPIED = "occupied"  # a piece moves or is placed only on an empty square
REFUSED_OWN = "own"  # one of the mover's counters holds that ordinary point
REFUSED_SINGLE = "single"  # a single piece never captures
REFUSED_LARGER = "larger"  # the group is not smaller (fields: size, group)
REFUSED_FAR = "far"  # a phalanx moves at most its size (field: size)
REFUSED_ONE_SQUARE = "one_square"  # a single piece moves one square
REFUSED_BY_THE_BACK = "by_the_back"  # the line behind can do it (field: square)
REFUSED_JUMP = "jump"  # the head's way is not free
REFUSALS = (
    REFUSED_ELSEWHERE,
    REFUSED_OCCUPIED,
    REFUSED_OWN,
    REFUSED_SINGLE,
    REFUSED_LARGER,
    REFUSED_FAR,
    REFUSED_ONE_SQUARE,
    REFUSED_BY_THE_BACK,
    REFUSED_JUMP,
)


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why no legal move goes from one square to another: a key of ``REFUSALS`` and the fields
    its sentence needs (``size``, ``group``), for the screen to say in the visitor's words."""

    key: str
    fields: tuple[tuple[str, int | str], ...] = ()

    @classmethod
    def of(cls, key: str, **fields: int | str) -> Refusal:
        return cls(key, tuple(fields.items()))


class Piece(NamedTuple):
    """One thing to draw: where it stands (a square or point name, or ``"off"``), its colour and
    its kind (``"counter"``, ``"man"``, ``"dux"``, ``"incitus"``, ``"piece"``)."""

    square: str
    colour: str
    kind: str


class Move:
    """Base of every game's move.  ``str(move)`` is the notation of ``rules.md``.

    Subclasses set ``frm`` (origin square; ``"off"`` for a counter entering,
    ``None`` for a placement or a pass), ``to`` (final square; ``None`` for a removal or a pass),
    ``path`` (every square the piece stands on, origin and landings, for jump chains), ``kind``
    (one of ``MOVE_KINDS``) and ``captures`` (the squares of the enemy pieces it captures, in
    the position it was generated for).  Moves compare and hash by notation.
    """

    __slots__ = ("text", "frm", "to", "path", "kind", "captures")

    text: str
    frm: str | None
    to: str | None
    path: tuple[str, ...]
    kind: str
    captures: tuple[str, ...]

    def __init__(
        self,
        text: str,
        frm: str | None,
        to: str | None,
        path: tuple[str, ...] = (),
        kind: str = STEP,
        captures: tuple[str, ...] = (),
    ):
        self.text = text
        self.frm = frm
        self.to = to
        self.path = path
        self.kind = kind
        self.captures = captures

    @property
    def phalanx(self) -> tuple[str, ...]:
        """The squares of the pieces this move carries, before it (a phalanx game: the
        phalanx, tail first; elsewhere the one piece on the board, none for an entry or a
        placement)."""
        frm = self.frm
        return (frm,) if frm is not None and frm != "off" and self.to is not None else ()

    @property
    def landing(self) -> tuple[str, ...]:
        """Where the pieces of ``phalanx`` stand after the move, in the same order."""
        to = self.to
        return (to,) if to is not None and self.phalanx else ()

    @property
    def size(self) -> int:
        """How many pieces the move carries (a phalanx's length)."""
        return len(self.phalanx)

    @property
    def distance(self) -> int:
        """How many squares every piece it carries moves (a phalanx; 0 in a game that
        does not count it)."""
        return 0

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
    """One position of one game.  Immutable: ``play`` and ``roll`` return new states.

    The visit rule (a kiosk rule, like the fifty-turn count): ``visit`` is the number of moves
    each side may play, ``None`` in the full game; ``turns`` counts the moves played so far
    (battle moves: a placement, a removal and a roll are not moves of their own).  Once
    both sides have played their ``visit`` moves and the game is not decided otherwise, it ends
    with ``REASON_VISIT``, won by the higher ``score`` (``_visit_outcome``).  Every state carries
    both fields from its parent: a game's ``_apply`` sets them and checks
    ``_visit_over()`` after its own ends, so the game decided before the limit is decided as in
    the full game."""

    __slots__ = ("parent", "action", "_moves", "_outcome", "visit", "turns")

    game_id: ClassVar[str]
    colours: ClassVar[tuple[str, str]]  # (first to move, second)
    has_dice: ClassVar[bool] = False

    parent: GameState | None
    action: str | None
    visit: int | None  # the visit rule's moves each; None: the full game
    turns: int  # the moves played, as the visit rule counts them

    def __init__(self, parent: GameState | None = None, action: str | None = None) -> None:
        self.parent = parent
        self.action = action
        self._moves: Sequence[Move] | None = None
        self._outcome: Outcome | None | Literal[False] = False  # False: not computed yet
        self.visit = None if parent is None else parent.visit
        self.turns = 0 if parent is None else parent.turns + 1

    # --- what subclasses provide -------------------------------------------------------
    @classmethod
    def from_position(cls, *args: Any, **kwargs: Any) -> GameState:
        """A position set up without history; each game takes its own fields (the squares of
        each colour, and what else its pieces can be: a dux, an incitus...)."""
        raise NotImplementedError

    @property
    def to_move(self) -> str:
        raise NotImplementedError

    @property
    def key(self) -> object:
        raise NotImplementedError

    def pieces(self) -> list[Piece]:
        raise NotImplementedError

    def _generate_moves(self) -> Sequence[Move]:
        raise NotImplementedError

    def _apply(self, move: Move) -> GameState:
        raise NotImplementedError

    def _compute_outcome(self) -> Outcome | None:
        raise NotImplementedError

    def _why_illegal(self, text: str) -> str:
        return "not a legal move here"

    def _refuse(self, frm: str | None, to: str | None) -> Refusal:
        """Why no legal move goes from ``frm`` to ``to`` (known to be so): the rule that forbids
        it where there is one to learn.  A game overrides this with its own rules."""
        return Refusal(REFUSED_ELSEWHERE)

    # --- why a touch is refused ----------------------------------------------------------
    def refusal(self, frm: str | None, to: str | None) -> Refusal | None:
        """``None`` when a legal move takes the piece on ``frm`` to ``to`` (``frm`` ``None``: a
        piece from the stock, placed; ``to`` ``None``: the piece removed), else why not.

        The one answer to "why not" a screen gives: the same rules as ``legal_moves``, said as
        a key and fields (see ``REFUSALS``) rather than a sentence."""
        for move in self._legal():
            if move.frm == frm and move.to == to:
                return None
        return self._refuse(frm, to)

    # --- the rest of the protocol: what a game without the thing answers ----------------------
    @property
    def phase(self) -> str:
        """``PLACEMENT`` while pieces are being placed (a game that places them), else
        ``BATTLE``."""
        return BATTLE

    @property
    def die(self) -> int | None:
        """This turn's roll (a game with a die), or ``None`` while it is due or in a game without
        a die."""
        return None

    def reserve(self, colour: str) -> int:
        """How many pieces ``colour`` still has to place on the board (a game that places them)."""
        return 0

    @property
    def quiet_turns(self) -> int:
        """Turns in a row without capture or removal, where a rule counts them (a fifty-turn
        rule); 0 in a game without such a rule."""
        return 0

    @property
    def pending_removal(self) -> bool:
        """True when the legal moves are the removal of one of the mover's pieces (a prisoner)."""
        return False

    def score(self, colour: str) -> tuple[int, ...]:
        """What the visit rule compares at its end, for ``colour``: the parts of the game's
        score (``GameSpec.score``), in order, bigger is better; () in a game without one."""
        return ()

    # --- the visit rule ------------------------------------------------------------------
    @property
    def turns_left(self) -> int | None:
        """Moves still to play, both sides together, before the visit rule ends the game;
        ``None`` in the full game."""
        visit = self.visit
        return None if visit is None else max(0, 2 * visit - self.turns)

    def _visit_over(self) -> bool:
        """Whether the visit's moves have all been played (a game's own ends come first)."""
        visit = self.visit
        return visit is not None and self.turns >= 2 * visit

    def _visit_outcome(self) -> Outcome:
        """The end by the visit rule: the higher score wins; the same score is a draw."""
        first, second = self.colours
        a, b = self.score(first), self.score(second)
        return Outcome(first if a > b else second if b > a else None, REASON_VISIT)

    @property
    def freed(self) -> tuple[str, ...]:
        """The squares of the pieces the move that led here set free (prisoners, inciti)."""
        return ()

    def crossing_count(self, colour: str) -> int:
        """How many of ``colour``'s pieces stand on the other side's home row (a game won by
        crossing; 0 in a game without one)."""
        return 0

    def blocked_entry(self) -> str | None:
        """The point where the mover's waiting pieces would enter now and cannot, because one
        of his own stands there and no other entry is left (a game with a die), or None."""
        return None

    @property
    def position(self) -> object:
        """What the repetition rule compares (by default the whole ``key``)."""
        return self.key

    @property
    def last_move(self) -> Move | None:
        """The move that led here (with its captures as they were), or ``None`` at the start,
        after a roll, or in a position set up without history."""
        parent, action = self.parent, self.action
        if parent is None or action is None:
            return None
        return parent.find_move(action)

    def moves_played(self) -> list[Move]:
        """The moves since the start, oldest first (rolls are not moves)."""
        out: list[Move] = []
        state: GameState | None = self
        while state is not None and state.parent is not None:
            move = state.last_move
            if move is not None:
                out.append(move)
            state = state.parent
        out.reverse()
        return out

    def find_move(self, text: str) -> Move | None:
        """This position's legal move written ``text``, or ``None``."""
        text = text.strip()
        for move in self.legal_moves():
            if move.text == text:
                return move
        return None

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
        outcome = self._outcome
        if outcome is False:
            outcome = self._outcome = self._compute_outcome()
        return outcome

    def legal_moves(self) -> list[Move]:
        """The legal moves (a fresh list; empty while a roll is due or once the game is over)."""
        return list(self._legal())

    def _legal(self) -> Sequence[Move]:
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
        return self._apply(self._legal_move(move))

    def after(self, move: Move) -> GameState:
        """The state after ``move``, which must be one of this state's own ``legal_moves()``
        (the very object, not a move of another position nor a notation), without ``play``'s
        check: for the search, which plays only the moves it was just given, at every node.
        Anything else is not checked: the result is undefined (a wrong state or an error)."""
        return self._apply(move)

    def _legal_move(self, move: Move | str) -> Move:
        """This position's own legal move for ``move`` (a ``Move`` or its notation): a Move from
        another position may carry data (phalanx size, captures) that differs here.  Raises
        ``IllegalMove``."""
        legal = self._legal()
        if isinstance(move, str):
            text = move.strip()
            for m in legal:
                if m.text == text:
                    return m
            raise IllegalMove(f"{text or '(empty)'}: {self._refusal(text)}")
        if isinstance(move, Move):
            try:
                return legal[legal.index(move)]
            except ValueError:
                pass
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
    """The game as text: a header, the game id, its visit rule (``visit N``, the moves each,
    or ``visit full``), then one action per line."""
    visit = "full" if state.visit is None else state.visit
    lines = [SAVE_HEADER, f"game {state.game_id}", f"visit {visit}", *state.actions()]
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
