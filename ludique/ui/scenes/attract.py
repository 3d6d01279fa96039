"""Attract: the title, the games, a quiet demo game; any touch goes to Home."""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass

import pygame

from ludique.games import families, specs
from ludique.play.guidance import Guidance
from ludique.play.match import GameConfig, Match
from ludique.ui import theme
from ludique.ui.game_board import GameBoard
from ludique.ui.layout import Viewport, draw_text
from ludique.ui.scenes.base import Scene
from ludique.ui.scenes.home import miniature
from ludique.ui.widgets import switch_area
from ludique.words.i18n import LANGUAGES, catalog

log = logging.getLogger(__name__)

CALL_SECONDS = 4.0  # the whole screen in each language in turn: time to read it
DEMO_MAX_MOVES = 160  # a demo that drags on gives way to the next game
TOUCH_BRIGHT = (250, 214, 140)
TOUCH_SOFT = (214, 170, 96)  # the dimmest the call to play gets: still above 4.5:1 on the backdrop


@dataclass(frozen=True)
class AttractLayout:
    demo_note: pygame.Rect
    demo: pygame.Rect
    title: pygame.Rect
    subtitle: pygame.Rect
    pictures: tuple[pygame.Rect, ...]
    names: tuple[pygame.Rect, ...]
    touch: pygame.Rect


def demo_games() -> tuple[str, ...]:
    """The games the demo plays in turn (their specs' ``demo``)."""
    return tuple(one.id for one in specs() if one.demo)


NAME_UNITS = 110  # the height of a family's name under its picture


def attract_layout(vp: Viewport) -> AttractLayout:
    """The screen's parts; a picture and a name for each family (``ludique.games.families``)."""
    m = vp.u(60)
    if vp.portrait:
        title = pygame.Rect(m, vp.u(60), vp.width - 2 * m, vp.u(200))
        subtitle = pygame.Rect(m, title.bottom, vp.width - 2 * m, vp.u(120))
        demo_note = pygame.Rect(m, subtitle.bottom + vp.u(20), vp.width - 2 * m, vp.u(50))
        demo = pygame.Rect(m, demo_note.bottom, vp.width - 2 * m, round(vp.height * 0.36))
        row = pygame.Rect(m, demo.bottom + vp.u(30), vp.width - 2 * m, vp.u(260))
        touch = pygame.Rect(
            m, row.bottom + vp.u(20), vp.width - 2 * m, vp.height - row.bottom - vp.u(60)
        )
    else:
        # three family names side by side at the reading floor, a long word on one line
        column_w = max(vp.u(900), round(vp.width * 0.46))
        column = pygame.Rect(vp.width - column_w - m, 0, column_w, vp.height)
        demo_note = pygame.Rect(m, vp.u(100), column.left - 2 * m, vp.u(100))  # two lines
        demo = pygame.Rect(
            m,
            demo_note.bottom + vp.u(20),
            column.left - 2 * m,
            vp.height - demo_note.bottom - vp.u(80),
        )
        title = pygame.Rect(column.left, vp.u(120), column.width, vp.u(200))
        subtitle = pygame.Rect(column.left, title.bottom, column.width, vp.u(180))
        row = pygame.Rect(column.left, subtitle.bottom + vp.u(20), column.width, vp.u(260))
        touch = pygame.Rect(
            column.left, row.bottom + vp.u(30), column.width, vp.height - row.bottom - vp.u(90)
        )
    switch = switch_area(vp)
    if vp.band.top > 0 and switch.colliderect(title.union(row)):
        # the language switch stands in the band a seated visitor reaches, down the column:
        # the title (and the subtitle where it holds) above it, the games and the call under it
        title.top = vp.u(30)
        subtitle.top = title.bottom
        subtitle.height = min(subtitle.height, switch.top - vp.u(20) - subtitle.top)
        above = switch.top - vp.u(20) - demo.top  # the demo's room over the switch
        if vp.portrait and above >= demo.height // 2:
            demo.height = above
        elif vp.portrait:
            # the switch stands higher than the demo begins (a screen mounted low: the band
            # a seated visitor reaches ends above its foot): the demo and its note under it
            if subtitle.height < vp.u(100):  # and the subtitle too, where it does not hold
                subtitle.top, subtitle.height = switch.bottom + vp.u(20), vp.u(120)
            demo_note.top = max(subtitle.bottom, switch.bottom) + vp.u(20)
            demo.top = demo_note.bottom
        elif subtitle.height < vp.u(100):
            subtitle.top, subtitle.height = switch.bottom + vp.u(20), vp.u(180)
        row.top = max(subtitle.bottom, switch.bottom) + vp.u(20)
        if vp.portrait:
            row.top = max(row.top, demo.bottom + vp.u(30))
        touch.top = row.bottom + vp.u(30)
        touch.height = vp.height - vp.u(60) - touch.top
    gap = vp.u(15)
    count = len(families())
    w = (row.width - (count - 1) * gap) // count
    pictures = tuple(
        pygame.Rect(row.left + i * (w + gap), row.top, w, row.height - vp.u(NAME_UNITS))
        for i in range(count)
    )
    # a name on two lines at the reading floor (the longest of the kiosk's game names)
    names = tuple(
        pygame.Rect(p.left, p.bottom + vp.u(4), p.width, vp.u(NAME_UNITS - 4)) for p in pictures
    )
    return AttractLayout(demo_note, demo, title, subtitle, pictures, names, touch)


class AttractScene(Scene):
    name = "attract"
    shows_language_switch = False
    idle_applies = False
    _next_demo = 0
    call_pinned: str | None = None

    def enter(self) -> None:
        self.placed = attract_layout(self.vp)
        self._still_key: object = None
        self.app.opponent.cancel()
        self.demo: GameBoard | None = None  # the demo game: the computer against itself
        self.demo_done_at: float | None = None
        self._pulse_at = 0.0
        self._new_demo()

    def _new_demo(self) -> None:
        if not self.app.demo_enabled:
            self.demo = None
            return
        demos = demo_games()
        game_id = demos[AttractScene._next_demo % len(demos)]
        AttractScene._next_demo += 1
        self.placed = attract_layout(self.vp)
        app = self.app
        match = Match(
            GameConfig(game_id, "demo", "beginner"),
            app.opponent,
            clock=app,
            think_budget=app.think_budget,
            on_change=app.invalidate,
        )
        self.demo = GameBoard(app, match, Guidance(match), self.placed.demo)
        self.demo_done_at = None

    def leave(self) -> None:
        self.app.opponent.cancel()

    def resized(self) -> None:
        self.placed = attract_layout(self.vp)
        self._still_key = None
        if self.demo is not None:
            self.demo.place(self.placed.demo)

    def animating(self) -> bool:
        return self.demo is not None and self.demo.animating()

    def next_wake(self, now: float) -> float | None:
        due = [0.1]  # the "touch to play" line breathes slowly
        if self.demo is not None:
            d = self.demo.next_wake(now)
            if d is not None:
                due.append(d)
        return min(due)

    def update(self, now: float) -> None:
        if now - self._pulse_at >= 0.1:
            self._pulse_at = now
            self.app.invalidate()
        demo = self.demo
        if demo is None:
            return
        demo.update(now)
        state = demo.match.state
        if (state.outcome is not None or len(state.actions()) > DEMO_MAX_MOVES) and not demo.busy():
            if self.demo_done_at is None:
                self.demo_done_at = now + self.app.seconds(3.0)
            elif now >= self.demo_done_at:
                self._new_demo()

    def on_pointer(self, pointer) -> None:
        if pointer.kind == "down":
            # a language button opens Home in that language; any other touch in the language
            # the screen speaks now (the visitor answered that call, not the kiosk's default)
            lang = self.app.language_switch.hit(pointer.pos)
            if lang is None:
                lang = self.call_language(self.app.now())
            if lang != self.app.lang:
                self.app.set_language(lang)
            self.app.go("home")

    def call_language(self, now: float) -> str:
        """The language the screen speaks now: each in turn, the current one first, so that
        a visitor sees before touching that the kiosk speaks his language."""
        if self.call_pinned is not None:  # the screens renderer shows each language in turn
            return self.call_pinned
        first = LANGUAGES.index(self.app.lang) if self.app.lang in LANGUAGES else 0
        return LANGUAGES[(first + int(now / CALL_SECONDS)) % len(LANGUAGES)]

    def _still_layer(self, lang: str) -> pygame.Surface:
        """Backdrop, demo board and every word that does not move, in ``lang`` (the whole
        screen speaks one language at a time, each in turn): composed once per game and
        language shown, so that a frame is one blit plus the pieces."""
        view = self.demo.view if self.demo is not None else None
        vp = self.vp
        key = (lang, vp.size, type(view), tuple(view.rect) if view else None)
        if self._still_key != key:
            words = catalog(lang)

            def t(key: str) -> str:
                return words.t(f"kiosk.{key}")

            placed = self.placed
            layer = theme.background(vp.size).copy()
            if view is not None:
                layer.blit(view.board_surface(), view.rect)
            draw_text(
                layer, "Ludique", placed.title, role="display", size=vp.u(150), colour=theme.GOLD
            )
            draw_text(
                layer,
                t("attract.subtitle"),
                placed.subtitle,
                role="italic",
                size=vp.u(46),
                colour=theme.CREAM,
            )
            for family, box, name_box in zip(
                families(), placed.pictures, placed.names, strict=True
            ):
                picture = miniature(family, box.size)
                layer.blit(picture, picture.get_rect(center=box.center))
                draw_text(
                    layer,
                    t(f"family.{family}.name"),
                    name_box,
                    role="bold",
                    size=vp.u(28),
                    colour=theme.CREAM,
                    min_size=vp.u(26),
                )
            draw_text(
                layer,
                t("attract.demo"),
                placed.demo_note,
                role="italic",
                size=vp.u(30),
                colour=theme.MUTED,
                align="left",
            )
            if pygame.display.get_surface() is not None:
                layer = layer.convert()
            self._still, self._still_key = layer, key
        return self._still

    def draw(self, canvas: pygame.Surface) -> None:
        now = self.app.now()
        lang = self.call_language(now)
        canvas.blit(self._still_layer(lang), (0, 0))
        if self.demo is not None:
            self.demo.draw(canvas, board=False)
        # "touch the screen to play" breathes slowly between full and a softer gold (drawn
        # fresh: fading a picture of it would dim the text below a readable contrast)
        k = round(7.5 + 7.5 * math.sin(self.app.now() * 2.2)) / 15  # 16 kept shades
        r, g, b = (int(a + (z - a) * k) for a, z in zip(TOUCH_SOFT, TOUCH_BRIGHT, strict=True))
        colour = (r, g, b)
        # no language is lit: none is chosen until a visitor touches one
        self.app.language_switch.draw(canvas, "")
        draw_text(
            canvas,
            catalog(lang).t("kiosk.attract.touch"),
            self.placed.touch,
            role="display",
            size=self.vp.u(64),
            colour=colour,
        )
