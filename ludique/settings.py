"""Kiosk settings (TOML).  A missing file means defaults; a bad value is reported and replaced
by its default, never a crash.  (Loading and validation: see the shipping issue.)"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Settings:
    idle_seconds: int = 90
    countdown_seconds: int = 15
    default_language: str = "fr"
    default_strength: str = "player"
    enabled_games: tuple[str, ...] = ("pente-grammai", "latrunculi", "epaminondas")
    sound: bool = True
    admin_pin: str = "1234"
    fullscreen: bool = True
    log_level: str = "INFO"
    # what was wrong in the settings file, shown on the admin panel
    problems: list[str] = field(default_factory=list)
