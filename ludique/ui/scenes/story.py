"""How the game went: the balance of the game as a chart, a verdict, and a move shown on the board.

Reached from the end screen's button.  A solved game's story is exact (its table, told
here in a few milliseconds); the other games' is the computer's judgement, told by the worker
process (``Opponent.request_story``) within ``ludique.play.analysis.STORY_BUDGET`` seconds while
the screen says so.  Everything is laid out for the window's real size (``self.vp``): the board
and its caption on one side, the chart, the legend and the verdict on the other (one above the
other on a portrait screen).

A solved dice game: the visitor's chance of winning at every throw and move (throws drawn in gold,
moves in cream), a band under it with each throw's luck (bars) and each costly move (triangles:
down for the visitor's, up for the opponent's gifts), the verdict built from the luck sum and
the decisions found perfect, and the best and the costliest move, either shown on the board.
The searched games: who is ahead at every move, the turning point marked on the chart
and shown on the board with its move.  A tap on the chart shows the nearest move on the board.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from ludique.games import dump_game, new_game, spec
from ludique.games.base import PASS, GameState
from ludique.play.analysis import (
    EPSILON,
    STORY_BUDGET,
    Action,
    Story,
    perfect_play_words,
    tell_state,
)
from ludique.play.narration import describe
from ludique.play.visit import end_fields, render
from ludique.ui import theme
from ludique.ui.boards import DieBoard, view_for
from ludique.ui.context import Kiosk
from ludique.ui.layout import (
    LINE_SPACING,
    TOUCH_UNITS,
    draw_text,
    fit_text,
    line_height,
    reading_size,
    record_target,
)
from ludique.ui.scenes.base import Scene
from ludique.ui.story_chart import COST, GIFT, LUCK, StoryChart
from ludique.ui.widgets import Button, label_width

log = logging.getLogger(__name__)

MINUS = "\u2013"  # the faces have no U+2212; the en dash is the typographic stand-in


def summing_points(parts: list[float], total: float) -> list[int]:
    """``parts`` (changes of a chance, 0..1 each side) in whole percentage points that add up
    to ``total`` in whole points, as the chart's start and end read: each rounded, the
    difference carried by the parts that rounding moved most (largest remainders)."""
    shown = [round(100 * part) for part in parts]
    missing = round(100 * total) - sum(shown)
    step = 1 if missing > 0 else -1
    # the parts whose rounding went furthest against the missing points give way first
    order = sorted(range(len(parts)), key=lambda i: step * (shown[i] - 100 * parts[i]))
    for i in order[: abs(missing)]:
        shown[i] += step
    return shown


def whole_points(app: Kiosk, n: int) -> str:
    """A change of the winning chance of ``n`` percentage points, signed."""
    sign = "+" if n > 0 else MINUS if n < 0 else ""
    one = abs(n) == 1 or (app.lang == "fr" and n == 0)
    return app.t("story.points_one" if one else "story.points", value=f"{sign}{abs(n)}")


def plain_points(app: Kiosk, value: float) -> str:
    n = abs(round(100 * value))
    one = n == 1 or (app.lang == "fr" and n == 0)
    return app.t("story.points_one" if one else "story.points", value=str(n))


CHART_UNITS = 420  # the least height of the chart: its scale's labels at the reading floor apart
# the least height under the band, on a totem standing low, for the words under the buttons
FOOT_WORDS_UNITS = 240
CAPTION_LINES = 5  # the room a move's caption keeps under the board (a longer one takes more)


class StoryScene(Scene):
    name = "story"
    board_box: pygame.Rect
    caption_box: pygame.Rect

    def __init__(self, app: Kiosk, game, story: Story | None = None) -> None:
        super().__init__(app)
        self.game = game  # the finished GameScene (its config, its state, its board's turn)
        self.chart = StoryChart(self)
        config = game.config
        colours = game.match.state.colours
        self.you = config.opponent == "computer"
        self.viewpoint = config.visitor_colour if self.you else colours[0]
        state = game.match.state
        self.chain: list[GameState] = [state, *state.ancestors()]
        self.chain.reverse()
        # a game from the start travels to the worker as its record; a set-up position (tests,
        # the self-test) has no record and is told here
        self.record = dump_game(state) if self.chain[0].key == new_game(state.game_id).key else ""
        self.story: Story | None = None
        self.failed = False
        self.waiting = False
        self.shown: Action | None = None  # the move shown on the board
        self.showing = "best"  # a solved game: "best" or "worst"
        self.layout()
        if story is not None:  # already told (the screens renderer, tests)
            self._told(story)

    # --- the story ------------------------------------------------------------------------------
    def enter(self) -> None:
        if self.story is not None or self.waiting:
            return
        if spec(self.game.config.game_id).solved:
            self._told(tell_state(self.game.match.state, self.viewpoint))  # exact and quick: here
            return
        asked = False
        try:
            if self.record:
                asked = self.app.opponent.request_story(self.record, self.viewpoint, STORY_BUDGET)
        except Exception:  # noqa: BLE001 - told plainly below
            log.exception("the story could not be asked for")
        if asked:
            self.waiting = True
        else:
            self._plain()

    def _plain(self) -> None:
        """No worker to ask: the evaluation alone (a few milliseconds), told here."""
        try:
            self._told(tell_state(self.game.match.state, self.viewpoint, 0.0, max_depth=0))
        except Exception:  # noqa: BLE001 - the scene says so and offers the way back
            log.exception("the story could not be told")
            self.failed = True

    def update(self, now: float) -> None:
        if not self.waiting:
            return
        try:
            answer = self.app.opponent.poll_story()
        except Exception:  # noqa: BLE001 - the worker failed: a plainer story
            log.exception("the worker could not tell the story")
            self.waiting = False
            self._plain()
            self.app.invalidate()
            return
        if answer is not None:
            self.waiting = False
            try:
                self._told(Story.from_json(answer))
            except Exception:  # noqa: BLE001
                log.exception("the worker's story could not be read")
                self._plain()
            self.app.invalidate()

    def next_wake(self, now: float) -> float | None:
        return 0.05 if self.waiting else None

    def leave(self) -> None:
        if self.waiting:
            self.app.opponent.cancel()
            self.waiting = False

    def _told(self, story: Story) -> None:
        if len(story.curve) != len(self.chain):
            raise ValueError("the story is not the story of this game")
        self.story = story
        if story.exact:
            self.shown = story.best_move or story.worst_move
            self.showing = "best" if story.best_move is not None else "worst"
        else:
            self.shown = story.turning
        self.layout()

    # --- layout ---------------------------------------------------------------------------------
    @staticmethod
    def _caption_height() -> int:
        """The move's caption under the board: ``CAPTION_LINES`` at the reading floor."""
        step = round(reading_size("bold") * LINE_SPACING)
        return line_height("bold", 0) + (CAPTION_LINES - 1) * step

    @property
    def _spacing(self) -> tuple[int, int]:
        """The margin round the screen and the gap between two of its boxes."""
        return self.vp.u(24), self.vp.u(18)

    def layout(self) -> None:
        vp = self.vp
        m, gap = self._spacing
        switch = self.app.language_switch.area
        title_h = vp.u(80)
        self.title_box = pygame.Rect(m, m, max(vp.u(200), switch.left - 2 * m), title_h)
        button_h = vp.u(110)  # a label on two lines at the reading floor
        # the buttons and the chart (a touch on it shows that move) lie in the band a seated
        # visitor reaches; the board and the words may stand above it
        band = vp.band
        buttons_top = band.bottom - m - button_h
        # the words above the language switch where they hold there (else the chart under it,
        # the words under the chart, as on a table)
        low = band.top > 0 and switch.top - self.title_box.bottom - 2 * gap >= vp.u(200)
        # else, on a landscape screen whose band is not the whole of it: the words beside the
        # switch, the chart at the foot of the column
        beside = band.top > 0 and not low and not vp.portrait and switch.top > self.title_box.bottom
        if low or beside:
            self.title_box.width = vp.width - 2 * m
        top = self.title_box.bottom if low or beside else max(self.title_box.bottom, switch.bottom)
        top += gap
        button_row = pygame.Rect(m, buttons_top, vp.width - 2 * m, button_h)
        # the buttons' row where the screen stands low and they go elsewhere in the band
        self.foot_buttons: pygame.Rect | None = None
        self.foot_column: pygame.Rect | None = None  # the buttons one under the other there
        # the honest line and the note beside the chart, where the words lack the height
        self.note_box: pygame.Rect | None = None
        # what the words leave out where the screen has no room for them at the reading floor,
        # in this order: how a short game ended (the end screen says it), the honest line
        self.short_left_out = False
        self.honest_left_out = False
        if vp.portrait:
            self._portrait_boxes(top, buttons_top, low)
            self._words_room()
            self._board_gives()
        elif not self._foot_boxes(top, button_h):
            title_box = self.title_box.copy()  # (the board's column may set it beside it)
            lacks = []
            # the board (a picture) gives the words width where they lack the height, unless
            # the title then no longer holds beside it
            for slimmer in (False, True, False):
                self.title_box = title_box.copy()
                right = self._board_column(top, buttons_top, low or beside, slimmer=slimmer)
                self._right_column(right, low, beside)
                self._words_room()
                lacks.append(self._words_lack())
                if lacks[0] <= 0 or len(lacks) == 2 and lacks[1] <= lacks[0]:
                    break
            if self._words_lack() > 0 and (self._note_under_switch() or self._note_beside_chart()):
                self._words_room()
        if self._words_lack() > 0:
            self.short_left_out = True
            if self._words_lack() > 0:  # the honest line out: the short game's end back in,
                self.honest_left_out = True  # where it holds without it
                self.short_left_out = False
                self.short_left_out = self._words_lack() > 0
        button_row = self.foot_buttons or button_row
        self.view = view_for(
            self.game.config.game_id, self.board_box, self.game.view.flipped, self.vp.unit
        )
        self.buttons = self._story_buttons(button_row)
        if self.foot_column is not None:
            column, gap = self.foot_column, self._spacing[1]
            high = (column.height - (len(self.buttons) - 1) * gap) // len(self.buttons)
            for i, button in enumerate(self.buttons):
                button.rect = pygame.Rect(
                    column.left, column.top + i * (high + gap), column.width, high
                )

    def _foot_boxes(self, top: int, button_h: int) -> bool:
        """A landscape screen standing low, its foot out of reach: the board (a picture) from
        ``top`` down to the screen's foot; beside it the chart at its least height, the buttons
        under it, in the band, and the words under them down to the foot.  False (nothing
        placed) where the chart and the buttons do not hold in the band, or the buttons'
        labels not in the column beside the board."""
        vp = self.vp
        m, gap = self._spacing
        band = vp.band
        if band.top > 0 or band.bottom >= vp.height:
            return False
        foot = vp.height - m
        # the board's share of the width as on the other screens, else slimmer where the
        # buttons' labels or the words need the width: the first where both hold, else the
        # first where the labels do
        placed: list[tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]] = []
        for slim, slimmer in ((False, False), (True, False), (False, True)):
            right = self._board_column(top, foot + gap, False, slim, slimmer)
            chart = pygame.Rect(right.left, right.top, right.width, vp.u(CHART_UNITS))
            row = pygame.Rect(right.left, chart.bottom + gap, right.width, button_h)
            buttons = self._story_buttons(row)
            labels = [b.label() if callable(b.label) else b.label for b in buttons]
            if row.bottom > band.bottom - m:
                return False
            if sum(self._least_widths(labels)) + (len(labels) - 1) * gap > row.width:
                continue
            if self._one_line(labels, gap, row.width):  # no second line: a touch target high
                row.height = vp.u(TOUCH_UNITS + 8)
            under = row.bottom + gap
            words = pygame.Rect(right.left, under, right.width, foot - under)
            placed.append((self.board_box, self.caption_box, chart, row, words))
            if self.story is None or self._words_need(words.width) <= words.height:
                placed = placed[-1:]
                break
        else:
            if self._foot_column(top, foot, labels):
                return True
        if not placed:
            return False
        board, caption, self.chart_box, self.foot_buttons, self.words_box = placed[0]
        self.board_box, self.caption_box = board, caption
        return True

    def _foot_column(self, top: int, foot: int, labels: list[str]) -> bool:
        """Where the words still lack height under a row of buttons: the buttons in a column
        beside the chart (each label on one line), the words under both, the board slimmer.
        False (nothing placed) where the words lack height there too."""
        vp = self.vp
        gap = self._spacing[1]
        right = self._board_column(top, foot + gap, False, slimmer=True)
        size, pad = vp.u(36), vp.u(40)
        column_w = max(label_width(label, size) + pad for label in labels)
        chart_h = vp.u(CHART_UNITS)
        button_h = (chart_h - (len(labels) - 1) * gap) // len(labels)
        chart = pygame.Rect(right.left, right.top, right.width - column_w - gap, chart_h)
        under = chart.bottom + gap
        words = pygame.Rect(right.left, under, right.width, foot - under)
        if button_h < vp.u(TOUCH_UNITS) or chart.bottom > vp.band.bottom - self._spacing[0]:
            return False
        if self._words_need(words.width) > words.height:
            return False
        self.chart_box, self.words_box = chart, words
        self.foot_column = pygame.Rect(chart.right + gap, chart.top, column_w, chart_h)
        self.foot_buttons = self.foot_column
        return True

    def _portrait_boxes(self, top: int, buttons_top: int, low: bool) -> None:
        """A portrait screen, one box under the other from ``top`` to the buttons: the chart,
        the words, the board and its caption; where the band is low, the chart under the
        language switch and the rest above it."""
        vp = self.vp
        m, gap = self._spacing
        switch = self.app.language_switch.area
        width = vp.width - 2 * m
        body = buttons_top - gap - top
        self.chart_box = pygame.Rect(m, top, width, body * 30 // 100)
        self.words_box = pygame.Rect(m, self.chart_box.bottom + gap, width, body * 26 // 100)
        board_top = self.words_box.bottom + gap
        caption_h = self._caption_height()
        self.caption_box = pygame.Rect(m, buttons_top - gap - caption_h, width, caption_h)
        self.board_box = pygame.Rect(m, board_top, width, self.caption_box.top - board_top)
        foot = vp.height - m
        held = top + vp.u(CHART_UNITS) + gap + vp.u(110) <= vp.band.bottom - m
        if not low and held and foot - (vp.band.bottom - m + gap) >= vp.u(FOOT_WORDS_UNITS):
            # the screen stands low, its foot out of reach: the chart at its least height and
            # the buttons under it, in the band; under them the words, then the board and its
            # caption down to the screen's foot
            self.chart_box.height = vp.u(CHART_UNITS)
            row = self.chart_box.bottom + gap
            self.foot_buttons = pygame.Rect(m, row, width, vp.u(110))
            under = self.foot_buttons.bottom + gap
            body = foot - under
            # the words as high as they need (two fifths at least), the board 200 units
            need = self._words_need(width) if self.story is not None else 0
            high = max(body * 2 // 5, min(need, body - caption_h - 2 * gap - vp.u(200)))
            self.words_box = pygame.Rect(m, under, width, high)
            self.caption_box = pygame.Rect(m, foot - caption_h, width, caption_h)
            board_top = self.words_box.bottom + gap
            self.board_box = pygame.Rect(m, board_top, width, self.caption_box.top - board_top)
        body = switch.top - gap - top
        # the board between the words and its caption over the switch: where that leaves it
        # no room (a totem standing low, its band beginning high), the words alone there and
        # the chart, the board and its caption under the switch
        if low and body - body * 45 // 100 - 2 * gap - caption_h <= 0:
            self.words_box = pygame.Rect(m, top, width, body)
            under = switch.bottom + gap
            self.chart_box = pygame.Rect(m, under, width, vp.u(CHART_UNITS))
            board_top = self.chart_box.bottom + gap
            self.board_box = pygame.Rect(m, board_top, width, self.caption_box.top - board_top)
        elif low:  # the chart under the language switch, the rest above it
            under = switch.bottom + gap
            self.chart_box = pygame.Rect(m, under, width, buttons_top - gap - under)
            self.words_box = pygame.Rect(m, top, width, body * 45 // 100)
            self.caption_box = pygame.Rect(m, switch.top - gap - caption_h, width, caption_h)
            board_top = self.words_box.bottom + gap
            self.board_box = pygame.Rect(m, board_top, width, self.caption_box.top - board_top)

    def _board_column(
        self, top: int, buttons_top: int, band_low: bool, slim: bool = False, slimmer: bool = False
    ) -> pygame.Rect:
        """A landscape screen: the board and its caption on the left, from ``top`` down to the
        buttons (the title over this column alone where the band is low and the title holds
        there); the rectangle left on the right for the chart and the words."""
        vp = self.vp
        m, gap = self._spacing
        # the board (a picture) gives the chart more width where the band is low
        share = 0.22 if slimmer else 0.3 if band_low or slim else 0.4
        board_w = round((vp.width - 2 * m - gap) * share)
        caption_h = self._caption_height()
        self.caption_box = pygame.Rect(m, buttons_top - gap - caption_h, board_w, caption_h)
        self.board_box = pygame.Rect(m, top, board_w, self.caption_box.top - gap - top)
        # above the band the words beside the board start at the top, the title over the
        # board's column only: the words at the reading floor need the height
        # (where the title holds there on two lines at most)
        title = self.app.t("story.title")
        narrow = fit_text(title, "display", vp.u(60), (board_w, 10**6), max_lines=2)
        beside_title = band_low and not narrow.overflow
        right_top = m if beside_title else top
        if beside_title:
            self.title_box.width = board_w
            if narrow.height > self.title_box.height:  # on two lines: the board lower
                grow = narrow.height - self.title_box.height
                self.title_box.height += grow
                self.board_box.top += grow
                self.board_box.height -= grow
        right = pygame.Rect(
            self.board_box.right + gap, right_top, vp.width - m - self.board_box.right - gap, 0
        )
        right.height = buttons_top - gap - right_top
        return right

    def _right_column(self, right: pygame.Rect, low: bool, beside: bool) -> None:
        """The chart and the words in the column beside the board: the chart over the words;
        where the band is low, the words above the language switch and the chart under it;
        where the switch stands beside the column, the chart at the column's foot."""
        vp = self.vp
        gap = self._spacing[1]
        switch = self.app.language_switch.area
        band = vp.band
        self.chart_box = pygame.Rect(
            right.left, right.top, right.width, max(vp.u(CHART_UNITS), right.height // 2)
        )
        self.words_box = pygame.Rect(
            right.left,
            self.chart_box.bottom + gap,
            right.width,
            right.bottom - self.chart_box.bottom - gap,
        )
        if low:  # the words above the language switch, the chart under it (or beside it
            # where under it the chart would be too low to read its scale)
            under = switch.bottom + gap
            self.words_box = pygame.Rect(
                right.left, right.top, right.width, switch.top - gap - right.top
            )
            self.chart_box = pygame.Rect(right.left, under, right.width, right.bottom - under)
            if self.chart_box.height < vp.u(CHART_UNITS):
                self.words_box.height = band.top - gap - right.top
                self.chart_box.top = band.top + gap
                self.chart_box.width = switch.left - gap - right.left
                self.chart_box.height = right.bottom - self.chart_box.top
        elif beside:
            chart_top = max(
                right.bottom - max(vp.u(CHART_UNITS), right.height * 2 // 5), band.top + gap
            )
            self.chart_box = pygame.Rect(right.left, chart_top, right.width, 0)
            self.chart_box.height = right.bottom - chart_top
            if self.chart_box.top < switch.bottom + gap:
                self.chart_box.width = switch.left - gap - right.left
            self.words_box = pygame.Rect(right.left, right.top, right.width, 0)
            self.words_box.height = self.chart_box.top - gap - right.top
            if self.words_box.bottom > switch.top:
                self.words_box.width = switch.left - gap - right.left

    def _words_room(self) -> bool:
        """The words' box grown into the chart's beside it (over or under it, in one column)
        where the told story's words need more height at the reading floor, the chart kept at
        its least height: a short game's verdict says the score too.  False where they still
        lack room."""
        vp = self.vp
        gap = self._spacing[1]
        switch = self.app.language_switch.area
        chart, words = self.chart_box, self.words_box
        if self.story is None or chart.left != words.left:
            return self._words_lack() <= 0
        beside = words.top - chart.bottom <= gap and chart.top - words.bottom <= gap
        if not beside:  # (the switch between them, or the buttons)
            return self._words_lack() <= 0
        # the words over the chart, wider than the room beside the switch under them: first
        # down to the switch at their width, then, narrowed, beside it
        wide = words.right > switch.left and words.bottom <= switch.top
        for _ in range(3):
            lack = self._words_need(words.width) - words.height
            spare = chart.height - vp.u(CHART_UNITS)
            give = min(lack, spare)
            held = wide and words.bottom <= chart.top
            wide = False
            if held:
                give = min(give, switch.top - gap - words.bottom)
            if give <= 0:
                if held and lack > 0:
                    continue
                return lack <= 0
            if chart.bottom <= words.top:  # the chart over the words
                chart.height -= give
                words.top -= give
            elif words.bottom <= chart.top:  # the words over the chart
                chart.top += give
                chart.height -= give
            else:
                return lack <= 0
            words.height += give
            if words.colliderect(switch) and words.left < switch.left:
                words.width = switch.left - gap - words.left
            if chart.colliderect(switch) and chart.left < switch.left:
                chart.width = switch.left - gap - chart.left
        return self._words_need(words.width) <= words.height

    def _board_gives(self) -> None:
        """A portrait screen: the words grown into the board under them (a picture, drawn
        smaller) where the chart gave what it could, the board kept at half its height."""
        words, board = self.words_box, self.board_box
        if board.left != words.left or board.top < words.bottom:
            return
        give = min(self._words_lack(), board.height // 2)
        if give > 0:
            words.height += give
            board.top += give
            board.height -= give

    def _note_under_switch(self) -> bool:
        """The honest line (and the note, where it holds) under the language switch, where the
        chart beside it was narrowed to leave the switch its column, widened into the chart
        where the line needs it.  False where it holds nowhere there."""
        chart, switch = self.chart_box, self.app.language_switch.area
        if chart.right > switch.left:
            return False
        m, gap = self._spacing
        right = self.vp.width - m
        return self._note_at(right, switch.bottom + gap, right - switch.left)

    def _note_beside_chart(self) -> bool:
        """The honest line (and the note, where it holds) at the chart's right end: where the
        legend and the verdict need the whole height of the words' box.  False where the line
        holds nowhere there."""
        chart = self.chart_box
        return self._note_at(chart.right, chart.top, self.vp.u(300))

    def _note_at(self, right: int, top: int, narrowest: int) -> bool:
        """The honest line in a box ending at ``right``, from ``top`` to the chart's foot, as
        narrow as holds it at the reading floor and at least ``narrowest``, the chart narrowed
        beside it but keeping the width its scale's labels need apart.  False where no such
        box holds it."""
        vp = self.vp
        honest = self._honest()
        chart = self.chart_box
        gap = self._spacing[1]
        if not honest or vp.portrait:
            return False
        floor = reading_size()
        widest = right - (chart.left + 2 * vp.u(CHART_UNITS) + gap)
        for width in range(narrowest, widest, vp.u(20)):
            size = (width, chart.bottom - top)
            if not fit_text(honest, "italic", floor, size).overflow:
                self.note_box = pygame.Rect(right - width, top, *size)
                chart.width = min(chart.width, right - width - gap - chart.left)
                return True
        return False

    def _words_lack(self) -> int:
        """How much higher the words' box must be for the told story's words (<= 0: none)."""
        if self.story is None:
            return 0
        return self._words_need(self.words_box.width) - self.words_box.height

    def _words_need(self, width: int) -> int:
        """The height the story's words need at the reading floor in a box ``width`` wide:
        the legend, the verdict and the honest line (the note under them may be left out)."""
        vp = self.vp
        floor = reading_size()
        legend = self._legend_height(width) if self._exact else 0
        verdict = self._verdict_text()
        need = legend + vp.u(4) + fit_text(verdict, "bold", floor, (width, 10**6)).height + vp.u(8)
        honest = self._honest() if self.note_box is None else ""
        if honest:
            need += fit_text(honest, "italic", floor, (width, 10**6)).height + vp.u(4)
        return need

    def _verdict_text(self) -> str:
        """The verdict and how a short game ended; the latter left out where the screen holds
        no room for it at the reading floor (the end screen says it, and the legend's line
        names the end on the score)."""
        short = "" if self.short_left_out else self.short_end()
        return " ".join(filter(None, (self.verdict(), short)))

    @property
    def _exact(self) -> bool:
        return self.story is not None and self.story.exact

    def _honest(self) -> str:
        """One honest line against Even match: this opponent measured what the visitor's moves
        lost and played at that loss (docs/ai.md, "Even match")."""
        if self.you and self.game.config.strength == "even" and not self.honest_left_out:
            return self.app.t("story.even_opponent")
        return ""

    def _story_buttons(self, row: pygame.Rect) -> list[Button]:
        """The buttons along ``row``: which move the board shows (a solved game: the best or
        the costliest, greyed where there is none), then back to the end and home."""
        vp, t = self.vp, self.app.t
        specs: list[tuple[str, Callable[[], str], Callable[[], None], str]] = []
        if spec(self.game.config.game_id).solved:
            specs += [
                ("best", lambda: t("story.show_best"), lambda: self.show("best"), "best"),
                ("worst", lambda: t("story.show_worst"), lambda: self.show("worst"), "worst"),
            ]
        specs += [
            ("back", lambda: t("button.back"), self.back, ""),
            ("home", lambda: t("button.home"), lambda: self.app.go("home"), ""),
        ]
        gap = self._spacing[1]
        widths = self._button_widths([label() for _, label, _, _ in specs], gap, row.width)
        lefts = [row.left + sum(widths[:i]) + i * gap for i in range(len(specs))]
        story = self.story
        buttons = []
        for (name, label, action, mode), left, width in zip(specs, lefts, widths, strict=True):
            kind = "selected" if mode and mode == self.showing else "normal"
            if name == "back":
                kind = "primary"
            button = Button(
                pygame.Rect(left, row.top, width, row.height),
                label,
                action,
                kind,
                name=name,
                size=vp.u(36),
            )
            if story is not None and mode in ("best", "worst"):
                button.enabled = (
                    story.best_move if mode == "best" else story.worst_move
                ) is not None
            buttons.append(button)
        return buttons

    def _button_widths(self, labels: list[str], gap: int, width: int) -> list[int]:
        """The buttons' widths along a row ``width`` wide: equal where every label holds on
        one line at the reading floor; else each at least as wide as its longest word, the
        rest of the row shared in proportion to what each still lacks for one line."""
        vp = self.vp
        room = width - (len(labels) - 1) * gap
        size = vp.u(36)
        pad = vp.u(40)  # the button's own margins
        full = [label_width(label, size) + pad for label in labels]
        if max(full) <= room // len(labels):
            return [room // len(labels)] * len(labels)
        least = self._least_widths(labels)
        lacks = [f - low for f, low in zip(full, least, strict=True)]
        spare = max(0, room - sum(least))
        total = sum(lacks) or 1
        return [
            low + min(lack, spare * lack // total) for low, lack in zip(least, lacks, strict=True)
        ]

    def _one_line(self, labels: list[str], gap: int, width: int) -> bool:
        """Whether every label holds on one line in a row ``width`` wide shared equally."""
        size, pad = self.vp.u(36), self.vp.u(40)
        room = (width - (len(labels) - 1) * gap) // len(labels)
        return all(label_width(label, size) + pad <= room for label in labels)

    def _least_widths(self, labels: list[str]) -> list[int]:
        """Each button as wide as its longest word at the reading floor, with its margins."""
        size, pad = self.vp.u(36), self.vp.u(40)
        return [max(label_width(word, size) for word in label.split()) + pad for label in labels]

    def show(self, which: str) -> None:
        story = self.story
        if story is None or not story.exact:
            return
        action = story.best_move if which == "best" else story.worst_move
        if action is None:
            return
        self.showing = which
        self.shown = action
        self.layout()

    def back(self) -> None:
        self.app.go("end", game=self.game)

    # --- input ----------------------------------------------------------------------------------
    def on_pointer(self, pointer) -> None:
        super().on_pointer(pointer)
        if pointer.kind != "down" or self.story is None:
            return
        plot = self.chart.plot_rect()
        if not plot.inflate(0, self.vp.u(40)).collidepoint(pointer.pos):
            return
        action = self.action_at(pointer.pos[0])
        if action is not None:
            self.shown = action
            self.showing = ""
            self.layout()
            self.app.invalidate()

    def action_at(self, x: float) -> Action | None:
        """The move nearest to ``x`` on the chart (a move, not a throw: the board shows moves)."""
        story = self.story
        assert story is not None  # (drawn once the story is told)
        moves = [a for a in story.actions if a.kind == "move" and a.move_kind != PASS]
        if not moves:
            return None
        return min(moves, key=lambda a: abs(self.chart.x_of(a.index) - x))

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> None:
        vp = self.vp
        t = self.app.t
        canvas.blit(theme.background(vp.size), (0, 0))
        draw_text(
            canvas,
            t("story.title"),
            self.title_box,
            role="display",
            size=vp.u(60),
            colour=theme.GOLD,
            align="left",
            max_lines=2,
        )
        story = self.story
        if story is None:
            message = t("story.failed") if self.failed else t("story.computing")
            if self.waiting:  # dots that move stand for the text's own ellipsis
                message = message.rstrip("….").rstrip()
                message += "." * (1 + int(self.app.now() * 3) % 3)
            self._draw_board(canvas, self.game.match.state, None)
            theme.rounded_panel(
                canvas, self.chart_box, theme.DEEP_2, theme.GOLD_DARK, vp.u(18), vp.u(2)
            )
            draw_text(
                canvas,
                message,
                self.chart_box.inflate(-vp.u(60), -vp.u(60)),
                role="bold",
                size=vp.u(40),
                colour=theme.CREAM,
            )
        else:
            self._draw_shown(canvas)
            self.chart.draw(canvas)
            record_target(canvas, self.chart.plot_rect(), "chart")
            self._draw_words(canvas)
        for button in self.buttons:
            button.draw(canvas)

    def _draw_board(self, canvas, state: GameState, action: Action | None) -> None:
        view = self.view
        marks, glow, targets = [], [], []
        if action is not None:
            move = state.find_move(action.text)
            if move is not None:
                frm = move.frm if move.frm not in (None, "reserve") else None
                to = move.to
                if frm is not None:
                    glow.append(frm)
                if to is not None:
                    targets.append(to)
                    marks.append(to)
        view.draw(canvas, state, marks=marks, glow=glow, targets=targets)
        if isinstance(view, DieBoard):
            view.draw_die(canvas, state.die)

    def _draw_shown(self, canvas) -> None:
        vp = self.vp
        story = self.story
        assert story is not None  # (drawn once the story is told)
        action = self.shown
        if action is None:
            caption = self.app.t("story.no_mistake") if story.exact else ""
        else:
            caption = self.caption(action)
        box = self._caption_place(caption)
        if action is None:
            self._draw_board(canvas, self.chain[-1], None)
        else:
            self._draw_board(canvas, self.chain[action.index - 1], action)
        if caption:
            draw_text(
                canvas,
                caption,
                box,
                role="bold",
                size=vp.u(32),
                colour=theme.CREAM,
            )

    def _caption_place(self, caption: str) -> pygame.Rect:
        """The caption's box: the one laid out, grown up into the board's where the words
        need more lines at the reading floor (the board, a picture, is drawn smaller)."""
        box = self.caption_box.copy()
        floor = reading_size("bold")
        need = fit_text(caption, "bold", floor, (box.width, 10**6), min_size=floor).height
        board = self.board_box.copy()
        if need > box.height:
            grow = min(need - box.height, max(0, board.height - self.vp.u(200)))
            box.top -= grow
            box.height += grow
            board.height -= grow
        if board != self.view.rect:
            self.view = view_for(
                self.game.config.game_id, board, self.game.view.flipped, self.vp.unit
            )
        return box

    def caption(self, action: Action) -> str:
        t = self.app.t
        story = self.story
        assert story is not None  # (drawn once the story is told)
        before = self.chain[action.index - 1]  # the move in words, from the position it left
        move = describe(before, action.text, t)
        colour = t(f"colour.{action.colour}")
        if story.exact:
            if action.colour != self.viewpoint or not (action.decision or action.cost > EPSILON):
                return t("story.move_turn", turn=action.turn, move=move, colour=colour)
            if action.cost > EPSILON:
                return t(
                    "story.worst_move",
                    turn=action.turn,
                    move=move,
                    points=plain_points(self.app, action.cost),
                    best=describe(before, action.best, t, advice=True) if action.best else "",
                )
            return t(
                "story.best_move",
                turn=action.turn,
                move=move,
                points=plain_points(self.app, action.saved),
            )
        if action != story.turning:
            return t("story.move_number", number=action.index, move=move, colour=colour)
        if self.you:
            key = (
                "story.turning_you" if action.colour == self.viewpoint else "story.turning_computer"
            )
            return t(key, number=action.index, move=move)
        return t("story.turning_colour", number=action.index, move=move, colour=colour)

    def _draw_words(self, canvas) -> None:
        """The words beside the chart: a solved game's legend, the verdict, and a note on how
        the chances were found."""
        vp = self.vp
        story = self.story
        assert story is not None  # (drawn once the story is told)
        box = self.words_box
        y = self._draw_legend(canvas) if story.exact else box.top
        y += vp.u(4)
        verdict = self._verdict_text()
        honest = self._honest()
        note_box = self.note_box
        verdict_h = self._verdict_height(verdict, "" if note_box else honest, box.bottom - y)
        draw_text(
            canvas,
            verdict,
            pygame.Rect(box.left, y, box.width, verdict_h),
            role="bold",
            size=vp.u(36),
            colour=theme.GOLD,
            align="left",
            valign="top",
        )
        y += verdict_h
        if note_box is None:
            note_box = pygame.Rect(box.left, y, box.width, box.bottom - y)
        self._draw_note(canvas, note_box, honest)

    def legend(self) -> list[tuple[str, tuple[int, int, int], str]]:
        """A solved game's legend (shape, colour, words): a bar for the luck of the throws, a
        triangle for what the viewpoint's moves cost, one (upward) for what the opponent's
        moves gave him and, a short game ended on its score, what the score changed: whole
        points that add up to the change of his chance from the chart's start to its end."""
        t, app = self.app.t, self.app
        story = self.story
        assert story is not None  # (drawn once the story is told)
        parts = [story.luck, story.skill, story.gifts]
        if story.short_game:
            parts.append(story.short_game)
        change = round(100 * story.curve[-1]) - round(100 * story.curve[0])
        luck, skill, gifts, *short = summing_points(parts, change / 100)
        if self.you:
            cost_text = t("story.legend_cost", points=whole_points(app, skill))
            gifts_text = t("story.legend_gifts", points=whole_points(app, gifts))
        else:
            other = next(c for c in self.chain[0].colours if c != self.viewpoint)
            cost_text = t(
                "story.legend_cost_colour",
                colour=t(f"colour.{self.viewpoint}"),
                points=whole_points(app, skill),
            )
            gifts_text = t(
                "story.legend_gifts_colour",
                colour=t(f"colour.{other}"),
                points=whole_points(app, gifts),
            )
        legend = [
            ("bar", LUCK, t("story.legend_luck", points=whole_points(app, luck))),
            ("triangle", COST, cost_text),
            ("gift", GIFT, gifts_text),
        ]
        legend += [
            ("score", theme.CREAM, t("story.legend_short", points=whole_points(app, n)))
            for n in short
        ]
        return legend

    def _legend_heights(self, width: int) -> list[int]:
        """Each line of the legend's height in a box ``width`` wide (its mark beside it): one
        line at the reading floor, or more where its words need them."""
        vp = self.vp
        text_w = width - vp.u(44)
        return [
            fit_text(text, "text", vp.u(28), (text_w, 10**6)).height for _, _, text in self.legend()
        ]

    def _legend_height(self, width: int) -> int:
        return sum(self._legend_heights(width))

    def _draw_legend(self, canvas) -> int:
        """The legend at the top of the words, a line each (wrapped where it is longer than
        the box), its mark beside its first line; the y under it."""
        vp = self.vp
        box = self.words_box
        line_h = line_height("text", 0)  # a legend's line at the reading floor
        y = box.top
        heights = self._legend_heights(box.width)
        for (shape, colour, text), height in zip(self.legend(), heights, strict=True):
            cx, cy = box.left + vp.u(16), y + line_h // 2
            if shape == "bar":
                pygame.draw.rect(
                    canvas, colour, pygame.Rect(cx - vp.u(3), cy - vp.u(14), vp.u(6), vp.u(28))
                )
            elif shape in ("triangle", "gift"):  # down for a cost, up for a gift, as the band
                w = vp.u(11)
                tip = w if shape == "triangle" else -w
                pygame.draw.polygon(
                    canvas, colour, [(cx - w, cy - tip), (cx + w, cy - tip), (cx, cy + tip)]
                )
            draw_text(
                canvas,
                text,
                pygame.Rect(box.left + vp.u(44), y, box.width - vp.u(44), height),
                size=vp.u(28),
                colour=theme.CREAM,
                align="left",
                valign="top",
            )
            y += height
        return y

    def _verdict_height(self, verdict: str, honest: str, rest: int) -> int:
        """The verdict's height out of the ``rest`` of the words' box: as high as its words
        need at the reading floor, less what the honest line needs to stay whole."""
        vp = self.vp
        width = self.words_box.width
        floor = reading_size()
        verdict_h = fit_text(verdict, "bold", floor, (width, 10**6), min_size=floor).height
        verdict_h = min(rest, verdict_h + vp.u(8))
        if honest:
            # the honest line always stays whole: the verdict gives up what it needs (its box
            # shrinks its words) rather than the line running under the buttons
            needed = fit_text(honest, "italic", floor, (width, rest), min_size=floor).height
            verdict_h = max(0, min(verdict_h, rest - needed - vp.u(4)))
        return verdict_h

    def _draw_note(self, canvas, note_box: pygame.Rect, honest: str) -> None:
        """How the chances were found, under the verdict, after the honest line: where the
        box is small, shortened, then left out; the honest line always stays."""
        t = self.app.t
        story = self.story
        assert story is not None  # (drawn once the story is told)
        exact = t("story.exact")
        if story.exact and self.game.match.state.visit is not None:
            # the solved table is the full game's: a short game's end by the score is not in it
            exact = f"{exact} {t('visit.full_chances')}"
        how = (
            f"{exact} {t('story.history', **perfect_play_words(t, story.game_id))}"
            if story.exact
            else t("story.judged", depth=story.depth)
            if story.depth > 1
            else t("story.judged_one")
            if story.depth == 1
            else t("story.judged_glance")
        )
        notes = [
            " ".join(filter(None, (honest, how))),
            " ".join(filter(None, (honest, exact if story.exact else ""))),
            honest,
        ]
        floor = reading_size()
        note = next(
            (
                n
                for n in notes
                if n and not fit_text(n, "italic", floor, note_box.size, min_size=floor).overflow
            ),
            notes[-1],
        )
        if not note:  # no room for how the chances were found, and no honest line
            return
        draw_text(
            canvas,
            note,
            note_box,
            role="italic",
            size=floor,
            min_size=floor,
            colour=theme.MUTED,
            align="left",
            valign="top",
        )

    def short_end(self) -> str:
        """How a short game ended, as the end screen says it (the moves each and the score),
        or "" for a game that ended otherwise."""
        state = self.game.match.state
        short = end_fields(state)
        outcome = state.outcome
        if not short or outcome is None:
            return ""
        winner = outcome.winner
        names = {"winner": self.app.t(f"colour.{winner}") if winner else ""}
        return render(("visit.end" if winner else "visit.end_draw", {**names, **short}), self.app.t)

    def verdict(self) -> str:
        """A solved game: the luck sentence and the skill sentence; the other games: the
        turning point's sentence."""
        t = self.app.t
        story = self.story
        assert story is not None  # (drawn once the story is told)
        if not story.exact:
            ahead = sum(1 for v in story.curve if v > 0.5) / len(story.curve)
            share = t("story.percent", value=round(100 * ahead))
            if self.you:
                return t("story.ahead_share_you", percent=share)
            name = t(f"colour.{self.viewpoint}")
            return t("story.ahead_share_colour", colour=name, percent=share)
        luck = story.luck
        mood = "with" if luck > 0.05 else "against" if luck < -0.05 else "even"
        decisions = len(story.decisions())
        perfect = story.perfect
        if decisions == 0:
            skill = "forced"
        elif perfect == decisions:
            skill = "all"
        elif perfect == 0:
            skill = "none"
        else:
            skill = "some"
        if self.you:
            first = t(f"story.luck_{mood}")
            second = t(f"story.skill_{skill}", perfect=perfect, decisions=decisions)
        else:
            name = t(f"colour.{self.viewpoint}")
            first = t(
                f"story.luck_{mood}_colour" if mood != "even" else "story.luck_even", colour=name
            )
            second = t(
                f"story.skill_{skill}_colour", colour=name, perfect=perfect, decisions=decisions
            )
        # "but" when the dice and the play pulled different ways, "and" otherwise
        good = skill == "all" or skill == "some" and perfect * 2 >= decisions
        contrast = (mood == "against" and good) or (
            mood == "with" and skill in ("none", "some") and not good
        )
        verdict = t(
            "story.verdict_but" if contrast else "story.verdict_and", luck=first, skill=second
        )
        return verdict[:1].upper() + verdict[1:]
