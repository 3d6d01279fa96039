"""The computer player's interface: legal moves everywhere, clear refusals, the time bound and a
few positions with only one good answer.  Strength is shown by ``benchmarks/ai.py``."""

from __future__ import annotations

import random
import subprocess
import sys
import time

import pytest

from ludique.ai import STRENGTHS, choose_move
from ludique.ai.baselines import greedy_move, random_move
from ludique.ai.evaluation import ai_for
from ludique.ai.pente import pente_win_probability
from ludique.ai.search import WIN, Limit, Searcher
from ludique.games import GAME_IDS, GameState, Move, new_game
from ludique.games.epaminondas.rules import EpaminondasState
from ludique.games.latrunculi.rules import DuxState, PetteiaState, SenecaState

SEARCH_GAMES = [g for g in GAME_IDS if g != "pente-grammai"]
SHORT = 0.05  # seconds: enough for a legal move, keeps the suite fast


def random_positions(game_id: str, seed: int, count: int, max_moves: int = 80) -> list[GameState]:
    """``count`` positions with a move to make, from random games (Pente: after the roll)."""
    rng = random.Random(seed)
    out: list[GameState] = []
    while len(out) < count:
        state = new_game(game_id)
        stop_at = rng.randint(0, max_moves)
        moves = 0
        while state.outcome is None and moves < stop_at:
            if state.needs_roll:
                state = state.roll(rng.randint(1, 6))
                continue
            state = state.play(rng.choice(state.legal_moves()))
            moves += 1
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
        if state.legal_moves():
            out.append(state)
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_strength_chooses_a_legal_move_in_random_positions(game_id: str) -> None:
    rng = random.Random(7)
    for state in random_positions(game_id, seed=GAME_IDS.index(game_id), count=6):
        legal = state.legal_moves()
        for strength in STRENGTHS:
            move = choose_move(state, strength, SHORT, rng)
            assert move in legal, (game_id, strength, str(move), state.actions())
            state.play(move)  # the engine accepts it too


@pytest.mark.parametrize("game_id", SEARCH_GAMES)
def test_a_whole_game_between_two_computers_is_played_to_its_end(game_id: str) -> None:
    rng = random.Random(3)
    state = new_game(game_id)
    players = ("champion", "beginner")
    for _ in range(300):
        if state.outcome is not None:
            break
        move = choose_move(state, players[len(state.actions()) % 2], 0.02, rng)
        state = state.play(move)
    assert len(state.actions()) > 10


def test_a_bad_strength_is_refused_with_the_known_strengths() -> None:
    with pytest.raises(
        ValueError, match="unknown strength 'expert'.*even, beginner, player, champion"
    ):
        choose_move(new_game("epaminondas"), "expert")


@pytest.mark.parametrize("budget", [0, -1, 2.5, "fast"])
def test_a_budget_outside_the_kiosk_limits_is_refused(budget: object) -> None:
    with pytest.raises(ValueError, match="time_budget"):
        choose_move(new_game("latrunculi-dux"), "player", budget)  # type: ignore[arg-type]


def test_a_finished_game_has_no_move_to_choose() -> None:
    state = PetteiaState.from_position(blue=["a1", "b1"], white=["h8"], to_move="white")
    assert state.outcome is not None
    with pytest.raises(ValueError, match="game is over"):
        choose_move(state, "champion", SHORT)


def test_a_pente_position_waiting_for_its_roll_has_no_move_to_choose() -> None:
    state = new_game("pente-grammai")
    assert state.needs_roll
    with pytest.raises(ValueError, match="die must be thrown"):
        choose_move(state, "champion", SHORT)


def test_strengths_are_even_match_first_then_the_three_fixed_levels() -> None:
    assert STRENGTHS == ("even", "beginner", "player", "champion")


# --- positions with one right answer ---------------------------------------------------------
def champion(state: GameState, seed: int, nodes: int = 40_000) -> Move:
    """The Champion's search (the top rung of ``ludique.ai.even``) bounded by its work, not by
    the clock: the same move however busy the machine.  40 000 nodes are about what half a
    second buys the kiosk's Champion."""
    return Searcher(ai_for(state), Limit(nodes=nodes), rng=random.Random(seed)).search(state).move


def test_champion_crosses_when_the_opponent_cannot_answer() -> None:
    # a10-a12 puts a piece on Black's home row; Black's lone piece can neither capture it nor
    # cross, so White wins at the start of his next turn.
    state = EpaminondasState.from_position(white=["a10", "a11", "f3"], black=["n7"])
    move = champion(state, 1)
    after = state.play(move)
    assert after.crossing_count("white") == 1
    reply = after.legal_moves()
    assert all(after.play(m).outcome is not None for m in reply)


def test_champion_captures_the_intruder_on_its_home_row() -> None:
    # White stands on a12, Black's home row: unless Black captures it now, White wins.
    state = EpaminondasState.from_position(
        white=["a12", "d5", "e5", "f5"], black=["b12", "c12", "k11", "l11"], to_move="black"
    )
    # the Player picks among the referee's values, a search bounded by nodes already
    assert str(choose_move(state, "player", 0.5, random.Random(2))) == "c12-b12"
    assert str(champion(state, 2)) == "c12-b12"


def test_champion_takes_the_capture_that_wins_at_once() -> None:
    # Blue sliding b3-b7 encloses c7 between b7 and d7, leaving White one piece: Blue wins.
    state = PetteiaState.from_position(blue=["b3", "d7", "a1"], white=["c7", "h5"])
    move = champion(state, 3, nodes=24_000)
    assert str(move) == "b3-b7"
    assert state.play(move).outcome.winner == "blue"


def test_champion_does_not_leave_a_man_to_be_captured() -> None:
    # Blue's man on d4 is attacked: White's e4 stands beside it and White's c6 can slide to c4.
    # Every Blue move but those that save d4 loses a man; the dux variant gives Blue enough
    # other moves to go wrong.
    state = DuxState.from_position(
        blue=["d4", "a1", "h1"], white=["e4", "c6", "h8", "a8"], dux={"blue": "b2", "white": "g7"}
    )
    move = champion(state, 4)
    after = state.play(move)
    captures = [m for m in after.legal_moves() if m.taken]
    assert not captures, (str(move), [str(m) for m in captures])


def test_the_seneca_removal_and_placement_are_chosen_like_any_move() -> None:
    placement = new_game("latrunculi-seneca")
    assert str(choose_move(placement, "champion", SHORT)).startswith("@")
    removal = SenecaState.from_position(
        blue=["a1", "c1", "b5", "h8", "d4"],
        white=["b1", "h1", "e5"],
        inciti={"b1": ("a1", "c1")},
        to_move="white",
        pending_removal=False,
    )
    # White to move holds an incitus (b1) and frees none with a quiet move: a removal follows.
    quiet = next(m for m in removal.legal_moves() if not m.taken and str(m) == "e5-e6")
    pending = removal.play(quiet)
    assert pending.pending_removal and pending.to_move == "white"
    for strength in STRENGTHS:
        assert str(choose_move(pending, strength, SHORT)).startswith("x")


def test_the_search_scores_a_forced_win_as_a_win() -> None:
    state = EpaminondasState.from_position(white=["a10", "a11", "f3"], black=["n7"])
    searcher = Searcher(ai_for(state), Limit(depth=4), rng=random.Random(5))
    result = searcher.search(state)
    assert result.score > WIN - 100
    assert result.depth >= 1


def test_a_search_stops_at_its_depth_or_its_nodes() -> None:
    state = random_positions("latrunculi-seneca", seed=3, count=1, max_moves=20)[0]
    deep = Searcher(ai_for(state), Limit(depth=2), rng=random.Random(1)).search(state)
    assert deep.depth <= 2
    nodes = Searcher(ai_for(state), Limit(nodes=300), rng=random.Random(1)).search(state)
    assert nodes.nodes <= 300 + 4  # the count is looked at every four nodes
    # a limit of work gives the same move on any machine, however busy
    again = Searcher(ai_for(state), Limit(nodes=300), rng=random.Random(1)).search(state)
    assert (again.move, again.score, again.depth) == (nodes.move, nodes.score, nodes.depth)


# --- time ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["epaminondas", "latrunculi-seneca", "latrunculi-petteia"])
def test_the_champion_answers_within_two_seconds_with_the_real_budget(game_id: str) -> None:
    state = random_positions(game_id, seed=11, count=1, max_moves=30)[0]
    # The processor's time: work past the deadline shows in it, a busy machine's stalls do not.
    started = time.process_time()
    move = choose_move(state, "champion", 1.5, random.Random(6))
    elapsed = time.process_time() - started
    assert move in state.legal_moves()
    assert elapsed < 2.0, elapsed


def test_the_weaker_strengths_do_not_take_longer_than_the_budget() -> None:
    state = random_positions("epaminondas", seed=12, count=1, max_moves=30)[0]
    for strength in ("beginner", "player"):
        started = time.process_time()
        choose_move(state, strength, 0.5, random.Random(7))
        assert time.process_time() - started < 0.6


# --- baselines and Pente ---------------------------------------------------------------------
@pytest.mark.parametrize("game_id", SEARCH_GAMES)
def test_the_baselines_choose_legal_moves(game_id: str) -> None:
    rng = random.Random(8)
    for state in random_positions(game_id, seed=9, count=3):
        assert random_move(state, rng) in state.legal_moves()
        assert greedy_move(state, rng) in state.legal_moves()


def test_the_greedy_baseline_captures_when_it_can() -> None:
    state = PetteiaState.from_position(blue=["b3", "d7", "a1", "a2"], white=["c7", "h5", "h6"])
    assert str(greedy_move(state, random.Random(1))) == "b3-b7"


def test_importing_the_ai_does_not_load_the_pente_table() -> None:
    code = "import sys, ludique.ai; print('ludique.ai.pente' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_pente_win_probability_before_and_after_the_throw() -> None:
    state = new_game("pente-grammai")
    p = pente_win_probability(state)
    assert 0.0 < p < 1.0
    rolled = state.roll(3)
    assert 0.0 <= pente_win_probability(rolled) <= 1.0


@pytest.mark.parametrize("game_id", [g for g in SEARCH_GAMES if g.startswith("latrunculi")])
def test_the_latrunculi_bitboard_evaluation_agrees_with_the_board_walk(game_id: str) -> None:
    from ludique.ai.latrunculi import LatrunculiAI

    ai = LatrunculiAI(game_id)
    positions = random_positions(game_id, seed=13, count=25, max_moves=120)
    if not hasattr(positions[0], "act"):
        pytest.skip("this engine offers no bitboards")
    for state in positions:
        walked = ai._score_blue(state.board)
        bits = ai._score_blue_bits(state.act, state.inert, state.dux)
        assert walked == bits, state.actions()


# --- structure -------------------------------------------------------------------------------
def _ai_imports() -> dict[str, set[str]]:
    """For each module of ``ludique.ai``, the modules of ``ludique.ai`` it imports (also inside
    functions: a lazy import still ties the two modules together)."""
    import ast
    from pathlib import Path

    import ludique.ai

    package = Path(ludique.ai.__file__).parent
    graph: dict[str, set[str]] = {}
    for path in package.glob("*.py"):
        name = "ludique.ai" if path.stem == "__init__" else f"ludique.ai.{path.stem}"
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            found |= {t for t in targets if t.startswith("ludique.ai.") or t == "ludique.ai"}
        graph[name] = found - {name}
    return {name: {t for t in targets if t in graph} for name, targets in graph.items()}


def test_the_ai_modules_import_each_other_without_a_circle() -> None:
    graph = _ai_imports()
    # The package's own __init__ dispatches to its modules; only the circles between them count.
    graph.pop("ludique.ai")
    for targets in graph.values():
        targets.discard("ludique.ai")
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        assert name not in path, " -> ".join(path + [name])
        if name in done:
            return
        for target in sorted(graph[name]):
            visit(target, path + [name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])
