"""Guided play in a real game: the next step is always shown, each situation that stops a visitor
is said in a short line, nothing is lost by one touch, the end screen shows what decided.

Every test drives the real App with real pygame events (SDL's dummy driver), as a visitor would.
"""

from __future__ import annotations

import random

import pygame
import pytest
from kiosk_driver import (
    HeldClock,
    button_centre,
    centre,
    click,
    drag,
    pump,
    seneca_position,
    visitor_turn,
    wait_for,
    window,
    words,
)

from ludique.games import new_game
from ludique.games.epaminondas.rules import EpaminondasState
from ludique.games.pente.rules import PenteState
from ludique.ui import theme
from ludique.ui.boards.base import MARK_DARK, REMOVE_LIGHT
from ludique.ui.game_board import PULSE_SECONDS
from ludique.ui.scenes.end import decided


class LoadedDie:
    def __init__(self, value: int) -> None:
        self.value = value

    def randint(self, a: int, b: int) -> int:
        return self.value


def frame(app) -> pygame.Surface:
    """The frame the visitor sees now."""
    app.dirty = True
    app.draw()
    return app.screen


def colour_at(surface: pygame.Surface, pos) -> tuple[int, int, int]:
    return tuple(surface.get_at((int(pos[0]), int(pos[1]))))[:3]


def top_piece(scene, square: str) -> tuple[int, int]:
    """Where the mover's top piece on ``square`` is drawn."""
    spots = [
        xy
        for p, xy in scene.view.layout(scene.match.state)
        if p.square == square and p.colour == scene.match.state.to_move
    ]
    return spots[-1]


def on_ring(scene, square: str) -> tuple[int, int]:
    """A point in the bright band of the ring that marks the piece on ``square``."""
    r = scene.view.radius
    band = max(3, r // 7)
    x, y = top_piece(scene, square)
    return (x, y - (r + 1 + band // 2))


def is_target(rgb) -> bool:
    """The green of a target dot (drawn slightly translucent over the board)."""
    return all(abs(a - b) <= 16 for a, b in zip(rgb, theme.TARGET, strict=True))


def marked(app, square: str) -> bool:
    surface = frame(app)
    return colour_at(surface, on_ring(app.scene, square)) == theme.HIGHLIGHT


def pixels_of(surface: pygame.Surface, rect: pygame.Rect, rgb) -> int:
    rect = rect.clip(surface.get_rect())
    return sum(
        1
        for x in range(rect.left, rect.right, 2)
        for y in range(rect.top, rect.bottom, 2)
        if tuple(surface.get_at((x, y)))[:3] == rgb
    )


# --- the next step is marked ------------------------------------------------------------------


def test_movable_counters_are_ringed_as_soon_as_the_die_lands(app_factory):
    app = app_factory(game="pente-grammai")
    scene = app.scene
    scene.set_position(PenteState.from_position(blue={"2A": 1, "off": 4}, white={"off": 5}))
    scene.match.dice = LoadedDie(3)
    assert wait_for(app, lambda: visitor_turn(app))
    assert not marked(app, "off")  # the die has not been thrown: nothing to mark yet
    # the roll lands on the kiosk's own time, held by the test: on the wall clock a busy machine
    # let the hesitation delay pass while it waited for the landing (failed once under load)
    clock = HeldClock(app, app.now())
    click(app, scene.view.die_rect.center)
    for _ in range(600):
        if not scene.match.state.needs_roll and scene.board.roll is None:
            break
        clock.advance(1 / 60)
    assert not scene.match.state.needs_roll and scene.board.roll is None
    assert set(scene.guidance.origins()) == {"off"}  # entering comes first
    # at once, not after the hesitation delay
    assert not scene.board.hinting(app.now())
    assert marked(app, "off")
    assert not marked(app, "2A")  # that counter may not move with this throw
    # said of a counter, as Pente grammai's card calls them (issue 60)
    choose = app.t("play.guide.choose_counter")
    assert words(app, scene.guidance.next_step(scene.board.selected)) == choose


def test_touching_a_piece_shows_its_targets_and_says_what_to_do(app_factory):
    app = app_factory(game="latrunculi-petteia")
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    # held before the hesitation hint (0.16 s into the turn at this timing scale), which a busy
    # machine reaches between two lines and which marks a piece of its own
    HeldClock(app, scene.guidance.hint_time(app.last_input) - 0.01)
    assert marked(app, "a2") and not marked(app, "a1")  # a1 is hemmed in at the start
    click(app, centre(app, "a2"))
    assert scene.board.selected == "a2"
    surface = frame(app)
    for square in ("a3", "a6"):
        assert is_target(colour_at(surface, scene.view.target_spot(square, scene.match.state)))
    assert not is_target(colour_at(surface, scene.view.centre("b3")))
    assert words(app, scene.guidance.next_step(scene.board.selected)) == app.t("play.guide.target")


def test_hesitation_hint_breathes_on_one_piece_and_shows_its_target(app_factory):
    from ludique.ui.game_board import PULSE_FRAME

    app = app_factory(game="latrunculi-petteia", timing_scale=0.02)
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    # the suggestion (searched in a thread as the turn begins) is found
    assert wait_for(app, lambda: scene.guidance.hints.ready(scene.match.state) is not None)
    clock = HeldClock(app, app.now())
    app.last_input = clock.t  # the hint is due some seconds from now
    clock.advance(scene.guidance.hint_time(app.last_input) - clock.t - 0.01)
    assert not scene.board.hinting(app.now())
    surface = frame(app)
    origin = scene.guidance.hint_origin()
    suggested = scene.guidance.hints.ready(scene.match.state)
    assert origin == suggested.origin
    target = suggested.move.to
    spot = scene.view.target_spot(target, scene.match.state)
    assert not is_target(colour_at(surface, spot))  # before the hint: no target shown
    clock.advance(0.02)
    assert scene.board.hinting(app.now())
    surface = frame(app)
    assert is_target(colour_at(surface, spot))
    # it keeps breathing: the scene asks for frames while the visitor hesitates
    assert scene.next_wake(app.now()) <= PULSE_FRAME + 1e-6
    click(app, centre(app, origin))
    assert not scene.board.hinting(app.now())
    clock.release()


# --- the short messages -------------------------------------------------------------------------


def test_a_blocked_entry_is_said_when_the_die_lands_and_when_the_tray_is_touched(app_factory):
    app = app_factory(game="pente-grammai")
    scene = app.scene
    # a 5 would bring a counter in on 5A, where Blue already stands: a counter on the board moves
    scene.set_position(PenteState.from_position(blue={"5A": 1, "1A": 1, "off": 3}, white={}))
    scene.match.dice = LoadedDie(5)
    assert wait_for(app, lambda: visitor_turn(app))
    # the kiosk's time held by the test: the message's few (scaled) seconds must not pass
    # between two lines of the test on a busy machine
    clock = HeldClock(app, app.now())
    click(app, scene.view.die_rect.center)
    for _ in range(600):
        if not scene.match.state.needs_roll and scene.board.roll is None:
            break
        clock.advance(1 / 60)
    assert not scene.match.state.needs_roll and scene.board.roll is None
    assert scene.guidance.entry_blocked() == "5A"
    said = app.t("play.notice.blocked", point="5A")
    assert words(app, scene.guidance.message()) == said
    assert words(app, scene.guidance.next_step(scene.board.selected)) == app.t(
        "play.guide.blocked", point="5A"
    )
    # the message stays however long the visitor reads; the next touch takes it away, and a
    # touch on the tray says it again
    clock.advance(60.0, frame=0.5)
    assert words(app, scene.guidance.message()) == said
    click(app, centre(app, "off"))
    assert words(app, scene.guidance.message()) == said
    assert scene.board.selected is None
    frame(app)


def _blocked_roll(state) -> int | None:
    return next(
        (n for n in range(1, 7) if [str(m) for m in state.roll(n).legal_moves()] == ["pass"]),
        None,
    )


def test_a_forced_pass_is_said_before_the_turn_passes(app_factory):
    app = app_factory(game="pente-grammai", timing_scale=0.1)
    scene = app.scene
    rng = random.Random(3)
    state = None
    while state is None:
        trial = new_game("pente-grammai")
        for _ in range(300):
            if trial.outcome is not None:
                break
            if trial.needs_roll:
                if trial.to_move == "blue" and _blocked_roll(trial) is not None:
                    state = trial
                    break
                trial = trial.roll(rng.randint(1, 6))
            else:
                trial = trial.play(rng.choice(trial.legal_moves()))
    scene.set_position(state)
    scene.match.dice = LoadedDie(_blocked_roll(state))
    assert wait_for(app, lambda: visitor_turn(app))
    click(app, scene.view.die_rect.center)
    assert wait_for(app, lambda: scene.match.pass_at is not None)
    assert words(app, scene.guidance.message()) == app.t("status.no_move_you")
    frame(app)
    assert wait_for(app, lambda: "pass" in scene.match.state.actions())


def test_the_start_of_the_battle_is_said(app_factory):
    app = app_factory(game="latrunculi-seneca")
    scene = app.scene
    rng = random.Random(5)
    state = new_game("latrunculi-seneca")
    while state.in_reserve("white") > 1 or state.to_move != "blue":
        state = state.play(rng.choice(state.legal_moves()))
    assert state.phase == "placement" and state.in_reserve("blue") == 1
    scene.set_position(state)
    assert wait_for(app, lambda: visitor_turn(app))
    assert words(app, scene.guidance.next_step(scene.board.selected)) == app.t("play.guide.place")
    square = next(str(m)[1:] for m in state.legal_moves())
    click(app, centre(app, "reserve"))
    click(app, centre(app, square))
    # the computer places its last piece, and the battle begins
    assert wait_for(app, lambda: scene.match.state.phase == "battle")
    assert words(app, scene.guidance.message()) == app.t("play.notice.battle")
    frame(app)


def test_the_duty_to_remove_a_prisoner_is_said_and_ringed(app_factory):
    app = app_factory(game="latrunculi-seneca", lang="de")
    scene = app.scene
    state = seneca_position(
        lambda s: s.to_move == "blue" and any(str(m).startswith("x") for m in s.legal_moves())
    )
    scene.set_position(state)
    assert wait_for(app, lambda: visitor_turn(app))
    prisoners = [str(m)[1:] for m in state.legal_moves()]
    # said once, in the strip's heading: no line under it saying it again (a playtest read
    # "Tippen Sie einen Gefangenen an ..." over "Tippen Sie einen markierten Gefangenen an ...")
    assert words(app, scene.guidance.status()) == app.t("status.remove_incitus")
    assert "Tippen Sie" in words(app, scene.guidance.status())
    assert scene.guidance.next_step(scene.board.selected) is None
    assert scene.guidance.next_step(scene.board.selected, hint=True) is None
    # a prisoner to remove wears a dashed light ring of its own, not a mover's gold ring
    assert not marked(app, prisoners[0])
    assert colour_at(frame(app), on_ring(scene, prisoners[0])) == REMOVE_LIGHT
    empty = next(
        f"{f}{r}"
        for f in "abcdefgh"
        for r in range(1, 9)
        if all(p.square != f"{f}{r}" for p in state.pieces())
    )
    click(app, centre(app, empty))  # beside the prisoners: said again, nothing else happens
    assert scene.match.state is state
    assert words(app, scene.guidance.message()) == app.t("play.notice.remove")
    frame(app)


def test_a_refused_drop_says_which_rule_refused_it(app_factory):
    app = app_factory(game="epaminondas")
    scene = app.scene
    state = EpaminondasState.from_position(
        white=["c1", "f1", "f2", "k1"], black=["c2", "f3", "f4", "n12", "m12"]
    )
    scene.set_position(state)
    assert wait_for(app, lambda: visitor_turn(app))
    # the kiosk's time held by the test, moved on only to let a piece slide back: a notice's
    # few (scaled) seconds never pass between two lines on a busy machine
    clock = HeldClock(app, app.now())

    def slid_back() -> bool:
        for _ in range(600):
            if scene.board.anim is None:
                return True
            clock.advance(1 / 60)
        return scene.board.anim is None

    # a single piece onto an enemy piece
    drag(app, centre(app, "c1"), centre(app, "c2"))
    assert slid_back()
    assert scene.match.state is state
    assert words(app, scene.guidance.message()) == app.t("play.refused.single")
    # a phalanx of two against a line of two
    drag(app, centre(app, "f1"), centre(app, "f3"))
    assert slid_back()
    assert scene.match.state is state
    assert words(app, scene.guidance.message()) == app.t("play.refused.larger", size=2, group=2)
    # a drop on an empty square out of reach: where to drop it instead
    drag(app, centre(app, "k1"), centre(app, "m2"))
    assert slid_back()
    assert words(app, scene.guidance.message()) == app.t("play.refused.elsewhere")
    frame(app)
    # the same by touching the piece, then the square
    click(app, centre(app, "c1"))
    click(app, centre(app, "c2"))
    assert scene.board.selected is None and scene.match.state is state
    assert words(app, scene.guidance.message()) == app.t("play.refused.single")
    # a move the visitor makes clears the message
    drag(app, centre(app, "k1"), centre(app, "k2"))
    assert slid_back() and scene.match.state is not state
    assert scene.guidance.notice is None


# --- the die ------------------------------------------------------------------------------------


def test_the_die_says_touch_to_throw_then_whose_throw_it_shows(app_factory):
    app = app_factory(game="pente-grammai")
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app) and scene.match.state.needs_roll)
    box = scene.view.die_rect
    surface = frame(app)
    dim_pip, pip = (150, 128, 108), (60, 40, 30)
    # never thrown: a blank die (no face that was never thrown) that says to touch it
    assert pixels_of(surface, box, dim_pip) == 0 and pixels_of(surface, box, pip) == 0
    assert words(app, scene.guidance.die_caption(scene.board.roll is not None)) == app.t(
        "play.die.touch"
    )
    click(app, box.center)
    assert wait_for(app, lambda: not scene.match.state.needs_roll and scene.board.roll is None)
    surface = frame(app)
    assert pixels_of(surface, box, pip) > 0 and pixels_of(surface, box, dim_pip) == 0
    assert words(app, scene.guidance.die_caption(scene.board.roll is not None)) == app.t(
        "play.die.you"
    )
    move = scene.match.state.legal_moves()[0]
    drag(app, centre(app, move.frm), scene.view.target_centre(move.to, scene.match.state))
    # the computer throws: its throw is named; then the visitor's is due and the die says so
    assert wait_for(
        app, lambda: scene.match.die_by == "white" and not scene.match.state.needs_roll, 10
    )
    assert words(app, scene.guidance.die_caption(scene.board.roll is not None)) == app.t(
        "play.die.computer"
    )
    assert wait_for(app, lambda: visitor_turn(app) and scene.match.state.needs_roll)
    surface = frame(app)
    # the faded face is the computer's throw: the caption says to touch the die, not "your
    # throw" over the computer's number
    assert words(app, scene.guidance.die_caption(scene.board.roll is not None)) == app.t(
        "play.die.touch"
    )
    assert pixels_of(surface, box, dim_pip) > 0 and pixels_of(surface, box, pip) == 0


# --- the defects ------------------------------------------------------------------------------


def test_after_undo_the_computers_mark_is_that_of_the_position_returned_to(app_factory):
    app = app_factory(game="latrunculi-petteia")
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    click(app, centre(app, "b2"))
    click(app, centre(app, "b4"))
    assert wait_for(app, lambda: len(scene.match.state.actions()) == 2 and visitor_turn(app))
    first_answer = scene.match.state.actions()[1]
    back_to = scene.match.state
    # the answer is the computer's choice: a man it slid down the g-file may stand in the way
    quiet = [m.text for m in back_to.legal_moves() if not m.captures]
    origin, target = ("g2-g4" if "g2-g4" in quiet else quiet[0]).split("-")
    click(app, centre(app, origin))
    click(app, centre(app, target))
    assert wait_for(app, lambda: len(scene.match.state.actions()) == 4 and visitor_turn(app))
    click(app, button_centre(app, "undo"))
    pump(app, 0.05)
    assert scene.match.state is back_to
    assert scene.guidance.marked == tuple(first_answer.split("-"))
    standing = {p.square for p in scene.match.state.pieces()}
    assert scene.guidance.marked[-1] in standing  # the mark is on a piece, not on an emptied square


def test_a_prisoner_still_on_the_board_is_not_counted_as_lost(app_factory):
    app = app_factory(game="latrunculi-seneca")
    scene = app.scene
    state = seneca_position(
        lambda s: (
            s.phase == "battle"
            and s.to_move == "blue"
            and sum(1 for p in s.pieces() if p.kind == "incitus") == 1
            and len(s.pieces()) == 32
        )
    )
    scene.set_position(state)
    prisoner = next(p for p in state.pieces() if p.kind == "incitus")
    assert scene.match.lost_counts() == {"blue": 0, "white": 0}, prisoner
    line = app.t("score.captured", colour=app.t(f"colour.{prisoner.colour}"), count=0)
    assert line in [words(app, line) for line, _ in scene.guidance.score_lines()]
    # once it is removed, it is lost
    after = state
    for _ in range(40):
        removal = next((m for m in after.legal_moves() if str(m).startswith("x")), None)
        if removal is not None:
            after = after.play(removal)
            break
        after = after.play(random.Random(1).choice(after.legal_moves()))
    scene.set_position(after)
    if len(after.pieces()) < 32:
        assert sum(scene.match.lost_counts().values()) == 32 - len(after.pieces())


def _phalanx_drag_to(app, frm: str, to: str, offset: float) -> tuple[int, int]:
    """Hold the piece on ``frm`` over ``to`` (``offset`` cells off its centre towards ``frm``)."""
    scene = app.scene
    a, b = centre(app, frm), centre(app, to)
    cell = scene.view.cell
    end = (b[0], b[1] + offset * cell)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window(app, a), button=1))
    app.step()
    for i in range(1, 9):
        pos = (a[0] + (end[0] - a[0]) * i / 8, a[1] + (end[1] - a[1]) * i / 8)
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=window(app, pos), buttons=(1, 0, 0), rel=(0, 0)
            )
        )
        app.step()
    return (int(end[0]), int(end[1]))


def test_a_pair_dragged_by_its_tail_shows_two_pieces_not_three(app_factory):
    # on a table the board is as large as the screen allows: the held piece's glow stays
    # clear of the point between the squares (at 1280x800, a square of 27 px on a table and
    # 28 in the band of a wall mount since the labels stand at the visitors' text size, it
    # reaches it)
    from ludique.kiosk.settings import Settings

    table = Settings(sound=False, screen_lower_edge_cm="table")
    app = app_factory(game="epaminondas", settings=table, size=(1920, 1080))
    scene = app.scene
    state = EpaminondasState.from_position(white=["c1", "c2", "k1"], black=["n12", "m12", "h11"])
    scene.set_position(state)
    assert wait_for(app, lambda: visitor_turn(app))
    held = _phalanx_drag_to(app, "c1", "c2", 0.42)
    assert scene.board.drag is not None and scene.board.drag.hover == "c2"
    surface = frame(app)
    backdrop = scene.static_layer()
    # under the finger, between the two squares, no piece is drawn: the held one stands at
    # the pair's tail (c2), the other as the ghost in front (c3)
    below = (held[0], held[1] + int(scene.view.radius * 0.9))
    assert colour_at(surface, below) == colour_at(backdrop, below)
    assert colour_at(surface, scene.view.centre("c2")) != colour_at(
        backdrop, scene.view.centre("c2")
    )
    assert colour_at(surface, scene.view.centre("c3")) != colour_at(
        backdrop, scene.view.centre("c3")
    )
    # both pieces of the pair leave their squares while it is held over its target
    assert sorted(scene.board.drag_hidden()) == [("c1", "white"), ("c2", "white")]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=window(app, held), button=1))
    app.step()
    assert wait_for(app, lambda: scene.match.state is not state and scene.board.anim is None)
    assert scene.match.state.actions()[0] == "c1-c2"


def test_no_target_dot_is_drawn_on_the_visitors_own_piece(app_factory):
    app = app_factory(game="epaminondas")
    scene = app.scene
    state = EpaminondasState.from_position(white=["c1", "c2", "k1"], black=["n12", "m12", "h11"])
    scene.set_position(state)
    assert wait_for(app, lambda: visitor_turn(app))
    click(app, centre(app, "c1"))
    assert scene.board.selected == "c1" and {"c2", "c3"} <= set(scene.guidance.targets("c1"))
    surface = frame(app)
    assert is_target(colour_at(surface, scene.view.centre("c3")))
    assert not is_target(colour_at(surface, scene.view.centre("c2")))


def test_a_target_on_the_visitors_own_piece_is_ringed_in_the_target_green(app_factory):
    """The pair c1-c2 moving one square lands its tail on c2: that move has a mark too (a ring
    round c2, not a dot on it), where no mark was drawn before."""
    app = app_factory(game="epaminondas")
    scene = app.scene
    state = EpaminondasState.from_position(white=["c1", "c2", "k1"], black=["n12", "m12", "h11"])
    scene.set_position(state)
    assert wait_for(app, lambda: visitor_turn(app))
    x, y = scene.view.centre("c2")
    band = (x, y - scene.view.radius - 2)  # on the ring, just outside the piece

    def greenness(rgb) -> int:
        return sum(abs(a - b) for a, b in zip(rgb, theme.TARGET, strict=True))

    click(app, centre(app, "k1"))  # k1 selected: c2 is none of its targets
    unmarked = colour_at(frame(app), band)
    click(app, centre(app, "c1"))
    assert scene.board.selected == "c1" and "c2" in scene.guidance.targets("c1")
    ringed = colour_at(frame(app), band)
    assert greenness(ringed) < greenness(unmarked) // 2, (ringed, unmarked)


# --- nothing is lost by one touch --------------------------------------------------------------


@pytest.mark.parametrize("button", ["home", "new"])
def test_leaving_a_game_in_progress_asks_and_staying_keeps_it(app_factory, button):
    app = app_factory(game="latrunculi-petteia")
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    # nothing played yet: the button acts at once
    if button == "home":
        click(app, button_centre(app, "home"))
        assert app.scene.name == "home"
        app.go("game", config=scene.config)
        scene = app.scene
        assert wait_for(app, lambda: visitor_turn(app))
    click(app, centre(app, "c2"))
    click(app, centre(app, "c4"))
    assert wait_for(app, lambda: len(scene.match.state.actions()) == 2 and visitor_turn(app))
    state = scene.match.state
    click(app, button_centre(app, button))
    assert app.scene is scene and scene.leaving is not None
    frame(app)
    # a touch on the board beside the question does nothing
    click(app, centre(app, "d2"))
    assert scene.board.selected is None and scene.match.state is state
    # the language switch still answers, and the question stays
    click(app, app.language_switch.rects["de"].center)
    assert app.lang == "de" and scene.leaving is not None
    frame(app)
    click(app, scene.leaving.button("leave-stay").rect.center)
    assert app.scene is scene and scene.leaving is None and scene.match.state is state
    # the game goes on
    click(app, centre(app, "d2"))
    click(app, centre(app, "d4"))
    assert wait_for(app, lambda: len(scene.match.state.actions()) == 4 and visitor_turn(app))
    # and when the visitor confirms, he leaves
    click(app, button_centre(app, button))
    click(app, scene.leaving.button("leave-go").rect.center)
    if button == "home":
        assert app.scene.name == "home"
    else:
        assert app.scene.name == "game" and app.scene is not scene
        assert app.scene.match.state.actions() == []


def test_the_idle_timeout_still_ends_a_game_while_the_question_is_open(app_factory):
    from ludique.kiosk.settings import Settings
    from ludique.ui.countdown import countdown_limit, idle_limit

    settings = Settings(sound=False, idle_seconds=30, countdown_seconds=10)
    app = app_factory(game="latrunculi-petteia", settings=settings, timing_scale=1.0)
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    click(app, centre(app, "c2"))
    click(app, centre(app, "c4"))
    assert wait_for(app, lambda: len(scene.match.state.actions()) == 2 and visitor_turn(app), 20)
    click(app, button_centre(app, "home"))
    assert scene.leaving is not None
    app.last_input -= idle_limit(app.settings, app.scene) + 1
    pump(app, 0.05)
    assert app.countdown_since is not None
    app.countdown_since -= countdown_limit(app.settings) + 1
    pump(app, 0.05)
    assert app.scene.name == "attract"


# --- the end shows how it ended ---------------------------------------------------------------


def test_the_end_screen_rings_what_decided_and_congratulates_the_winner(app_factory):
    app = app_factory(game="epaminondas")
    scene = app.scene
    # White has two pieces on Black's home row and Black none on White's: White wins at once
    state = EpaminondasState.from_position(
        white=["c12", "d12", "e5", "f5", "g4", "a1", "b1"],
        black=["h11", "i11", "j10", "k9", "n12"],
        to_move="white",
    )
    assert state.outcome is not None and state.outcome.winner == "white"
    scene.set_position(state)
    assert wait_for(app, lambda: app.scene.name == "end")
    end = app.scene
    assert decided(state) == ("white", ("c12", "d12"), False)
    assert end.headline() == app.t("play.end.you_win")
    assert end.reason() == app.t(
        "play.end.reason.crossing", winner=app.t("colour.white"), loser=app.t("colour.black")
    )
    surface = frame(app)
    view = scene.view
    r = view.radius + max(2, view.radius // 8)
    band = max(3, r // 7)
    for square in ("c12", "d12"):
        x, y = view.centre(square)
        ring_y = y + (r + 1 + band // 2)
        assert colour_at(surface, (x, ring_y)) == theme.HIGHLIGHT
    x, y = view.centre("e5")
    assert colour_at(surface, (x, y + (r + band + 1))) not in (theme.HIGHLIGHT, MARK_DARK)
    # the board stays visible: the panel takes the side strip's place
    assert not end.panel.colliderect(view.grid)


def test_the_last_capture_is_ringed_when_it_ends_the_game(app_factory):
    from ludique.games.latrunculi.rules import PetteiaState

    app = app_factory(game="latrunculi-petteia", lang="fr")
    scene = app.scene
    # Blue closes a1-a3 on White's b3: White is left with one piece and loses
    state = PetteiaState.from_position(blue=["a1", "c3", "e1"], white=["b3", "h8"])
    scene.set_position(state)
    assert wait_for(app, lambda: visitor_turn(app))
    drag(app, centre(app, "a1"), centre(app, "a3"))
    assert wait_for(app, lambda: app.scene.name == "end")
    end = app.scene
    assert decided(scene.match.state) == ("white", ("b3",), True)
    assert end.headline() == app.t("play.end.you_win") == "Bravo, vous avez gagné\u00a0!"
    assert end.reason().startswith(app.t("colour.blue"))
    surface = frame(app)
    view = scene.view
    r = view.radius + max(2, view.radius // 8)
    band = max(3, r // 7)
    x, y = view.centre("b3")
    assert colour_at(surface, (x, y - (r + 1 + band // 2))) == (255, 96, 70)


def test_a_visitor_hesitating_to_throw_sees_the_die_breathe(app_factory):
    app = app_factory(game="pente-grammai", timing_scale=0.02)
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app) and scene.match.state.needs_roll)
    clock = HeldClock(app, scene.guidance.hint_time(app.last_input) + 0.01)
    app.step()
    assert scene.board.hinting(app.now())
    before = app.frames
    clock.advance(0.5)
    # frames keep coming while nothing else happens: the glow round the die pulses
    assert app.frames - before >= 4
    box = scene.view.die_rect.inflate(scene.view.die_rect.width, 0).clip(app.screen.get_rect())

    def at_breath(phase: float) -> bytes:
        """The pixels round the die when the breath is next at ``phase`` (0 out, 0.5 in)."""
        clock.advance((phase * PULSE_SECONDS - app.now() % PULSE_SECONDS) % PULSE_SECONDS)
        return pygame.image.tobytes(frame(app).subsurface(box), "RGB")

    # Sampled at the breath's two ends, not at fixed times: three samples 0.4 s apart could
    # fall on rings so near in size that their average colours rounded alike.
    out, full, out_again = at_breath(0.0), at_breath(0.5), at_breath(0.0)
    assert app.scene is scene, f"the kiosk left the game for the {app.scene.name} screen"
    assert out != full
    assert out == out_again  # the glow, and nothing else, changed
    clock.release()


def test_a_capture_target_looks_like_a_gain_and_a_losing_one_like_a_loss(app_factory):
    """Issue 61: a good capture was marked red like a square where the piece would be lost.
    A capture is a gold dot with a plus, a losing square a red dot in a dark ring, a safe one
    a green dot: told apart by shape as well as colour."""
    from ludique.games.latrunculi.rules import PetteiaState
    from ludique.kiosk.settings import Settings

    settings = Settings(sound=False, capture_warnings=True)
    app = app_factory(game="latrunculi-petteia", settings=settings)
    scene = app.scene
    # a5-e5 captures e4 (e3 on its other side); where a5 would stand between two squares
    # White can close at once its target is red; the others are safe
    state = PetteiaState.from_position(
        blue=["e3", "a5", "h1"], white=["e4", "g6", "f5", "h8"], to_move="blue"
    )
    scene.set_position(state)
    assert wait_for(app, lambda: visitor_turn(app))
    clock = HeldClock(app, app.now())
    click(app, centre(app, "a5"))
    assert scene.board.selected == "a5"
    gain, danger = scene.guidance.gain_targets("a5"), scene.guidance.danger_targets("a5")
    assert gain == ("e5",) or "e5" in gain
    surface = frame(app)
    view, now = scene.view, scene.match.state
    size = max(10, int(view.radius * 0.55))
    for square in scene.guidance.targets("a5"):
        x, y = view.target_spot(square, now)
        centre_rgb = colour_at(surface, (x, y))
        off_plus = colour_at(surface, (x + int(size * 0.6), y + int(size * 0.6)))
        if square in gain and square not in danger:
            assert centre_rgb == theme.INK and off_plus == theme.GAIN, square
        elif square in danger:
            assert centre_rgb == theme.DANGER_DOT, square
        else:
            assert is_target(centre_rgb), square
    # the strip says what the gold target is
    assert words(app, scene.guidance.next_step("a5")) == app.t("play.risk.gain")
    clock.release()
