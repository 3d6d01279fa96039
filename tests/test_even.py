"""Even match: the visitor's loss per decision read from his moves, the computer playing at it,
and the ladder of fixed levels.

Strength and fairness over whole games are measured by ``benchmarks/even.py`` (a population of
synthetic visitors through the kiosk's Match); these tests hold the model's parts to what they
say.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import replace
from typing import Any

import pytest
from doubles import random_positions

from ludique.ai import FIXED_RUNGS, decide
from ludique.ai import even as ev
from ludique.ai.evaluation import ai_for
from ludique.ai.measured import NOMINAL, Measured, measured, read, write
from ludique.ai.search import Limit, Searcher
from ludique.ai.skill import INFORMATIVE, PRIOR_WEIGHT, Decision, decisions_of, estimate, rung_of
from ludique.games import GAME_IDS, new_game, spec
from ludique.games.epaminondas.rules import EpaminondasState
from ludique.games.latrunculi.rules import DuxState, PetteiaState
from ludique.games.pente.rules import PenteState


def test_the_visitors_decisions_are_his_choices_with_their_losses() -> None:
    state = PetteiaState.from_position(blue=["b3", "d7", "a1"], white=["c7", "h5", "h1"])
    winning = state.play("b3-b7")  # encloses c7 (White keeps two): the referee's best
    other = state.play("a1-a2")
    for after, lost in ((winning, False), (other, True)):
        reply = after.play(after.legal_moves()[0])
        (decision,) = decisions_of(reply, "blue", ev.referee_chances)
        assert (decision.loss > 0.05) is lost
        assert min(decision.losses) == 0.0


# --- the ladder ---
def test_the_ladder_runs_from_a_toddler_to_the_champion_seeing_more_and_choosing_better() -> None:
    # up the ladder a rung overlooks the reply no more often, and among the rungs that look at
    # it at all, chooses at no higher temperature; the toddler, who never looks, picks the
    # best-looking move often (its weakness is what it does not see)
    overlooks = [level.overlook for level in ev.LADDER]
    assert overlooks == sorted(overlooks, reverse=True)
    temperatures = [level.temperature for level in ev.LADDER if level.overlook < 1]
    assert temperatures == sorted(temperatures, reverse=True) and temperatures[-1] == 0
    # the two top rungs are the Champion's search, the expert on less thought in every game
    assert [level.search for level in ev.LADDER[-2:]] == ["champion", "champion"]
    for game_id in (g for g in GAME_IDS if not spec(g).solved):
        assert 0 < ev.thought(game_id, ev.LADDER[-2]) < ev.thought(game_id, ev.LADDER[-1])


@pytest.mark.parametrize("game_id", ["latrunculi-seneca", "latrunculi-dux"])
def test_the_top_rungs_think_as_they_were_measured_whatever_the_clock(game_id: str) -> None:
    # Their ratings and reading come from games at 0.25 s a move: at the kiosk's 1.5 s (or a
    # test's 0.05 s) they play the same moves, their thought counted in nodes, not seconds.
    positions = random_positions(game_id, seed=21, count=4, share=0.05, moving=True)
    for level in ev.LADDER[-2:]:
        nodes = ev.thought(game_id, level)
        for i, state in enumerate(positions):
            moves = {
                ev.play_search_rung(
                    state, level, time.perf_counter(), budget, random.Random(i), None
                ).text
                for budget in (0.05, 0.25, 1.5)
            }
            alone = Searcher(ai_for(state), Limit(nodes=nodes), rng=random.Random(i))
            assert moves == {alone.search(state).move.text}, (level.name, i)


def attacked_man() -> DuxState:
    # Blue's d4 is attacked (White's e4 beside it, c6 can slide to c4): every move but those
    # that save it loses a man.
    return DuxState.from_position(
        blue=["d4", "a1", "h1"], white=["e4", "c6", "h8", "a8"], dux={"blue": "b2", "white": "g7"}
    )


@pytest.mark.parametrize("rung", range(1, len(ev.LADDER) - 1))
def test_no_rung_steps_a_man_into_a_capture_it_can_see(rung: int) -> None:
    state = attacked_man()
    level = replace(ev.LADDER[rung], overlook=0.0)  # a rung that looks at the reply
    for seed in range(8):
        move = ev.play_search_rung(
            state, level, time.perf_counter(), 0.2, random.Random(seed), None
        )
        after = state.play(move)
        assert not [m for m in after.legal_moves() if m.taken], (rung, str(move))


def test_only_the_lowest_rungs_overlook_the_reply_often() -> None:
    overlooks = [level.overlook for level in ev.LADDER]
    assert overlooks[0] == 1.0 and overlooks[1] >= 0.3 and overlooks[2] <= 0.1
    assert overlooks[3:] == [0.0] * (len(ev.LADDER) - 3)
    # a move chosen without looking at the reply may leave the man to be taken
    state = attacked_man()
    left = 0
    for seed in range(20):
        move = ev.play_search_rung(
            state, ev.LADDER[0], time.perf_counter(), 0.2, random.Random(seed), None
        )
        left += bool([m for m in state.play(move).legal_moves() if m.taken])
    assert left == 0


def test_a_rung_that_overlooks_does_not_search_the_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    # the toddler judges each move by the position it leaves: the referee's two plies are
    # never asked, and what it takes at once weighs in its choice
    def no_search(*args: object, **kwargs: object) -> object:
        raise AssertionError("the referee was asked")

    monkeypatch.setattr(ev, "referee_values", no_search)
    state = attacked_man()
    for seed in range(8):
        move = ev.play_search_rung(
            state, ev.LADDER[0], time.perf_counter(), 0.2, random.Random(seed), None
        )
        assert move in state.legal_moves()


@pytest.mark.parametrize("rung", range(len(ev.LADDER) - 1))
def test_no_rung_misses_a_win_it_can_see(rung: int) -> None:
    state = PetteiaState.from_position(blue=["b3", "d7", "a1"], white=["c7", "h5"])
    for seed in range(5):
        move = ev.play_search_rung(
            state, ev.LADDER[rung], time.perf_counter(), 0.2, random.Random(seed), None
        )
        assert str(move) == "b3-b7", rung


def test_a_pente_rung_takes_the_win_and_otherwise_weighs_the_exact_chances() -> None:
    state = PenteState.from_position(blue={"2B": 1, "3B": 4}, white={"off": 5}, die=1)
    assert state.play(ev.play_solved_rung(state, ev.LADDER[0], random.Random(1))).outcome
    state = PenteState.initial().roll(3)
    best = max(range(len(state.legal_moves())), key=lambda i: ev.referee_chances(state)[i][1])
    champion = ev.play_solved_rung(state, ev.LADDER[-1], random.Random(1))
    assert champion.text == ev.referee_chances(state)[best][0]


def test_a_pente_rung_that_overlooks_plays_the_race_a_child_plays() -> None:
    # without the table, the child hurries home: it knocks a counter off more often than a
    # random mover (one move in two here) and walks one off its goal less often (one in three)
    child = replace(ev.LADDER[1], overlook=1.0)
    hit = PenteState.from_position(blue={"1A": 1, "3B": 4}, white={"2A": 1, "off": 4}, die=1)
    race = ai_for(hit)
    hits = [m for m in hit.legal_moves() if race.capture_gain(hit, m)]
    assert [m.text for m in hits] == ["1A-2A"] and len(hit.legal_moves()) == 2
    hit_by = sum(
        ev.play_solved_rung(hit, child, random.Random(seed)) in hits for seed in range(100)
    )
    assert hit_by >= 65
    home = PenteState.from_position(blue={"5A": 1, "1B": 1, "3B": 3}, white={"off": 5}, die=2)
    assert "3B-5B" in {m.text for m in home.legal_moves()} and len(home.legal_moves()) == 3
    leaves = sum(
        ev.play_solved_rung(home, child, random.Random(seed)).text == "3B-5B" for seed in range(100)
    )
    assert leaves <= 28


def test_the_candidates_keep_the_least_exposed_sound_moves() -> None:
    state = attacked_man()
    legal = {m.text: m for m in state.legal_moves()}
    values = [(v, legal[t]) for t, v in ev.referee_values(state)]
    pool = ev.candidates(ai_for(state), state, values)
    best = max(v for v, _ in values)
    assert pool and all(v >= best - ev.HANG for v, _ in pool)
    assert all(ev.exposure(ai_for(state), state, m) <= 0 for _, m in pool)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_even_match_plays_a_legal_move_and_says_what_it_read(game_id: str) -> None:
    rng = random.Random(3)
    state = new_game(game_id)
    for _ in range(6):
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
        state = state.play(rng.choice(state.legal_moves()))
    if state.needs_roll:
        state = state.roll(6)
    while len(state.legal_moves()) < 2:
        state = state.play(state.legal_moves()[0])
        if state.needs_roll:
            state = state.roll(6)
    move, note = decide(state, "even", 0.2, random.Random(1))
    assert move in state.legal_moves() and note is not None
    # what it read, on a clock that does not run (a busy machine reads fewer of his positions
    # within 0.2 s, in Epaminondas none)
    note = ev.even_decision(state, 0.0, 0.2, random.Random(1), clock=lambda: 0.0).note()
    assert 0 <= note["played"] < len(ev.LADDER)
    assert 0 <= note["rung"] <= len(ev.LADDER) - 1
    assert note["decisions"] >= 1 and 0 <= note["loss"] <= 1 and note["spread"] >= 0


def test_the_referee_is_bounded_by_work_not_by_the_clock() -> None:
    from ludique.ai.search import Limit, SearchAborted, Searcher

    state = new_game("latrunculi-piso")
    rng = random.Random(11)
    for _ in range(60):
        state = state.play(rng.choice(state.legal_moves()))
    searcher = Searcher(ai_for(state), Limit(nodes=200), contempt=0)
    with pytest.raises(SearchAborted):
        searcher.score_moves(state, state.legal_moves(), 3)
    assert searcher.nodes <= 200 + 4
    # whatever depth it had to settle for, the referee judges every legal move, the same twice
    first = ev.referee_values(state)
    ev._referee_cache.clear()
    assert ev.referee_values(state) == first
    assert sorted(t for t, _ in first) == sorted(m.text for m in state.legal_moves())


def test_decisions_that_tell_nothing_are_passed_over_and_the_window_holds_those_that_do() -> None:
    rng = random.Random(2)
    state = new_game("latrunculi-petteia")
    for _ in range(30):
        state = state.play(rng.choice(state.legal_moves()))
    # a referee for whom nothing matters in the last 10 plies (a game already decided)
    recent = set()
    node = state
    for _ in range(10):
        recent.add(id(node.parent))
        node = node.parent

    def chances(position):
        moves = [m.text for m in position.legal_moves()]
        if id(position) in recent:
            return [(t, 0.0) for t in moves]
        return [(t, 0.1 * (i == 0)) for i, t in enumerate(moves)]

    decisions = decisions_of(state, "blue", chances, window=4)
    assert len(decisions) == 4 and all(max(d.losses) > 0 for d in decisions)
    assert decisions_of(state, "blue", lambda p: [(m.text, 0.5) for m in p.legal_moves()]) == []


def test_a_cancelled_request_stops_the_referee_and_leaves_nothing_remembered() -> None:
    state = new_game("latrunculi-piso")
    rng = random.Random(4)
    for _ in range(40):
        state = state.play(rng.choice(state.legal_moves()))
    ev._referee_cache.clear()
    with pytest.raises(ev.Cancelled):
        ev.referee_values(state, stop=lambda: True)
    assert not ev._referee_cache  # a cut-short judgement is not kept
    with pytest.raises(ev.Cancelled):
        decide(state, "even", 0.5, random.Random(1), stop=lambda: True)
    assert ev.referee_values(state) == ev.referee_values(state, stop=lambda: False)


def test_the_kiosks_fixed_rungs_are_bounded_by_the_clock_and_the_benchmarks_are_not() -> None:
    # a fixed strength asked with its clock already spent (a slow kiosk PC) answers from a
    # referee cut short, which is not remembered; a benchmark's rung reads the position in full
    state = new_game("epaminondas")
    rng = random.Random(9)
    for _ in range(20):
        state = state.play(rng.choice(state.legal_moves()))
    player = ev.LADDER[FIXED_RUNGS["player"]]
    assert player.search != "champion" and not player.overlook
    spent = time.perf_counter() - 10.0
    ev._referee_cache.clear()
    move = ev.play_search_rung(state, player, spent, 0.5, random.Random(1), None, clock=True)
    assert move in state.legal_moves()
    assert not ev._referee_cache  # cut short by the clock
    move = ev.play_search_rung(state, player, spent, 0.5, random.Random(1), None)
    assert move in state.legal_moves()
    assert (state.game_id, state.key) in ev._referee_cache  # read in full


def test_the_toddler_takes_what_is_offered_by_chance_and_never_gives_a_man_for_nothing() -> None:
    # Blue may take c3 (d5-d3 closes it against b3); the toddler does not look for it, so it
    # takes it only now and then, and whatever it plays leaves nothing taken at once for nothing
    state = PetteiaState.from_position(blue=["b3", "d5", "a8"], white=["c3", "h1", "g8"])
    ai = ai_for(state)
    captures = {m.text for m in state.legal_moves() if ai.capture_gain(state, m)}
    assert captures
    moves = [
        ev.play_search_rung(
            state, ev.LADDER[0], time.perf_counter(), 0.2, random.Random(seed), None
        )
        for seed in range(200)
    ]
    took = sum(m.text in captures for m in moves)
    assert 0 < took < 50, took  # one move in 34: a grasping player would take it every time
    assert all(ev.exposure(ai, state, m, avenged=False) <= 0 for m in moves)


def test_the_pente_aims_benchmark_plays_every_pairing_and_its_racer_takes_the_shortest_way() -> (
    None
):
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    run = subprocess.run(
        [
            sys.executable,
            str(root / "benchmarks" / "pente_aims.py"),
            "--games",
            "2",
            "--limit",
            "20",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=root,
    )
    assert run.returncode == 0, run.stderr
    rows = [line.split() for line in run.stdout.splitlines()[2:]]
    assert [(r[0], r[1]) for r in rows] == [
        (a, b) for a in ("random", "hitter", "racer") for b in ("random", "hitter", "racer")
    ]
    assert all(0 <= int(r[3]) <= int(r[2]) <= 2 for r in rows)  # wins within ended games

    sys.path.insert(0, str(root / "benchmarks"))
    try:
        from pente_aims import hits, racer
    finally:
        sys.path.remove(str(root / "benchmarks"))
    from ludique.ai.pente import distance

    rng = random.Random(3)
    state = PenteState.initial()
    for _ in range(60):
        if state.outcome is not None:
            break
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
            continue
        moves = state.legal_moves()
        move = racer(state, moves, rng)
        if not hits(state, moves):
            side = state.side
            ways = [distance(side, state.play(m).placements[side]) for m in moves]
            assert distance(side, state.play(move).placements[side]) == min(ways)
        state = state.play(move)


def test_the_bounds_benchmark_meets_every_visitor_and_its_opponents_do_what_they_say() -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    run = subprocess.run(
        [sys.executable, str(root / "benchmarks" / "even_bounds.py"), "--part", "pente"]
        + ["--games", "2", "--rounds", "20", "--long", "40", "--jobs", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=root,
    )
    assert run.returncode == 0, run.stderr
    rows = run.stdout.splitlines()[1:]
    visitors = ("random", "greedy", "cautious", "child", "novice", "strong", "champion")
    visitors += ("runner", "sampler", "wall", "grabber", "hunter", "counter")  # no rung plays these
    assert [row.split()[0] for row in rows] == list(visitors)
    for row in rows:
        cells = [cell.split() for cell in row.split(maxsplit=1)[1].split("|")]
        assert [cell[0] for cell in cells] == ["thrower", "balancer", "equal"]
        # won within the short horizon <= won within the long one <= games; a share of turns
        assert all(0 <= int(c[1]) <= int(c[2]) <= 2 and c[4].endswith("%") for c in cells)
        told, decided = (int(n) for n in cells[2][5].split("/"))  # the winner lost less
        assert 0 <= told <= decided <= 2

    sys.path.insert(0, str(root / "benchmarks"))
    try:
        from even_bounds import opponent_move
    finally:
        sys.path.remove(str(root / "benchmarks"))
    from ludique.ai.pente import move_values

    rng = random.Random(5)
    state, seen = PenteState.initial(), 0
    while state.outcome is None and seen < 40:
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
            continue
        his = {m.text: 1.0 - v for m, v in move_values(state)}
        if len(set(his.values())) > 1:
            seen += 1
            thrown = opponent_move("thrower", state, rng).text
            balanced = opponent_move("balancer", state, rng).text
            assert his[thrown] == max(his.values())
            assert abs(his[balanced] - 0.5) == min(abs(c - 0.5) for c in his.values())
        state = state.play(rng.choice(state.legal_moves()))
    assert seen >= 10


def test_a_full_referee_cache_forgets_its_least_recently_read_position_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Each decision reads the visitor's recent positions again; a cache emptied all at once made
    # the decision after it judge them all anew (2-3 s in a long game, past the kiosk's 2 s).
    monkeypatch.setattr(ev, "REFEREE_CACHE", 8)
    ev._referee_cache.clear()
    rng = random.Random(6)
    states = [new_game("latrunculi-seneca")]
    for _ in range(9):
        states.append(states[-1].play(rng.choice(states[-1].legal_moves())))
    for state in states[:8]:
        ev.referee_values(state)
    ev.referee_values(states[0])  # read again: now the most recent
    ev.referee_values(states[8])  # one more than the cache holds
    kept = [(s.game_id, s.key) in ev._referee_cache for s in states[:9]]
    assert kept == [True, False, True, True, True, True, True, True, True]
    ev.referee_values(states[9])
    assert len(ev._referee_cache) == 8
    assert (states[2].game_id, states[2].key) not in ev._referee_cache


def test_the_referee_benchmark_agrees_with_the_referee_where_it_sees_two_plies() -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    run = subprocess.run(
        [
            sys.executable,
            str(root / "benchmarks" / "even_referee.py"),
            *("--game", "latrunculi-seneca", "--games", "1", "--plies", "8"),
            *("--visitor", "strong"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=root,
    )
    assert run.returncode == 0, run.stderr
    name, decisions, referee, two, judged = run.stdout.splitlines()[-1].split()
    # a Seneca opening is judged at two plies, as the unbounded search judges it
    assert name == "strong" and int(decisions) >= 3 and judged == "100%"
    assert float(referee) == float(two) and 0 <= float(two) <= 1


@pytest.mark.parametrize("game_id", ["epaminondas", "latrunculi-dux"])
def test_the_referee_sees_two_plies_in_a_wide_position(game_id: str) -> None:
    # Two plies cost about the square of the legal moves: a fixed node bound that fitted
    # Latrunculi's 30-60 moves left Epaminondas' 110-200 judged at one ply, where a man left to
    # be taken is not seen and the greedy visitor reads as strong.
    rng = random.Random(3)
    state = new_game(game_id)
    for _ in range(12):
        state = state.play(rng.choice(state.legal_moves()))
    moves = state.legal_moves()
    assert len(moves) > (100 if game_id == "epaminondas" else 20)
    ev._referee_cache.clear()
    two_plies = sorted((m.text, v) for v, m in ev.judge(state, moves, 2, 10**9))
    assert sorted(ev.referee_values(state)) == two_plies


def test_a_rung_that_overlooks_still_sees_a_game_lost_on_the_board() -> None:
    # an intruder on White's home row wins for Black when his turn starts, unless White takes it
    # now: a player who does not look ahead sees that as he sees a man left to be taken
    state = EpaminondasState.from_position(
        white=["b3", "b2", "h2", "g2", "e2", "d3"],
        black=["b1", "n12", "m12", "k11"],
        to_move="white",
    )
    moves = state.legal_moves()
    saving = [m for m in moves if state.play(m.text).outcome is None]
    assert len(saving) == 1 and len(moves) > 40
    toddler = ev.LADDER[0]
    assert toddler.overlook == 1.0
    for seed in range(10):
        move = ev.play_search_rung(
            state, toddler, time.perf_counter(), 0.2, random.Random(seed), None
        )
        assert move == saving[0], seed


# --- the visitor's loss per decision ---
def test_the_estimate_is_his_mean_loss_drawn_toward_the_prior_until_his_moves_tell() -> None:
    careless = [Decision((0.0, 0.1), 1)] * 20
    careful = [Decision((0.0, 0.1), 0)] * 20
    prior = 0.03
    assert estimate([], prior).loss == pytest.approx(prior)
    assert estimate(careless, prior).loss > 0.085 and estimate(careful, prior).loss < 0.006
    # one slip of a careful player is not a verdict: it moves the estimate by its share
    slipped = estimate([*careful[:-1], Decision((0.0, 0.1), 1)], prior)
    assert 0.005 < slipped.loss < 0.02
    # the more his moves told, the surer the estimate
    mixed = [Decision((0.0, 0.1), i % 2) for i in range(20)]
    assert estimate(mixed[:4], prior).spread > estimate(mixed, prior).spread > 0


def test_the_prior_ages_as_his_decisions_do_so_a_sharp_visitor_is_read_near_his_loss() -> None:
    # twenty decisions losing 0.002 each against the Beginner's loss: a prior held at two
    # decisions' worth kept him at 0.0084, four times his loss; as old as the decision before
    # his first, it weighs 2 * 0.5 ** (20 / 10) = 0.5 of a decision
    sharp = [Decision((0.0, 0.002, 0.1), 1)] * 20
    prior = 0.044
    read = estimate(sharp, prior).loss
    weights = [0.5 ** (k / 10) for k in range(20)]
    assert read == pytest.approx((0.5 * prior + 0.002 * sum(weights)) / (0.5 + sum(weights)))
    assert read < 2 * 0.002
    # his first decision is still no verdict
    assert estimate(sharp[:1], prior).loss > 10 * 0.002


def test_a_quiet_move_as_good_as_the_capture_is_no_capture_missed() -> None:
    # Petteia: Blue could take c7 (b3-b7) and played a1-a2; the chances are injected
    state = PetteiaState.from_position(blue=["b3", "d7", "a1"], white=["c7", "h5", "h1"])
    after = state.play("a1-a2")
    after = after.play(after.legal_moves()[0])

    def read(quiet_loss: float) -> Decision:
        def chances(node):  # b3-b7 best, a1-a2 ``quiet_loss`` below, the rest far below
            worth = {"b3-b7": 0.6, "a1-a2": 0.6 - quiet_loss}
            return [(m.text, worth.get(m.text, 0.3)) for m in node.legal_moves()]

        (decision,) = decisions_of(after, "blue", chances, takes=ev.takes_a_man)
        return decision

    assert read(0.003).could_take and not read(0.003).missed
    assert read(0.05).could_take and read(0.05).missed


def test_recent_decisions_weigh_more_than_old_ones() -> None:
    warmed = [Decision((0.0, 0.1), 1)] * 10 + [Decision((0.0, 0.1), 0)] * 10
    cooled = list(reversed(warmed))
    assert estimate(warmed, 0.03).loss < estimate(cooled, 0.03).loss


def test_a_loss_is_told_as_a_rung_on_the_ladders_measured_losses() -> None:
    losses = NOMINAL.losses
    assert rung_of(1.0, losses) == 0.0 and rung_of(0.0, losses) == len(losses) - 1
    assert rung_of(losses[3], losses) == pytest.approx(3.0)
    between = rung_of((losses[2] + losses[3]) / 2, losses)
    assert 2.0 < between < 3.0


def test_the_estimate_depends_on_the_game_alone_not_on_what_a_process_remembers() -> None:
    rng = random.Random(5)
    state = new_game("latrunculi-petteia")
    for _ in range(14):
        state = state.play(rng.choice(state.legal_moves()))
    first = ev.loss_rates(state, state.opponent, None)
    ev._referee_cache.clear()  # as after a restart of the worker
    assert ev.loss_rates(state, state.opponent, None) == first and first.decisions >= 1


def test_a_man_left_for_nothing_is_told_from_a_capture_not_made() -> None:
    # Petteia: Blue's b3-b7 encloses c7; a1-a2 misses that capture but leaves nothing
    state = PetteiaState.from_position(blue=["b3", "d7", "a1"], white=["c7", "h5", "h1"])
    assert not ev.left_a_man(state, "b3-b7")
    assert not ev.left_a_man(state, "a1-a2")
    # Dux: Blue's d4 is attacked; a move elsewhere leaves it (a threat not seen), moving it away
    # to safety does not
    attacked = attacked_man()
    assert ev.left_a_man(attacked, "a1-a2") and ev.left_a_man(attacked, "h1-h2")
    assert not ev.left_a_man(attacked, "d4-d3") and not ev.left_a_man(attacked, "d4-c4")
    # Pente grammai has no man left for nothing: a counter hit starts again
    pente = new_game("pente-grammai").roll(3)
    assert not any(ev.left_a_man(pente, m.text) for m in pente.legal_moves())


# --- the computer plays at that loss ---
def test_the_temperature_sets_the_expected_loss_aimed_at() -> None:
    losses = [0.0, 0.01, 0.02, 0.05, 0.2, 0.4]
    flat = [0.0] * len(losses)
    for target in (0.005, 0.02, 0.06):
        t = ev.temperature_for(losses, target, flat)
        weights = ev.tilted_weights(losses, t, flat)
        got = sum(w * x for w, x in zip(weights, losses, strict=True)) / sum(weights)
        assert got == pytest.approx(target, rel=1e-3)
    # a tilt toward threats moves the choice, not the loss aimed at
    tilt = [0.0, 0.0, 2.0, 0.0, 0.0, 0.0]
    t = ev.temperature_for(losses, 0.02, tilt)
    weights = ev.tilted_weights(losses, t, tilt)
    assert sum(w * x for w, x in zip(weights, losses, strict=True)) / sum(weights) == (
        pytest.approx(0.02, rel=1e-3)
    )
    assert weights[2] > weights[1]


def test_the_computer_loses_about_what_it_aims_at_and_never_misses_a_win() -> None:
    rng = random.Random(8)
    state = new_game("pente-grammai")
    lost, aimed = [], []
    for _ in range(400):
        if state.outcome is not None:
            state = new_game("pente-grammai")
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
            continue
        chances = dict(ev.referee_chances(state))
        best = max(chances.values())
        if len(chances) > 1 and best - min(chances.values()) > 0.005:
            move = ev.play_at_loss(state, 0.03, ev.SEES_ALL, rng)
            if best >= 1.0:
                assert chances[move.text] >= 1.0
            lost.append(best - chances[move.text])
            aimed.append(min(0.03, sum(best - c for c in chances.values()) / len(chances)))
        state = state.play(rng.choice(state.legal_moves()))
    # at most what it aims at (where every move loses less, it cannot lose as much), and more
    # than half of it: it plays at the loss, not at its best
    assert 0.5 * sum(aimed) < sum(lost) <= 1.2 * sum(aimed)


def test_it_leaves_a_man_only_where_it_overlooks_a_threat_and_then_at_his_cost() -> None:
    state = attacked_man()
    ai = ai_for(state)
    for seed in range(20):
        move = ev.play_at_loss(state, 0.5, ev.SEES_ALL, random.Random(seed))
        assert ev.exposure(ai, state, move) <= 0
    # leaving d4 costs 0.13-0.15 here: blind to the threat at a visitor's cost of 0.13 a man
    # left, it leaves the man every time, losing about that
    chances = dict(ev.referee_chances(state))
    best = max(chances.values())
    legal = {m.text: m for m in state.legal_moves()}
    leaving = {t: best - c for t, c in chances.items() if ev.exposure(ai, state, legal[t]) > 0}
    assert 0.12 < min(leaving.values()) and max(leaving.values()) < 0.2
    blind = ev.Overlooks(threat=0.13)
    moves = [ev.play_at_loss(state, 0.001, blind, random.Random(seed)).text for seed in range(20)]
    assert all(t in leaving for t in moves)
    assert sum(leaving[t] for t in moves) / len(moves) == pytest.approx(0.13, abs=0.01)
    # a visitor whose men left cost him 0.005 a time: a man left here would cost far more than
    # his ever did, so it sees the threat after all
    cheap = ev.Overlooks(threat=0.005)
    for seed in range(20):
        move = ev.play_at_loss(state, 0.001, cheap, random.Random(seed))
        assert ev.exposure(ai, state, move) <= 0


def test_a_threat_it_overlooks_is_not_a_capture_not_seen_as_well() -> None:
    # Dux, from a benchmark game: White's e8-e3 takes a man (the best move); no move that takes
    # leaves a man, and a quiet move that leaves one loses 0.45 or more
    state = new_game("latrunculi-dux", visit=None)
    for action in ("b1-b3", "d7-d5", "d1-d3", "c8-c3", "b3-b5"):
        state = state.play(action)
    ai = ai_for(state)
    legal = {m.text: m for m in state.legal_moves()}
    chances = dict(ev.referee_chances(state))
    best = max(chances.values())
    assert all(legal[t].captures for t, c in chances.items() if c == best)
    assert not any(legal[t].captures and ev.exposure(ai, state, legal[t]) > 0 for t in legal)
    # blind to the threat at a visitor's cost of 0.2 a man left, but seeing its captures: it
    # cannot leave a man and take one, so it sees the threat after all and takes
    blind = ev.Overlooks(threat=0.2)
    for seed in range(20):
        move = ev.play_at_loss(state, 0.001, blind, random.Random(seed))
        assert move.captures and ev.exposure(ai, state, move) <= 0
    # blind to both, drawn each at his rate, it may make both mistakes in one move
    both = ev.Overlooks(threat=0.2, captures=0.2)
    moves = [ev.play_at_loss(state, 0.001, both, random.Random(s)) for s in range(20)]
    assert any(not m.captures and ev.exposure(ai, state, m) > 0 for m in moves)


def test_a_capture_it_overlooks_is_not_made_and_one_it_sees_is() -> None:
    state = PetteiaState.from_position(blue=["b3", "d7", "a1"], white=["c7", "h5", "h1"])
    taken = [ev.play_at_loss(state, 0.001, ev.SEES_ALL, random.Random(s)) for s in range(10)]
    assert all(m.captures for m in taken)  # b3-b7 encloses c7: the best move
    # not taking c7 loses 0.45-0.47: blind to it at a visitor's cost of 0.45 a capture missed
    blind = ev.Overlooks(captures=0.45)
    missed = [ev.play_at_loss(state, 0.001, blind, random.Random(s)) for s in range(10)]
    assert not any(m.captures for m in missed)
    # his captures not seen cost him 0.01 a time: this one would cost far more, so it is seen
    cheap = ev.Overlooks(captures=0.01)
    seen = [ev.play_at_loss(state, 0.001, cheap, random.Random(s)) for s in range(10)]
    assert all(m.captures for m in seen)


def test_a_slower_plan_is_never_a_capture_not_seen() -> None:
    state = PetteiaState.from_position(blue=["b3", "d7", "a1"], white=["c7", "h5", "h1"])
    chances = dict(ev.referee_chances(state))
    best = max(chances.values())
    legal = {m.text: m for m in state.legal_moves()}
    quiet = {t: best - c for t, c in chances.items() if not legal[t].captures}
    assert min(quiet.values()) > 0.4  # every quiet move here misses c7
    # a visitor whose plans lose 0.3 a decision and who never missed a capture: a quiet move
    # here would be a capture not seen, a kind of mistake he does not make, so it is not made
    # however much his plans lose; it is his plan's loss in the decisions where no capture is
    # at stake (``skill.Decision.plan``)
    taken = [ev.play_at_loss(state, 0.3, ev.SEES_ALL, random.Random(s)) for s in range(40)]
    assert all(m.captures for m in taken)
    # the capture not seen is still made where he makes them (as above)
    blind = ev.Overlooks(captures=0.45)
    assert not ev.play_at_loss(state, 0.3, blind, random.Random(0)).captures
    # where the best move takes nothing, a plan at his loss still plays moves that lose
    free = PetteiaState.from_position(blue=["b3", "d6", "a1"], white=["c7", "h5", "h1"])
    values = dict(ev.referee_chances(free))
    top = max(values.values())
    assert not any(m.captures for m in free.legal_moves() if values[m.text] == top)
    played = [ev.play_at_loss(free, 0.3, ev.SEES_ALL, random.Random(s)) for s in range(40)]
    assert sum(top - values[m.text] for m in played) / len(played) > 0.05


def test_the_tilt_gives_way_where_it_would_hold_the_loss_below_the_aim() -> None:
    losses, tilt = [0.0, 0.0, 0.1, 0.1], [1.0, 1.0, 0.0, 0.0]
    hottest = ev.TEMPERATURES[1]
    # tilted toward the moves that lose least, even the flattest draw loses 0.025
    assert ev.expected_loss(losses, hottest, tilt) == pytest.approx(0.025, abs=0.001)
    # an aim it reaches with the whole tilt: the tilt is kept
    assert ev.tilt_within_reach(losses, 0.02, tilt) == tilt
    # an aim within reach only with less of it: as much of the tilt as still reaches the aim
    kept = ev.tilt_within_reach(losses, 0.04, tilt)
    assert 0.0 < kept[0] < 1.0 and kept[0] == kept[1] and kept[2:] == [0.0, 0.0]
    assert ev.expected_loss(losses, hottest, kept) == pytest.approx(0.04, abs=1e-4)
    # an aim above even the untilted flattest draw: no tilt, the draw loses what it can
    assert ev.tilt_within_reach(losses, 0.06, tilt) == [0.0] * 4
    # and the draw then set for the aim loses it
    temperature = ev.temperature_for(losses, 0.04, kept)
    assert ev.expected_loss(losses, temperature, kept) == pytest.approx(0.04, abs=1e-3)


def test_a_decision_gives_the_tilt_up_where_it_would_hold_the_loss_below_the_aim(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = PetteiaState.from_position(blue=["b3", "d6", "a1"], white=["c7", "h5", "h1"])
    chances = dict(ev.referee_chances(state))
    top = max(chances.values())

    def lost(aim: float) -> float:
        moves = [ev.play_at_loss(state, aim, ev.SEES_ALL, random.Random(s)) for s in range(60)]
        return sum(top - chances[m.text] for m in moves) / len(moves)

    even_draw = lost(10.0)  # an aim no draw reaches: as even a draw as there is
    assert even_draw > 0.05

    # a strong tilt toward the moves that lose least (as the press's are): with an aim the
    # even draw reaches, the decision still loses about the aim, not what the tilt would hold
    # it to
    def toward_the_best(
        state: object, pool: list[tuple[float, object]], *args: object, **kwargs: object
    ) -> list[float]:
        best = max(c for c, _ in pool)
        return [5.0 if c == best else 0.0 for c, _ in pool]

    monkeypatch.setattr(ev, "press", toward_the_best)
    aim = even_draw / 2
    assert lost(aim) == pytest.approx(aim, rel=0.5)
    assert lost(10.0) > 0.6 * even_draw


def test_its_kinds_of_mistakes_are_counted_from_his_and_never_before_he_makes_them() -> None:
    plain = Decision((0.0, 0.02), 1)
    left = Decision((0.0, 0.2), 1, left=True)
    missed = Decision((0.0, 0.15), 1, could_take=True, missed=True)
    taken = Decision((0.0, 0.15), 0, could_take=True)
    careful = estimate([plain] * 10 + [taken] * 4, prior=0.03)
    assert careful.left == 0 and careful.miss_rate == 0.0
    careless = estimate([plain] * 6 + [left] * 4 + [missed] * 2 + [taken] * 2, prior=0.03)
    assert careless.left == 4
    assert careless.miss_rate == pytest.approx(2 / (4 + 2))
    # his plan's loss is read from the decisions that were neither, so that his blunders are
    # matched by its own blunders, not by a plan that loses as much
    assert careless.plan == pytest.approx(estimate([plain] * 6 + [taken] * 2, prior=0.03).loss)
    assert careless.plan < careless.loss
    # and each kind's cost a time, so that its own mistake of that kind costs about as much
    assert careless.left_loss == pytest.approx(0.2) and careless.miss_loss == pytest.approx(0.15)
    assert careful.left_loss == 0.0 and careful.miss_loss == 0.0


def test_the_kinds_are_read_from_the_game() -> None:
    # Petteia: Blue could take c7 (b3-b7) and played a1-a2: a capture missed, no man left
    state = PetteiaState.from_position(blue=["b3", "d7", "a1"], white=["c7", "h5", "h1"])
    after = state.play("a1-a2")
    after = after.play(after.legal_moves()[0])
    (decision,) = decisions_of(
        after, "blue", ev.referee_chances, left=ev.left_a_man, takes=ev.takes_a_man
    )
    assert decision.could_take and decision.missed and not decision.left


def test_in_a_quiet_position_it_prefers_a_squeeze_and_still_loses_what_it_aims_at() -> None:
    # Petteia: Blue's men wait on the first rank (a careful visitor who does not come out);
    # nothing to take, nothing threatened: White's moves that cut a file leave him least room.
    # Three men a side, so that the moves lose different amounts and the aim can be reached.
    state = PetteiaState.from_position(
        blue=["a1", "b1", "c1"], white=["f8", "g8", "h8"], to_move="white"
    )
    legal = {m.text: m for m in state.legal_moves()}
    rooms = {t: ev.room(state, m) for t, m in legal.items()}
    least = min(rooms.values())
    assert least < max(rooms.values())
    chances = dict(ev.referee_chances(state))
    pool = [(chances[t], m) for t, m in legal.items()]
    tilt = ev.press(state, pool, 0.02, lambda: False)
    # among the moves of like loss, the squeeze is tilted toward (the moves that leave him
    # least room), the others weighed by their loss alone
    assert len(tilt) == len(pool) and set(tilt) == {0.0, ev.PRESSURE_TILT}
    squeeze = {rooms[m.text] for (_, m), t in zip(pool, tilt, strict=True) if t}
    assert len(squeeze) == 1 and squeeze.pop() < max(rooms.values())
    # so the squeeze is drawn more often than its loss alone would draw it, while the other
    # moves stay in the draw (the aim reachable: ``temperature_for`` sets it after the tilt)
    best = max(chances.values())
    losses = [best - c for c, _ in pool]
    flat = [0.0] * len(pool)
    by_loss = ev.tilted_weights(losses, ev.temperature_for(losses, 0.02, flat), flat)
    pressed = ev.tilted_weights(losses, ev.temperature_for(losses, 0.02, tilt), tilt)
    share = [
        sum(w for w, t in zip(ws, tilt, strict=True) if t) / sum(ws) for ws in (by_loss, pressed)
    ]
    assert share[0] < share[1] < 1.0, share
    # and the draw still loses what it aims at: the squeeze moves the choice, not the loss
    expected = math.fsum(w * x for w, x in zip(pressed, losses, strict=True)) / math.fsum(pressed)
    assert expected == pytest.approx(0.02, abs=1e-4)


def lost_petteia() -> PetteiaState:
    # Petteia: Blue, four men against eleven, has lost whatever he plays, so no decision of his
    # tells his loss; f4-g4 steps a man where White takes it
    return PetteiaState.from_position(
        blue=["a1", "h1", "d4", "f4"],
        white=["c3", "g3", "c6", "e6", "g6", "b7", "d7", "f7", "h7", "a8", "c8"],
        to_move="blue",
    )


def test_a_man_left_counts_in_his_rate_where_his_decision_tells_nothing_of_his_loss() -> None:
    state = lost_petteia()
    assert max(c for _, c in ev.referee_chances(state)) < INFORMATIVE
    after = state.play("f4-g4")
    assert ev.left_a_man(state, "f4-g4")
    # the decision is not one of those his loss is read from, and still a man left
    assert ev.loss_rates(after, "blue", None).decisions == 0
    assert ev.leaving(after, "blue") == (1, 1)
    assert ev.leave_rate(1, 1) == pytest.approx(1 / (1 + PRIOR_WEIGHT))
    assert ev.leave_rate(0, 12) == 0.0  # until he has left a man, it leaves none
    # so the computer, with no man left of its own over the stretch, leaves one at his rate
    decisions = [
        ev.even_decision(after, 0.0, 0.2, random.Random(seed), clock=lambda: 0.0)
        for seed in range(30)
    ]
    left = sum(ev.left_a_man(after, d.move.text) for d in decisions)
    assert 0 < left < 20


def test_the_men_left_are_counted_over_the_same_stretch_for_both_sides() -> None:
    state = attacked_man()  # Blue to move, d4 attacked
    left = state.play("a1-a2")  # leaves d4
    after = left.play(left.legal_moves()[0])
    assert ev.men_left(after, "blue") == 1 and ev.men_left(after, "white") == 0
    assert ev.men_left(after, "blue", plies=1) == 0  # beyond the stretch


def test_it_builds_threats_at_his_pace_counted_over_the_same_stretch() -> None:
    state = attacked_man()  # Blue to move
    quiet = state.play("a1-a2")  # threatens nothing
    assert ev.threats_made(quiet, "blue") == 0
    # neither side has threatened a man: it makes the first threat
    assert ev.even_decision(quiet, 0.0, 0.2, random.Random(1), clock=lambda: 0.0).threatens
    threat = quiet.play("c6-c7")  # White threatens one of Blue's men
    after = threat.play("a2-a3")  # and Blue answers with a quiet move
    assert ev.threats_made(after, "white") == 1 and ev.threats_made(after, "blue") == 0
    assert ev.threats_made(after, "white", plies=1) == 0  # beyond the stretch
    # now it has threatened more of his men than he has of its own: it waits for him
    decision = ev.even_decision(after, 0.0, 0.2, random.Random(1), clock=lambda: 0.0)
    assert not decision.threatens and decision.move in after.legal_moves()
    # and a move that threatens one of his men is then weighed by its loss alone
    chances = dict(ev.referee_chances(after))
    pool = [(chances[m.text], m) for m in after.legal_moves()]
    assert any(ev.press(after, pool, 0.02, lambda: False))
    assert not any(ev.press(after, pool, 0.02, lambda: False, threatens=False))
    assert ev.pressing(1, 1) and not ev.pressing(2, 1)


def test_in_a_race_its_men_keep_his_pace_counted_over_the_same_stretch() -> None:
    state = new_game("epaminondas", visit=None)
    # White's leading man comes two rows closer while Black's goes out and back
    for action in ("a2-a3", "a11-a10", "a3-a4", "a10-a11"):
        state = state.play(action)
    # the rows its leader came closer, and its men's advance
    assert ev.raced(state, "white") == (2, 2) and ev.raced(state, "black") == (0, 0)
    assert ev.raced(state, "white", plies=2) == (1, 1)  # only the stretch counts
    decision = ev.even_decision(state, 0.0, 0.2, random.Random(1), clock=lambda: 0.0)
    assert decision.slows and decision.note()["slows"] == 1
    chances = dict(ev.referee_chances(state))
    pool = [(chances[m.text], m) for m in state.legal_moves()]
    ai = ai_for(state)
    rows, ahead = ai.rows_to_cross(state, "white"), ai.advancement(state, "white")
    # ahead in its leader's rows: every move but those that bring its leader closer
    leader_waits = ev.slowed(state, pool, lead=True, mass=False)
    assert 0 < len(leader_waits) < len(pool)
    assert all(ai.rows_to_cross(state.play(m), "white") >= rows for _, m in leader_waits)
    # ahead in its men's advance too: no man goes forward
    all_wait = ev.slowed(state, pool, lead=True, mass=True)
    assert 0 < len(all_wait) < len(leader_waits)
    assert all(ai.advancement(state.play(m), "white") <= ahead for _, m in all_wait)
    assert decision.move in [m for _, m in all_wait]
    assert ev.slowed(state, pool, lead=False, mass=False) == pool
    # Black, behind in the race, is not slowed
    black = state.play("b2-b3")
    assert not ev.even_decision(black, 0.0, 0.2, random.Random(1), clock=lambda: 0.0).slows
    # a game not won by crossing has no race
    dux = attacked_man()
    assert ev.raced(dux, "blue") == (0, 0)
    dux_pool = [(0.5, m) for m in dux.legal_moves()]
    assert ev.slowed(dux, dux_pool, lead=True, mass=True) == dux_pool


def test_a_visitor_as_sharp_as_the_champion_meets_its_search_within_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the search's bounds, not the wall clock (a busy machine must not fail it): its time runs
    # from the decision's start and ends within the Champion's share of the budget, or before
    # the kiosk's longest wait; its work is the Champion's measured thought
    state = new_game("latrunculi-seneca")
    rng = random.Random(1)
    while state.phase != "battle" or len(state.legal_moves()) < 2:
        state = state.play(rng.choice(state.legal_moves()))
    made: list[tuple[ev.Limit, float | None]] = []

    class Recorded(ev.Searcher):
        def __init__(
            self, ai: Any, limit: ev.Limit, *, start: float | None = None, **kw: Any
        ) -> None:
            made.append((limit, start))
            super().__init__(ai, limit, start=start, **kw)

    monkeypatch.setattr(ev, "Searcher", Recorded)
    nodes = ev.thought(state.game_id, ev.LADDER[-1])
    for budget, spent in ((0.2, 0.0), (0.2, 0.1), (9.0, 0.0)):
        made.clear()
        started = time.perf_counter() - spent
        move = ev.champion_move(state, ev.LADDER[-1], started, budget, random.Random(1))
        assert move in state.legal_moves()
        [(limit, start)] = made
        assert start is not None and started <= start
        assert limit.nodes == nodes
        assert limit.time is not None
        deadline = min(budget * ev.CHAMPION_SHARE, ev.LONGEST - ev.UNWIND)
        assert start - started + limit.time <= deadline + 1e-9


def test_a_move_the_champions_search_plays_is_no_loss_however_two_plies_rate_it() -> None:
    # positions where the two-ply referee rates the deep search's move below its best: a
    # visitor who plays it is read as having lost nothing; every other move as the referee says
    found = 0
    for state in random_positions("latrunculi-dux", 5, 40, 0.3, moving=True):
        plain = dict(ev.referee_chances(state))
        if len(plain) < 2:
            continue
        deep = ev.deep_move(state)
        read = dict(ev.visitor_chances(state))
        best = max(plain.values())
        assert read[deep] == best
        assert all(read[t] == c for t, c in plain.items() if t != deep)
        found += plain[deep] < best - 0.001
    assert found >= 3  # the two plies disagree with the deeper search often enough to matter
    # it is a pure function of the position: searched again, the same move
    ev._deep_cache.clear()
    assert ev.deep_move(state) == deep
    # a solved game's table is exact: nothing is credited
    pente = PenteState.from_position(blue={"3B": 4, "2B": 1}, white={"3A": 3, "4A": 1}, die=3)
    assert ev.visitor_chances(pente) == ev.referee_chances(pente)


def test_a_visitor_who_plays_the_champions_moves_is_read_as_the_champion_and_meets_its_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # White plays the deep search's move at every turn, Black at random: read on the two-ply
    # referee alone, White lost about what the strong rung loses; read with the deeper move
    # counted as no loss, he is the top of the ladder, and the next decision plays the search
    state = new_game("latrunculi-dux")
    rng = random.Random(4)
    for _ in range(44):
        move = (
            state.find_move(ev.deep_move(state))
            if state.to_move == "white" and len(state.legal_moves()) > 1
            else rng.choice(state.legal_moves())
        )
        assert move is not None
        state = state.play(move)
    if state.to_move == "white":
        state = state.play(rng.choice(state.legal_moves()))
    plain = ev.decisions_of(state, "white", ev.referee_chances)
    read = ev.decisions_of(state, "white", ev.visitor_chances)
    assert len(read) >= 10 and all(d.loss == 0.0 for d in read)
    assert sum(d.loss for d in plain) > 0.01  # what the two plies alone count as his losses
    rate = ev.loss_rates(state, "white", None)
    assert rung_of(rate.loss, measured("latrunculi-dux").losses) >= 4.5
    # on the Champion's own thought, whether he is told as the expert or the Champion (the
    # scale does not tell them apart)
    searched: list[ev.Level] = []

    def champion_move(state: DuxState, level: ev.Level, *args: object, **kwargs: object) -> object:
        searched.append(level)
        return state.legal_moves()[0]

    monkeypatch.setattr(ev, "champion_move", champion_move)
    ev.even_decision(state, time.perf_counter(), 1.5, random.Random(1))
    assert searched == [ev.LADDER[-1]]


def test_the_story_line_says_its_moves_lost_about_as_much_as_the_visitors() -> None:
    from ludique.words.i18n import catalog

    words = {
        "en": ("your moves", "about as much"),
        "fr": ("vos coups", "à peu près autant"),
        "de": ("Ihre Züge", "etwa ebenso viel"),
    }
    for lang, parts in words.items():
        line = catalog(lang).t("kiosk.story.even_opponent")
        assert all(part in line for part in parts), (lang, line)


def test_the_measured_file_is_read_and_a_bad_one_is_refused_by_name(tmp_path) -> None:
    from ludique.games import GAME_IDS as ids

    for game_id in ids:
        record = measured(game_id)
        assert isinstance(record, Measured) and record.value_scale > 0
        assert len(record.losses) == len(ev.LADDER)
    path = tmp_path / "measured.json"
    write(path, "epaminondas", value_scale=255.0, losses=(0.1,) * 7)
    assert read(path)["epaminondas"].losses == (0.1,) * 7
    path.write_text('{"epaminondas": {"value_scale": -1}}')
    with pytest.raises(ValueError, match="epaminondas"):
        read(path)
    with pytest.raises(ValueError, match="epaminondas"):
        write(path, "epaminondas", losses=(0.1, 0.2))


def test_its_own_position_is_judged_within_the_clock_and_a_hurried_judgement_is_not_kept() -> None:
    state = new_game("epaminondas")
    rng = random.Random(6)
    for _ in range(20):
        state = state.play(rng.choice(state.legal_moves()))
    ev._referee_cache.clear()
    hurried = ev.referee_values(state, deadline=time.perf_counter() - 1.0)  # no time left at all
    assert sorted(t for t, _ in hurried) == sorted(m.text for m in state.legal_moves())
    assert not ev._referee_cache  # the visitor's reading never meets a hurried value
    judged = ev.referee_values(state)  # without the clock: two plies, and kept
    assert judged != hurried and ev._referee_cache


def test_the_champions_search_leaves_no_man_unless_the_visitor_has_left_more() -> None:
    state = attacked_man()
    ai = ai_for(state)
    for seed in range(3):
        move = ev.champion_move(
            state, ev.LADDER[-1], time.perf_counter(), 0.2, random.Random(seed), may_leave=False
        )
        assert ev.exposure(ai, state, move) <= 0


class TickingClock:
    """A clock that moves one second each time it is read (the test's own time)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_its_own_position_cut_short_weighs_only_the_moves_judged_at_two_plies() -> None:
    state = new_game("epaminondas")
    rng = random.Random(6)
    for _ in range(20):
        state = state.play(rng.choice(state.legal_moves()))
    legal = state.legal_moves()
    ev._referee_cache.clear()
    full = dict(ev.referee_values(state))  # two plies, every move
    ev._referee_cache.clear()
    counted = TickingClock()
    ev.referee_values(state, deadline=1e12, clock=counted)  # the clock's readings of a whole one
    ev._referee_cache.clear()
    one_ply = {m.text: v for v, m in ev.judge(state, legal, 1, 10**9)}
    # the clock runs out in the second ply's search: the moves judged by then are answered at
    # the referee's own two plies, the others not at all, and nothing is kept
    hurried = dict(ev.referee_values(state, deadline=counted.now * 0.6, clock=TickingClock()))
    assert 0 < len(hurried) < len(legal)
    assert all(hurried[t] == full[t] for t in hurried)
    # those judged are the moves one ply rates best
    assert min(one_ply[t] for t in hurried) >= max(one_ply[t] for t in full if t not in hurried)
    assert not ev._referee_cache


def test_the_visitors_positions_are_read_within_the_clock_and_never_read_shallower() -> None:
    state = new_game("latrunculi-petteia")
    rng = random.Random(3)
    for _ in range(24):
        state = state.play(rng.choice(state.legal_moves()))
    colour = state.opponent

    def forget() -> None:
        ev._referee_cache.clear()
        ev._deep_cache.clear()

    forget()
    # the deadline already past: no position of his is read, none remembered, no time waited
    late = ev.loss_rates(state, colour, None, deadline=0.0, clock=lambda: 1.0)
    assert late.decisions == 0 and not ev._referee_cache and not ev._deep_cache
    # with time enough, the clock changes nothing
    counted = TickingClock()
    full = ev.loss_rates(state, colour, None, deadline=1e9, clock=counted)
    forget()
    assert ev.loss_rates(state, colour, None) == full
    # a clock that runs out half way: the positions read before it did are read in full and
    # kept; the one it cut short is not read at all (not judged a ply less deep)
    forget()
    ticking = ev.loss_rates(state, colour, None, deadline=counted.now / 2, clock=TickingClock())
    partial = dict(ev._referee_cache)
    deep = dict(ev._deep_cache)
    forget()
    ev.loss_rates(state, colour, None)
    assert 0 < ticking.decisions < full.decisions
    assert partial and all(ev._referee_cache[key] == values for key, values in partial.items())
    assert len(partial) < len(ev._referee_cache)
    # and so are the deep search's moves: those kept are the moves searched in full
    assert deep and all(ev._deep_cache[key] == move for key, move in deep.items())
    assert len(deep) < len(ev._deep_cache)


def test_a_decision_reads_the_players_within_its_share_of_the_budget() -> None:
    # a clock that jumps past the whole budget at its first reading: the decision still moves,
    # on its prior, without reading any position of the game (the kiosk never waits for it)
    state = new_game("latrunculi-dux")
    rng = random.Random(2)
    for _ in range(16):
        state = state.play(rng.choice(state.legal_moves()))
    ev._referee_cache.clear()
    decision = ev.even_decision(state, 0.0, 0.5, random.Random(1), clock=lambda: 10.0)
    assert decision.move in state.legal_moves()
    assert decision.visitor.decisions == 0
