"""Learn by playing: a guided game on the real board (``ludique/play/learn.py`` reads the steps).

The scene composes the game screen's parts (a :class:`~ludique.play.match.Match`, its board widget)
with a guide's own:

* which moves are taken: only the step's move (:class:`~ludique.play.guidance.StepGuidance`); any
  other legal move, or a drop beside the marked target, puts the piece back and shows the
  step's hint;
* the computer: its answers are the step's scripted replies (:class:`GuideReplies`), its throws
  the scripted rolls, and the visitor's throw lands on the step's roll (:class:`GuideDie`);
* the side strip: the step's sentence (and the hint when one is due) instead of the scores, and
  the buttons Skip, Again, Play now and Home;
* the marks: the piece to move glows, its target is shown, a move the step forbids is crossed
  out; once the last step is won, "Play now" leads into a real game of the same id.

Nothing is recorded in the play statistics: a guided game is not a game played.
"""

from __future__ import annotations

import dataclasses
import math
import random

import pygame

from ludique.games.base import REMOVE, GameState, IllegalMove, Move, apply_action
from ludique.play.guidance import StepGuidance, counter_key, counters
from ludique.play.learn import MOVE_SECONDS, REPLY_PAUSE, STEP_PAUSE, Guide, Step, load_guide
from ludique.play.match import Due, GameConfig, Match
from ludique.ui import theme
from ludique.ui.boards.sprites import piece_sprite
from ludique.ui.context import Kiosk
from ludique.ui.game_board import GameBoard
from ludique.ui.game_strip import cream_panel
from ludique.ui.layout import draw_text, fit_text, line_height, reading_size
from ludique.ui.scenes.game import (
    TWO_LINE_TITLE_UNITS,
    BoardScene,
    board_aspect,
    game_layout,
    room_over_board,
)
from ludique.ui.widgets import Button, press_button

HINT_UNTIL_TOUCHED = math.inf  # a refusal's hint stays until the next touch (or step)
TITLE_UNITS = TWO_LINE_TITLE_UNITS  # "Learn", a long game name and its variant on two lines
STRIP_UNITS = 960  # the strip beside the board: a step's sentence and its hint need room


class GuideReplies:
    """The computer of a guided game: it answers with the step's scripted reply."""

    def __init__(self, scene: LearnScene) -> None:
        self.scene = scene
        self._answer: str | None = None

    def request(self, state: GameState, strength: str, time_budget: float = 1.5) -> None:
        self._answer = self.scene.next_reply()

    def poll(self) -> str | None:
        answer, self._answer = self._answer, None
        return answer

    def cancel(self) -> None:
        self._answer = None


class GuideDie(random.Random):
    """The die of a guided game: the visitor's throw lands on the step's roll, the computer's
    on its scripted one."""

    def __init__(self, scene: LearnScene) -> None:
        super().__init__()
        self.scene = scene

    def randint(self, a: int, b: int) -> int:
        scene = self.scene
        if scene.match.human_turn and scene.step.roll is not None:
            return scene.step.roll
        reply = scene.next_reply()
        state = scene.match.state
        if reply is not None and state.needs_roll:
            try:
                return apply_action(state, reply).die or super().randint(a, b)
            except IllegalMove:  # the script's next action is no throw: a real die then
                pass
        return super().randint(a, b)


class LearnScene(BoardScene):
    name = "learn"

    def __init__(self, app: Kiosk, game_id: str, step: int = 0, resume=None) -> None:
        super().__init__(app)
        self.guide: Guide = load_guide(game_id)
        # opened from the rule card of a game in progress: that game waits underneath, and
        # "Back" / "Play now" return to it (nothing is lost by a touch on "Learn")
        self.resume = resume
        self.index = 0
        self.done = False
        self.hint_until: float | None = None
        self.advance_at: float | None = None
        config = GameConfig(game_id, "computer", "player", self.guide.visitor)
        self.match = Match(
            config,
            GuideReplies(self),
            state=self.guide.steps[0].start,
            clock=app,
            recorded=False,
            language=lambda: app.lang,
            on_change=app.invalidate,
        )
        self.match.computer_pause = REPLY_PAUSE
        self.match.dice = GuideDie(self)
        self.guidance = StepGuidance(self.match, lambda: None if self.done else self.step.move)
        self.placed = game_layout(
            app.viewport,
            app.language_switch.area,
            STRIP_UNITS,
            board_aspect(config.game_id),
            TITLE_UNITS,
        )
        self.board = GameBoard(app, self.match, self.guidance, self.placed.board, False)
        self.board.notices_beside = True  # the strip says them: the board stays uncovered
        self.board.move_seconds = MOVE_SECONDS
        self.board.on_refused = self.refused
        self.layout()
        self.go_to_step(step)

    # --- the steps ---------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.guide.steps[self.index]

    def go_to_step(self, index: int) -> None:
        """Begin step ``index`` from its own starting position."""
        self.index = index
        self.done = False
        self.hint_until = None
        self.advance_at = None
        self.match.ending_at = None
        self.match.finished = False
        self.guidance.marked = ()
        self.board.set_position(self.step.start)
        self.match.turn_started = self.app.now()

    def skip(self) -> None:
        """The visitor moves on without making the step's move."""
        if self.done:
            return
        if self.index + 1 < len(self.guide.steps):
            self.go_to_step(self.index + 1)
        else:
            self.finish()
        self.app.invalidate()

    def again(self) -> None:
        self.go_to_step(0)
        self.app.invalidate()

    def play_now(self) -> None:
        """Into a real game of the same id, against the computer, with the usual defaults (or
        back to the game the guide was opened from, if it is still going)."""
        game = self.resume
        if game is not None and not game.match.finished and game.match.state.outcome is None:
            self.back_to_game()
            return
        self.abandon()
        self.app.go("game", config=GameConfig.default_for(self.guide.game_id, self.app.settings))

    def back_to_game(self) -> None:
        game = self.resume
        if game is None:
            self.go_home()
            return
        self.app.opponent.cancel()
        # the guide's worker request (if any) is gone: the game asks for its move again
        game.match.think_started = None
        game.match.answer = None
        game.board.drag = None
        self.app.go("resume", scene=game)

    def go_home(self) -> None:
        self.abandon()
        self.app.go("home")

    def finish(self) -> None:
        self.done = True
        self.hint_until = None
        self.advance_at = None
        self.app.invalidate()

    def _replies_done(self) -> int:
        """How many of the step's replies the board has seen (the state's history is the
        guide's own from the step's start, so its length says where the script stands)."""
        return len(self.match.state.actions()) - len(self.step.after.actions())

    def next_reply(self) -> str | None:
        k = self._replies_done()
        replies = self.step.replies
        return replies[k] if 0 <= k < len(replies) else None

    def _step_complete(self) -> bool:
        state = self.match.state
        return (
            not self.board.busy()
            and len(state.actions()) == len(self.step.end.actions())
            and state.key == self.step.end.key
        )

    def refused(self, origin: str | None, dropped_at: tuple[float, float] | None) -> None:
        """A move the step does not want: its hint shows (the board put the piece back)."""
        if not self.done:
            self.hint_until = HINT_UNTIL_TOUCHED

    def abandon(self) -> None:
        self.app.opponent.cancel()
        self.match.finished = True
        if self.resume is not None:  # the idle countdown ran out: the game underneath is left
            self.resume.abandon()

    # --- the clock ---------------------------------------------------------------------------
    def _update_board(self, now: float) -> None:
        # the guide's last step is won: no end screen, no statistics; "Play now" takes over
        if self.board.update(now) is Due.OVER and not self.done:
            self.app.play_sound("win")
            self.finish()

    def update(self, now: float) -> None:
        if self.done:
            self._update_board(now)
            return
        if self.advance_at is not None:
            if now >= self.advance_at:
                self.advance_at = None
                self.go_to_step(self.index + 1)
            return
        self._update_board(now)
        if self.hint_until is not None and now >= self.hint_until:
            self.hint_until = None
            self.app.invalidate()
        if self.done or not self._step_complete() or self.match.state.outcome is not None:
            return
        if self.index + 1 >= len(self.guide.steps):
            self.finish()
            return
        following = self.guide.steps[self.index + 1]
        if following.new_position:
            # a moment to see the computer's answer before the board is set up anew
            self.advance_at = now + self.app.seconds(STEP_PAUSE)
        else:
            self.index += 1
            self.hint_until = None
            self.match.turn_started = now
            self.app.invalidate()

    def next_wake(self, now: float) -> float | None:
        due = [self.board.next_wake(now)]
        for at in (self.advance_at, self.hint_until):
            if at is not None:
                due.append(max(0.0, at - now))
        known = [d for d in due if d is not None]
        return min(known) if known else None

    def on_pointer(self, pointer) -> None:
        if press_button(self.buttons, pointer):
            self.app.invalidate()
            return
        if self.advance_at is not None:  # the board is about to be set up anew: buttons only
            return
        board = self.board
        before = board.anim
        state = self.match.state
        if pointer.kind == "down" and self.hint_until is not None:
            self.hint_until = None  # read: the next touch takes it (a wrong one says it again)
            self.app.invalidate()
        board.on_pointer(pointer)
        anim = board.anim
        removals = self.guidance.removals()
        if (
            pointer.kind == "down"
            and self.match.state is state
            and self.match.human_turn
            and anim is None
            and removals
            and board.view.hit(pointer.pos, state) not in (None, *removals)
        ):
            # a prisoner is to be removed and another piece was touched
            self.hint_until = HINT_UNTIL_TOUCHED
            self.app.invalidate()
        if pointer.kind == "up" and anim is not None and anim is not before and anim.after is None:
            # a piece dropped beside its target glides back: say what the step wants
            self.hint_until = HINT_UNTIL_TOUCHED
            self.app.invalidate()

    # --- layout and drawing --------------------------------------------------------------------
    def layout(self) -> None:
        self.placed = game_layout(
            self.vp,
            self.app.language_switch.area,
            STRIP_UNITS,
            board_aspect(self.config.game_id),
            TITLE_UNITS,
        )
        self._place_board()
        size = self.vp.u(36)
        specs = [
            ("skip", lambda: self.app.t("learn.button.skip"), self.skip, "normal"),
            ("again", lambda: self.app.t("learn.button.again"), self.again, "normal"),
            ("play", lambda: self.app.t("learn.button.play"), self.play_now, "primary"),
            ("home", lambda: self.app.t("button.home"), self.go_home, "normal")
            if self.resume is None
            else ("back", lambda: self.app.t("button.back"), self.back_to_game, "normal"),
        ]
        self.buttons = [
            Button(rect, label, action, kind, name=name, size=size)
            for rect, (name, label, action, kind) in zip(self.placed.buttons, specs, strict=True)
        ]

    def _place_board(self) -> None:
        """The board in its place, and the room over it for the die's caption where the die's
        column does not hold it: on a totem, whose strip stands over the board, the strip's
        foot, two lines at the reading floor, the guide's words ending above it."""
        vp, placed = self.vp, self.placed
        over = room_over_board(vp, placed, self.app.language_switch.area)
        self.board.place(placed.board)
        if over is not None and over.colliderect(placed.strip):
            if not self.board.caption_wants_room():
                over = None
            else:
                high = 2 * line_height("bold", 0)
                over = pygame.Rect(over.left, over.bottom - high, over.width, high)
                scores = placed.scores.copy()
                scores.height = over.top - vp.u(14) - scores.top
                self.placed = dataclasses.replace(placed, scores=scores)
        self.board.place(placed.board, over)

    def _marks_on(self) -> bool:
        match = self.match
        return (
            not self.done
            and self.advance_at is None
            and match.human_turn
            and not self.board.busy()
            and match.pass_at is None
            and not match.state.needs_roll
            and match.state.outcome is None
            and self._replies_done() < 0
        )

    def step_move(self) -> Move | None:
        """The step's move among the legal moves here (None before the throw)."""
        return self.match.state.find_move(self.step.move)

    def mark_squares(self) -> tuple[str, str | None]:
        """Where the marks are: the piece to move (``off`` or ``reserve`` for a stock) and its
        target (None for a prisoner to remove, which is touched where it stands)."""
        move = self.step_move() or self.step.after.last_move  # before the throw: the guide's
        if move is None or move.kind == REMOVE:
            return (move.frm or "") if move is not None else "", None
        return (move.frm if move.frm is not None else "reserve"), move.to

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(self.static_layer(), (0, 0))
        self.board.draw(canvas, board=False)
        if self._marks_on():
            self.draw_marks(canvas)
        self.draw_strip(canvas)
        for button in self.buttons:
            button.enabled = button.name != "skip" or not self.done
            if button.name == "play":  # the way on, once the guide is won
                button.kind = "primary" if self.done else "normal"
            button.draw(canvas)
        self.board.draw_message(canvas)

    def draw_marks(self, canvas: pygame.Surface) -> None:
        """The piece to move (glowing), its path and target; a forbidden move crossed out."""
        view = self.view
        state = self.match.state
        step = self.step
        move = self.step_move()
        if move is None:
            return
        r = view.radius
        mover = state.to_move
        origin, target = self.mark_squares()
        for square in move.phalanx[1:]:
            ring = theme.glow_ring(r + 2, theme.HIGHLIGHT, 120)
            canvas.blit(ring, ring.get_rect(center=view.centre(square)))
        dragging = self.board.drag is not None and self.board.drag.moved
        if not dragging:
            ring = theme.glow_ring(r + 6, theme.HIGHLIGHT, 240)
            canvas.blit(ring, ring.get_rect(center=view.centre(origin, state, mover)))
        if target is not None:
            # where the rest of a phalanx lands, and the squares a jump chain touches on its way
            landing = [sq for sq in move.landing if sq != target]
            for square in [*move.path[1:-1], *landing]:
                dot = theme.target_dot(max(6, int(r * 0.3)))
                canvas.blit(dot, dot.get_rect(center=view.target_centre(square, state)))
            centre = view.target_centre(target, state)
            # a capture is shown as the game shows it, a gain (gold, a plus), and the pieces it
            # takes are ringed in gold: the step's capture is seen before it is made
            gain = bool(move.captures)
            ring = theme.glow_ring(r + 2, theme.GAIN if gain else theme.TARGET, 200)
            canvas.blit(ring, ring.get_rect(center=centre))
            size = max(10, int(r * 0.55))
            dot = theme.gain_dot(size) if gain else theme.target_dot(size)
            canvas.blit(dot, dot.get_rect(center=centre))
            for square in move.captures:
                if square != target:
                    ring = theme.glow_ring(r + 4, theme.GAIN, 230)
                    canvas.blit(ring, ring.get_rect(center=view.target_centre(square, state)))
        if step.refused:
            # the forbidden move: a line from the piece that may not make it to where it would go
            start = view.centre(step.refused.split("-")[0])
            for square in step.refused_at:
                end = view.target_centre(square, state)
                pygame.draw.line(canvas, theme.DANGER, start, end, max(3, r // 8))
        for square in step.refused_at:
            cx, cy = view.target_centre(square, state)
            ring = theme.glow_ring(r + 2, theme.DANGER, 230)
            canvas.blit(ring, ring.get_rect(center=(cx, cy)))
            k = int(r * 0.6)
            width = max(3, r // 6)
            pygame.draw.line(canvas, theme.DANGER, (cx - k, cy - k), (cx + k, cy + k), width)
            pygame.draw.line(canvas, theme.DANGER, (cx - k, cy + k), (cx + k, cy - k), width)

    def draw_strip(self, canvas: pygame.Surface) -> None:
        """The guide's strip: its title and progress; a notice answering the visitor's touch,
        on a cream panel as in the game's strip (over the board it hid squares he had to
        touch); the step's sentence on its panel; after a refused move, the step's hint."""
        self._draw_heading(canvas)
        placed = self.placed
        words = placed.status.union(placed.scores)
        words.height = max(placed.status.height, placed.scores.bottom - placed.status.top)
        top = self._draw_notice(canvas, words)
        words.height -= top - words.top
        words.top = top
        hint = self.hint_until is not None and not self.done
        hint_text = self.app.t(self.guide.hint_key(self.step), **self.step.words) if hint else ""
        panel = self._draw_step(canvas, words, hint_text)
        if hint_text:
            self._draw_hint(canvas, words, panel, hint_text)

    def _draw_heading(self, canvas: pygame.Surface) -> None:
        """The guide's title, and the step it is at (or that the computer answers)."""
        t = self.app.t
        vp = self.vp
        game = t(f"game.{self.guide.game_id}")
        draw_text(
            canvas,
            t("learn.title", game=game),
            self.placed.title,
            role="display",
            size=vp.u(40),
            colour=theme.GOLD,
            align="left",
            valign="bottom",
            max_lines=2,
        )
        total = len(self.guide.steps)
        match = self.match
        if match.thinking or (
            not self.done and not match.human_turn and match.state.outcome is None
        ):
            progress = t("learn.answer")
        else:
            progress = t("learn.progress", step=min(self.index + 1, total), total=total)
        draw_text(
            canvas,
            progress,
            self.placed.mode,
            role="italic",
            size=vp.u(30),
            colour=theme.MUTED,
            align="left",
            max_lines=1,
        )

    def _draw_notice(self, canvas: pygame.Surface, words: pygame.Rect) -> int:
        """The notice said now (why a touch does nothing, why a move is refused) at the top of
        ``words``, in at most half of it; returns where the step's panel begins."""
        notice, message = self.guidance.notice, self.guidance.message()
        if notice is None or message is not notice.text:
            return words.top
        vp = self.vp
        said = message.render(self.app.t)
        bottom = words.top + words.height // 2  # the step's sentence keeps the other half
        room = (words.width - 2 * vp.u(14), bottom - words.top - 2 * vp.u(14))
        size = vp.u(28)
        if fit_text(said, "bold", size, room, min_size=size).overflow:
            size = reading_size("bold")
        return cream_panel(canvas, vp, said, "bold", words, words.top, bottom, size)

    def _step_lines(self, hint: bool) -> tuple[str, str | None, str | None]:
        """The step's sentence, and the lines said above and below it (None: none)."""
        t = self.app.t
        before = after = None  # a line above and below the step's sentence, in italics
        if not self.done:
            sentence = t(self.guide.say_key(self.step), **self.step.words)
            fresh = self.step.new_position and self.index > 0 and self._replies_done() < 0
            if fresh and not hint:
                # the board was set up anew: said, so that the jump is not a surprise
                before = t("learn.jump.new-position")
            if self.index == 0 and not hint:  # the first step also says how a piece is moved
                move = "learn.how.move"
                after = t(counter_key(move) if counters(self.guide.game_id) else move)
        elif self.match.state.outcome is not None:  # how the game was won, then the way on
            sentence = f"{t(self.guide.won_key(), **self.guide.steps[-1].words)}\n{t('learn.done')}"
        else:
            sentence = t("learn.done")
        return sentence, before, after

    def _draw_step(self, canvas: pygame.Surface, words: pygame.Rect, hint_text: str) -> pygame.Rect:
        """The step's panel at the top of ``words`` (all of it, or what the hint leaves): the
        visitor's piece and the step's sentence.  Returns the panel."""
        vp = self.vp
        sentence, before, after = self._step_lines(bool(hint_text))
        panel = words.copy()
        pad, gap = vp.u(20), vp.u(14)
        if hint_text:
            # the hint takes the room its words need (at most 45%), the sentence the rest
            fit = fit_text(hint_text, "bold", vp.u(26), (words.width - 2 * pad, 10**6))
            panel.height = words.height - min(fit.height + 2 * pad, words.height // 2) - gap
        theme.rounded_panel(canvas, panel, theme.DEEP_2, theme.GOLD, vp.u(18), vp.u(3))
        inner = panel.inflate(-2 * pad, -2 * pad)
        if not self.done:
            sprite = piece_sprite(self.guide.visitor, self.piece_kind, vp.u(22))
            canvas.blit(sprite, sprite.get_rect(topleft=inner.topleft))
            inner.width -= vp.u(56)
            inner.left += vp.u(56)
        self._draw_sentence(canvas, inner, sentence, before, after)
        return panel

    def _draw_sentence(
        self,
        canvas: pygame.Surface,
        inner: pygame.Rect,
        sentence: str,
        before: str | None,
        after: str | None,
    ) -> None:
        """The step's sentence in ``inner``, with its line above (``before``) and below
        (``after``) in italics where they leave the sentence room; they give way where not
        (a narrow strip)."""
        vp = self.vp
        gap = vp.u(14)
        floor = vp.u(26)

        def room_left(*extras: str | None) -> int:
            """The sentence's height left once the ``extras`` lines above and below it are in."""
            taken = sum(
                fit_text(x, "italic", vp.u(28), (inner.width, inner.height), min_size=floor).height
                + gap
                for x in extras
                if x is not None
            )
            return inner.height - taken

        def sentence_fits(room: int) -> bool:
            fit = fit_text(sentence, "bold", vp.u(31), (inner.width, max(1, room)), min_size=floor)
            return not fit.overflow

        if after is not None and not sentence_fits(room_left(before, after)):
            after = None
        if before is not None and not sentence_fits(room_left(before)):
            before = None
        if before is not None:
            top = draw_text(
                canvas,
                before,
                inner,
                role="italic",
                size=vp.u(28),
                colour=theme.MUTED,
                align="left",
                valign="top",
                min_size=vp.u(26),
            )
            inner.height -= top.bottom + gap - inner.top
            inner.top = top.bottom + gap
        if after is not None:
            fit = fit_text(after, "italic", vp.u(28), (inner.width, inner.height // 2))
            foot = pygame.Rect(inner.left, inner.bottom - fit.height, inner.width, fit.height)
            draw_text(
                canvas,
                after,
                foot,
                role="italic",
                size=fit.size,
                colour=theme.HIGHLIGHT,
                align="left",
                valign="bottom",
                min_size=fit.size,
            )
            inner.height -= fit.height + gap
        draw_text(
            canvas,
            sentence,
            inner,
            role="bold",
            size=vp.u(31),
            colour=theme.CREAM,
            align="left",
            valign="top",
            min_size=vp.u(26),
        )

    def _draw_hint(
        self, canvas: pygame.Surface, words: pygame.Rect, panel: pygame.Rect, hint_text: str
    ) -> None:
        """The step's hint, after a refused move: under the step's panel, on a light panel."""
        vp = self.vp
        pad, gap = vp.u(20), vp.u(14)
        box = pygame.Rect(
            words.left, panel.bottom + gap, words.width, words.bottom - panel.bottom - gap
        )
        theme.rounded_panel(canvas, box, theme.CREAM, theme.HIGHLIGHT, vp.u(18), vp.u(4))
        draw_text(
            canvas,
            hint_text,
            box.inflate(-2 * pad, -2 * pad),
            role="bold",
            size=vp.u(29),
            colour=theme.INK,
            align="left",
            valign="top",
            min_size=vp.u(26),
        )
