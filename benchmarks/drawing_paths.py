"""The two ways pygame-ce can put a kiosk frame on a 4K screen, timed side by side.

1. software: the backdrop-and-board layer and the pieces blitted onto the window's surface, then
   the whole frame sent (``display.flip``) or only the changed squares (``display.update``);
2. renderer: ``pygame._sdl2.video`` — the same layer and pieces uploaded once as textures, and a
   frame is ``renderer.clear`` + texture copies + ``present`` (on a kiosk PC the GPU composes;
   under the dummy driver SDL's software renderer stands in, as here).

    python benchmarks/drawing_paths.py [--size 3840x2160] [--frames 200]

Prints the median and 99th percentile of each path's frame in ms.  The kiosk uses path 1 with
dirty rectangles (docs/kiosk.md, "Drawing at the display's own resolution" says why).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def layer_and_sprite(size: tuple[int, int]):
    import pygame

    layer = pygame.Surface(size)
    layer.fill((33, 24, 19))
    pygame.draw.rect(layer, (184, 96, 60), layer.get_rect().inflate(-size[0] // 3, -40))
    radius = size[1] // 30
    sprite = pygame.Surface((2 * radius + 4, 2 * radius + 4), pygame.SRCALPHA)
    pygame.draw.aacircle(sprite, (34, 76, 158), (radius + 2, radius + 2), radius)
    return layer, sprite


def software(size, frames: int, dirty: bool) -> list[float]:
    import pygame

    screen = pygame.display.set_mode(size)
    layer, sprite = layer_and_sprite(size)
    layer = layer.convert()
    sprite = sprite.convert_alpha()
    rng = random.Random(1)
    spots = [(rng.randrange(size[0]), rng.randrange(size[1])) for _ in range(60)]
    screen.blit(layer, (0, 0))
    pygame.display.flip()
    times = []
    moving = sprite.get_rect()
    for i in range(frames):
        start = time.perf_counter()
        if dirty:
            # one piece glides: restore under it, draw it, send both squares
            before = moving.copy()
            screen.blit(layer, before, before)
            moving.topleft = (i * 7 % size[0], i * 3 % size[1])
            screen.blit(sprite, moving)
            pygame.display.update([before, moving])
        else:
            screen.blit(layer, (0, 0))
            for spot in spots:
                screen.blit(sprite, spot)
            pygame.display.flip()
        times.append((time.perf_counter() - start) * 1000)
    return times


def renderer(size, frames: int) -> list[float]:
    from pygame._sdl2.video import Renderer, Texture, Window

    window = Window("paths", size=size)
    render = Renderer(window)
    layer, sprite = layer_and_sprite(size)
    layer_t = Texture.from_surface(render, layer)
    sprite_t = Texture.from_surface(render, sprite)
    rng = random.Random(1)
    spots = [(rng.randrange(size[0]), rng.randrange(size[1])) for _ in range(60)]
    w, h = sprite.get_size()
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        render.clear()
        layer_t.draw()
        for x, y in spots:
            sprite_t.draw(dstrect=(x, y, w, h))
        render.present()
        times.append((time.perf_counter() - start) * 1000)
    window.destroy()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="3840x2160")
    parser.add_argument("--frames", type=int, default=200)
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.lower().split("x"))
    import pygame

    pygame.init()
    rows = [
        ("software, whole frame", software(size, args.frames, dirty=False)),
        ("software, changed squares", software(size, args.frames, dirty=True)),
        ("renderer + textures", renderer(size, args.frames)),
    ]
    print(f"{size[0]}x{size[1]}, {args.frames} frames each, driver {pygame.display.get_driver()}")
    for name, times in rows:
        print(f"{name:<28} median {statistics.median(times):7.2f} ms   p99 {p99(times):7.2f} ms")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
