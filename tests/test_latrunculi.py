"""Ludus latrunculorum (rules.md section 3): hand-worked positions for every rule and decision,
plus property tests over random games of the four variants."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludique.games import IllegalMove, dump_game, load_game, new_game
from ludique.games.base import (
    REASON_FIFTY_TURNS,
    REASON_NO_MOVES,
    REASON_ONE_PIECE,
    REASON_ONLY_DUX,
    REASON_REPETITION,
    Piece,
)
from ludique.games.latrunculi.rules import (
    BLUE_INCITUS,
    MOVE,
    PLACE,
    REMOVE,
    SQUARE_INDEX,
    DuxState,
    LatrunculiState,
    PetteiaState,
    PisoState,
    SenecaState,
    _derived,
)

VARIANTS = ("latrunculi-seneca", "latrunculi-piso", "latrunculi-petteia", "latrunculi-dux")
# Far-away pieces so that no side is down to one piece in a hand-worked position.
FAR_BLUE = ["a1", "b1"]
FAR_WHITE = ["g8", "h8"]


def texts(state: LatrunculiState, origin: str | None = None) -> set[str]:
    moves = {str(m) for m in state.legal_moves()}
    if origin is not None:
        moves = {m for m in moves if m.startswith(origin + "-")}
    return moves


def kind_at(state: LatrunculiState, square: str) -> tuple[str, str] | None:
    piece = state.at(square)
    return None if piece is None else (piece.colour, piece.kind)


# --- moving ------------------------------------------------------------------------------------
def test_a_step_goes_to_any_empty_orthogonal_neighbour() -> None:
    state = PisoState.from_position(["d4", *FAR_BLUE], ["d5", *FAR_WHITE])
    assert texts(state, "d4") == {"d4-e4", "d4-d3", "d4-c4"}  # d5 is occupied
    after = state.play("d4-d3")
    assert kind_at(after, "d3") == ("blue", "man") and after.at("d4") is None
    assert after.to_move == "white"


def test_jump_chains_turn_and_may_stop_after_any_jump() -> None:
    state = SenecaState.from_position(["c3", "c4", "d5", "e6", *FAR_BLUE], FAR_WHITE)
    chains = {m for m in texts(state, "c3") if m.count("-") >= 1 and m != "c3-d3"}
    # c3 jumps c4 to c5, turns to jump d5 to e5, turns again to jump e6 to e7
    assert {"c3-c5", "c3-c5-e5", "c3-c5-e5-e7"} <= chains
    after = state.play("c3-c5-e5")
    assert kind_at(after, "e5") == ("blue", "man") and after.at("c3") is None
    move = next(m for m in state.legal_moves() if str(m) == "c3-c5-e5-e7")
    assert move.path == ("c3", "c5", "e5", "e7") and (move.frm, move.to) == ("c3", "e7")


def test_a_chain_never_lands_twice_on_a_square_its_start_included() -> None:
    # c3 can go round the ring c5, e5, e3 but may not come back to c3
    state = PisoState.from_position(["c3", "c4", "d5", "e4", "d3", *FAR_BLUE], FAR_WHITE)
    moves = texts(state, "c3")
    assert "c3-c5-e5-e3" in moves and "c3-e3-e5-c5" in moves
    assert not any(m.endswith("-c3") for m in moves)
    with pytest.raises(IllegalMove, match="^c3-c5-e5-e3-c3: c3 is landed on twice"):
        state.play("c3-c5-e5-e3-c3")
    # Jumping one piece again needs the square beside it a second time: refused the same way.
    with pytest.raises(IllegalMove, match="^c3-c5-c3: c3 is landed on twice"):
        state.play("c3-c5-c3")


def test_chains_jump_over_own_inciti_but_never_over_enemies_or_empty_squares() -> None:
    state = SenecaState.from_position(
        ["c3", "c4", "h1", "a1"], ["b4", "d4", "c6", *FAR_WHITE], inciti={"c4": ("b4", "d4")}
    )
    assert "c3-c5" in texts(state, "c3")  # over the incitus c4
    after = state.play("c3-c5")
    assert after.pending_removal  # Blue had an incitus at the start of the turn
    assert "c5-c7" not in texts(after.play("xc4").play("g8-g7"))  # c6 is White's
    with pytest.raises(IllegalMove, match="^h1-h3: h2 holds no piece of yours to jump over"):
        state.play("h1-h3")


def test_petteia_slides_any_distance_through_empty_squares_only() -> None:
    state = PetteiaState.initial()
    assert texts(state, "d2") == {"d2-d3", "d2-d4", "d2-d5", "d2-d6"}
    assert texts(state, "d1") == set()
    move = next(m for m in state.legal_moves() if str(m) == "d2-d5")
    assert move.path == ("d2", "d3", "d4", "d5")
    with pytest.raises(IllegalMove, match=r"^d1-d3: d2 is not empty, pieces slide only"):
        state.play("d1-d3")
    with pytest.raises(IllegalMove, match="no jump chains"):
        state.play("d2-d4-f4")


def test_the_starting_positions() -> None:
    petteia = PetteiaState.initial()
    assert petteia.count("blue") == petteia.count("white") == 16
    assert {p.square for p in petteia.pieces() if p.colour == "blue"} == {
        f"{f}{r}" for f in "abcdefgh" for r in (1, 2)
    }
    dux = DuxState.initial()
    assert kind_at(dux, "e2") == ("blue", "dux") and kind_at(dux, "d7") == ("white", "dux")
    assert dux.count("blue") == dux.count("white") == 9
    assert all(kind_at(dux, f"{f}1") == ("blue", "man") for f in "abcdefgh")
    assert all(kind_at(dux, f"{f}8") == ("white", "man") for f in "abcdefgh")
    for state in (SenecaState.initial(), PisoState.initial()):
        assert state.pieces() == [] and state.phase == "placement"
        assert state.in_reserve("blue") == state.in_reserve("white") == 16


# --- capturing ---------------------------------------------------------------------------------
def test_custodian_capture_can_take_two_pieces_in_one_move() -> None:
    state = PisoState.from_position(["d3", "d6", "f4", *FAR_BLUE], ["d5", "e4", *FAR_WHITE])
    move = next(m for m in state.legal_moves() if str(m) == "d3-d4")
    assert set(move.captures) == {"d5", "e4"}
    after = state.play(move)
    assert after.at("d5") is None and after.at("e4") is None
    assert after.count("white") == 2 and after.quiet == 0


def test_corner_capture_with_the_two_pieces_of_the_l() -> None:
    state = PisoState.from_position(["a3", "b1", "h1"], ["a1", *FAR_WHITE])
    after = state.play("a3-a2")
    assert after.at("a1") is None and after.last_move.captures == ("a1",)
    seneca = SenecaState.from_position(["a3", "b1", "h1"], ["a1", *FAR_WHITE]).play("a3-a2")
    assert kind_at(seneca, "a1") == ("white", "incitus")
    assert set(seneca.blockers("a1")) == {"a2", "b1"}


def test_stepping_between_two_enemies_is_safe() -> None:
    state = PisoState.from_position(["d3", *FAR_BLUE], ["c4", "e4", *FAR_WHITE])
    after = state.play("d3-d4")
    assert kind_at(after, "d4") == ("blue", "man") and after.count("blue") == 3
    # nor is it taken later by the two pieces standing still: only a moved piece captures
    later = after.play("g8-g7")
    assert kind_at(later, "d4") == ("blue", "man")


def test_the_edge_never_captures() -> None:
    state = PisoState.from_position(["b3", "a3", "h1"], ["a4", "a1", *FAR_WHITE])
    after = state.play("b3-b4")  # a4 lies between b4 and the edge
    assert kind_at(after, "a4") == ("white", "man")
    # a corner piece is only taken by the L: a2 alone with b1 empty takes nothing
    after = state.play("a3-a2")
    assert kind_at(after, "a1") == ("white", "man") and after.last_move.captures == ()


def test_only_the_moved_piece_captures() -> None:
    # White moves into d5 between blue d4 and d6: nothing happens to White's piece
    state = PisoState.from_position(["d4", "d6", *FAR_BLUE], ["e5", *FAR_WHITE], to_move="white")
    after = state.play("e5-d5")
    assert kind_at(after, "d5") == ("white", "man")


# --- inciti (Seneca) ---------------------------------------------------------------------------
def seneca_with_incitus(**kwargs: object) -> SenecaState:
    """Blue incitus on c4 blocked by White's b4 and d4; Blue also has d6, d2 and h1."""
    return SenecaState.from_position(
        ["c4", "d6", "d2", "h1"],
        ["b4", "d4", *FAR_WHITE],
        inciti={"c4": ("b4", "d4")},
        **kwargs,  # type: ignore[arg-type]
    )


def test_a_captured_piece_becomes_an_incitus_with_its_two_captors_as_blockers() -> None:
    state = SenecaState.from_position(["d3", "d6", *FAR_BLUE], ["d5", *FAR_WHITE])
    after = state.play("d3-d4")
    assert kind_at(after, "d5") == ("white", "incitus")
    assert set(after.blockers("d5")) == {"d4", "d6"}
    assert after.count("white") == 3, "an incitus still counts as a piece on the board"
    assert after.board[SQUARE_INDEX["d5"]] == 10
    assert Piece("d5", "white", "incitus") in after.pieces()


def test_an_incitus_cannot_move() -> None:
    state = seneca_with_incitus()
    assert texts(state, "c4") == set()
    with pytest.raises(IllegalMove, match="^c4-c5: the piece on c4 is an incitus and cannot move"):
        state.play("c4-c5")


def test_an_incitus_does_not_capture() -> None:
    # Blue b2 steps to c2 next to White's c3; beyond c3 stands Blue's incitus c4: no capture
    state = SenecaState.from_position(
        ["c4", "b2", "h1", "a1"], ["b4", "d4", "c3", *FAR_WHITE], inciti={"c4": ("b4", "d4")}
    )
    after = state.play("b2-c2")
    assert kind_at(after, "c3") == ("white", "man") and after.last_move.captures == ()
    # the same position with an active piece on c4 captures
    active = SenecaState.from_position(["c4", "b2", "h1", "a1"], ["b4", "d4", "c3", *FAR_WHITE])
    assert kind_at(active.play("b2-c2"), "c3") == ("white", "incitus")


def test_an_incitus_cannot_be_captured_again() -> None:
    state = SenecaState.from_position(
        ["d3", "d6", "c5", "e5", "a1"], ["d5", *FAR_WHITE], inciti={"d5": ("c5", "e5")}
    )
    after = state.play("d3-d4")  # d5 lies between d4 and d6, but it is an incitus already
    assert after.last_move.captures == ()
    assert kind_at(after, "d5") == ("white", "incitus")
    assert set(after.blockers("d5")) == {"c5", "e5"}


def test_blockers_are_tracked_and_capturing_one_wherever_it_stands_frees_the_incitus() -> None:
    state = SenecaState.from_position(
        ["c4", "d6", "e4", "h1"],
        ["b4", "d4", *FAR_WHITE],
        inciti={"c4": ("b4", "d4")},
        to_move="white",
    )
    state = state.play("d4-d5")  # the blocker moves away: nothing is freed
    assert kind_at(state, "c4") == ("blue", "incitus")
    assert state.blockers("c4") == ("b4", "d5")
    assert state.to_move == "blue" and not state.pending_removal  # White had no inciti
    # Blue captures the blocker where it now stands (d5, between d4 and d6): c4 is freed at
    # once, the blocker becomes an incitus held by d4 and d6, and Blue owes no removal
    after = state.play("e4-d4")
    assert after.last_move.captures == ("d5",)
    assert kind_at(after, "c4") == ("blue", "man") and after.freed == ("c4",)
    assert kind_at(after, "d5") == ("white", "incitus")
    assert set(after.blockers("d5")) == {"d4", "d6"}
    assert after.blockers("c4") is None
    assert not after.pending_removal and after.to_move == "white"
    white = after.play("g8-g7")  # White now owes the removal of his own incitus
    assert texts(white) == {"xd5"}
    assert "c4-c5" in texts(white.play("xd5"), "c4"), "the freed piece moves again"


def test_a_blocker_moving_away_frees_nothing_and_a_quiet_move_then_owes_a_removal() -> None:
    state = SenecaState.from_position(
        ["c4", "d6", "e4", "h1"],
        ["b4", "d4", *FAR_WHITE],
        inciti={"c4": ("b4", "d4")},
        to_move="white",
    )
    state = state.play("b4-a4").play("h1-h2")
    assert kind_at(state, "c4") == ("blue", "incitus") and state.pending_removal
    assert state.blockers("c4") == ("a4", "d4")


def test_a_freed_incitus_does_not_help_capture_in_the_same_move() -> None:
    # Blue's incitus d6 is blocked by White's e4 and c6.  Blue d3-d4 captures e4 (with f4),
    # which frees d6; White's d5 lies between d4 and d6, but d6 was an incitus when the piece
    # landed, so d5 stays.
    state = SenecaState.from_position(
        ["d6", "d3", "f4", "a1"], ["e4", "c6", "d5", *FAR_WHITE], inciti={"d6": ("e4", "c6")}
    )
    after = state.play("d3-d4")
    assert after.last_move.captures == ("e4",)
    assert after.freed == ("d6",) and kind_at(after, "d6") == ("blue", "man")
    assert kind_at(after, "d5") == ("white", "man")


def test_both_blockers_captured_by_one_move_free_the_incitus_once() -> None:
    state = SenecaState.from_position(
        ["a8", "d3", "b4", "f4", "h1"], ["c4", "e4", *FAR_WHITE], inciti={"a8": ("c4", "e4")}
    )
    after = state.play("d3-d4")
    assert set(after.last_move.captures) == {"c4", "e4"} and after.freed == ("a8",)
    assert set(after.blockers("c4")) == {"d4", "b4"} and set(after.blockers("e4")) == {"d4", "f4"}


def test_removal_is_compulsory_and_the_player_chooses_which_incitus() -> None:
    state = SenecaState.from_position(
        ["c4", "g4", "d2", "h1"],
        ["b4", "d4", "f4", "h4", *FAR_WHITE],
        inciti={"c4": ("b4", "d4"), "g4": ("f4", "h4")},
        quiet=7,
    )
    after = state.play("d2-d1")
    assert after.pending_removal and after.to_move == "blue"
    assert texts(after) == {"xc4", "xg4"}
    assert after.outcome is None
    with pytest.raises(IllegalMove, match="^h1-h2: you must first remove one of your inciti"):
        after.play("h1-h2")
    with pytest.raises(IllegalMove, match="^xd4: d4 is not one of your inciti"):
        after.play("xd4")
    removed = after.play("xg4")
    assert removed.at("g4") is None and kind_at(removed, "c4") == ("blue", "incitus")
    assert removed.to_move == "white" and not removed.pending_removal
    assert removed.count("blue") == 3 and removed.quiet == 0
    move = after.legal_moves()[0]
    assert move.frm in ("c4", "g4") and move.to is None and move.captures == ()


def test_no_removal_without_inciti_at_the_start_of_the_turn() -> None:
    state = SenecaState.from_position(["d3", "d6", *FAR_BLUE], ["d5", *FAR_WHITE])
    after = state.play("d3-d4")  # White's piece becomes an incitus; Blue had none
    assert not after.pending_removal and after.to_move == "white"
    with pytest.raises(IllegalMove, match="^xd5: no removal is due now"):
        after.play("xd5")
    white = after.play("g8-g7")  # White had an incitus at the start: he must now remove it
    assert white.pending_removal and texts(white) == {"xd5"}


# --- the dux -----------------------------------------------------------------------------------
def test_the_dux_is_never_captured() -> None:
    state = DuxState.from_position(
        ["d1", "d6", *FAR_BLUE], FAR_WHITE, dux={"white": "d5", "blue": "h1"}
    )
    after = state.play("d1-d4")
    assert kind_at(after, "d5") == ("white", "dux") and after.last_move.captures == ()


def test_the_dux_captures_as_a_mover_and_as_the_piece_beyond() -> None:
    state = DuxState.from_position(["d1", "a1"], ["d5", "c3", *FAR_WHITE], dux={"blue": "d6"})
    assert texts(state, "d1") >= {"d1-d4"}
    after = state.play("d1-d4")  # the dux on d6 holds the other side
    assert after.at("d5") is None
    state = DuxState.from_position(["d6", "a1", "b1"], ["d5", *FAR_WHITE], dux={"blue": "d1"})
    after = state.play("d1-d4")  # the dux itself moves in
    assert after.at("d5") is None and kind_at(after, "d4") == ("blue", "dux")


# --- the end -----------------------------------------------------------------------------------
def test_one_piece_left_loses() -> None:
    state = PisoState.from_position(["d3", "d6", "a1"], ["d5", "h8"])
    after = state.play("d3-d4")
    assert after.outcome is not None
    assert (after.outcome.winner, after.outcome.reason) == ("blue", REASON_ONE_PIECE)
    assert after.legal_moves() == []
    with pytest.raises(IllegalMove, match="the game is over"):
        after.play("h8-h7")


def test_inciti_count_until_removed() -> None:
    state = SenecaState.from_position(["d3", "d6", "a1"], ["d5", "h8"])
    after = state.play("d3-d4")
    assert after.outcome is None and after.count("white") == 2
    after = after.play("h8-h7")
    assert after.pending_removal and after.outcome is None
    done = after.play("xd5")
    assert (done.outcome.winner, done.outcome.reason) == ("blue", REASON_ONE_PIECE)


def test_only_the_dux_left_loses() -> None:
    state = DuxState.from_position(["d1", "d6", "a1"], ["d5"], dux={"white": "h8", "blue": "b1"})
    after = state.play("d1-d4")
    assert (after.outcome.winner, after.outcome.reason) == ("blue", REASON_ONLY_DUX)


@pytest.mark.parametrize("cls", [SenecaState, PisoState, PetteiaState, DuxState])
def test_a_player_who_cannot_move_loses(cls: type[LatrunculiState]) -> None:
    state = cls.from_position(["a1", "b1"], ["a2", "b2", "c1", "h8"])
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason) == ("white", REASON_NO_MOVES)
    assert state.legal_moves() == []


def test_inciti_to_remove_do_not_count_as_a_move() -> None:
    # Blue's only active pieces are walled in; the incitus c4 cannot be removed instead
    state = SenecaState.from_position(
        ["a1", "b1", "c4"], ["a2", "b2", "c1", "b4", "d4", "h8"], inciti={"c4": ("b4", "d4")}
    )
    assert (state.outcome.winner, state.outcome.reason) == ("white", REASON_NO_MOVES)


def test_threefold_repetition_draws() -> None:
    state = PetteiaState.from_position(["a1", "c1"], ["h8", "f8"])
    shuffle = ["a1-a2", "h8-h7", "a2-a1", "h7-h8"]
    for move in shuffle:
        state = state.play(move)
    assert state.outcome is None, "second occurrence"
    for move in shuffle[:3]:
        state = state.play(move)
    assert state.outcome is None
    state = state.play(shuffle[3])
    assert (state.outcome.winner, state.outcome.reason) == (None, REASON_REPETITION)


@pytest.mark.parametrize(
    ("blue", "white", "winner"),
    [(["a1", "c1", "e1"], ["h8", "f8"], "blue"), (["a1", "c1"], ["h8", "f8"], None)],
)
def test_fifty_quiet_battle_turns_end_the_game(
    blue: list[str], white: list[str], winner: str | None
) -> None:
    state = PetteiaState.from_position(blue, white, quiet=48)
    state = state.play("a1-a2")
    assert state.outcome is None and state.quiet == 49
    state = state.play("h8-h7")
    assert state.quiet == 50
    assert (state.outcome.winner, state.outcome.reason) == (winner, REASON_FIFTY_TURNS)


def test_a_capture_resets_the_fifty_turn_count() -> None:
    state = PisoState.from_position(["d3", "d6", "a1"], ["d5", "h8", "g8"], quiet=49)
    after = state.play("d3-d4")
    assert after.quiet == 0 and after.outcome is None


def test_the_quiet_count_runs_over_battle_turns_only_and_removals_reset_it() -> None:
    state = SenecaState.initial()
    rng = random.Random(2)
    while state.phase == "placement":
        state = state.play(rng.choice(state.legal_moves()))
        assert state.quiet == 0
    state = PetteiaState.from_position(["a1", "c1"], ["h8", "f8"])
    for move in ["a1-a3", "h8-h6", "a3-a5", "h6-h4"]:
        state = state.play(move)
    assert state.quiet == 4
    state = SenecaState.from_position(
        ["c4", "d2", "h1"], ["b4", "d4", *FAR_WHITE], inciti={"c4": ("b4", "d4")}, quiet=30
    )
    state = state.play("d2-d1")
    assert state.quiet == 31 and state.pending_removal
    assert state.play("xc4").quiet == 0


# --- placement ---------------------------------------------------------------------------------
def test_placement_blue_first_alternating_thirty_two_then_battle_with_blue() -> None:
    state = SenecaState.initial()
    assert state.to_move == "blue" and len(state.legal_moves()) == 64
    assert all(str(m).startswith("@") for m in state.legal_moves())
    squares = [f"{f}{r}" for r in (1, 2, 7, 8) for f in "abcdefgh"]
    blue, white = squares[:16], squares[16:]
    for i in range(16):
        assert state.to_move == "blue" and state.phase == "placement"
        state = state.play("@" + blue[i])
        assert state.to_move == "white"
        state = state.play("@" + white[i])
        assert state.in_reserve("blue") == state.in_reserve("white") == 15 - i
    assert state.phase == "battle" and state.to_move == "blue"
    assert state.count("blue") == state.count("white") == 16
    assert not any(str(m).startswith("@") for m in state.legal_moves())
    with pytest.raises(IllegalMove, match="^@d4: all pieces are placed"):
        state.play("@d4")


def test_nothing_is_captured_while_placing() -> None:
    state = PisoState.initial()
    for square in ["d6", "d5", "d4"]:  # Blue d6, White d5, Blue d4: a capture in battle
        state = state.play("@" + square)
    assert kind_at(state, "d5") == ("white", "man")
    move = state.parent.legal_moves()[0]
    assert move.frm is None and move.to == move.path[0] and move.captures == ()
    with pytest.raises(IllegalMove, match="^@d5: d5 is occupied"):
        state.play("@d5")
    with pytest.raises(IllegalMove, match="^d4-d3: pieces are still being placed"):
        state.play("d4-d3")
    assert state.outcome is None, "one piece or fewer is no loss while placing"


# --- notation and bad input --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("state", "text", "message"),
    [
        (
            SenecaState.from_position(["c3", "a1"], ["h8", "g8"]),
            "c3-c5",
            "c4 holds no piece of yours to jump over",
        ),
        (
            PetteiaState.initial(),
            "d1-d3",
            "d2 is not empty, pieces slide only through empty squares",
        ),
        (SenecaState.initial().play("@c3"), "@c3", "c3 is occupied"),
        (
            SenecaState.from_position(["c3", "a1"], ["h8", "g8"]),
            "c3-d4",
            "moves are orthogonal only",
        ),
        (seneca_with_incitus(), "xd4", "d4 is not one of your inciti"),
        (seneca_with_incitus(), "xc4", "no removal is due now"),
        (PetteiaState.initial(), "@c3", "has no placement phase"),
        (PetteiaState.initial(), "xc3", "has no inciti"),
        (PetteiaState.initial(), "c4-c5", "c4 holds no piece"),
        (PetteiaState.initial(), "c7-c6", "c7 holds a white piece; blue is to move"),
        (PetteiaState.initial(), "c2-c2", "does not leave its square"),
        (PetteiaState.initial(), "c2-z9", "'z9' is not a square"),
        (PetteiaState.initial(), "hello", "not Latrunculi notation"),
        (PetteiaState.initial(), "", "not Latrunculi notation"),
        (SenecaState.from_position(["c3", "c4", "a1"], ["c5", "h8"]), "c3-c5", "c5 is not empty"),
        (SenecaState.from_position(["c3", "a1"], ["h8", "g8"]), "c3-c6", "neither a step"),
        (
            SenecaState.from_position(["c3", "c4", "a1"], ["h8", "g8"]),
            "c4-c5-c7",
            "jumps only; c4-c5 is a step",
        ),
    ],
)
def test_bad_input_names_what_is_wrong_and_leaves_the_state_alone(
    state: LatrunculiState, text: str, message: str
) -> None:
    key, moves = state.key, texts(state)
    with pytest.raises(IllegalMove) as info:
        state.play(text)
    assert str(info.value) == f"{text or '(empty)'}: {message}" or message in str(info.value)
    assert str(info.value).startswith(f"{text or '(empty)'}: ")
    assert state.key == key and texts(state) == moves


def test_the_brief_messages_exactly() -> None:
    cases = [
        (
            SenecaState.from_position(["c3", "a1"], ["h8", "g8"]),
            "c3-c5",
            "c3-c5: c4 holds no piece of yours to jump over",
        ),
        (
            PetteiaState.initial(),
            "d1-d3",
            "d1-d3: d2 is not empty, pieces slide only through empty squares",
        ),
        (SenecaState.initial().play("@c3"), "@c3", "@c3: c3 is occupied"),
        (
            PetteiaState.from_position(["c3", "a1"], ["h8", "g8"]),
            "c3-d4",
            "c3-d4: moves are orthogonal only",
        ),
        (seneca_with_incitus(), "xd4", "xd4: d4 is not one of your inciti"),
    ]
    for state, text, message in cases:
        with pytest.raises(IllegalMove) as info:
            state.play(text)
        assert str(info.value) == message


def test_from_position_refuses_inconsistent_positions() -> None:
    with pytest.raises(IllegalMove, match="c3 is listed twice"):
        PisoState.from_position(["c3"], ["c3"])
    with pytest.raises(IllegalMove, match="has no dux"):
        PisoState.from_position(["c3"], ["d3"], dux={"blue": "e1"})
    with pytest.raises(IllegalMove, match="has no inciti"):
        PisoState.from_position(["c3"], ["d3", "b3"], inciti={"c3": ("b3", "d3")})
    with pytest.raises(IllegalMove, match="must be a distinct enemy piece"):
        SenecaState.from_position(["c3", "b3"], ["d3"], inciti={"c3": ("b3", "d3")})
    with pytest.raises(IllegalMove, match="'k9' is not a square"):
        SenecaState.from_position(["k9"], [])


def test_notation_round_trips_and_save_load_replays() -> None:
    rng = random.Random(11)
    for game_id in VARIANTS:
        state = new_game(game_id)
        for _ in range(90):
            if state.outcome is not None:
                break
            moves = state.legal_moves()
            for move in moves[:12]:
                assert state.play(str(move)).key == state.play(move).key
            state = state.play(rng.choice(moves))
        again = load_game(dump_game(state))
        assert again.key == state.key and again.actions() == state.actions()


def test_a_saved_seneca_game_with_removals_replays() -> None:
    rng = random.Random(3)
    for seed in range(40):
        rng.seed(seed)
        state = new_game("latrunculi-seneca")
        while state.outcome is None and not any(a.startswith("x") for a in state.actions()):
            state = state.play(rng.choice(state.legal_moves()))
        if any(a.startswith("x") for a in state.actions()):
            break
    assert any(a.startswith("x") for a in state.actions())
    again = load_game(dump_game(state))
    assert again.key == state.key and again.inciti == state.inciti


# --- properties over random games --------------------------------------------------------------
def _counts_from_board(state: LatrunculiState) -> tuple[int, int]:
    return (sum(1 for v in state.board if v & 3 == 1), sum(1 for v in state.board if v & 3 == 2))


@settings(max_examples=12, deadline=None)
@given(game_id=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6))
def test_random_games_keep_every_invariant(game_id: str, seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(game_id)
    for _ in range(160):
        if state.outcome is not None:
            assert state.legal_moves() == []
            break
        moves = state.legal_moves()
        assert moves, "a game that is not over has a legal move"
        assert len({str(m) for m in moves}) == len(moves)
        key = state.key
        move = rng.choice(moves)
        after = state.play(move)
        assert state.key == key, "play never changes the old state"
        assert after.parent is state and after.action == str(move)
        assert state.play(str(move)).key == after.key
        blue, white = _counts_from_board(after)
        assert (after.count("blue"), after.count("white")) == (blue, white)
        mover = state.to_move
        other = "white" if mover == "blue" else "blue"
        if str(move).startswith("@"):
            assert after.count(mover) == state.count(mover) + 1
        elif str(move).startswith("x"):
            assert after.count(mover) == state.count(mover) - 1
            assert after.count(other) == state.count(other)
        else:
            assert after.count(mover) == state.count(mover)
            lost = state.count(other) - after.count(other)
            if game_id == "latrunculi-seneca":
                assert lost == 0  # captured pieces stay as inciti
                turned = sum(1 for sq in move.captures if after.at(sq).kind == "incitus")
                assert turned == len(move.captures)
            else:
                assert lost == len(move.captures)
        act, inert, dux, pos, zob = _derived(after.board)
        assert (after.act, after.inert, after.zob) == (act, inert, zob)
        assert after.dux == (dux if game_id == "latrunculi-dux" else 0)
        assert sorted(after.pos[1]) == pos[1] and sorted(after.pos[2]) == pos[2]
        for i, b1, b2 in after.inciti:
            assert after.board[i] & 8 and not after.board[b1] & 8 and not after.board[b2] & 8
            assert after.board[i] & 3 != after.board[b1] & 3 == after.board[b2] & 3
        state = after


def test_board_codes_are_the_documented_ones() -> None:
    state = SenecaState.from_position(["c4", "a1"], ["b4", "d4", "h8"], inciti={"c4": ("b4", "d4")})
    assert state.board[SQUARE_INDEX["c4"]] == BLUE_INCITUS
    assert state.board[SQUARE_INDEX["a1"]] == 1 and state.board[SQUARE_INDEX["b4"]] == 2
    dux = DuxState.initial()
    assert dux.board[SQUARE_INDEX["e2"]] == 5 and dux.board[SQUARE_INDEX["d7"]] == 6


# --- an independent, slow reference for moves and captures --------------------------------------
def _reference_moves(state: LatrunculiState) -> dict[str, set[str]]:
    """Every battle move of the player to move, by notation, with the squares it captures,
    computed square by square from rules.md without the engine's tables."""
    board = {(i % 8, i // 8): v for i, v in enumerate(state.board)}
    me = 1 if state.to_move == "blue" else 2
    opp = 3 - me

    def name(sq: tuple[int, int]) -> str:
        return "abcdefgh"[sq[0]] + str(sq[1] + 1)

    def captures(src: tuple[int, int], dst: tuple[int, int]) -> set[str]:
        after = dict(board)
        after[dst], after[src] = after[src], 0
        taken = set()
        for df, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            v, p = (dst[0] + df, dst[1] + dr), (dst[0] + 2 * df, dst[1] + 2 * dr)
            if p in after and after[v] == opp and after[p] in (me, me | 4):
                taken.add(name(v))
        for corner in ((0, 0), (7, 0), (0, 7), (7, 7)):
            around = [sq for sq in ((corner[0] + d, corner[1]) for d in (-1, 1)) if sq in after] + [
                sq for sq in ((corner[0], corner[1] + d) for d in (-1, 1)) if sq in after
            ]
            if dst in around and after[corner] == opp:
                (other,) = [sq for sq in around if sq != dst]
                if after[other] in (me, me | 4):
                    taken.add(name(corner))
        return taken

    out: dict[str, set[str]] = {}
    for src, code in board.items():
        if code not in (me, me | 4):
            continue
        for df, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            k = 1
            while (dst := (src[0] + k * df, src[1] + k * dr)) in board and board[dst] == 0:
                out[f"{name(src)}-{name(dst)}"] = captures(src, dst)
                if not state.SLIDES:
                    break
                k += 1
        if state.SLIDES:
            continue

        def chain(path: list[tuple[int, int]]) -> None:
            here = path[-1]
            for df, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                over, land = (here[0] + df, here[1] + dr), (here[0] + 2 * df, here[1] + 2 * dr)
                if land not in board or land in path or over == path[0]:
                    continue
                if board[over] & 3 == me and board[land] == 0:
                    out["-".join(name(sq) for sq in [*path, land])] = captures(path[0], land)
                    chain([*path, land])

        chain([src])
    return out


@settings(max_examples=5, deadline=None)
@given(game_id=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6))
def test_moves_and_captures_agree_with_a_slow_reference(game_id: str, seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(game_id)
    checked = 0
    for _ in range(150):
        if state.outcome is not None:
            break
        if state.phase == "battle" and not state.pending_removal:
            reference = _reference_moves(state)
            engine = {str(m): set(m.captures) for m in state.legal_moves()}
            assert engine == reference
            checked += 1
        state = state.play(rng.choice(state.legal_moves()))
    assert checked or state.outcome is not None


def test_a_chain_captures_on_its_last_landing_with_its_start_square_empty() -> None:
    # c5 jumps round to c3: White's c4 would be caught against c5, but c5 is where the chain
    # started, empty now; White's b3 is caught against Blue's a3.
    blue, white = ["c5", "d5", "e4", "d3", "a3", "h1"], ["c4", "b3", *FAR_WHITE]
    move = next(
        m for m in PisoState.from_position(blue, white).legal_moves() if str(m) == "c5-e5-e3-c3"
    )
    assert move.captures == ("b3",) and move.path == ("c5", "e5", "e3", "c3")
    after = SenecaState.from_position(blue, white).play("c5-e5-e3-c3")
    assert kind_at(after, "b3") == ("white", "incitus") and kind_at(after, "c4") == ("white", "man")
    assert set(after.blockers("b3")) == {"c3", "a3"}


def test_end_checks_one_piece_comes_before_no_moves() -> None:
    # after d3-d4 White has only a1 left, and it is walled in: the reason is one-piece
    state = PisoState.from_position(["a2", "b1", "d3", "d6"], ["a1", "d5"])
    after = state.play("d3-d4")
    assert (after.outcome.winner, after.outcome.reason) == ("blue", REASON_ONE_PIECE)


def test_end_checks_repetition_comes_before_the_fifty_turn_rule() -> None:
    state = PetteiaState.from_position(["a1", "c1", "e1"], ["h8", "f8"], quiet=42)
    for move in ["a1-a2", "h8-h7", "a2-a1", "h7-h8"] * 2:
        state = state.play(move)
    assert state.quiet == 50
    assert (state.outcome.winner, state.outcome.reason) == (None, REASON_REPETITION)


def test_a_due_removal_finishes_the_turn_before_the_fifty_turn_rule_is_judged() -> None:
    state = SenecaState.from_position(
        ["c4", "d2", "h1"], ["b4", "d4", *FAR_WHITE], inciti={"c4": ("b4", "d4")}, quiet=49
    )
    after = state.play("d2-d1")
    assert after.quiet == 50 and after.pending_removal and after.outcome is None
    removed = after.play("xc4")
    assert removed.quiet == 0 and removed.outcome is None


# --- an independent model of inciti with named pieces --------------------------------------------
class _PieceModel:
    """Seneca with every piece named: blockers are tracked by name, not by square."""

    def __init__(self) -> None:
        self.at: dict[int, tuple[int, int, bool]] = {}  # square -> (name, colour, incitus)
        self.blockers: dict[int, set[int]] = {}  # incitus name -> blocker names
        self.names = 0

    def square_of(self, name: int) -> int:
        return next(sq for sq, (n, _, _) in self.at.items() if n == name)

    def place(self, square: int, colour: int) -> None:
        self.names += 1
        self.at[square] = (self.names, colour, False)

    def move(self, src: int, dst: int, captured: list[int], colour: int) -> bool:
        """Play a move; returns whether a removal is now due."""
        had_inciti = any(c == colour and inc for _, c, inc in self.at.values())
        self.at[dst] = self.at.pop(src)
        mover = self.at[dst][0]
        victims = {self.at[v][0] for v in captured}
        freed = [i for i, names in self.blockers.items() if names & victims]
        for name in freed:
            sq = self.square_of(name)
            self.at[sq] = (name, colour, False)
            del self.blockers[name]
        for v in captured:
            beyond = 2 * v - dst  # the square past the victim, seen from the landing square
            fv, fd = v % 8, dst % 8
            straight = 0 <= beyond < 64 and abs((beyond % 8) - fv) == abs(fv - fd)
            if straight and self.at.get(beyond, (0, 0, True))[1:] == (colour, False):
                partner = beyond
            else:  # a corner: the other neighbour of the corner
                corner_neighbours = {0: (1, 8), 7: (6, 15), 56: (57, 48), 63: (62, 55)}[v]
                (partner,) = [sq for sq in corner_neighbours if sq != dst]
            name = self.at[v][0]
            self.at[v] = (name, 3 - colour, True)
            self.blockers[name] = {mover, self.at[partner][0]}
        return had_inciti and not freed

    def remove(self, square: int) -> None:
        name = self.at.pop(square)[0]
        del self.blockers[name]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_inciti_and_blockers_agree_with_a_model_of_named_pieces(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game("latrunculi-seneca")
    model = _PieceModel()
    for _ in range(150):
        if state.outcome is not None:
            break
        moves = state.legal_moves()
        capturing = [m for m in moves if m.captures]
        # captures are preferred, so that blockers get captured and inciti freed
        move = rng.choice(capturing if capturing and rng.random() < 0.8 else moves)
        colour = state.side
        if move.op == PLACE:
            model.place(move.dst, colour)
        elif move.op == REMOVE:
            model.remove(move.src)
        else:
            captured = [SQUARE_INDEX[sq] for sq in move.captures]
            due = model.move(move.src, move.dst, captured, colour)
        state = state.play(move)
        if move.op == MOVE:
            assert state.pending_removal == due
        expected = [0] * 64
        for sq, (_, c, inc) in model.at.items():
            expected[sq] = c | (8 if inc else 0)
        assert state.board == expected
        blockers = {i: {b1, b2} for i, b1, b2 in state.inciti}
        assert blockers == {
            model.square_of(name): {model.square_of(b) for b in names}
            for name, names in model.blockers.items()
        }


def test_the_model_check_above_sees_inciti_freed() -> None:
    """Guard for the property test: its way of choosing moves does free inciti."""
    rng = random.Random(4)
    total = 0
    for _ in range(3):
        state = new_game("latrunculi-seneca")
        for _ in range(150):
            if state.outcome is not None:
                break
            moves = state.legal_moves()
            capturing = [m for m in moves if m.captures]
            state = state.play(rng.choice(capturing if capturing and rng.random() < 0.8 else moves))
            total += len(state.freed)
    assert total > 0


@settings(max_examples=8, deadline=None)
@given(game_id=st.sampled_from(VARIANTS[1:]), seed=st.integers(0, 10**6))
def test_repetition_agrees_with_a_naive_count(game_id: str, seed: int) -> None:
    """Moves that undo the mover's previous move make repetitions frequent; the engine's draw
    must come exactly when a plain count over the quiet window reaches three."""
    rng = random.Random(seed)
    state = new_game(game_id)
    while state.phase == "placement":
        state = state.play(rng.choice(state.legal_moves()))
    for _ in range(120):
        if state.outcome is not None:
            break
        moves = state.legal_moves()
        back = None
        if state.parent is not None and state.parent.parent is not None:
            previous = state.parent.action
            frm, _, to = previous.partition("-")
            back = next((m for m in moves if str(m) == f"{to}-{frm}"), None)
        state = state.play(back if back is not None and rng.random() < 0.85 else rng.choice(moves))
        if (
            state.pending_removal
            or state.outcome is not None
            and state.outcome.reason
            in (
                REASON_ONE_PIECE,
                REASON_ONLY_DUX,
                REASON_NO_MOVES,
            )
        ):
            continue
        seen, node = 1, state
        for _ in range(state.quiet // 2):
            node = node.parent.parent
            seen += node.board == state.board
        assert (state.outcome is not None and state.outcome.reason == REASON_REPETITION) == (
            seen >= 3
        )
