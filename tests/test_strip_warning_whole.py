"""A warning the strip must show is shown whole on a short screen: the status panel, which
keeps the height it took on earlier turns (so that the counts stay put), gives that height up
when a warning line would otherwise be cut at the bottom of the strip.  Seen in a German game
at 1280x800: the battle began (a notice) with a threat on the board, and the threat's line was
cut after its first words under a status panel that held two empty lines.

Drives the real App with real pygame events (SDL's dummy driver); the computer is a stand-in
that places its last man where the rules allow first (its choice is not the subject here).
"""

from __future__ import annotations

import pytest
from kiosk_driver import centre, drag, seneca_position, visitor_turn, wait_for

from ludique.play.threats import threats
from ludique.ui.layout import recording
from ludique.ui.opponent import _RandomStandIn


class FirstMove(_RandomStandIn):
    """The computer's stand-in: its first legal move."""

    def request(self, state, strength, time_budget=1.5) -> None:
        self._answer = str(state.legal_moves()[0])
        self.busy = True


def _last_placement(state):
    """Blue's last man to place, after which White's last placement (its first legal one)
    starts the battle with a threat against Blue; or None."""
    if state.phase != "placement" or state.to_move != "blue" or state.reserve("blue") != 1:
        return None
    for move in state.legal_moves():
        after = state.play(move)
        if after.outcome is not None or after.to_move != "white":
            continue
        battle = after.play(after.legal_moves()[0])
        if battle.phase == "battle" and battle.to_move == "blue":
            if any(t.kind == "capture" for t in threats(battle)):
                return move
    return None


def test_the_threat_line_at_the_start_of_the_battle_is_whole_at_1280x800(app_factory):
    app = app_factory(game="latrunculi-seneca", stand_in=True, lang="de", size=(1280, 800))
    app.opponent._player = FirstMove()
    scene = app.scene
    state = seneca_position(lambda s: _last_placement(s) is not None)
    scene.set_position(state)
    assert wait_for(app, lambda: visitor_turn(app))
    app.draw()  # the placement's next step: the status panel takes its height
    move = _last_placement(state)
    start = scene.view.centre("reserve", state, "blue")
    drag(app, start, centre(app, move.to))
    match = scene.match
    assert wait_for(app, lambda: visitor_turn(app) and match.state.phase == "battle")
    assert scene.guidance.threat_lines(), "the position must hold a threat"
    with recording() as texts:
        app.dirty = True
        app.draw()
    threat = scene.guidance.threat_lines()[0].render(app.t)
    drawn = [r for r in texts if r.message == threat]
    assert drawn, f"the threat is not in the strip: {[r.message for r in texts]}"
    assert not drawn[0].overflow, f"cut: {threat!r}"
    assert not [r.message for r in texts if r.overflow]


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 800)], ids=str)
def test_whose_turn_in_two_lines_stays_inside_the_status_panel(app_factory, size):
    """ "Tap a prisoner to remove it" takes two lines beside the piece: centred on a row one
    line high, its first line stood over the panel's top edge (Seneca at 1920x1080)."""
    app = app_factory(game="latrunculi-seneca", stand_in=True, lang="de", size=size)
    scene = app.scene
    state = seneca_position(
        lambda s: s.to_move == "blue" and any(m.kind == "remove" for m in s.legal_moves())
    )
    scene.set_position(state)
    assert wait_for(app, lambda: visitor_turn(app))
    with recording() as texts:
        app.dirty = True
        app.draw()
    status = scene.guidance.status().render(app.t)
    drawn = [r for r in texts if r.message == status]
    assert drawn, [r.message for r in texts]
    panel = scene.strip.status_rect
    assert panel.contains(drawn[0].drawn), (status, drawn[0].drawn, panel)
