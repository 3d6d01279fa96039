"""The game strip's status panel keeps its size from one turn to the next (issue 61): it took
the height its words needed each time, 136 px while the die was due and 170 once it had landed
(Pente grammai at 1280x800), 136 and 204 while an Epaminondas line was held, so the counts
under it jumped up and down every turn.  Played in the real kiosk with real touches."""

from __future__ import annotations

import pytest
from kiosk_driver import click, pump, wait_for


def visitor_ready(scene) -> bool:
    board = scene.board
    return scene.match.human_turn and board.anim is None and board.roll is None


def heights_over_turns(app, turns: int, gave_way: list[int]) -> list[tuple[str, int]]:
    """The status panel's height as drawn at each moment of the visitor's turns: the die
    due, thrown, a piece held, the computer's turn; ``gave_way`` gets the moments where it
    gave up its height so that a warning line shows whole."""
    scene = app.scene
    seen: list[tuple[str, int]] = []

    def look(moment: str) -> None:
        app.dirty = True
        app.draw()
        seen.append((moment, scene.strip.status_rect.height))
        if scene.strip.gave_way:  # a warning shows whole (test_strip_warning_whole.py)
            gave_way.append(len(seen) - 1)

    for _ in range(turns):
        assert wait_for(app, lambda: visitor_ready(scene) or scene.match.state.outcome, 30)
        if scene.match.state.outcome is not None:
            break
        look("die due" if scene.match.state.needs_roll else "to move")
        if scene.match.state.needs_roll:
            click(app, scene.view.die_rect.center)
            assert wait_for(app, lambda: scene.board.roll is None, 10)
            look("thrown")
        moves = [m for m in scene.match.state.legal_moves() if m.frm and m.to]
        if not moves:
            pump(app, 0.3)
            continue
        move = max(moves, key=lambda m: len(m.phalanx))  # a line, where there is one
        state = scene.match.state
        click(app, scene.view.centre(move.frm, state, state.to_move))
        look("held")
        click(app, scene.view.target_spot(move.to, state))
        pump(app, 0.05)
        look("computer's turn")
    return seen


@pytest.mark.parametrize("size", [(1280, 800), (1080, 1920)], ids=str)
@pytest.mark.parametrize("game_id", ["pente-grammai", "epaminondas", "latrunculi-petteia"])
def test_the_status_panel_keeps_its_size_from_turn_to_turn(app_factory, game_id, size):
    app = app_factory(game=game_id, size=size, lang="de", stand_in=True)
    gave_way: list[int] = []
    seen = heights_over_turns(app, 6, gave_way)
    assert len(seen) >= 8
    # it may grow to what a turn needs; it never shrinks back, so nothing under it moves
    # back and forth, but where a warning line would be cut under the height it kept
    shrinks = [
        (a, b)
        for i, (a, b) in enumerate(zip(seen, seen[1:], strict=False))
        if b[1] < a[1] and i + 1 not in gave_way
    ]
    assert not shrinks, f"{game_id} at {size}: the panel shrank {shrinks} in {seen}"
