"""A computer player that stops answering (SIGSTOP stands in for a deadlock or a runaway
search), through the real kiosk: the real App under SDL's dummy driver, the real worker process,
the kiosk's time and the worker's deadline held by the test (``HeldClock``), systemd's watchdog
on a real UNIX socket."""

from __future__ import annotations

import logging
import os
import signal
import socket
import time
from pathlib import Path

import pytest
from kiosk_driver import HeldClock, make_app, visitor_turn

from ludique.cli import feed_watchdog
from ludique.games import new_game
from ludique.kiosk.watchdog import Watchdog
from ludique.kiosk.worker import START_PATIENCE, ComputerPlayer, answer_deadline
from ludique.play.match import GameConfig

GAME = "latrunculi-seneca"  # no die: the computer's first move is asked at once
THINK = 0.2  # the App's think budget in make_app


def _real_wait(predicate, seconds: float) -> bool:
    """For what only the worker process decides (its start): the real clock, bounded."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.01)
    return False


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def _pings(sock: socket.socket) -> int:
    count = 0
    while True:
        try:
            sock.recv(64)
        except BlockingIOError:
            return count
        count += 1


@pytest.fixture
def notify_socket(tmp_path: Path):
    path = tmp_path / "notify"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.setblocking(False)
    yield str(path), sock
    sock.close()


def test_a_hung_worker_is_killed_started_again_and_the_game_goes_on(
    notify_socket, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    address, sock = notify_socket
    app = make_app(think=THINK)
    try:
        player = app.opponent._player
        assert isinstance(player, ComputerPlayer)
        clock = HeldClock(app, 1000.0)
        # the worker's deadline runs on the real clock (its search takes real seconds, however
        # fast the self-test's clock runs); here it is the test's
        app.opponent.use_clock(lambda: clock.t)
        app.opponent.prepare()
        assert _real_wait(lambda: player.ready, 60.0), "the worker never got ready"
        hung = player.pid
        assert hung is not None
        os.kill(hung, signal.SIGSTOP)
        watchdog = Watchdog(address, interval=0.0, clock=lambda: clock.t)  # a ping every turn
        loop_turn = feed_watchdog(app, watchdog)  # what ``ludique`` runs before every step
        computer = new_game(GAME).colours[0]
        visitor = new_game(GAME).colours[1]
        app.go("game", config=GameConfig(GAME, "computer", "player", visitor))
        match = app.scene.match
        clock.advance(0.1)
        assert match.thinking and match.state.to_move == computer
        deadline = answer_deadline(THINK)

        # within the deadline: waiting, the watchdog fed
        clock.advance(deadline - 0.5, frame=0.25)
        loop_turn()
        assert _pings(sock) == 1
        assert player.pid == hung and not _gone(hung)
        assert match.thinking and not match.state.moves_played()

        # past it: the turn before the step finds the kiosk stuck and does not feed systemd
        clock.t += 1.0
        assert app.stuck
        loop_turn()
        assert _pings(sock) == 0
        app.step()  # the deadline is enforced: killed, started again, the fallback asked for
        assert not app.stuck
        assert _real_wait(lambda: _gone(hung), 5.0), "the hung worker was not killed"
        assert player.pid not in (None, hung) and player.alive

        # the game goes on: the fallback's move is played, and the watchdog fed again
        clock.advance(2.0, frame=0.05)
        assert match.state.moves_played(), "the computer's move never came"
        assert visitor_turn(app)
        loop_turn()
        assert _pings(sock) == 1

        said = [r.getMessage() for r in caplog.records]
        assert any(f"process {hung} gave no answer" in m and "killing it" in m for m in said)
        assert any("started again" in m for m in said)
        assert any("past its deadline: the watchdog is not fed" in m for m in said)
        assert any("playing a random move" in m for m in said)

        # the next question goes to the new process, which answers (no frozen process reused)
        state = match.state
        move = state.legal_moves()[0]
        match.commit(match.take(move))
        app.opponent.use_clock(time.monotonic)  # its answer takes real seconds
        assert _real_wait(lambda: player.ready, 60.0), "the new worker never got ready"
        end = time.monotonic() + 30.0
        while time.monotonic() < end and match.state.to_move == computer:
            clock.advance(0.05, frame=0.05)
            time.sleep(0.005)
        assert match.state.to_move == visitor and len(match.state.moves_played()) == 3
        assert player.pid not in (None, hung)
    finally:
        app.close()


def test_a_worker_that_never_gets_ready_is_replaced() -> None:
    """Stopped before its warm-up is done: START_PATIENCE, then the same kill and restart."""
    now = [0.0]
    with ComputerPlayer(clock=lambda: now[0]) as player:
        player.start()
        first = player.pid
        assert first is not None
        os.kill(first, signal.SIGSTOP)
        player.request(new_game(GAME), "player", THINK)
        now[0] = START_PATIENCE - 1
        assert player.poll() is None and player.pid == first
        now[0] = START_PATIENCE + 1
        with pytest.raises(RuntimeError, match="was not ready"):
            player.poll()
        assert _real_wait(lambda: _gone(first), 5.0)
        assert player.pid != first and not player.busy


def test_a_killed_worker_is_logged_dead_and_started_again(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Killed while thinking (11 of 11 were restarted, none was logged): its death, how it
    died and its restart are in the log, and the move still comes."""
    caplog.set_level(logging.INFO)
    with ComputerPlayer() as player:
        player.start()
        assert _real_wait(lambda: player.ready, 60.0)
        first = player.pid
        assert first is not None
        state = new_game(GAME)
        player.request(state, "player", THINK)
        os.kill(first, signal.SIGKILL)
        answer = None
        end = time.monotonic() + 60.0
        while answer is None and time.monotonic() < end:
            answer = player.poll()
            time.sleep(0.01)
        assert answer in {str(m) for m in state.legal_moves()}
        said = [r.getMessage() for r in caplog.records]
        assert any(f"process {first} died (killed by SIGKILL)" in m for m in said), said
        assert any(f"process {player.pid} started" in m for m in said), said
