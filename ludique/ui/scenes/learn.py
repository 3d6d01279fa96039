"""Learn by playing: a guided game on the real board (``ludique/guide.py`` reads the steps).

The scene is the game screen (:class:`GameScene`) with four differences, each an override:

* which moves are taken: only the step's move (``accepts``); any other legal move, or a drop
  beside the marked target, puts the piece back and shows the step's hint;
* the computer: its answers are the step's scripted replies (``_computer_turn``), its throws
  the scripted rolls, and the visitor's throw lands on the step's roll (``start_roll``);
* the side strip: the step's sentence (and the hint when one is due) instead of the scores, and
  the buttons Skip, Again, Play now and Home;
* the marks: the piece to move glows, its target is shown, a move the step forbids is crossed
  out; once the last step is won, "Play now" leads into a real game of the same id.

Nothing is recorded in the play statistics: a guided game is not a game played.
"""

from __future__ import annotations

import logging

import pygame

from ludique.games.base import Move
from ludique.guide import MOVE_SECONDS, REPLY_PAUSE, STEP_PAUSE, Guide, Step, load_guide
from ludique.ui import theme
from ludique.ui.boards.sprites import piece_sprite
from ludique.ui.layout import draw_text, fit_text
from ludique.ui.scenes import Scene
from ludique.ui.scenes.game import Anim, GameConfig, GameScene
from ludique.ui.widgets import Button

log = logging.getLogger(__name__)

HINT_SECONDS = 6.0  # a refusal's hint stays this long (or until the next step)


class LearnScene(GameScene):
    name = "learn"

    def __init__(self, app, game_id: str, step: int = 0, resume: GameScene | None = None) -> None:
        self.guide: Guide = load_guide(game_id)
        # opened from the rule card of a game in progress: that game waits underneath, and
        # "Back" / "Play now" return to it (nothing is lost by a touch on "Learn")
        self.resume = resume
        self.index = 0
        self.done = False
        self.hint_until: float | None = None
        self.advance_at: float | None = None
        config = GameConfig(game_id, "computer", "player", self.guide.visitor)
        super().__init__(app, config, self.guide.steps[0].start)
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
        self.ending_at = None
        self.finished = False
        self.marked = ()
        self.set_position(self.step.start)
        self.turn_started = self.app.now()

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
        if game is not None and not game.finished and game.state.outcome is None:
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
        # the guide used the computer's worker: the game asks for its move again
        game.think_started = None
        game.answer = None
        game.drag = None
        self.app.go("resume", scene=game)

    def finish(self) -> None:
        self.done = True
        self.hint_until = None
        self.advance_at = None
        self.app.invalidate()

    def _replies_done(self) -> int:
        """How many of the step's replies the board has seen (the state's history is the
        guide's own from the step's start, so its length says where the script stands)."""
        return len(self.state.actions()) - len(self.step.after.actions())

    def next_reply(self) -> str | None:
        k = self._replies_done()
        replies = self.step.replies
        return replies[k] if 0 <= k < len(replies) else None

    def _step_complete(self) -> bool:
        return (
            self.anim is None
            and self.roll is None
            and len(self.state.actions()) == len(self.step.end.actions())
            and self.state.key == self.step.end.key
        )

    # --- GameScene's hooks -------------------------------------------------------------------
    def accepts(self, move: Move, dropped_at: tuple[float, float] | None = None) -> bool:
        if self.done:
            return False
        if str(move) == self.step.move:
            self.hint_until = None
            return True
        self.refuse(move.frm if move.frm is not None else "reserve", dropped_at)
        return False

    def refuse(self, origin: str | None, dropped_at: tuple[float, float] | None) -> None:
        """Show the step's hint; a dragged piece glides back to where it stood."""
        now = self.app.now()
        self.hint_until = now + HINT_SECONDS
        self.selected = None
        state = self.state
        if dropped_at is not None and origin is not None:
            mover = state.to_move
            piece = self._piece_at(state, origin, mover)._replace(square=origin)
            home = self.view.centre(origin, state, mover)
            self.anim = Anim(
                now,
                self.app.seconds(0.25),
                [(piece, [dropped_at, home])],
                [(origin, mover)],
                [],
                None,
            )
        self.app.invalidate()

    def start_roll(self) -> None:
        # the visitor's throw lands on the step's roll; the computer's on its scripted one
        super().start_roll()
        if self.roll is None:
            return
        if self.human_turn and self.step.roll is not None:
            self.roll.value = self.step.roll
        else:
            reply = self.next_reply()
            if reply is not None and reply.startswith("roll"):
                self.roll.value = int(reply.split()[1])

    def _computer_turn(self, now: float) -> None:
        if self.think_started is None:
            self.think_started = now
            self.app.invalidate()
            return
        if now - self.think_started < self.app.seconds(REPLY_PAUSE):
            return
        self.think_started = None
        reply = self.next_reply()
        legal = [str(m) for m in self.state.legal_moves()]
        if reply not in legal:  # the guide was replayed when loaded: this cannot happen
            log.error(
                "guide %s step %d: reply %r is not legal",
                self.guide.guide_id,
                self.step.number,
                reply,
            )
            self.finish()
            return
        self.play(reply, duration=MOVE_SECONDS)

    def _game_over(self, now: float) -> None:
        # the guide's last step is won: no end screen, no statistics; "Play now" takes over
        if not self.done:
            self.app.play_sound("win")
            self.finished = True
            self.finish()

    def abandon(self) -> None:
        self.app.opponent.cancel()
        self.finished = True
        if self.resume is not None:  # the idle countdown ran out: the game underneath is left
            self.resume.abandon()

    def hinting(self, now: float) -> bool:
        return False  # the step's marks are always on: no hesitation glow over all pieces

    def update(self, now: float) -> None:
        if self.done:
            super().update(now)
            return
        if self.advance_at is not None:
            if now >= self.advance_at:
                self.advance_at = None
                self.go_to_step(self.index + 1)
            return
        super().update(now)
        if self.hint_until is not None and now >= self.hint_until:
            self.hint_until = None
            self.app.invalidate()
        if self.done or not self._step_complete() or self.state.outcome is not None:
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
            self.turn_started = now
            self.app.invalidate()

    def next_wake(self, now: float) -> float | None:
        due = [super().next_wake(now)]
        for at in (self.advance_at, self.hint_until):
            if at is not None:
                due.append(max(0.0, at - now))
        due = [d for d in due if d is not None]
        return min(due) if due else None

    def on_pointer(self, pointer) -> None:
        if self.advance_at is not None:  # the board is about to be set up anew: buttons only
            Scene.on_pointer(self, pointer)
            return
        before = self.anim
        state = self.state
        super().on_pointer(pointer)
        anim = self.anim
        if (
            pointer.kind == "down"
            and self.state is state
            and self.human_turn
            and anim is None
            and self.removals()
            and self.view.hit(pointer.pos, state) not in (None, *self.removals())
        ):
            # a prisoner is to be removed and another piece was touched
            self.hint_until = self.app.now() + HINT_SECONDS
            self.app.invalidate()
        if pointer.kind == "up" and anim is not None and anim is not before and anim.after is None:
            # a piece dropped beside its target glides back: say what the step wants
            self.hint_until = self.app.now() + HINT_SECONDS
            self.app.invalidate()

    # --- layout and drawing --------------------------------------------------------------------
    def layout(self) -> None:
        super().layout()
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

    def _marks_on(self) -> bool:
        return (
            not self.done
            and self.advance_at is None
            and self.human_turn
            and self.anim is None
            and self.roll is None
            and self.pass_at is None
            and not self.state.needs_roll
            and self.state.outcome is None
            and self._replies_done() < 0
        )

    def step_move(self) -> Move | None:
        """The step's move among the legal moves here (None before the throw)."""
        return next((m for m in self.state.legal_moves() if str(m) == self.step.move), None)

    def mark_squares(self) -> tuple[str, str | None]:
        """Where the marks are: the piece to move (``off`` or ``reserve`` for a stock) and its
        target (None for a prisoner to remove, which is touched where it stands)."""
        move = self.step_move()
        if move is None or self.step.move.startswith("x"):
            return self.step.move.lstrip("x"), None
        return (move.frm if move.frm is not None else "reserve"), move.to

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(self.static_layer(), (0, 0))
        self.draw_board(canvas, board=False)
        self.draw_strip(canvas)
        for button in self.buttons:
            button.enabled = button.name != "skip" or not self.done
            if button.name == "play":  # the way on, once the guide is won
                button.kind = "primary" if self.done else "normal"
            button.draw(canvas)
        self.draw_message(canvas)

    def draw_board(self, canvas: pygame.Surface, board: bool = True) -> None:
        super().draw_board(canvas, board)
        if self._marks_on():
            self.draw_marks(canvas)

    def draw_marks(self, canvas: pygame.Surface) -> None:
        """The piece to move (glowing), its path and target; a forbidden move crossed out."""
        view = self.view
        state = self.state
        step = self.step
        move = self.step_move()
        if move is None:
            return
        r = view.radius
        mover = state.to_move
        origin, target = self.mark_squares()
        for square in getattr(move, "phalanx", ())[1:]:
            ring = theme.glow_ring(r + 2, theme.HIGHLIGHT, 120)
            canvas.blit(ring, ring.get_rect(center=view.centre(square)))
        dragging = self.drag is not None and self.drag.moved
        if not dragging:
            ring = theme.glow_ring(r + 6, theme.HIGHLIGHT, 240)
            canvas.blit(ring, ring.get_rect(center=view.centre(origin, state, mover)))
        if target is not None:
            # where the rest of a phalanx lands, and the squares a jump chain touches on its way
            landing = [sq for sq in getattr(move, "landing", ()) if sq != target]
            for square in [*move.path[1:-1], *landing]:
                dot = theme.target_dot(max(6, int(r * 0.3)))
                canvas.blit(dot, dot.get_rect(center=view.target_centre(square, state)))
            centre = view.target_centre(target, state)
            ring = theme.glow_ring(r + 2, theme.TARGET, 200)
            canvas.blit(ring, ring.get_rect(center=centre))
            dot = theme.target_dot(max(10, int(r * 0.55)))
            canvas.blit(dot, dot.get_rect(center=centre))
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
        t = self.app.t
        vp = self.vp
        placed = self.placed
        game = t(f"game.{self.guide.game_id}")
        draw_text(
            canvas,
            t("learn.title", game=game),
            placed.title,
            role="display",
            size=vp.u(40),
            colour=theme.GOLD,
            align="left",
            valign="bottom",
            max_lines=2,
        )
        total = len(self.guide.steps)
        if self.think_started is not None or (
            not self.done and not self.human_turn and self.state.outcome is None
        ):
            progress = t("learn.answer")
        else:
            progress = t("learn.progress", step=min(self.index + 1, total), total=total)
        draw_text(
            canvas,
            progress,
            placed.mode,
            role="italic",
            size=vp.u(30),
            colour=theme.MUTED,
            align="left",
            max_lines=1,
        )
        words = placed.status.union(placed.scores)
        words.height = max(placed.status.height, placed.scores.bottom - placed.status.top)
        hint = self.hint_until is not None and not self.done
        if not self.done:
            sentence = t(self.guide.say_key(self.step))
        elif self.state.outcome is not None:  # how the game was won, then the way on
            sentence = f"{t(self.guide.won_key())}\n{t('learn.done')}"
        else:
            sentence = t("learn.done")
        panel = words.copy()
        pad = vp.u(20)
        gap = vp.u(14)
        hint_text = t(self.guide.hint_key(self.step)) if hint else ""
        if hint:
            # the hint takes the room its words need (at most 45%), the sentence the rest
            fit = fit_text(hint_text, "bold", vp.u(29), (words.width - 2 * pad, 10**6))
            panel.height = words.height - min(fit.height + 2 * pad, words.height * 9 // 20) - gap
        theme.rounded_panel(canvas, panel, theme.DEEP_2, theme.GOLD, vp.u(18), vp.u(3))
        inner = panel.inflate(-2 * pad, -2 * pad)
        if not self.done:
            sprite = piece_sprite(self.guide.visitor, self.piece_kind, vp.u(22))
            canvas.blit(sprite, sprite.get_rect(topleft=inner.topleft))
            inner.width -= vp.u(56)
            inner.left += vp.u(56)
        draw_text(
            canvas,
            sentence,
            inner,
            role="bold",
            size=vp.u(31),
            colour=theme.CREAM,
            align="left",
            valign="top",
            min_size=vp.u(20),
        )
        if hint:
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
                min_size=vp.u(19),
            )
