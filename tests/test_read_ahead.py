"""Even match reads the visitor's position while he thinks (``ludique.ai.even.read_ahead``), so
that its next decision has its whole time for its own position; the worker does it after each
answer until the next message comes (``ludique.kiosk.worker._after``)."""

from __future__ import annotations

import random

import pytest

from ludique.ai import even as ev
from ludique.games import new_game
from ludique.games.base import GameState, Move, dump_game
from ludique.kiosk import worker

SPENT = 0.0  # a deadline already past on the clock below: nothing is read within it


def spent_clock() -> float:
    return 1.0


def computer_to_move(game_id: str, plies: int, seed: int) -> tuple[GameState, Move]:
    """A position after ``plies`` random moves and the move the computer plays there."""
    rng = random.Random(seed)
    state = new_game(game_id, visit=None)
    for _ in range(plies):
        state = state.play(rng.choice(state.legal_moves()))
    return state, rng.choice(state.legal_moves())


def kept(state: GameState) -> bool:
    """Whether the position is read in full: the referee's values and the deep search's move."""
    key = (state.game_id, state.key)
    return key in ev._referee_cache and key in ev._deep_cache


def forget() -> None:
    ev._referee_cache.clear()
    ev._deep_cache.clear()


def test_the_visitors_position_read_ahead_is_read_at_the_next_decision_with_no_time_left() -> None:
    state, move = computer_to_move("epaminondas", 20, 3)
    his = state.play(move)
    after = his.play(random.Random(1).choice(his.legal_moves()))
    forget()
    # on its own time, with none of it left, his last position is not read at all
    with pytest.raises(ev.OutOfTime):
        ev.referee_chances(his, None, SPENT, spent_clock)
    assert ev.loss_rates(after, his.to_move, None, SPENT, spent_clock).decisions == 0

    assert ev.read_ahead(state, move)
    read = ev.referee_chances(his, None, SPENT, spent_clock)
    assert ev.loss_rates(after, his.to_move, None, SPENT, spent_clock).decisions == 1
    forget()
    assert read == ev.referee_chances(his)  # the referee's values, as read on its own time
    assert max(c for _, c in read) - min(c for _, c in read) > ev.INFORMATIVE_LOSS  # it tells


def test_reading_ahead_stops_at_the_next_message_and_keeps_nothing() -> None:
    state, move = computer_to_move("latrunculi-dux", 30, 5)
    forget()
    assert not ev.read_ahead(state, move, stop=lambda: True)
    assert not kept(state.play(move))


def test_nothing_is_read_ahead_where_there_is_no_choice_of_his_to_read() -> None:
    pente = new_game("pente-grammai", visit=None).roll(3)
    # a solved game: its table is read at once
    assert not ev.read_ahead(pente, pente.legal_moves()[0])
    forget()
    state, move = computer_to_move("latrunculi-petteia", 12, 2)
    assert ev.read_ahead(state, move) and kept(state.play(move))


@pytest.mark.parametrize(
    ("strength", "waiting", "read"),
    [("even", False, True), ("even", True, False), ("champion", False, False)],
)
def test_the_worker_reads_ahead_after_even_matchs_answer_until_a_message_comes(
    strength: str, waiting: bool, read: bool
) -> None:
    state, move = computer_to_move("epaminondas", 16, 7)
    forget()
    # ``waiting`` stands for the pipe's poll: whether the kiosk's next message has come
    worker._after(lambda: waiting, lambda: False, "move", dump_game(state), strength, move.text)
    assert kept(state.play(move)) is read


def test_a_cancelled_request_is_not_read_ahead() -> None:
    state, move = computer_to_move("epaminondas", 16, 7)
    forget()
    worker._after(lambda: False, lambda: True, "move", dump_game(state), "even", move.text)
    assert not kept(state.play(move))
