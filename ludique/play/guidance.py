"""What the game screen shows a visitor about what to do next, with no pygame in it.

For a :class:`~ludique.play.match.Match` and what the visitor is touching, :class:`Guidance` says
which pieces can move, where a touched piece can go, the next step in one line, the piece the
hesitation hint points at, the short notice for each situation (a blocked entry, the battle
beginning, a prisoner to remove), why a drop is refused (the engine's ``refusal``, in the
visitor's words) and which squares the computer's last move touched.  The scene only draws these.

Texts are returned as :class:`Text`: a catalogue key under ``kiosk.`` and its fields, rendered
in the visitor's language by the scene (``Text.render(t)``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ludique.games import spec
from ludique.games.base import (
    BATTLE,
    PASS,
    PLACEMENT,
    REFUSED_ELSEWHERE,
    REMOVE,
    GameState,
    Move,
)
from ludique.play.hint import HintSearch, Suggestion, leaves_goal, line_tail, placement_for
from ludique.play.match import Match, Transition
from ludique.play.notices import applying
from ludique.play.threats import Threat, exposed, threats
from ludique.play.visit import countdown

# A short message over the board (a refused drop, the battle begins) stays until the visitor's
# next touch, a rule explained beside the board until his next move: a slow reader is never
# hurried (they had 4 and 12 seconds, and a 70-year-old visitor lost the Seneca prisoner rule)
UNTIL_TOUCHED = math.inf
WARNED_STRENGTHS = ("beginner", "even")  # Latrunculi: pieces in danger marked at these
HINT_SECONDS = 8.0  # the visitor hesitates this long: one movable piece breathes
COLOUR_FIELDS = ("colour", "winner", "loser")  # fields that name a colour: said in words


@dataclass(frozen=True)
class Text:
    """A line to show: the catalogue key (under ``kiosk.``) and its fields."""

    key: str
    fields: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, key: str, **fields: object) -> Text:
        return cls(key, tuple(fields.items()))

    def get(self, name: str, default: object = None) -> object:
        return dict(self.fields).get(name, default)

    def render(self, t: Callable[..., str]) -> str:
        """The line in the language of ``t`` (``App.t``); colour ids become colour names."""
        values = {k: t(f"colour.{v}") if k in COLOUR_FIELDS and v else v for k, v in self.fields}
        return t(self.key, **values)


@dataclass(frozen=True)
class Notice:
    text: Text
    until: float = UNTIL_TOUCHED  # (a test or a guide may give one a time)


@dataclass(frozen=True)
class BoardMarks:
    """The marks on the board for one frame: where the touched piece can go, the pieces that
    can move (ringed), the prisoners to remove (glowing), whether the one marked breathes."""

    targets: tuple[str, ...] = ()
    movable: tuple[str, ...] = ()
    danger: tuple[str, ...] = ()  # targets where a piece would be open to capture at once
    gain: tuple[str, ...] = ()  # targets where the move captures (told apart from a loss)
    glow: tuple[str, ...] = ()
    pulse: bool = False


def counters(game_id: str) -> bool:
    """Whether the game's pieces are counters (Pente grammai), not pieces."""
    return spec(game_id).piece_kinds == ("counter",)


def counter_key(key: str) -> str:
    """The sentence of ``key`` for a game whose pieces are counters."""
    return f"{key}_counter"


class Guidance:
    """The next step of a real game (a guided game uses :class:`StepGuidance`)."""

    marks_next_step = True  # ring the movable pieces, say the next step, ask before leaving
    explains_rules = True  # a rule the guided game does not teach is explained when it applies

    def __init__(self, match: Match, capture_warnings: bool = False) -> None:
        self.match = match
        self.notice: Notice | None = None
        self.rule: Notice | None = None  # a rule explained, beside the board (never over it)
        self.rule_seen = False  # the strip has shown it (one that waited for room stays)
        self.explained: set[str] = set()  # the rules explained in this game (once each)
        self.marked: tuple[str, ...] = ()  # the squares of the computer's last move
        self.lost: Text | None = None  # the visitor's pieces the computer's last move took
        self._coming: tuple[GameState, Text | None] | None = None  # said once it is shown
        # Where the warnings are a setting (the spec's ``warnings_by_setting``), pieces in danger
        # are marked at the gentle strengths, or when the curator asks for it at every strength
        # (the setting ``capture_warnings``)
        self.capture_warnings = capture_warnings or match.config.strength in WARNED_STRENGTHS
        # The other games mark them at every strength (a phalanx captures from afar, and a
        # visitor does not see it coming); the red targets of a held piece follow the same rule
        self._by_setting = spec(match.config.game_id).warnings_by_setting
        self._threats_for: GameState | None = None
        self._threats: list[Threat] = []
        self._moves_for: GameState | None = None
        self._danger_for: tuple[tuple[str, GameState], tuple[str, ...]] | None = None
        self._origins: dict[str, list[Move]] = {}
        self._removals: dict[str, Move] = {}
        self.hints = HintSearch(match.config.strength)  # the suggestion, searched in a thread
        self.hinted: Move | None = None  # the suggested move while the hint shows it
        match.on_state.append(self._observe)

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def warns_captures(self) -> bool:
        """Whether the pieces the other side could capture are marked (and a held piece's
        red targets shown): always but in Latrunculi, there where ``capture_warnings``."""
        return self.capture_warnings or not self._by_setting

    # --- the moves, by where they start --------------------------------------------------
    def _refresh(self) -> None:
        if self._moves_for is self.state:
            return
        self._moves_for = self.state
        self._origins = {}
        self._removals = {}
        for move in self.state.legal_moves():
            if move.kind == PASS:
                continue
            if move.kind == REMOVE:
                if move.frm is not None:  # (a removal names the prisoner's square)
                    self._removals[move.frm] = move
                continue
            origin = move.frm if move.frm is not None else "reserve"
            self._origins.setdefault(origin, []).append(move)

    def origins(self) -> dict[str, list[Move]]:
        """The legal moves by the square they start from (``off``/``reserve`` for a stock)."""
        self._refresh()
        return self._origins

    def removals(self) -> dict[str, Move]:
        """The prisoners the player to move may remove, by square."""
        self._refresh()
        return self._removals

    def targets(self, origin: str) -> dict[str, Move]:
        """Legal destinations from ``origin``; among several paths to one square, the shortest."""
        out: dict[str, Move] = {}
        for move in self.origins().get(origin, []):
            if move.to is None:
                continue
            best = out.get(move.to)
            if best is None or len(move.path) < len(best.path):
                out[move.to] = move
        return out

    def accepts(self, move: Move) -> Text | None:
        """Whether the visitor's legal ``move`` is played: None, or why not (a guided game
        takes only its step's move)."""
        return None

    def shown_targets(self, origin: str) -> dict[str, Move]:
        """The targets marked for the piece on ``origin``: where a drop is taken."""
        return self.targets(origin)

    # --- what is marked ------------------------------------------------------------------
    def marks_due(self) -> bool:
        """The match's part of whether the movable pieces are ringed now: the visitor's turn,
        the die (if any) has landed, no pass being shown (the scene adds: nothing held or
        moving, no question open)."""
        match = self.match
        state = self.state
        return (
            self.marks_next_step
            and match.human_turn
            and match.pass_at is None
            and not state.needs_roll
            and state.outcome is None
        )

    def board_marks(self, selected: str | None, marks_on: bool, hint: bool) -> BoardMarks:
        """The marks for a frame: a touched piece's targets; else, when ``marks_on``, every
        piece that can move (with the ``hint``, the one it points at and its targets)."""
        if selected is not None:
            return BoardMarks(
                targets=tuple(self.shown_targets(selected)),
                danger=self.danger_targets(selected),
                gain=self.gain_targets(selected),
            )
        self.hinted = None
        if marks_on:
            movable = tuple(self.removals()) or tuple(self.origins())
            if not hint:
                return BoardMarks(movable=movable)
            suggested = self.suggestion()
            if suggested is not None:  # the suggested move alone: its piece and its target
                self.hinted = suggested.move
                to = suggested.move.to
                targets = (to,) if to is not None and suggested.move.kind != REMOVE else ()
                gain = targets if suggested.move.captures else ()
                return BoardMarks(targets, (suggested.origin,), gain=gain, pulse=True)
            chosen = self.hint_origin()
            if chosen is None:
                return BoardMarks(movable=movable, pulse=True)
            return BoardMarks(
                targets=tuple(self.targets(chosen)),
                movable=(chosen,),
                pulse=True,
                danger=self.danger_targets(chosen),
                gain=self.gain_targets(chosen),
            )
        if self.removals() and self.match.human_turn:
            return BoardMarks(glow=tuple(self.removals()))
        return BoardMarks()

    def gain_targets(self, origin: str) -> tuple[str, ...]:
        """The targets of the piece on ``origin`` where its move captures (a gain, marked
        apart from a loss)."""
        return tuple(sq for sq, move in self.shown_targets(origin).items() if move.captures)

    def danger_targets(self, origin: str) -> tuple[str, ...]:
        """The targets of the piece on ``origin`` after which the other side could take one
        of the mover's pieces at its next move that it cannot take now (the piece moved, or
        one it leaves alone); Pente grammai: send one back with some throw (see
        :meth:`hit_chance`).  None in a guided game (its step is the move), nor for
        Latrunculi where its warnings are off (``capture_warnings``)."""
        state = self.state
        if not self.marks_next_step or self.match.demo or state.outcome is not None:
            return ()
        if not self.warns_captures:
            return ()
        key = (origin, state)
        if self._danger_for is not None and self._danger_for[0] == key:
            return self._danger_for[1]
        mover = state.to_move
        now = set().union(*(t.squares for t in threats(state) if t.kind in ("capture", "knock")))
        found = []
        for square, move in self.shown_targets(origin).items():
            after = state.play(move)
            if after.outcome is None and (exposed(after, mover) - now or leaves_goal(state, move)):
                found.append(square)
        self._danger_for = (key, tuple(found))
        return self._danger_for[1]

    def risk_line(self, selected: str | None) -> Text | None:
        """What the red targets of the held piece mean, in one line (Pente grammai: with the
        throws that would send it back there and their exact chance)."""
        if selected is None:
            return None
        danger = self.danger_targets(selected)
        if not danger:
            return None
        state = self.state
        if state.die is None:  # not Pente grammai: a capture, no chance about it
            # every piece a red target leaves open is named, not only the one that moves
            # (a piece taken off a line of four leaves three open)
            now = set().union(*(t.squares for t in threats(state) if t.kind == "capture"))
            left: set[str] = set()
            for square in danger:
                move = self.shown_targets(selected)[square]
                left |= exposed(state.play(move), state.to_move) - now - set(move.landing)
            if left:
                return Text.of("play.risk.left", squares=", ".join(sorted(left)))
            return Text.of("play.guide.risk")
        move = self.shown_targets(selected)[danger[0]]
        if leaves_goal(state, move):
            return Text.of("play.risk.leaves_goal", point=move.frm)
        after = state.play(move)
        throws = [
            n for n in range(1, 7) if any(m.to == move.to for m in after.roll(n).legal_moves())
        ]
        return Text.of(
            "play.guide.risk_knock",
            throws=", ".join(str(n) for n in throws),
            percent=round(100 * len(throws) / 6),
        )

    def placement_move(self) -> Move | None:
        """Latrunculi's placement done for the visitor (the quick start): his next man in a
        sensible formation (``ludique.play.hint.placement_for``)."""
        return placement_for(self.state)

    def prepare_hint(self) -> None:
        """The visitor's turn has begun: the suggestion is searched (in a thread) now, so that
        it is ready when the hint is due."""
        if self.marks_due() and not self.match.demo:
            self.hints.start(self.state)

    def shown_move(self, square: str | None) -> Move | None:
        """With nothing held, the move a tap on ``square`` means: the suggested move whose
        mark (a dot, or a ring round his own piece) the hint shows there."""
        move = self.hinted
        return move if move is not None and square is not None and move.to == square else None

    def suggestion(self) -> Suggestion | None:
        """The suggested move and why, once found (``ludique/play/hint.py``)."""
        if not self.marks_due():
            return None
        return self.hints.ready(self.state)

    def hint_origin(self) -> str | None:
        """The piece the hesitation hint points at: the suggestion's; until it is found, the
        first that can move (a capture's first, where there is one), or the first prisoner."""
        suggested = self.suggestion()
        if suggested is not None:
            return suggested.origin
        removals = self.removals()
        if removals:
            return next(iter(removals))
        origins = self.origins()
        for origin, moves in origins.items():
            if any(m.captures for m in moves):
                return origin
        return next(iter(origins), None)

    def hint_time(self, last_input: float) -> float:
        """When the hesitation hint comes on: some seconds after the turn began or the last
        touch, whichever is later."""
        return max(last_input, self.match.turn_started) + self.match.clock.seconds(HINT_SECONDS)

    def hint_due(self, now: float, last_input: float) -> bool:
        match = self.match
        return (
            not match.demo
            and match.human_turn
            and self.state.outcome is None
            and now >= self.hint_time(last_input)
        )

    def marks_for(self, state: GameState) -> tuple[str, ...]:
        """The squares of the computer's last move on the way to ``state`` (none if the last
        action there was the visitor's): what an undo must show, not the move it took back."""
        node = state
        while node is not None and node.parent is not None:
            parent = node.parent
            move = node.last_move
            if move is None and node.die is not None:  # a roll: the move is before it
                node = parent
                continue
            if move is None or self.match.is_human(parent.to_move):
                return ()
            return _squares_of(move)
        return ()

    def played(self, transition: Transition) -> None:
        """A move is being shown: the visitor's clears the notice and the last move's marks;
        the computer's stays marked until the visitor moves, so that it can be followed."""
        match = self.match
        if match.is_human(transition.mover):
            self.notice = None
            self.lost = None
            self.rule = self.rule if not self.rule_seen else None  # read: it stayed till now
        if match.is_human(transition.mover) or match.demo:
            self.marked = ()
            return
        self.marked = _squares_of(transition.move)
        # said beside the board, not over it: the line stays while the visitor thinks, and
        # over the board it would hide the marks he needs then; said once the move has been
        # shown (committed), never while the piece still stands and the computer "thinks"
        self._coming = (transition.after, self.lost_line(transition.move))

    def lost_line(self, move: Move) -> Text | None:
        """The computer's ``move`` took pieces of the visitor's: which, in one line (the pieces
        leave the board while the move is shown; the line stays until he moves)."""
        match = self.match
        if not match.against_computer or not move.captures:
            return None
        if self.state.die is not None:  # Pente grammai: the counter goes back off the board
            return Text.of("play.notice.lost_counter", point=move.captures[0])
        if len(move.captures) == 1:
            return Text.of("play.notice.lost", square=move.captures[0])
        squares = ", ".join(sorted(move.captures))
        return Text.of("play.notice.lost_many", count=len(move.captures), squares=squares)

    # --- notices -------------------------------------------------------------------------
    def say(self, key: str, **fields: object) -> None:
        """A short message over the board until the next touch (``kiosk.play.<key>``)."""
        self.show(Text.of(f"play.{key}", **fields))

    def expire(self, now: float) -> bool:
        """Drop the notices whose time is over; True if one was dropped."""
        dropped = False
        if self.notice is not None and now >= self.notice.until:
            self.notice = None
            dropped = True
        if self.rule is not None and now >= self.rule.until:
            self.rule = None
            dropped = True
        return dropped

    def _observe(self, before: GameState, after: GameState) -> None:
        coming, self._coming = self._coming, None
        if coming is not None and coming[0] is after:
            self.lost = coming[1]
        if self.match.demo or after.parent is not before:
            return
        if self.rule is not None and self._stale(self.rule.text, after):
            self.rule = None  # the panel keeps what is true: "b7 is safe" goes once b7 is not
        if before.phase == PLACEMENT and after.phase == BATTLE:
            self.say("notice.battle")
        if self.explains_rules and after.action:
            found = applying(self.match.config.game_id, before, after.action, after, self.explained)
            if found is not None:
                self.explain(*found)

    @staticmethod
    def _stale(text: Text, state: GameState) -> bool:
        """Whether a rule notice speaks of a square the other side could now capture on:
        what it said of that square ("b7 is safe") is no longer true there."""
        now = {sq for t in threats(state) if t.kind in ("capture", "knock") for sq in t.squares}
        return any(value in now for _, value in text.fields)

    def hold_rule(self, waits: bool = True) -> None:
        """Whether the strip has no room for the rule notice now (beside a loss and a threat):
        one that waits is kept past the visitor's move until it has been shown."""
        self.rule_seen = self.rule_seen or (self.rule is not None and not waits)

    def explain(self, rule: str, fields: dict[str, object]) -> None:
        """Explain ``rule`` (``kiosk.play.rule.<rule>``) beside the board until the visitor's
        next move."""
        self.explained.add(rule)
        self.rule_seen = False
        self.rule = Notice(Text.of(f"play.rule.{rule}", **fields))
        self.match.on_change()

    # --- threats -----------------------------------------------------------------------------
    def threats(self) -> list[Threat]:
        """What the next move can decide, as the board marks it (``ludique/play/threats.py``)."""
        match = self.match
        state = self.state
        if match.demo or state.needs_roll and not spec(state.game_id).die:
            return []
        if self._threats_for is not state:
            self._threats_for = state
            found = threats(state)
            if not self.warns_captures:
                found = [t for t in found if t.kind != "capture"]
            if match.against_computer:
                # a capture or a knock is the next move's: only the visitor's own danger
                # counts; the computer's coming crossing only while the visitor can answer
                found = [
                    t
                    for t in found
                    if (t.kind not in ("capture", "knock") or match.is_human(t.against))
                    and (t.kind != "may-cross" or not match.is_human(t.against))
                ]
            else:  # between two players each sees his own crossing in turn ("now")
                found = [t for t in found if t.kind != "may-cross"]
            self._threats = found
        return self._threats

    def threat_line(self) -> Text | None:
        """The first threat in words, for the strip: who is threatened, by whom, what to do."""
        lines = self.threat_lines()
        return lines[0] if lines else None

    def threat_lines(self) -> list[Text]:
        """Every threat in words, the most decisive first (the strip shows those it has room
        for; every one is marked on the board)."""
        return [self._threat_text(threat) for threat in self.threats()]

    def _threat_text(self, threat: Threat) -> Text:
        match = self.match
        if match.against_computer:
            who = "you" if match.is_human(threat.against) else "computer"
        else:
            who = "colour"
        fields = dict(threat.fields)
        fields.setdefault("colour", threat.against)
        return Text.of(f"{threat.key}.{who}", **fields)

    def landed(self) -> None:
        """The die has landed: a visitor whose waiting counter cannot come in is told why."""
        blocked = self.entry_blocked()
        if blocked is not None and self.match.human_turn and not self.match.only_pass():
            self.say("notice.blocked", point=blocked)

    def touched(self, square: str | None) -> None:
        """A touch on the board while nothing was held: a notice where the touch cannot do
        what the visitor may expect (another piece while a prisoner is due, a blocked stock)."""
        if self.removals():
            if square is not None and square not in self.removals():
                self.say("notice.remove")
            return
        blocked = self.entry_blocked()
        if blocked is not None and square == "off":
            self.say("notice.blocked", point=blocked)

    def entry_blocked(self) -> str | None:
        """Where the mover's waiting pieces cannot enter now (the engine's ``blocked_entry``:
        Pente grammai's die names a point one of his own counters stands on)."""
        return self.state.blocked_entry()

    def why_not(self, square: str) -> Text | None:
        """A touch, with nothing held, on ``square`` where no move starts: why that piece
        cannot move (a waiting counter must enter first, a prisoner, no free square), or
        what to touch instead (an empty square, the other side's piece)."""
        state = self.state
        if state.needs_roll or state.outcome is not None or square in self.origins():
            return None
        if square == "off" and self.entry_blocked() is not None:
            return None  # the blocked entry is said (``touched``)
        own = [p for p in state.pieces() if p.square == square and p.colour == state.to_move]
        if own:
            if state.die is not None:  # Pente grammai: the throw decides what moves
                if "off" in self.origins():  # the rule applies: said as the rule says it
                    return Text.of("play.rule.pente.enter-first")
                return Text.of("play.refused.stuck_throw")
            if own[-1].kind in spec(state.game_id).legend:  # a prisoner: what it is
                return Text.of(f"legend.{own[-1].kind}")
            return Text.of("play.refused.stuck")
        if set(self.origins()) == {"reserve"}:
            return Text.of("play.guide.place")
        return self._of_pieces("play.refused.touch")

    # --- refusals ------------------------------------------------------------------------
    def refusal(self, origin: str, square: str) -> Text:
        """Why a drop of the piece from ``origin`` on ``square`` is refused (``kiosk.play.*``):
        the engine's reason (``GameState.refusal``), the rule that forbids it where the visitor
        can learn one, else where to drop it."""
        found = self.state.refusal(None if origin == "reserve" else origin, square)
        if found is None:  # a legal move the screen did not take (a guided game's other move)
            return self._of_pieces("play.refused.elsewhere")
        if found.key == REFUSED_ELSEWHERE:  # where to drop it: the game's own word for it
            return self._of_pieces("play.refused.elsewhere")
        return Text.of(f"play.refused.{found.key}", **dict(found.fields))

    def refuse(self, origin: str, square: str) -> None:
        """Say why the drop is refused (see :meth:`refusal`)."""
        self.show(self.refusal(origin, square))

    def show(self, text: Text) -> None:
        """Say ``text`` over the board until the visitor's next touch (or move)."""
        self.notice = Notice(text)
        self.match.on_change()

    # --- the lines of the strip --------------------------------------------------------------
    def status(self) -> Text:
        """Whose turn it is (and what he does: throw, move, remove a prisoner)."""
        match = self.match
        state = self.state
        if state.outcome is not None:
            return Text.of("status.game_over")
        mover = state.to_move
        if match.config.opponent == "two-players":
            if state.needs_roll:
                return Text.of("status.roll_colour", colour=mover)
            return Text.of("status.colour_to_play", colour=mover)
        if match.is_human(mover):
            if state.needs_roll:
                return Text.of("status.your_roll")
            if self.removals():
                return Text.of("status.remove_incitus")
            return Text.of("status.your_turn")
        if state.needs_roll:
            return Text.of("status.computer_rolls")
        return Text.of("status.computer_thinks")

    def next_step(self, selected: str | None, hint: bool = False) -> Text | None:
        """The next step in one line, under whose turn it is (None: nothing to add); with the
        hesitation ``hint`` on, what its breathing piece and green dots are (they must not
        read as a piece the visitor took and forgot)."""
        match = self.match
        state = self.state
        if not self.marks_next_step or match.demo or state.outcome is not None:
            return None
        if not match.human_turn or match.pass_at is not None:
            return None
        if state.needs_roll:
            return None  # the status says it: touch the die
        if self.removals():
            return Text.of("play.guide.remove")
        blocked = self.entry_blocked()
        if blocked is not None and not match.only_pass():
            return Text.of("play.guide.blocked", point=blocked)
        if selected is not None:  # (the front of a line: how the line moves)
            if self.gain_targets(selected) and not self.line_note(selected):
                return Text.of("play.risk.gain")  # what the gold targets are
            return self.line_note(selected) or self._of_pieces("play.guide.target")
        if hint and self.hint_origin() is not None:
            suggested = self.suggestion()
            if suggested is not None:  # the move and why, in a few words
                why = suggested.reason
                return Text.of(f"play.hint.{why.why}", **dict(why.fields))
            return self._of_pieces("play.guide.hint")
        if set(self.origins()) == {"reserve"}:
            return Text.of("play.guide.place")
        return self._of_pieces("play.guide.choose")

    def _of_pieces(self, key: str) -> Text:
        """``key`` said of this game's pieces: Pente grammai's are counters (the glossary's
        word, ``GameSpec.piece_kinds``), said by the keys ending ``_counter``."""
        return Text.of(counter_key(key) if counters(self.state.game_id) else key)

    def line_note(self, square: str) -> Text | None:
        """The held piece is the front of a line that could move forward (a phalanx game): which
        piece to take to move the whole line (``ludique.play.hint.line_tail``)."""
        tail = line_tail(self.state, square) if self.marks_next_step else None
        return None if tail is None else Text.of("play.hint.line", tail=tail, head=square)

    def die_caption(self, rolling: bool) -> Text:
        """Whose throw the die shows, or whose throw is due."""
        match = self.match
        state = self.state
        due = state.needs_roll and not rolling
        if match.last_die is None and due:  # before the first throw: how to throw, not a face
            return Text.of("play.die.touch" if match.human_turn else "play.die.computer-first")
        if due and match.against_computer:
            # the faded face is the other side's last throw: the caption says who throws
            # next, never "your throw" over the computer's number (nor the other way round)
            return Text.of("play.die.touch" if match.human_turn else "status.computer_rolls")
        # while the die tumbles it is the thrower's (not the last throw's) die
        whose = state.to_move if due or rolling or match.die_by is None else match.die_by
        if match.against_computer:
            return Text.of("play.die.you" if match.is_human(whose) else "play.die.computer")
        return Text.of("play.die.colour", colour=whose)

    def message(self) -> Text | None:
        """The short line over the board now, if any: a pass, the end, a notice."""
        match = self.match
        if match.pass_at is not None:
            if match.human_turn and match.against_computer:
                return Text.of("status.no_move_you")
            return Text.of("status.no_move_colour", colour=self.state.to_move)
        if self.state.outcome is not None and match.ending_at is not None:
            return Text.of("status.game_over")
        if self.notice is not None:
            return self.notice.text
        return None

    def score_lines(self) -> list[tuple[Text, str | None]]:
        """The strip's counts, each with the colour whose lost pieces are drawn under it."""
        match = self.match
        state = self.state
        game = spec(match.config.game_id)
        lines: list[tuple[Text, str | None]] = []
        visit = countdown(state)
        if visit is not None:  # the short game's moves, over the score that will decide it
            lines.append((Text.of(visit[0], **visit[1]), None))
        for part in game.score:  # how the game's score reads (``GameSpec.score``)
            if part == "at-goal":
                for colour in state.colours:
                    goal = game.goal(colour)
                    n = sum(1 for p in state.pieces() if p.colour == colour and p.square == goal)
                    lines.append((Text.of("score.at_goal", colour=colour, count=n), None))
            elif part == "crossing":
                lines.append((Text.of("score.crossing_title"), None))
                for colour in state.colours:
                    n = state.crossing_count(colour)
                    lines.append((Text.of("score.crossing", colour=colour, count=n), None))
            elif part == "captured":
                drawn = game.lost_pieces_drawn
                for colour, lost in match.lost_counts().items():
                    line = Text.of("score.captured", colour=colour, count=lost)
                    lines.append((line, colour if drawn else None))
        return lines


class StepGuidance(Guidance):
    """A guided game's guidance: only the step's move is taken, a refusal shows the step's
    hint, and the step marks its own piece and target (``ludique/ui/scenes/learn.py``)."""

    marks_next_step = False
    explains_rules = False  # the guide explains its own rules, step by step

    def __init__(self, match: Match, step_move: Callable[[], str | None]) -> None:
        super().__init__(match, capture_warnings=True)
        self.step_move = step_move  # () -> the step's move notation, or None once done

    def shown_targets(self, origin: str) -> dict[str, Move]:
        """Only the step's target: a dot elsewhere would invite a move the step refuses."""
        wanted = self._wanted()
        return {sq: m for sq, m in self.targets(origin).items() if m == wanted}

    def _wanted(self) -> Move | None:
        text = self.step_move()
        return None if text is None else self.state.find_move(text)

    def shown_move(self, square: str | None) -> Move | None:
        """The step's target is marked: a tap on it is the step's move (its dot or ring
        answers a tap as the game's do)."""
        wanted = self._wanted()
        if wanted is None or square is None or wanted.kind == REMOVE:
            return None
        return wanted if wanted.to == square and wanted.frm != square else None

    def accepts(self, move: Move) -> Text | None:
        wanted = self._wanted()
        if wanted is not None and move == wanted:
            return None
        return Text.of("learn.hint")

    def hint_due(self, now: float, last_input: float) -> bool:
        return False  # the step's marks are always on: no hesitation glow over all pieces


def _squares_of(move: Move) -> tuple[str, ...]:
    """The squares on the board a move touched: where it came from and went (a pass none)."""
    return tuple(sq for sq in (move.frm, move.to) if sq and sq not in ("off", "reserve"))
