"""The kiosk driven by scripted visitors: real pygame events posted to the real App."""

from __future__ import annotations

import pytest
from kiosk_driver import (
    button_centre,
    centre,
    click,
    drag,
    finger_tap,
    pump,
    seneca_position,
    visitor_turn,
    wait_for,
    words,
)

from ludique.games import new_game
from ludique.ui.scenes.end import winner_reason_key


def action_after(state, before) -> str | None:
    """The action that was taken from ``before`` on the way to ``state`` (None if none)."""
    for s in [state, *state.ancestors()]:
        if s.parent is before:
            return s.action
    return None


def roll_until_entering(app) -> None:
    """Tap the die until the visitor has a counter to enter (a roll of 1..5 or 6 enters)."""
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app) and scene.match.state.needs_roll)
    click(app, scene.view.die_rect.center)
    assert wait_for(app, lambda: not scene.match.state.needs_roll and scene.board.roll is None)


def test_one_touch_then_play_starts_a_game_against_the_computer(app_factory):
    app = app_factory()
    assert app.scene.name == "attract"
    finger_tap(app, (900, 500))
    assert app.scene.name == "home"
    click(app, button_centre(app, "pente-grammai"))
    assert app.scene.name == "setup"
    click(app, button_centre(app, "play"))
    assert app.scene.name == "game"
    assert app.scene.config.opponent == "computer"
    assert app.scene.config.visitor_colour == "blue"
    assert app.scene.match.state.game_id == "pente-grammai"


def test_roll_then_drag_a_counter_onto_its_legal_point(app_factory):
    app = app_factory(game="pente-grammai")
    scene = app.scene
    roll_until_entering(app)
    assert scene.match.state.die == scene.match.last_die
    move = scene.match.state.legal_moves()[0]
    assert move.frm == "off"
    before = scene.match.state
    drag(app, centre(app, "off"), scene.view.target_centre(move.to, before))
    assert wait_for(app, lambda: scene.board.anim is None)
    assert action_after(scene.match.state, before) == str(move)
    assert any(p.square == move.to and p.colour == "blue" for p in before.play(move).pieces())


def test_drop_on_an_illegal_point_returns_and_changes_nothing(app_factory):
    app = app_factory(game="pente-grammai")
    scene = app.scene
    roll_until_entering(app)
    before = scene.match.state
    move = before.legal_moves()[0]
    wrong = next(p for p in ("1A", "2A", "4A", "5A", "2B") if p != move.to)
    drag(app, centre(app, "off"), scene.view.target_centre(wrong, before))
    assert (
        scene.board.anim is not None or scene.match.state is before
    )  # the return animation, if still on
    assert wait_for(app, lambda: scene.board.anim is None)
    assert scene.match.state is before
    drag(app, centre(app, "off"), (1300, 1000))  # nowhere near a point
    assert wait_for(app, lambda: scene.board.anim is None)
    assert scene.match.state is before


def test_tap_tap_moves_and_the_computer_answers(app_factory):
    app = app_factory(game="latrunculi-petteia")
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    start = scene.match.state
    click(app, centre(app, "a2"))
    assert scene.board.selected == "a2"
    assert "a5" in scene.guidance.targets("a2")
    click(app, centre(app, "a5"))
    assert wait_for(app, lambda: scene.match.state.parent is start and scene.board.anim is None)
    assert scene.match.state.action == "a2-a5"
    # the computer's answer arrives, animated, and it is the visitor's turn again
    assert wait_for(app, lambda: len(scene.match.state.actions()) == 2 and visitor_turn(app))
    assert scene.match.state.to_move == "blue"


def test_undo_takes_back_the_visitors_move_and_the_answer(app_factory):
    app = app_factory(game="latrunculi-petteia")
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    start = scene.match.state
    click(app, centre(app, "b2"))
    click(app, centre(app, "b4"))
    assert wait_for(app, lambda: len(scene.match.state.actions()) == 2 and visitor_turn(app))
    click(app, button_centre(app, "undo"))
    pump(app, 0.05)
    assert scene.match.state is start
    assert scene.match.state.actions() == []


def test_epaminondas_phalanx_drag_with_a_capture(app_factory):
    from ludique.games.epaminondas.rules import EpaminondasState

    app = app_factory(game="epaminondas")
    scene = app.scene
    # White's column c1-c2-c3 faces two black pieces on c5-c6: the tail c1 dragged to c3
    # moves the whole phalanx two squares and captures both
    state = EpaminondasState.from_position(
        white=["c1", "c2", "c3", "a1", "k2"], black=["c5", "c6", "n12", "m12", "h11"]
    )
    scene.set_position(state)
    assert wait_for(app, lambda: visitor_turn(app))
    # while held over c3, the ghost of the phalanx shows where it would stand
    import pygame
    from kiosk_driver import press, release, window

    press(app, centre(app, "c1"))
    for y in range(1, 9):
        a, b = centre(app, "c1"), centre(app, "c3")
        pos = (a[0], a[1] + (b[1] - a[1]) * y / 8)
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=window(app, pos), buttons=(1, 0, 0), rel=(0, 0)
            )
        )
        app.step()
    assert scene.board.drag is not None and scene.board.drag.hover == "c3"
    move = scene.guidance.targets("c1")["c3"]
    assert move.landing == ("c3", "c4", "c5") and set(move.captured) == {"c5", "c6"}
    release(app, centre(app, "c3"))
    assert wait_for(app, lambda: scene.match.state is not state and scene.board.anim is None)
    after = state.play("c1-c3")
    assert action_after(scene.match.state, state) == "c1-c3"
    assert after.count("black") == 3
    assert {p.square for p in after.pieces() if p.colour == "white"} >= {"c3", "c4", "c5"}


def test_language_switch_mid_game_keeps_the_game(app_factory):
    app = app_factory(game="latrunculi-petteia")
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    click(app, centre(app, "c2"))
    click(app, centre(app, "c4"))
    assert wait_for(app, lambda: len(scene.match.state.actions()) == 2 and visitor_turn(app))
    state = scene.match.state
    english = words(app, scene.guidance.status())
    click(app, app.language_switch.rects["de"].center)
    assert app.lang == "de"
    assert app.scene is scene and scene.match.state is state
    german = words(app, scene.guidance.status())
    assert german != english and german == "Sie sind am Zug"
    click(app, app.language_switch.rects["fr"].center)
    assert words(app, scene.guidance.status()) == "À vous de jouer"
    assert scene.match.state is state


def test_a_touch_also_reported_as_a_mouse_click_counts_once(app_factory):
    app = app_factory(game="latrunculi-petteia")
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    # a single tap selects; a doubled tap would select and then let go again
    finger_tap(app, centre(app, "d2"), also_mouse=True)
    assert scene.board.selected == "d2"
    finger_tap(app, centre(app, "d5"), also_mouse=True)
    assert wait_for(
        app, lambda: scene.board.anim is None and scene.match.state.actions()[:1] == ["d2-d5"]
    )


def test_seneca_placement_from_the_reserve(app_factory):
    app = app_factory(game="latrunculi-seneca")
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    start = scene.match.state
    assert start.phase == "placement" and start.in_reserve("blue") == 16
    # tap the reserve, then the square
    click(app, centre(app, "reserve"))
    assert scene.board.selected == "reserve"
    click(app, centre(app, "c3"))
    assert wait_for(app, lambda: scene.board.anim is None and len(scene.match.state.actions()) >= 1)
    assert scene.match.state.actions()[0] == "@c3"
    assert wait_for(app, lambda: visitor_turn(app))
    # and by dragging from the reserve, onto a square the computer has left empty (its own
    # placement is drawn: one game in a hundred it stands on f4)
    before = scene.match.state
    legal = {m.text for m in before.legal_moves()}
    target = next(square for square in ("f4", "e6", "b6") if f"@{square}" in legal)
    drag(app, centre(app, "reserve"), centre(app, target))
    assert wait_for(app, lambda: scene.board.anim is None and scene.match.state is not before)
    assert action_after(scene.match.state, before) == f"@{target}"
    assert scene.match.state.in_reserve("blue") <= 14


def test_incitus_removal_by_tapping_it(app_factory):
    app = app_factory(game="latrunculi-seneca")
    scene = app.scene
    state = seneca_position(
        lambda s: s.to_move == "blue" and any(str(m).startswith("x") for m in s.legal_moves())
    )
    scene.set_position(state)
    assert wait_for(app, lambda: visitor_turn(app))
    removals = [str(m)[1:] for m in state.legal_moves()]
    assert set(scene.guidance.removals()) == set(removals)
    # a tap on a square that is not one of the inciti does nothing
    empty = next(
        f"{f}{r}"
        for f in "abcdefgh"
        for r in range(1, 9)
        if all(p.square != f"{f}{r}" for p in state.pieces())
    )
    click(app, centre(app, empty))
    assert scene.match.state is state
    click(app, centre(app, removals[0]))
    assert wait_for(app, lambda: scene.board.anim is None and scene.match.state is not state)
    assert action_after(scene.match.state, state) == f"x{removals[0]}"
    after = state.play(f"x{removals[0]}")
    assert all(p.square != removals[0] for p in after.pieces())


def test_a_full_game_against_the_computer_reaches_the_end_screen(app_factory):
    import random

    rng = random.Random(4)
    app = app_factory(game="latrunculi-dux", think=0.1)
    records = []
    app.on_game_finished = records.append
    scene = app.scene

    def settled():
        return app.scene.name == "end" or visitor_turn(app)

    for _ in range(400):
        assert wait_for(app, settled), "the computer never answered"
        if app.scene.name == "end":
            break
        moves = [m for m in scene.match.state.legal_moves() if m.frm and m.to]
        move = rng.choice(moves)
        before = scene.match.state
        click(app, centre(app, move.frm))
        click(app, centre(app, move.to))
        assert wait_for(app, lambda b=before: scene.match.state is not b or app.scene.name == "end")
    assert app.scene.name == "end"
    outcome = scene.match.state.outcome
    assert outcome is not None
    # the sentence names what the winner did (a draw keeps the reason's own sentence)
    state = scene.match.state
    loser = next(c for c in state.colours if c != outcome.winner)
    names = {"winner": app.t(f"colour.{outcome.winner}"), "loser": app.t(f"colour.{loser}")}
    if outcome.reason == "visit":  # the short game, the kiosk's default: its moves, its score
        first = outcome.winner or state.colours[0]
        second = next(c for c in state.colours if c != first)
        score = f"{state.score(first)[0]} to {state.score(second)[0]} pieces captured"
        assert app.scene.reason().startswith(f"The short game’s {state.visit} moves each")
        assert score in app.scene.reason()
        assert outcome.winner is None or names["winner"] in app.scene.reason()
    else:
        assert app.scene.reason() == app.t(winner_reason_key(outcome), **names)
    assert len(records) == 1 and records[0].winner == outcome.winner
    assert records[0].game_id == "latrunculi-dux" and records[0].opponent == "computer"
    click(app, button_centre(app, "home"))
    assert app.scene.name == "home"


def test_idle_countdown_then_attract_in_the_default_language(app_factory):
    from kiosk_driver import HeldClock

    from ludique.kiosk.settings import Settings
    from ludique.ui.countdown import COUNTDOWN_FLOOR, READING_SECONDS

    settings = Settings(sound=False, idle_seconds=15, countdown_seconds=5, default_language="fr")
    app = app_factory(game="latrunculi-petteia", settings=settings, lang="de")
    assert app.lang == "de"
    clock = HeldClock(app, 1000.0)
    app.last_input = clock.t
    # a visitor reading or pondering in a game has three minutes, whatever the curator chose
    clock.advance(READING_SECONDS - 1, frame=0.5)
    assert app.countdown_since is None and app.scene.name == "game"
    clock.advance(1, frame=0.5)
    assert app.countdown_since is not None and app.scene.name == "game"
    # the countdown gives at least 20 s, and a touch answers "still playing?" and keeps the game
    clock.advance(COUNTDOWN_FLOOR - 1, frame=0.5)
    assert app.countdown_since is not None and app.scene.name == "game"
    finger_tap(app, (700, 500))
    assert app.countdown_since is None and app.scene.name == "game"
    clock.advance(READING_SECONDS + COUNTDOWN_FLOOR + 1, frame=0.5)
    assert app.scene.name == "attract"
    assert app.lang == "fr"
    clock.release()


def test_curator_gesture_with_a_wrong_then_the_right_pin(app_factory, caplog):
    import logging

    from ludique.kiosk.settings import Settings

    caplog.set_level(logging.INFO, logger="ludique.ui.app")

    app = app_factory(settings=Settings(sound=False, admin_pin="2468"))
    assert app.scene.name == "attract"
    # four taps are not enough (and an ordinary touch takes the visitor to Home)
    for _ in range(4):
        click(app, (40, 40))
    assert app.pin_pad is None
    app.go("home")
    for _ in range(5):
        click(app, (40, 40))
    assert app.pin_pad is not None
    # each tap is in the kiosk's log (the four on Attract were within the window: the first
    # here was the fifth), so a gesture that fails tells whether its taps arrived
    taps = [r.getMessage() for r in caplog.records if "curator's corner" in r.getMessage()]
    assert taps == [f"curator's corner: tap {n} of 5" for n in range(1, 6)]
    for key in "1357":
        click(
            app,
            app.pin_pad.buttons[
                [b.name for b in app.pin_pad.buttons].index(f"pin-{key}")
            ].rect.center,
        )
    ok = next(b for b in app.pin_pad.buttons if b.name == "pin-OK")
    click(app, ok.rect.center)
    assert app.pin_pad is not None and app.scene.name == "home"
    for key in "2468":
        click(app, next(b for b in app.pin_pad.buttons if b.name == f"pin-{key}").rect.center)
    click(app, ok.rect.center)
    assert app.pin_pad is None and app.scene.name == "admin"
    # the panel changes a setting and leaves the program
    click(app, button_centre(app, "idle-30"))
    assert app.settings.idle_seconds == 30
    click(app, button_centre(app, "exit"))
    assert app.running is False


def test_quit_keys_do_nothing_in_kiosk_mode_and_escape_quits_windowed(app_factory):
    import pygame

    app = app_factory()
    app.windowed = False
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F4, mod=pygame.KMOD_ALT))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    pump(app, 0.02)
    assert app.running
    app.windowed = True
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    pump(app, 0.02)
    assert not app.running


def test_a_failure_inside_a_scene_is_logged_and_the_kiosk_returns_to_attract(app_factory, caplog):
    app = app_factory(game="latrunculi-petteia")
    scene = app.scene

    def broken(pointer):
        raise RuntimeError("a scene broke")

    scene.on_pointer = broken
    with caplog.at_level("ERROR"):
        click(app, (700, 500))
    assert app.scene.name == "attract"
    assert "a scene broke" in caplog.text and "Traceback" in caplog.text


def test_rules_open_and_close_return_to_the_same_game(app_factory):
    app = app_factory(game="latrunculi-petteia")
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    click(app, centre(app, "e2"))
    state, selected = scene.match.state, scene.board.selected
    click(app, button_centre(app, "rules"))
    assert app.scene.name == "rules"
    click(app, button_centre(app, "close"))
    assert app.scene is scene and scene.match.state is state and scene.board.selected == selected


def _pente_position(predicate, seed: int = 3):
    import random

    rng = random.Random(seed)
    for _ in range(200):
        state = new_game("pente-grammai")
        for _ in range(400):
            if state.outcome is not None:
                break
            if state.needs_roll:
                if predicate(state):
                    return state
                state = state.roll(rng.randint(1, 6))
            else:
                state = state.play(rng.choice(state.legal_moves()))
    raise AssertionError("no such position found")


class LoadedDie:
    def __init__(self, value: int) -> None:
        self.value = value

    def randint(self, a: int, b: int) -> int:
        return self.value


def test_no_legal_move_is_announced_then_the_turn_passes(app_factory):
    def blocked_roll(state):
        return next(
            (n for n in range(1, 7) if [str(m) for m in state.roll(n).legal_moves()] == ["pass"]),
            None,
        )

    state = _pente_position(lambda s: s.to_move == "blue" and blocked_roll(s) is not None)
    value = blocked_roll(state)
    app = app_factory(game="pente-grammai", timing_scale=0.1)
    scene = app.scene
    scene.set_position(state)
    scene.match.dice = LoadedDie(value)
    click(app, scene.view.die_rect.center)
    assert wait_for(app, lambda: scene.match.pass_at is not None)
    assert scene.match.state.die == value
    # the message is up for a moment before the pass is made
    assert scene.match.state.actions()[-1] == f"roll {value}"
    app.draw()
    assert wait_for(
        app, lambda: "pass" in scene.match.state.actions()[len(state.actions()) :], timeout=5
    )
    new = scene.match.state.actions()[len(state.actions()) :]
    assert new[:2] == [f"roll {value}", "pass"]


def test_hint_glow_after_hesitation(app_factory):
    app = app_factory(game="latrunculi-petteia", timing_scale=0.02)
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    assert not scene.board.hinting(app.now() - 1)
    assert wait_for(app, lambda: scene.board.hinting(app.now()))
    app.draw()  # the glow is drawn on the visitor's movable pieces
    click(app, centre(app, "a2"))
    assert not scene.board.hinting(app.now())


def test_taking_the_second_colour_turns_the_board_and_the_computer_begins(app_factory):
    app = app_factory()
    app.go("setup", family="latrunculi")
    click(app, button_centre(app, "variant-dux"))
    click(app, button_centre(app, "colour-second"))
    click(app, button_centre(app, "play"))
    scene = app.scene
    assert scene.config.visitor_colour == "white" and scene.view.flipped
    # the visitor's pieces are nearest to him: White's back rank is drawn at the bottom
    assert scene.view.centre("a8")[1] > scene.view.centre("a1")[1]
    assert wait_for(app, lambda: visitor_turn(app))
    assert len(scene.match.state.actions()) == 1 and scene.match.state.to_move == "white"
    move = next(m for m in scene.match.state.legal_moves() if m.frm and m.to)
    drag(app, centre(app, move.frm), centre(app, move.to))
    assert wait_for(app, lambda: len(scene.match.state.actions()) >= 2)
    assert scene.match.state.actions()[1] == str(move)


def test_two_players_on_one_screen(app_factory):
    app = app_factory()
    app.go("setup", family="epaminondas")
    click(app, button_centre(app, "opponent-two"))
    click(app, button_centre(app, "play"))
    scene = app.scene
    assert scene.config.opponent == "two-players" and not scene.view.flipped
    drag(app, centre(app, "a2"), centre(app, "a3"))
    assert wait_for(
        app, lambda: scene.board.anim is None and scene.match.state.actions() == ["a2-a3"]
    )
    assert scene.match.state.to_move == "black" and scene.match.human_turn
    pump(app, 0.1)
    assert scene.match.state.actions() == ["a2-a3"]  # nobody answers for Black
    drag(app, centre(app, "b11"), centre(app, "b10"))
    assert wait_for(app, lambda: scene.board.anim is None and len(scene.match.state.actions()) == 2)
    assert scene.match.state.actions() == ["a2-a3", "b11-b10"]


def test_a_knocked_off_counter_glides_back_to_its_tray(app_factory):
    def capture(state):
        for n in range(1, 7):
            rolled = state.roll(n)
            for move in rolled.legal_moves():
                after = rolled.play(move)
                off = sum(1 for p in after.pieces() if p.colour == "white" and p.square == "off")
                was = sum(1 for p in rolled.pieces() if p.colour == "white" and p.square == "off")
                if off > was:
                    return n, move
        return None

    state = _pente_position(lambda s: s.to_move == "blue" and capture(s) is not None)
    value, move = capture(state)
    app = app_factory(game="pente-grammai", timing_scale=0.5)
    scene = app.scene
    scene.set_position(state)
    scene.match.dice = LoadedDie(value)
    click(app, scene.view.die_rect.center)
    assert wait_for(
        app, lambda: not scene.match.state.needs_roll and scene.board.roll is None, timeout=5
    )
    rolled = scene.match.state
    click(app, centre(app, move.frm))
    click(app, scene.view.target_centre(move.to, rolled))
    assert scene.board.anim is not None
    white = [(p, pts) for p, pts in scene.board.anim.movers if p.colour == "white"]
    assert len(white) == 1 and white[0][0].square == move.to
    assert tuple(white[0][1][-1]) == tuple(scene.view.centre("off", rolled.play(move), "white"))
    assert wait_for(app, lambda: scene.board.anim is None)
    assert action_after(scene.match.state, rolled) == str(move)


def test_the_rule_card_scrolls_by_dragging(app_factory):
    app = app_factory(game="epaminondas")
    click(app, button_centre(app, "rules"))
    scene = app.scene
    assert scene.name == "rules"
    card = scene.card()
    if card is None:
        pytest.skip("no rule card renderer in this checkout")
    frame = scene.frame
    assert card.get_height() > 2 * frame.height
    low, high = (frame.centerx, frame.bottom - 20), (frame.centerx, frame.top + 20)
    drag(app, low, high)
    assert scene.scroll > (frame.height - 40) * 0.9
    drag(app, high, (frame.centerx, frame.bottom - 1))
    assert scene.scroll == 0


def test_the_attract_demo_plays_by_itself(app_factory):
    app = app_factory()
    app.demo_enabled = True
    app.go("attract")
    demo = app.scene.demo
    assert demo is not None and demo.match.demo
    start = len(demo.match.state.actions())
    assert wait_for(app, lambda: len(app.scene.demo.match.state.actions()) >= start + 3)
    # a touch anywhere leaves the demo for Home and stops the computer
    finger_tap(app, (300, 300))
    assert app.scene.name == "home" and not app.opponent.busy


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1200), (2560, 1080), (1080, 1920)])
def test_any_screen_maps_touch_and_mouse_to_the_same_board_point(app_factory, size):
    """Drawn at the window's own size: the board fills the band a seated visitor reaches (no
    letterbox), and a FINGER event (fractions of the window) and a mouse click (pixels) reach
    the same square."""
    app = app_factory(game="latrunculi-petteia", size=size)
    scene = app.scene
    assert app.screen.get_size() == size
    board = scene.view.rect
    # the board lies in the band (the default mounting: a 55-inch screen at 0.8 m) and takes
    # most of its height, whatever the shape
    band = app.viewport.band
    assert band.contains(board) and board.height >= 0.8 * band.height
    assert wait_for(app, lambda: visitor_turn(app))
    finger_tap(app, centre(app, "f2"))
    assert scene.board.selected == "f2"
    click(app, centre(app, "f2"))
    assert scene.board.selected is None
    click(app, centre(app, "g2"))
    assert scene.board.selected == "g2"


def test_a_second_finger_is_ignored_while_the_first_is_down(app_factory, caplog):
    import logging

    import pygame
    from kiosk_driver import window

    caplog.set_level(logging.INFO, logger="ludique.ui.app")
    app = app_factory(game="latrunculi-petteia")
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    w, h = app.screen.get_size()

    def finger(kind, finger_id, square):
        x, y = window(app, centre(app, square))
        pygame.event.post(
            pygame.event.Event(
                kind,
                touch_id=1,
                finger_id=finger_id,
                x=x / w,
                y=y / h,
                dx=0.0,
                dy=0.0,
                pressure=1.0,
            )
        )
        app.step()

    finger(pygame.FINGERDOWN, 1, "b2")
    finger(pygame.FINGERDOWN, 2, "h2")  # a palm or a second visitor: ignored
    finger(pygame.FINGERUP, 2, "h2")
    finger(pygame.FINGERUP, 1, "b2")
    assert scene.board.selected == "b2"
    ignored = [r.getMessage() for r in caplog.records if "a touch ignored" in r.getMessage()]
    assert ignored == ["a touch ignored: finger 1 is still down"]
    # moving the mouse without a button pressed does nothing either
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=window(app, centre(app, "b5")), buttons=(0, 0, 0), rel=(0, 0)
        )
    )
    pump(app, 0.02)
    assert (
        scene.board.drag is None
        and scene.board.selected == "b2"
        and scene.match.state.actions() == []
    )


def test_a_restless_visitor_never_makes_the_kiosk_fail(app_factory, caplog):
    """Seeded random taps, drags, buttons and language switches for a few seconds: no scene
    may fail (a failure would be logged and hidden by the return to Attract)."""
    import random
    import time

    from ludique.kiosk.settings import Settings

    rng = random.Random(11)
    app = app_factory(settings=Settings(sound=False), timing_scale=0.05, think=0.1)
    seen = set()
    end = time.monotonic() + 6
    with caplog.at_level("ERROR"):
        while time.monotonic() < end and app.running:
            scene = app.scene
            seen.add(scene.name)
            points = []
            if scene.name == "game" and rng.random() < 0.9:
                state = scene.match.state
                if state.needs_roll and hasattr(scene.view, "die_rect"):
                    points = [scene.view.die_rect.center]
                elif state.legal_moves():
                    move = rng.choice(state.legal_moves())
                    for square in (move.frm or "reserve", move.to):
                        if square in ("off", "reserve"):
                            points.append(scene.view.centre(square, state))
                        elif square:
                            points.append(scene.view.target_centre(square, state))
            elif scene.buttons and rng.random() < 0.5:
                points = [rng.choice(scene.buttons).rect.center]
            if not points:
                points = [(rng.randrange(1920), rng.randrange(1080))]
            if len(points) == 2 and rng.random() < 0.5:
                drag(app, points[0], points[1], steps=4, settle=0.01)
            else:
                for point in points:
                    click(app, point, settle=0.01)
            if rng.random() < 0.03:
                click(app, app.language_switch.rects[rng.choice(["fr", "de", "en"])].center)
            pump(app, rng.choice([0.0, 0.02, 0.08]))
    assert {"home", "setup", "game"} <= seen
    errors = [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]
    assert errors == [], errors[0].getMessage() if errors else ""
