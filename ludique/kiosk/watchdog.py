"""systemd's hang watchdog for the kiosk: ``WATCHDOG=1`` over ``$NOTIFY_SOCKET``, sent from the
event loop itself, so that it stops the moment the loop stops turning.

``ludique.service`` sets ``WatchdogSec=`` and ``NotifyAccess=all``; systemd then hands its main
process (cage) ``NOTIFY_SOCKET`` and ``WATCHDOG_USEC``, which cage and the launcher pass on to
Ludique.  ``WATCHDOG_PID`` names cage, not Ludique, so it is deliberately not checked (libsystemd's
``sd_watchdog_enabled`` would refuse); ``NotifyAccess=all`` is what lets a grandchild report.
If Ludique's loop stops turning (a deadlock, a stuck driver call), the pings stop, and systemd
kills and restarts the whole unit ``WatchdogSec`` later.

The protocol is one datagram per message on a UNIX socket (``man sd_notify``): a few lines of
the standard library, no dependency.

Why a relay: the unit's PAM session (pam_systemd) moves cage and everything it starts into a
logind session scope, and systemd takes notifications only from processes of the unit's own
control group, whatever ``NotifyAccess=`` says.  So the unit starts :func:`relay` with
``ExecStartPost=+`` (outside the PAM session, in the unit's group): it listens on a socket that
the launcher hands Ludique as ``NOTIFY_SOCKET`` and passes each ``WATCHDOG=1`` on to systemd, and
nothing else, never a ping of its own: when Ludique's loop stops, the pings stop.

For tests only: with ``LUDIQUE_DEBUG_FREEZE=1`` in the environment, SIGUSR2 freezes the loop
inside :meth:`Watchdog.turn` (as a deadlock would) and a second SIGUSR2 lets it go on; without
that variable SIGUSR2 keeps its default meaning.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import sys
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

FREEZE_VARIABLE = "LUDIQUE_DEBUG_FREEZE"


def notify(message: str, address: str | None = None) -> bool:
    """Send one sd_notify ``message`` to ``address`` (default ``$NOTIFY_SOCKET``).

    Returns False, never raises, when there is no socket or it cannot be reached: the kiosk
    must run the same without systemd (a desktop, a test).
    """
    address = address if address is not None else os.environ.get("NOTIFY_SOCKET", "")
    if not address:
        return False
    if address.startswith("@"):  # an abstract socket, as systemd may hand out
        address = "\0" + address[1:]
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.connect(address)
            sock.sendall(message.encode())
    except OSError as exc:
        log.debug("sd_notify to %r failed: %s", address, exc)
        return False
    return True


class Watchdog:
    """Pings systemd's watchdog from the event loop: call :meth:`turn` once per turn.

    A ping goes out at most every ``interval`` seconds (a quarter of ``WATCHDOG_USEC``: systemd
    advises at least two pings per period, and a busy frame must not make us miss one).  Without
    ``NOTIFY_SOCKET`` and ``WATCHDOG_USEC`` it does nothing.
    """

    def __init__(
        self,
        address: str | None,
        interval: float | None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.address = address
        self.interval = interval
        self.clock = clock
        self.pings = 0
        self.frozen = False
        self._last: float | None = None

    @classmethod
    def from_environment(cls, environ: dict[str, str] | None = None) -> Watchdog:
        env = os.environ if environ is None else environ
        address = env.get("NOTIFY_SOCKET") or None
        interval = None
        try:
            usec = int(env.get("WATCHDOG_USEC", ""))
            if usec > 0:
                interval = usec / 4 / 1_000_000
        except ValueError:
            pass
        watchdog = cls(address, interval)
        if env.get(FREEZE_VARIABLE) == "1":
            watchdog.allow_debug_freeze()
        if watchdog.enabled:
            log.info("systemd watchdog: a ping at most every %.1f s", interval)
        return watchdog

    @property
    def enabled(self) -> bool:
        return self.address is not None and self.interval is not None

    def turn(self) -> None:
        """One turn of the event loop: ping if the last ping is ``interval`` old."""
        while self.frozen:  # only with LUDIQUE_DEBUG_FREEZE: the loop stands still, no ping
            time.sleep(0.05)
        interval = self.interval
        if self.address is None or interval is None:  # not ``enabled``
            return
        now = self.clock()
        if self._last is not None and now - self._last < interval:
            return
        if notify("WATCHDOG=1", self.address):
            self.pings += 1
        self._last = now

    def allow_debug_freeze(self) -> None:
        """SIGUSR2 toggles a freeze of the loop (tests of the watchdog only)."""

        def toggle(signum: int, frame: object) -> None:
            self.frozen = not self.frozen
            log.warning("debug: event loop %s on purpose", "frozen" if self.frozen else "thawed")

        signal.signal(signal.SIGUSR2, toggle)


def relay(path: str, upstream: str | None = None) -> int:
    """``ludique watchdog-relay PATH``: forward ``WATCHDOG=1`` datagrams received on the UNIX
    socket ``PATH`` to ``upstream`` (default ``$NOTIFY_SOCKET``), for ever.

    Binds first, gives the socket to the owner of its folder (the kiosk's user, through the
    unit's ``RuntimeDirectory=``), then leaves the foreground (systemd's ``ExecStartPost=`` waits
    for it) and goes on in a child process.
    """
    upstream = upstream if upstream is not None else os.environ.get("NOTIFY_SOCKET", "")
    if not upstream:
        print("watchdog-relay: no NOTIFY_SOCKET (not started by systemd?)", file=sys.stderr)
        return 2
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
    try:
        sock.bind(path)
    except OSError as exc:  # a folder missing (no RuntimeDirectory=?), refused, a name too long
        sock.close()
        print(f"watchdog-relay: cannot listen on {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    folder = os.stat(os.path.dirname(os.path.abspath(path)))
    if os.geteuid() == 0:
        os.chown(path, folder.st_uid, folder.st_gid)
    os.chmod(path, 0o660)
    if os.environ.get("LUDIQUE_RELAY_FOREGROUND") != "1":
        if os.fork() > 0:
            return 0  # the parent: systemd's ExecStartPost= is done
        # the child keeps no terminal or pipe of its parent open
        os.setsid()
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
    while True:
        message = sock.recv(4096)
        if message.strip() == b"WATCHDOG=1":
            notify("WATCHDOG=1", upstream)
