"""The quick start of a Latrunculi placement (Seneca, Piso): one touch places the visitor's men
for him in a block on the two rows nearest him, the battle begins within about 20 s of it, and a
touch on the board hands the placing back to him.  The real App with real pygame events (SDL's
dummy driver); the kiosk's clock held by the test, so that its pace is measured, not the
machine's.
"""

from __future__ import annotations

import pytest
from kiosk_driver import HeldClock, click, visitor_turn, wait_for

from ludique.games import spec
from ludique.games.base import BATTLE, PLACEMENT

QUICK_START_SECONDS = 21.0  # "within about 20 s"


@pytest.mark.parametrize("game", ["latrunculi-seneca", "latrunculi-piso"])
def test_one_touch_places_the_visitors_men_and_the_battle_begins_soon(app_factory, game):
    app = app_factory(game=game, stand_in=True, timing_scale=1.0)
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    assert scene.match.state.phase == PLACEMENT and scene.quick_shown()
    me = scene.config.visitor_colour
    clock = HeldClock(app, app.now())
    start = clock.t
    click(app, scene.button("place-for-me").rect.center)
    while scene.match.state.phase == PLACEMENT and clock.t - start < 60:
        clock.advance(0.25)
    took = clock.t - start
    clock.release()
    assert scene.match.state.phase == BATTLE
    assert took <= QUICK_START_SECONDS, f"the battle began {took:.1f} s after the touch"
    state = scene.match.state
    mine = {p.square for p in state.pieces() if p.colour == me}
    assert len(mine) == 16
    # a block on the two rows nearest him, wherever the other side left them free: every
    # square of those rows holds a man, his where the computer's does not stand (how many of
    # them the computer takes depends on its choices, not on the quick start)
    two_rows = {sq for sq in spec(game).squares() if sq[1:] in ("1", "2")}
    theirs = {p.square for p in state.pieces() if p.colour != me}
    assert {sq for sq in mine if sq in two_rows} == two_rows - theirs, sorted(mine)
    assert len(two_rows) == 16
    assert not scene.quick_shown()


def test_a_touch_on_the_board_hands_the_placing_back(app_factory):
    app = app_factory(game="latrunculi-seneca", stand_in=True)
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    click(app, scene.button("place-for-me").rect.center)
    assert scene.board.auto_place
    assert wait_for(app, lambda: scene.match.state.reserve("blue") <= 13)
    click(app, scene.view.centre("e5", scene.match.state))  # anywhere on the board
    assert not scene.board.auto_place
    assert wait_for(app, lambda: visitor_turn(app))
    left = scene.match.state.reserve("blue")
    app.scene.board.update(app.now())
    assert wait_for(app, lambda: visitor_turn(app))
    assert scene.match.state.reserve("blue") == left  # nothing placed for him any more
    assert scene.quick_shown()  # ... and the offer is there again
