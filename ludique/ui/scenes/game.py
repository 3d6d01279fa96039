"""The game screen: the live board of a match, the side strip, the buttons, the leave question.

The scene only lays out, draws and passes touches on: the match (``ludique.play.match``) knows the
turns, the die and the computer; the guidance (``ludique.play.guidance``) knows what to mark and
say;
the board widget (``ludique.ui.game_board``) shows both and takes the visitor's moves.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from ludique.games import spec, specs
from ludique.games.base import PLACEMENT
from ludique.play.guidance import Guidance
from ludique.play.match import Due, GameConfig, Match
from ludique.ui import theme
from ludique.ui.boards import view_for
from ludique.ui.boards.sprites import piece_sprite
from ludique.ui.context import Kiosk
from ludique.ui.countdown import READING_SECONDS
from ludique.ui.game_board import GameBoard
from ludique.ui.game_strip import GameStrip, piece_kind
from ludique.ui.layout import TOUCH_UNITS, Viewport, draw_text
from ludique.ui.pixels import PIXELS
from ludique.ui.scenes.base import Scene
from ludique.ui.widgets import Button, press_button


@dataclass(frozen=True)
class GameLayout:
    """Where the parts of the game screen go on one window: the board takes the room it can,
    the side strip (beside it on a landscape screen, under it on a portrait one) the rest."""

    board: pygame.Rect
    strip: pygame.Rect
    title: pygame.Rect
    mode: pygame.Rect
    status: pygame.Rect
    scores: pygame.Rect
    buttons: tuple[pygame.Rect, ...]
    # the quick start of a placement where it is not at the top of the counts (which may lie
    # above the band a seated visitor reaches): at their foot
    quick: pygame.Rect | None = None


# the widest a board's room gets, for its height (a 16:9 screen's): where the band a visitor
# reaches is low, the width the board cannot use goes to the strip
BOARD_ASPECT = 1.4
# the side strip's width (its words at the reading floor, ``layout.VISITOR_CAP``), and the least
# it gets where its words have the screen's whole height beside a board low in the band (it
# takes the width the board leaves)
STRIP_UNITS = 900
TALL_STRIP_UNITS = 520
# the words beside the board with the whole height as long as the board keeps this share of the
# band's height in width (4:3: a board a little narrower, for the threats' long lines)
TALL_BOARD_SHARE = 0.85


def room_over_board(vp: Viewport, placed: GameLayout, switch: pygame.Rect) -> pygame.Rect | None:
    """The room over the board that words about it may take (a legend, the die's caption),
    read from where one stands: the board's width up to the screen's top where the strip is
    beside the board (left of the language switch where that stands over it); where the
    strip stands over the board (a totem), the strip's foot, where its counts leave room;
    None where there is no room."""
    board, m = placed.board, vp.u(20)
    over = pygame.Rect(board.left, m, board.width, board.top - 2 * m)
    if over.colliderect(placed.strip):
        strip = placed.strip
        over = pygame.Rect(strip.left, over.bottom - over.height // 3, strip.width, 0)
        over.height = board.top - m - over.top
    elif over.colliderect(switch):
        over.width = switch.left - m - over.left
    return over if over.height > 0 and over.width > 0 else None


@lru_cache(maxsize=32)
def board_aspect(game_id: str) -> float:
    """The width over height of the room ``game_id``'s board uses whole (``BOARD_ASPECT`` at
    most): the narrowest room whose squares or points are as far apart as in a room of any
    width, measured on the view itself (the touch pitch: the nearest two of its spots)."""
    high = 1000

    def pitch(width: int) -> float:
        spots = list(view_for(game_id, pygame.Rect(0, 0, width, high)).spots().values())
        return min(math.dist(a, b) for i, a in enumerate(spots) for b in spots[i + 1 :] if a != b)

    widest = round(high * BOARD_ASPECT)
    full = pitch(widest)
    lo, hi = high // 4, widest
    while hi - lo > 4:
        mid = (lo + hi) // 2
        if pitch(mid) >= full - 1:
            hi = mid
        else:
            lo = mid
    return hi / high


def game_layout(
    vp: Viewport,
    switch: pygame.Rect,
    strip_units: int = STRIP_UNITS,
    aspect: float = BOARD_ASPECT,
    title_units: int = 0,
    quick: bool = False,
) -> GameLayout:
    """The game screen for viewport ``vp``; ``switch`` is the language switch's corner; on a
    landscape screen the side strip is ``strip_units`` wide (the guided game's sentences want
    more room than the game's status), more where the board uses less than the width over
    height ``aspect`` (``board_aspect``).  The board and the buttons lie in the band a seated
    visitor reaches (``vp.band``), the visitor's side at the bottom; the strip's words may
    run above it, or below it where the screen stands low (``quick``: a placement's quick
    start has its place in the band)."""
    m = vp.u(20)
    title_units = title_units or TITLE_UNITS  # the guided game's is longer: two lines
    gap = vp.u(16)
    if vp.portrait:
        return _portrait_layout(vp, switch, m, gap, aspect)
    band = vp.band
    # the board is as tall as the band: on a screen wider than 16:10 the strip takes part of
    # the width the board cannot use, so that its lines wrap less (up to 16:10 the boards'
    # side columns, the incitus legend, need it)
    wider = max(0.0, vp.units_wide - 1728) * 0.5
    strip_w = vp.u(strip_units + wider)
    top, bottom = band.top + m, band.bottom - m
    # the buttons are a touch target high (``TOUCH_UNITS``) and no more: the strip's
    # sentences need the height
    button_h = vp.u(TOUCH_UNITS + 8)
    gap = vp.u(12)
    # where the band is low, the board's height leaves width over: the language switch and
    # the buttons take a column of their own in the band, the words the whole height beside
    # it (as long as the board keeps at least its height in width)
    column_w = switch.width
    tall_w = vp.u(min(strip_units, TALL_STRIP_UNITS) + wider)  # the words have the height
    room = vp.width - tall_w - column_w - 4 * m
    if band.top > 0 and room >= (bottom - top) * TALL_BOARD_SHARE:
        board_w = min(room, round((bottom - top) * aspect))
        words_w = tall_w + room - board_w
        return _column_layout(vp, switch, (top, bottom), board_w, words_w, aspect, title_units)
    board_w = min(vp.width - strip_w - 3 * m, round((bottom - top) * aspect))
    strip_w = vp.width - board_w - 3 * m
    # a board its width limits stands at the foot of the band, nearest the visitor: the room
    # over it takes the words about the board (a legend)
    board_h = min(bottom - top, round(board_w / aspect * 1.02))
    board = pygame.Rect(m, bottom - board_h, board_w, board_h)
    left = board.right + m
    if band.bottom < vp.height and band.top <= 0:
        # the screen stands low: the board at the band's top, as the buttons, the room under
        # it for the words about it (a legend)
        board.top = top
        strip = pygame.Rect(left, switch.bottom + m, strip_w, 0)
        return _foot_layout(vp, switch, board, strip, quick, title_units)
    button_top = bottom - 2 * button_h - gap
    # two by two: each label holds in half the strip (the longest, French "Annuler le
    # coup", on two lines), and the strip's sentences get two buttons' height more
    half = (strip_w - gap) // 2
    buttons = tuple(
        pygame.Rect(
            left + (i % 2) * (half + gap), button_top + (i // 2) * (button_h + gap), half, button_h
        )
        for i in range(4)
    )
    # the words under the language switch; the game's name above it where it holds there
    under = switch.bottom + m
    title_h = vp.u(title_units)
    held = switch.top - gap - m >= title_h
    title = pygame.Rect(left, switch.top - gap - title_h if held else under, strip_w, title_h)
    words = pygame.Rect(left, under, strip_w, button_top - gap - under)
    strip = pygame.Rect(left, min(title.top, under), strip_w, bottom - min(title.top, under))
    return _game_layout(vp, board, strip, words, buttons, title if held else None, title_units)


def _foot_layout(
    vp: Viewport,
    switch: pygame.Rect,
    board: pygame.Rect,
    strip: pygame.Rect,
    quick: bool,
    title_units: int,
) -> GameLayout:
    """The band ends above the screen's foot (a screen standing low, its foot under what a
    seated visitor reaches): the buttons two by two under the language switch, at the band's
    top, and a placement's quick start under them (``quick``); the words under them, down to
    the screen's foot, where they may stand out of reach."""
    m, gap = vp.u(20), vp.u(12)
    button_h = vp.u(TOUCH_UNITS + 8)
    half = (strip.width - gap) // 2
    buttons = tuple(
        pygame.Rect(
            strip.left + (i % 2) * (half + gap),
            strip.top + (i // 2) * (button_h + gap),
            half,
            button_h,
        )
        for i in range(4)
    )
    under = buttons[-1].bottom + gap
    quick_rect = pygame.Rect(strip.left, under, strip.width, button_h) if quick else None
    if quick_rect is not None:
        under = quick_rect.bottom + gap
    strip.height = vp.height - m - strip.top
    words = pygame.Rect(strip.left, under, strip.width, vp.height - m - under)
    placed = _game_layout(vp, board, strip, words, buttons, title_units=title_units)
    return dataclasses.replace(placed, quick=quick_rect)


def _column_layout(
    vp: Viewport,
    switch: pygame.Rect,
    rows: tuple[int, int],
    board_w: int,
    words_w: int,
    aspect: float,
    title_units: int,
) -> GameLayout:
    """The band is low: the board in it, ``board_w`` wide between the band's ``rows``; the
    language switch and the buttons a column of their own at the right; the words
    (``words_w`` wide) the screen's whole height between them."""
    m, gap = vp.u(20), vp.u(12)
    top, bottom = rows
    button_h = vp.u(TOUCH_UNITS + 8)
    # narrower than the band is high: the board at its foot, nearest the visitor
    board_h = min(bottom - top, round(board_w / aspect * 1.02))
    board = pygame.Rect(m, bottom - board_h, board_w, board_h)
    column = pygame.Rect(vp.width - m - switch.width, switch.bottom + gap, switch.width, 0)
    column.height = bottom - column.top
    button_top = column.bottom - 4 * button_h - 3 * gap
    buttons = tuple(
        pygame.Rect(column.left, button_top + i * (button_h + gap), column.width, button_h)
        for i in range(4)
    )
    words = pygame.Rect(board.right + m, m, words_w, bottom - m)
    strip = pygame.Rect(words.left, m, column.right - words.left, bottom - m)
    # the words have the height: the game's name and who plays may take two lines each on a
    # narrow strip, the next step four
    placed = _game_layout(
        vp,
        board,
        strip,
        words,
        buttons,
        title_units=max(title_units, TWO_LINE_TITLE_UNITS),
        mode_units=2 * MODE_UNITS,
        status_units=TALL_STATUS_UNITS,
    )
    quick = pygame.Rect(words.left, bottom - button_h, words.width, button_h)
    return dataclasses.replace(placed, quick=quick)


def _portrait_layout(
    vp: Viewport, switch: pygame.Rect, m: int, gap: int, aspect: float
) -> GameLayout:
    """A totem: the board under the switch and the strip under it, where the whole screen is
    within reach; else the board and a column of buttons in the band, the words above it."""
    band = vp.band
    if band.top <= 0:
        board = pygame.Rect(m, switch.bottom + m, vp.width - 2 * m, round(vp.height * 0.56))
        strip = pygame.Rect(m, board.bottom + m, vp.width - 2 * m, vp.height - board.bottom - 2 * m)
        column = strip.width * 3 // 5
        words = pygame.Rect(strip.left, strip.top, column - gap, strip.height)
        button_h = min(vp.u(110), (strip.height - 3 * gap) // 4)
        button_x, button_w = strip.left + column, strip.width - column
        button_top = strip.top
    else:
        # five places in the column under the switch: a placement's quick start, then the
        # four buttons at the band's foot
        # as wide as the longest label at the reading floor on one line (French "Placer mes
        # pions pour moi"): two lines would not fit five buttons in the band
        button_w = max(switch.width, vp.width // 2)
        button_x = vp.width - m - button_w
        button_h = min(vp.u(110), (band.bottom - m - switch.bottom - 5 * gap) // 5)
        button_top = band.bottom - m - 4 * button_h - 3 * gap
        board = pygame.Rect(m, band.top + m, button_x - 2 * m, band.height - 2 * m)
        strip = pygame.Rect(m, m, vp.width - 2 * m, band.top - 2 * m)
        words = strip
    buttons = tuple(
        pygame.Rect(button_x, button_top + i * (button_h + gap), button_w, button_h)
        for i in range(4)
    )
    if band.top > 0 and band.bottom < vp.height:
        # standing low, the band short at both ends: the board as high as its width needs,
        # at the band's foot, and the words the height over it, beside the buttons' column
        board.height = min(board.height, round(board.width / aspect * 1.02))
        board.bottom = band.bottom - m
        strip = words = pygame.Rect(m, m, board.width, board.top - 2 * m)
        placed = _game_layout(
            vp,
            board,
            strip,
            words,
            buttons,
            title_units=TWO_LINE_TITLE_UNITS,
            mode_units=2 * MODE_UNITS,
            status_units=TALL_STATUS_UNITS,
        )
    else:
        placed = _game_layout(vp, board, strip, words, buttons)
    if band.top <= 0:
        return placed
    quick = pygame.Rect(button_x, button_top - gap - button_h, button_w, button_h)
    return dataclasses.replace(placed, quick=quick)


# the heights of the strip's first rows: the game's name, who plays (a line at the reading
# floor), whose turn with the next step (a row and two lines)
TITLE_UNITS = 80
TWO_LINE_TITLE_UNITS = 130
MODE_UNITS = 54
STATUS_UNITS = 250
TALL_STATUS_UNITS = 320  # on a narrow strip with the height: the next step on four lines


def _game_layout(
    vp: Viewport,
    board,
    strip,
    words,
    buttons,
    title=None,
    title_units: int = TITLE_UNITS,
    mode_units: int = MODE_UNITS,
    status_units: int = STATUS_UNITS,
) -> GameLayout:
    """The strip's words, from the top: the game's name (unless it has its place above the
    language switch), who plays, whose turn and the next step, then the counts and notes down
    to the buttons."""
    top = words.top
    if title is None:
        title = pygame.Rect(words.left, words.top, words.width, vp.u(title_units))
        top = title.bottom
    mode = pygame.Rect(words.left, top, words.width, vp.u(mode_units))
    # whose turn it is, and under it the next step in one line (room for both, so the panel
    # keeps its size from turn to turn)
    status = pygame.Rect(words.left, mode.bottom + vp.u(10), words.width, vp.u(status_units))
    scores = pygame.Rect(words.left, status.bottom + vp.u(16), words.width, 0)
    scores.height = max(0, words.bottom - scores.top)
    return GameLayout(board, strip, title, mode, status, scores, buttons)


def static_layer(view, size: tuple[int, int]) -> pygame.Surface:
    """The backdrop of a ``size`` window with the board on it, opaque: one plain blit per frame
    (made once)."""

    def compose() -> pygame.Surface:
        layer = theme.background(size).copy()
        layer.blit(view.board_for_layer(), view.rect)
        return layer.convert() if pygame.display.get_surface() is not None else layer

    key = ("static layer", size, *view.paint_key)
    return PIXELS.get_or_draw(key, compose)


def warm_up_tasks(vp: Viewport, switch: pygame.Rect) -> list[Callable[[], None]]:
    """Small jobs that prepare every board and sprite a game screen needs, so that the first
    frame of a game does not stall; the app runs them one at a time while nothing moves."""
    tasks: list[Callable[[], None]] = []
    # one game of each board drawn differently, with every kind of piece its variants have
    boards: dict[tuple[str, bool], tuple[str, tuple[str, ...], list[str]]] = {}
    for game in specs():
        _, _, kinds = boards.setdefault((game.board, game.reserves), (game.id, game.colours, []))
        kinds.extend(kind for kind in game.piece_kinds if kind not in kinds)
    for game_id, colours, piece_kinds in boards.values():
        board_rect = game_layout(vp, switch, aspect=board_aspect(game_id)).board
        # beyond full HD both turns of every board would not fit the picture budget together:
        # the board the visitor meets first (first colour, unturned) is prepared
        turns = (False, True) if vp.width * vp.height <= 1920 * 1080 else (False,)
        for flipped in turns:

            def board(game_id=game_id, flipped=flipped, board_rect=board_rect) -> None:
                static_layer(view_for(game_id, board_rect, flipped, vp.unit), vp.size)

            tasks.append(board)

        def sprites(
            game_id=game_id, piece_kinds=piece_kinds, colours=colours, board_rect=board_rect
        ) -> None:
            radius = view_for(game_id, board_rect, unit=vp.unit).radius
            for colour in colours:
                for kind in piece_kinds:
                    piece_sprite(colour, kind, radius)
                    piece_sprite(colour, kind, int(radius * 1.12))
                piece_sprite(colour, piece_kinds[0], vp.u(30))

        tasks.append(sprites)
    return tasks


class LeaveConfirm:
    """ "Leave this game?" over the game, with two choices: stay (the game goes on exactly as it
    was) or leave (Home or a new game, as the visitor touched).  A small modal like the
    curator's PIN pad; the idle countdown still runs over it."""

    def __init__(self, scene: GameScene, where: str) -> None:
        self.scene = scene
        self.where = where
        self.layout()

    def layout(self) -> None:
        vp = self.scene.vp
        t = self.scene.app.t
        width = min(vp.u(920), vp.width - vp.u(40))
        self.panel = pygame.Rect(0, 0, width, vp.u(440))
        self.panel.center = vp.rect.center
        band, switch = vp.band, self.scene.app.language_switch.area
        if band.top > 0:
            # its buttons in the band a seated visitor reaches, the language switch uncovered:
            # beside it where the width allows, else under it
            self.panel.centery = band.centery
            if self.panel.colliderect(switch.inflate(vp.u(40), vp.u(40))):
                if switch.left - vp.u(40) - width >= vp.u(20):
                    self.panel.right = switch.left - vp.u(20)
                else:
                    self.panel.top = switch.bottom + vp.u(20)
            self.panel.bottom = min(self.panel.bottom, vp.height - vp.u(10))
        pad = vp.u(40)
        inner = self.panel.inflate(-2 * pad, -2 * pad)
        self.title = pygame.Rect(inner.left, inner.top, inner.width, vp.u(100))
        self.body = pygame.Rect(inner.left, self.title.bottom, inner.width, vp.u(110))
        gap = vp.u(30)
        button_w = (inner.width - gap) // 2
        button_h = vp.u(110)
        top = inner.bottom - button_h
        leave_label = "button.home" if self.where == "home" else "button.new_game"
        self.buttons = [
            Button(
                pygame.Rect(inner.left, top, button_w, button_h),
                lambda: t("play.leave.stay"),
                self.scene.stay,
                "primary",
                name="leave-stay",
                size=vp.u(40),
            ),
            Button(
                pygame.Rect(inner.right - button_w, top, button_w, button_h),
                lambda: t(leave_label),
                lambda: self.scene.leave_now(self.where),
                name="leave-go",
                size=vp.u(40),
            ),
        ]

    def button(self, name: str) -> Button:
        return next(b for b in self.buttons if b.name == name)

    def on_pointer(self, pointer) -> None:
        press_button(self.buttons, pointer)

    def draw(self, canvas: pygame.Surface) -> None:
        vp = self.scene.vp
        t = self.scene.app.t
        canvas.blit(theme.veil(canvas.get_size(), (0, 0, 0, 170)), (0, 0))
        theme.rounded_panel(canvas, self.panel, theme.DEEP_2, theme.GOLD, vp.u(28), vp.u(4))
        draw_text(
            canvas,
            t("play.leave.title"),
            self.title,
            role="display",
            size=vp.u(60),
            colour=theme.GOLD,
            max_lines=1,
        )
        draw_text(
            canvas, t("play.leave.body"), self.body, size=vp.u(34), colour=theme.CREAM, max_lines=2
        )
        for button in self.buttons:
            button.draw(canvas)


class BoardScene(Scene):
    """A scene that shows a match on a board widget laid out by ``game_layout`` (the game
    screen, the guided game): ``self.match``, ``self.board`` are set by the subclass."""

    idle_floor = READING_SECONDS  # a visitor pondering a move is not gone
    match: Match
    board: GameBoard

    @property
    def config(self) -> GameConfig:
        return self.match.config

    @property
    def view(self):
        return self.board.view

    @property
    def piece_kind(self) -> str:
        return piece_kind(self.config.game_id)

    def static_layer(self) -> pygame.Surface:
        return static_layer(self.view, self.vp.size)

    def animating(self) -> bool:
        return self.board.animating()

    def changed_rects(self) -> list[pygame.Rect] | None:
        return self.board.changed_rects()


class GameScene(BoardScene):
    name = "game"

    def __init__(self, app: Kiosk, config: GameConfig, state=None) -> None:
        super().__init__(app)
        self.match = Match(
            config,
            app.opponent,
            state=state,
            clock=app,
            think_budget=app.think_budget,
            language=lambda: app.lang,
            report=app.report_game,
            on_change=app.invalidate,
        )
        self.guidance = Guidance(
            self.match, capture_warnings=bool(getattr(app.settings, "capture_warnings", False))
        )
        self.placed = game_layout(
            app.viewport, app.language_switch.area, aspect=board_aspect(config.game_id)
        )
        self.board = GameBoard(
            app, self.match, self.guidance, self.placed.board, self.match.flipped
        )
        self.board.notices_beside = True  # the strip says them: the board stays uncovered
        self.strip = GameStrip(app, self.match, self.guidance)
        self.leaving: LeaveConfirm | None = None  # "Leave this game?" while it is asked
        self.layout()

    # --- set-up ----------------------------------------------------------------------------
    def layout(self) -> None:
        placed = self.placed = game_layout(
            self.vp,
            self.app.language_switch.area,
            aspect=board_aspect(self.config.game_id),
            quick=self.match.state.phase == PLACEMENT,
        )
        switch = self.app.language_switch.area
        self.board.place(placed.board, room_over_board(self.vp, placed, switch))
        self.strip.status_high = 0  # the status panel's size is found anew for this layout
        specs = [
            ("rules", lambda: self.app.t("button.rules"), self.open_rules),
            ("undo", lambda: self.app.t("button.undo"), self.undo),
            ("new", lambda: self.app.t("button.new_game"), self.new_game),
            ("home", lambda: self.app.t("button.home"), self.go_home),
        ]
        self.buttons = [
            Button(rect, label, action, name=name, size=self.vp.u(36 if self.vp.portrait else 32))
            for rect, (name, label, action) in zip(placed.buttons, specs, strict=True)
        ]
        # the quick start of a placing game's set-up, at the top of the strip's counts
        scores = placed.scores
        quick = placed.quick or pygame.Rect(
            scores.left, scores.top, scores.width, self.vp.u(TOUCH_UNITS + 8)
        )
        self.quick = Button(
            quick,
            lambda: self.app.t("button.place_for_me"),
            self.place_for_me,
            "primary",
            name="place-for-me",
            size=self.vp.u(32),
        )

    def quick_shown(self) -> bool:
        """The quick start is offered while the visitor could place his men himself."""
        match = self.match
        return (
            match.against_computer
            and match.state.phase == PLACEMENT
            and match.state.outcome is None
            and not self.board.auto_place
            and (colour := self.config.visitor_colour) is not None
            and match.state.reserve(colour) > 0
        )

    def place_for_me(self) -> None:
        """One touch: his men are placed for him, in a block on the two rows nearest him; a
        touch on the board stops it, and he places the rest himself."""
        self.board.selected = None
        self.board.auto_place = True
        self.app.invalidate()

    def button(self, name: str) -> Button:
        return next(b for b in [*self.buttons, self.quick] if b.name == name)

    def resized(self) -> None:
        self.layout()
        if self.leaving is not None:
            self.leaving.layout()

    def set_position(self, state) -> None:
        """Continue from ``state`` (a set-up position: tests, the self-test, demonstrations)."""
        self.board.set_position(state)

    # --- buttons -----------------------------------------------------------------------------
    def undo(self) -> None:
        """Against the computer: back to the visitor's previous decision (his last move and the
        computer's answer are taken back).  Between two players: the last move."""
        if not self.board.busy():
            self.board.undo()

    def open_rules(self) -> None:
        self.board.drag = None
        self.app.go("rules", game=self)

    def new_game(self) -> None:
        if self.match.in_progress():
            self.ask_leave("new")
            return
        self.leave_now("new")

    def go_home(self) -> None:
        if self.match.in_progress():
            self.ask_leave("home")
            return
        self.leave_now("home")

    def ask_leave(self, where: str) -> None:
        """Leaving a game in progress asks once ("Leave this game?"); staying keeps it as is."""
        self.board.drag = None
        self.board.selected = None
        self.guidance.notice = None
        self.leaving = LeaveConfirm(self, where)
        self.board.covered = True
        self.app.invalidate()

    def stay(self) -> None:
        self.leaving = None
        self.board.covered = False
        self.app.invalidate()

    def leave_now(self, where: str) -> None:
        self.stay()
        self.abandon()
        if where == "new":
            self.app.go("game", config=GameConfig(**vars(self.config)))
        else:
            self.app.go("home")

    def abandon(self) -> None:
        """The visitor left (or the idle countdown ran out): recorded if anything was played."""
        self.match.abandon()

    # --- the clock ---------------------------------------------------------------------------
    def next_wake(self, now: float) -> float | None:
        return self.board.next_wake(now)

    def update(self, now: float) -> None:
        due = self.board.update(now)
        if due is Due.OVER:
            self.app.play_sound("win")
        elif due is Due.END_SCREEN:
            self.app.go("end", game=self)

    # --- input -------------------------------------------------------------------------------
    def on_pointer(self, pointer) -> None:
        if self.leaving is not None:
            self.leaving.on_pointer(pointer)
            return
        if pointer.kind == "down":
            if self.quick_shown() and self.quick.hit(pointer.pos):
                self.place_for_me()
                return
            for button in self.buttons:
                if button.hit(pointer.pos):
                    if button.name == "undo" and self.match.undo_target() is None:
                        return
                    button.action()
                    self.app.invalidate()
                    return
        self.board.on_pointer(pointer)

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(self.static_layer(), (0, 0))
        self.board.draw(canvas, board=False)
        self._draw_legend(canvas)
        board = self.board
        hint = board.hinting(self.app.now()) and not self.match.state.needs_roll
        below = 0
        placed = self.placed
        if self.quick_shown():
            self.quick.draw(canvas)
            if placed.quick is None:
                below = self.quick.rect.height + self.vp.u(16)
            elif placed.quick.top > placed.scores.top:  # at the counts' foot: they end above it
                scores = placed.scores.copy()
                scores.height = placed.quick.top - self.vp.u(16) - scores.top
                placed = dataclasses.replace(placed, scores=scores)
        self.strip.draw(canvas, placed, board.selected, hint, below)
        for button in self.buttons:
            button.enabled = button.name != "undo" or self.match.undo_target() is not None
            button.draw(canvas)
        self.board.draw_message(canvas)
        if self.leaving is not None:
            self.leaving.draw(canvas)

    def _draw_legend(self, canvas: pygame.Surface) -> None:
        """Where a piece of a kind the game explains (its spec's ``legend``: a Seneca prisoner,
        the sign Ꝋ) stands on the board, what it is: beside the board, in the room the empty
        reserves leave."""
        legend = getattr(self.view, "legend_rect", None)
        box = legend() if legend is not None else None
        state = self.match.state
        explained = spec(state.game_id).legend
        kind = next((p.kind for p in state.pieces() if p.kind in explained), None)
        if box is None or kind is None:
            return
        vp = self.vp
        over = room_over_board(vp, self.placed, self.app.language_switch.area)
        if over is not None and self.placed.board.top - 2 * vp.u(20) >= vp.u(120):
            # the board stands low in the band a seated visitor reaches (or under a totem's
            # strip): the words have the room over it, read from where one stands
            box = over
        board, band, m = self.placed.board, vp.band, vp.u(20)
        if band.bottom < vp.height:
            # the screen stands low: under the board, out of reach, where that is larger (on
            # a totem the whole width, the buttons' column ending with the band)
            wide = vp.width - 2 * m if vp.portrait else board.width
            under = pygame.Rect(board.left, board.bottom + m, wide, 0)
            under.height = vp.height - m - under.top
            over_area = over.width * over.height if over is not None else 0
            if under.height >= vp.u(120) and under.width * under.height >= over_area:
                box = under
        sprite = piece_sprite(state.to_move, kind, vp.u(26))
        if box.width > 2.5 * box.height:  # a wide band under the board: the sign, then words
            spot = sprite.get_rect(midleft=(box.left, box.centery))
            words = pygame.Rect(spot.right + vp.u(16), box.top, 0, box.height)
            words.width = box.right - words.left
            align, valign = "left", "middle"
        else:  # a column beside it: the sign over the words
            spot = sprite.get_rect(midtop=(box.centerx, box.top + vp.u(8)))
            words = pygame.Rect(box.left, spot.bottom + vp.u(8), box.width, 0)
            words.height = box.bottom - words.top
            align, valign = "center", "top"
        canvas.blit(sprite, spot)
        # the drawn sign stands above the words: the sign the sentence opens with (for where
        # it is said alone) would show it twice, in two sizes
        sign, _, words_only = self.app.t(f"legend.{kind}").partition(" ")
        legend = words_only.lstrip() if len(sign) == 1 else f"{sign} {words_only}"
        draw_text(
            canvas,
            legend,
            words,
            size=vp.u(28),
            min_size=vp.u(26),
            colour=theme.CREAM,
            align=align,
            valign=valign,
        )
