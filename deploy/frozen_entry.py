"""Entry point of the PyInstaller build (see ``build.spec``).

``freeze_support()`` must run before anything else: the computer player thinks in a ``spawn``
worker process, and in a frozen program each worker starts this same executable; without it every
worker would start a whole new kiosk.
"""

import multiprocessing

if __name__ == "__main__":
    multiprocessing.freeze_support()
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from ludique.cli import main

    raise SystemExit(main())
