"""Home: one large tile per game with a drawn miniature of its board."""

from __future__ import annotations

import pygame

from ludique.games import new_game
from ludique.ui import theme
from ludique.ui.boards import view_for
from ludique.ui.pixels import kept
from ludique.ui.scenes import Scene
from ludique.ui.widgets import Button

FAMILIES = ("pente-grammai", "latrunculi", "epaminondas")
MINIATURE_GAME = {
    "pente-grammai": "pente-grammai",
    "latrunculi": "latrunculi-petteia",
    "epaminondas": "epaminondas",
}
TILE_W, TILE_H = 560, 700


@kept
def miniature(family: str) -> pygame.Surface:
    """The tile's picture: the game's starting position, drawn small (once)."""
    game_id = MINIATURE_GAME[family]
    surface = pygame.Surface((TILE_W - 40, 400), pygame.SRCALPHA)
    view = view_for(game_id, surface.get_rect())
    view.draw(surface, new_game(game_id), extras=game_id == "pente-grammai")
    if game_id == "pente-grammai":
        view.draw_die(surface, 4)
    return surface


class HomeScene(Scene):
    name = "home"

    def enter(self) -> None:
        self.layout()

    def layout(self) -> None:
        self.tiles: dict[str, pygame.Rect] = {}
        # the settings' enabled_games (validated, never empty) choose the tiles
        enabled = getattr(self.app.settings, "enabled_games", FAMILIES)
        shown = [f for f in FAMILIES if f in enabled] or list(FAMILIES)
        gap = (theme.WIDTH - len(shown) * TILE_W) // (len(shown) + 1)
        for i, family in enumerate(shown):
            self.tiles[family] = pygame.Rect(gap + i * (TILE_W + gap), 250, TILE_W, TILE_H)
        self.buttons = []
        for family, rect in self.tiles.items():
            self.buttons.append(
                Button(rect, "", lambda f=family: self.app.go("setup", family=f), name=family)
            )

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(theme.background(), (0, 0))
        t = self.app.t
        theme.blit_text(canvas, t("home.title"), "display", 84, theme.GOLD, "midtop", (960, 40))
        theme.blit_text(canvas, t("home.subtitle"), "italic", 40, theme.CREAM, "midtop", (960, 150))
        for family, rect in self.tiles.items():
            theme.rounded_panel(canvas, rect, theme.DEEP_2, theme.GOLD, 26, 3)
            picture = miniature(family)
            canvas.blit(picture, picture.get_rect(midtop=(rect.centerx, rect.top + 24)))
            title = theme.fitted(
                t(f"family.{family}.name"), "display", 52, theme.GOLD, rect.width - 40
            )
            canvas.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + 450)))
            theme.blit_paragraph(
                canvas,
                t(f"family.{family}.blurb"),
                "text",
                30,
                theme.CREAM,
                pygame.Rect(rect.left + 36, rect.top + 540, rect.width - 72, 150),
                align="center",
            )
        theme.blit_text(
            canvas, t("home.choose"), "text", 36, theme.MUTED, "midbottom", (960, theme.HEIGHT - 40)
        )
