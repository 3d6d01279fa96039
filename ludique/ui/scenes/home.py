"""Home: one large tile per game with a drawn miniature of its board."""

from __future__ import annotations

from functools import partial

import pygame

from ludique.games import families, family_games, new_game, spec
from ludique.ui import theme
from ludique.ui.boards import DieBoard, view_for
from ludique.ui.layout import draw_text, fit_text, reading_size
from ludique.ui.pixels import kept
from ludique.ui.scenes.base import Scene
from ludique.ui.widgets import Button


def tile_game(family: str) -> str:
    """A tile's game, the one a touch on Play starts: the family's only game, or the variant its
    set-up offers first (the family's first game, ``ludique.games.family_games``)."""
    return family_games(family)[0].id


def miniature(family: str, size: tuple[int, int] = (520, 400)) -> pygame.Surface:
    """The tile's picture: the starting position of the game it opens, drawn at ``size``."""
    return start_picture(tile_game(family), size)


@kept
def start_picture(game_id: str, size: tuple[int, int]) -> pygame.Surface:
    """``game_id``'s starting position, drawn at ``size`` (once): with the pieces that wait
    beside the board (Seneca and Piso start with an empty board and full reserves)."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    view = view_for(game_id, surface.get_rect())
    game = spec(game_id)
    view.draw(surface, new_game(game_id), extras=game.reserves)
    if game.die and isinstance(view, DieBoard):
        view.draw_die(surface, 4)
    return surface


TILE_UNITS = 440  # the narrowest a tile is laid out (its game's name in one line)


class HomeScene(Scene):
    name = "home"

    def enter(self) -> None:
        self.layout()

    def layout(self) -> None:
        vp = self.vp
        self.tiles: dict[str, pygame.Rect] = {}
        # the settings' enabled_games (validated, never empty) choose the tiles
        every = families()
        enabled = getattr(self.app.settings, "enabled_games", every)
        shown = [f for f in every if f in enabled] or list(every)
        switch = self.app.language_switch.area
        margin = vp.u(40)
        # under the language switch, or at the top where the switch stands low in the band a
        # seated visitor reaches
        title_top = switch.bottom + vp.u(10) if vp.band.top == 0 else vp.u(30)
        self.title_box = pygame.Rect(margin, title_top, vp.width - 2 * margin, vp.u(110))
        if not vp.portrait:
            # the title sits beside the language switch when there is room for it
            self.title_box = pygame.Rect(
                switch.width + 2 * margin,
                vp.u(30),
                vp.width - 2 * (switch.width + 2 * margin),
                vp.u(120),
            )
        self.subtitle_box = pygame.Rect(
            margin, self.title_box.bottom, vp.width - 2 * margin, vp.u(70)
        )
        self.choose_box = pygame.Rect(
            margin, vp.height - vp.u(100), vp.width - 2 * margin, vp.u(70)
        )
        area = pygame.Rect(
            margin,
            self.subtitle_box.bottom + vp.u(30),
            vp.width - 2 * margin,
            self.choose_box.top - self.subtitle_box.bottom - vp.u(60),
        )
        band = vp.band
        if band.top > 0:
            # the tiles lie in the band a seated visitor reaches, clear of the language switch
            # at its top: beside it where three tiles keep a readable width, else under it;
            # the call to choose stands over the band
            area.top = band.top + vp.u(20)
            if band.top - self.choose_box.height >= self.subtitle_box.bottom:
                self.choose_box.bottom = band.top
                area.height = band.bottom - margin - area.top
            else:
                self.choose_box.bottom = band.bottom - vp.u(30)
                area.height = self.choose_box.top - vp.u(30) - area.top
            n = len(shown)
            beside = (switch.left - vp.u(24) - area.left - (n - 1) * vp.u(40)) // n
            if vp.portrait or beside < vp.u(TILE_UNITS):
                # under the switch (on a totem the tiles side by side there: stacked in the
                # short band, a tile is too low for its words at the reading floor)
                area.height = area.bottom - switch.bottom - vp.u(20)
                area.top = switch.bottom + vp.u(20)
            else:
                area.width = switch.left - vp.u(24) - area.left
        n = len(shown)
        side_by_side = not vp.portrait or band.top > 0
        gap = vp.u(20 if vp.portrait and band.top > 0 else 40)
        for i, family in enumerate(shown):
            if not side_by_side:
                h = (area.height - (n - 1) * gap) // n
                rect = pygame.Rect(area.left, area.top + i * (h + gap), area.width, h)
            else:
                w = min((area.width - (n - 1) * gap) // n, vp.u(640))
                left = area.centerx - (n * w + (n - 1) * gap) // 2
                rect = pygame.Rect(left + i * (w + gap), area.top, w, area.height)
            self.tiles[family] = rect
        self.buttons = []
        for family, rect in self.tiles.items():
            self.buttons.append(
                Button(rect, "", partial(self.app.go, "setup", family=family), name=family)
            )

    def _tile_parts(
        self, rect: pygame.Rect, blurb_text: str = "", name_text: str = ""
    ) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The picture, the name and the blurb of a tile: stacked in a tile of a row, the
        picture beside the words in a wide one (a totem's column)."""
        vp = self.vp
        pad = vp.u(24 if rect.width > vp.u(400) else 14)  # a narrow tile keeps its width
        inner = rect.inflate(-2 * pad, -2 * pad)
        if rect.width > 2 * rect.height:  # a wide tile (a totem's column of tiles)
            # the picture no wider than the tile is high; on a tile too low for the blurb
            # beside it at the smallest text a visitor reads, no picture
            side = min(inner.width * 11 // 20, max(inner.height, inner.width // 3))
            name_h = max(inner.height * 2 // 5, vp.u(64))
            floor = reading_size()
            need = fit_text(
                blurb_text, "text", floor, (inner.width - side - pad, 10**6), min_size=floor
            )
            if need.height > inner.height - name_h:
                side = -pad
            picture = pygame.Rect(inner.left, inner.top, max(0, side), inner.height)
            words = pygame.Rect(
                inner.left + side + pad, inner.top, inner.width - side - pad, inner.height
            )
            name = pygame.Rect(words.left, words.top, words.width, name_h)
            blurb = pygame.Rect(words.left, name.bottom, words.width, words.height - name.height)
            return picture, name, blurb
        # the blurb keeps the height its words need at the smallest text a visitor reads;
        # the picture gives way first
        need = fit_text(blurb_text, "text", vp.u(30), (inner.width, 10**6), min_size=reading_size())
        # the name on one line, or two where the tile is narrow (the longest of the game names)
        name_h = max(vp.u(80), fit_text(name_text, "display", 0, (inner.width, 10**6)).height)
        share = inner.height * 11 // 20
        room = inner.height - pad // 2 - name_h - need.height
        picture = pygame.Rect(inner.left, inner.top, inner.width, max(0, min(share, room)))
        name = pygame.Rect(inner.left, picture.bottom + pad // 2, inner.width, name_h)
        blurb = pygame.Rect(inner.left, name.bottom, inner.width, inner.bottom - name.bottom)
        return picture, name, blurb

    def draw(self, canvas: pygame.Surface) -> None:
        vp = self.vp
        canvas.blit(theme.background(canvas.get_size()), (0, 0))
        t = self.app.t
        draw_text(
            canvas,
            t("home.title"),
            self.title_box,
            role="display",
            size=vp.u(84),
            colour=theme.GOLD,
        )
        draw_text(
            canvas,
            t("home.subtitle"),
            self.subtitle_box,
            role="italic",
            size=vp.u(40),
            colour=theme.CREAM,
        )
        for family, rect in self.tiles.items():
            theme.rounded_panel(canvas, rect, theme.DEEP_2, theme.GOLD, vp.u(26), vp.u(3))
            picture_box, name_box, blurb_box = self._tile_parts(
                rect, t(f"family.{family}.blurb"), t(f"family.{family}.name")
            )
            if picture_box.width > 0:
                picture = miniature(family, picture_box.size)
                canvas.blit(picture, picture.get_rect(center=picture_box.center))
            draw_text(
                canvas,
                t(f"family.{family}.name"),
                name_box,
                role="display",
                size=vp.u(52),
                colour=theme.GOLD,
            )
            draw_text(
                canvas,
                t(f"family.{family}.blurb"),
                blurb_box,
                size=vp.u(30),
                colour=theme.CREAM,
                valign="top",
            )
        draw_text(canvas, t("home.choose"), self.choose_box, size=vp.u(36), colour=theme.MUTED)
