"""The live board of a match: it draws the match's position, shows every action before it
counts (a piece glides, a captured one fades or is turned over, the die tumbles), and passes
the visitor's touches (the square under the finger, whether it travelled) to its
:class:`~ludique.play.touch.Interaction`, which says what they mean; the board shows it.

The visitor's moves are only ever taken from ``state.legal_moves()`` (through
``Match.take``): a drop or a tap becomes a move only when it matches one of them, so the screen
cannot make an illegal move.  What to mark and what to say comes from the match's
:class:`~ludique.play.guidance.Guidance`; this widget only draws it.  The game screen, the guided
game
and the attract screen's demo all show their match through one of these.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable

import pygame

from ludique.games import dump_game
from ludique.games.base import PHALANX, PLACEMENT, GameState, IllegalMove, Move, Piece
from ludique.play.guidance import Guidance
from ludique.play.match import Due, Match, Transition
from ludique.play.touch import PLAY, REFUSE, Drag, Interaction, TouchResult
from ludique.ui import theme
from ludique.ui.boards import DieBoard, view_for
from ludique.ui.boards.sprites import ghost, piece_sprite
from ludique.ui.context import Kiosk
from ludique.ui.layout import draw_text, fit_text, record_target
from ludique.ui.motion import Anim, DieRoll, along, piece_at, transition_anim

log = logging.getLogger(__name__)

DRAG_UNITS = 18  # layout units a press travels before it becomes a drag
PULSE_SECONDS = 1.6  # one breath of the hesitation hint
PULSE_FRAME = 1 / 15  # the hint breathes at 15 frames a second (not 60: it is a hint)
DIE_REACH_UNITS = 60  # a finger a little off the die still throws it
COMPUTER_MOVE_SECONDS = 0.6
PLACE_SECONDS = 0.3  # a man placed during the quick start (both sides)
DEMO_MOVE_SECONDS = 0.7


def pulse(now: float) -> float:
    """0..1..0 over one breath of the hesitation hint."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * (now % PULSE_SECONDS) / PULSE_SECONDS)


class GameBoard:
    """A match's board on screen, in ``rect`` (turned round when ``flipped``)."""

    def __init__(
        self,
        app: Kiosk,
        match: Match,
        guidance: Guidance,
        rect: pygame.Rect,
        flipped: bool = False,
    ) -> None:
        self.app = app
        self.match = match
        self.guidance = guidance
        self.view = view_for(match.config.game_id, rect, flipped, app.viewport.unit)
        self.anim: Anim | None = None
        self.roll: DieRoll | None = None
        self.touch = Interaction(guidance)  # what the visitor holds, and what a touch means
        self.covered = False  # a question over the board (leave?): no marks, no touches
        # the quick start: the visitor's men placed for him (a placing game) until he touches
        self.auto_place = False
        self.move_seconds = DEMO_MOVE_SECONDS if match.demo else COMPUTER_MOVE_SECONDS
        self.on_refused: Callable[[str | None, tuple[float, float] | None], None] | None = None
        self._last_spinner = 0.0
        self._hint_shown = False
        self.notices_beside = False  # a notice is said beside the board (the game's strip)
        self.room_over: pygame.Rect | None = None  # the room over the board (``place``)
        self._caption_places: dict[tuple, tuple[pygame.Rect, str] | None] = {}
        self._pulse_drawn = 0.0
        self._drawn: list[pygame.Rect] = []  # what the moving pieces covered in this frame
        self._drawn_before: list[pygame.Rect] = []  # ... and in the frame before
        if not match.demo:  # an outside test may watch the game (``App.save_state_file``)
            match.on_state.append(lambda _before, after: app.save_state_file(dump_game(after)))

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def selected(self) -> str | None:
        return self.touch.selected

    @selected.setter
    def selected(self, square: str | None) -> None:
        self.touch.selected = square

    @property
    def drag(self) -> Drag | None:
        return self.touch.drag

    @drag.setter
    def drag(self, drag: Drag | None) -> None:
        self.touch.drag = drag

    @property
    def vp(self):
        return self.app.viewport

    def place(self, rect: pygame.Rect, over: pygame.Rect | None = None) -> None:
        """The board's new place (the window changed size), and the room over it that words
        about the board may take (``over``: where the die's caption goes if not under it)."""
        if rect != self.view.rect:
            self.view = view_for(self.match.config.game_id, rect, self.view.flipped, self.vp.unit)
        self.room_over = over

    def stop(self) -> None:
        """Forget what is being shown or held (a new position, an undo)."""
        self.anim = self.roll = self.drag = None
        self.selected = None

    def set_position(self, state: GameState) -> None:
        """Continue the match from ``state`` (a set-up position: a guided game's step, tests,
        the self-test), with nothing shown or held."""
        self.stop()
        self.guidance.notice = None
        self.guidance.lost = None
        if self.guidance.marks_next_step:  # a guided game sets its own marks for each step
            self.guidance.marked = self.guidance.marks_for(state)
        self.match.reset_to(state)
        self.app.invalidate()

    def undo(self) -> None:
        """Back to the match's undo target; the mark of the computer's last move follows (it
        must not stay on a point the undone answer left)."""
        target = self.match.undo_target()
        if target is None or self.match.finished:
            return
        self.selected = None
        self.drag = None
        self.guidance.notice = None
        self.guidance.lost = None
        self.guidance.marked = self.guidance.marks_for(target)
        self.match.undo()
        self.app.invalidate()

    # --- showing actions ----------------------------------------------------------------------
    def play(
        self,
        move: Move | str,
        dropped_at: tuple[float, float] | None = None,
        duration: float = 0.35,
    ) -> None:
        """Show and then play ``move`` (it must be legal here; the visitor's must be accepted
        by the guidance too)."""
        try:
            transition = self.match.take(move)
        except IllegalMove:
            log.error("refused a move that is not legal here: %s", move)
            return
        if self.match.is_human(transition.mover):
            refused = self.guidance.accepts(transition.move)
            if refused is not None:
                self.refused(transition.move, dropped_at)
                return
        self.show(transition, dropped_at, duration)

    def show(
        self,
        transition: Transition,
        dropped_at: tuple[float, float] | None = None,
        duration: float = 0.35,
    ) -> None:
        parts = transition_anim(self.view, transition, dropped_at, duration)
        self.anim = Anim(
            self.app.now(),
            self.app.seconds(parts["seconds"]),
            parts["movers"],
            parts["hidden"],
            parts["fading"],
            transition,
            parts["sound"],
            parts["late"],
            parts["flips"],
        )
        self.selected = None
        self.drag = None
        self.guidance.played(transition)
        self.app.invalidate()

    def refused(self, move: Move, dropped_at: tuple[float, float] | None) -> None:
        """A legal move the guidance does not take: the piece goes back, and the scene says
        why (``on_refused``)."""
        origin = move.frm if move.frm is not None else "reserve"
        self.selected = None
        if dropped_at is not None:
            self.glide_back(origin, dropped_at)
        if self.on_refused is not None:
            self.on_refused(origin, dropped_at)
        self.app.invalidate()

    def glide_back(self, origin: str, pos: tuple[float, float]) -> None:
        """The held piece glides back from ``pos`` to where it stands; nothing is played."""
        state = self.state
        mover = state.to_move
        piece = piece_at(state, origin, mover)._replace(square=origin)
        home = self.view.centre(origin, state, mover)
        self.anim = Anim(
            self.app.now(),
            self.app.seconds(0.25),
            [(piece, [pos, home])],
            [(origin, mover)],
            [],
            None,
        )

    def start_roll(self) -> None:
        value = self.match.throw()
        self.roll = DieRoll(self.app.now(), self.app.seconds(0.5), value)
        self.app.play_sound("throw")
        self.app.invalidate()

    def busy(self) -> bool:
        return self.anim is not None or self.roll is not None

    def animating(self) -> bool:
        return self.busy() or self.drag is not None

    # --- the clock ------------------------------------------------------------------------------
    def update(self, now: float) -> Due | None:
        """Finish what is shown, then let the match go on; what the match says is due for the
        scene (the game is over, the end screen may follow) is returned."""
        if self.guidance.expire(now):
            self.app.invalidate()
        if self.anim is not None:
            if now - self.anim.start < self.anim.duration:
                return None
            anim, self.anim = self.anim, None
            if anim.after is not None:
                self.match.commit(anim.after)
                if anim.sound:
                    self.app.play_sound(anim.sound)
            self.app.invalidate()
        if self.roll is not None:
            if now - self.roll.start < self.roll.duration:
                return None
            value, self.roll = self.roll.value, None
            self.match.land(value)
            self.guidance.landed()
            self.app.invalidate()
        due = self.match.update(now)
        if isinstance(due, Transition):
            # while his men are placed for him, the computer's placements glide quicker too:
            # the battle begins within about 20 s of the touch
            quick = self.auto_place and self.state.phase == PLACEMENT
            self.show(due, duration=PLACE_SECONDS if quick else self.move_seconds)
            return None
        if due is Due.THROW:
            self.start_roll()
        elif due is Due.VISITOR:
            if not self._place_for_visitor():
                self.guidance.prepare_hint()  # the suggestion is searched while he thinks
                self._breathe(now)
        elif due is Due.OVER:
            self.selected = None
            self.app.invalidate()
        if self.match.thinking and now - self._last_spinner >= 0.1:
            self._last_spinner = now
            self.app.invalidate()
        return due if due in (Due.OVER, Due.END_SCREEN) else None

    def _place_for_visitor(self) -> bool:
        """The quick start: the visitor's next man placed for him; False when it is over
        (the battle has begun, or there is nothing to place)."""
        if not self.auto_place:
            return False
        move = self.guidance.placement_move() if self.state.phase == PLACEMENT else None
        if move is None:
            self.auto_place = False
            return False
        self.play(move, duration=PLACE_SECONDS)
        return True

    def next_wake(self, now: float) -> float | None:
        match = self.match
        due = []
        wake = match.next_wake(now)
        if wake is not None:
            due.append(wake)
        if not match.demo and match.human_turn and self.state.outcome is None:
            hint_at = self.guidance.hint_time(self.app.last_input)
            if hint_at > now:
                due.append(hint_at - now)
            elif self.hinting(now):
                due.append(max(0.0, self._pulse_drawn + PULSE_FRAME - now))
        notice = self.guidance.notice
        if notice is not None and math.isfinite(notice.until):
            due.append(max(0.0, notice.until - now))
        return min(due) if due else None

    def hinting(self, now: float) -> bool:
        return (
            self.anim is None
            and self.drag is None
            and self.selected is None
            and self.guidance.hint_due(now, self.app.last_input)
        )

    def _breathe(self, now: float) -> None:
        """While the hesitation hint is on, a frame now and then (not every tick) so it pulses."""
        if self.hinting(now):
            if not self._hint_shown or now - self._pulse_drawn >= PULSE_FRAME:
                self._pulse_drawn = now
                self.app.invalidate()
            self._hint_shown = True
        else:
            self._hint_shown = False

    def marks_on(self) -> bool:
        """Whether the pieces that can move are ringed now: the guidance says the visitor is
        to move, and nothing is held, moving or asked over the board."""
        return (
            self.guidance.marks_due()
            and self.anim is None
            and self.roll is None
            and not self.covered
            and (self.drag is None or not self.drag.moved)
        )

    # --- input ----------------------------------------------------------------------------------
    def on_pointer(self, pointer) -> None:
        match = self.match
        if pointer.kind == "down":
            self.auto_place = False  # a touch on the board: he takes over the placing
        if match.demo or not match.human_turn or self.busy():
            self.drag = None
            return
        state = self.state
        if state.outcome is not None or match.pass_at is not None:
            return
        if pointer.kind == "down":
            # the line over the board stays until this touch: it has been read, and it must
            # not hide the targets of the piece taken now
            self.guidance.notice = None
            self._press(pointer.pos)
        elif pointer.kind == "move" and self.drag is not None:
            far = math.dist(pointer.pos, self.drag.start) > self.vp.u(DRAG_UNITS)
            self.touch.hover(self.view.hit(pointer.pos, state), far, pointer.pos)
            self.app.invalidate()
        elif pointer.kind == "up" and self.drag is not None:
            self._release(pointer.pos)

    def _press(self, pos: tuple[float, float]) -> None:
        if self.state.needs_roll:
            reach = self.vp.u(DIE_REACH_UNITS)
            if isinstance(self.view, DieBoard) and self.view.die_rect.inflate(
                reach, reach
            ).collidepoint(pos):
                self.start_roll()
            return
        self._act(self.touch.press(self.view.hit(pos, self.state), pos), pos)

    def _release(self, pos: tuple[float, float]) -> None:
        drag = self.drag
        far = drag is not None and math.dist(pos, drag.start) > self.vp.u(DRAG_UNITS)
        self._act(self.touch.release(self.view.hit(pos, self.state), far, pos), pos)

    def _act(self, outcome: TouchResult, pos: tuple[float, float]) -> None:
        """Show what a touch meant (``ludique/play/touch.py`` decided it); a line said stays
        until the next touch (a lift does not take it away: it would never be seen)."""
        if outcome.reason is not None:
            self.guidance.show(outcome.reason)
        if outcome.kind == PLAY and outcome.move is not None:
            self.play(outcome.move, dropped_at=pos if outcome.dropped else None)
            return
        if outcome.kind == REFUSE and outcome.dropped and outcome.origin is not None:
            self.glide_back(outcome.origin, pos)
        self.app.invalidate()

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface, board: bool = True, caption: bool = True) -> None:
        """The pieces (and with ``board`` the board under them), the marks, the die."""
        now = self.app.now()
        if self.anim is not None:
            self._draw_anim(canvas, now, board)
        else:
            self._draw_still(canvas, now, board)
        if isinstance(self.view, DieBoard):
            self._draw_die(canvas, now, caption)
        radius = self.view.radius
        for name, (x, y) in self.view.spots().items():
            record_target(canvas, pygame.Rect(x - radius, y - radius, 2 * radius, 2 * radius), name)

    def _draw_anim(self, canvas: pygame.Surface, now: float, board: bool) -> None:
        view, anim = self.view, self.anim
        assert anim is not None  # (called while a move is shown)
        t = (now - anim.start) / anim.duration if anim.duration else 1.0
        fade = 1.0 if t < 0.6 else max(0.0, 1 - (t - 0.6) / 0.4)
        view.draw(
            canvas,
            self.state,
            hidden=anim.hidden,
            fading={sq: fade for sq in anim.fading},
            board=board,
        )
        drawn = []
        for i, (piece, points) in enumerate(anim.movers):
            if anim.late or anim.flips:  # the attacker lands in the first half, then its victim
                x, y = along(points, (t - 0.5) * 2 if i in anim.late else t * 2)
            else:
                x, y = along(points, t)
            image = view.sprite(piece)
            rect = image.get_rect(center=(int(x), int(y)))
            canvas.blit(image, rect)
            drawn.append(rect)
        for old, new in anim.flips:
            # once the capturer has landed: the piece narrows, then shows its other side
            k = min(1.0, max(0.0, (t - 0.5) * 2))
            image = view.sprite(old if k < 0.5 else new)
            width = max(1, int(image.get_width() * abs(1 - 2 * k)))
            image = pygame.transform.scale(image, (width, image.get_height()))
            rect = image.get_rect(center=view.centre(old.square))
            canvas.blit(image, rect)
            drawn.append(rect.inflate(view.radius * 2, 0))
        for sq in anim.fading:  # a captured piece fading where it stood
            size = view.radius * 3
            rect = pygame.Rect(0, 0, size, size)
            rect.center = view.centre(sq)
            drawn.append(rect)
        self._drawn, self._drawn_before = drawn, self._drawn

    def _draw_still(self, canvas: pygame.Surface, now: float, board: bool) -> None:
        dragging = self.drag is not None and self.drag.moved
        hint = self.hinting(now) and not self.state.needs_roll
        marks = self.guidance.board_marks(self.selected, self.marks_on(), hint)
        self.view.draw(
            canvas,
            self.state,
            hidden=self.drag_hidden() if dragging else [],
            targets=list(marks.targets),
            glow=list(marks.glow),
            selected=self.selected if not dragging else None,
            board=board,
            marks=self.guidance.marked,
            movable=list(marks.movable),
            pulse=pulse(now) if marks.pulse else 0.0,
            danger=list(marks.danger),
            gain=list(marks.gain),
        )
        if not dragging:
            self._draw_threats(canvas)
        if dragging:
            self._draw_drag(canvas)

    def _draw_threats(self, canvas: pygame.Surface) -> None:
        """The pieces a threat involves, ringed (a danger in the warning colour) before the
        move that could decide happens (``Guidance.threats``)."""
        state = self.state
        for threat in self.guidance.threats():
            colour = threat.against
            if threat.kind == "crossing":  # the intruders, the other side's pieces
                colour = next(c for c in state.colours if c != threat.against)
            self.view.draw_rings(canvas, state, threat.squares, colour, danger=threat.danger)

    def _draw_die(self, canvas: pygame.Surface, now: float, caption: bool) -> None:
        match, state, view = self.match, self.state, self.view
        assert isinstance(view, DieBoard)  # (drawn only for a game with a die)
        value = match.last_die
        spin = 0.0
        if self.roll is not None:
            t = (now - self.roll.start) / self.roll.duration if self.roll.duration else 1
            spin = 0.0 if t >= 1 else 1 - t
            value = self.roll.value if t > 0.75 else 1 + int(now * 14) % 6
        die_due = state.needs_roll and match.human_turn and self.roll is None
        throw_due = state.needs_roll and self.roll is None and state.outcome is None
        view.draw_die(
            canvas,
            value,  # before the first throw a blank face: its caption says to touch it
            spin,
            active=die_due and (self.anim is None),
            dim=throw_due and self.anim is None,
            pulse=pulse(now) if die_due and self.hinting(now) else 0.0,
        )
        if caption and not match.demo:
            self._draw_die_caption(canvas)
        if self.roll is not None:
            self._drawn = self._drawn_before = [
                view.die_rect.inflate(view.die_rect.width, view.die_rect.height)
            ]

    def _draw_die_caption(self, canvas: pygame.Surface) -> None:
        place = self.die_caption_place()
        if place is None:
            return
        box, align = place
        words = self.guidance.die_caption(self.roll is not None).render(self.app.t)
        draw_text(
            canvas,
            words,
            box,
            role="bold",
            size=self.vp.u(28),
            colour=theme.CREAM,
            align=align,
            valign="top" if align == "center" else "bottom",
            min_size=self.vp.u(26),
        )

    def caption_wants_room(self) -> bool:
        """Whether the board has a die whose caption its column does not hold (it needs the
        room over the board)."""
        return isinstance(self.view, DieBoard) and self.die_caption_place() is None

    def die_caption_place(self) -> tuple[pygame.Rect, str] | None:
        """Where the die's caption goes, and aligned how: under the die where every caption
        of the match (``Guidance.die_captions``) holds there at the reading floor, else at
        the foot of the room over the board, from its left (the die's side); the same for
        every turn, so that it does not move.  None where neither holds them."""
        view = self.view
        assert isinstance(view, DieBoard)
        column = view.die_caption_rect()
        key = (
            self.app.lang,
            tuple(column),
            None if self.room_over is None else tuple(self.room_over),
        )
        if key not in self._caption_places:
            words = [text.render(self.app.t) for text in self.guidance.die_captions()]
            size = self.vp.u(28)

            def holds(box: pygame.Rect) -> bool:
                return all(not fit_text(w, "bold", size, box.size).overflow for w in words)

            place: tuple[pygame.Rect, str] | None = None
            if column.height >= self.vp.u(20) and holds(column):
                place = (column, "center")
            elif self.room_over is not None and holds(self.room_over):
                place = (pygame.Rect(self.room_over), "left")
            self._caption_places[key] = place
        return self._caption_places[key]

    def changed_rects(self) -> list[pygame.Rect] | None:
        """While a move or the die is shown, the parts of the screen the last frame changed
        (where the moving pieces were and are); None when the whole screen must be sent."""
        if self.anim is None and self.roll is None:
            self._drawn = self._drawn_before = []
            return None
        if not self._drawn:
            return None
        return [*self._drawn_before, *self._drawn]

    def drag_hidden(self) -> list[tuple[str, str]]:
        """The pieces a drag lifts off the board: the held one, and while a phalanx is
        over a target, every piece of it (they are shown as one ghost where they
        would stand, so a pair never looks like three pieces)."""
        drag = self.drag
        mover = self.state.to_move
        if drag is None:
            return []
        if drag.hover is not None:
            move = self.guidance.targets(drag.origin).get(drag.hover)
            if move is not None and move.kind == PHALANX:
                return [(sq, mover) for sq in move.phalanx]
        return [(drag.origin, mover)]

    def _draw_drag(self, canvas: pygame.Surface) -> None:
        drag = self.drag
        assert drag is not None  # (called while a piece is held)
        state = self.state
        mover = state.to_move
        view = self.view
        targets = self.guidance.targets(drag.origin)
        held_at = (int(drag.pos[0]), int(drag.pos[1]))
        if drag.hover is not None:
            move = targets[drag.hover]
            if move.kind == PHALANX:  # the phalanx as a ghost where it would stand
                for b in move.landing[1:]:
                    image = ghost(view.sprite(Piece(b, mover, "piece")), 150)
                    canvas.blit(image, image.get_rect(center=view.centre(b)))
                for sq in move.captures:
                    ring = theme.glow_ring(view.radius + 2, theme.DANGER, 220)
                    canvas.blit(ring, ring.get_rect(center=view.centre(sq)))
                # the held piece snaps to where it would stand, at the phalanx's tail
                held_at = view.centre(move.landing[0])
        guidance = self.guidance
        danger, gain = guidance.danger_targets(drag.origin), guidance.gain_targets(drag.origin)
        view.draw_targets(canvas, state, targets, danger, gain)
        piece = piece_at(state, drag.origin, mover)
        image = piece_sprite(piece.colour, piece.kind, int(view.radius * 1.12))
        canvas.blit(image, image.get_rect(center=held_at))

    def draw_message(self, canvas: pygame.Surface) -> None:
        """The short line over the board now, if any (a pass, a notice, the end); a notice
        said while the visitor plays stands beside the board where ``notices_beside`` (the
        game's strip says it: over the board it would hide squares he must touch)."""
        message = self.guidance.message()
        if message is None:
            return
        notice = self.guidance.notice
        if self.notices_beside and notice is not None and message is notice.text:
            return
        text = message.render(self.app.t)
        vp = self.vp
        # over the playing area (the slab, the grid), clear of the die and its caption
        board = pygame.Rect(getattr(self.view, "slab", None) or self.view.rect)
        # as many lines as the words need at the reading floor, within the board's height
        # (over the board's whole width where its playing area is narrow)
        # (over the board's whole width where its playing area is narrow, right of the die)
        area = self.view.rect.copy()
        if isinstance(self.view, DieBoard):
            cut = self.view.die_caption_rect().right + vp.u(8)
            area.width -= cut - area.left
            area.left = cut
        wide = max(board.width, min(area.width, vp.u(800)))
        centre = board.center if wide == board.width else (area.centerx, board.centery)
        inner = pygame.Rect(0, 0, min(wide - vp.u(100), vp.u(1000)), vp.u(160))
        fit = fit_text(text, "bold", vp.u(44), inner.size, min_size=vp.u(26))
        if fit.overflow:
            inner.height = max(inner.height, board.height - vp.u(100))
            fit = fit_text(text, "bold", vp.u(44), inner.size, min_size=vp.u(26))
            inner.height = fit.height
        inner.center = centre
        box = pygame.Rect(0, 0, fit.width, fit.height).inflate(vp.u(80), vp.u(50))
        box.center = centre
        theme.rounded_panel(canvas, box, theme.CREAM, theme.GOLD, vp.u(22), vp.u(4))
        draw_text(canvas, text, inner, role="bold", size=fit.size, colour=theme.INK)
