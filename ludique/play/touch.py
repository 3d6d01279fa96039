"""What a touch on the board means, with no pygame in it.

The board widget (``ludique/ui/game_board.py``) finds the square under the finger and whether
the finger has travelled far enough to be a drag; :class:`Interaction` says what that means:
a piece selected, a move to play, a refusal (with the engine's reason), or nothing.  It holds
what the visitor holds (the selected piece, the drag) and asks the match's
:class:`~ludique.play.guidance.Guidance` (which asks the engine) what is legal.  The widget then
only draws and animates what it is told.

The rules of touch:

* a touch on a prisoner to remove removes it;
* with nothing selected, a tap on the marked target of the hint's suggestion (or of a guided
  game's step) plays that move: on a dot as the finger comes down, on a ring round a piece
  that can move itself as it lifts (a drag from there takes that piece);
* with a piece selected, a touch on one of its targets plays that move: a tap that can mean
  one move plays it, also on another of the visitor's own pieces that the move carries along
  (a phalanx moving onto its own squares: the target is ringed there, and the ring
  answers a tap).  To choose that piece instead, the visitor lets go of the selected one (a
  second tap on it) first.  One's own counters on a sacred point (a track's) stay where
  they are when another lands there: a touch on them is the move onto the point too;
* a touch on a piece that can move selects it (a second tap on it lets it go); a drag takes
  it, and a drop on one of its targets plays the move, anywhere else it glides back;
* a drop or a tap beside the held piece's targets is refused with the engine's reason;
* with nothing held, a touch on a piece that cannot move says why (a waiting counter must
  enter first, a prisoner, no free square), on an empty square or the other side's piece
  what to touch instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludique.games.base import Move
from ludique.play.guidance import Guidance, Text

NOTHING, SELECT, PLAY, REFUSE = "nothing", "select", "play", "refuse"
DOT, RING = "dot", "ring"  # how a target is marked: on a free square, round one's own piece


@dataclass
class Drag:
    """A piece held since a press on it (``pos`` in the widget's coordinates, not read here)."""

    origin: str
    start: tuple[float, float] = (0.0, 0.0)
    pos: tuple[float, float] = (0.0, 0.0)
    moved: bool = False
    hover: str | None = None
    was_selected: bool = False
    tap_plays: Move | None = None  # a tap (no drag) here is this marked move


@dataclass(frozen=True)
class TouchResult:
    """What one touch did.  ``kind``: ``NOTHING``, ``SELECT`` (``origin`` is now selected, or
    nothing when ``origin`` is None), ``PLAY`` (``move``; ``dropped`` when the piece is at the
    finger) or ``REFUSE`` (a ``dropped`` piece glides back to ``origin``).  ``reason``: a line
    to say (why a drop is refused; how a line moves when its front piece is taken)."""

    kind: str
    origin: str | None = None
    move: Move | None = None
    reason: Text | None = None
    dropped: bool = False


class Interaction:
    """The visitor's hold on the board of one match: what is selected or dragged."""

    def __init__(self, guidance: Guidance) -> None:
        self.guidance = guidance
        self.selected: str | None = None
        self.drag: Drag | None = None

    def clear(self) -> None:
        self.selected = None
        self.drag = None

    def _own(self, square: str) -> bool:
        state = self.guidance.state
        return any(p.square == square and p.colour == state.to_move for p in state.pieces())

    # --- the touches ---------------------------------------------------------------------
    def press(self, square: str | None, pos: tuple[float, float] = (0.0, 0.0)) -> TouchResult:
        """A finger comes down on ``square`` (None: beside the board)."""
        guidance = self.guidance
        removals = guidance.removals()
        if removals and square in removals:
            return TouchResult(PLAY, square, removals[square])
        guidance.touched(square)
        if removals:
            return TouchResult(NOTHING)
        origins = guidance.origins()
        shown = guidance.shown_move(square) if self.selected is None else None
        if shown is not None and square not in origins:  # the dot of a suggestion, a step
            return TouchResult(PLAY, shown.frm or "reserve", shown)
        if self.selected is not None and square is not None and square != self.selected:
            target = guidance.targets(self.selected).get(square)
            if target is not None:  # a target (a dot, or a ring round his own piece): that move
                return TouchResult(PLAY, self.selected, target)
        if square is not None and square in origins:
            # the marked move's ring round a piece that can move itself: a tap is the move,
            # a drag takes the piece
            self.drag = Drag(square, pos, pos, was_selected=self.selected == square)
            self.drag.tap_plays = shown
            self.selected = square
            return TouchResult(SELECT, square)
        reason = None
        if self.selected is not None and square is not None:
            # a tap beside the held piece's targets: said like a refused drop
            reason = guidance.refusal(self.selected, square)
        elif square is not None:
            # a piece that cannot move, an empty square, the other side's piece: why not,
            # or what to touch instead
            reason = guidance.why_not(square)
        self.selected = None
        return TouchResult(REFUSE, None, reason=reason) if reason else TouchResult(SELECT)

    def hover(self, square: str | None, moved: bool, pos: tuple[float, float] = (0.0, 0.0)) -> None:
        """The held piece is over ``square``; ``moved``: the finger went far enough to drag."""
        drag = self.drag
        if drag is None:
            return
        drag.pos = pos
        drag.moved = drag.moved or moved
        drag.hover = square if square in self.guidance.targets(drag.origin) else None

    def release(
        self, square: str | None, moved: bool, pos: tuple[float, float] = (0.0, 0.0)
    ) -> TouchResult:
        """The finger lifts over ``square``; ``moved``: it travelled far enough to be a drag."""
        drag, self.drag = self.drag, None
        if drag is None:
            return TouchResult(NOTHING)
        drag.pos = pos
        if not (drag.moved or moved) and drag.tap_plays is not None:
            self.selected = None
            return TouchResult(PLAY, drag.tap_plays.frm or "reserve", drag.tap_plays)
        if not (drag.moved or moved):
            # a tap: the piece stays selected for a tap on its target (a second tap on the
            # same piece lets go of it)
            self.selected = None if drag.was_selected else drag.origin
            return TouchResult(SELECT, self.selected)
        move = self.guidance.targets(drag.origin).get(square) if square is not None else None
        if move is not None:
            return TouchResult(PLAY, drag.origin, move, dropped=True)
        reason = None
        if drag.moved and square is not None and square != drag.origin:
            reason = self.guidance.refusal(drag.origin, square)
        self.selected = None
        return TouchResult(REFUSE, drag.origin, reason=reason, dropped=True)

    # --- what is marked ------------------------------------------------------------------
    def target_marks(self, origin: str) -> dict[str, str]:
        """The marks of the targets of the piece on ``origin``: a ``DOT`` on a free square or
        an enemy piece, a ``RING`` round one of the visitor's own pieces (a dot there would
        read as "this piece goes here"; no mark would hide the move)."""
        return {
            square: RING if self._own(square) else DOT
            for square in self.guidance.shown_targets(origin)
        }
