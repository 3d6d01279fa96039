"""In the guided game (Learn), a notice (why a touch does nothing, why a move is refused, the
battle begins) is said in the strip beside the board, on a cream panel as on the game screen,
never over a point or square the visitor may have to touch (issue 61: it was drawn over the
middle of the board).  Real touches in the real kiosk, at the smallest landscape screen, a
full HD one and a totem."""

from __future__ import annotations

import pytest
from kiosk_driver import click, pump, wait_for
from test_learn import make_marked_move, ready_for_the_visitor, start_guide, throw_if_due

from ludique.play.learn import GUIDE_IDS
from ludique.ui.layout import recording


def illegal_touches(scene) -> list[tuple[str, str | None]]:
    """Touches a visitor may make that no move starts from or ends on: each of the other
    side's pieces and each piece of his own that cannot move (tapped), and the marked piece
    dropped on each square no move of it reaches."""
    state = scene.match.state
    origins = {m.frm if m.frm is not None else "reserve" for m in state.legal_moves()}
    tried: list[tuple[str, str | None]] = []
    for piece in state.pieces():
        if piece.square not in origins and piece.square in scene.view.spots():
            tried.append((piece.square, None))
    origin, target = scene.mark_squares()
    reached = {m.to for m in state.legal_moves() if m.frm == origin}
    if target is not None and origin in scene.view.spots():
        for square in scene.view.spots():
            if square not in reached and square != origin and square != "die":
                tried.append((origin, square))
                break
    return tried[:3]


def notice_problems(app) -> list[str]:
    scene = app.scene
    message = scene.guidance.message()
    if message is None:
        return []
    words = message.render(app.t)
    app.dirty = True
    with recording() as drawn:
        app.draw()
    said = [r for r in drawn if r.message == words]
    if not said:
        return [f"{words!r} not drawn"]
    problems = [f"{r.message!r} does not fit its box {r.box}" for r in drawn if r.overflow]
    spots = set(scene.view.spots())
    squares = [t for t in drawn.targets if t.name in spots]
    for record in said:
        if not scene.placed.strip.contains(record.drawn):
            problems.append(f"{words!r} at {record.drawn} is not in the strip {scene.placed.strip}")
        for target in squares:
            if record.drawn.colliderect(target.rect):
                problems.append(f"{words!r} at {record.drawn} covers {target.name} {target.rect}")
    return problems


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080), (1080, 1920)], ids=str)
@pytest.mark.parametrize("game_id", GUIDE_IDS)
def test_a_notice_in_the_guided_game_is_said_beside_the_board(app_factory, game_id, size):
    app = app_factory(lang="de", size=size, stand_in=True)
    start_guide(app, game_id)
    scene = app.scene
    said = 0
    problems: list[str] = []
    while not scene.done and scene.index < 4:
        assert wait_for(app, lambda: ready_for_the_visitor(app))
        if scene.done:
            break
        number = scene.index
        throw_if_due(app)
        if scene.guide.steps[number].move == "pass":
            assert wait_for(app, lambda n=number: scene.index != n or scene.done)
            continue
        for origin, target in illegal_touches(scene):
            click(app, scene.view.centre(origin, scene.match.state))
            if target is not None:
                click(app, scene.view.target_centre(target, scene.match.state))
            pump(app, 0.02)
            if scene.guidance.message() is not None:
                said += 1
                problems += notice_problems(app)
        make_marked_move(app)
        assert wait_for(app, lambda n=number: scene.index != n or scene.done)
    assert said, f"{game_id}: no notice was said"
    assert not problems, "\n".join(problems[:10])
