"""Rule cards and history panels: Markdown files in ``locales/<lang>/`` drawn for the Rules screen.

    from ludique.content import render_card, render_history, card_ids_for

    for card_id in card_ids_for("latrunculi-dux"):      # ["latrunculi", "latrunculi-dux"]
        surface = render_card("de", card_id, 1400)      # a tall surface, text wrapped to 1400 px
    panel = render_history("fr", "latrunculi-dux", 1400)

The format of the files is described in ``docs/content.md``.
"""

from ludique.content.document import (
    CARD_IDS,
    HISTORY_IDS,
    ContentError,
    card_ids_for,
    history_id_for,
)
from ludique.content.render import render_card, render_history, render_rules

__all__ = [
    "CARD_IDS",
    "HISTORY_IDS",
    "ContentError",
    "card_ids_for",
    "history_id_for",
    "render_card",
    "render_history",
    "render_rules",
]
