"""The game screen: the board, the die, the side strip, moves by drag or tap-tap, the computer.

The visitor's moves are only ever taken from ``state.legal_moves()``: a drop or a tap becomes a
move only when it matches one of them, so the screen cannot make an illegal move.
"""

from __future__ import annotations

import logging
import math
import random
from collections import Counter
from dataclasses import dataclass, field

import pygame

from ludique.ai import STRENGTHS
from ludique.games import dump_game, new_game
from ludique.games.base import GameState, Move, Piece
from ludique.settings import Settings
from ludique.ui import theme
from ludique.ui.boards import PenteView, view_for
from ludique.ui.boards.sprites import ghost, piece_sprite
from ludique.ui.layout import Viewport, draw_text, fit_text
from ludique.ui.pixels import PIXELS
from ludique.ui.scenes import Scene
from ludique.ui.widgets import Button, press_button

log = logging.getLogger(__name__)

DRAG_UNITS = 18  # layout units a press travels before it becomes a drag
COMPUTER_MIN_SECONDS = 0.6  # the computer never answers faster (the visitor must see it coming)
HINT_SECONDS = 8.0
PULSE_SECONDS = 1.6  # one breath of the hesitation hint
PULSE_FRAME = 1 / 15  # the hint breathes at 15 frames a second (not 60: it is a hint)
NOTICE_SECONDS = 4.0  # a short message over the board (a refused drop, the battle begins)
IDLE_FACE = 5  # the face the die shows before anybody has thrown (a die, not a blank tile)
PASS_SECONDS = 2.0
END_PAUSE = 1.4


@dataclass
class GameConfig:
    game_id: str
    opponent: str = "computer"  # "computer", "two-players" or "demo" (computer against itself)
    strength: str = "player"
    visitor_colour: str | None = None  # None: the colour that moves first

    @classmethod
    def default_for(cls, game_id: str, settings: Settings) -> GameConfig:
        strength = settings.default_strength
        if strength not in STRENGTHS:
            strength = "player"
        return cls(game_id, "computer", strength, None)


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


def game_layout(vp: Viewport, switch: pygame.Rect) -> GameLayout:
    """The game screen for viewport ``vp``; ``switch`` is the language switch's corner."""
    m = vp.u(20)
    gap = vp.u(16)
    if vp.portrait:
        board = pygame.Rect(m, switch.bottom + m, vp.width - 2 * m, round(vp.height * 0.56))
        strip = pygame.Rect(m, board.bottom + m, vp.width - 2 * m, vp.height - board.bottom - 2 * m)
        column = strip.width * 3 // 5
        words = pygame.Rect(strip.left, strip.top, column - gap, strip.height)
        button_h = min(vp.u(110), (strip.height - 3 * gap) // 4)
        button_x, button_w = strip.left + column, strip.width - column
        button_top = strip.top
    else:
        strip_w = vp.u(420)
        board = pygame.Rect(m, m, vp.width - strip_w - 3 * m, vp.height - 2 * m)
        strip = pygame.Rect(
            board.right + m, switch.bottom + m, strip_w, vp.height - switch.bottom - 2 * m
        )
        button_h = vp.u(84)
        button_x, button_w = strip.left, strip.width
        button_top = strip.bottom - 4 * button_h - 3 * gap
        words = pygame.Rect(strip.left, strip.top, strip.width, button_top - gap - strip.top)
    buttons = tuple(
        pygame.Rect(button_x, button_top + i * (button_h + gap), button_w, button_h)
        for i in range(4)
    )
    title = pygame.Rect(words.left, words.top, words.width, vp.u(110))
    mode = pygame.Rect(words.left, title.bottom, words.width, vp.u(48))
    # whose turn it is, and under it the next step in one line (room for both, so the panel
    # keeps its size from turn to turn)
    status = pygame.Rect(words.left, mode.bottom + vp.u(14), words.width, vp.u(172))
    scores = pygame.Rect(words.left, status.bottom + vp.u(16), words.width, 0)
    scores.height = max(0, words.bottom - scores.top)
    return GameLayout(board, strip, title, mode, status, scores, buttons)


def static_layer(view, size: tuple[int, int]) -> pygame.Surface:
    """The backdrop of a ``size`` window with the board on it, opaque: one plain blit per frame
    (made once)."""

    def compose() -> pygame.Surface:
        layer = theme.background(size).copy()
        layer.blit(view.board_surface(), view.rect)
        return layer.convert() if pygame.display.get_surface() is not None else layer

    key = ("static layer", size, type(view), tuple(view.rect), view.flipped)
    return PIXELS.get_or_draw(key, compose)


def warm_up_tasks(vp: Viewport, switch: pygame.Rect) -> list:
    """Small jobs that prepare every board and sprite a game screen needs, so that the first
    frame of a game does not stall; the app runs them one at a time while nothing moves."""
    tasks = []
    board_rect = game_layout(vp, switch).board
    kinds = {
        "pente-grammai": ("counter",),
        "epaminondas": ("piece",),
        "latrunculi-seneca": ("man", "incitus"),
        "latrunculi-dux": ("man", "dux"),
    }
    for game_id, piece_kinds in kinds.items():
        colours = ("white", "black") if game_id == "epaminondas" else ("blue", "white")
        # beyond full HD both turns of every board would not fit the picture budget together:
        # the board the visitor meets first (first colour, unturned) is prepared
        turns = (False, True) if vp.width * vp.height <= 1920 * 1080 else (False,)
        for flipped in turns:

            def board(game_id=game_id, flipped=flipped) -> None:
                static_layer(view_for(game_id, board_rect, flipped), vp.size)

            tasks.append(board)

        def sprites(game_id=game_id, piece_kinds=piece_kinds, colours=colours) -> None:
            radius = view_for(game_id, board_rect).radius
            for colour in colours:
                for kind in piece_kinds:
                    piece_sprite(colour, kind, radius)
                    piece_sprite(colour, kind, int(radius * 1.12))
                piece_sprite(colour, piece_kinds[0], vp.u(30))

        tasks.append(sprites)
    return tasks


def state_colours(state: GameState) -> tuple[str, ...]:
    return tuple(state.colours)


def ease(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


def along(points: list[tuple[float, float]], t: float) -> tuple[float, float]:
    """The point at fraction ``t`` of the polyline ``points`` (by length)."""
    if len(points) == 1:
        return points[0]
    lengths = [math.dist(a, b) for a, b in zip(points, points[1:], strict=False)]
    total = sum(lengths) or 1.0
    d = ease(t) * total
    for (a, b), seg in zip(zip(points, points[1:], strict=False), lengths, strict=True):
        if d <= seg or seg == 0 and d <= 0:
            k = d / seg if seg else 1.0
            return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
        d -= seg
    return points[-1]


@dataclass
class Anim:
    """A move (or a piece going back) shown over ``duration`` seconds, then ``after`` holds."""

    start: float
    duration: float
    movers: list[tuple[Piece, list[tuple[float, float]]]]
    hidden: list[tuple[str, str]]
    fading: list[str]
    after: GameState | None
    sound: str | None = None
    late: frozenset[int] = frozenset()  # movers that start only when the others arrive
    flips: list[tuple[Piece, Piece]] = field(default_factory=list)  # turned over in place


@dataclass
class DieRoll:
    start: float
    duration: float
    value: int


@dataclass
class Drag:
    origin: str
    start: tuple[float, float]
    pos: tuple[float, float]
    moved: bool = False
    hover: str | None = None
    was_selected: bool = False


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


class GameScene(Scene):
    name = "game"

    def __init__(
        self,
        app,
        config: GameConfig,
        state: GameState | None = None,
        board_rect: pygame.Rect | None = None,
    ) -> None:
        super().__init__(app)
        self.config = config
        self.state = state or new_game(config.game_id)
        colours = self.state.colours
        if config.visitor_colour not in colours:
            config.visitor_colour = colours[0]
        self.demo = config.opponent == "demo"
        flipped = config.opponent == "computer" and config.visitor_colour == colours[1]
        self.fixed_board = board_rect  # a demo's board is placed by its host scene
        self.placed = game_layout(app.viewport, app.language_switch.area)
        self.view = view_for(config.game_id, board_rect or self.placed.board, flipped)
        self.started = app.now()
        self.anim: Anim | None = None
        self.roll: DieRoll | None = None
        self.drag: Drag | None = None
        self.selected: str | None = None
        self.last_die: int | None = None
        self.auto_roll_at: float | None = None
        self.pass_at: float | None = None
        self.think_started: float | None = None
        self.answer: str | None = None
        self.ending_at: float | None = None
        self.finished = False
        self.turn_started = app.now()
        self.checkpoints: list[GameState] = []
        self.dice = random.Random()  # the die thrown on screen (tests may seed it)
        self._origins_for: GameState | None = None
        self._origins: dict[str, list[Move]] = {}
        self._removals: dict[str, Move] = {}
        self._last_spinner = 0.0
        self._hint_shown = False
        self._pulse_drawn = 0.0
        self.die_by: str | None = None  # whose throw the die shows
        self.notice: tuple[str, dict, float] | None = None  # (key, fields, until)
        self.leaving: LeaveConfirm | None = None  # "Leave this game?" while it is asked
        self.marked: tuple[str, ...] = ()  # squares of the computer's last move
        self._drawn: list[pygame.Rect] = []  # what the moving pieces covered in this frame
        self._drawn_before: list[pygame.Rect] = []  # ... and in the frame before
        self._initial_counts = self._army_sizes(new_game(config.game_id))
        if not self.demo:
            self.layout()

    # --- set-up ----------------------------------------------------------------------------
    def layout(self) -> None:
        placed = self.placed = game_layout(self.vp, self.app.language_switch.area)
        if self.fixed_board is None and placed.board != self.view.rect:
            self.view = view_for(self.config.game_id, placed.board, self.view.flipped)
        specs = [
            ("rules", lambda: self.app.t("button.rules"), self.open_rules),
            ("undo", lambda: self.app.t("button.undo"), self.undo),
            ("new", lambda: self.app.t("button.new_game"), self.new_game),
            ("home", lambda: self.app.t("button.home"), self.go_home),
        ]
        self.buttons = [
            Button(rect, label, action, name=name, size=self.vp.u(36))
            for rect, (name, label, action) in zip(placed.buttons, specs, strict=True)
        ]

    def resized(self) -> None:
        if not self.demo:
            self.layout()
            if self.leaving is not None:
                self.leaving.layout()

    def is_human(self, colour: str) -> bool:
        if self.demo:
            return False
        if self.config.opponent == "two-players":
            return True
        return colour == self.config.visitor_colour

    @property
    def human_turn(self) -> bool:
        return self.is_human(self.state.to_move)

    def _army_sizes(self, state: GameState) -> Counter:
        counts = Counter(p.colour for p in state.pieces())
        reserve = getattr(state, "in_reserve", None)
        if reserve is not None:
            for colour in state.colours:
                try:
                    counts[colour] += int(reserve(colour))
                except Exception:  # noqa: BLE001
                    pass
        return counts

    def set_position(self, state: GameState) -> None:
        """Continue from ``state`` (a set-up position: tests, the self-test, demonstrations)."""
        self.app.opponent.cancel()
        self.anim = self.roll = self.drag = None
        self.selected = self.answer = self.think_started = None
        self.checkpoints = []
        self.notice = None
        if self.guides_next_step:  # a guided game sets its own marks for each step
            self.marked = self._marks_for(state)
        self._set_state(state)
        self.app.invalidate()

    # --- moves -------------------------------------------------------------------------------
    def _refresh_moves(self) -> None:
        if self._origins_for is self.state:
            return
        self._origins_for = self.state
        self._origins = {}
        self._removals = {}
        for move in self.state.legal_moves():
            text = str(move)
            if text == "pass":
                continue
            if text.startswith("x"):
                self._removals[text[1:]] = move
                continue
            origin = move.frm if move.frm is not None else "reserve"
            self._origins.setdefault(origin, []).append(move)

    def origins(self) -> dict[str, list[Move]]:
        self._refresh_moves()
        return self._origins

    def removals(self) -> dict[str, Move]:
        self._refresh_moves()
        return self._removals

    def targets(self, origin: str) -> dict[str, Move]:
        """Legal destinations from ``origin``; among several paths to one square, the shortest."""
        out: dict[str, Move] = {}
        for move in self.origins().get(origin, []):
            if move.to is None:
                continue
            best = out.get(move.to)
            if best is None or len(move.path) < len(best.path):
                out[move.to] = move
        return out

    def only_pass(self) -> bool:
        moves = self.state.legal_moves()
        return len(moves) == 1 and str(moves[0]) == "pass"

    def _piece_at(self, state: GameState, square: str, colour: str) -> Piece:
        for p in state.pieces():
            if p.square == square and p.colour == colour:
                return p
        kind = {"pente-grammai": "counter", "epaminondas": "piece"}.get(state.game_id, "man")
        return Piece(square, colour, kind)

    def accepts(self, move: Move, dropped_at: tuple[float, float] | None = None) -> bool:
        """Whether the visitor's legal ``move`` is played (every one here); a guided game
        (``learn.py``) refuses all but its step's move, and says why."""
        return True

    def play(
        self,
        move: Move | str,
        dropped_at: tuple[float, float] | None = None,
        duration: float = 0.35,
    ) -> None:
        """Make ``move`` (it must be legal here) with its animation."""
        before = self.state
        text = str(move)
        legal = {str(m): m for m in before.legal_moves()}
        if text not in legal:
            log.error("refused a move that is not legal here: %s", text)
            return
        move = legal[text]
        if self.is_human(before.to_move) and not self.accepts(move, dropped_at):
            return
        after = before.play(move)
        mover = before.to_move
        movers: list[tuple[Piece, list[tuple[float, float]]]] = []
        hidden: list[tuple[str, str]] = []
        view = self.view
        if hasattr(move, "phalanx"):
            for a, b in zip(move.phalanx, move.landing, strict=True):
                piece = Piece(a, mover, "piece")
                movers.append((piece, [view.centre(a), view.centre(b)]))
                hidden.append((a, mover))
        elif text == "pass" or text.startswith("x"):
            pass
        else:
            origin = move.frm if move.frm is not None else "reserve"
            piece = self._piece_at(before, origin, mover)
            path = list(move.path) if len(move.path) >= 2 else [origin, move.to]
            points = [view.centre(origin, before, mover)]
            points += [view.target_centre(sq, before) for sq in path[1:-1]]
            points.append(view.centre(path[-1], before, mover))
            if dropped_at is not None:
                points[0] = dropped_at
            movers.append((piece._replace(square=origin), points))
            hidden.append((origin, mover))
        # what left a square (captured, or a removed incitus) fades out where it stood
        counts_before = Counter((p.square, p.colour, p.kind) for p in before.pieces())
        counts_after = Counter((p.square, p.colour, p.kind) for p in after.pieces())
        moving_from = {sq for sq, _ in hidden}
        fading = sorted(
            {
                sq
                for (sq, colour, kind), n in counts_before.items()
                if sq not in ("off", "reserve")
                and counts_after[(sq, colour, kind)] < n
                and not (sq in moving_from and colour == mover)
            }
        )
        # a Latrunculi piece captured (or freed) in place is turned over, not faded
        flips: list[tuple[Piece, Piece]] = []
        for (sq, colour, kind), n in counts_before.items():
            if sq in ("off", "reserve") or counts_after[(sq, colour, kind)] >= n:
                continue
            for (sq2, colour2, kind2), m in counts_after.items():
                if (sq2, colour2) == (sq, colour) and kind2 != kind:
                    if m > counts_before[(sq, colour, kind2)] and sq in fading:
                        fading.remove(sq)
                        flips.append((Piece(sq, colour, kind), Piece(sq, colour, kind2)))
                        hidden.append((sq, colour))
        # a counter knocked off the board (Pente grammai) glides back to its waiting place
        off_before = Counter(p.colour for p in before.pieces() if p.square == "off")
        off_after = Counter(p.colour for p in after.pieces() if p.square == "off")
        knocked: set[int] = set()  # movers that wait for the attacker before they leave
        for colour in state_colours(before):
            if colour == mover or off_after[colour] <= off_before[colour]:
                continue
            for sq in list(fading):
                if counts_before[(sq, colour, "counter")] > counts_after[(sq, colour, "counter")]:
                    fading.remove(sq)
                    piece = Piece(sq, colour, "counter")
                    home = view.centre("off", after, colour)
                    knocked.add(len(movers))
                    movers.append((piece, [view.centre(sq), home]))
                    hidden.append((sq, colour))
        steps = max(1, len(movers[0][1]) - 1) if movers else 1
        seconds = duration + 0.12 * (steps - 1) + (0.15 if fading else 0)
        seconds += 0.3 if knocked or flips else 0
        if dropped_at is not None:
            seconds = 0.18 + (0.15 if fading else 0) + (0.4 if knocked or flips else 0)
        self.anim = Anim(
            self.app.now(),
            self.app.seconds(seconds),
            movers,
            hidden,
            fading,
            after,
            "capture" if fading or knocked or flips else "move",
            frozenset(knocked),
            flips,
        )
        self.selected = None
        self.drag = None
        if self.is_human(mover):
            self.notice = None
        # the computer's last move stays marked until the visitor moves, so it can be followed
        if self.is_human(mover) or self.demo:
            self.marked = ()
        else:
            marked = [move.frm, move.to] if not text.startswith("x") else [text[1:]]
            self.marked = tuple(sq for sq in marked if sq and sq not in ("off", "reserve"))
        self.app.invalidate()

    def _finish_anim(self) -> None:
        anim, self.anim = self.anim, None
        if anim is None:
            return
        if anim.after is not None:
            self._set_state(anim.after)
            if anim.sound:
                self.app.play_sound(anim.sound)
        self.app.invalidate()

    def _set_state(self, state: GameState) -> None:
        before, self.state = self.state, state
        die = getattr(state, "die", None)
        if die:  # the die keeps showing the last throw (also after an undo or a set-up)
            self.last_die = die
            self.die_by = state.to_move
        if (
            not self.demo
            and getattr(before, "phase", None) == "placement"
            and getattr(state, "phase", None) == "battle"
            and state.parent is before
        ):
            self.say("notice.battle")
        self.turn_started = self.app.now()
        self.pass_at = None
        self.auto_roll_at = None
        if not self.demo:
            self.app.save_state_file(dump_game(state))

    def _marks_for(self, state: GameState) -> tuple[str, ...]:
        """The squares of the computer's last move on the way to ``state`` (none if the last
        action there was the visitor's): what an undo must show, not the move it took back."""
        node = state
        while node is not None and node.parent is not None:
            action = node.action or ""
            parent = node.parent
            if action.startswith("roll"):
                node = parent
                continue
            if self.is_human(parent.to_move) or action == "pass":
                return ()
            if action.startswith("x"):
                return (action[1:],)
            move = next((m for m in parent.legal_moves() if str(m) == action), None)
            if move is None:
                return ()
            return tuple(sq for sq in (move.frm, move.to) if sq and sq not in ("off", "reserve"))
        return ()

    def start_roll(self) -> None:
        value = self.dice.randint(1, 6)
        self.roll = DieRoll(self.app.now(), self.app.seconds(0.5), value)
        self.app.play_sound("throw")
        self.app.invalidate()

    def undo(self) -> None:
        """Against the computer: back to the visitor's previous decision (his last move and the
        computer's answer are taken back).  Between two players: the last move."""
        if self.anim is not None or self.roll is not None or self.finished:
            return
        target = self._undo_target()
        if target is None:
            return
        self.app.opponent.cancel()
        self.think_started = None
        self.answer = None
        while self.checkpoints and self.checkpoints[-1] is not target:
            self.checkpoints.pop()
        self.selected = None
        self.drag = None
        self.notice = None
        # the mark of the computer's last move follows the undo (it must not stay on a point
        # the undone answer left)
        self.marked = self._marks_for(target)
        self._set_state(target)
        self.app.invalidate()

    def _undo_target(self) -> GameState | None:
        points = list(self.checkpoints)
        if points and points[-1] is self.state:
            points.pop()
        return points[-1] if points else None

    # --- buttons -----------------------------------------------------------------------------
    def open_rules(self) -> None:
        self.drag = None
        self.app.go("rules", game=self)

    def new_game(self) -> None:
        if self.in_progress():
            self.ask_leave("new")
            return
        self.leave_now("new")

    def go_home(self) -> None:
        if self.in_progress():
            self.ask_leave("home")
            return
        self.leave_now("home")

    def in_progress(self) -> bool:
        """A game that one touch would throw away: something was played and it is not over."""
        if not self.guides_next_step or self.demo or self.finished:
            return False
        if self.state.outcome is not None:
            return False
        return any(not a.startswith("roll") for a in self.state.actions())

    def ask_leave(self, where: str) -> None:
        """Leaving a game in progress asks once ("Leave this game?"); staying keeps it as is."""
        self.drag = None
        self.selected = None
        self.notice = None
        self.leaving = LeaveConfirm(self, where)
        self.app.invalidate()

    def stay(self) -> None:
        self.leaving = None
        self.app.invalidate()

    def leave_now(self, where: str) -> None:
        self.leaving = None
        self.abandon()
        if where == "new":
            self.app.go("game", config=GameConfig(**vars(self.config)))
        else:
            self.app.go("home")

    def abandon(self) -> None:
        """The visitor left (or the idle countdown ran out): record it if anything was played."""
        self.app.opponent.cancel()
        if self.finished or self.demo:
            return
        self.finished = True
        moves = sum(1 for a in self.state.actions() if not a.startswith("roll"))
        if moves:
            self.app.report_game(self._record(None, "abandoned"))

    def _record(self, winner: str | None, reason: str):
        from ludique.ui.app import GameRecord

        computer = self.config.opponent == "computer"
        return GameRecord(
            game_id=self.config.game_id,
            language=self.app.lang,
            opponent="computer" if computer else "two-players",
            strength=self.config.strength if computer else None,
            visitor_colour=self.config.visitor_colour if computer else None,
            duration=self.app.now() - self.started,
            winner=winner,
            reason=reason,
            moves=sum(1 for a in self.state.actions() if not a.startswith("roll")),
            visitor_won=(winner == self.config.visitor_colour)
            if computer and reason != "abandoned"
            else None,
        )

    # --- the clock ---------------------------------------------------------------------------
    def animating(self) -> bool:
        return self.anim is not None or self.roll is not None or self.drag is not None

    def next_wake(self, now: float) -> float | None:
        due = []
        if self.think_started is not None:
            due.append(0.05)
        for at in (self.auto_roll_at, self.pass_at, self.ending_at):
            if at is not None:
                due.append(max(0.0, at - now))
        if not self.demo and self.human_turn and self.state.outcome is None:
            hint_at = self._hint_time()
            if hint_at > now:
                due.append(hint_at - now)
            elif self.hinting(now):
                due.append(max(0.0, self._pulse_drawn + PULSE_FRAME - now))
        if self.notice is not None:
            due.append(max(0.0, self.notice[2] - now))
        return min(due) if due else None

    def _hint_time(self) -> float:
        return max(self.app.last_input, self.turn_started) + self.app.seconds(HINT_SECONDS)

    def hinting(self, now: float) -> bool:
        return (
            not self.demo
            and self.human_turn
            and self.anim is None
            and self.drag is None
            and self.selected is None
            and self.state.outcome is None
            and now >= self._hint_time()
        )

    def update(self, now: float) -> None:
        if self.notice is not None and now >= self.notice[2]:
            self.notice = None
            self.app.invalidate()
        if self.anim is not None:
            if now - self.anim.start >= self.anim.duration:
                self._finish_anim()
            else:
                return
        if self.roll is not None:
            if now - self.roll.start >= self.roll.duration:
                value, self.roll = self.roll.value, None
                self.last_die = value
                self._set_state(self.state.roll(value))
                blocked = self.entry_blocked()
                if blocked is not None and self.human_turn and not self.only_pass():
                    self.say("notice.blocked", point=blocked)
                self.app.invalidate()
            else:
                return
        state = self.state
        if state.outcome is not None:
            self._game_over(now)
            return
        if self.finished and not self.demo:
            return
        mover = state.to_move
        if state.needs_roll:
            if not self.is_human(mover):
                if self.auto_roll_at is None:
                    self.auto_roll_at = now + self.app.seconds(0.5 if not self.demo else 0.8)
                elif now >= self.auto_roll_at:
                    self.auto_roll_at = None
                    self.start_roll()
            else:
                self._breathe(now)  # a visitor who hesitates to throw: the die's glow breathes
            return
        if self.only_pass():
            if self.pass_at is None:
                self.pass_at = now + self.app.seconds(PASS_SECONDS)
                self.app.invalidate()
            elif now >= self.pass_at:
                self.pass_at = None
                self._set_state(state.play("pass"))
                self.app.invalidate()
            return
        if self.is_human(mover):
            if not self.checkpoints or self.checkpoints[-1] is not state:
                if not self.removals() or not self.checkpoints:
                    self.checkpoints.append(state)
            self._breathe(now)
            return
        self._computer_turn(now)

    def _breathe(self, now: float) -> None:
        """While the hesitation hint is on, a frame now and then (not every tick) so it pulses."""
        if self.hinting(now):
            if not self._hint_shown or now - self._pulse_drawn >= PULSE_FRAME:
                self._pulse_drawn = now
                self.app.invalidate()
            self._hint_shown = True
        else:
            self._hint_shown = False

    def _computer_turn(self, now: float) -> None:
        opponent = self.app.opponent
        if self.think_started is None:
            strength = "beginner" if self.demo else self.config.strength
            budget = min(self.app.think_budget, 0.5) if self.demo else self.app.think_budget
            opponent.request(self.state, strength, time_budget=budget)
            self.think_started = now
            self.answer = None
            self.app.invalidate()
            return
        if self.answer is None:
            self.answer = opponent.poll()
        if now - self._last_spinner >= 0.1:
            self._last_spinner = now
            self.app.invalidate()
        least = COMPUTER_MIN_SECONDS * (1.6 if self.demo else 1.0)
        if self.answer is not None and now - self.think_started >= self.app.seconds(least):
            answer, self.answer, self.think_started = self.answer, None, None
            legal = [str(m) for m in self.state.legal_moves()]
            if answer not in legal:
                log.error(
                    "the computer answered %r, not a legal move here; playing %s",
                    answer,
                    legal[0] if legal else None,
                )
                if not legal:
                    return
                answer = legal[0]
            self.play(answer, duration=0.6 if not self.demo else 0.7)

    def _game_over(self, now: float) -> None:
        if self.ending_at is None:
            self.ending_at = now + self.app.seconds(END_PAUSE)
            self.selected = None
            if not self.demo:
                self.app.play_sound("win")
                outcome = self.state.outcome
                self.finished = True
                self.app.report_game(self._record(outcome.winner, outcome.reason))
            self.app.invalidate()
        elif now >= self.ending_at and not self.demo:
            self.app.go("end", game=self)

    # --- input -------------------------------------------------------------------------------
    def on_pointer(self, pointer) -> None:
        if self.leaving is not None:
            self.leaving.on_pointer(pointer)
            return
        if pointer.kind == "down":
            for button in self.buttons:
                if button.hit(pointer.pos):
                    if button.name == "undo" and self._undo_target() is None:
                        return
                    button.action()
                    self.app.invalidate()
                    return
        if self.demo or not self.human_turn or self.anim is not None or self.roll is not None:
            self.drag = None
            return
        if self.state.outcome is not None or self.pass_at is not None:
            return
        state = self.state
        pos = pointer.pos
        if pointer.kind == "down":
            if state.needs_roll:
                reach = self.vp.u(60)  # a finger a little off the die still throws it
                if isinstance(self.view, PenteView) and self.view.die_rect.inflate(
                    reach, reach
                ).collidepoint(pos):
                    self.start_roll()
                return
            square = self.view.hit(pos, state)
            removals = self.removals()
            if removals:
                if square in removals:
                    self.play(removals[square])
                elif square is not None:
                    self.say("notice.remove")
                return
            blocked = self.entry_blocked()
            if blocked is not None and square == "off":
                self.say("notice.blocked", point=blocked)
            if self.selected is not None and square is not None:
                targets = self.targets(self.selected)
                if square in targets:
                    self.play(targets[square])
                    return
            if square is not None and square in self.origins():
                self.drag = Drag(square, pos, pos, was_selected=self.selected == square)
                self.selected = square
            else:
                if self.selected is not None and square is not None:
                    # a tap beside the held piece's targets: said like a refused drop
                    key, fields = self.refusal(self.selected, square)
                    self.say(key, **fields)
                self.selected = None
            self.app.invalidate()
        elif pointer.kind == "move" and self.drag is not None:
            drag = self.drag
            drag.pos = pos
            if math.dist(pos, drag.start) > self.vp.u(DRAG_UNITS):
                drag.moved = True
            square = self.view.hit(pos, state)
            drag.hover = square if square in self.targets(drag.origin) else None
            self.app.invalidate()
        elif pointer.kind == "up" and self.drag is not None:
            drag, self.drag = self.drag, None
            drag.pos = pos
            if not drag.moved and math.dist(pos, drag.start) <= self.vp.u(DRAG_UNITS):
                # a tap: the piece stays selected for a tap on its target (a second tap on the
                # same piece lets go of it)
                self.selected = None if drag.was_selected else drag.origin
                self.app.invalidate()
                return
            square = self.view.hit(pos, state)
            targets = self.targets(drag.origin)
            if square in targets:
                self.play(targets[square], dropped_at=pos)
                return
            # dropped on no legal target: the piece glides back, and a line says why
            if drag.moved and square is not None and square != drag.origin:
                key, fields = self.refusal(drag.origin, square)
                self.say(key, **fields)
            mover = state.to_move
            piece = self._piece_at(state, drag.origin, mover)._replace(square=drag.origin)
            home = self.view.centre(drag.origin, state, mover)
            self.anim = Anim(
                self.app.now(),
                self.app.seconds(0.25),
                [(piece, [pos, home])],
                [(drag.origin, mover)],
                [],
                None,
            )
            self.selected = None
            self.app.invalidate()

    # --- drawing -----------------------------------------------------------------------------
    def static_layer(self) -> pygame.Surface:
        return static_layer(self.view, self.vp.size)

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(self.static_layer(), (0, 0))
        self.draw_board(canvas, board=False)
        if not self.demo:
            self.draw_strip(canvas)
            for button in self.buttons:
                button.enabled = button.name != "undo" or self._undo_target() is not None
                button.draw(canvas)
            self.draw_message(canvas)

    def draw_board(self, canvas: pygame.Surface, board: bool = True) -> None:
        now = self.app.now()
        state = self.state
        view = self.view
        anim = self.anim
        if anim is not None:
            t = (now - anim.start) / anim.duration if anim.duration else 1.0
            fade = 1.0 if t < 0.6 else max(0.0, 1 - (t - 0.6) / 0.4)
            view.draw(
                canvas,
                state,
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
                size = self.view.radius * 3
                rect = pygame.Rect(0, 0, size, size)
                rect.center = view.centre(sq)
                drawn.append(rect)
            self._drawn, self._drawn_before = drawn, self._drawn
        else:
            hidden, targets, glow, movable = [], [], [], []
            selected = self.selected
            dragging = self.drag is not None and self.drag.moved
            if dragging:
                hidden = self.drag_hidden()
            hint = self.hinting(now) and not state.needs_roll
            pulse = 0.0
            if selected is not None:
                targets = list(self.targets(selected))
            elif self.marks_on():
                # the next step at once: every piece that can move (or must be removed)
                movable = list(self.removals()) or list(self.origins())
                if hint:
                    # hesitation: one of them breathes, and where it can go is shown too
                    chosen = self.hint_origin()
                    movable = [chosen] if chosen is not None else movable
                    targets = list(self.targets(chosen)) if chosen is not None else []
                    pulse = self.pulse(now)
            elif self.removals() and self.human_turn:
                glow = list(self.removals())
            view.draw(
                canvas,
                state,
                hidden=hidden,
                targets=targets,
                glow=glow,
                selected=selected if not dragging else None,
                board=board,
                marks=self.marked,
                movable=movable,
                pulse=pulse,
            )
            if dragging:
                self._draw_drag(canvas)
        if isinstance(view, PenteView):
            value = self.last_die
            spin = 0.0
            if self.roll is not None:
                t = (now - self.roll.start) / self.roll.duration if self.roll.duration else 1
                spin = 0.0 if t >= 1 else 1 - t
                value = self.roll.value if t > 0.75 else 1 + int(now * 14) % 6
            die_due = state.needs_roll and self.human_turn and self.roll is None
            throw_due = state.needs_roll and self.roll is None and state.outcome is None
            view.draw_die(
                canvas,
                value or IDLE_FACE,
                spin,
                active=die_due and (self.anim is None),
                dim=throw_due and self.anim is None,
                pulse=self.pulse(now) if die_due and self.hinting(now) else 0.0,
            )
            if not self.demo:
                self.draw_die_caption(canvas)
            if self.roll is not None:
                self._drawn = self._drawn_before = [
                    view.die_rect.inflate(view.die_rect.width, view.die_rect.height)
                ]

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
        """The pieces a drag lifts off the board: the held one, and while an Epaminondas
        phalanx is over a target, every piece of it (they are shown as one ghost where they
        would stand, so a pair never looks like three pieces)."""
        drag = self.drag
        mover = self.state.to_move
        if drag is None:
            return []
        if drag.hover is not None:
            move = self.targets(drag.origin).get(drag.hover)
            phalanx = getattr(move, "phalanx", None)
            if phalanx:
                return [(sq, mover) for sq in phalanx]
        return [(drag.origin, mover)]

    def _draw_drag(self, canvas: pygame.Surface) -> None:
        drag = self.drag
        state = self.state
        mover = state.to_move
        held_at = (int(drag.pos[0]), int(drag.pos[1]))
        if drag.hover is not None:
            move = self.targets(drag.origin)[drag.hover]
            landing = getattr(move, "landing", None)
            if landing:  # the Epaminondas phalanx as a ghost where it would stand
                for b in move.landing[1:]:
                    image = ghost(self.view.sprite(Piece(b, mover, "piece")), 150)
                    canvas.blit(image, image.get_rect(center=self.view.centre(b)))
                for sq in getattr(move, "captured", ()):
                    ring = theme.glow_ring(self.view.radius + 2, theme.DANGER, 220)
                    canvas.blit(ring, ring.get_rect(center=self.view.centre(sq)))
                # the held piece snaps to where it would stand, at the phalanx's tail
                held_at = self.view.centre(move.landing[0])
        self.view.draw_targets(canvas, state, self.targets(drag.origin))
        piece = self._piece_at(state, drag.origin, mover)
        image = piece_sprite(piece.colour, piece.kind, int(self.view.radius * 1.12))
        canvas.blit(image, image.get_rect(center=held_at))

    def colour_name(self, colour: str) -> str:
        return self.app.t(f"colour.{colour}")

    # --- the next step -----------------------------------------------------------------------
    @property
    def guides_next_step(self) -> bool:
        """The marks, the next-step line and the leave question belong to a real game: a
        guided game (``learn.py``) marks its own step and loses nothing when left."""
        return self.name == "game"

    def marks_on(self) -> bool:
        """Whether the pieces that can move are marked now: the visitor's turn, the die (if
        any) has landed, nothing held, nothing moving."""
        state = self.state
        return (
            self.guides_next_step
            and not self.demo
            and self.human_turn
            and self.anim is None
            and self.roll is None
            and self.pass_at is None
            and self.leaving is None
            and not state.needs_roll
            and state.outcome is None
            and (self.drag is None or not self.drag.moved)
        )

    @staticmethod
    def pulse(now: float) -> float:
        """0..1..0 over one breath of the hesitation hint."""
        return 0.5 - 0.5 * math.cos(2 * math.pi * (now % PULSE_SECONDS) / PULSE_SECONDS)

    def hint_origin(self) -> str | None:
        """The piece the hesitation hint points at: the first that can move (a capture's
        first, where there is one), or the first captive to remove."""
        removals = self.removals()
        if removals:
            return next(iter(removals))
        origins = self.origins()
        for origin, moves in origins.items():
            if any(getattr(m, "captured", ()) for m in moves):
                return origin
        return next(iter(origins), None)

    def entry_blocked(self) -> str | None:
        """Pente grammai: the point the die names for entering, when one of the mover's own
        counters stands on it so that none of his waiting counters can come in."""
        state = self.state
        if state.game_id != "pente-grammai" or state.needs_roll or state.outcome is not None:
            return None
        die, mover = state.die, state.to_move
        if not die or state.off_board(mover) == 0:
            return None
        if any(m.frm == "off" for m in state.legal_moves()):
            return None
        row, other = ("A", "B") if mover == "blue" else ("B", "A")
        return f"{die}{row}" if die <= 5 else f"1{other}"

    def guide_text(self) -> str | None:
        """The next step in one line, shown under whose turn it is (None: nothing to add)."""
        t = self.app.t
        state = self.state
        if not self.guides_next_step or self.demo or state.outcome is not None:
            return None
        if not self.human_turn or self.pass_at is not None:
            return None
        if state.needs_roll:
            return None  # the status says it: touch the die
        if self.removals():
            return t("play.guide.remove")
        blocked = self.entry_blocked()
        if blocked is not None and not self.only_pass():
            return t("play.guide.blocked", point=blocked)
        if self.selected is not None:
            return t("play.guide.target")
        if set(self.origins()) == {"reserve"}:
            return t("play.guide.place")
        return t("play.guide.choose")

    def say(self, key: str, **fields: object) -> None:
        """A short message over the board for a few seconds (``kiosk.play.<key>``)."""
        self.notice = (key, fields, self.app.now() + self.app.seconds(NOTICE_SECONDS))
        self.app.invalidate()

    def notice_text(self) -> str | None:
        if self.notice is None:
            return None
        key, fields, _ = self.notice
        return self.app.t(f"play.{key}", **fields)

    def refusal(self, origin: str, square: str) -> tuple[str, dict]:
        """Why a drop of the piece from ``origin`` on ``square`` is refused (a message key and
        its fields): the rule that forbids it where the visitor can learn one, else where to
        drop it."""
        state = self.state
        mover = state.to_move
        occupant = {p.square: p for p in state.pieces() if p.square not in ("off", "reserve")}
        there = occupant.get(square)
        if state.game_id == "epaminondas" and there is not None and there.colour != mover:
            files = "abcdefghijklmn"
            fx, fy = files.index(origin[0]), int(origin[1:])
            tx, ty = files.index(square[0]), int(square[1:])
            dx, dy = tx - fx, ty - fy
            if dx == 0 or dy == 0 or abs(dx) == abs(dy):
                sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)

                def run(x: int, y: int, colour: str) -> int:
                    n = 0
                    while 0 <= x < len(files) and 1 <= y <= 12:
                        piece = occupant.get(f"{files[x]}{y}")
                        if piece is None or piece.colour != colour:
                            break
                        n, x, y = n + 1, x + sx, y + sy
                    return n

                size = run(fx, fy, mover)
                if size == 1:
                    return ("refused.single", {})
                group = run(tx, ty, there.colour)
                if group >= size:
                    return ("refused.larger", {"size": size, "group": group})
        if there is not None and state.game_id.startswith("latrunculi"):
            return ("refused.occupied", {})
        if there is not None and there.colour == mover and state.game_id == "pente-grammai":
            return ("refused.own", {})
        return ("refused.elsewhere", {})

    def die_caption(self) -> str:
        """Whose throw the die shows, or whose throw is due."""
        state = self.state
        due = state.needs_roll and self.roll is None
        whose = state.to_move if due or self.die_by is None else self.die_by
        if self.config.opponent == "computer":
            return self.app.t("play.die.you" if self.is_human(whose) else "play.die.computer")
        return self.app.t("play.die.colour", colour=self.colour_name(whose))

    def draw_die_caption(self, canvas: pygame.Surface) -> None:
        box = self.view.die_caption_rect()
        if box.height < self.vp.u(20):
            return
        draw_text(
            canvas,
            self.die_caption(),
            box,
            role="bold",
            size=self.vp.u(28),
            colour=theme.CREAM,
            valign="top",
            min_size=self.vp.u(18),
            max_lines=2,
        )

    def status_text(self) -> str:
        state = self.state
        t = self.app.t
        if state.outcome is not None:
            return t("status.game_over")
        mover = state.to_move
        if self.config.opponent == "two-players":
            if state.needs_roll:
                return t("status.roll_colour", colour=self.colour_name(mover))
            return t("status.colour_to_play", colour=self.colour_name(mover))
        if self.is_human(mover):
            if state.needs_roll:
                return t("status.your_roll")
            if self.removals():
                return t("status.remove_incitus")
            return t("status.your_turn")
        if state.needs_roll:
            return t("status.computer_rolls")
        return t("status.computer_thinks")

    def draw_strip(self, canvas: pygame.Surface) -> None:
        t = self.app.t
        vp = self.vp
        placed = self.placed
        title = t(f"game.{self.config.game_id}")
        draw_text(
            canvas,
            title,
            placed.title,
            role="display",
            size=vp.u(42),
            colour=theme.GOLD,
            align="left",
            valign="bottom",
        )
        if self.config.opponent == "computer":
            mode = t("status.against", strength=t(f"strength.{self.config.strength}"))
        else:
            mode = t("setup.two_players")
        draw_text(
            canvas,
            mode,
            placed.mode,
            role="italic",
            size=vp.u(30),
            colour=theme.MUTED,
            align="left",
        )
        panel = placed.status
        theme.rounded_panel(canvas, panel, theme.DEEP_2, theme.GOLD_DARK, vp.u(18), vp.u(2))
        mover = self.state.to_move
        sprite = piece_sprite(mover, self.piece_kind, vp.u(30))
        canvas.blit(sprite, sprite.get_rect(center=(panel.left + vp.u(50), panel.centery)))
        status = self.status_text()
        if self.think_started is not None:
            status += "." * (1 + int(self.app.now() * 3) % 3)
        words = pygame.Rect(
            panel.left + vp.u(96),
            panel.top + vp.u(10),
            panel.width - vp.u(112),
            panel.height - vp.u(20),
        )
        guide = self.guide_text()
        if guide is None:
            draw_text(
                canvas, status, words, role="bold", size=vp.u(32), colour=theme.CREAM, align="left"
            )
        else:
            # whose turn on top, the next step under it
            fit = fit_text(status, "bold", vp.u(30), (words.width, words.height // 2))
            top = pygame.Rect(words.left, words.top, words.width, fit.height)
            drawn = draw_text(
                canvas,
                status,
                top,
                role="bold",
                size=fit.size,
                colour=theme.CREAM,
                align="left",
                valign="top",
                min_size=fit.size,
            )
            rest = pygame.Rect(
                words.left,
                drawn.bottom + vp.u(8),
                words.width,
                words.bottom - drawn.bottom - vp.u(8),
            )
            draw_text(
                canvas,
                guide,
                rest,
                size=vp.u(26),
                colour=theme.HIGHLIGHT,
                align="left",
                valign="top",
                min_size=vp.u(18),
            )
        box = placed.scores
        y = box.top
        line_h = vp.u(36)
        lost = self.lost_counts() if self.config.game_id.startswith("latrunculi") else {}
        icon = vp.u(15)
        step = 2 * icon + vp.u(6)
        per_row = max(1, box.width // step)
        for line in self.score_lines():
            if y + line_h > box.bottom:
                break
            draw_text(
                canvas,
                line,
                pygame.Rect(box.left, y, box.width, line_h),
                size=vp.u(27),
                colour=theme.CREAM,
                align="left",
                max_lines=1,
            )
            y += line_h
            colour = next((c for c in lost if line.startswith(self.colour_name(c))), None)
            rows = ((min(lost.get(colour, 0), 16) - 1) // per_row + 1) if colour else 0
            if colour is not None and lost[colour] and y + rows * step <= box.bottom:
                # the pieces a side has lost, drawn under its line
                sprite = piece_sprite(colour, "man", icon)
                count = min(lost[colour], 16)
                for i in range(count):
                    cx = box.left + icon + (i % per_row) * step
                    cy = y + icon + (i // per_row) * step
                    canvas.blit(sprite, sprite.get_rect(center=(cx, cy)))
                y += ((count - 1) // per_row + 1) * step + vp.u(6)
        if self.config.game_id == "pente-grammai":  # the exact chance (ludique/ui/story_gauge.py)
            from ludique.ui.story_gauge import draw_gauge

            gauge_top = y + vp.u(12)
            draw_gauge(
                self, canvas, pygame.Rect(box.left, gauge_top, box.width, box.bottom - gauge_top)
            )

    @property
    def piece_kind(self) -> str:
        """The kind of piece that stands for a side in the strip."""
        return {"pente-grammai": "counter", "epaminondas": "piece"}.get(self.config.game_id, "man")

    def score_lines(self) -> list[str]:
        t = self.app.t
        state = self.state
        lines = []
        if self.config.game_id == "pente-grammai":
            goals = {"blue": "3B", "white": "3A"}
            for colour in state.colours:
                n = sum(
                    1 for p in state.pieces() if p.colour == colour and p.square == goals[colour]
                )
                lines.append(t("score.at_goal", colour=self.colour_name(colour), count=n))
            return lines
        if self.config.game_id == "epaminondas":
            lines.append(t("score.crossing_title"))
            for colour in state.colours:
                n = state.crossing_count(colour) if hasattr(state, "crossing_count") else 0
                lines.append(t("score.crossing", colour=self.colour_name(colour), count=n))
        for colour, lost in self.lost_counts().items():
            lines.append(t("score.captured", colour=self.colour_name(colour), count=lost))
        return lines

    def lost_counts(self) -> dict[str, int]:
        """Pieces each side has lost: no longer on the board (a captured Seneca piece that
        still stands there, turned over, is not lost yet: it may be freed)."""
        state = self.state
        now_counts = Counter(p.colour for p in state.pieces() if p.square != "reserve")
        reserve = getattr(state, "in_reserve", None)
        lost = {}
        for colour in state.colours:
            have = now_counts[colour]
            if reserve is not None:
                try:
                    have += int(reserve(colour))
                except Exception:  # noqa: BLE001 - an engine without a reserve for this colour
                    pass
            lost[colour] = max(0, self._initial_counts[colour] - have)
        return lost

    def draw_message(self, canvas: pygame.Surface) -> None:
        self._draw_bubble(canvas)
        if self.leaving is not None:
            self.leaving.draw(canvas)

    def message(self) -> str | None:
        """The short line over the board now, if any (a pass, a notice, the end)."""
        message = None
        if self.pass_at is not None:
            if self.is_human(self.state.to_move) and self.config.opponent == "computer":
                message = self.app.t("status.no_move_you")
            else:
                message = self.app.t(
                    "status.no_move_colour", colour=self.colour_name(self.state.to_move)
                )
        elif self.state.outcome is not None and self.ending_at is not None:
            message = self.app.t("status.game_over")
        elif self.notice is not None:
            message = self.notice_text()
        return message

    def _draw_bubble(self, canvas: pygame.Surface) -> None:
        message = self.message()
        if message is None:
            return
        vp = self.vp
        # over the playing area (the slab, the grid), clear of the die and its caption
        board = pygame.Rect(getattr(self.view, "slab", None) or self.view.rect)
        inner = pygame.Rect(0, 0, min(board.width - vp.u(100), vp.u(1000)), vp.u(160))
        inner.center = board.center
        fit = fit_text(message, "bold", vp.u(44), inner.size, min_size=vp.u(26))
        box = pygame.Rect(0, 0, fit.width, fit.height).inflate(vp.u(80), vp.u(50))
        box.center = board.center
        theme.rounded_panel(canvas, box, theme.CREAM, theme.GOLD, vp.u(22), vp.u(4))
        draw_text(canvas, message, inner, role="bold", size=fit.size, colour=theme.INK)
