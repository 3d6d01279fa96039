"""The rules a guided game does not teach, each explained the first time it applies (no pygame).

Every :class:`Rule` watches the actions of a game (the position before, the action, the position
after) and says when it has just applied; the guidance shows its sentence
(``kiosk.play.rule.<id>``) once per game, in the strip beside the board.  A game's spec names the
rules it explains (``GameSpec.notices``) and those its guided game already teaches
(``GameSpec.taught_by_guide``): those are not repeated (``docs/guides.md`` has the whole table;
``tests/test_notices.py`` drives each rule).
"""

from __future__ import annotations

from collections.abc import Collection

from ludique.games import GAME_IDS, game_ids, spec
from ludique.games.base import GameState
from ludique.games.notice import REPETITION, Fields, Rule

# every rule of the kiosk's games, each once, from their specs (of two rules that apply at once,
# a game says the one its spec lists first: the end of a game, the repetition, comes first)
RULES: tuple[Rule, ...] = tuple(
    dict.fromkeys((REPETITION, *(rule for g in GAME_IDS for rule in spec(g).notices)))
)


def taught_by_guide() -> dict[str, dict[str, str]]:
    """What each guided game teaches of these already (its step keys in assets/guides/*.toml),
    by game id, from the games' specs."""
    return {g: dict(spec(g).taught_by_guide) for g in game_ids() if spec(g).taught_by_guide}


def rules_for(game_id: str) -> tuple[Rule, ...]:
    """The rules a game explains by a notice: its own, less those its guide teaches."""
    game = spec(game_id)
    taught = dict(game.taught_by_guide)
    return tuple(r for r in game.notices if r.id not in taught)


def applying(
    game_id: str,
    before: GameState,
    action: str,
    after: GameState,
    shown: Collection[str] = (),
) -> tuple[str, Fields] | None:
    """The first rule not yet ``shown`` that ``action`` (from ``before`` to ``after``) applied."""
    for rule in rules_for(game_id):
        if rule.id in shown:
            continue
        fields = rule.applies(before, action, after)
        if fields is not None:
            return rule.id, fields
    return None


__all__ = ["RULES", "Rule", "applying", "rules_for", "taught_by_guide"]
