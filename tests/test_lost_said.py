"""The pieces the computer takes are said beside the board, in a turn of several actions too: in
Seneca a capture is often followed, in the same turn, by the removal of one of the computer's own
prisoners, and the line about the visitor's piece must outlive it.

Drives the real App with real pygame events (SDL's dummy driver); the computer is a stand-in that
takes what it can (the worker's choice is not the subject here, the screen's words are).
"""

from __future__ import annotations

from kiosk_driver import centre, drag, seneca_position, visitor_turn, wait_for

from ludique.ui.opponent import _RandomStandIn


class TakesWhatItCan(_RandomStandIn):
    """The computer's stand-in, taking a piece whenever it can (else its first legal move)."""

    def request(self, state, strength, time_budget=1.5) -> None:
        moves = state.legal_moves()
        taking = [m for m in moves if m.captures]
        self._answer = str((taking or moves)[0])
        self.busy = True


def _capture_then_removal(state) -> bool:
    """Blue to move in the battle, with a quiet move after which White captures and must then
    remove a prisoner of its own in the same turn."""
    if state.phase != "battle" or state.to_move != "blue" or state.pending_removal:
        return False
    for move in state.legal_moves():
        if move.captures or move.kind not in ("step", "jump"):
            continue
        after = state.play(move)
        if after.outcome is not None or after.pending_removal:
            continue
        taking = [m for m in after.legal_moves() if m.captures]
        if taking:
            answer = after.play(taking[0])
            return answer.outcome is None and answer.pending_removal and answer.to_move == "white"
    return False


def _quiet_move(state):
    for move in state.legal_moves():
        if move.captures or move.kind not in ("step", "jump"):
            continue
        after = state.play(move)
        if after.outcome is not None or after.pending_removal:
            continue
        taking = [m for m in after.legal_moves() if m.captures]
        if taking and after.play(taking[0]).pending_removal:
            return move
    raise AssertionError("the position has no such move")


def test_a_capture_followed_by_a_removal_in_the_computers_turn_is_still_said(app_factory):
    app = app_factory(game="latrunculi-seneca", stand_in=True, lang="de")
    app.opponent._player = TakesWhatItCan()
    scene = app.scene
    state = seneca_position(_capture_then_removal)
    scene.set_position(state)
    assert wait_for(app, lambda: visitor_turn(app))
    move = _quiet_move(state)
    drag(app, centre(app, move.frm), centre(app, move.to))
    match = scene.match
    assert wait_for(app, lambda: visitor_turn(app) and len(match.state.actions()) >= len(
        state.actions()) + 3)  # fmt: skip
    capture, removal = match.state.parent.action, match.state.action
    assert removal.startswith("x"), match.state.actions()[-3:]
    taken = match.state.parent.last_move.captures
    assert taken, capture
    said = scene.guidance.lost
    assert said is not None, f"nothing said of {taken} taken by {capture} before {removal}"
    words = said.render(app.t)
    assert all(square in words for square in taken), words
