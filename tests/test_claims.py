"""Every rule a visitor reads is checked by the rules engine (assets/claims.toml).

A rule sentence carries the id of a claim: an "In short" line (or any paragraph) of a rule card
ends with ``{#id}``; a guide's sentence, a rule notice or an end reason is a locale key that a
claim lists under ``keys``.  A claim gives positions (set up, from a saved game, or a guide step)
and what the engine must allow, refuse or decide there, and per language the words its sentences
must hold (``says``) or must not (``never``: a wording that once stated a rule the engine does
not play).  A rule sentence without a claim fails, and so does a claim that no sentence carries.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from ludique.content import CARD_IDS
from ludique.content.document import load
from ludique.games import load_game, new_game
from ludique.games.base import GameState, apply_action
from ludique.guide import GUIDE_IDS, load_guide
from ludique.i18n import LANGUAGES, catalog

CLAIMS = Path(__file__).resolve().parents[1] / "assets" / "claims.toml"
# The screen words that state a rule: every key under these must be carried by a claim, or be
# listed in the claims file's ``not_rules`` with the reason it states none.
RULE_KEYS = (
    "kiosk.play.notice.",
    "kiosk.play.refused.",
    "kiosk.play.rule.",
    "kiosk.play.threat.",
    "kiosk.reason.",
    "kiosk.play.end.reason.",
)


def _claims() -> dict[str, dict[str, Any]]:
    with CLAIMS.open("rb") as fh:
        data = tomllib.load(fh)
    claims = {c["id"]: c for c in data["claim"]}
    assert len(claims) == len(data["claim"]), "a claim id is used twice"
    return claims


def _not_rules() -> dict[str, str]:
    with CLAIMS.open("rb") as fh:
        return tomllib.load(fh).get("not_rules", {})


CLAIM_IDS = sorted(_claims())


# --- positions and checks ---------------------------------------------------------------------


def _start(check: dict[str, Any]) -> GameState:
    if "guide" in check:
        guide_id, _, key = check["guide"].partition(":")
        steps = {s.key: s for s in load_guide(guide_id).steps}
        step = steps[key]
        return {"ready": step.ready, "after": step.after, "end": step.end}[check.get("at", "ready")]
    if "saved" in check:
        return load_game(check["saved"])
    position = dict(check["position"])
    game = position.pop("game")
    return new_game(game).from_position(**position)


def _active(state: GameState, colour: str) -> Counter[str]:
    """Where ``colour`` has pieces that can still be captured (not off the board, not prisoners)."""
    return Counter(
        p.square
        for p in state.pieces()
        if p.colour == colour and p.square != "off" and p.kind != "incitus"
    )


def _prisoners(state: GameState) -> set[str]:
    return {p.square for p in state.pieces() if p.kind == "incitus"}


def run_check(check: dict[str, Any]) -> list[str]:
    """What the engine does not do of what ``check`` says (empty: the engine agrees)."""
    problems: list[str] = []
    state = _start(check)
    for action in check.get("play", []):
        state = apply_action(state, action)
    legal = sorted(m.text for m in state.legal_moves())
    if "only" in check and legal != sorted(check["only"]):
        problems.append(f"legal moves are {legal}, not only {sorted(check['only'])}")
    for move in check.get("allows", []):
        if move not in legal:
            problems.append(f"{move} is not allowed (legal: {legal[:12]})")
    for move in check.get("refuses", []):
        if move in legal:
            problems.append(f"{move} is allowed")
    if "move" in check:
        mover = state.to_move
        opponent = state.opponent
        before, held = _active(state, opponent), _prisoners(state)
        state = state.play(check["move"])
        taken = sorted((before - _active(state, opponent)).elements())
        if "captures" in check and taken != sorted(check["captures"]):
            problems.append(f"{check['move']} captures {taken}, not {check['captures']}")
        if "prisoners" in check and not set(check["prisoners"]) <= _prisoners(state):
            problems.append(f"no prisoner on {check['prisoners']} after {check['move']}")
        if "freed" in check and set(check["freed"]) & _prisoners(state):
            problems.append(f"{check['freed']} not freed by {check['move']}")
        if "freed" in check and not set(check["freed"]) <= held:
            problems.append(f"{check['freed']} was no prisoner before {check['move']}")
        del mover
    if "to_move" in check and state.to_move != check["to_move"]:
        problems.append(f"{state.to_move} is to move, not {check['to_move']}")
    if "outcome" in check:
        outcome = state.outcome
        got = "none" if outcome is None else (outcome.winner or "draw")
        if got != check["outcome"]:
            problems.append(f"the outcome is {got} ({outcome}), not {check['outcome']}")
        elif "reason" in check and outcome is not None and outcome.reason != check["reason"]:
            problems.append(f"the game ends by {outcome.reason}, not {check['reason']}")
    return problems


def test_a_check_can_fail():
    wrong = {
        "position": {"game": "pente-grammai", "blue": {"3B": 1}, "die": 2},
        "allows": ["3B-5B"],  # entering comes first: the only legal move is off-2A
        "only": ["3B-5B"],
    }
    assert len(run_check(wrong)) == 2
    assert run_check({**wrong, "allows": [], "only": ["off-2A"]}) == []


@pytest.mark.parametrize("claim_id", CLAIM_IDS)
def test_the_engine_plays_what_the_claim_says(claim_id):
    claim = _claims()[claim_id]
    assert claim.get("check"), f"{claim_id}: no position to check"
    problems = [
        f"{claim_id}, check {i}: {p}" for i, c in enumerate(claim["check"], 1) for p in run_check(c)
    ]
    assert problems == [], "\n".join(problems)


# --- the sentences that carry the claims ------------------------------------------------------


def _carriers(lang: str) -> dict[str, list[tuple[str, str]]]:
    """claim id -> [(where, text)] for every sentence of ``lang`` that carries it."""
    found: dict[str, list[tuple[str, str]]] = {}
    for card_id in CARD_IDS:
        for block in load(lang, "rules", card_id):
            if block.claim:
                where = f"locales/{lang}/rules/{card_id}.md:{block.line}"
                found.setdefault(block.claim, []).append((where, block.text))
    entries = catalog(lang).entries
    for claim_id, claim in _claims().items():
        for key in claim.get("keys", []):
            assert key in entries, f"{claim_id}: no key {key!r} in {lang}"
            found.setdefault(claim_id, []).append((f"{lang} {key}", entries[key]))
    return found


def _in_short_lines(lang: str, card_id: str) -> list[Any]:
    blocks = load(lang, "rules", card_id)
    heads = [i for i, b in enumerate(blocks) if b.kind == "heading" and b.level == 2]
    end = heads[1] if len(heads) > 1 else len(blocks)
    return [b for b in blocks[heads[0] + 1 : end] if b.kind == "item"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_sentence_carries_a_claim(lang):
    claims = _claims()
    missing = []
    for card_id in CARD_IDS:
        for line in _in_short_lines(lang, card_id):
            if line.claim not in claims:
                missing.append(f"locales/{lang}/rules/{card_id}.md:{line.line}: {line.claim!r}")
    keyed = {k for c in claims.values() for k in c.get("keys", [])}
    for guide_id in GUIDE_IDS:
        guide = load_guide(guide_id)
        for key in [f"kiosk.{guide.say_key(s)}" for s in guide.steps] + [
            f"kiosk.{guide.won_key()}"
        ]:
            if key not in keyed:
                missing.append(f"{lang} {key}: a guide's sentence without a claim")
    exempt = _not_rules()
    for key in catalog(lang).entries:
        if key.startswith(RULE_KEYS) and key not in keyed and key not in exempt:
            missing.append(f"{lang} {key}: a rule notice without a claim")
    assert missing == [], "\n".join(missing)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_claim_is_carried_and_worded_as_the_engine_plays(lang):
    carriers = _carriers(lang)
    problems = []
    for claim_id, claim in _claims().items():
        texts = carriers.get(claim_id, [])
        if not texts:
            problems.append(f"{claim_id}: no sentence of {lang} carries it")
        for where, text in texts:
            low = text.casefold()
            for word in claim.get("says", {}).get(lang, []):
                if word.casefold() not in low:
                    problems.append(f"{where}: says {text!r} without {word!r} ({claim_id})")
            for word in claim.get("never", {}).get(lang, []):
                if word.casefold() in low:
                    problems.append(f"{where}: {word!r} is not the rule ({claim_id}: {text!r})")
    assert problems == [], "\n".join(problems)
