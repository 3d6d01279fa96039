"""Every rule a visitor reads is checked by the rules engine (assets/claims.toml).

A rule sentence carries the id of a claim: an "In short" line (or any paragraph) of a rule card
ends with ``{#id}``; a guide's sentence, a rule notice or an end reason is a locale key that a
claim lists under ``keys``.  A claim gives positions (set up, from a saved game, or a guide step)
and what the engine must allow, refuse or decide there, and per language the words its sentences
must hold (``says``) or must not (``never``: a wording that once stated a rule the engine does
not play).  A rule sentence without a claim fails, and so does a claim that no sentence carries.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from claim_words import applies, holds, mutants

from ludique.games import load_game, new_game
from ludique.games.base import GameState, apply_action
from ludique.play.learn import GUIDE_IDS, load_guide
from ludique.words.document import CARD_IDS, load
from ludique.words.i18n import LANGUAGES, catalog

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
    visit = position.pop("visit", None)  # the short game's moves each (a fresh start's rule)
    state = new_game(game).from_position(**position)
    state.visit = visit
    return state


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


def _carriers(
    lang: str, claims: dict[str, dict[str, Any]] | None = None
) -> dict[str, list[tuple[str, str, str]]]:
    """claim id -> [(name, where, text)] for every sentence of ``lang`` that carries it.

    ``name`` is what a condition's ``in`` names: the locale key, or ``rules/<card>:<line>``;
    a heading that carries a claim is named ``heading:...`` (held to ``never`` only)."""
    found: dict[str, list[tuple[str, str, str]]] = {}
    for card_id in CARD_IDS:
        for block in load(lang, "rules", card_id):
            if block.claim:
                where = f"locales/{lang}/rules/{card_id}.md:{block.line}"
                name = f"rules/{card_id}:{block.line}"
                if block.kind == "heading":
                    name = "heading:" + name
                found.setdefault(block.claim, []).append((name, where, block.text))
    entries = catalog(lang).entries
    for claim_id, claim in (claims if claims is not None else _claims()).items():
        for key in claim.get("keys", []):
            assert key in entries, f"{claim_id}: no key {key!r} in {lang}"
            found.setdefault(claim_id, []).append((key, f"{lang} {key}", entries[key]))
    return found


def sentence_problems(claim: dict[str, Any], name: str, text: str, lang: str) -> list[str]:
    """What ``text`` (the sentence ``name`` carrying ``claim``) drops, negates or says wrongly."""
    problems = []
    low = text.casefold()
    for word in claim.get("says", {}).get(lang, []):
        if word.casefold() not in low:
            problems.append(f"says it without {word!r}")
    for word in claim.get("never", {}).get(lang, []):
        if word.casefold() in low:
            problems.append(f"{word!r} is not the rule")
    if not name.startswith("heading:"):
        for condition in claim.get("condition", []):
            if applies(condition, name):
                why = holds(text, condition, lang)
                if why:
                    problems.append(why)
    return problems


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


# --- coverage: every sentence a visitor reads that may state a rule ---------------------------

# Screen words beyond RULE_KEYS that a visitor reads beside a board: guidance, the prisoner's
# legend, the game and variant blurbs, and the story's line for a passed turn.
SCREEN_KEYS = (
    *RULE_KEYS,
    "kiosk.play.notice.",
    "kiosk.play.guide.",
    "kiosk.legend.",
    "kiosk.story.move.pass",
    "kiosk.status.no_move_",
)
BLURBS = re.compile(r"^kiosk\.(family|variant)\.[^.]+\.blurb$")


def visitor_sentences(lang: str) -> list[tuple[str, str, str]]:
    """(name, where, text) of every sentence of ``lang`` a visitor reads that may state a rule:
    each paragraph, list item and caption of the rule cards, each guided step's sentence, hint
    and last word, and the screen words of ``SCREEN_KEYS`` and the blurbs."""
    found = []
    for card_id in CARD_IDS:
        for block in load(lang, "rules", card_id):
            if block.kind in ("paragraph", "item", "caption"):
                where = f"locales/{lang}/rules/{card_id}.md:{block.line}"
                found.append((f"rules/{card_id}:{block.line}", where, block.text))
    entries = catalog(lang).entries
    keys = [k for k in entries if k.startswith(SCREEN_KEYS) or BLURBS.match(k)]
    for guide_id in GUIDE_IDS:
        guide = load_guide(guide_id)
        for step in guide.steps:
            keys += [f"kiosk.{guide.say_key(step)}", f"kiosk.{guide.hint_key(step)}"]
        keys.append(f"kiosk.{guide.won_key()}")
    found += [(k, f"{lang} {k}", entries[k]) for k in dict.fromkeys(keys) if k in entries]
    return found


def coverage(
    lang: str, claims: dict[str, dict[str, Any]]
) -> tuple[list[str], list[str], list[str]]:
    """The sentences of ``lang`` that carry a claim, those the claims file says state no rule
    (``not_rules``, with the reason), and those that are neither."""
    carried = {name for found in _carriers(lang, claims).values() for name, _, _ in found}
    exempt = _not_rules()
    claimed, stated_none, missing = [], [], []
    for name, where, text in visitor_sentences(lang):
        if name in carried:
            claimed.append(where)
        elif name in exempt:
            stated_none.append(where)
        else:
            missing.append(f"{where}: {text!r}")
    return claimed, stated_none, missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_visitor_facing_rule_sentence_carries_a_claim(lang):
    claims = _claims()
    claimed, stated_none, missing = coverage(lang, claims)
    total = len(claimed) + len(stated_none) + len(missing)
    print(f"{lang}: {total} sentences, {len(claimed)} with a claim, {len(stated_none)} no rule")
    assert len(claimed) >= 150 and total == len(visitor_sentences(lang))
    assert missing == [], f"{len(missing)} of {total} without a claim:\n" + "\n".join(missing)


def test_the_coverage_check_finds_a_sentence_without_a_claim():
    claims = _claims()
    dropped = dict(claims)
    dropped["pente.own-point"] = {**claims["pente.own-point"], "keys": []}
    *_, missing = coverage("en", dropped)
    assert [m for m in missing if "kiosk.play.refused.own" in m], missing
    assert not [m for m in coverage("en", claims)[2] if "kiosk.play.refused.own" in m]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_claim_is_carried_and_worded_as_the_engine_plays(lang):
    carriers = _carriers(lang)
    problems = []
    for claim_id, claim in _claims().items():
        texts = carriers.get(claim_id, [])
        if not texts:
            problems.append(f"{claim_id}: no sentence of {lang} carries it")
        for name, where, text in texts:
            for why in sentence_problems(claim, name, text, lang):
                problems.append(f"{where}: {why} ({claim_id}: {text!r})")
    assert problems == [], "\n".join(problems)


# --- the conditions of a rule, and the mutation test -------------------------------------------


def test_every_claim_names_its_conditions_and_holds_every_sentence_to_one():
    carriers = {lang: _carriers(lang) for lang in LANGUAGES}
    problems = []
    for claim_id, claim in _claims().items():
        conditions = claim.get("condition", [])
        if not conditions:
            problems.append(f"{claim_id}: no condition")
        names = {name for found in carriers.values() for name, _, _ in found.get(claim_id, [])}
        for condition in conditions:
            for lang in LANGUAGES:
                if not condition.get(lang):
                    problems.append(f"{claim_id}: {condition['what']!r} has no {lang} words")
            for scope in condition.get("in", []):
                if not any(n == scope or n.startswith(scope + ":") for n in names):
                    problems.append(f"{claim_id}: {condition['what']!r}: no carrier {scope!r}")
        for lang in LANGUAGES:
            for name, where, _ in carriers[lang].get(claim_id, []):
                if name.startswith("heading:"):
                    continue
                if not any(applies(c, name) for c in conditions):
                    problems.append(f"{where}: no condition of {claim_id} holds this sentence")
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_sentence_that_drops_or_negates_a_condition_fails(lang):
    """The mutation test: every condition of every claim, dropped from or negated in each sentence
    that carries it, makes the check fail."""
    survivors, tried = [], 0
    for claim_id, claim in _claims().items():
        for name, where, text in _carriers(lang).get(claim_id, []):
            if name.startswith("heading:"):
                continue
            for condition in claim.get("condition", []):
                if not applies(condition, name):
                    continue
                for how, mutant in mutants(text, condition, lang):
                    tried += 1
                    if mutant == text or not sentence_problems(claim, name, mutant, lang):
                        survivors.append(f"{where}: {how} {condition['what']!r}: {mutant!r}")
    assert tried > 0
    assert survivors == [], "\n".join(survivors)


# Sentences the issue found wrong, as they stood: each must now fail its claim's check.
BROKEN = [
    ("pente.own-point", "rules/pente-grammai:39", "en", "No move may end on your own counters."),
    ("pente.own-point", "rules/pente-grammai:39", "de", "Kein Zug darf auf eigenen Steinen enden."),
    (
        "epaminondas.phalanx",
        "kiosk.play.rule.epaminondas.backwards",
        "en",
        "Phalanxes may also move backwards and sideways, in any of the eight directions.",
    ),
    (
        "pente.enter-first",
        "kiosk.play.rule.pente.enter-first",
        "fr",
        "Un pion en attente doit entrer dès qu’il le peut : ensuite seulement, un pion du plateau "
        "peut avancer.",
    ),
    (
        "pente.must-move",
        "kiosk.play.rule.pente.forced-off",
        "en",
        "No other move was possible, so a counter had to leave {point}: a player must always move "
        "if he can.",
    ),
    (
        "latrunculi.fifty-turns",
        "kiosk.play.rule.latrunculi.fifty",
        "en",
        "{left} more turns without a capture and the game ends: the side with more pieces wins "
        "(kiosk rule).",
    ),
    (
        "epaminondas.crossing",
        "kiosk.play.threat.crossing.you",
        "en",
        "Danger: capture a ringed piece or cross as many, or the computer wins at its next turn.",
    ),
    ("epaminondas.phalanx", "kiosk.play.refused.far", "fr", "Une phalange de {size} avance."),
]


@pytest.mark.parametrize("claim_id,name,lang,text", BROKEN)
def test_the_wrong_sentences_of_issue_36_fail_their_claim(claim_id, name, lang, text):
    assert sentence_problems(_claims()[claim_id], name, text, lang) != []
