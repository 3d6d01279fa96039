"""Why a drop is refused, in the visitor's words (the engine's ``refusal``), and which piece
moves a line."""

from __future__ import annotations

from ludique.games import spec
from ludique.games.base import REFUSED_ELSEWHERE
from ludique.play.guidance.core import GuidanceCore
from ludique.play.guidance.text import Text
from ludique.play.hint import line_tail


class RefusalQuestions(GuidanceCore):
    """Why not here."""

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
            if state.die is not None:  # a die: the throw decides what moves
                entry_rule = spec(state.game_id).entry_rule
                if entry_rule is not None and "off" in self.origins():
                    return Text.of(f"play.rule.{entry_rule.id}")  # said as the rule says it
                return Text.of("play.refused.stuck_throw")
            if own[-1].kind in spec(state.game_id).legend:  # a prisoner: what it is
                return Text.of(f"legend.{own[-1].kind}")
            return Text.of("play.refused.stuck")
        if set(self.origins()) == {"reserve"}:
            return Text.of("play.guide.place")
        return self._of_pieces("play.refused.touch")

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

    def line_note(self, square: str) -> Text | None:
        """The held piece is the front of a line that could move forward (a phalanx game): which
        piece to take to move the whole line (``ludique.play.hint.line_tail``)."""
        tail = line_tail(self.state, square) if self.marks_next_step else None
        return None if tail is None else Text.of("play.hint.line", tail=tail, head=square)
