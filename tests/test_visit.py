"""The visit rule (issue 57): every game ends after its visit's moves, decided by its score.

A rule of the engine like the fifty-turn count: ``new_game(game_id)`` plays it, the full game is
``new_game(game_id, visit=None)``, saved games record which, and a game decided before the end
is decided as in the full game."""

from __future__ import annotations

import random

import pytest

from ludique.games import (
    GAME_IDS,
    IllegalMove,
    dump_game,
    load_game,
    new_game,
    spec,
)
from ludique.games.base import REASON_FIFTY_TURNS, REASON_VISIT, GameState
from ludique.games.latrunculi.rules import PetteiaState


def random_play(state: GameState, seed: int, plies: int = 2_000, greedy: bool = False) -> GameState:
    """Random moves (``greedy``: a capture whenever there is one) until the end or ``plies``."""
    rng = random.Random(seed)
    for _ in range(plies):
        if state.outcome is not None:
            break
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
            continue
        moves = state.legal_moves()
        captures = [m for m in moves if m.captures] if greedy else []
        state = state.play(rng.choice(captures or moves))
    return state


def replay(actions: list[str], start: GameState) -> GameState:
    state = start
    for action in actions:
        if state.outcome is not None:
            break
        state = state.roll(int(action[5:])) if action.startswith("roll ") else state.play(action)
    return state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_kiosk_game_ends_after_its_moves_by_the_score(game_id: str) -> None:
    visit = spec(game_id).visit_moves
    assert visit > 0, "every game of the kiosk has a visit rule"
    for seed in range(3):
        state = random_play(new_game(game_id), seed)
        assert state.visit == visit and state.outcome is not None
        assert state.turns <= 2 * visit
        if state.outcome.reason == REASON_VISIT:
            assert state.turns == 2 * visit and state.turns_left == 0
            first, second = state.colours
            a, b = state.score(first), state.score(second)
            assert len(a) == len(spec(game_id).score)
            assert state.outcome.winner == (first if a > b else second if b > a else None)
            # the last position before the end was still in play, one move left
            before = next(s for s in state.ancestors() if s.turns < state.turns)
            assert before.outcome is None and before.turns_left == 1


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_full_game_has_no_visit_rule(game_id: str) -> None:
    full = new_game(game_id, visit=None)
    assert full.visit is None and full.turns_left is None
    state = random_play(full, 5, plies=4 * spec(game_id).visit_moves + 40)
    assert state.outcome is None or state.outcome.reason != REASON_VISIT


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_game_decided_before_the_end_is_decided_as_in_the_full_game(game_id: str) -> None:
    """A full game decided at move n, replayed with a visit that ends at that very move: its
    own end comes first."""
    for seed in range(40):
        full = random_play(new_game(game_id, visit=None), seed, greedy=True)
        outcome = full.outcome
        # (the fifty-turn count is no end of the visit game: below)
        if outcome is None or outcome.reason == REASON_FIFTY_TURNS or full.turns > 800:
            continue
        visit = (full.turns + 1) // 2
        again = replay(full.actions(), new_game(game_id, visit=visit))
        assert again.key == full.key and again.outcome == outcome
        return
    pytest.fail("no random game decided within 800 moves")


def test_a_placement_and_a_removal_are_not_moves_of_the_visit() -> None:
    state = random_play(new_game("latrunculi-seneca", visit=500), 3, plies=400)
    moves = state.moves_played()
    battle = [m for m in moves if m.kind not in ("place", "remove")]
    assert any(m.kind == "place" for m in moves) and any(m.kind == "remove" for m in moves)
    assert state.turns == len(battle) < len(moves)


def test_a_throw_is_not_a_move_but_a_pass_is() -> None:
    games = (random_play(new_game("pente-grammai", visit=500), seed) for seed in range(50))
    state = next(s for s in games if any(m.kind == "pass" for m in s.moves_played()))
    assert state.turns == len(state.moves_played())
    rolled = new_game("pente-grammai").roll(3)
    assert rolled.turns == 0 and rolled.turns_left == 2 * spec("pente-grammai").visit_moves


def test_the_fifty_turn_count_gives_way_to_the_visit() -> None:
    """In the visit game a quiet game goes on to the visit's end: the count never ends it."""
    squares = {"blue": ["a1", "c1", "e1"], "white": ["b8", "d8", "f8"]}
    full = PetteiaState.from_position(**squares, quiet=49)
    quiet = next(m for m in full.legal_moves() if not m.captures)
    assert full.play(quiet).outcome is not None
    assert full.play(quiet).outcome.reason == REASON_FIFTY_TURNS
    visited = PetteiaState.from_position(**squares, quiet=49)
    visited.visit = 40  # as ``new_game`` sets it on a fresh start
    after = visited.play(quiet)
    assert after.outcome is None and after.quiet_turns == 50


def test_the_score_of_each_game() -> None:
    pente = new_game("pente-grammai")
    assert pente.score("blue") == pente.score("white") == (0,)
    epaminondas = new_game("epaminondas")
    assert epaminondas.score("white") == (0, 0)
    dux = new_game("latrunculi-dux")
    assert dux.score("blue") == (0,)
    seneca = new_game("latrunculi-seneca")  # pieces still to place are not taken
    assert seneca.score("white") == (0,)
    taken = random_play(new_game("latrunculi-piso", visit=None), 1)
    assert taken.score("blue") == (16 - taken.count("white"),)


def test_a_saved_game_records_its_visit() -> None:
    state = random_play(new_game("latrunculi-dux", visit=12), 4, plies=30)
    text = dump_game(state)
    assert text.splitlines()[2] == "visit 12"
    again = load_game(text)
    assert again.visit == 12 and again.turns == state.turns and again.key == state.key
    full = new_game("latrunculi-dux", visit=None).play("a1-a5")
    assert dump_game(full).splitlines()[2] == "visit full"
    assert load_game(dump_game(full)).visit is None
    # a record from before the rule names none: the full game
    assert load_game("game latrunculi-dux\na1-a5\n").visit is None


@pytest.mark.parametrize(
    "line", ["visit 0", "visit -3", "visit ten", "visit 99999", "visit ²", "visit"]
)
def test_a_bad_visit_line_is_refused_by_its_line(line: str) -> None:
    with pytest.raises(IllegalMove, match=r"^line 2: "):
        load_game(f"game epaminondas\n{line}\ne1-g3\n")


def test_a_visit_line_after_the_first_move_is_refused() -> None:
    with pytest.raises(IllegalMove, match=r"^line 3: "):
        load_game("game epaminondas\ne1-g3\nvisit 12\n")


@pytest.mark.parametrize("visit", [0, -1, 2.5, "12"])
def test_new_game_refuses_a_bad_length(visit: object) -> None:
    with pytest.raises(IllegalMove, match="visit"):
        new_game("epaminondas", visit=visit)  # type: ignore[arg-type]
