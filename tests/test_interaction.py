"""What a touch means (``ludique.play.touch``), without pygame, over positions of every game:
every legal move is made by a drag and by tap-then-tap and has a target mark, a tap on another
of one's own pieces selects it and never plays, a touch beside the targets is refused with the
engine's reason."""

from __future__ import annotations

import pytest
from doubles import Clock, Silent, random_positions, seneca_position

from ludique.games import GAME_IDS, GameState, new_game
from ludique.games.epaminondas.rules import EpaminondasState
from ludique.play.guidance import Guidance, Text, counter_key, counters
from ludique.play.match import GameConfig, Match
from ludique.play.touch import DOT, NOTHING, PLAY, REFUSE, RING, SELECT, Interaction


def touch(state: GameState) -> Interaction:
    match = Match(GameConfig(state.game_id, "two-players"), Silent(), state=state, clock=Clock())
    return Interaction(Guidance(match))


def positions(game_id: str, seed: int, count: int = 8) -> list[GameState]:
    return random_positions(game_id, seed, count, share=0.3, moving=True)


def own(state: GameState, square: str) -> bool:
    return any(p.square == square and p.colour == state.to_move for p in state.pieces())


def tap(t: Interaction, square: str | None):
    pressed = t.press(square)
    if t.drag is None:
        return pressed
    return t.release(square, moved=False)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_legal_move_is_made_by_a_drag_and_is_marked(game_id: str) -> None:
    for state in positions(game_id, seed=GAME_IDS.index(game_id)):
        made = set()
        t = touch(state)
        for square, move in t.guidance.removals().items():
            assert t.press(square).move == move
            made.add(move)
        for origin in t.guidance.origins():
            marks = t.target_marks(origin)
            for square, move in t.guidance.targets(origin).items():
                assert marks[square] == (RING if own(state, square) else DOT)
                t.clear()
                assert t.press(origin).kind == SELECT and t.drag is not None
                t.hover(square, moved=True)
                done = t.release(square, moved=True)
                assert (done.kind, done.move, done.dropped) == (PLAY, move, True)
                made.add(move)
        # where several moves go from one square to another (Seneca's chains by two ways),
        # they lead to the same position: one drop cannot mean two different moves
        for move in state.legal_moves():
            if move.kind == "pass" or move in made:
                continue
            twin = next(m for m in made if (m.frm, m.to) == (move.frm, move.to))
            assert state.play(move).key == state.play(twin).key, (move, twin)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_tap_on_a_target_plays_its_move_also_onto_ones_own_piece(game_id: str) -> None:
    """Every legal move is made by tap-then-tap: a tap on a target (a dot, or the ring round
    one's own piece an Epaminondas line moves onto) plays it (issue 61: the ring did nothing,
    and the line that said "drag it" went when the finger lifted)."""
    onto_own = 0
    for state in positions(game_id, seed=10 + GAME_IDS.index(game_id)):
        t = touch(state)
        for origin in t.guidance.origins():
            for square, move in t.guidance.targets(origin).items():
                t.clear()
                tap(t, origin)
                assert t.selected == origin
                done = t.press(square)  # what the touch means is decided as it comes down
                assert (done.kind, done.move, done.dropped) == (PLAY, move, False)
                onto_own += own(state, square)
    if game_id == "epaminondas":
        assert onto_own > 0  # the rings round one's own pieces were tapped


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_touch_beside_the_targets_is_refused_with_the_engines_reason(game_id: str) -> None:
    for state in positions(game_id, seed=20 + GAME_IDS.index(game_id), count=4):
        t = touch(state)
        everywhere = sorted({p.square for p in state.pieces()} | set(t.guidance.origins()))
        for origin in t.guidance.origins():
            targets = t.guidance.targets(origin)
            for square in everywhere:
                if square in targets or square == origin or square in t.guidance.origins():
                    continue
                engine = state.refusal(None if origin == "reserve" else origin, square)
                assert engine is not None
                key = f"play.refused.{engine.key}"
                if engine.key == "elsewhere" and counters(game_id):  # said of a counter
                    key = counter_key(key)
                said = Text.of(key, **dict(engine.fields))
                t.clear()
                t.press(origin)
                t.hover(square, moved=True)
                dropped = t.release(square, moved=True)
                assert (dropped.kind, dropped.origin, dropped.dropped) == (REFUSE, origin, True)
                assert dropped.reason == said and t.selected is None
                t.clear()
                tap(t, origin)
                tapped = t.press(square)
                assert (tapped.kind, tapped.reason, t.selected) == (REFUSE, said, None)


# --- the two defects the Epaminondas reviews found ----------------------------------------------


def test_a_phalanx_moving_onto_its_own_squares_has_a_target_mark() -> None:
    state = EpaminondasState.from_position(
        white=["c1", "c2", "c3", "h1", "h2"], black=["n12", "m12", "a12"]
    )
    t = touch(state)
    # a pair moving one square: its rear piece lands where its front piece stood
    assert t.target_marks("h1")["h2"] == RING
    # a column of three moving two: the tail lands on the front piece's square
    marks = t.target_marks("c1")
    assert marks["c2"] == RING and marks["c3"] == RING and marks["c4"] == DOT
    assert set(marks) == set(t.guidance.targets("c1"))


def test_a_tap_on_the_rear_piece_of_a_pair_plays_the_pair_back_a_second_tap_lets_go() -> None:
    state = EpaminondasState.from_position(white=["c2", "c3", "h1"], black=["n12", "m12"])
    t = touch(state)
    backward = t.guidance.targets("c3")["c2"]  # c3 with c2 behind it: the pair steps back
    assert backward.kind == "phalanx" and backward.size == 2
    tap(t, "c3")
    assert t.press("c2").move == backward  # the ring round c2 answers the tap
    # to take c2 instead, the visitor lets go of c3 first
    t.clear()
    tap(t, "c3")
    tap(t, "c3")
    assert t.selected is None
    tap(t, "c2")
    assert t.selected == "c2"


def test_a_second_tap_lets_go_and_a_tap_beside_the_board_does_nothing() -> None:
    t = touch(new_game("latrunculi-petteia"))
    tap(t, "c2")
    assert t.selected == "c2"
    assert tap(t, "c2").kind == SELECT and t.selected is None
    tap(t, "c2")
    assert (t.press(None).kind, t.selected) == (SELECT, None)
    assert t.release(None, moved=False).kind == NOTHING  # nothing held


def test_a_prisoner_is_removed_by_a_touch_and_nothing_else_is_taken() -> None:
    state = seneca_position(lambda s: s.pending_removal)
    t = touch(state)
    removals = t.guidance.removals()
    assert removals and all(m.kind == "remove" for m in removals.values())
    square, move = next(iter(removals.items()))
    other = next(p.square for p in state.pieces() if p.square not in removals)
    assert t.press(other).kind == NOTHING and t.selected is None
    assert t.press(square).move == move


def test_a_tap_on_ones_own_stack_on_a_sacred_point_moves_onto_it() -> None:
    """Pente grammai's counters on 3B stay when another lands there: with 2B selected, a tap on
    3B is the move onto it (the counters there are not carried), as a visitor means it."""
    from ludique.games.pente.rules import PenteState

    state = PenteState.from_position(blue={"3B": 3, "2B": 1, "4A": 1}, white={"3A": 4}, die=1)
    t = touch(state)
    assert "3B" in t.guidance.origins() and "3B" in t.guidance.targets("2B")
    tap(t, "2B")
    done = t.press("3B")
    assert (done.kind, str(done.move)) == (PLAY, "2B-3B")


def test_every_legal_epaminondas_move_of_200_random_positions_is_made_from_its_marks() -> None:
    # the measure: each move played by a drag from its origin's ring to its target's
    # mark, in 200 positions of random games
    states = positions("epaminondas", seed=200, count=200)
    played = 0
    for state in states:
        t = touch(state)
        origins = t.guidance.origins()
        for move in state.legal_moves():
            if move.kind == "pass":
                continue
            assert move.frm in origins, (move, origins)
            assert move.to in t.target_marks(move.frm), move
            t.clear()
            t.press(move.frm)
            t.hover(move.to, moved=True)
            done = t.release(move.to, moved=True)
            assert (done.kind, done.move) == (PLAY, move), (state.key, move)
            played += 1
    assert played > 10_000
