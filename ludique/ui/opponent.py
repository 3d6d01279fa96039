"""The kiosk's side of the computer opponent: one worker shared by the demo and the games.

``ludique.kiosk.worker.ComputerPlayer`` thinks in another process, so the screen keeps its frames.
While that module is missing (a partial checkout) a stand-in picks a random legal move, and says so
in the log once.  A worker that fails, dies for good or is killed past its deadline
(``ComputerPlayer.check_deadline``, run by the kiosk's loop every turn through
:meth:`Opponent.check_deadline`) leaves the move to the same fallback: the game goes on.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ludique.games.base import GameState

if TYPE_CHECKING:
    from ludique.kiosk.worker import ComputerPlayer

log = logging.getLogger(__name__)


class _RandomStandIn:
    """Used only when ``ludique.kiosk.worker`` cannot be imported: a uniformly random legal move."""

    def __init__(self) -> None:
        self._answer: str | None = None
        self.busy = False

    def request(self, state: GameState, strength: str, time_budget: float = 1.5) -> None:
        moves = state.legal_moves()
        self._answer = str(random.choice(moves)) if moves else None
        self.busy = self._answer is not None

    def poll(self) -> str | None:
        answer, self._answer = self._answer, None
        self.busy = False
        return answer

    def cancel(self) -> None:
        self._answer = None
        self.busy = False

    def close(self) -> None:
        self.cancel()


class Opponent:
    """Asks for one move at a time; ``poll()`` gives its notation once it is ready."""

    def __init__(
        self, force_stand_in: bool = False, clock: Callable[[], float] = time.monotonic
    ) -> None:
        player: ComputerPlayer | _RandomStandIn | None = None
        self.stand_in = True
        if not force_stand_in:
            try:
                from ludique.kiosk.worker import ComputerPlayer

                player = ComputerPlayer(clock)
                self.stand_in = False
            except Exception:  # noqa: BLE001 - any failure to start leaves the kiosk usable
                log.exception("the computer player could not start; playing random moves")
        self._player = player if player is not None else _RandomStandIn()
        self._pending = False
        self._story = False  # a story asked of the worker (request_story) and not yet given
        self._state: GameState | None = None
        self._fallback: str | None = None
        self.note: dict[str, float | int] | None = None

    def request(self, state: GameState, strength: str, time_budget: float = 1.5) -> None:
        self._state = state
        self.note = None
        self._fallback = None
        self._pending = True
        try:
            self._player.cancel()
            self._player.request(state, strength, time_budget=time_budget)
        except Exception:  # noqa: BLE001 - the game goes on with a random legal move
            log.exception("the computer player refused the request; playing a random move")
            self._fallback = self._random_move(state)

    def poll(self) -> str | None:
        if not self._pending:
            return None
        answer: str | None
        if self._fallback is not None:
            answer, self._fallback = self._fallback, None
            self._pending = False
            return answer
        try:
            answer = self._player.poll()
        except Exception:  # noqa: BLE001
            log.exception("the computer player failed; playing a random move")
            answer = self._random_move(self._state)
        if answer is not None:
            self._pending = False
            # what Even match read of the visitor, passed on to the match's record
            note = getattr(self._player, "note", None)
            self.note = note if isinstance(note, dict) else None
            return str(answer)
        return None

    @staticmethod
    def _random_move(state: GameState | None) -> str | None:
        moves = state.legal_moves() if state is not None else []
        return str(random.choice(moves)) if moves else None

    def request_story(self, text: str, colour: str | None, time_budget: float) -> bool:
        """Ask the worker for the story of a finished game (``ludique.play.analysis``), replacing
        any
        pending move; ``poll_story`` gives it.  False when there is no worker to ask (the
        stand-in): the caller then tells the story itself."""
        request = getattr(self._player, "request_story", None)
        if request is None:
            return False
        self._pending = False
        try:
            request(text, colour, time_budget)
        except Exception:  # noqa: BLE001 - the caller tells a plainer story itself
            log.exception("the computer player refused to tell the story")
            return False
        self._story = True
        return True

    def poll_story(self) -> str | None:
        """The story's JSON once the worker has it, else None; raises ``RuntimeError`` if the
        worker failed."""
        answer = self._player.poll()
        if answer is not None:
            self._story = False
        return answer

    def prepare(self) -> None:
        """Start the worker process now, so that the first answer does not wait for it."""
        start = getattr(self._player, "start", None)
        if start is not None:
            try:
                start()
            except Exception:  # noqa: BLE001 - it will be started (or replaced) at first use
                log.exception("the computer player could not be started early")

    @property
    def busy(self) -> bool:
        return self._pending

    def use_clock(self, clock: Callable[[], float]) -> None:
        """Count the worker's deadlines in ``clock`` (tests; the kiosk keeps the real clock,
        which its worker's search runs on, whatever clock its scenes are given)."""
        if hasattr(self._player, "clock"):
            self._player.clock = clock

    def check_deadline(self) -> None:
        """Kill and replace a worker past its deadline (``ComputerPlayer.check_deadline``): the
        move waited for is then the fallback's, at the next ``poll``."""
        check = getattr(self._player, "check_deadline", None)
        if check is None or not (self._pending or self._story):
            return
        try:
            check()
        except Exception:  # noqa: BLE001 - the next poll falls back all the same
            log.exception("the computer player's deadline could not be enforced")

    @property
    def overdue(self) -> bool:
        """Whether the worker is past its deadline with nothing done about it yet: the kiosk
        then stops feeding systemd's watchdog (``ludique.cli``)."""
        return bool(getattr(self._player, "overdue", False))

    def cancel(self) -> None:
        if self._pending or self._story:
            self._player.cancel()
        self._pending = self._story = False

    def close(self) -> None:
        self._pending = False
        self._player.close()
