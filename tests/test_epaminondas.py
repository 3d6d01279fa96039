"""Epaminondas (rules.md section 2): hand-worked positions for every rule, and random-game
properties checked against a deliberately naive reference move generator."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludique.games import IllegalMove, Outcome, Piece, dump_game, load_game, new_game, spec
from ludique.games.epaminondas.rules import (
    SQUARE_INDEX,
    SQUARE_NAMES,
    EpaminondasMove,
    EpaminondasState,
)

WHITE, BLACK = "white", "black"
FILES = "abcdefghijklmn"
STEPS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def position(white: list[str], black: list[str], to_move: str = WHITE) -> EpaminondasState:
    return EpaminondasState.from_position(white=white, black=black, to_move=to_move)


def moves_from(state: EpaminondasState, square: str) -> set[str]:
    return {str(m) for m in state.legal_moves() if m.frm == square}


def move(state: EpaminondasState, text: str) -> EpaminondasMove:
    found = [m for m in state.legal_moves() if str(m) == text]
    assert found, f"{text} should be legal here"
    return found[0]  # type: ignore[return-value]


def squares(state: EpaminondasState, colour: str) -> set[str]:
    return {p.square for p in state.pieces() if p.colour == colour}


def refused(state: EpaminondasState, text: str) -> str:
    """The message of the IllegalMove raised by ``text``; checks that the state is unchanged."""
    key, legal = state.key, [str(m) for m in state.legal_moves()]
    with pytest.raises(IllegalMove) as info:
        state.play(text)
    assert state.key == key
    assert [str(m) for m in state.legal_moves()] == legal
    assert state.outcome is None or legal == []
    return str(info.value)


# --- a naive reference: the rules of section 2 read literally, square by square -----------------
def reference_moves(state: EpaminondasState) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """notation -> (squares of the moving phalanx, squares captured)."""
    board = {}
    for piece in state.pieces():
        i = SQUARE_INDEX[piece.square]
        board[(i % 14, i // 14)] = piece.colour
    me = state.to_move

    def name(f: int, r: int) -> str:
        return f"{FILES[f]}{r + 1}"

    out = {}
    for (f, r), colour in board.items():
        if colour != me:
            continue
        for df, dr in STEPS:
            k = 1
            while board.get((f + df * k, r + dr * k)) == me:
                k += 1
            phalanx = frozenset(name(f + df * i, r + dr * i) for i in range(k))
            hf, hr = f + df * (k - 1), r + dr * (k - 1)
            for d in range(1, k + 1):
                last = (hf + df * d, hr + dr * d)
                if not (0 <= last[0] < 14 and 0 <= last[1] < 12):
                    break
                if any(board.get((hf + df * i, hr + dr * i)) for i in range(1, d)):
                    break
                notation = f"{name(f, r)}-{name(f + df * d, r + dr * d)}"
                holder = board.get(last)
                if holder is None:
                    out[notation] = (phalanx, frozenset())
                    continue
                if holder == me:
                    break
                group = []
                while board.get((last[0] + df * len(group), last[1] + dr * len(group))) == holder:
                    group.append(name(last[0] + df * len(group), last[1] + dr * len(group)))
                if len(group) < k:
                    out[notation] = (phalanx, frozenset(group))
                break
    return out


# --- the start ------------------------------------------------------------------------------
def test_initial_position() -> None:
    state = EpaminondasState.initial()
    assert state.to_move == WHITE and state.outcome is None
    assert squares(state, WHITE) == {f"{f}{r}" for f in FILES for r in (1, 2)}
    assert squares(state, BLACK) == {f"{f}{r}" for f in FILES for r in (11, 12)}
    assert state.count(WHITE) == state.count(BLACK) == 28
    assert state.crossing_count(WHITE) == state.crossing_count(BLACK) == 0
    assert state.at("a1") == WHITE and state.at("n12") == BLACK and state.at("g6") is None
    assert all(isinstance(p, Piece) and p.kind == "piece" for p in state.pieces())
    assert new_game("epaminondas").key == state.key
    hash(state.key)


def test_initial_move_count_worked_by_hand() -> None:
    # Northward: 14 rank-2 pieces step 1; 14 rank-1 tails (phalanx of 2) move 1 or 2: 42.
    # North-east: rank-2 pieces a..m step 1 (13); rank-1 tails a..l move 1 (12), a..k move 2
    # (11): 36.  North-west mirrors it: 36.  Rows are full and the rest points off the board.
    state = EpaminondasState.initial()
    moves = state.legal_moves()
    assert len(moves) == 42 + 36 + 36 == 114
    assert {str(m) for m in moves} == set(reference_moves(state))


# --- moving ---------------------------------------------------------------------------------
def test_phalanx_sub_lines_move_the_front_part_only() -> None:
    state = position(["c2", "c3", "c4"], ["k12"])
    north = {"c2-c3", "c2-c4", "c2-c5", "c2-c6"}
    assert moves_from(state, "c2") & north == {"c2-c3", "c2-c4", "c2-c5"}
    assert moves_from(state, "c3") & {"c3-c4", "c3-c5", "c3-c6"} == {"c3-c4", "c3-c5"}
    assert "c4-c5" in moves_from(state, "c4") and "c4-c6" not in moves_from(state, "c4")
    m = move(state, "c2-c4")
    assert (m.direction, m.size, m.distance) == ("N", 3, 2)
    assert m.phalanx == ("c2", "c3", "c4") and m.landing == ("c4", "c5", "c6")
    assert m.captured == () and (m.frm, m.to) == ("c2", "c4")
    after = state.play(m)
    assert squares(after, WHITE) == {"c4", "c5", "c6"}
    front = state.play("c3-c5")  # the front two move two squares; c2 stays behind
    assert squares(front, WHITE) == {"c2", "c5", "c6"}
    assert move(state, "c3-c5").size == 2


def test_a_part_with_a_friend_in_front_never_moves_alone() -> None:
    # From c2 northward the phalanx is c2, c3, c4: there is no way to move c2 and c3 without c4.
    state = position(["c2", "c3", "c4"], ["k12"])
    for m in state.legal_moves():
        if m.direction == "N" and m.frm == "c2":
            assert m.size == 3 and m.phalanx == ("c2", "c3", "c4")
    # southward from c4 the same line is a phalanx of 3 whose head c2 may only step to c1
    assert {m for m in moves_from(state, "c4") if m in {"c4-c3", "c4-c2", "c4-c1"}} == {"c4-c3"}
    assert squares(state.play("c4-c3"), WHITE) == {"c1", "c2", "c3"}


def test_distance_is_limited_by_size() -> None:
    state = position(["c1", "c2"], ["k12"])
    assert {"c1-c2", "c1-c3"} <= moves_from(state, "c1")
    message = refused(state, "c1-c4")
    assert message == (
        "c1-c4: the phalanx from c1 northward has 2 pieces and may move at most 2 squares"
    )
    lone = position(["e5"], ["k12"])
    assert refused(lone, "e5-e7") == (
        "e5-e7: the phalanx from e5 northward has 1 piece and may move at most 1 square"
    )
    neighbours = {"e6", "f6", "f5", "f4", "e4", "d4", "d5", "d6"}
    assert moves_from(lone, "e5") == {f"e5-{sq}" for sq in neighbours}


def test_the_path_must_be_empty_before_the_last_square() -> None:
    # enemy on the path: c1-c3 captures c5 (head c3 goes to c5), but c1-c4 would pass it
    state = position(["c1", "c2", "c3"], ["c5", "k12"])
    assert "c1-c3" in moves_from(state, "c1")
    assert refused(state, "c1-c4") == "c1-c4: the head (c3) cannot pass c5: it is not empty"
    # friend on the path or on the last square
    friend = position(["c1", "c2", "c3", "c5"], ["k12"])
    assert moves_from(friend, "c1") & {"c1-c2", "c1-c3", "c1-c4"} == {"c1-c2"}
    assert refused(friend, "c1-c3") == "c1-c3: the head's last square c5 holds a piece of yours"
    assert refused(friend, "c1-c4") == "c1-c4: the head (c3) cannot pass c5: it is not empty"


def test_the_board_edge_cannot_be_crossed() -> None:
    state = position(["a11", "a12"], ["k1"])
    # northward a11 leads a12, which stands on the edge; southward a11 is a phalanx of one
    assert moves_from(state, "a11") == {"a11-b12", "a11-b11", "a11-b10", "a11-a10"}
    assert moves_from(state, "a12") == {"a12-b12", "a12-b11", "a12-a11", "a12-a10"}
    assert refused(state, "a11-a12") == "a11-a12: the head (a12) would leave the board"
    assert refused(state, "a11-a9") == (
        "a11-a9: the phalanx from a11 southward has 1 piece and may move at most 1 square"
    )
    corner = position(["n1"], ["a12"])
    assert moves_from(corner, "n1") == {"n1-n2", "n1-m2", "n1-m1"}


# --- capture --------------------------------------------------------------------------------
def test_equal_sized_group_cannot_be_captured() -> None:
    state = position(["d2", "d3"], ["d4", "d5"])
    assert refused(state, "d2-d3") == (
        "d2-d3: capture refused: the defending group has 2 pieces, not fewer than your 2"
    )
    bigger = position(["d2", "d3"], ["d4", "d5", "d6"])
    assert "d2-d3" not in moves_from(bigger, "d2")
    assert "defending group has 3 pieces" in refused(bigger, "d2-d3")


def test_smaller_group_is_captured_entirely_and_the_head_stops_on_its_first_square() -> None:
    state = position(["d2", "d3", "d4"], ["d6", "d7", "d9", "e6"])
    m = move(state, "d2-d4")
    assert m.captured == ("d6", "d7") and m.size == 3 and m.distance == 2
    after = state.play(m)
    assert squares(after, WHITE) == {"d4", "d5", "d6"}
    assert squares(after, BLACK) == {"d9", "e6"}  # the piece after the gap and the one aside stay
    assert after.count(BLACK) == state.count(BLACK) - 2
    assert refused(state, "d2-d5") == "d2-d5: the head (d4) cannot pass d6: it is not empty"


def test_the_defending_group_is_counted_along_the_direction_of_the_move_only() -> None:
    # c5 stands in a black row of three (b5, c5, d5), but northward its group is c5 alone.
    state = position(["c2", "c3", "c4"], ["b5", "c5", "d5"])
    m = move(state, "c2-c3")
    assert m.captured == ("c5",)
    assert squares(state.play(m), BLACK) == {"b5", "d5"}


def test_a_group_ending_at_the_edge_or_before_a_friend_is_captured() -> None:
    edge = position(["c8", "c9", "c10"], ["c11", "c12"])
    assert move(edge, "c8-c9").captured == ("c11", "c12")
    assert squares(edge.play("c8-c9"), WHITE) == {"c9", "c10", "c11"}
    # the black group b5, b6 is followed by a white piece: it has 2 pieces, fewer than 3
    friend_behind = position(["b2", "b3", "b4", "b7"], ["b5", "b6"])
    assert move(friend_behind, "b2-b3").captured == ("b5", "b6")


def test_diagonal_capture() -> None:
    state = position(["b2", "c3", "d4"], ["e5", "f6", "h8"])
    m = move(state, "b2-c3")
    assert (m.direction, m.captured) == ("NE", ("e5", "f6"))
    after = state.play(m)
    assert squares(after, WHITE) == {"c3", "d4", "e5"}
    assert squares(after, BLACK) == {"h8"}
    # the other diagonal, by Black, southward-west
    black = position(["a1", "c3"], ["d4", "e5"], to_move=BLACK)
    assert move(black, "e5-d4").captured == ("c3",)


def test_a_lone_piece_never_captures() -> None:
    state = position(["e4"], ["e5", "f5", "d3"])
    assert not any(m.captured for m in state.legal_moves())
    assert refused(state, "e4-e5") == "e4-e5: capture refused: a lone piece never captures"
    assert refused(state, "e4-d3") == "e4-d3: capture refused: a lone piece never captures"


def test_capture_is_never_compulsory() -> None:
    state = position(["c2", "c3"], ["c4"])
    legal = {str(m) for m in state.legal_moves()}
    assert "c2-c3" in legal and move(state, "c2-c3").captured == ("c4",)
    assert "c2-b2" in legal and "c3-d4" in legal  # quiet moves stay available
    assert squares(state.play("c2-b2"), BLACK) == {"c4"}


# --- the end of the game --------------------------------------------------------------------
def test_crossing_does_not_win_at_once_but_at_the_start_of_the_next_own_turn() -> None:
    state = position(["a11", "g2"], ["n12", "n10"])
    crossed = state.play("a11-a12")
    assert crossed.crossing_count(WHITE) == 1 and crossed.crossing_count(BLACK) == 0
    assert crossed.to_move == BLACK and crossed.outcome is None and crossed.legal_moves()
    later = crossed.play("n10-n9")  # Black does nothing about it
    assert later.outcome == Outcome(WHITE, "crossing")
    assert later.legal_moves() == []
    assert refused_over(later, "g2-g3")


def refused_over(state: EpaminondasState, text: str) -> bool:
    with pytest.raises(IllegalMove, match=f"^{text}: the game is over$"):
        state.play(text)
    return True


def test_the_opponent_may_answer_a_crossing_by_capturing_the_intruder() -> None:
    state = position(["a12", "g2"], ["c12", "b12", "n10"], to_move=BLACK)
    assert state.outcome is None  # only Black, the player to move, is examined
    m = move(state, "c12-b12")
    assert m.captured == ("a12",)
    answered = state.play(m)
    assert answered.crossing_count(WHITE) == 0
    assert answered.outcome is None and answered.to_move == WHITE


def test_the_opponent_may_answer_a_crossing_by_crossing_as_many() -> None:
    state = position(["a12", "g5"], ["n2", "h10"], to_move=BLACK)
    answered = state.play("n2-n1")
    assert answered.crossing_count(BLACK) == answered.crossing_count(WHITE) == 1
    assert answered.outcome is None  # 1 is not more than 1
    # and then Black, with 1 across against 0 after White loses nothing, still needs more:
    two = position(["a12", "g5"], ["n1", "m1", "h10"], to_move=WHITE)
    assert two.outcome is None  # White is examined: 1 is not more than 2
    assert two.play("g5-g6").outcome == Outcome(BLACK, "crossing")


def test_no_pieces_loses() -> None:
    empty = position([], ["a5"])
    assert empty.outcome == Outcome(BLACK, "no-pieces") and empty.legal_moves() == []
    state = position(["a5"], ["a7", "a8"], to_move=BLACK)
    m = move(state, "a8-a6")
    assert m.captured == ("a5",)
    assert state.play(m).outcome == Outcome(BLACK, "no-pieces")


def test_no_legal_move_loses() -> None:
    state = position(["n6"], ["n7", "n5", "m5", "m6", "m7", "a12"])
    assert state.outcome == Outcome(BLACK, "no-moves")
    assert state.legal_moves() == []
    assert refused_over(state, "n6-m6")
    # the same blockade with Black to move is simply Black's turn
    assert position(["n6"], ["n7", "n5", "m5", "m6", "m7"], to_move=BLACK).outcome is None


def test_crossing_is_checked_before_the_loss_conditions() -> None:
    # White has more across and no legal move: the crossing wins first.
    state = position(["n12"], ["n11", "m11", "m12"])
    assert state.outcome == Outcome(WHITE, "crossing")


def test_threefold_repetition_draws_counting_the_start_as_first_occurrence() -> None:
    state = EpaminondasState.initial()
    cycle = ["a2-a3", "a11-a10", "a3-a2", "a10-a11"]
    for text in cycle:
        state = state.play(text)
    assert state.key == EpaminondasState.initial().key and state.outcome is None  # second time
    for text in cycle[:3]:
        state = state.play(text)
        assert state.outcome is None
    state = state.play(cycle[3])
    assert state.outcome == Outcome(None, "repetition")
    assert state.legal_moves() == []
    assert refused_over(state, "b2-b3")


def test_repetition_needs_the_same_player_to_move_and_stops_at_a_capture() -> None:
    # White walks a triangle (3 moves), Black steps back and forth (2 moves): the starting
    # board comes back after 5 plies with Black to move, which does not count, and after 12
    # and 24 plies with White to move: the draw comes at ply 24, not at ply 12.
    state = position(["a1"], ["n12"])
    white_cycle = ["a1-a2", "a2-b1", "b1-a1"]
    black_cycle = ["n12-n11", "n11-n12"]
    start_board = state.bitboards
    for ply in range(24):
        assert state.outcome is None, ply
        if ply in (5, 12):
            assert state.bitboards == start_board
        text = white_cycle[ply // 2 % 3] if ply % 2 == 0 else black_cycle[ply // 2 % 2]
        state = state.play(text)
    assert state.bitboards == start_board and state.to_move == WHITE
    assert state.outcome == Outcome(None, "repetition")
    # after a capture the count starts again
    start = position(["a1", "c5", "c6"], ["c7", "n12"])
    captured = start.play("c5-c6")
    assert captured.count(BLACK) == 1
    state = captured
    for text in ["n12-n11", "a1-a2", "n11-n12", "a2-a1"] * 2:
        assert state.outcome is None
        state = state.play(text)
    assert state.outcome == Outcome(None, "repetition")


# --- notation and bad input -----------------------------------------------------------------
def test_notation_round_trips() -> None:
    state = position(["c2", "c3", "c4", "h5", "i6"], ["c6", "j7", "k8", "b12"])
    for m in state.legal_moves():
        text = str(m)
        assert re.fullmatch(r"[a-n](1[0-2]|[1-9])-[a-n](1[0-2]|[1-9])", text)
        assert text == f"{m.frm}-{m.to}" and m.path == (m.frm, m.to)
        assert state.play(text).key == state.play(m).key
        assert state.play(f"  {text} ").key == state.play(m).key


def test_bad_input_messages() -> None:
    state = EpaminondasState.initial()
    assert refused(state, "c3-c5") == "c3-c5: c3 holds no piece of yours"
    assert refused(state, "c11-c10") == "c11-c10: c11 holds no piece of yours"
    assert refused(state, "c2-c2") == "c2-c2: a move must take the phalanx to another square"
    assert refused(state, "c2-d4") == "c2-d4: d4 is not on a row, column or diagonal through c2"
    assert refused(state, "c2-c1") == "c2-c1: the head (c1) would leave the board"
    assert refused(state, "c2-d2") == "c2-d2: the head (n2) would leave the board"
    assert refused(state, "z9-z8") == (
        "z9-z8: z9 is not a square of the board (files a..n, ranks 1..12)"
    )
    assert "c13 is not a square" in refused(state, "c12-c13")
    for text in ["", "nonsense", "C2-C3", "c2c3", "c2-c3-c4", "c2 - c3"]:
        assert "not a move: write TAIL-TO" in refused(state, text)
    assert refused(state, "").startswith("(empty): ")
    with pytest.raises(IllegalMove, match="a move is a Move or a notation string"):
        state.play(42)  # type: ignore[arg-type]


def test_a_move_object_from_another_position_is_judged_here() -> None:
    start = EpaminondasState.initial()
    step = move(start, "a2-a3")
    elsewhere = start.play("b1-b3").play("a11-a10")
    assert squares(elsewhere.play(step), WHITE) >= {"a3"}
    # a move that is not legal here is refused even as a Move object
    blocked = position(["a2"], ["a3", "k12"])
    with pytest.raises(IllegalMove, match="^a2-a3: capture refused: a lone piece never captures"):
        blocked.play(step)
    # the same notation with another phalanx size here is this position's move
    column = position(["a1", "a2"], ["k12"])
    assert move(column, "a1-a2").size == 2 and step.size == 1
    lone_move = move(position(["a1"], ["k12"]), "a1-a2")
    assert squares(column.play(lone_move), WHITE) == {"a2", "a3"}


def test_from_position_refuses_bad_squares() -> None:
    with pytest.raises(IllegalMove, match="'o5' is not a square"):
        position(["o5"], [])
    with pytest.raises(IllegalMove, match="c3 is listed for both colours"):
        position(["c3"], ["c3"])
    with pytest.raises(IllegalMove, match="c3 is listed twice for white"):
        position(["c3", "c3"], [])
    with pytest.raises(IllegalMove, match="to_move 'red'"):
        position([], [], to_move="red")
    with pytest.raises(IllegalMove, match="give a list of squares"):
        EpaminondasState.from_position(white="c3")


def test_accessors_and_bitboards_agree() -> None:
    state = position(["a1", "c3", "n12", "m12"], ["b12", "a5", "n1"])
    white, black = state.bitboards
    assert white == sum(1 << SQUARE_INDEX[s] for s in ["a1", "c3", "n12", "m12"])
    assert black == sum(1 << SQUARE_INDEX[s] for s in ["b12", "a5", "n1"])
    assert state.key == (white, black, 0) and state.side == 0
    assert state.crossing_count(WHITE) == 2 and state.crossing_count(BLACK) == 1
    assert state.count(WHITE) == 4 and state.count(BLACK) == 3
    assert SQUARE_NAMES[0] == "a1" and SQUARE_NAMES[13] == "n1" and SQUARE_NAMES[167] == "n12"
    with pytest.raises(ValueError, match="'p1' is not a square"):
        state.at("p1")


# --- saved games ----------------------------------------------------------------------------
def test_save_and_load() -> None:
    rng = random.Random(11)
    state = new_game("epaminondas")
    for _ in range(40):
        state = state.play(rng.choice(state.legal_moves()))
    text = dump_game(state)
    visit = spec("epaminondas").visit_moves
    assert text.splitlines()[1:3] == ["game epaminondas", f"visit {visit}"]
    assert len(text.splitlines()) == 43
    again = load_game(text)
    assert again.key == state.key and again.actions() == state.actions()
    assert again.visit == state.visit == visit and again.turns == state.turns == 40
    bad = text.splitlines()
    bad[5] = "c3-c9"
    with pytest.raises(IllegalMove, match=r"^line 6: c3-c9: "):
        load_game("\n".join(bad))


# --- random games ---------------------------------------------------------------------------
def random_states(seed: int, plies: int) -> list[EpaminondasState]:
    rng = random.Random(seed)
    state = EpaminondasState.initial()
    states = [state]
    while state.outcome is None and len(states) <= plies:
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    return states


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), plies=st.integers(0, 100))
def test_random_games_keep_every_rule(seed: int, plies: int) -> None:
    states = random_states(seed, plies)
    for before, after in zip(states, states[1:], strict=False):
        key = before.key
        legal = before.legal_moves()
        expected = reference_moves(before)
        assert {str(m) for m in legal} == set(expected)
        assert len(legal) == len(expected)
        for m in legal:
            assert (frozenset(m.phalanx), frozenset(m.captured)) == expected[str(m)]
        played = after.parent
        assert played is before
        m = move(before, after.action or "")
        mover, other = before.to_move, after.to_move
        assert after.count(mover) == before.count(mover)
        assert after.count(other) == before.count(other) - len(m.captured)
        assert before.play(str(m)).key == after.key  # notation round-trips
        assert before.key == key  # playing never changes the old state
    last = states[-1]
    if last.outcome is not None:
        assert last.legal_moves() == []


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_every_legal_move_is_playable_and_leaves_the_state_alone(seed: int) -> None:
    state = random_states(seed, random.Random(seed).randint(0, 120))[-1]
    key = state.key
    for m in state.legal_moves():
        after = state.play(m)
        assert after.parent is state and after.action == str(m)
        white, black = after.bitboards
        assert not white & black
        assert after.count(state.to_move) == state.count(state.to_move)
    assert state.key == key


def test_whole_random_games_end_properly() -> None:
    for seed in range(3):
        states = random_states(seed, 10_000)
        last = states[-1]
        assert last.outcome is not None
        assert last.legal_moves() == []
        assert last.outcome.reason in {"crossing", "no-pieces", "no-moves", "repetition"}
        for state in states[:-1]:
            assert state.outcome is None


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_every_refusal_says_which_rule_is_broken(seed: int) -> None:
    rng = random.Random(seed)
    state = random_states(seed, rng.randint(0, 80))[-1]
    if state.outcome is not None:
        return
    legal = {str(m) for m in state.legal_moves()}
    own = [p.square for p in state.pieces() if p.colour == state.to_move]
    for _ in range(60):
        text = f"{rng.choice(own)}-{rng.choice(SQUARE_NAMES)}"
        if text in legal:
            assert state.play(text).action == text
            continue
        with pytest.raises(IllegalMove) as info:
            state.play(text)
        assert "not a legal move here" not in str(info.value), str(info.value)


def test_moves_stay_right_when_the_line_cache_is_cleared(monkeypatch: pytest.MonkeyPatch) -> None:
    from ludique.games.epaminondas import rules as epaminondas

    monkeypatch.setattr(epaminondas, "_LINE_CACHE_LIMIT", 40)
    for state in random_states(5, 120):
        assert {str(m) for m in state.legal_moves()} == set(reference_moves(state))
    assert len(epaminondas._LINE_CACHE) <= 40
