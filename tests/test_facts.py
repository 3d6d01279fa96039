"""Every sentence a visitor reads states the same facts in the three languages, and a change
of one fact in one language fails (issue 60: "a claim checks what a sentence says, not which
words it holds").

The facts of a sentence are read with ``fact_words.facts``: numbers, halves, ordinals,
centuries, sides' colours, squares and points, directions, "must", who wins, loses or draws,
which variant.  A rule card's paragraphs, list items and captions are paired across the
languages by their place on the card, a history panel's likewise (its reading list left out:
titles keep their own language), a screen word by its key.  Where the three disagree, one of
them states something the others do not: the test names the sentence and the facts.

The mutation test makes, in each language, every kind of change an editor found that the
claims let pass (a number changed, "may" and "must" swapped, a direction turned round, a
clause dropped, the winner changed, a rule moved to another variant, the sides' colours
swapped, a caption's count, a guide's throw, a rule on a history panel, a statistic of the
story screen) to every sentence where it applies, and counts how many of each kind the checks
catch: the languages' facts no longer agree, or the sentence no longer holds its claim
(tests/test_claims.py).  It prints the figures and expects every one caught.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fact_words import differences, facts
from test_claims import _carriers, _claims, sentence_problems

from ludique.words.document import CARD_IDS, HISTORY_IDS, load
from ludique.words.i18n import LANGUAGES, catalog

BLOCKS = ("paragraph", "item", "caption")
# screen words with no fact to compare: buttons ("Back" / « Retour ») and the curator's panel
NO_FACTS = ("kiosk.button.", "kiosk.admin.", "kiosk.story.admin_gauge")


def _history_blocks(lang: str, doc_id: str) -> list:
    """A history panel's paragraphs before its reading list (the last section)."""
    blocks = load(lang, "history", doc_id)
    last = max(i for i, b in enumerate(blocks) if b.kind == "heading" and b.level == 2)
    return [b for b in blocks[:last] if b.kind in BLOCKS]


def units() -> Iterator[tuple[str, dict[str, str]]]:
    """(name, {lang: text}) of every sentence a visitor reads, paired across the languages."""
    for folder, ids in (("rules", CARD_IDS), ("history", HISTORY_IDS)):
        for doc_id in ids:
            if folder == "rules":
                blocks = {
                    lang: [b for b in load(lang, folder, doc_id) if b.kind in BLOCKS]
                    for lang in LANGUAGES
                }
            else:
                blocks = {lang: _history_blocks(lang, doc_id) for lang in LANGUAGES}
            sizes = {lang: len(b) for lang, b in blocks.items()}
            assert len(set(sizes.values())) == 1, f"{folder}/{doc_id}: blocks {sizes}"
            for i, block in enumerate(blocks["en"]):
                kind = "caption" if block.kind == "caption" else folder
                yield (
                    f"{kind}|{folder}/{doc_id}:{block.line}",
                    {lang: blocks[lang][i].text for lang in LANGUAGES},
                )
                if any(blocks[lang][i].paper_runs is not None for lang in LANGUAGES):
                    # what paper prints instead ({screen|paper}) states the same facts too
                    yield (
                        f"paper|{folder}/{doc_id}:{block.line}",
                        {lang: blocks[lang][i].paper_text for lang in LANGUAGES},
                    )
    entries = {lang: catalog(lang).entries for lang in LANGUAGES}
    for key, text in entries["en"].items():
        if key.startswith("kiosk.") and not key.startswith(NO_FACTS):
            yield f"key|{key}", {lang: entries[lang].get(key, text) for lang in LANGUAGES}


UNITS = dict(units())


def test_the_three_languages_state_the_same_facts():
    problems = [
        f"{name.split('|')[1]}: {why}"
        for name, texts in UNITS.items()
        for why in differences(texts)
    ]
    print(f"{len(UNITS)} sentences compared in {', '.join(LANGUAGES)}")
    assert problems == [], "\n".join(problems)


def test_the_facts_are_read_in_each_language():
    said = {
        "en": "Blue throws a 4 and must move two squares forward; White wins in Seneca’s variant.",
        "fr": "Bleu fait 4 et doit avancer de deux cases vers l’avant ; Blanc gagne dans la "
        "variante de Sénèque.",
        "de": "Blau würfelt eine 4 und muss zwei Felder vorwärts ziehen; Weiß gewinnt in der "
        "Variante des Seneca.",
    }
    expected = ["BLUE", "4", "MUST", "2", "FORWARD", "WHITE", "WIN", "SENECA"]
    for lang, text in said.items():
        assert sorted(f.symbol for f in facts(text, lang)) == sorted(expected), lang
    assert differences(said) == []
    wrong = {**said, "de": said["de"].replace("muss", "darf")}
    assert differences(wrong)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_paper_prints_instead_holds_the_claim_too(lang):
    """A card line's paper wording (``{screen|paper}``) is held to the line's claim as the
    screen's is: "Throw the die" keeps every condition "Touch the die" held."""
    claims = _claims()
    problems, checked = [], 0
    for card_id in CARD_IDS:
        for block in load(lang, "rules", card_id):
            if block.paper_runs is None or not block.claim:
                continue
            checked += 1
            name = f"rules/{card_id}:{block.line}"
            for why in sentence_problems(claims[block.claim], name, block.paper_text, lang):
                problems.append(f"{name} on paper: {why}")
    assert checked and problems == [], problems


# --- the mutation test ---------------------------------------------------------------------------

# literal words an editor would write, per language: numbers, their neighbours, opposites
SWAPS: dict[str, dict[str, dict[str, str]]] = {
    "may-must": {
        "en": {"may": "must", "must": "may", "can": "must", "cannot": "must not"},
        "fr": {
            "peut": "doit",
            "doit": "peut",
            "peuvent": "doivent",
            "doivent": "peuvent",
            "pouvez": "devez",
            "devez": "pouvez",
        },
        "de": {
            "darf": "muss",
            "muss": "darf",
            "dürfen": "müssen",
            "müssen": "dürfen",
            "kann": "muss",
            "können": "müssen",
        },
    },
    "direction": {
        "en": {
            "forwards": "backwards",
            "forward": "backward",
            "backwards": "forwards",
            "backward": "forward",
            "anticlockwise": "clockwise",
            "sideways": "forward",
            "diagonally": "straight",
            "diagonal": "straight",
            "up": "down",
            "down": "up",
        },
        "fr": {
            "vers l’avant": "vers l’arrière",
            "vers l’arrière": "vers l’avant",
            "en avant": "en arrière",
            "en arrière": "en avant",
            "antihoraire": "horaire",
            "vers le haut": "vers le bas",
            "vers le bas": "vers le haut",
            "en diagonale": "en ligne",
            "de côté": "vers l’avant",
            "recul": "avanc",
        },
        "de": {
            "vorwärts": "rückwärts",
            "rückwärts": "vorwärts",
            "nach oben": "nach unten",
            "nach unten": "nach oben",
            "gegen den Uhrzeigersinn": "im Uhrzeigersinn",
            "diagonal": "gerade",
            "zur Seite": "vorwärts",
            "hinauf": "hinab",
            "hinab": "hinauf",
            "zurück": "vorwärts",
        },
    },
    "winner": {
        "en": {
            "wins": "loses",
            "win": "lose",
            "loses": "wins",
            "lose": "win",
            "won": "lost",
            "draw": "win",
            "more": "fewer",
        },
        "fr": {
            "gagne": "perd",
            "gagnez": "perdez",
            "perd": "gagne",
            "gagné": "perdu",
            "l’emporte": "perd",
            "nulle": "gagnée",
            "plus de": "moins de",
        },
        "de": {
            "gewinnt": "verliert",
            "verliert": "gewinnt",
            "gewinnen": "verlieren",
            "gewonnen": "verloren",
            "verloren": "gewonnen",
            "unentschieden": "gewonnen",
            "mehr": "weniger",
        },
    },
    "variant": {
        "en": {"Seneca": "Piso", "Piso": "Seneca", "Petteia": "Seneca", "dux": "Petteia"},
        "fr": {"Sénèque": "Pison", "Pison": "Sénèque", "Petteia": "Sénèque", "dux": "Petteia"},
        "de": {"Seneca": "Piso", "Piso": "Seneca", "Petteia": "Seneca", "Dux": "Petteia"},
    },
    "colours": {
        "en": {
            "Blue": "White",
            "White": "Blue",
            "blue": "white",
            "white": "blue",
            "Black": "White",
            "black": "white",
        },
        "fr": {
            "Bleu": "Blanc",
            "Blanc": "Bleu",
            "bleu": "blanc",
            "blanc": "bleu",
            "bleus": "blancs",
            "blancs": "bleus",
            "Noir": "Blanc",
            "noir": "blanc",
        },
        "de": {
            "Blau": "Weiß",
            "Weiß": "Blau",
            "blaue": "weiße",
            "weiße": "blaue",
            "blauen": "weißen",
            "weißen": "blauen",
            "Schwarz": "Weiß",
        },
    },
}
NUMBER_NEXT = {
    "en": {
        "two": "three",
        "three": "four",
        "four": "five",
        "five": "six",
        "six": "five",
        "eight": "six",
        "twelve": "ten",
        "fifty": "forty",
        "twice": "three times",
        "both": "three",
    },
    "fr": {
        "deux": "trois",
        "trois": "quatre",
        "quatre": "cinq",
        "cinq": "six",
        "six": "cinq",
        "huit": "six",
        "douze": "dix",
        "cinquante": "quarante",
    },
    "de": {
        "zwei": "drei",
        "drei": "vier",
        "vier": "fünf",
        "fünf": "sechs",
        "sechs": "fünf",
        "acht": "sechs",
        "zwölf": "zehn",
        "fünfzig": "vierzig",
        "zweimal": "dreimal",
        "beiden": "drei",
        "beide": "drei",
    },
}


def _swap_each(text: str, table: dict[str, str]) -> list[str]:
    """``text`` with one occurrence of one word of ``table`` replaced, for each occurrence."""
    out = []
    for word, other in table.items():
        for m in re.finditer(r"(?<![\w’'-])" + re.escape(word) + r"(?![\w])", text):
            out.append(text[: m.start()] + other + text[m.end() :])
    return out


def _swap_stated(text: str, lang: str, kind: str, fact_kinds: tuple[str, ...]) -> list[str]:
    """``text`` with one word of ``SWAPS[kind]`` replaced, where the sentence states a fact of
    ``fact_kinds`` there ("up line 5", not "set up"; „mehr Steine“, not „nicht mehr“)."""
    spans = [(f.start, f.end) for f in facts(text, lang) if f.kind in fact_kinds]
    out = []
    for word, other in SWAPS[kind][lang].items():
        for m in re.finditer(r"(?<![\w’'-])" + re.escape(word) + r"(?![\w])", text):
            if any(m.start() < e and s < m.end() for s, e in spans):
                out.append(text[: m.start()] + other + text[m.end() :])
    return out


def _numbers(text: str, lang: str) -> list[str]:
    """``text`` with one number changed: a figure (4 -> 5, 52.2 -> 53.2) or a number word."""
    out = []
    for m in re.finditer(r"(?<![\w{.,])(\d+)(?![\w}])", text):
        out.append(text[: m.start()] + str(int(m.group(1)) + 1) + text[m.end() :])
    return out + _swap_each(text, NUMBER_NEXT[lang])


def _colours(text: str, lang: str) -> list[str]:
    """``text`` with the sides' colours swapped throughout (Blue for White and back)."""
    table = SWAPS["colours"][lang]
    pattern = re.compile(r"(?<![\w])(" + "|".join(map(re.escape, table)) + r")(?![\w])")
    swapped = pattern.sub(lambda m: table[m.group(1)], text)
    return [swapped] if swapped != text else []


def _clauses(text: str, lang: str) -> list[str]:
    """``text`` without one of its clauses, for each clause that states a fact."""
    parts = re.split(r"(?<=[,;:.])\s+", text)
    out = []
    for i, part in enumerate(parts):
        if len(parts) > 1 and facts(part, lang):
            out.append(" ".join(parts[:i] + parts[i + 1 :]))
    return out


Mutator = Callable[[str, str], list[str]]
KINDS: dict[str, tuple[Mutator, Callable[[str], bool]]] = {
    "number": (_numbers, lambda name: name.startswith(("rules|", "key|"))),
    "may-must": (lambda t, lang: _swap_each(t, SWAPS["may-must"][lang]), lambda name: True),
    "direction": (
        lambda t, lang: _swap_stated(t, lang, "direction", ("direction",)),
        lambda n: True,
    ),
    "dropped clause": (_clauses, lambda name: not name.startswith("history|")),
    "winner": (
        lambda t, lang: _swap_stated(t, lang, "winner", ("outcome", "comparison")),
        lambda name: True,
    ),
    "variant": (lambda t, lang: _swap_each(t, SWAPS["variant"][lang]), lambda name: True),
    "colours": (_colours, lambda name: True),
    "caption count": (_numbers, lambda name: name.startswith("caption|")),
    "guide throw": (_numbers, lambda name: name.startswith("key|kiosk.learn.pente-grammai.")),
    "history rule": (_numbers, lambda name: name.startswith("history|")),
    "story statistic": (_numbers, lambda name: name.startswith("key|kiosk.story.")),
}


def _claim_of() -> dict[tuple[str, str], list[tuple[dict, str]]]:
    """(lang, unit name) -> the claims its sentence carries, with the name the claim knows it by."""
    claims = _claims()
    out: dict[tuple[str, str], list[tuple[dict, str]]] = {}
    for lang in LANGUAGES:
        for claim_id, found in _carriers(lang).items():
            for name, _, _ in found:
                if name.startswith("rules/"):
                    unit = f"rules|{name}"
                elif name.startswith("heading:"):
                    continue
                else:
                    unit = f"key|{name}"
                out.setdefault((lang, unit), []).append((claims[claim_id], name))
    return out


def by_claims(name: str, lang: str, mutant: str, claims) -> bool:
    """Whether the sentence's claims alone refuse ``mutant`` (the engine-bound conditions)."""
    card = name.replace("caption|", "rules|")
    for claim, claim_name in claims.get((lang, card), []):
        if sentence_problems(claim, claim_name, mutant, lang):
            return True
    return False


def caught(name: str, texts: dict[str, str], lang: str, mutant: str, claims) -> bool:
    """Whether the checks refuse ``texts`` with ``lang``'s sentence turned into ``mutant``: the
    languages' facts differ, or the sentence no longer holds its claim."""
    return bool(differences({**texts, lang: mutant})) or by_claims(name, lang, mutant, claims)


def _rule_sentences() -> dict[tuple[str, str], Any]:
    """(lang, unit name) -> the rule sentence the binding check reads (tests/test_fact_binding)."""
    from test_fact_binding import rule_sentences

    all_claims = _claims()
    out = {}
    for lang in LANGUAGES:
        for sentence in rule_sentences(lang, all_claims):
            if sentence.name.startswith(("rules/", "history/")):
                kinds = ("paper",) if sentence.where.endswith("(paper)") else ("rules", "caption")
                kinds += ("history",) if sentence.name.startswith("history/") else ()
            else:
                kinds = ("key",)
            for kind in kinds:
                out.setdefault((lang, f"{kind}|{sentence.name}"), sentence)
    return out


def by_binding(name: str, lang: str, mutant: str, sentences, all_claims) -> bool | None:
    """Whether the binding check alone (every fact bound to the engine, each named fact stated)
    refuses ``mutant``; None where the sentence states no rule it reads."""
    from test_fact_binding import Sentence, binding_problems

    sentence = sentences.get((lang, name))
    if sentence is None:
        return None
    changed = Sentence(
        sentence.name, sentence.where, mutant, sentence.claims, computed=sentence.computed
    )
    return bool(binding_problems(changed, lang, all_claims))


def _citation(text: str, mutant: str) -> bool:
    """Whether ``mutant`` changed only where a history panel cites a passage, "(117, 30)"."""
    from test_fact_binding import REFERENCE

    return REFERENCE.sub("", text) == REFERENCE.sub("", mutant)


def mutation_figures() -> tuple[dict[tuple[str, str], Counter[str]], list[str], list[str]]:
    claims = _claim_of()
    unseen: list[str] = []  # a rule sentence's mutant only the languages' comparison catches
    sentences, all_claims = _rule_sentences(), _claims()
    figures: dict[tuple[str, str], Counter[str]] = {}
    missed = []
    for name, texts in UNITS.items():
        for kind, (mutate, applies) in KINDS.items():
            if not applies(name):
                continue
            for lang in LANGUAGES:
                for mutant in mutate(texts[lang], lang):
                    if mutant == texts[lang]:
                        continue
                    tally = figures.setdefault((kind, lang), Counter())
                    tally["made"] += 1
                    by_claim = by_claims(name, lang, mutant, claims)
                    tally["claims"] += by_claim
                    bound = by_binding(name, lang, mutant, sentences, all_claims)
                    if bound is not None:
                        tally["rule"] += 1
                        tally["binding"] += bound
                        tally["engine"] += bound or by_claim
                        if not (bound or by_claim) and not _citation(texts[lang], mutant):
                            unseen.append(f"{kind} {lang} {name.split('|')[1]}: {mutant!r}")
                    if caught(name, texts, lang, mutant, claims):
                        tally["caught"] += 1
                    else:
                        missed.append(f"{kind} {lang} {name.split('|')[1]}: {mutant!r}")
    return figures, missed, unseen


def test_every_kind_of_change_to_one_fact_in_one_language_is_caught():
    """Each kind caught in each language; and in a rule sentence (tests/test_fact_binding.py)
    every change is caught by the claims or the binding of its facts to the engine, which see one
    language alone: the same change made in all three languages at once fails too (a history
    panel's citation of a passage, "(117, 30)", is no fact of a rule)."""
    figures, missed, unseen = mutation_figures()
    print(
        "kind: caught/made per language (caught by the claims alone; of those made in a rule "
        "sentence, caught by the binding alone, by the claims or the binding / made)"
    )
    for kind in KINDS:
        tallies = [(lang, figures.get((kind, lang), Counter())) for lang in LANGUAGES]
        line = ", ".join(
            f"{lang} {t['caught']}/{t['made']} ({t['claims']}; {t['binding']}, "
            f"{t['engine']}/{t['rule']})"
            for lang, t in tallies
        )
        print(f"{kind}: {line}")
    assert unseen == [], f"{len(unseen)} seen only by comparing the languages:\n" + "\n".join(
        unseen[:40]
    )
    for kind in KINDS:
        for lang in LANGUAGES:
            assert figures.get((kind, lang), Counter())["made"], f"no {kind} mutant in {lang}"
    assert missed == [], f"{len(missed)} missed:\n" + "\n".join(missed[:60])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_false_statements_of_issue_60_fail(lang):
    """The sentences an editor found false against the engine, as they stood, fail now."""
    old = {
        "en": "A chain may turn, stop after any jump and jump a piece twice, but never lands on "
        "a square twice or returns to its start.",
        "fr": "La suite peut tourner, s’arrêter après n’importe quel saut et sauter deux fois le "
        "même pion, mais ne se pose jamais deux fois sur la même case ni ne revient à son départ.",
        "de": "Die Folge darf abbiegen, nach jedem Sprung enden und denselben Stein zweimal "
        "überspringen, aber kein Feld zweimal betreten und nicht zum Ausgangsfeld zurückkehren.",
    }
    claim = _claims()["latrunculi.step-or-jump"]
    assert sentence_problems(claim, "rules/latrunculi-piso:13", old[lang], lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_story_states_the_solved_tables_figures(lang):
    """The story's history line states Blue's and White's chances with perfect play as the solved
    table computes them, to the tenth of a percent, and how long a game between perfect players
    lasts as the solver computed it from the same table (``length.json``): it takes every figure
    from ``perfect_play`` (fields, no figure typed in), and the history panel, which states them
    in prose, states the same (issue 60)."""
    from ludique.games import new_game
    from ludique.play.analysis import exact_chance, perfect_play, perfect_play_words

    start = new_game("pente-grammai")
    blue = round(100 * exact_chance(start, "blue"), 1)
    white = round(100 - blue, 1)
    play = perfect_play("pente-grammai")
    expected = [f"{blue:.1f}", f"{white:.1f}", str(round(play.mean_turns))]
    expected += [str(play.quartile_1), str(play.quartile_3)]
    entries = catalog(lang).entries
    assert [f for f in facts(entries["kiosk.story.history"], lang) if f.kind == "figure"] == []

    def t(key: str, **fields: object) -> str:  # the screens' t: keys without "kiosk."
        return catalog(lang).t(f"kiosk.{key}", **fields)

    shown = t("story.history", **perfect_play_words(t, "pente-grammai"))
    panel = next(
        b.text for b in _history_blocks(lang, "pente-grammai") if "52" in b.text or "47" in b.text
    )
    for text in (shown, panel):
        said = [f.symbol for f in facts(text, lang)]
        assert said.index("BLUE") < said.index("WHITE"), said
        figures = [f.symbol for f in facts(text, lang) if f.kind == "figure"]
        assert figures == expected, (lang, text, figures, expected)


def test_the_length_of_a_perfect_game_is_the_shipped_tables():
    """``length.json`` was computed from the table the kiosk ships (its digest), and its figures
    hang together: a quarter of the games end by the first quartile, the mean lies in between."""
    import hashlib
    import json

    from ludique.paths import asset_path
    from ludique.play.analysis import perfect_play

    data = json.loads(asset_path("pente", "length.json").read_text(encoding="utf-8"))
    table = asset_path("pente", "solved.bin.xz").read_bytes()
    assert data["table_sha256"] == hashlib.sha256(table).hexdigest()
    play = perfect_play("pente-grammai")
    assert abs(play.blue - data["blue_wins"]) < 1e-9
    assert play.quartile_1 < play.mean_turns < play.quartile_3
    assert data["perfect_players_turns"]["ended"] > 1 - 1e-9


# --- bound to the engine: what a guided step and a diagram's caption name -----------------------


def _squares(states, moves) -> set[str]:
    """Every square or point the positions hold a piece on, and every one the moves pass."""
    from ludique.ui.diagrams import _move_path

    out = {p.square for s in states for p in s.pieces()}
    for state, move in moves:
        try:
            out |= set(_move_path(state, move)[0])
        except Exception:  # a removal or a placement: its notation names its square
            pass
        out |= set(re.findall(r"[a-n]\d+|[1-5][AB]", move))
    return out


def _game_numbers(state) -> set[str]:
    """The numbers a game's own start holds: each side's pieces, on the board or in reserve."""
    start = type(state).initial()
    out = set()
    for colour in start.colours:
        out.add(str(start.reserve(colour)))
        out.add(str(sum(1 for p in start.pieces() if p.colour == colour)))
    return out


def engine_facts() -> dict[str, tuple[set[str], set[str]]]:
    """For each guided step's sentence and hint (its locale key) and each caption
    (``caption|<card>:<line>``): the squares and the figures the engine gives it: the step's
    positions and moves (and the step's before it, which the sentence may recall), its throws,
    the game's start; the diagram's positions, moves, throw, badges and track."""
    from ludique.play.learn import GUIDE_IDS, load_guide
    from ludique.ui.diagrams import DIAGRAMS, positions

    bound: dict[str, tuple[set[str], set[str]]] = {}
    for guide_id in GUIDE_IDS:
        guide = load_guide(guide_id)
        previous = None
        for step in guide.steps:
            states = [step.start, step.ready, step.after, step.end]
            moves = [(step.ready, step.move)]
            moves += [(step.ready, m) for m in (step.refused, *step.refused_at) if m]
            if previous is not None:
                states += [previous.ready, previous.after, previous.end]
                moves.append((previous.ready, previous.move))
            figures = {str(step.roll)} | {
                r.split()[1] for r in step.replies if r.startswith("roll")
            }
            figures |= _game_numbers(step.start)
            squares = _squares(states, [m for m in moves if m[1] != "pass"])
            for key in (guide.say_key(step), guide.hint_key(step)):
                bound[f"kiosk.{key}"] = (squares, figures)
            previous = step
    for card_id in CARD_IDS:
        blocks = load("en", "rules", card_id)
        for i, block in enumerate(blocks):
            if block.kind != "caption":
                continue
            name = blocks[i - 1].name
            diagram = DIAGRAMS[name]
            states = positions(name)
            moves = list(zip(states, diagram.moves, strict=False))
            figures = {str(diagram.roll)} | {text for _, text in diagram.badges}
            figures |= {point[0] for point in diagram.track}  # "line 5": a point's number
            squares = _squares(states, moves) | set(diagram.track)
            bound[f"caption|rules/{card_id}:{block.line}"] = (squares, figures)
    return bound


def engine_problems(text: str, lang: str, squares: set[str], figures: set[str]) -> list[str]:
    return [
        f"{f.symbol!r}"
        for f in facts(text, lang)
        if (f.kind == "square" and f.symbol not in squares)
        or (f.kind == "figure" and f.symbol not in figures)
    ]


ENGINE = engine_facts()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_guides_and_captions_name_the_engines_squares_and_throws(lang):
    """A guided step's sentence names only squares and throws of that step as the engine plays
    it (or of the step before, which it may recall); a caption only its diagram's: a throw or
    a square changed in all three languages at once, which the comparison cannot see, fails."""
    entries = catalog(lang).entries
    problems = []
    for name, (squares, figures) in ENGINE.items():
        if name.startswith("caption|"):
            card, line = name.split("|")[1].removeprefix("rules/").split(":")
            text = next(b.text for b in load(lang, "rules", card) if b.line == int(line))
        else:
            text = entries[name]
        problems += [f"{name}: {p}" for p in engine_problems(text, lang, squares, figures)]
    assert problems == [], problems
    assert len(ENGINE) > 60


def test_the_engine_check_can_fail():
    """A throw or a square a step or a caption does not have, in every language at once."""
    squares, figures = ENGINE["kiosk.learn.pente-grammai.throw.say"]
    text = catalog("en").t("kiosk.learn.pente-grammai.throw.say")
    assert engine_problems(text, "en", squares, figures) == []
    wrong = {
        "en": "Throw: with a 3, enter on 1A.",
        "fr": "Avec un 3, entrez en 1A.",
        "de": "Mit einer 3 setzen Sie auf 1A ein.",
    }
    for lang, said in wrong.items():
        assert engine_problems(said, lang, squares, figures), (lang, said, figures)
