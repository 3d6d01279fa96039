"""The kiosk's colours, chosen to read from 1.5 m and to survive colour blindness.

Why these values: about one man in twelve sees red and green (and some see blue and yellow) poorly,
and every kind of colour blindness keeps *lightness*.  So the two colours that must never be
confused, the blue and the white counters, differ first of all in luminance (dark blue against
ivory, a contrast ratio above 5:1, see ``contrast_ratio``) and each has an outline of the opposite
lightness, so that a counter stands out on any board.  Highlights never rely on hue alone either:
the kiosk draws them as rings or glows, and they are bright against the dark boards.

All colours are ``(r, g, b)`` tuples for pygame.  ``docs/content.md`` lists them with their purpose.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# --- the room: screens, panels, text -----------------------------------------------------------
BACKGROUND: RGB = (33, 24, 19)  # deep warm brown, like a dimmed museum room
BACKGROUND_LIGHT: RGB = (52, 38, 29)  # panels and the side strip
TEXT: RGB = (243, 232, 210)  # parchment text on the dark background (contrast about 14:1)
TEXT_MUTED: RGB = (190, 172, 144)  # secondary text (still above 7:1 on BACKGROUND)
ACCENT: RGB = (214, 176, 102)  # gold: titles, button borders, the selected choice
ACCENT_DARK: RGB = (150, 112, 52)
HIGHLIGHT: RGB = (255, 214, 120)  # the held piece, the hint glow
TARGET: RGB = (120, 220, 140)  # legal targets (drawn as rings: shape, not hue, carries meaning)
DANGER: RGB = (200, 80, 60)  # a capture about to happen, the idle countdown

# --- the rule cards: dark ink on parchment ------------------------------------------------------
PAPER: RGB = (243, 232, 210)
INK: RGB = (38, 27, 20)  # body text on PAPER (contrast about 14:1)
INK_MUTED: RGB = (96, 74, 56)  # captions and notes on PAPER
INK_ACCENT: RGB = (140, 60, 32)  # headings on PAPER (terracotta, darkened for contrast)
KIOSK_RULE: RGB = (226, 210, 178)  # the band behind a rule that is the kiosk's own decision

# --- materials of the boards -------------------------------------------------------------------
TERRACOTTA: RGB = (184, 96, 60)  # the track's board of fired clay
TERRACOTTA_DARK: RGB = (120, 58, 34)
STONE: RGB = (196, 184, 160)  # the board scratched into stone
STONE_DARK: RGB = (138, 126, 106)
WOOD: RGB = (150, 106, 64)  # the board of wood
WOOD_DARK: RGB = (104, 70, 40)
BOARD_LINE: RGB = (58, 40, 28)  # lines and grid drawn on a board
SACRED_LINE: RGB = (140, 30, 24)  # the sacred line of a track (also drawn thicker)

# --- the pieces: fill and outline of opposite lightness ----------------------------------------
BLUE_COUNTER: RGB = (34, 76, 158)  # relative luminance about 0.08
BLUE_COUNTER_EDGE: RGB = (206, 222, 248)  # a light rim around the dark counter
WHITE_COUNTER: RGB = (244, 238, 224)  # relative luminance about 0.85
WHITE_COUNTER_EDGE: RGB = (62, 50, 42)  # a dark rim around the light counter
BLACK_PIECE: RGB = (36, 32, 30)  # the pieces of the side called black
BLACK_PIECE_EDGE: RGB = (200, 190, 170)
INCITUS_MARK: RGB = (140, 30, 24)  # the sign Ꝋ on a turned-over piece

PIECE_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "blue": (BLUE_COUNTER, BLUE_COUNTER_EDGE),
    "white": (WHITE_COUNTER, WHITE_COUNTER_EDGE),
    "black": (BLACK_PIECE, BLACK_PIECE_EDGE),
}


def relative_luminance(colour: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour, 0 (black) to 1 (white)."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio, 1 (identical lightness) to 21 (black on white)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
