"""The hesitation hint: when it is due, which piece breathes, and the suggested move (searched
in a thread, ``ludique.play.hint``); the quick start's placement."""

from __future__ import annotations

from ludique.games.base import Move
from ludique.play.guidance.core import GuidanceCore
from ludique.play.hint import Suggestion, placement_for

HINT_SECONDS = 8.0  # the visitor hesitates this long: one movable piece breathes


class HintQuestions(GuidanceCore):
    """What to suggest to a visitor who hesitates."""

    def placement_move(self) -> Move | None:
        """A placing game's placement done for the visitor (the quick start): his next man in a
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
