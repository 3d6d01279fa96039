"""What the game screen shows a visitor about what to do next, with no pygame in it.

For a :class:`~ludique.play.match.Match` and what the visitor is touching, :class:`Guidance` says
which pieces can move, where a touched piece can go, the next step in one line, the piece the
hesitation hint points at, the short notice for each situation (a blocked entry, the battle
beginning, a prisoner to remove), why a drop is refused (the engine's ``refusal``, in the
visitor's words) and which squares the computer's last move touched.  The scene only draws these.

Texts are returned as :class:`Text`: a catalogue key under ``kiosk.`` and its fields, rendered
in the visitor's language by the scene (``Text.render(t)``).

It answers each question in a module of its own, each class building on those below it:
``core`` (the match, the moves by where they start, a message over the board), ``hints``
(the hesitation hint and its suggestion), ``marks`` (what is marked on the board, the threats),
``said`` (what is said once: notices, a rule explained, the pieces lost), ``refusals`` (why a
drop is refused), ``strip`` (the strip's lines).  :class:`Guidance` is all of them.
"""

from __future__ import annotations

from collections.abc import Callable

from ludique.games.base import REMOVE, Move
from ludique.play.guidance.said import NoticeQuestions
from ludique.play.guidance.strip import StripLines
from ludique.play.guidance.text import BoardMarks, Notice, Text, counter_key, counters
from ludique.play.match import Match

__all__ = ["BoardMarks", "Guidance", "Notice", "StepGuidance", "Text", "counter_key", "counters"]


class Guidance(StripLines, NoticeQuestions):
    """The next step of a real game (a guided game uses :class:`StepGuidance`)."""

    def __init__(self, match: Match, capture_warnings: bool = False) -> None:
        super().__init__(match, capture_warnings)
        match.on_state.append(self._observe)


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
