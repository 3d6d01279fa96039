"""What is said once, as it happens: a move played (the pieces it took), a new phase, a rule
explained beside the board the first time it applies, an entry blocked."""

from __future__ import annotations

from ludique.games.base import BATTLE, PLACEMENT, GameState, Move
from ludique.play.guidance.core import GuidanceCore, touched_squares
from ludique.play.guidance.text import Notice, Text
from ludique.play.match import Transition
from ludique.play.notices import applying
from ludique.play.threats import threats


class NoticeQuestions(GuidanceCore):
    """What to say once, and for how long."""

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
        self.marked = touched_squares(transition.move)
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
        if self.state.die is not None:  # a die: the counter goes back off the board
            return Text.of("play.notice.lost_counter", point=move.captures[0])
        if len(move.captures) == 1:
            return Text.of("play.notice.lost", square=move.captures[0])
        squares = ", ".join(sorted(move.captures))
        return Text.of("play.notice.lost_many", count=len(move.captures), squares=squares)

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
        # a later action of the same turn that takes nothing (a Seneca capture, then the
        # removal of a prisoner) leaves the line said of the visitor's pieces as it was
        if coming is not None and coming[0] is after and coming[1] is not None:
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
