"""A solved game's quiet gauge on the game screen: the visitor's exact chance of winning.

The game screen's strip calls :func:`draw_gauge` under its score lines.  The chance comes from
the game's table (``ludique.play.analysis.exact_chance``), read into this process in a thread
the first time its gauge is wanted (0.1 s and 4 MB for the kiosk's one solved game), so that no
frame waits for it; until then, and when the ``story_gauge`` setting is off, nothing is drawn.
The value is the one of the position on screen, so it moves after each throw and after each
move.

Against the computer the gauge is the visitor's chance; between two players it is shared out
between the two colours (the chances of both always add up to 100%).
"""

from __future__ import annotations

import logging
import threading

import pygame

from ludique.ai.solved import solved
from ludique.games import spec, specs
from ludique.games.base import GameState
from ludique.play.match import Match
from ludique.ui import theme
from ludique.ui.context import Kiosk
from ludique.ui.layout import Viewport, draw_text, line_height

log = logging.getLogger(__name__)

# The solved games whose table is being read, and those read (one thread each, once a process).
_loading: dict[str, threading.Thread] = {}
_ready: set[str] = set()


def table_ready(game_id: str) -> bool:
    """Whether the table of the solved game ``game_id`` is in memory; starts reading it (once)
    when it is not."""
    if game_id in _ready:
        return True
    if game_id not in _loading:

        def load() -> None:
            try:
                solved(game_id).load()
                _ready.add(game_id)
            except Exception:  # noqa: BLE001 - no table, no gauge: the game goes on
                log.exception("the table of %s could not be read for the gauge", game_id)

        thread = threading.Thread(target=load, name=f"ludique-table-{game_id}", daemon=True)
        _loading[game_id] = thread
        thread.start()
    return False


def load_tables_now() -> None:
    """Read every solved game's table in this thread (the screens renderer, which draws at
    once)."""
    for game in specs():
        if game.solved:
            solved(game.id).load()
            _ready.add(game.id)


def percent(app: Kiosk, value: float) -> str:
    return app.t("story.percent", value=round(100 * value))


def wanted(app: Kiosk, match: Match) -> bool:
    """Whether the game screen of ``match`` shows the gauge: the table's chances are the full
    game's (perfect play with no end but the goal), so a short game, which its score may end
    first, shows none rather than a number that is not its own."""
    return (
        bool(spec(match.config.game_id).solved)
        and match.state.visit is None
        and not match.demo
        and bool(getattr(app.settings, "story_gauge", True))
    )


def draw_gauge(
    app: Kiosk, match: Match, canvas: pygame.Surface, box: pygame.Rect
) -> pygame.Rect | None:
    """The gauge at the top of ``box`` (the free part of the game screen's strip); returns the
    rectangle it took, or ``None`` when nothing was drawn."""
    if not wanted(app, match) or not table_ready(match.config.game_id):
        return None
    vp: Viewport = app.viewport
    state: GameState = match.state
    from ludique.play.analysis import exact_chance

    label_h, gap = line_height("text", vp.u(28)), vp.u(8)
    bar_h = max(vp.u(40), line_height("bold", vp.u(28)))  # its shares' words inside it
    need = label_h + gap + bar_h
    if box.height < need or box.width < vp.u(120):
        return None
    area = pygame.Rect(box.left, box.top, box.width, need)
    t = app.t
    label = pygame.Rect(area.left, area.top, area.width, label_h)
    bar = pygame.Rect(area.left, label.bottom + gap, area.width, bar_h)
    colours = state.colours
    if match.config.opponent == "computer":
        colour = match.config.visitor_colour
        assert colour is not None  # (a game against the computer has the visitor's colour)
        value = exact_chance(state, colour)
        draw_text(
            canvas,
            t("story.gauge_you", percent=percent(app, value)),
            label,
            size=vp.u(28),
            colour=theme.CREAM,
            align="left",
            max_lines=1,
        )
        shares = [(colour, value)]
    else:
        value = exact_chance(state, colours[0])
        draw_text(
            canvas,
            t("story.gauge_colour"),
            label,
            size=vp.u(28),
            colour=theme.CREAM,
            align="left",
            max_lines=1,
        )
        shares = [(colours[0], value), (colours[1], 1.0 - value)]
    _bar(canvas, bar, shares, app, vp)
    return area


def _bar(canvas, bar: pygame.Rect, shares, app: Kiosk, vp: Viewport) -> None:
    from ludique.ui.palette import PIECE_COLOURS

    radius = bar.height // 2
    pygame.draw.rect(canvas, theme.DEEP, bar, border_radius=radius)
    left = bar.left
    for i, (colour, share) in enumerate(shares):
        width = round(bar.width * share) if i < len(shares) - 1 or len(shares) == 1 else None
        if width is None:
            width = bar.right - left
        part = pygame.Rect(left, bar.top, width, bar.height)
        fill, _edge = PIECE_COLOURS[colour]
        if part.width > 0:
            pygame.draw.rect(canvas, fill, part, border_radius=radius)
        if len(shares) == 2:
            ink = theme.INK if colour == "white" else theme.PAPER
            text = percent(app, share)
            box = part.inflate(-vp.u(10), 0)
            if box.width > vp.u(60):
                draw_text(
                    canvas,
                    text,
                    box,
                    role="bold",
                    size=vp.u(28),
                    colour=ink,
                    align="left" if i == 0 else "right",
                    max_lines=1,
                )
        left += width
    # the even line: 50%, so that "ahead" and "behind" read at a glance
    mid = bar.left + bar.width // 2
    pygame.draw.line(canvas, theme.GOLD, (mid, bar.top - vp.u(4)), (mid, bar.bottom + vp.u(3)), 2)
    pygame.draw.rect(canvas, theme.GOLD_DARK, bar, max(1, vp.u(2)), border_radius=radius)
