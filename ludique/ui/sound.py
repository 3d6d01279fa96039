"""Short synthesised sounds (throw, move, capture, win): built from samples at start, no files.

The kiosk must run silently where there is no audio device: if the mixer cannot start, ``Sounds``
stays quiet and ``play`` does nothing.  Samples are made with the standard ``array`` module so that
numpy is not needed at run time.
"""

from __future__ import annotations

import logging
import math
import random
from array import array

import pygame

log = logging.getLogger(__name__)

SOUND_NAMES: tuple[str, ...] = ("throw", "move", "capture", "win")
_VOLUME = 0.5  # of full scale: the kiosk shares a room with other exhibits


def _knock(rate: int, pitch: float, length: float, noise: float, seed: int) -> list[float]:
    """A wooden knock: a fast-decaying tone with a little noise at its attack."""
    rng = random.Random(seed)
    n = int(rate * length)
    out = []
    for i in range(n):
        t = i / rate
        tone = math.sin(2 * math.pi * pitch * t) + 0.4 * math.sin(2 * math.pi * pitch * 2.7 * t)
        click = rng.uniform(-1, 1) * math.exp(-t * 400) * noise
        out.append((tone * math.exp(-t * 38) + click) * 0.6)
    return out


def _pluck(rate: int, pitch: float, length: float) -> list[float]:
    """A plucked string, like a lyre: a few harmonics fading at different speeds.

    Each harmonic is a damped oscillator run by its two-term recurrence (a multiply and an add
    per sample) rather than ``sin`` and ``exp`` per sample: five times faster, same sound."""
    n = int(rate * length)
    out = [0.0] * n
    for h in (1, 2, 3):
        w = 2 * math.pi * pitch * h / rate
        damp = math.exp(-(3 + 4 * h) / rate)
        c = 2 * damp * math.cos(w)
        d = damp * damp
        prev, cur = 0.0, math.sin(w) * damp / h
        for i in range(n):
            out[i] += prev
            prev, cur = cur, c * cur - d * prev
    attack = int(rate / 400)
    for i in range(min(attack, n)):
        out[i] *= i / attack
    return [v * 0.5 for v in out]


def _mix(parts: list[tuple[float, list[float]]], rate: int) -> list[float]:
    """Lay each part (start time in seconds, samples) on one track."""
    end = max(int(start * rate) + len(samples) for start, samples in parts)
    track = [0.0] * end
    for start, samples in parts:
        offset = int(start * rate)
        for i, v in enumerate(samples):
            track[offset + i] += v
    return track


def synthesise(name: str, rate: int) -> list[float]:
    """The samples of sound ``name`` (one of ``SOUND_NAMES``) at ``rate`` Hz, in -1..1."""
    if name == "throw":
        # the die tumbling: a few knocks of falling loudness and varied pitch
        hits = [(0.0, 1.0, 520), (0.09, 0.8, 610), (0.16, 0.6, 480), (0.26, 0.45, 560)]
        parts = [
            (start, [v * loud for v in _knock(rate, pitch, 0.1, 1.5, seed=k)])
            for k, (start, loud, pitch) in enumerate(hits)
        ]
        samples = _mix(parts, rate)
    elif name == "move":
        samples = _knock(rate, 300, 0.14, 0.8, seed=11)
    elif name == "capture":
        samples = _mix(
            [(0.0, _knock(rate, 240, 0.16, 1.2, seed=21)), (0.07, _knock(rate, 700, 0.14, 1, 22))],
            rate,
        )
    elif name == "win":
        notes = [261.63, 329.63, 392.0, 523.25]  # C, E, G, C: a bright rising chord
        samples = _mix([(0.13 * k, _pluck(rate, f, 0.9)) for k, f in enumerate(notes)], rate)
    else:
        raise ValueError(f"unknown sound {name!r}: expected one of {', '.join(SOUND_NAMES)}")
    peak = max(abs(v) for v in samples) or 1.0
    return [v / peak * _VOLUME for v in samples]


def _to_buffer(samples: list[float], size: int, channels: int) -> bytes:
    """Raw samples in the mixer's own format (signed 16-bit or 32-bit float), per channel."""
    data: array[float] | array[int]
    if size == 32:
        data = array("f", (v for v in samples for _ in range(channels)))
    else:
        data = array("h", (int(v * 32767) for v in samples for _ in range(channels)))
    return data.tobytes()


class Sounds:
    """The game's sounds.  ``enabled`` follows the settings; without audio, ``play`` is silent."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = self._start()

    def _start(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            mixer = pygame.mixer.get_init()
            if mixer is None:
                log.warning("no audio; sounds are off")
                return False
            rate, size, channels = mixer
            if abs(size) not in (16, 32):
                log.warning("audio format %s not supported; sounds are off", size)
                return False
            for name in SOUND_NAMES:
                buffer = _to_buffer(synthesise(name, rate), abs(size), channels)
                self._sounds[name] = pygame.mixer.Sound(buffer=buffer)
        except (pygame.error, OSError) as exc:
            log.warning("no audio device (%s); the kiosk runs silently", exc)
            self._sounds.clear()
            return False
        return True

    def play(self, name: str) -> None:
        """Play sound ``name`` if sound is enabled and a device exists."""
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound {name!r}: expected one of {', '.join(SOUND_NAMES)}")
        if self.enabled and self.available:
            try:
                self._sounds[name].play()
            except pygame.error as exc:  # a device unplugged mid-game must not stop the kiosk
                log.warning("sound %r could not play: %s", name, exc)

    def length(self, name: str) -> float:
        """Duration of ``name`` in seconds (0 when there is no audio)."""
        sound = self._sounds.get(name)
        return sound.get_length() if sound else 0.0
