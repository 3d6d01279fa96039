"""Pente grammai (rules.md section 1): hand-worked positions for every rule, and random games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludique.games import IllegalMove, dump_game, load_game
from ludique.games.base import REASON_SACRED_LINE, apply_action
from ludique.games.pente.rules import POINT_NAMES, PenteMove, PenteState

pos = PenteState.from_position


def texts(state: PenteState) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


def counts(state: PenteState, colour: str) -> dict[str, int]:
    out = {}
    for point in (*POINT_NAMES, "off"):
        n = state.count_at(point, colour)
        if n:
            out[point] = n
    return out


# --- the start and the die -----------------------------------------------------------------


def test_start_position() -> None:
    s = PenteState.initial()
    assert s.to_move == "blue" and s.needs_roll and s.die is None and s.outcome is None
    assert s.legal_moves() == []
    assert s.off_board("blue") == 5 and s.off_board("white") == 5
    assert len(s.pieces()) == 10
    assert {p.square for p in s.pieces()} == {"off"}
    assert {p.kind for p in s.pieces()} == {"counter"}


def test_roll_sets_the_die_and_records_the_action() -> None:
    s = PenteState.initial().roll(4)
    assert s.die == 4 and not s.needs_roll and s.action == "roll 4"
    assert s.parent is not None and s.parent.die is None


@pytest.mark.parametrize(
    "die, point", [(1, "1A"), (2, "2A"), (3, "3A"), (4, "4A"), (5, "5A"), (6, "1B")]
)
def test_blue_enters_on_its_own_row(die: int, point: str) -> None:
    assert texts(PenteState.initial().roll(die)) == [f"off-{point}"]


@pytest.mark.parametrize(
    "die, point", [(1, "1B"), (2, "2B"), (3, "3B"), (4, "4B"), (5, "5B"), (6, "1A")]
)
def test_white_enters_on_its_own_row(die: int, point: str) -> None:
    s = pos(blue={"2B": 1}, to_move="white", die=die)
    assert texts(s) == [f"off-{point}"]
    after = s.play(f"off-{point}")
    assert after.count_at(point, "white") == 1 and after.off_board("white") == 4
    assert after.to_move == "blue" and after.needs_roll


# --- priority of entering ------------------------------------------------------------------


def test_entering_is_the_only_move_when_possible() -> None:
    s = pos(blue={"2A": 1, "4B": 1}, die=1)  # three off; 2A-3A and 4B-5B would be legal moves
    assert texts(s) == ["off-1A"]
    with pytest.raises(IllegalMove, match="a counter off the board must enter first"):
        s.play("2A-3A")


def test_board_moves_only_when_the_entry_point_holds_an_own_counter() -> None:
    s = pos(blue={"1A": 1, "4B": 1}, die=1)  # three off, but 1A is taken by Blue himself
    assert texts(s) == ["1A-2A", "4B-5B"]
    with pytest.raises(IllegalMove, match="enters on 1A, which already holds one of your"):
        s.play("off-1A")


def test_entering_on_a_sacred_point_holding_own_counters_is_allowed() -> None:
    s = pos(blue={"3A": 2, "1B": 1}, white={"3A": 1}, die=3)
    assert texts(s) == ["off-3A"]
    after = s.play("off-3A")
    assert after.count_at("3A", "blue") == 3 and after.count_at("3A", "white") == 1


def test_entering_blocked_by_an_opponent_captures_it() -> None:
    s = pos(blue={"1B": 1}, white={"4A": 1, "2B": 1}, die=4)
    after = s.play("off-4A")
    assert counts(after, "white") == {"2B": 1, "off": 4}
    assert counts(after, "blue") == {"4A": 1, "1B": 1, "off": 3}


def test_white_entering_with_six_captures_on_1A() -> None:
    s = pos(blue={"1A": 1}, white={"3A": 1}, to_move="white", die=6)
    assert texts(s) == ["off-1A"]
    after = s.play("off-1A")
    assert after.off_board("blue") == 5 and after.count_at("1A", "white") == 1


# --- moving, landing, capture --------------------------------------------------------------


def test_moves_jump_over_any_counters() -> None:
    s = pos(blue={"1A": 1, "2A": 1, "3A": 1, "4A": 1, "5A": 1}, white={"1B": 1, "2B": 1}, die=4)
    # 1A would land on his own 5A; the others jump over three counters each, two capturing.
    assert texts(s) == ["2A-1B", "3A-2B", "4A-3B", "5A-4B"]
    after = s.play("3A-2B")
    assert after.count_at("2B", "blue") == 1 and after.off_board("white") == 4


def test_landing_on_an_own_counter_is_refused() -> None:
    s = pos(blue={"2A": 1, "4A": 1, "3B": 3}, white={"5B": 1}, die=2)
    assert "2A-4A" not in texts(s)
    with pytest.raises(IllegalMove, match="2A-4A: 4A already holds one of your counters"):
        s.play("2A-4A")


def test_capture_sends_the_counter_off_the_board() -> None:
    s = pos(blue={"2A": 1, "3B": 4}, white={"4A": 1, "3A": 4}, die=2)
    after = s.play("2A-4A")
    assert counts(after, "blue") == {"4A": 1, "3B": 4}
    assert counts(after, "white") == {"3A": 4, "off": 1}
    assert after.outcome is None and after.to_move == "white"


def test_sacred_points_hold_both_colours_and_never_capture() -> None:
    s = pos(blue={"1A": 1, "3A": 1, "3B": 3}, white={"3A": 2, "3B": 1, "5A": 1, "2B": 1}, die=2)
    assert texts(s) == ["1A-3A", "3A-5A", "3B-5B"]
    after = s.play("1A-3A")
    assert after.count_at("3A", "blue") == 2 and after.count_at("3A", "white") == 2
    assert after.off_board("white") == 0
    w = after.roll(5).play("3A-3B")  # White: 3A + 5 = 3B, where three Blue counters stand
    assert w.count_at("3B", "white") == 2 and w.count_at("3B", "blue") == 3
    assert w.off_board("blue") == 0 and w.count_at("3A", "blue") == 2


def test_track_wraps_from_5B_to_1A() -> None:
    s = pos(blue={"5B": 1, "3B": 4}, die=1)
    assert texts(s) == ["3B-4B", "5B-1A"]
    assert texts(pos(blue={"5B": 1, "3B": 4}, die=3)) == ["3B-1A", "5B-3A"]
    w = pos(white={"4B": 1, "3A": 4}, to_move="white", die=3)
    assert texts(w) == ["3A-1B", "4B-2A"]


# --- zugzwang, pass, goal ------------------------------------------------------------------


def test_zugzwang_a_legal_move_must_be_played_even_off_the_sacred_line() -> None:
    s = pos(blue={"3B": 4, "1A": 1}, white={"2A": 1}, die=1)
    assert texts(s) == ["1A-2A", "3B-4B"]
    with pytest.raises(IllegalMove, match="you have a legal move"):
        s.play("pass")
    after = s.play("3B-4B")
    assert after.count_at("3B", "blue") == 3 and after.count_at("4B", "blue") == 1


@pytest.mark.parametrize(
    "die, moves",
    [(1, ["3A-4A", "3B-4B"]), (3, ["3A-1B", "3B-1A"]), (6, ["3A-4B", "3B-4A"])],
)
def test_zugzwang_with_every_counter_on_the_sacred_line(die: int, moves: list[str]) -> None:
    # Every legal move takes a counter off the sacred line, and one must be played.
    s = pos(blue={"3A": 1, "3B": 4}, white={"3A": 2, "3B": 1}, die=die)
    assert texts(s) == moves
    with pytest.raises(IllegalMove, match="you have a legal move"):
        s.play("pass")
    after = s.play(moves[1])
    assert after.count_at("3B", "blue") == 3 and after.outcome is None


def test_a_counter_on_its_goal_point_keeps_moving_when_forced() -> None:
    # With a 5, 1A and 1B would land on each other: only the goal counters can move.
    s = pos(blue={"3B": 3, "1A": 1, "1B": 1}, white={"4B": 1}, die=5)
    assert texts(s) == ["3B-3A"]
    after = s.play("3B-3A")
    assert after.count_at("3B", "blue") == 2 and after.count_at("3A", "blue") == 1


def test_pass_when_no_move_exists() -> None:
    # A 5 moves 1A<->1B and 5A<->5B onto each other, and the entry point 5A is Blue's own.
    s = pos(blue={"1A": 1, "1B": 1, "5A": 1, "5B": 1}, white={"3A": 1}, die=5)
    assert texts(s) == ["pass"]
    assert s.legal_moves()[0].frm is None and s.legal_moves()[0].to is None
    after = s.play("pass")
    assert after.to_move == "white" and after.needs_roll and after.key[:2] == s.key[:2]
    w = pos(white={"1A": 1, "1B": 1, "5A": 1, "5B": 1}, to_move="white", die=5)
    assert texts(w) == ["pass"]
    with pytest.raises(
        IllegalMove, match=r"pass: with a roll of 2 you have a legal move \(off-2B\)"
    ):
        pos(white={"1A": 1}, to_move="white", die=2).play("pass")


def test_blue_wins_at_once_with_five_on_3B() -> None:
    s = pos(blue={"3B": 4, "2B": 1}, white={"3A": 4}, die=1)
    after = s.play("2B-3B")
    assert after.outcome is not None
    assert after.outcome.winner == "blue" and after.outcome.reason == REASON_SACRED_LINE
    assert after.legal_moves() == [] and not after.needs_roll
    with pytest.raises(IllegalMove, match="the game is over"):
        after.roll(3)
    with pytest.raises(IllegalMove, match="the game is over"):
        after.play("pass")


def test_white_wins_at_once_with_five_on_3A() -> None:
    s = pos(blue={"3B": 4, "2B": 1}, white={"3A": 4, "1A": 1}, to_move="white", die=1)
    after = s.play("1A-2A").roll(1).play("2B-3B")  # Blue wins first: White had not finished
    assert after.outcome.winner == "blue"
    s = pos(blue={"3B": 4, "1B": 1}, white={"3A": 4, "2A": 1}, to_move="white", die=1)
    won = s.play("2A-3A")
    assert won.outcome is not None and won.outcome.winner == "white"


def test_five_on_the_opponents_goal_is_not_a_win() -> None:
    s = pos(blue={"3B": 4, "2A": 1}, white={"3A": 4}, die=1)  # 2A + 1 = 3A, White's goal
    after = s.play("2A-3A")
    assert after.outcome is None


# --- notation and bad input ----------------------------------------------------------------


def test_move_fields() -> None:
    enter = PenteState.initial().roll(4).legal_moves()[0]
    assert isinstance(enter, PenteMove)
    assert (str(enter), enter.frm, enter.to, enter.path) == ("off-4A", "off", "4A", ("off", "4A"))
    moves = pos(blue={"2A": 1, "3B": 4}, die=3).legal_moves()
    assert [(m.frm, m.to, m.path) for m in moves] == [
        ("2A", "5A", ("2A", "5A")),
        ("3B", "1A", ("3B", "1A")),
    ]


def test_several_counters_on_one_point_give_one_move() -> None:
    s = pos(blue={"3A": 3, "1A": 1, "5B": 1}, die=1)
    assert texts(s) == ["1A-2A", "3A-4A"]  # three counters on 3A, one move; 5B-1A is refused
    assert len(PenteState.initial().roll(2).legal_moves()) == 1  # five off, one entering move


@pytest.mark.parametrize("n", [0, 7, -1, 2.0, "3", True])
def test_roll_out_of_range_is_refused(n: object) -> None:
    s = PenteState.initial()
    with pytest.raises(IllegalMove, match="a roll is a number from 1 to 6"):
        s.roll(n)  # type: ignore[arg-type]
    assert s.needs_roll and s.die is None


def test_roll_when_none_is_due_and_move_when_roll_is_due() -> None:
    s = PenteState.initial()
    with pytest.raises(IllegalMove, match="off-1A: the die must be thrown first"):
        s.play("off-1A")
    r = s.roll(2)
    with pytest.raises(
        IllegalMove, match=r"roll 3: the die has already been thrown this turn \(a 2\)"
    ):
        r.roll(3)
    assert r.die == 2 and texts(r) == ["off-2A"]


@pytest.mark.parametrize(
    "text, why",
    [
        ("", "(empty): not a move"),
        ("4A", "4A: not a move"),
        ("off-6A", "off-6A: not a move"),
        ("2a-4a", "2a-4a: not a move"),
        ("2A--4A", "not a move"),
        ("2A-5A", "2A-5A: with a roll of 2 the counter on 2A goes to 4A"),
        ("5A-2B", "5A-2B: 5A holds none of your counters"),
        ("2A-4A", "2A-4A: 4A already holds one of your counters"),
        ("off-4A", "off-4A: none of your counters is off the board"),
        ("pass", "pass: with a roll of 2 you have a legal move"),
    ],
)
def test_bad_moves_say_why_and_leave_the_state_unchanged(text: str, why: str) -> None:
    s = pos(blue={"2A": 1, "4A": 1, "3B": 3}, white={"1B": 1}, die=2)
    before = (s.key, texts(s), s.actions(), counts(s, "blue"), counts(s, "white"))
    with pytest.raises(IllegalMove) as info:
        s.play(text)
    assert why in str(info.value)
    assert (s.key, texts(s), s.actions(), counts(s, "blue"), counts(s, "white")) == before


def test_entering_with_the_wrong_point_says_where() -> None:
    s = pos(blue={"3B": 1}, die=2)
    with pytest.raises(IllegalMove, match="off-3A: with a roll of 2 a counter enters on 2A"):
        s.play("off-3A")


@pytest.mark.parametrize(
    "blue, white, match",
    [
        ({"2A": 2}, {}, "only 3A and 3B may hold more than one"),
        ({"2A": 1}, {"2A": 1}, "2A holds a counter of each colour"),
        ({"3A": 6}, {}, "blue has 5 counters, not 6"),
        ({"3A": 3, "off": 1}, {}, "blue has 5 counters, not 4"),
        ({"6A": 1}, {}, "'6A' is not a point"),
        ({}, {"1A": -1}, "white on 1A: -1 is not a count"),
    ],
)
def test_from_position_refuses_impossible_positions(blue, white, match) -> None:
    with pytest.raises(IllegalMove, match=match):
        pos(blue=blue, white=white)


def test_from_position_and_accessors() -> None:
    s = pos(blue={"3A": 2, "4B": 1}, white={"3A": 1, "off": 4}, to_move="white", die=6)
    assert s.to_move == "white" and s.die == 6 and not s.needs_roll
    assert counts(s, "blue") == {"3A": 2, "4B": 1, "off": 2}
    assert sorted(p.square for p in s.pieces() if p.colour == "white") == ["3A"] + ["off"] * 4
    assert s.key == pos(blue={"4B": 1, "3A": 2}, white={"3A": 1}, to_move="white", die=6).key
    assert s.key != pos(blue={"3A": 2, "4B": 1}, white={"3A": 1}, to_move="white").key
    with pytest.raises(ValueError, match="not a point"):
        s.count_at("7C", "blue")
    with pytest.raises(IllegalMove, match="die 7"):
        pos(die=7)


# --- saved games ---------------------------------------------------------------------------


def random_game(seed: int, limit: int = 400) -> PenteState:
    rng = random.Random(seed)
    s = PenteState.initial()
    for _ in range(limit):
        if s.outcome is not None:
            break
        s = s.roll(rng.randint(1, 6)) if s.needs_roll else s.play(rng.choice(s.legal_moves()))
    return s


def test_save_and_load_round_trip() -> None:
    s = random_game(7, 300)
    text = dump_game(s)
    lines = text.splitlines()
    assert lines[1] == "game pente-grammai" and lines[2] == "visit full"
    assert lines[3].startswith("roll ")
    loaded = load_game(text)
    assert loaded.key == s.key and loaded.actions() == s.actions()


def test_a_corrupt_save_names_the_line() -> None:
    text = "# ludique saved game\ngame pente-grammai\nroll 3\noff-3A\nroll 9\n"
    with pytest.raises(IllegalMove, match="line 5: roll 9: a roll is a number from 1 to 6"):
        load_game(text)
    with pytest.raises(IllegalMove, match="line 3: off-4A: with a roll of 3"):
        load_game("game pente-grammai\nroll 3\noff-4A\n")
    s = apply_action(PenteState.initial(), "roll 6")
    assert s.die == 6


# --- random games --------------------------------------------------------------------------


GOAL = {"blue": "3B", "white": "3A"}


def play_checked(s: PenteState, rng: random.Random, limit: int) -> PenteState:
    """Plays up to ``limit`` random actions from ``s``, checking every invariant on the way."""
    for _ in range(limit):
        assert len(s.pieces()) == 10
        for colour in ("blue", "white"):
            assert sum(s.count_at(p, colour) for p in (*POINT_NAMES, "off")) == 5
        if s.outcome is not None:
            assert s.legal_moves() == [] and not s.needs_roll
            assert s.count_at(GOAL[s.outcome.winner], s.outcome.winner) == 5
            with pytest.raises(IllegalMove):
                s.roll(1)
            with pytest.raises(IllegalMove, match="the game is over"):
                s.play("pass")
            return s
        if s.needs_roll:
            assert s.legal_moves() == []
            s = s.roll(rng.randint(1, 6))
            continue
        moves = s.legal_moves()
        assert moves and len(set(moves)) == len(moves)
        before = (s.key, [str(m) for m in moves], s.actions())
        children = [s.play(m) for m in moves]
        assert (s.key, [str(m) for m in s.legal_moves()], s.actions()) == before
        me, other = s.to_move, s.opponent
        for m, child in zip(moves, children, strict=True):
            assert s.play(str(m)).key == child.key
            assert child.action == str(m) and child.parent is s
            assert child.to_move == other and child.needs_roll == (child.outcome is None)
            # The opponent's board counters fall only by a capture, and then by exactly one.
            lost = child.off_board(other) - s.off_board(other)
            assert lost in (0, 1)
            if lost:
                assert m.to not in ("3A", "3B") and s.count_at(m.to, other) == 1
            if str(m) != "pass":
                assert child.count_at(m.to, me) == s.count_at(m.to, me) + 1
            won = child.count_at(GOAL[me], me) == 5
            assert (child.outcome is not None) == won
            if won:
                assert child.outcome.winner == me
        s = children[rng.randrange(len(children))]
    return s


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_games_keep_every_invariant(seed: int) -> None:
    play_checked(PenteState.initial(), random.Random(seed), 300)


def near_the_end(rng: random.Random) -> PenteState:
    """A random position with three or four counters of each colour on the goal point."""
    while True:
        blue = {"3B": rng.randint(3, 4)}
        white = {"3A": rng.randint(3, 4)}
        for counters in (blue, white):
            for _ in range(5 - sum(counters.values())):
                point = rng.choice([*POINT_NAMES, "off"])
                counters[point] = counters.get(point, 0) + 1
        try:
            return pos(blue=blue, white=white, to_move=rng.choice(["blue", "white"]))
        except IllegalMove:
            continue  # two counters on one ordinary point: draw again


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_games_near_the_end_keep_every_invariant(seed: int) -> None:
    rng = random.Random(seed)
    play_checked(near_the_end(rng), rng, 300)


def test_random_games_near_the_end_do_finish() -> None:
    rng = random.Random(5)
    finished = [play_checked(near_the_end(rng), rng, 400).outcome for _ in range(40)]
    winners = {o.winner for o in finished if o is not None}
    assert sum(o is not None for o in finished) >= 10 and winners == {"blue", "white"}
