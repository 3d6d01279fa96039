"""Every fact a visitor-facing rule sentence states is bound to the engine (issue 60: "a
sentence that holds a fact-word its claim does not account for fails").

A fact is what ``fact_words.facts`` reads out of a sentence: a number, a half, an ordinal, a
side's colour, a square or point, a direction, "must", who wins, loses or draws, more or fewer,
which variant.  Each fact of a rule sentence must be accounted for in one of three ways:

- **a field**: the program fills it in from the engine or the game's spec (``{to}`` of a guided
  step is its move's last square, ``{count}`` of a notice the engine's count); a field is no
  fact of the text, so it cannot drift;
- **claimed by a condition**: it stands inside one of the words of a condition of the
  sentence's claim (``assets/claims.toml``, ``[[claim.condition]]``), which the claim's checks
  play in the engine and the mutation test drops and negates;
- **named by a fact of the claim**: ``[[claim.fact]]`` lists it as a language-free symbol
  (``says = ["16", "BLUE", "e4"]``, optionally ``in = [...]`` sentences, as a condition's
  ``in``), and, where no condition's words hold it, the engine must show it in the claim's own
  checks (or the guided step or the diagram of the sentence): a square is one of their
  positions or moves, a side one of their colours, a number one their positions, throws or
  captures hold or the game's spec has (its pieces, files, ranks, points), a win or a loss an
  outcome they reach, a draw a drawn outcome, a "must" a check that narrows the legal moves
  (``only``) or refuses one, a variant a check in that variant's game, a direction a move of
  theirs that goes that way;
- **computed**: the history panel's figures of perfect play; **a reference** to a passage of
  an ancient text, "(117, 30)", on a history panel.

The sentences: every line of a rule card that carries a claim (paragraphs, list items,
captions, and what paper prints instead), every screen word a claim lists (guided steps' and
guides' last words, notices, refusals, rule notices, threats, end reasons), every guided step's
hint (held to the claims of its step's sentence, and to its step's position), the story
screen's words (``kiosk.story.*``, but a measure's name) and the rule statements of the history
panels (a paragraph ending with ``{#claim}``), and the history panel's figures of perfect play,
which ``tests/test_facts.py`` holds to the solved table (counted here as computed).

A claim's ``[[claim.fact]]`` entries are the inventory of its sentences' facts, those a
condition's words hold included: each named as many times as the sentence states it, the sides
and the squares in the order they stand, so that a fact dropped or turned into another fails
here even when a condition's word is still there and the change was made in all three languages.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from claim_words import _spans, applies, words_of
from fact_words import FIELD, SQUARE, Fact, facts
from test_claims import _claims, _not_rules, _start

from ludique.games import spec
from ludique.games.base import GameState, apply_action
from ludique.play.learn import GUIDE_IDS, Step, load_guide
from ludique.words.document import CARD_IDS, HISTORY_IDS, load
from ludique.words.i18n import LANGUAGES, catalog

BLOCKS = ("paragraph", "item", "caption")
# the history panel's statement of perfect play: its figures are the solved table's, held to it
# by tests/test_facts.py (test_the_story_states_the_solved_tables_figures)
COMPUTED = "history/pente-grammai"


def _perfect_play_figures() -> frozenset[str]:
    from ludique.play.analysis import perfect_play

    play = perfect_play("pente-grammai")
    blue = round(100 * play.blue, 1)
    return frozenset(
        (f"{blue:.1f}", f"{100 - blue:.1f}", str(round(play.mean_turns)))
        + (str(play.quartile_1), str(play.quartile_3))
    )


PERFECT = _perfect_play_figures()


# a reference to a passage of an ancient text in a history panel, "(117, 30)": no fact of a rule
REFERENCE = re.compile(r"\(\d+, \d+\)")
COLOURS = {"BLUE": "blue", "WHITE": "white", "BLACK": "black"}
VARIANTS = {
    "SENECA": "latrunculi-seneca",
    "PISO": "latrunculi-piso",
    "PETTEIA": "latrunculi-petteia",
}


@dataclass
class Sentence:
    name: str  # what a condition's or a fact's ``in`` names: rules/<card>:<line>, a locale key
    where: str  # file and line, or language and key, for the failure message
    text: str
    claims: list[str]
    # the positions the sentence's own picture plays: a guided step's (and the step's before,
    # which it may recall), a caption's diagram; with the moves played there
    shown: list[tuple[GameState, list[str]]] = field(default_factory=list)
    computed: frozenset[str] = frozenset()  # figures held to a computed value elsewhere


def _step_states(step: Step) -> list[tuple[GameState, list[str]]]:
    moves = [step.move, *step.replies, *([step.refused] if step.refused else [])]
    return [(s, moves) for s in (step.start, step.ready, step.after, step.end)]


def _guide_keys() -> dict[str, list[tuple[str, list[tuple[GameState, list[str]]]]]]:
    """A guided step's sentence and hint (and a guide's last word) -> (its say key, the
    positions and moves of its step and of the step before)."""
    out: dict[str, list[tuple[str, list[tuple[GameState, list[str]]]]]] = {}
    for guide_id in GUIDE_IDS:
        guide = load_guide(guide_id)
        previous: list[tuple[GameState, list[str]]] = []
        for step in guide.steps:
            say = f"kiosk.{guide.say_key(step)}"
            shown = _step_states(step) + previous
            for key in (say, f"kiosk.{guide.hint_key(step)}"):
                out.setdefault(key, []).append((say, shown))
            previous = _step_states(step)
        won = f"kiosk.{guide.won_key()}"
        out.setdefault(won, []).append((won, previous))
    return out


def _diagram_states(card_id: str) -> dict[int, list[tuple[GameState, list[str]]]]:
    """A caption's line -> the positions and moves of the diagram above it."""
    from ludique.ui.diagrams import DIAGRAMS, positions

    blocks = load("en", "rules", card_id)
    out = {}
    for i, block in enumerate(blocks):
        if block.kind == "caption":
            name = blocks[i - 1].name
            out[block.line] = [(s, list(DIAGRAMS[name].moves)) for s in positions(name)]
    return out


GUIDED = _guide_keys()


DIAGRAM_STATES = {card_id: _diagram_states(card_id) for card_id in CARD_IDS}


def rule_sentences(lang: str, claims: dict[str, dict[str, Any]]) -> list[Sentence]:
    diagrams = DIAGRAM_STATES
    out = []
    for card_id in CARD_IDS:
        for block in load(lang, "rules", card_id):
            if block.kind not in BLOCKS or not block.claim:
                continue
            name = f"rules/{card_id}:{block.line}"
            where = f"locales/{lang}/rules/{card_id}.md:{block.line}"
            shown = diagrams[card_id].get(block.line, [])
            out.append(Sentence(name, where, block.text, [block.claim], shown))
            if block.paper_runs is not None:
                paper = Sentence(name, where + " (paper)", block.paper_text, [block.claim], shown)
                out.append(paper)
    for history_id in HISTORY_IDS:
        for block in load(lang, "history", history_id):
            name = f"history/{history_id}:{block.line}"
            where = f"locales/{lang}/history/{history_id}.md:{block.line}"
            if block.kind not in BLOCKS or not block.claim:
                continue
            computed = PERFECT if f"history/{history_id}" == COMPUTED else frozenset()
            out.append(Sentence(name, where, block.text, [block.claim], computed=computed))
    entries = catalog(lang).entries
    keyed: dict[str, list[str]] = {}
    for claim_id, claim in claims.items():
        for key in claim.get("keys", []):
            keyed.setdefault(key, []).append(claim_id)
    for key, steps in GUIDED.items():
        for say, _ in steps:
            keyed.setdefault(key, [])
            for claim_id in keyed.get(say, []):
                if claim_id not in keyed[key]:
                    keyed[key].append(claim_id)
    for key, claim_ids in keyed.items():
        shown = [x for _, states in GUIDED.get(key, []) for x in states]
        out.append(Sentence(key, f"{lang} {key}", entries[key], claim_ids, shown))
    exempt = _not_rules()  # the measure's name, a way picked from the engine's move: no rule
    for key, text in entries.items():
        if key.startswith("kiosk.story.") and key not in keyed and key not in exempt:
            out.append(Sentence(key, f"{lang} {key}", text, []))
    return out


def _fact_entries(claim: dict[str, Any], name: str) -> list[str]:
    return [s for entry in claim.get("fact", []) if applies(entry, name) for s in entry["says"]]


def _condition_spans(claim: dict[str, Any], name: str, text: str, lang: str) -> list[tuple]:
    spans = []
    for condition in claim.get("condition", []):
        if applies(condition, name):
            for word in words_of(condition, lang):
                spans += _spans(text, word)
    return spans


def how_bound(sentence: Sentence, lang: str, claims: dict[str, dict[str, Any]]) -> list[tuple]:
    """(fact, how) for every fact of ``sentence``: "condition", "fact" (a ``[[claim.fact]]``),
    "computed", "reference" (where a passage of an ancient text stands), or None (accounted for
    by nothing)."""
    spans, named = [], set()
    for claim_id in sentence.claims:
        claim = claims[claim_id]
        spans += _condition_spans(claim, sentence.name, sentence.text, lang)
        named |= set(_fact_entries(claim, sentence.name))
    references = []
    if sentence.name.startswith("history/"):  # "(1397, 28)"
        references = [m.span() for m in REFERENCE.finditer(sentence.text)]
    out = []
    for fact in facts(sentence.text, lang):
        if any(s < fact.end and fact.start < e for s, e in spans):  # the word holds it
            out.append((fact, "condition"))
        elif fact.symbol in named:
            out.append((fact, "fact"))
        elif fact.kind == "figure" and fact.symbol in sentence.computed:
            out.append((fact, "computed"))
        elif any(s <= fact.start and fact.end <= e for s, e in references):
            out.append((fact, "reference"))
        else:
            out.append((fact, None))
    return out


def named_but_unsaid(sentence: Sentence, lang: str, claims: dict[str, dict[str, Any]]) -> list:
    """How the facts ``sentence`` states differ from those its claims' ``[[claim.fact]]`` name
    for it: each named fact as many times as named, the sides and squares in the named order
    (a fact dropped, turned into another, "must" into "may", Blue and White swapped)."""
    says = [
        symbol
        for claim_id in sentence.claims
        for symbol in _fact_entries(claims[claim_id], sentence.name)
    ]
    if not says:
        return []
    found = facts(sentence.text, lang)
    named = Counter(says)
    stated = Counter(f.symbol for f in found if f.symbol in named)
    out = [
        f"{symbol} {stated[symbol]} times, not {n}"
        for symbol, n in named.items()
        if stated[symbol] != n
    ]
    for kind, named_kind in (("colour", COLOURS.__contains__), ("square", SQUARE.fullmatch)):
        ordered = [x for x in says if named_kind(x)]  # the sides in order, the squares in order
        in_text = [f.symbol for f in found if f.kind == kind and f.symbol in named]
        if ordered != in_text:
            out.append(f"{kind}s {in_text}, not {ordered}")
    return out


def binding_problems(sentence: Sentence, lang: str, claims: dict[str, dict[str, Any]]) -> list:
    """What ``sentence`` states that is bound to nothing, and what its claims name that it
    does not state (empty: every fact is bound)."""
    problems = [
        f"{fact.kind} {fact.symbol!r} accounted for by no claim"
        for fact, how in how_bound(sentence, lang, claims)
        if how is None
    ]
    problems += [f"named by its claim: {why}" for why in named_but_unsaid(sentence, lang, claims)]
    return problems


def fields(text: str) -> int:
    """The fields the program fills in (``{to}``, ``{count}``): facts that cannot drift."""
    return len(FIELD.findall(text))


def unbound(lang: str, claims: dict[str, dict[str, Any]]) -> tuple[list[str], Counter[str]]:
    problems, tally = [], Counter()
    for sentence in rule_sentences(lang, claims):
        tally["sentences"] += 1
        tally["field"] += fields(sentence.text)
        for _, how in how_bound(sentence, lang, claims):
            tally[how or "unbound"] += 1
        claimed = ", ".join(sentence.claims) or "no claim"
        for why in binding_problems(sentence, lang, claims):
            problems.append(f"{sentence.where}: {why} ({claimed}): {sentence.text[:90]!r}")
    return problems, tally


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_fact_of_a_rule_sentence_is_bound_to_the_engine(lang):
    problems, tally = unbound(lang, _claims())
    print(
        f"{lang}: {tally['sentences']} sentences; facts: {tally['field']} fields, "
        f"{tally['condition']} claimed by a condition, {tally['fact']} named by a claim's fact, "
        f"{tally['computed']} computed, {tally['reference']} references, "
        f"{tally['unbound']} unbound"
    )
    assert tally["sentences"] > 300 and tally["field"] > 300
    assert problems == [], f"{len(problems)} facts unbound:\n" + "\n".join(problems)


def test_a_fact_the_claim_does_not_name_fails():
    """A number, a side, a square changed in a sentence (in all three languages at once, where
    the languages' comparison cannot see it) is a fact no claim names."""
    claims = _claims()
    sentence = next(
        s for s in rule_sentences("en", claims) if s.name == "kiosk.reason.fifty-turns-draw"
    )
    assert [how for _, how in how_bound(sentence, "en", claims)].count(None) == 0
    for old, new in (("both", "three"), ("pieces", "pieces on 3B"), ("removed", "removed by Blue")):
        changed = Sentence(sentence.name, "", sentence.text.replace(old, new), sentence.claims)
        assert None in [how for _, how in how_bound(changed, "en", claims)], new


# --- the named facts are the engine's ---------------------------------------------------------


def _states(claim: dict[str, Any]) -> list[tuple[GameState, list[str]]]:
    """Each check's positions (before and after its actions and move) with its moves."""
    out = []
    for check in claim.get("check", []):
        state = _start(check)
        states, moves = [state], list(check.get("play", []))
        for action in check.get("play", []):
            state = apply_action(state, action)
            states.append(state)
        for key in ("only", "allows", "refuses"):
            moves += check.get(key, [])
        if "move" in check:
            moves.append(check["move"])
            states.append(state.play(check["move"]))
        moves += check.get("captures", []) + check.get("prisoners", []) + check.get("freed", [])
        out += [(s, moves) for s in states]
    return out


def _numbers(state: GameState) -> set[str]:
    """The counts a position and its game show: each side's pieces on the board and beside it
    and the rows they fill, the throw, the game's start, its files, ranks and points, the turns
    without a capture (and each side's half of them), how often the position has stood."""
    game = spec(state.game_id)
    start = game.initial()
    out = {str(game.files), str(game.ranks), str(len(game.track)), str(len(game.sacred))}
    for s in (state, start):
        for colour in s.colours:
            mine = [p.square for p in s.pieces() if p.colour == colour and p.square != "off"]
            out.add(str(len(mine)))
            out.add(str(s.reserve(colour) + sum(1 for p in s.pieces() if p.colour == colour)))
            if game.files:
                out.add(str(len({square[1:] for square in mine})))
    if state.die:
        out.add(str(state.die))
    out |= {str(state.quiet_turns), str(state.quiet_turns // 2)}
    key = state.key
    out.add(str(1 + sum(1 for before in state.ancestors() if before.key == key)))
    return out


def _ways(found: list[tuple[GameState, list[str]]]) -> set[tuple[int, int, int]]:
    """How each move of the positions shown goes on the board as the screen shows it (the
    first colour's home row at the bottom): (files, ranks, +1 if the ranks go the way of the
    moving piece's side, towards the other home row, else -1); a track's moves: none."""
    out = set()
    for state, moves in found:
        game = spec(state.game_id)
        if not game.files:
            continue
        at = {p.square: p.colour for p in state.pieces()}
        for move in moves:
            squares = SQUARE.findall(move)
            if len(squares) < 2 or squares[0] not in at:
                continue
            first, last = squares[0], squares[-1]
            files = ord(last[0]) - ord(first[0])
            ranks = int(last[1:]) - int(first[1:])
            colour = at[first]
            ahead = 1 if game.home_row(colour) == 1 else -1
            out.add((files, ranks, ahead))
    return out


# which way a named direction goes: the screen's (up, down), or the moving side's (forward)
WAYS = {
    "UP": lambda w: w[1] > 0,
    "DOWN": lambda w: w[1] < 0,
    "FORWARD": lambda w: w[1] * w[2] > 0,
    "BACKWARD": lambda w: w[1] * w[2] < 0,
    "SIDEWAYS": lambda w: w[1] == 0 and w[0] != 0,
    "DIAGONAL": lambda w: w[0] != 0 and abs(w[0]) == abs(w[1]),
}


def engine_shows(
    claim: dict[str, Any], symbol: str, shown: list[tuple[GameState, list[str]]]
) -> bool:
    """Whether the claim's checks (and the guided steps or diagrams of its sentences) show
    ``symbol`` in the engine."""
    found = _states(claim) + shown
    checks = claim.get("check", [])
    if SQUARE.fullmatch(symbol):
        squares = {p.square for state, _ in found for p in state.pieces()}
        squares |= {sq for _, moves in found for m in moves for sq in SQUARE.findall(m)}
        return symbol in squares
    if symbol in COLOURS:
        return any(COLOURS[symbol] in state.colours for state, _ in found)
    if symbol in ("WIN", "LOSE"):
        return any(c.get("outcome") not in (None, "none", "draw") for c in checks) or any(
            state.outcome is not None and state.outcome.winner for state, _ in shown
        )
    if symbol == "DRAW":
        return any(c.get("outcome") == "draw" for c in checks)
    if symbol == "MUST":
        return any("only" in c or "refuses" in c for c in checks)
    if symbol in VARIANTS:
        return any(state.game_id == VARIANTS[symbol] for state, _ in found)
    if re.fullmatch(r"\d+", symbol):
        numbers = set().union(*(_numbers(state) for state, _ in found))
        numbers |= {str(len(c["captures"])) for c in checks if "captures" in c}
        numbers |= {a.split()[1] for _, moves in found for a in moves if a.startswith("roll ")}
        return symbol in numbers
    if symbol in WAYS:
        return any(WAYS[symbol](way) for way in _ways(found))
    return True  # a half, an ordinal, a comparison: named, played by the checks


def test_every_fact_a_claim_names_is_stated_and_the_engine_shows_it():
    claims = _claims()
    stated: dict[str, set[str]] = {}
    only_named: dict[str, set[str]] = {}  # facts no condition's words hold, somewhere
    shown: dict[str, list[tuple[GameState, list[str]]]] = {}
    for lang in LANGUAGES:
        for sentence in rule_sentences(lang, claims):
            bound = how_bound(sentence, lang, claims)
            for claim_id in sentence.claims:
                symbols = {f.symbol for f in facts(sentence.text, lang)}
                for symbol in _fact_entries(claims[claim_id], sentence.name):
                    if symbol in symbols:
                        stated.setdefault(claim_id, set()).add(symbol)
                only_named.setdefault(claim_id, set()).update(
                    f.symbol for f, how in bound if how == "fact"
                )
                if lang == "en":
                    shown.setdefault(claim_id, []).extend(sentence.shown)
    problems = []
    for claim_id, claim in claims.items():
        for entry in claim.get("fact", []):
            for symbol in entry["says"]:
                if symbol not in stated.get(claim_id, set()):
                    problems.append(f"{claim_id}: {symbol!r} is named, no sentence states it")
                elif symbol not in only_named.get(claim_id, set()):
                    continue  # a condition's words hold it: the claim's checks play it
                elif not engine_shows(claim, symbol, shown.get(claim_id, [])):
                    problems.append(f"{claim_id}: {symbol!r} is not in its checks' positions")
    assert problems == [], "\n".join(problems)


def test_the_engine_check_of_a_named_fact_can_fail():
    claim = _claims()["latrunculi.custodian"]
    assert engine_shows(claim, "BLUE", [])
    assert not engine_shows(claim, "BLACK", [])
    assert not engine_shows(claim, "n12", [])
    assert not engine_shows({"check": [{"position": {"game": "pente-grammai"}}]}, "DRAW", [])
    up = {"position": {"game": "latrunculi-petteia", "blue": ["a1"], "white": ["h8"]}}
    up["allows"] = ["a1-a5"]
    assert engine_shows({"check": [up]}, "UP", []) and engine_shows({"check": [up]}, "FORWARD", [])
    assert not engine_shows({"check": [up]}, "DOWN", [])
    assert not engine_shows({"check": [up]}, "DIAGONAL", [])
    assert not engine_shows({"check": [up]}, "3", [])


# --- the mutation test of the binding ---------------------------------------------------------

# What a fact of each kind is turned into: the other symbol, and the word that states it in
# each language (the case of the first letter kept).  A fact with no other here (a diagonal,
# a century) is only dropped.
OTHER: dict[str, str] = {
    "BLUE": "WHITE",
    "WHITE": "BLUE",
    "BLACK": "WHITE",
    "FORWARD": "BACKWARD",
    "BACKWARD": "FORWARD",
    "UP": "DOWN",
    "DOWN": "UP",
    "SIDEWAYS": "FORWARD",
    "CLOCKWISE": "ANTICLOCKWISE",
    "ANTICLOCKWISE": "CLOCKWISE",
    "WIN": "LOSE",
    "LOSE": "WIN",
    "DRAW": "WIN",
    "MUST": "MAY",
    "MORE": "FEWER",
    "FEWER": "MORE",
    "SENECA": "PISO",
    "PISO": "SENECA",
    "PETTEIA": "SENECA",
    "HALF": "3rd",
    "2nd": "3rd",
    "3rd": "2nd",
    "5th": "3rd",
}
WORD: dict[str, dict[str, str]] = {
    "WHITE": {"en": "white", "fr": "blanc", "de": "weiß"},
    "BLUE": {"en": "blue", "fr": "bleu", "de": "blau"},
    "BACKWARD": {"en": "backward", "fr": "vers l’arrière", "de": "rückwärts"},
    "FORWARD": {"en": "forward", "fr": "vers l’avant", "de": "vorwärts"},
    "DOWN": {"en": "down to a1", "fr": "vers le bas", "de": "nach unten"},
    "UP": {"en": "up to a1", "fr": "vers le haut", "de": "nach oben"},
    "ANTICLOCKWISE": {"en": "anticlockwise", "fr": "antihoraire", "de": "gegen den Uhrzeigersinn"},
    "CLOCKWISE": {"en": "clockwise", "fr": "sens horaire", "de": "im Uhrzeigersinn"},
    "LOSE": {"en": "lose", "fr": "perd", "de": "verliert"},
    "WIN": {"en": "win", "fr": "gagne", "de": "gewinnt"},
    "MAY": {"en": "may", "fr": "peut", "de": "darf"},
    "FEWER": {"en": "fewer", "fr": "moins de", "de": "weniger"},
    "MORE": {"en": "more", "fr": "plus de", "de": "mehr"},
    "PISO": {"en": "Piso", "fr": "Pison", "de": "Piso"},
    "SENECA": {"en": "Seneca", "fr": "Sénèque", "de": "Seneca"},
    "3rd": {"en": "third", "fr": "troisième", "de": "dritte"},
    "2nd": {"en": "second", "fr": "deuxième", "de": "zweite"},
}


def _changed(fact: Fact, text: str, lang: str) -> str | None:
    """``text`` with ``fact`` turned into another of its kind: a number one more, a square one
    rank on, a side, a direction, an outcome or a variant into its other; None if it has none."""
    if fact.kind in ("number", "figure"):
        if "." in fact.symbol:
            other = f"{float(fact.symbol) + 1:.1f}"
        else:
            other = str(int(fact.symbol) + 1)
    elif fact.kind == "square":
        sq = fact.symbol
        other = (
            f"{sq[0]}{int(sq[1:]) % 8 + 1}" if sq[0].isalpha() else f"{int(sq[0]) % 5 + 1}{sq[1]}"
        )
    elif fact.symbol in OTHER and OTHER[fact.symbol] in WORD:
        other = WORD[OTHER[fact.symbol]][lang]
        if text[fact.start].isupper():
            other = other[0].upper() + other[1:]
    else:
        return None
    return text[: fact.start] + other + text[fact.end :]


def _dropped(fact: Fact, text: str) -> str:
    return text[: fact.start] + text[fact.end :]


def binding_mutants(lang: str, claims: dict[str, dict[str, Any]]):
    """(kind, sentence, mutated sentence) for every fact of a rule sentence of ``lang`` that its
    claims name (all but fields, computed figures and citations): the fact turned into another of
    its kind, and the fact dropped."""
    for sentence in rule_sentences(lang, claims):
        for fact, how in how_bound(sentence, lang, claims):
            if how not in ("fact", "condition"):
                continue
            changed = _changed(fact, sentence.text, lang)
            if changed is not None:
                yield f"{fact.kind} changed", sentence, changed
            yield f"{fact.kind} dropped", sentence, _dropped(fact, sentence.text)


def test_a_changed_or_dropped_fact_that_only_its_claims_fact_binds_is_caught():
    """Issue 60's mutation test for the binding: every fact its claims name (held by a
    condition's words or not), changed into another of its kind or dropped, in one language,
    fails the binding check by itself (not only the languages' comparison, which a change made
    in all three at once would pass).  It prints caught/made per kind and language."""
    claims = _claims()
    figures: dict[tuple[str, str], Counter[str]] = {}
    missed = []
    for lang in LANGUAGES:
        for kind, sentence, mutant in binding_mutants(lang, claims):
            tally = figures.setdefault((kind, lang), Counter())
            tally["made"] += 1
            changed = Sentence(
                sentence.name, sentence.where, mutant, sentence.claims, computed=sentence.computed
            )
            if binding_problems(changed, lang, claims):
                tally["caught"] += 1
            else:
                missed.append(f"{kind} {sentence.where}: {mutant[:100]!r}")
    kinds = sorted({kind for kind, _ in figures})
    print("binding check alone, kind: caught/made per language")
    for kind in kinds:
        line = ", ".join(
            f"{lang} {figures.get((kind, lang), Counter())['caught']}/"
            f"{figures.get((kind, lang), Counter())['made']}"
            for lang in LANGUAGES
        )
        print(f"{kind}: {line}")
    made = sum(t["made"] for t in figures.values())
    assert made > 1000
    assert missed == [], f"{len(missed)} of {made} missed:\n" + "\n".join(missed[:40])
