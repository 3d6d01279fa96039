"""Rule cards and history panels as documents: Markdown files in ``locales/<lang>/`` read into
blocks and runs (no drawing here: ``ludique.ui.rule_cards`` draws them for the Rules screen,
``ludique.ui.printed_cards`` prints them).

    from ludique.content import card_ids_for
    from ludique.content.document import load

    for card_id in card_ids_for("latrunculi-dux"):      # ["latrunculi", "latrunculi-dux"]
        blocks = load("de", "rules", card_id)

The format of the files is described in ``docs/content.md``.
"""

from ludique.content.document import (
    CARD_IDS,
    HISTORY_IDS,
    ContentError,
    card_ids_for,
    history_id_for,
)

__all__ = [
    "CARD_IDS",
    "HISTORY_IDS",
    "ContentError",
    "card_ids_for",
    "history_id_for",
]
