"""The kiosk's worker process: the computer player's moves and the stories of finished games.

Python runs one thread of Python code at a time, so a search in the kiosk's own process would
take the frames from the screen.  :class:`ComputerPlayer` keeps one worker process (started on
first use with the ``spawn`` method, then reused) and talks to it through a pipe, never waiting:

    player = ComputerPlayer()
    player.request(state, "champion")      # returns at once
    ...                                    # every frame:
    notation = player.poll()               # None until the move is ready
    if notation is not None:
        state = state.play(notation)
    player.cancel()                        # the visitor left, undid or switched games
    player.close()                         # at exit

The worker answers every kind of request in ``HANDLERS`` (``move``: ``ludique.ai.decide``;
``story``: ``ludique.play.analysis.tell``), so that neither service imports the other: the computer
player (``ludique/ai``) knows nothing of the story told of a game.

Only picklable text crosses the pipe: the kind of request, the game as saved by ``dump_game``
(the worker replays it with ``load_game``, so the repetition history travels too), the strength
(or, for a story, the colour it is told for) and the budget.  Besides moves, the worker tells
the story of a finished game (``request_story``; ``ludique.play.analysis``): ``poll`` then gives the
story as JSON text (``Story.from_json``).  Every
request carries an id; a shared counter holds the id of the one request still wanted, which the
search polls as its ``stop`` signal, so a cancelled search ends within milliseconds and its
answer, should one still arrive, is dropped because its id is stale.  If the worker dies, the
next ``request`` (or a ``poll`` while a request is pending) starts a new one and asks again.

A worker that stops answering (a deadlock, a runaway search, a process stopped by a signal) is
noticed by the clock (``clock``, injected by the kiosk): every request has a deadline
(:func:`answer_deadline`: a few times its budget, never more than ``PATIENCE``), counted from
the later of its asking and the worker's word that it is ready (it says so once its warm-up is
done; a worker that never says so has ``START_PATIENCE``).  ``check_deadline`` (the kiosk calls
it every turn of its loop, and ``poll`` calls it too) kills a worker past it, starts a new one,
and makes the next ``poll`` raise ``RuntimeError``: the caller plays its fallback, as after a
crash.  Every start, death, kill and restart is logged with its reason.

A frozen (PyInstaller) build must call ``multiprocessing.freeze_support()`` first thing in its
entry point, and the entry module must guard its start-up with ``if __name__ == "__main__"``.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from ludique.games.base import GameState, dump_game

log = logging.getLogger(__name__)

_NO_REQUEST = 0
MAX_RESTARTS_PER_REQUEST = 2
# An answer is late past this many times its budget (the search stops itself at its budget; a
# busy machine may take twice as long), and never waited for longer than PATIENCE: a visitor who
# has watched the computer think that long believes the kiosk is broken.
ANSWER_FACTOR = 4.0
# A short budget still leaves a starved worker time to answer: at a load average of 13 on this
# project's 2 cores, with the kiosk niced, a 0.1 s search twice took over 3 s to answer in a
# 3-minute soak, and was taken for a hang.  A real hang is found as surely at 10 s.
MIN_DEADLINE = 10.0  # seconds
PATIENCE = 20.0  # seconds
# A new worker imports every engine and reads the solved games' tables before it says it is
# ready (under a second on this machine, tens of seconds on a starved one): past this it is taken
# for hung.
START_PATIENCE = 60.0  # seconds

# What the worker's pipe carries back: the answer's text, and for a move what Even match read
# of the visitor (``ludique.ai.decide``).
Note = dict[str, float | int] | None
Handler = Callable[[str, str, float, Callable[[], bool]], tuple[str, Note]]


def _move(text: str, strength: str, budget: float, stop: Callable[[], bool]) -> tuple[str, Note]:
    """A move of the game saved in ``text`` at ``strength``, and what Even match read."""
    from ludique.ai import decide
    from ludique.games import load_game

    move, note = decide(load_game(text), strength, budget, stop=stop)
    return move.text, note


def _story(text: str, colour: str, budget: float, stop: Callable[[], bool]) -> tuple[str, Note]:
    """The story of the finished game saved in ``text``, told for ``colour``, as JSON."""
    from ludique.play.analysis import tell

    return tell(text, colour, budget, stop=stop).to_json(), None


# The kinds of request the worker answers (run in the worker process).
HANDLERS: dict[str, Handler] = {"move": _move, "story": _story}


def _read_ahead(text: str, strength: str, answer: str, stop: Callable[[], bool]) -> None:
    """After a move of Even match, the position the visitor now meets, read while he thinks
    (``ludique.ai.even.read_ahead``), until the next message comes."""
    if strength != "even":
        return
    from ludique.ai.even import read_ahead
    from ludique.games import load_game

    state = load_game(text)
    move = state.find_move(answer)
    if move is not None:
        read_ahead(state, move, stop)


# What the worker does after an answer, while the kiosk waits for the visitor.
AFTERWARDS: dict[str, Callable[[str, str, str, Callable[[], bool]], None]] = {"move": _read_ahead}


def answer_deadline(budget: float) -> float:
    """Seconds an answer asked with ``budget`` may take once the worker is ready."""
    return min(PATIENCE, max(MIN_DEADLINE, ANSWER_FACTOR * budget))


def _serve(conn: Connection, wanted: Any) -> None:
    """The worker process: answer requests until told to stop or the pipe closes."""
    # Ctrl+C in a terminal signals the kiosk's whole process group; the kiosk then stops this
    # worker itself (ludique/cli.py), which must not die of it first with a traceback
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _warm_up()
    try:
        conn.send((_NO_REQUEST, None, None, None))  # ready: the deadlines count from now on
    except (OSError, BrokenPipeError):
        return
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        request_id, kind, text, option, budget = message
        if wanted.value != request_id:
            continue  # cancelled or replaced before we began

        def cancelled(request_id: int = request_id) -> bool:
            return bool(wanted.value != request_id)

        reply: tuple[int, str | None, str | None, Note]
        try:
            answer, note = HANDLERS[kind](text, option, budget, cancelled)
            reply = (request_id, answer, None, note)
        except Exception as exc:  # the error is reported to the kiosk, the worker lives on
            reply = (request_id, None, f"{type(exc).__name__}: {exc}", None)
        if not cancelled():
            try:
                conn.send(reply)
            except (OSError, BrokenPipeError):
                return
            _after(conn.poll, cancelled, kind, text, option, reply[1])


def _after(
    waiting: Callable[[], bool],
    cancelled: Callable[[], bool],
    kind: str,
    text: str,
    option: str,
    answer: str | None,
) -> None:
    """What the worker does after an answer (``AFTERWARDS``), until the next message comes or
    the kiosk cancels: the next request is never kept waiting for it."""
    afterwards = AFTERWARDS.get(kind)
    if afterwards is None or answer is None:
        return

    def next_message() -> bool:
        try:
            return cancelled() or waiting()
        except (OSError, EOFError):
            return True

    try:
        afterwards(text, option, answer, next_message)
    except Exception:  # only a head start: the next answer reads the position itself
        logging.getLogger(__name__).exception("reading ahead failed")


def _warm_up() -> None:
    """Import every engine and evaluation, and read each solved game's table, before the first
    request (about 0.35 s on this machine), so that no visitor's first move pays for it."""
    import importlib

    from ludique.ai.evaluation import ai_for
    from ludique.ai.solved import solved
    from ludique.games import GAME_IDS, new_game, spec

    for game_id in GAME_IDS:
        ai_for(new_game(game_id))  # its engine and its evaluation (``ludique/ai/<game>.py``)
    for name in ("ludique.play.analysis", "ludique.ai.search", "ludique.ai.even"):
        importlib.import_module(name)
    for game_id in (g for g in GAME_IDS if spec(g).solved):
        try:
            solved(game_id).load()
        except Exception:  # a missing table is reported when the game's move is asked for
            pass


def _from_a_readable_folder() -> None:
    """``spawn`` starts the worker in the kiosk's current folder: one its user cannot enter
    (``runuser -u ludique`` from ``/root``) or that was deleted kills every worker at its start.
    Such a folder is of no use to the kiosk either (nothing in it can be opened), so the kiosk
    leaves it for its program's folder (or the temporary one, or ``/``), and says so once."""
    try:
        here: str | None = os.getcwd()
    except OSError:  # deleted
        here = None
    if here is not None and os.access(here, os.R_OK | os.X_OK):
        return
    program = os.path.dirname(os.path.abspath(sys.executable))
    for folder in (program, tempfile.gettempdir(), "/"):
        if os.access(folder, os.R_OK | os.X_OK):
            break
    log.warning(
        "the current folder %s cannot be read by this user: the computer player's process "
        "starts from %s",
        here if here is not None else "(deleted)",
        folder,
    )
    os.chdir(folder)


def _exit_words(process: multiprocessing.process.BaseProcess) -> str:
    code = process.exitcode
    if code is None:
        return "still running"
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit status {code}"


class ComputerPlayer:
    """A non-blocking computer opponent running in a separate process (see the module doc).

    ``clock`` gives the time the deadlines are counted in (seconds, any origin)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._wanted = self._context.RawValue("q", _NO_REQUEST)
        self._process: multiprocessing.process.BaseProcess | None = None
        self._conn: Connection | None = None
        self._next_id = 0
        self._pending: tuple[int, str, str, str, float] | None = None
        self._reply: tuple[str | None, str | None, Note] | None = None  # read, not delivered
        self._restarts = 0
        self.clock = clock
        self._started_at = 0.0  # when the process was started (``clock``)
        self._ready_at: float | None = None  # when it said it was ready, None before
        self._asked_at = 0.0  # when the pending request was sent
        self._expired: str | None = None  # why the pending request was given up, once
        # what Even match read of the visitor with its last move (``ludique.ai.decide``)
        self.note: dict[str, float | int] | None = None
        self._closed = False
        self._atexit = False

    # --- the process ---------------------------------------------------------------------------
    @property
    def alive(self) -> bool:
        """Whether the worker process is running."""
        return self._process is not None and self._process.is_alive()

    @property
    def pid(self) -> int | None:
        """The worker's process id (for tests and logs), or ``None`` before it starts."""
        return self._process.pid if self._process is not None else None

    @property
    def ready(self) -> bool:
        """Whether the running worker has said it is ready (its warm-up done)."""
        self._receive()
        return self.alive and self._ready_at is not None

    def start(self) -> None:
        """Start the worker now (at kiosk start-up) rather than at the first request."""
        if self._closed:
            raise RuntimeError("this ComputerPlayer is closed; make a new one")
        if self.alive:
            return
        self._shutdown(wait=0.0)
        _from_a_readable_folder()
        parent_end, child_end = self._context.Pipe()
        process = self._context.Process(
            target=_serve, args=(child_end, self._wanted), name="ludique-ai", daemon=True
        )
        process.start()
        child_end.close()
        self._process, self._conn = process, parent_end
        self._started_at, self._ready_at = self.clock(), None
        log.info("the computer player's process %s started", process.pid)
        if not self._atexit:
            atexit.register(self.close)
            self._atexit = True

    def _shutdown(self, wait: float) -> None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        self._reply = None
        if conn is not None:
            try:
                if wait and process is not None and process.is_alive():
                    conn.send(None)
            except (OSError, BrokenPipeError):
                pass
            conn.close()
        if process is not None:
            if wait:
                process.join(wait)
            if process.is_alive():
                process.terminate()
                process.join(1.0)
            if process.is_alive():
                process.kill()
                process.join(1.0)

    def _kill(self) -> None:
        """End a worker that does not answer: SIGKILL at once (a stopped process never acts
        on SIGTERM)."""
        process = self._process
        if process is not None and process.is_alive():
            process.kill()
            process.join(1.0)
            if process.is_alive():
                log.error("the computer player's process %s survived SIGKILL", process.pid)
        self._shutdown(wait=0.0)

    def close(self) -> None:
        """Stop the worker process (idempotent).  Any pending request is dropped."""
        self._pending = None
        self._expired = None
        self._wanted.value = _NO_REQUEST
        self._shutdown(wait=1.0)
        self._closed = True

    # --- requests ------------------------------------------------------------------------------
    def request(
        self,
        state: GameState,
        strength: str,
        time_budget: float = 1.5,
    ) -> None:
        """Ask for a move in ``state``; returns at once.  Replaces any pending request.

        Raises ``ValueError`` (before anything changes) for an unknown strength, a bad budget or
        a state without a legal move.
        """
        from ludique.ai import check_request

        if self._closed:
            raise RuntimeError("this ComputerPlayer is closed; make a new one")
        check_request(state, strength, time_budget)
        self.cancel()
        self._next_id += 1
        self._pending = (
            self._next_id,
            "move",
            dump_game(state),
            strength,
            float(time_budget),
        )
        self._restarts = 0
        self.note = None
        self._send_pending()

    def request_story(self, text: str, colour: str | None, time_budget: float = 2.0) -> None:
        """Ask for the story of the game saved in ``text``, told for ``colour``; returns at once.
        ``poll`` gives it as JSON (``ludique.play.analysis.Story.from_json``).  Replaces any pending
        request."""
        if self._closed:
            raise RuntimeError("this ComputerPlayer is closed; make a new one")
        self.cancel()
        self._next_id += 1
        self._pending = (self._next_id, "story", text, colour or "", float(time_budget))
        self._restarts = 0
        self._send_pending()

    def _send_pending(self) -> None:
        assert self._pending is not None
        if not self.alive:
            if self._process is not None:
                log.error(
                    "the computer player's process %s had died (%s); starting it again",
                    self._process.pid,
                    _exit_words(self._process),
                )
            self.start()
        self._wanted.value = self._pending[0]
        self._reply = None
        self._asked_at = self.clock()
        conn = self._conn
        assert conn is not None  # (started above)
        try:
            conn.send(self._pending)
        except (OSError, BrokenPipeError):
            self._restart_for_pending()

    def _restart_for_pending(self) -> None:
        if self._restarts >= MAX_RESTARTS_PER_REQUEST:
            self._pending = None
            self._wanted.value = _NO_REQUEST
            log.error("the computer player's process died repeatedly on this position; given up")
            raise RuntimeError("the computer player's process died repeatedly on this position")
        self._restarts += 1
        self._shutdown(wait=0.0)
        self._send_pending()

    @property
    def busy(self) -> bool:
        """Whether a request is pending (asked, not yet delivered, not cancelled)."""
        return self._pending is not None

    # --- the deadline --------------------------------------------------------------------------
    def deadline(self) -> float | None:
        """When (``clock``) the pending request is late, or ``None`` with nothing pending."""
        pending = self._pending
        if pending is None:
            return None
        if self._ready_at is None:
            return self._started_at + START_PATIENCE
        return max(self._asked_at, self._ready_at) + answer_deadline(pending[4])

    @property
    def overdue(self) -> bool:
        """Whether the pending request is past its deadline with no answer (nothing read)."""
        deadline = self.deadline()
        return deadline is not None and self._reply is None and self.clock() > deadline

    def check_deadline(self) -> bool:
        """Kill and start again a worker past its deadline (see the module doc); True if it was.
        The next ``poll`` then raises ``RuntimeError`` saying why."""
        if self._pending is None:
            return False
        self._receive()
        if not self.overdue:
            return False
        pending = self._pending
        assert pending is not None
        if self._ready_at is None:
            why = f"was not ready {START_PATIENCE:g} s after its start"
        else:
            why = (
                f"gave no answer in {self.clock() - max(self._asked_at, self._ready_at):.1f} s "
                f"(its deadline for a {pending[1]} of {pending[4]:g} s: "
                f"{answer_deadline(pending[4]):g} s)"
            )
        log.error("the computer player's process %s %s: killing it", self.pid, why)
        self._pending = None
        self._wanted.value = _NO_REQUEST
        self._expired = why
        self._kill()
        try:
            self.start()
            log.error("the computer player's process started again (%s) after a hang", self.pid)
        except Exception:  # noqa: BLE001 - the next request starts it (or says why it cannot)
            log.exception("the computer player's process could not be started again")
        return True

    # --- answers -------------------------------------------------------------------------------
    def _receive(self) -> None:
        """Read what the worker sent: its word that it is ready, the pending request's reply
        (kept until ``poll`` delivers it); stale replies are dropped."""
        conn = self._conn
        try:
            while conn is not None and conn.poll():
                reply: tuple[int, str | None, str | None, Note] = conn.recv()
                request_id, answer, error, note = reply
                if request_id == _NO_REQUEST:
                    self._ready_at = self.clock()
                elif self._pending is not None and request_id == self._pending[0]:
                    self._reply = (answer, error, note)
        except (EOFError, OSError):
            pass

    def poll(self) -> str | None:
        """The notation of the requested move (or the story's JSON) once it is ready, else
        ``None``; never blocks.

        Each answer is delivered once.  Raises ``RuntimeError`` if the worker reported an error
        for this request, or was killed past its deadline (the request is then dropped).
        """
        if self._expired is None:
            self.check_deadline()
        if self._expired is not None:
            why, self._expired = self._expired, None
            raise RuntimeError(f"the computer player's process {why}; it was started again")
        if self._pending is None:
            return None
        self._receive()
        if self._reply is not None:
            answer, error, note = self._reply
            self._reply = self._pending = None
            self._wanted.value = _NO_REQUEST
            if error is not None:
                raise RuntimeError(f"the computer player failed: {error}")
            self.note = note
            return answer
        if not self.alive:
            process = self._process
            log.error(
                "the computer player's process %s died (%s) while thinking; starting it again",
                process.pid if process is not None else None,
                _exit_words(process) if process is not None else "never started",
            )
            self._restart_for_pending()
        return None

    def cancel(self) -> None:
        """Forget the pending request: its answer will never be delivered."""
        self._pending = None
        self._reply = None
        self._expired = None
        self._wanted.value = _NO_REQUEST

    def __enter__(self) -> ComputerPlayer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
