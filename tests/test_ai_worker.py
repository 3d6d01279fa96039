"""The kiosk's non-blocking computer player: a real worker process, real requests.

No test here times the kiosk's side on the wall clock: that ``request`` and ``poll`` never wait
is shown with the worker stopped (SIGSTOP), where a call that waited would never return."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from ludique.games import new_game
from ludique.games.base import GameState
from ludique.games.epaminondas.rules import EpaminondasState
from ludique.kiosk.worker import ComputerPlayer


def wait_for(player: ComputerPlayer, seconds: float) -> str | None:
    """Poll like the kiosk does (every few milliseconds) until an answer or ``seconds`` pass."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        answer = player.poll()
        if answer is not None:
            return answer
        time.sleep(0.005)
    return None


def returns(call: Callable[[], object]) -> bool:
    """Whether ``call`` returns at all (it runs in a thread; 30 s is no frame's worth, but a
    call that waits for a stopped worker waits for ever)."""
    thread = threading.Thread(target=call, daemon=True)
    thread.start()
    thread.join(30.0)
    return not thread.is_alive()


def wait_for_ready(player: ComputerPlayer, seconds: float = 60.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if player.ready:
            return True
        time.sleep(0.01)
    return False


@pytest.fixture(scope="module")
def player() -> Iterator[ComputerPlayer]:
    computer = ComputerPlayer()
    computer.start()
    yield computer
    computer.close()


def white_to_move() -> GameState:
    return new_game("epaminondas")


def black_to_move() -> GameState:
    # No move of this position is a move of the start (Black's pieces, Black to move).
    return new_game("epaminondas").play("a2-a3")


def test_a_request_returns_at_once_and_delivers_a_legal_move(player: ComputerPlayer) -> None:
    state = new_game("latrunculi-petteia")
    assert player.ready or wait_for_ready(player)
    os.kill(player.pid, signal.SIGSTOP)  # the search runs elsewhere: nothing here waits for it
    try:
        assert returns(lambda: player.request(state, "player", 0.3))
        assert player.busy
        assert returns(lambda: [player.poll() for _ in range(20)])
        assert player.busy
    finally:
        os.kill(player.pid, signal.SIGCONT)
    answer = wait_for(player, 3.0)
    assert answer is not None
    assert answer in {str(m) for m in state.legal_moves()}
    assert not player.busy
    assert player.poll() is None  # delivered once


def test_an_even_match_answer_carries_its_reading_of_the_visitor(player: ComputerPlayer) -> None:
    state = new_game("latrunculi-petteia")
    state = state.play(state.legal_moves()[0])  # the visitor's first move
    # the kiosk's budget: his first position, not read ahead, is read within the first half
    # of it (the referee and the deep search's move; at 0.2 s it would not fit, and is not read)
    player.request(state, "even", 1.5)
    answer = wait_for(player, 5.0)
    assert answer in {str(m) for m in state.legal_moves()}
    assert player.note is not None and player.note["decisions"] == 1
    assert 0 <= player.note["played"] <= 6


def test_poll_without_a_request_is_none(player: ComputerPlayer) -> None:
    assert player.poll() is None
    assert not player.busy


def test_every_game_is_served(player: ComputerPlayer) -> None:
    for game_id in ("pente-grammai", "epaminondas", "latrunculi-seneca", "latrunculi-dux"):
        state = new_game(game_id)
        if state.needs_roll:
            state = state.roll(4)
        player.request(state, "beginner", 0.1)
        answer = wait_for(player, 3.0)
        assert answer is not None, game_id
        state.play(answer)


def test_the_history_travels_so_the_worker_sees_the_same_position(player: ComputerPlayer) -> None:
    state = new_game("latrunculi-dux")
    for notation in ("a1-a3", "a8-a6", "b1-b3"):
        state = state.play(notation)
    player.request(state, "champion", 0.2)
    answer = wait_for(player, 3.0)
    assert answer in {str(m) for m in state.legal_moves()}


def test_a_bad_request_is_refused_and_keeps_the_pending_one(player: ComputerPlayer) -> None:
    state = white_to_move()
    player.request(state, "player", 0.3)
    with pytest.raises(ValueError, match="unknown strength"):
        player.request(state, "grandmaster")
    with pytest.raises(ValueError, match="time_budget"):
        player.request(state, "player", 5.0)
    assert player.busy
    answer = wait_for(player, 3.0)
    assert answer in {str(m) for m in state.legal_moves()}


def test_a_cancelled_request_is_never_delivered(player: ComputerPlayer) -> None:
    player.request(white_to_move(), "champion", 1.5)
    time.sleep(0.1)
    player.cancel()
    assert not player.busy
    assert wait_for(player, 2.5) is None


def test_a_new_request_after_cancel_delivers_its_own_answer(player: ComputerPlayer) -> None:
    first, second = white_to_move(), black_to_move()
    first_moves = {str(m) for m in first.legal_moves()}
    second_moves = {str(m) for m in second.legal_moves()}
    assert not first_moves & second_moves
    for delay in (0.0, 0.05, 0.3):
        player.request(first, "champion", 1.0)
        time.sleep(delay)
        player.cancel()
        player.request(second, "player", 0.2)
        answer = wait_for(player, 3.0)
        assert answer in second_moves, (delay, answer)


def test_a_replacing_request_cancels_the_one_before(player: ComputerPlayer) -> None:
    first, second = white_to_move(), black_to_move()
    player.request(first, "champion", 1.0)
    time.sleep(0.05)
    player.request(second, "beginner", 0.1)  # no explicit cancel
    answer = wait_for(player, 3.0)
    assert answer in {str(m) for m in second.legal_moves()}
    assert wait_for(player, 1.2) is None  # and the first one never shows up afterwards


def test_cancel_stops_the_search_promptly(player: ComputerPlayer) -> None:
    asked = time.perf_counter()
    player.request(white_to_move(), "champion", 2.0)
    time.sleep(0.1)
    player.cancel()
    player.request(black_to_move(), "beginner", 0.05)
    assert wait_for(player, 5.0) is not None
    # The worker answers one request at a time, and a search ends at its budget on the wall
    # clock however busy the machine: had the cancelled one run on, this answer could not come
    # before its 2 s were up.  (No margin of ours: a busy machine only makes that later.)
    assert time.perf_counter() - asked < 2.0


def test_the_answer_comes_within_two_seconds_with_the_real_budget(player: ComputerPlayer) -> None:
    state = EpaminondasState.initial()
    for notation in ("c1-c3", "d12-d10", "e1-e3"):
        state = state.play(notation)
    for strength in ("champion", "player"):
        # the worker's processor time, which a busy machine's stalls do not add to: the search
        # stops at its budget and its answer costs no more than the kiosk's longest wait
        before = cpu_seconds(player.pid)
        player.request(state, strength, 1.5)
        answer = wait_for(player, 30.0)
        spent = cpu_seconds(player.pid) - before
        assert answer is not None
        assert spent < 2.0, (strength, spent)


def cpu_seconds(pid: int | None) -> float:
    """The processor time (user and system) process ``pid`` has used, from /proc."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_the_worker_survives_a_killed_process() -> None:
    with ComputerPlayer() as computer:
        computer.start()
        first_pid = computer.pid
        os.kill(first_pid, signal.SIGKILL)
        time.sleep(0.2)
        assert not computer.alive
        state = new_game("latrunculi-piso")
        computer.request(state, "player", 0.2)
        answer = wait_for(computer, 5.0)
        assert answer in {str(m) for m in state.legal_moves()}
        assert computer.pid != first_pid

        # Killed while thinking: the pending request is asked again of a new process.
        computer.request(white_to_move(), "champion", 0.5)
        time.sleep(0.1)
        os.kill(computer.pid, signal.SIGKILL)
        answer = wait_for(computer, 5.0)
        assert answer in {str(m) for m in white_to_move().legal_moves()}


def test_close_ends_the_process_and_refuses_further_requests() -> None:
    computer = ComputerPlayer()
    computer.start()
    assert computer.alive
    computer.close()
    assert not computer.alive
    computer.close()  # twice is harmless
    with pytest.raises(RuntimeError, match="closed"):
        computer.request(new_game("epaminondas"), "player", 0.2)
