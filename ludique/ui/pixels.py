"""One budget for every picture the kiosk keeps for later: boards, textures, texts, diagrams.

Drawing a board, a texture or a line of text costs milliseconds, so each is drawn once and kept.
Kept per function and counted in entries, these caches each looked small, yet a day of visitors
(every game, both turns of the board, three languages, every rule card) slowly filled them all to
some hundreds of MB.  Here they share one least-recently-used store bounded in *bytes*: whatever
the visitors do, the kept pixels never exceed ``BUDGET``, and what goes out is simply drawn again
the next time it is needed.  A surface still on screen stays alive through its user's reference.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import wraps
from typing import ParamSpec

import pygame

P = ParamSpec("P")

# Everything one full HD screen shows in one game (backdrop with board both ways round, board,
# textures, sprites, the texts of two languages, a rule card's diagrams) is some 60 MB.
BUDGET = 96 * 2**20
FULL_HD = 1920 * 1080


def budget_for(size: tuple[int, int]) -> int:
    """The budget for a screen of ``size``: the same number of *screens* of pictures as at full
    HD, so a 4K kiosk (four times the pixels) keeps four times the bytes, 384 MB."""
    return int(BUDGET * max(1.0, size[0] * size[1] / FULL_HD))


def surface_bytes(surface: pygame.Surface) -> int:
    """The pixel memory a surface owns (a subsurface owns none)."""
    if surface.get_parent() is not None:
        return 0
    return surface.get_pitch() * surface.get_height()


class PixelCache:
    """Surfaces by key, least recently used first out once their bytes exceed ``budget``."""

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self.bytes = 0
        self._entries: OrderedDict[Hashable, tuple[pygame.Surface, int]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: Hashable) -> pygame.Surface | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        self._entries.move_to_end(key)
        return entry[0]

    def put(self, key: Hashable, surface: pygame.Surface) -> pygame.Surface:
        """Keep ``surface`` under ``key`` (a surface larger than the budget is not kept)."""
        size = surface_bytes(surface)
        old = self._entries.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        if size <= self.budget:
            self._entries[key] = (surface, size)
            self.bytes += size
            while self.bytes > self.budget:
                _, (_, freed) = self._entries.popitem(last=False)
                self.bytes -= freed
        return surface

    def get_or_draw(self, key: Hashable, draw: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface kept under ``key``, drawn by ``draw()`` (and kept) if there is none."""
        surface = self.get(key)
        return self.put(key, draw()) if surface is None else surface

    def clear(self) -> None:
        self._entries.clear()
        self.bytes = 0

    def set_budget(self, budget: int) -> None:
        """A new budget (the screen changed); what no longer fits goes, oldest first."""
        self.budget = budget
        while self.bytes > self.budget and self._entries:
            _, (_, freed) = self._entries.popitem(last=False)
            self.bytes -= freed


PIXELS = PixelCache()


def kept(draw: Callable[P, pygame.Surface]) -> Callable[P, pygame.Surface]:
    """Decorator: ``draw``'s result is kept in ``PIXELS`` under its name and arguments."""
    name = f"{draw.__module__}.{draw.__qualname__}"

    @wraps(draw)
    def cached(*args: P.args, **kwargs: P.kwargs) -> pygame.Surface:
        key = (name, args, tuple(sorted(kwargs.items()))) if kwargs else (name, args)
        return PIXELS.get_or_draw(key, lambda: draw(*args, **kwargs))

    return cached
