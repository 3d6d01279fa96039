"""Even match (``ludique.ai.even``): the rules that keep a game close, each on a case where
breaking it would choose another move; the figures are ``benchmarks/even.py``'s."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from ludique.ai import choose_move
from ludique.ai import even as ev
from ludique.ai import even_pente as evp
from ludique.ai.core import WIN
from ludique.ai.evaluation import ai_for
from ludique.ai.pente import move_values
from ludique.games import new_game
from ludique.games.base import GameState, Move
from ludique.games.latrunculi import DuxState, PetteiaState
from ludique.games.pente import PenteState


def moves(n: int) -> list[Move]:
    return [Move(f"m{i}", None, None) for i in range(n)]


def picks(
    game_id: str,
    values: list[int],
    static: int,
    seeds: int = 200,
    target: float = 0.5,
    men: int = 1,
) -> dict[int, int]:
    """How often each value's move is picked by ``pick`` over ``seeds`` decisions, the
    computer ``men`` men ahead."""
    ms = moves(len(values))
    scored = list(zip(values, ms, strict=True))
    counts: dict[int, int] = {}
    for seed in range(seeds):
        move, _ = ev.pick(game_id, scored, static, random.Random(seed), target, men=men)
        value = values[ms.index(move)]
        counts[value] = counts.get(value, 0) + 1
    return counts


def as_learner(state: GameState) -> None:
    """Make the visitor's record so far a learner's (his recent moves each handed the computer
    a man), so that the rule under test, not his expertise, decides."""
    ev._MEMORY.clear()
    ev._MEMORY[ev._history(state)] = (0, ev.VisitorRecord(100.0))


def spy(
    monkeypatch: pytest.MonkeyPatch, owner: object, name: str, read: Callable[[Any], object]
) -> list[Any]:
    """What ``read`` finds on the first argument (the searcher) after each call of ``owner``'s
    ``name``, in order; the call itself runs as before."""
    seen: list[Any] = []
    real = getattr(owner, name)

    def wrapper(first: object, *args: object, **kwargs: object) -> object:
        result = real(first, *args, **kwargs)
        seen.append(read(first))
        return result

    monkeypatch.setattr(owner, name, wrapper)
    return seen


# --- the mix: one half in expectation -------------------------------------------------------
def test_mix_plays_the_nearest_move_on_each_side_of_one_half_in_the_right_proportion() -> None:
    chances = [0.9, 0.55, 0.3, 0.45, 0.62]
    rng = random.Random(1)
    chosen = [ev.mix(chances, rng) for _ in range(4000)]
    assert set(chosen) == {1, 3}
    # q * 0.45 + (1 - q) * 0.55 = 0.5: q = 1/2
    assert chosen.count(3) / len(chosen) == pytest.approx(0.5, abs=0.03)
    lopsided = [ev.mix([0.8, 0.2, 0.95], rng) for _ in range(4000)]
    # q * 0.2 + (1 - q) * 0.8 = 0.5: q = 1/2 again; 0.95 is never played
    assert set(lopsided) == {0, 1}
    assert lopsided.count(1) / len(lopsided) == pytest.approx(0.5, abs=0.03)


def test_mix_plays_the_best_move_when_behind_and_the_least_lead_when_ahead() -> None:
    rng = random.Random(2)
    assert {ev.mix([0.1, 0.3, 0.2], rng) for _ in range(50)} == {1}
    assert {ev.mix([0.9, 0.7, 0.99], rng) for _ in range(50)} == {1}


# --- Pente grammai, exact ---------------------------------------------------------------------
def random_pente_game(seed: int, actions: int) -> PenteState:
    rng = random.Random(seed)
    state = PenteState.initial()
    for _ in range(actions):
        if state.outcome is not None:
            break
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
        else:
            state = state.play(rng.choice(state.legal_moves()))
    return state


def test_pente_even_move_is_the_nearest_to_one_half_on_one_side_or_the_other() -> None:
    rng = random.Random(3)
    checked = 0
    for seed in range(300):
        state = random_pente_game(seed, rng.randint(6, 60))
        if state.outcome is not None:
            continue
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
        scored = move_values(state)
        if len(scored) < 2 or max(v for _, v in scored) >= 1.0:
            continue
        error = evp.pente_visitor_error(state)
        if error is not None and error <= evp.PENTE_PERFECT:
            continue  # a perfect visitor so far: the perfect move (tested below)
        values = {m.text: v for m, v in scored}
        above = [v for v in values.values() if v >= 0.5]
        below = [v for v in values.values() if v < 0.5]
        allowed = set()
        if above:
            allowed.add(min(above))
        if below:
            allowed.add(max(below))
        move = choose_move(state, "even", 1.5, random.Random(seed))
        assert values[move.text] in allowed, (state.actions(), values, move.text)
        checked += 1
    assert checked > 100


def test_pente_even_wins_when_it_can_and_meets_a_perfect_visitor_with_perfect_play() -> None:
    # Blue has four on 3B and one on 2B; a 1 finishes the game.
    state = PenteState.from_position(blue={"3B": 4, "2B": 1}, white={"3A": 2}, die=1)
    assert str(choose_move(state, "even", 1.5, random.Random(4))) == "2B-3B"
    # A game where the visitor (White) has played the best move at each of his choices.
    rng = random.Random(5)
    for seed in range(40):
        state = PenteState.initial()
        perfect_white = True
        while state.outcome is None and len(state.actions()) < 80:
            if state.needs_roll:
                state = state.roll(rng.randint(1, 6))
                continue
            scored = move_values(state)
            if state.to_move == "white":
                state = state.play(max(scored, key=lambda mv: mv[1])[0])
                continue
            error = evp.pente_visitor_error(state)
            if error is not None and len(scored) > 1:
                assert perfect_white and error <= evp.PENTE_PERFECT
                best = max(v for _, v in scored)
                move = choose_move(state, "even", 1.5, random.Random(seed))
                assert dict((m.text, v) for m, v in scored)[move.text] == best
            state = state.play(choose_move(state, "even", 1.5, random.Random(seed)))


def test_pente_visitor_error_counts_the_chance_his_moves_gave_away() -> None:
    rng = random.Random(6)
    found = None
    for die in range(1, 7):  # a mid-game position where White's choice matters
        state = PenteState.from_position(
            blue={"2A": 1, "1B": 1, "3B": 1}, white={"4B": 1, "1A": 1}, to_move="white", die=die
        )
        scored = move_values(state)
        worst = min(scored, key=lambda mv: mv[1])
        best = max(v for _, v in scored)
        if best - worst[1] > 0.01:
            found = state
            break
    assert found is not None
    state = found.play(worst[0]).roll(rng.randint(1, 6))
    assert state.to_move == "blue"
    assert evp.pente_visitor_error(state) == pytest.approx(best - worst[1])


# --- the search games: the rules of pick ----------------------------------------------------
def test_a_quiet_move_that_keeps_the_balance_beats_giving_a_piece_away() -> None:
    # Epaminondas (a logistic scale of about 2.5 pieces): the computer stands 0.5 piece up.
    # 40 keeps the balance quietly (chance about 0.54); -50 drops a piece below the position's
    # worth (a piece left to be taken) though its chance, about 0.45, would be as even.
    counts = picks("epaminondas", [400, 40, -50, 300], static=50)
    assert counts == {40: 200}


def test_a_declined_capture_is_quiet() -> None:
    # Ahead by half a piece (static 50) with a capture worth +150 available: declining it (40)
    # is no giveaway, and keeps the balance.
    counts = picks("epaminondas", [150, 40, 20], static=50)
    assert set(counts) == {20}  # both quiet moves are above one half: the least lead


def test_never_a_move_that_loses_by_force_while_an_even_one_exists() -> None:
    counts = picks("latrunculi-seneca", [-WIN + 7, 5, 300], static=0)
    assert counts == {5: 200}


def test_full_strength_when_the_visitor_is_ahead() -> None:
    counts = picks("latrunculi-dux", [-300, -40, -120, -WIN + 9], static=-50)
    assert counts == {-40: 200}


def test_a_big_lead_is_given_back_a_step_at_a_time() -> None:
    # Petteia (steep: a man is almost a sure win): four men up and no move keeps the balance;
    # the move that throws away six men at once (-200) is never played, the least lead is.
    counts = picks("latrunculi-petteia", [400, 350, 310, -200], static=400, men=4)
    assert counts == {310: 200}
    # When a move two men down would keep the balance but gives them away (-10 against a
    # static 400), it is played: no quiet move keeps the balance (the condition).
    counts = picks("latrunculi-petteia", [400, 350, 310, -10], static=400, men=4)
    assert counts == {-10: 200}


def test_with_the_men_level_an_edge_is_given_back_by_quiet_moves_not_by_a_man() -> None:
    # The first battle move of a Piso game against greedy play (commit 533dccc): the men level,
    # an edge of 85 from the placement, quiet moves at 60 to 173 (chance 0.75 and above), and a
    # man handed over at -5 (0.48).  Greedy took it and kept it to the count.
    values = [173, 170, 73, 60, -5, -9]
    assert picks("latrunculi-piso", values, static=85, men=0) == {60: 200}
    assert picks("latrunculi-piso", values, static=85, men=-1) == {60: 200}
    # A man up, the same man given back keeps the balance and is played.
    assert set(picks("latrunculi-piso", values, static=85, men=1)) <= {-5, -9}
    # With the men level and every move handing something over, the nearest is still played.
    assert set(picks("latrunculi-piso", [-5, -9, -300], static=85, men=0)) <= {-5, -9}


def test_a_forced_win_is_played_or_declined_for_an_even_game_never_for_a_draw() -> None:
    # Only forced wins above one half, nothing even: the draw (-DRAW) is left out; the win and
    # the next move below one half are mixed.
    counts = picks("latrunculi-piso", [WIN - 3, -ev.DRAW, -150], static=0, seeds=400)
    assert set(counts) == {WIN - 3, -150}
    assert 0.3 < counts[WIN - 3] / 400 < 0.7


# --- a settled game is decided: the lean ---------------------------------------------------------
def random_petteia_until_settled(seed: int) -> GameState:
    """A game of random moves up to the first position LEAN_QUIET battle turns after a capture."""
    rng = random.Random(seed)
    state: GameState = new_game("latrunculi-petteia")
    while state.quiet < ev.LEAN_QUIET:  # type: ignore[attr-defined]
        assert state.outcome is None
        state = state.play(rng.choice(state.legal_moves()))
    return state


def test_a_game_leans_once_it_has_settled_the_same_way_to_its_end_and_the_toss_is_fair() -> None:
    early = new_game("latrunculi-petteia")
    assert ev.lean(early) == 0.5
    leans = []
    for seed in range(200):
        settled = random_petteia_until_settled(seed)
        assert ev.lean(settled.parent) == 0.5  # type: ignore[arg-type]
        toss = ev.lean(settled)
        assert toss in (ev.PRESS, ev.YIELD)
        later = settled
        rng = random.Random(seed)
        for _ in range(12):  # captures reset the count; the toss stays
            if later.outcome is not None:
                break
            later = later.play(rng.choice(later.legal_moves()))
            assert ev.lean(later) == toss
        leans.append(toss)
    assert 0.4 < leans.count(ev.PRESS) / len(leans) < 0.6


def yields(
    values: list[int],
    static: int,
    down: bool,
    captures: frozenset[int] = frozenset(),
    takers: tuple[int, ...] = (),
    crossings: frozenset[int] = frozenset(),
) -> tuple[int, str]:
    """The value of the move ``pick`` plays when yielding, and its rule: ``captures`` are the
    indexes of the computer's capturing moves, ``takers`` the visitor's captures after each,
    ``crossings`` the moves that put a piece on the visitor's home row."""
    ms = moves(len(values))
    board = ev.YieldBoard(
        down=down,
        captures=lambda m: ms.index(m) in captures,
        offers=lambda m: takers[ms.index(m)] if takers else 0,
        crosses=lambda m: ms.index(m) in crossings,
    )
    scored = list(zip(values, ms, strict=True))
    move, why = ev.pick(
        "latrunculi-seneca", scored, static, random.Random(1), ev.YIELD, board, men=0
    )
    return values[ms.index(move)], why


def test_yielding_gives_one_man_not_two_then_keeps_the_deficit_without_winning_it_back() -> None:
    # Level: one man let go, never two at once.
    assert yields([0, -100, -250], static=0, down=False) == (0, "offer")  # nothing to take
    assert yields([0, -100, -250], static=0, down=False, takers=(0, 2, 4)) == (-100, "offer")
    # A man down: the best move that takes nothing back (the capture, 0, is left) and leaves
    # nothing more to be taken (-150).
    assert yields([0, -100, -150], static=-100, down=True, captures=frozenset({0})) == (
        -100,
        "hold",
    )
    # The search's values assume the computer takes a hanging man later; holding, it does not.
    assert yields([200, 180], static=-100, down=True, captures=frozenset({0})) == (180, "hold")
    # At the fiftieth quiet turn a man down, the count loses: it is let come (the capture
    # would only put the end off), and a forced win is not played while another move exists.
    count = -WIN + 3
    assert yields([count, 0], static=-100, down=True, captures=frozenset({1})) == (count, "hold")
    assert yields([WIN - 3, -100], static=-100, down=True) == (-100, "hold")


def test_yielding_keeps_off_the_visitors_home_row_unless_every_move_crosses() -> None:
    assert yields([300, 0], static=0, down=False, crossings=frozenset({0})) == (0, "offer")
    assert yields([300, 0], static=0, down=True, crossings=frozenset({0})) == (0, "hold")
    assert yields([300, 0], static=0, down=True, crossings=frozenset({0, 1})) == (300, "hold")


def test_crossing_is_a_piece_more_on_the_opponents_home_row() -> None:
    from ludique.games.epaminondas import EpaminondasState

    state = EpaminondasState.from_position(white=["a11", "f3"], black=["n7"])
    crossing = {m.text for m in state.legal_moves() if ev.crosses(ai_for(state), state, m)}
    assert crossing == {"a11-a12", "a11-b12"}
    piso = new_game("latrunculi-piso")
    assert not any(ev.crosses(ai_for(piso), piso, m) for m in moves(1))


# Epaminondas openings, the Champion (White) against random play: at the end of each the
# Champion crosses, and Even match without its rule crossed too (c11-c12, d9-d11).
UNSETTLED_CROSSINGS = (
    "a1-a3 m12-k10 a3-a5 i12-j12 a5-a7 l12-l11 b1-c2 j9-k9 f1-c4 f12-g11 a6-a9 h12-g11 e1-c3 "
    "h10-g10 c1-c5 m11-l10 c5-c8 d11-d10",
    "a1-a3 a11-b10 a3-a5 f12-e11 a5-a7 e12-e11 b1-c2 b10-a10 d1-d4 b11-c10 c2-d3 b12-d10 d3-d7 "
    "g12-g10 a7-a9 m11-n10",
)


@pytest.mark.usefixtures("work_clock")
@pytest.mark.parametrize("line", UNSETTLED_CROSSINGS)
def test_before_the_game_settles_the_computer_does_not_cross_to_a_visitor_not_ahead(
    line: str,
) -> None:
    # A crossing the visitor overlooks wins at once: before the game has settled, and the
    # visitor not ahead, Even match keeps off his home row.
    state = new_game("epaminondas")
    for action in line.split():
        state = state.play(action)
    assert ev.lean(state) == 0.5
    assert ev.crosses(ai_for(state), state, choose_move(state, "champion", 0.2, random.Random(1)))
    for seed in range(2):
        ev._MEMORY.clear()
        trace: list[tuple[int, int, str]] = []
        move = ev.choose_even_search(
            state, ai_for(state), time.perf_counter(), 0.2, random.Random(seed), trace=trace
        )
        assert not ev.crosses(ai_for(state), state, move), (move, trace)


# Epaminondas, Even match (White) against the Champion, both playing the Champion's moves: at
# the end White can cross (b7-b9), and held back (d1-d2) it lost to Black's crossing five plies
# later, at ply 31, in 14 of 20 games of one run.
RACING = (
    "a1-a3 a12-a10 b1-a2 b12-c11 a2-a4 b11-a11 b2-a3 n12-l12 n2-l2 f12-c9 a2-a3 c9-b8 a3-a4 "
    "c12-c10 c2-b3 e12-c10 c1-b2 c9-b8 a5-b4 a12-a11 a4-b5 b8-b10 b2-b6 b11-d9 b6-b7 a11-a8"
)


@pytest.mark.usefixtures("work_clock")
def test_before_the_game_settles_the_computer_crosses_when_holding_back_gives_a_piece_away() -> (
    None
):
    state = new_game("epaminondas")
    for action in RACING.split():
        state = state.play(action)
    assert ev.lean(state) == 0.5
    for seed in range(2):
        ev._MEMORY.clear()
        trace: list[tuple[int, int, str]] = []
        move = ev.choose_even_search(
            state, ai_for(state), time.perf_counter(), 0.25, random.Random(seed), trace=trace
        )
        assert ev.crosses(ai_for(state), state, move), (move, trace)


# Epaminondas against greedy at 1.5 s: with White (Even match) to move, f1-h3 was valued
# level by every move's open-window value, and greedy crossed with a diagonal phalanx two
# moves later (f5-e4, then e4-d3 after White took the first intruder) and won.
PHALANX_THROUGH = "a1-a3 c12-c10 a3-a5 a12-d9 h1-i2 d9-g6 a5-a7 k12-k10 a7-a8 m12-j9 c1-c3 j9-f5"


def legal(state: GameState, text: str) -> Move:
    return next(m for m in state.legal_moves() if str(m) == text)


def phalanx_through() -> GameState:
    state = new_game("epaminondas")
    for action in PHALANX_THROUGH.split():
        state = state.play(action)
    return state


def test_a_move_that_lets_a_phalanx_through_is_not_played_for_the_balance() -> None:
    from ludique.ai.search import Searcher, SearchResult

    state = phalanx_through()
    blunder, safe = legal(state, "f1-h3"), legal(state, "i1-i3")
    first = SearchResult(legal(state, "d1-d2"), 157, 3, 0, 0.0)

    def check(chosen: Move, scored: list[tuple[int, Move]]) -> tuple[Move, int, str]:
        searcher = Searcher(ai_for(state), time.perf_counter() + 30, rng=random.Random(0))
        value = next(v for v, m in scored if m == chosen)
        return ev.checked(
            searcher,
            state,
            (chosen, value, "quiet"),
            first,
            lambda rest: (max(rest, key=lambda c: c[0])[1], "quiet"),
            scored,
            0.35,
        )

    # the blunder is searched alone, a ply deeper, found to lose, and the next pick is played
    assert check(blunder, [(19, blunder), (-90, safe)]) == (safe, -90, "quiet/checked")
    # a move that holds is kept as it was picked
    assert check(safe, [(19, blunder), (22, safe)]) == (safe, 22, "quiet")
    # when nothing picked holds, the first search's move
    assert check(blunder, [(19, blunder)]) == (first.move, 157, "guard")


# Greedy's diagonal phalanx on c2-f5 at 1.5 s: declining to take it ("quiet", g1-e1) lost by
# force six plies on, deeper than the check reaches.
RACE = (
    "a1-a3 c12-c10 j1-j2 a12-d9 b1-a2 d9-g6 a2-a5 k12-k10 a6-a8 m12-j9 a8-a10 j9-f5 l1-k2 i11-f11"
)


@pytest.mark.usefixtures("work_clock")
def test_a_visitor_racing_for_the_home_row_meets_the_champions_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = new_game("epaminondas")
    for action in RACE.split():
        state = state.play(action)
    ai = ai_for(state)
    assert ev.racing(state, ai) and not ev.racing(new_game("epaminondas"), ai)
    assert not ev.racing(DuxState.initial(), ai_for(DuxState.initial()))

    def rule() -> str:
        as_learner(state)
        trace: list[tuple[int, int, str]] = []
        ev.choose_even_search(
            state, ai_for(state), time.perf_counter(), 0.5, random.Random(1), trace=trace
        )
        return trace[-1][2]

    assert rule() == "race"
    monkeypatch.setattr(ev, "RACE_ROWS", 0)  # no race: the computer, ahead, holds back
    assert rule() not in ("race", "champion", "expert")


def test_a_yielded_man_is_left_where_the_most_replies_take_it() -> None:
    assert yields([0, -100, -110, -250], static=0, down=False, takers=(0, 1, 3, 6)) == (
        -110,
        "offer",
    )  # never the two men of the last, however easy to take


def test_the_two_games_of_a_deal_lean_opposite_ways_in_an_order_no_visitor_can_foresee() -> None:
    settled = random_petteia_until_settled(0)
    early = new_game("latrunculi-petteia")
    firsts = []
    for pair in range(200):
        series = f"kiosk-{pair % 7}"
        first, second = ev.Deal(series, 2 * pair), ev.Deal(series, 2 * pair + 1)
        assert ev.lean(early, first) == ev.lean(early, second) == 0.5  # not settled: no lean
        assert {ev.lean(settled, first), ev.lean(settled, second)} == {ev.PRESS, ev.YIELD}
        assert ev.lean(settled, first) == ev.lean(settled, ev.Deal(series, 2 * pair))
        firsts.append(ev.lean(settled, first))
    # which of the pair presses is a fair toss, not a fixed order
    assert 0.4 < firsts.count(ev.PRESS) / len(firsts) < 0.6
    with pytest.raises(ValueError, match="whole number"):
        ev.Deal("kiosk", -1)


def test_the_dealer_numbers_only_the_games_that_lean() -> None:
    dealer = ev.Dealer("kiosk")
    assert dealer.deal("latrunculi-seneca", "even") == ev.Deal("kiosk", 0)
    assert dealer.deal("latrunculi-seneca", "champion") is None
    assert dealer.deal("pente-grammai", "even") is None  # balanced by the solved table
    assert dealer.deal("epaminondas", "even") == ev.Deal("kiosk", 1)


def settled_game(toss: float) -> GameState:
    for seed in range(40):
        state = random_petteia_until_settled(seed)
        if ev.lean(state) == toss and state.outcome is None:
            return state
    raise AssertionError(f"no game leaning {toss} in 40")


@pytest.mark.usefixtures("work_clock")
def test_pressing_the_computer_plays_the_champions_move_to_the_end() -> None:
    state = settled_game(ev.PRESS)
    as_learner(state)
    trace: list[tuple[int, int, str]] = []
    move = ev.choose_even_search(
        state, ai_for(state), time.perf_counter(), 0.2, random.Random(1), trace=trace
    )
    assert move in state.legal_moves()
    assert [why for _, _, why in trace] == ["press"]


@pytest.mark.usefixtures("work_clock")
def test_yielding_on_the_board_takes_nothing_and_leaves_a_man_to_be_taken(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Taking each gift, this visitor gives nothing away: he would soon count as strong.
    monkeypatch.setattr(ev, "YIELD_TO", -1000)
    state = settled_game(ev.YIELD)
    ai = ai_for(state)
    me = state.to_move
    ev._MEMORY.clear()
    for _ in range(6):
        if state.outcome is not None or state.to_move != me:
            break
        board = ev.yield_board(ai, state, ai.material(state, state.to_move))
        trace: list[tuple[int, int, str]] = []
        move = ev.choose_even_search(
            state, ai, time.perf_counter(), 0.2, random.Random(2), trace=trace
        )
        why = trace[-1][2]
        assert why == ("hold" if board.down else "offer")
        if any(not board.captures(m) for m in state.legal_moves()):
            assert not board.captures(move), move
        if why == "offer" and any(board.offers(m) for m in state.legal_moves()):
            assert board.offers(move) > 0, move
        state = state.play(move)
        if state.outcome is None:  # the visitor takes what he can
            replies = state.legal_moves()
            state = state.play(max(replies, key=lambda r: ai.capture_gain(state, r)))


def test_a_visitor_whose_placements_left_the_computer_a_man_ahead_is_no_champion() -> None:
    # Greedy in Seneca loses a man while placing, then hands nothing over in a blocked battle:
    # his battle moves alone would have him met by the Champion to the end.
    faultless = ev.VisitorRecord(0.0, 0.0, 10)
    assert ev.is_expert(faultless, ev.YIELD, "latrunculi-seneca")
    man = ev.PLACED_AWAY["latrunculi-seneca"]
    for placed, expert in ((man, False), (man - 1, True), (-300, True)):
        record = replace(faultless, placed=placed)
        assert ev.is_expert(record, ev.YIELD, "latrunculi-seneca") == expert, placed
        # Leaning to press, only his moves count (the lead is the computer's to keep).
        assert ev.is_expert(record, ev.PRESS, "latrunculi-seneca")
        # In Piso the Champion's placements too left a man or more (docs/ai.md).
        assert ev.is_expert(record, ev.YIELD, "latrunculi-piso")


@pytest.mark.usefixtures("work_clock")
def test_no_man_is_let_go_to_a_visitor_whose_moves_have_handed_the_computer_nothing() -> None:
    state = settled_game(ev.YIELD)
    whys = []
    for total in (-500.0, 800.0):  # his ten battle moves so far: better than expected, or not
        ev._MEMORY.clear()
        ev._MEMORY[ev._history(state.parent)] = (0, ev.VisitorRecord(0.0, total, 10))  # type: ignore[arg-type]
        trace: list[tuple[int, int, str]] = []
        ev.choose_even_search(
            state, ai_for(state), time.perf_counter(), 0.2, random.Random(3), trace=trace
        )
        whys.append(trace[-1][2])
    assert whys[0] == "expert"
    assert whys[1] in ("offer", "hold")


@pytest.mark.usefixtures("work_clock")
def test_the_men_are_placed_at_full_strength() -> None:
    # Seneca's placement: its values say little of the battle to come, and holding back there
    # lost the battle to a strong visitor (docs/ai.md): the Champion's search places.
    state = new_game("latrunculi-seneca")
    for square in ("d4", "e5", "c3"):
        state = state.play(f"@{square}")
    as_learner(state)
    trace: list[tuple[int, int, str]] = []
    ev.choose_even_search(
        state, ai_for(state), time.perf_counter(), 0.2, random.Random(1), trace=trace
    )
    assert [why for _, _, why in trace] == ["placement"]


# Petteia, Blue to move a man up (five men to four, none of them attacked): ahead, on
# Petteia's steep scale almost a sure win.
MAN_UP = {"blue": ["a1", "c1", "e1", "g1", "b2"], "white": ["a8", "c8", "e8", "h7"]}


@pytest.mark.usefixtures("work_clock")
def test_a_lead_the_visitor_did_not_hand_over_is_not_held_back() -> None:
    # Before his first move the visitor has handed the computer nothing: a lead it already has
    # is its own (a game opened by random plies), and it plays the Champion's move.  Against a
    # visitor whose moves have each handed it a man, it holds that lead back.
    state = PetteiaState.from_position(**MAN_UP)
    whys = {}
    for known in ("unknown", "learner"):
        ev._MEMORY.clear()
        if known == "learner":
            as_learner(state)
        trace: list[tuple[int, int, str]] = []
        ev.choose_even_search(
            state, ai_for(state), time.perf_counter(), 0.2, random.Random(1), trace=trace
        )
        first, chosen, whys[known] = trace[-1]
        assert ev.win_chance(state.game_id, first) > ev.AHEAD
    assert whys["unknown"] == "expert"
    assert whys["learner"] not in ("expert", "champion")


@pytest.mark.usefixtures("work_clock")
def test_against_an_expert_a_draw_is_scored_as_the_champion_scores_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With the draw scored almost a man below level, Even match refused the repetitions the
    # Champion offered in level games and played on into lost ones (docs/ai.md).
    from ludique.ai.search import CONTEMPT, Searcher

    contempts = spy(monkeypatch, Searcher, "__init__", lambda searcher: searcher.contempt)
    state = DuxState.initial()
    ev._MEMORY.clear()
    ev.choose_even_search(state, ai_for(state), time.perf_counter(), 0.1, random.Random(1))
    as_learner(state)
    ev.choose_even_search(state, ai_for(state), time.perf_counter(), 0.1, random.Random(1))
    assert contempts == [CONTEMPT, ev.DRAW]
    assert CONTEMPT != ev.DRAW


@pytest.mark.usefixtures("work_clock")
def test_an_expert_who_slips_is_held_back_against_with_draws_marked_as_the_balance_expects(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Epaminondas before the game settles: the first search runs apart (the no-crossing rule
    # needs its value), with the Champion's contempt while the visitor's record up to his last
    # move makes him an expert.  That move handed the computer a crossing: he is no longer
    # one (it is his second slip), the computer holds back, and the values it weighs must mark
    # a draw line with ``DRAW``, which ``pick`` leaves out.
    from ludique.ai.search import CONTEMPT

    seen = spy(monkeypatch, ev, "score_all", lambda searcher: searcher.contempt)
    state = new_game("epaminondas")
    for action in UNSETTLED_CROSSINGS[0].split():
        state = state.play(action)
    ev._MEMORY.clear()
    slipped = ev.VisitorRecord(0.0, 200.0, 20, was_expert=True, worst=200.0, slips=1)
    assert slipped.expert
    ev._MEMORY[ev._history(state.parent)] = (0, slipped)  # type: ignore[arg-type]
    trace: list[tuple[int, int, str]] = []
    ev.choose_even_search(
        state, ai_for(state), time.perf_counter(), 0.3, random.Random(1), trace=trace
    )
    assert trace[-1][2] not in ("expert", "champion")
    assert seen and set(seen) == {ev.DRAW} and CONTEMPT != ev.DRAW


@pytest.mark.usefixtures("work_clock")
def test_a_move_known_to_be_the_champions_is_searched_once_on_the_whole_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Split in two (40% of the budget, then on with the same table), the Champion lost to
    # the Champion (docs/ai.md): when the men are being placed, one search decides, as his.
    from ludique.ai.search import Searcher

    deadlines = spy(monkeypatch, Searcher, "search", lambda searcher: searcher.deadline)
    state = new_game("latrunculi-seneca").play("@d4")
    as_learner(state)
    started = time.perf_counter()
    ev.choose_even_search(state, ai_for(state), started, 0.2, random.Random(1))
    assert deadlines == [pytest.approx(started + 0.2 * ev.BUDGET_SHARE)]
    # In a level battle against a learner, the first search tells whether to hold back: it
    # stops at 40% of the budget.
    state = DuxState.initial()
    as_learner(state)
    deadlines.clear()
    started = time.perf_counter()
    ev.choose_even_search(state, ai_for(state), started, 0.2, random.Random(1))
    assert deadlines[0] == pytest.approx(started + 0.2 * ev.FIRST_SHARE)
    # Against a visitor not yet known, nothing has been handed over to hold back: one search.
    ev._MEMORY.clear()
    deadlines.clear()
    started = time.perf_counter()
    ev.choose_even_search(state, ai_for(state), started, 0.2, random.Random(1))
    assert deadlines == [pytest.approx(started + 0.2 * ev.BUDGET_SHARE)]


def test_a_draw_line_is_left_out_while_another_move_exists() -> None:
    # Yielding, the draw (-DRAW, about 0.15 in Seneca) would be the move nearest the target.
    counts = picks("latrunculi-seneca", [-ev.DRAW, 150], static=100, target=ev.YIELD)
    assert counts == {150: 200}


# --- on the board ------------------------------------------------------------------------------
@pytest.mark.usefixtures("work_clock")
def test_even_match_behind_saves_its_threatened_man_like_the_champion() -> None:
    # Blue, a man down, has d4 attacked (White's e4 beside it, c6 can slide to c4).
    state = DuxState.from_position(
        blue=["d4", "a1", "h1"], white=["e4", "c6", "h8", "a8"], dux={"blue": "b2", "white": "g7"}
    )
    move = choose_move(state, "even", 0.5, random.Random(7))
    after = state.play(move)
    assert not [m for m in after.legal_moves() if m.taken], str(move)


def test_the_visitors_error_is_a_running_mean_of_what_his_moves_gave() -> None:
    ev._MEMORY.clear()
    state: GameState = new_game("latrunculi-petteia")
    mine = state.legal_moves()[0]
    ev.remember(state, mine, 20, ev.VisitorRecord(100.0, 30.0, 1))
    after = state.play(mine)
    theirs = after.legal_moves()[0]
    now = after.play(theirs)
    # His move handed the computer 200 more than it expected (clipped at the top of the range).
    record = ev.visitor_error(now, 20 + 500)
    assert record.recent == pytest.approx((1 - ev.RECENT) * 100 + ev.RECENT * ev.ERROR_RANGE[1])
    assert record.game_mean == pytest.approx((30 + ev.ERROR_RANGE[1]) / 2)
    assert ev.visitor_error(now, 20).recent == pytest.approx((1 - ev.RECENT) * 100)
    assert ev.visitor_error(now, 20).game_mean == pytest.approx(15)
    # Another game that never passed through this history starts as a learner.
    other = new_game("latrunculi-petteia")
    other = other.play(other.legal_moves()[1]).play(theirs)
    assert ev.visitor_error(other, 0) == ev.VisitorRecord()
    assert ev.visitor_error(other, 0).game_mean == ev.LEARNER


def test_an_expert_keeps_his_standing_through_one_slip_but_not_through_two() -> None:
    # The Champion's rare slips (a search's swing read as a man handed over) made the computer
    # hold back in games the Champion in its seat won (docs/ai.md).
    record = ev.VisitorRecord()
    for _ in range(10):
        record = record.after(0, battle=True)
    slipped = record.after(130, battle=True)
    assert slipped.recent > ev.EXPERT and ev.is_expert(slipped, 0.5, "latrunculi-seneca")
    twice = slipped.after(130, battle=True)
    assert not ev.is_expert(twice, 0.5, "latrunculi-seneca")
    # A visitor whose game has handed over more (greedy's blunders) earns no grace in a quiet
    # stretch, and one who was not an expert does not become one by the margin.
    careless = ev.VisitorRecord(5.0, 40.0 * 10, 10).after(80, battle=True)
    assert not ev.is_expert(careless, 0.5, "latrunculi-piso")
    # A slip at his first battle move is one slip too (the rest of his game is what counts): in
    # Piso the Champion's first battle move read as nearly two men handed over.
    early = ev.VisitorRecord().after(190, battle=True)
    assert early.game_mean > ev.EXPERT_GAME and ev.is_expert(early, 0.5, "latrunculi-piso")
    steady = early
    for _ in range(3):
        steady = steady.after(0, battle=True)
    assert steady.expert and not steady.after(100, battle=True).expert
    # Nor is a visitor whose other moves hand over a little each an expert by his slip's grace.
    sloppy = ev.VisitorRecord().after(190, battle=True).after(25, battle=True)
    assert sloppy.recent <= ev.EXPERT_LEAVE and not sloppy.expert
    learner = ev.VisitorRecord(100.0)
    for _ in range(4):
        learner = learner.after(0, battle=True)
    assert ev.EXPERT < learner.recent <= ev.EXPERT_LEAVE and learner.game_mean <= ev.EXPERT_GAME
    assert not ev.is_expert(learner, 0.5, "latrunculi-piso")


def test_a_placement_does_not_count_in_the_visitors_record() -> None:
    # The values swing as the battle nears: the Champion's last placements read as a man
    # handed over each, and the computer then held back a lead at the first battle moves.
    ev._MEMORY.clear()
    state: GameState = new_game("latrunculi-piso")
    for square in ("d4", "e5"):
        state = state.play(f"@{square}")
    assert state.phase == "placement"  # type: ignore[attr-defined]
    mine = legal(state, "@c3")
    ev.remember(state, mine, 0, ev.VisitorRecord())
    now = state.play(mine).play("@f6")
    assert ev.visitor_error(now, 150) == ev.VisitorRecord()
    assert ev.is_expert(ev.visitor_error(now, 150), 0.5, "latrunculi-piso")
    # Nor does his first battle move after the computer's last placement: the computer then
    # expected a placement's value.  That decision keeps the lead the placements left the
    # computer instead (read in Seneca, ``PLACED_AWAY``).  His next battle move counts, and the
    # lead stays.
    rng = random.Random(2)
    while now.play(now.legal_moves()[0]).phase == "placement":  # type: ignore[attr-defined]
        now = now.play(rng.choice(now.legal_moves()))
    last = now.legal_moves()[0]  # the computer places the last man
    ev._MEMORY.clear()
    ev.remember(now, last, 0, ev.VisitorRecord())
    after = now.play(last)
    first_battle = after.play(after.legal_moves()[0])
    assert ev.visitor_error(first_battle, 150) == ev.VisitorRecord(placed=150)
    mine = first_battle.legal_moves()[0]
    ev.remember(first_battle, mine, 0, ev.VisitorRecord(placed=150))
    second = first_battle.play(mine).play(first_battle.play(mine).legal_moves()[0])
    assert ev.visitor_error(second, 150) == ev.VisitorRecord(placed=150).after(150, battle=True)
    assert ev.visitor_error(second, 150).moves == 1


# Seneca, Even match White against the Champion: after White's next move, c7-c6, White still
# has an incitus to remove (xf5), a second action of the same player.
SENECA_BEFORE_REMOVAL = (
    "@d4 @e5 @f6 @c3 @c1 @c2 @a3 @c6 @b3 @g3 @f3 @h3 @e4 @d3 @e3 @d2 @d5 @g6 @c5 @c7 @c4 @b4 "
    "@b6 @h6 @a6 @a5 @g4 @a4 @a2 @f5 @g5 @b5 d4-d6 e5-e6 xc6 d5-e5 xf6"
)


def test_a_removal_after_the_computers_own_move_leaves_the_visitors_record_as_it_was() -> None:
    ev._MEMORY.clear()
    state: GameState = new_game("latrunculi-seneca")
    for action in SENECA_BEFORE_REMOVAL.split():
        state = state.play(action)
    record = ev.VisitorRecord(12.0, 40.0, 4)
    mine = legal(state, "c7-c6")
    ev.remember(state, mine, 11, record)
    removing = state.play(mine)
    assert removing.to_move == state.to_move
    # The visitor has not moved since c7-c6: whatever the value now, his record is unchanged
    # (it counted his last move a second time, with the computer's own move in it).
    assert ev.visitor_error(removing, 11 + 66) == record
    # After the removal and his next move, that move is counted once.
    removal = legal(removing, "xf5")
    ev.remember(removing, removal, 11, record)
    after = removing.play(removal)
    now = after.play(after.legal_moves()[0])
    counted = ev.visitor_error(now, 11 + 40)
    assert (counted.moves, counted.total) == (5, 80.0)


@pytest.mark.parametrize("game_id", ["epaminondas", "latrunculi-seneca", "latrunculi-dux"])
def test_even_match_thinks_no_longer_than_the_champion(game_id: str) -> None:
    rng = random.Random(8)
    state = new_game(game_id)
    for _ in range(40 if game_id == "latrunculi-seneca" else 12):
        state = state.play(rng.choice(state.legal_moves()))
    # The processor's time, not the wall's: work done past the deadline shows in it, and a busy
    # machine's stalls do not (the benchmark reports the wall's).
    started = time.process_time()
    move = choose_move(state, "even", 1.5, rng)
    elapsed = time.process_time() - started
    assert move in state.legal_moves()
    assert elapsed < 1.5 * ev.BUDGET_SHARE + 0.3, elapsed


def test_pente_a_game_gone_on_too_long_is_played_to_its_end() -> None:
    turns = evp.PENTE_PATIENCE + evp.PENTE_FINISH
    checked = 0
    for seed in range(30):
        state = random_pente_game(seed, 4 * turns + 8)
        if state.outcome is not None:
            continue
        assert evp.pente_target(state) == 1.0
        if state.needs_roll:
            state = state.roll(random.Random(seed).randint(1, 6))
        scored = move_values(state)
        if len(scored) < 2:
            continue
        move = choose_move(state, "even", 1.5, random.Random(seed))
        assert dict((m.text, v) for m, v in scored)[move.text] == max(v for _, v in scored)
        checked += 1
    assert checked >= 10
    assert evp.pente_target(PenteState.initial()) == 0.5


def test_the_benchmark_opens_the_champions_games_with_random_plies_when_asked() -> None:
    from benchmarks.even import play_one

    job = {"game": "epaminondas", "pairing": "even-champion", "budget": 0.02, "seed": 1}
    job |= {"max_plies": 10, "coin": False}
    plain = [play_one({**job, "index": i, "openings": False}) for i in (0, 2)]
    opened = [play_one({**job, "index": i, "openings": True}) for i in (0, 2)]
    assert [r["opening"] for r in plain] == [0, 0]
    assert all(2 <= r["opening"] <= 8 for r in opened)
    # the same side starts both games of each pair; with openings they begin differently
    assert opened[0]["actions"][:2] != opened[1]["actions"][:2]
    # The Champion in Even match's seat (the ceiling) opens with the same random plies.
    ceiling = play_one({**job, "pairing": "champion-champion", "index": 0, "openings": True})
    plies = opened[0]["opening"]
    assert ceiling["opening"] == plies
    assert ceiling["actions"][:plies] == opened[0]["actions"][:plies]
    assert ceiling["rules"] == {}  # no Even match decision in it
    assert ceiling["trace"] == []
    # Each traced decision names its ply: Even match's turns after the opening (it starts game
    # 0, and an Epaminondas turn is one ply).
    trace = opened[0]["trace"]
    assert len(trace) == opened[0]["decisions"] > 0
    assert all(ply >= plies and ply % 2 == 0 for ply, *_ in trace)
    assert {why for *_, why in trace} <= set(opened[0]["rules"])


@pytest.mark.usefixtures("work_clock")
def test_in_epaminondas_the_lean_reads_the_visitors_mean_once_when_the_game_settles() -> None:
    # Its values drift as the phalanxes advance: the Champion's mean rose above the line after
    # the game settled, and the computer yielded to him from a winning position (docs/ai.md).
    steady = ev.VisitorRecord(0.0, 30.0, 10, settled=3.0)
    drifted = steady.after(200, battle=True).after(200, battle=True)
    assert drifted.settled == 3.0 and drifted.game_mean > ev.YIELD_TO_GAME["epaminondas"]
    assert ev.is_expert(drifted, ev.YIELD, "epaminondas")
    assert not ev.is_expert(replace(drifted, settled=None), ev.YIELD, "epaminondas")
    # The first decision after the game settles keeps the mean it finds in the record.
    for seed in range(40):
        rng = random.Random(seed)
        state: GameState = new_game("epaminondas")
        while state.outcome is None and len(state.actions()) <= ev.LEAN_PLIES:
            state = state.play(rng.choice(state.legal_moves()))
        if state.outcome is None and ev.lean(state) == ev.YIELD:
            break
    else:
        raise AssertionError("no Epaminondas game leaning to yield in 40")
    ev._MEMORY.clear()
    ev._MEMORY[ev._history(state.parent)] = (0, ev.VisitorRecord(0.0, 30.0, 10))  # type: ignore[arg-type]
    trace: list[tuple[int, int, str]] = []
    move = ev.choose_even_search(
        state, ai_for(state), time.perf_counter(), 0.2, random.Random(1), trace=trace
    )
    record = ev._MEMORY[ev._history(state.play(move))][1]
    assert record.settled == pytest.approx(record.game_mean) and record.moves == 11
    # In Latrunculi the mean is read at each decision (its values do not drift so).
    assert "latrunculi-petteia" not in ev.SETTLED_MEAN_GAMES
