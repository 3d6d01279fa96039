"""Keep the kiosk's resident memory flat over a day of visitors.

Three causes of creep, three remedies:

- Kept pictures: one byte budget for all of them (``ludique.ui.pixels``).
- Dropped scenes: a scene is a reference cycle (its buttons' callbacks are its own methods), so
  when the kiosk leaves it, only Python's cyclic collector can free it, and with it its pixels (a
  rule card is 20 MB, a game's backdrop 8 MB).  The collector's full pass runs only after tens of
  thousands of new long-lived objects, so dropped scenes piled up for minutes: the soak saw
  300-500 MB peaks.  ``release_dropped_scenes`` runs a full pass at the frame after each change
  of screen; ``gc.freeze`` after start-up takes the program's own modules and tables out of those
  passes, so one costs about 1 ms instead of 20.
- glibc (below): pixels are allocated and freed in blocks of a few hundred KB to tens of MB.
  glibc raises its mmap threshold to the size of each large block freed, so later large blocks
  come from the main heap, which is fragmented by small objects and rarely shrinks: resident
  memory then swings by 100-200 MB and drifts upwards.  A fixed threshold sends every large block
  to its own mapping, returned to the system when freed.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
import sys

log = logging.getLogger(__name__)

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 128 * 1024  # glibc's own starting value; fixing it stops the dynamic rise
TRIM_THRESHOLD = 1024 * 1024


def limit_heap_growth() -> bool:
    """Fix glibc's mmap and trim thresholds; True if done (False elsewhere, harmlessly)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # musl or another libc: nothing to tune
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    done = bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(
        mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD)
    )
    if not done:
        log.warning("mallopt refused the memory thresholds; memory may drift upwards")
    return done


def freeze_startup_objects() -> None:
    """Exempt everything alive now (modules, tables, fonts) from later full collections."""
    gc.collect()
    gc.freeze()


def thaw_startup_objects() -> None:
    """Undo ``freeze_startup_objects`` when the program closes (a next one freezes its own)."""
    gc.unfreeze()


def release_dropped_scenes() -> None:
    """Free the scene just left (a reference cycle) and its pixels now, not minutes later."""
    gc.collect()
