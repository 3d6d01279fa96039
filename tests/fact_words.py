"""The facts a visitor-facing sentence states, in words of any of the three languages
(tests/test_facts.py).

A rule sentence is true or false by its facts, not by the phrases around them: a number, a
side's colour, a square or point, a direction, a "may" or "must", who wins or loses, which
variant.  ``facts`` reads them out of a sentence as language-free symbols (``4``, ``BLUE``,
``d4``, ``FORWARD``, ``MUST``, ``WIN``, ``SENECA``), so that the French, German and English
versions of one sentence can be held to the same facts, and a sentence whose facts changed in
one language (an edit, a translation slip) fails.

Words that are an article as often as a number ("a", « un », „ein“) are not counted as ``1``;
"one" is not either, so that "one square" and « une case » agree.  ``{fields}`` are filled in
by the program from the engine or a computed value, so they are no facts of the text.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

# kind -> symbol -> per language, the patterns (regular expressions, matched on the casefolded
# text at a word start) that state it
LEXICON: dict[str, dict[str, dict[str, tuple[str, ...]]]] = {
    "number": {
        "2": {
            "en": (r"two\b", r"twice\b", r"both\b"),
            "fr": (r"deux\b",),
            "de": (r"zwei\b", r"zweimal\b", r"beide[nrs]?\b"),
        },
        "3": {"en": (r"three\b",), "fr": (r"trois\b",), "de": (r"drei\b", r"dreimal\b")},
        "4": {"en": (r"four\b",), "fr": (r"quatre\b",), "de": (r"vier\b",)},
        "5": {"en": (r"five\b",), "fr": (r"cinq\b",), "de": (r"fünf\b",)},
        "6": {"en": (r"six\b",), "fr": (r"six\b",), "de": (r"sechs\b",)},
        "7": {"en": (r"seven\b",), "fr": (r"sept\b",), "de": (r"sieben\b",)},
        "8": {"en": (r"eight\b",), "fr": (r"huit\b",), "de": (r"acht\b",)},
        "12": {"en": (r"twelve\b",), "fr": (r"douze\b",), "de": (r"zwölf\b",)},
        "14": {"en": (r"fourteen\b",), "fr": (r"quatorze\b",), "de": (r"vierzehn\b",)},
        "16": {"en": (r"sixteen\b",), "fr": (r"seize\b",), "de": (r"sechzehn\b",)},
        "25": {"en": (r"twenty-five\b",), "fr": (r"vingt-cinq\b",), "de": (r"fünfundzwanzig\b",)},
        "50": {"en": (r"fifty\b",), "fr": (r"cinquante\b",), "de": (r"fünfzig\b",)},
    },
    "ordinal": {
        "2nd": {"en": (r"second\b",), "fr": (r"deuxième\b", r"second\w*"), "de": (r"zweite\w*",)},
        "3rd": {"en": (r"third\b",), "fr": (r"troisième\b",), "de": (r"dritte\w*",)},
        "5th": {"en": (r"fifth\b",), "fr": (r"cinquième\b",), "de": (r"fünfte\w*",)},
    },
    "half": {
        "HALF": {
            "en": (r"half\b", r"halves\b", r"halve[sd]?\b"),
            "fr": (r"moitiés?\b", r"coupe en deux\b"),
            "de": (r"hälfte\w*", r"halbiert\b"),
        },
    },
    "colour": {
        "BLUE": {"en": (r"blue",), "fr": (r"bleu",), "de": (r"blau",)},
        "WHITE": {"en": (r"white",), "fr": (r"blanc", r"blanche"), "de": (r"weiß", r"weiss")},
        "BLACK": {"en": (r"black",), "fr": (r"noir",), "de": (r"schwarz",)},
    },
    "modal": {
        "MUST": {
            "en": (r"must\b", r"has to\b", r"have to\b", r"had to\b"),
            "fr": (r"doit\b(?! son nom)", r"doivent\b", r"devez\b", r"devait\b"),
            "de": (r"muss\b", r"müssen\b", r"musste\b"),
        },
    },
    "direction": {
        "FORWARD": {
            "en": (r"forwards?\b",),
            "fr": (r"vers l’avant", r"en avant\b"),
            "de": (r"vorwärts\b", r"vor oder\b"),
        },
        "BACKWARD": {
            "en": (r"backwards?\b", r"(?<=or )back\b", r"(?<=diagonally )back\b", r"back$"),
            "fr": (r"vers l’arrière", r"en arrière\b", r"recul\w*"),
            "de": (
                r"rückwärts\b",
                r"(?<=oder )zurück\b",
                r"(?<=diagonal )zurück\b",
                r"zurück$",
                r"zurückzieh\w*",
            ),
        },
        "SIDEWAYS": {
            "en": (r"sideways\b",),
            "fr": (r"de côté\b", r"sur le côté\b"),
            "de": (r"seitwärts\b", r"zur seite\b"),
        },
        # "two squares up", "up line 5"; not "up to" (as far as), "drawn up", "down to one piece"
        "UP": {
            "en": (
                r"(?<=squares )up\b",
                r"(?<=square )up\b",
                r"up(?= line\b)",
                r"(?<=straight )up\b",
                r"(?<=the way )up\b",
                r"up(?= to [a-n]\d)",
            ),
            "fr": (r"vers le haut\b", r"monte(?:nt)?\b"),
            "de": (r"nach oben\b", r"hinauf\b", r"aufwärts\b"),
        },
        "DOWN": {
            "en": (
                r"(?<=squares )down\b",
                r"(?<=square )down\b",
                r"down(?= line\b)",
                r"down(?= to [a-n]\d)",
            ),
            "fr": (r"vers le bas\b", r"descend(?:ent)?\b"),
            "de": (r"nach unten\b", r"hinunter\b", r"hinab\b", r"abwärts\b"),
        },
        "DIAGONAL": {"en": (r"diagonal",), "fr": (r"diagonal",), "de": (r"diagonal",)},
        "ANTICLOCKWISE": {
            "en": (r"anticlockwise\b",),
            "fr": (r"antihoraire\b", r"à l’inverse des aiguilles", r"sens inverse des aiguilles"),
            "de": (r"gegen den uhrzeigersinn\b",),
        },
        "CLOCKWISE": {
            "en": (r"clockwise\b",),
            "fr": (r"sens horaire\b", r"(?<!anti)horaire\b"),
            "de": (r"im uhrzeigersinn\b",),
        },
    },
    "outcome": {
        "WIN": {
            "en": (r"win", r"won\b"),
            "fr": (r"gagn", r"l’emporte", r"victoire"),
            "de": (r"gewinn", r"gewonnen\b", r"sieg\b", r"siegt"),
        },
        "LOSE": {
            "en": (r"lose", r"loses\b", r"lost\b", r"loser\b"),
            "fr": (r"perd", r"pertes?\b"),
            "de": (r"verlier", r"verlor"),
        },
        "DRAW": {
            "en": (r"draws?\b", r"drawn\b(?! up)"),
            "fr": (r"nulle\b(?! part)",),
            "de": (r"unentschieden\b", r"ohne sieger\b"),
        },
    },
    # who has more or fewer (a winner by count, a capture by size): not "no longer"
    # (« ne ... plus », „nicht mehr“), which ``facts`` leaves out (``NEGATED_COMPARISON``)
    "comparison": {
        "MORE": {
            "en": (r"(?<!§ )more\b", r"longer\b", r"larger\b"),
            "fr": (
                r"plus de\b",
                r"(?<!au )plus que\b",
                r"(?<!au )plus qu’",
                r"ou plus\b",
                r"encore plus\b",
                r"plus longue?s?\b",
                r"plus grande?s?\b",
                r"davantage\b",
            ),
            "de": (r"mehr\b", r"länger\w*", r"größer\w*"),
        },
        "FEWER": {
            "en": (r"fewer\b", r"less\b", r"smaller\b", r"shorter\b"),
            "fr": (r"moins\b", r"plus petite?s?\b", r"plus courte?s?\b"),
            "de": (r"weniger\b", r"kleiner(?= als)", r"kürzer\w*"),
        },
    },
    "variant": {
        "SENECA": {"en": (r"seneca",), "fr": (r"sénèque",), "de": (r"seneca",)},
        "PISO": {"en": (r"piso\b",), "fr": (r"pison\b",), "de": (r"piso\b",)},
        "PETTEIA": {"en": (r"petteia",), "fr": (r"petteia",), "de": (r"petteia",)},
    },
}
KINDS = tuple(LEXICON)
# a negation just before "plus" / „mehr“ / "more" makes it "no longer"
NEGATED_COMPARISON = {
    "en": re.compile(r"(?:\bno|\bnot|\bany)\s+$"),
    "fr": re.compile(r"(?:\bne\b|n’|n'|\bpas\b)\s*(?:\S+\s+){0,5}$"),
    "de": re.compile(r"(?:\bnicht|\bkein\w*)\s+(?:\S+\s+){0,2}$"),
}

# a century, written three ways: "2nd century", « IIᵉ siècle », „2. Jahrhundert“
CENTURY = {
    "en": re.compile(r"(\d+)(?:st|nd|rd|th) century"),
    "fr": re.compile(r"([IVX]+)ᵉ(?:ʳ)? siècle"),
    "de": re.compile(r"(\d+)\. jahrhundert", re.IGNORECASE),
}
ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}
# a number in figures (not inside a square's or point's name: "d4", "3B", "1st")
FIGURE = re.compile(r"(?<![\w{])\d+(?:[.,]\d+(?=\s?%))?(?![\w{])")
# a square of the Ludus latrunculorum or Epaminondas boards, a point of Pente grammai
SQUARE = re.compile(r"(?<![\w{])(?:[a-n](?:1[0-2]|[1-9])|[1-5][AB])(?![\w}])")
FIELD = re.compile(r"\{[^{}]*\}")


@dataclass(frozen=True)
class Fact:
    kind: str  # one of KINDS, or "figure" (a number in figures), "square"
    symbol: str
    start: int  # where it stands in the sentence
    end: int


def _compiled() -> dict[str, list[tuple[str, str, re.Pattern[str]]]]:
    out: dict[str, list[tuple[str, str, re.Pattern[str]]]] = {}
    for kind, symbols in LEXICON.items():
        for symbol, words in symbols.items():
            for lang, patterns in words.items():
                for word in patterns:
                    pattern = re.compile(r"(?<![\w’'-])" + word)
                    out.setdefault(lang, []).append((kind, symbol, pattern))
    return out


_PATTERNS = _compiled()


def facts(text: str, lang: str) -> list[Fact]:
    """The facts ``text`` states, in the order they stand (``{fields}`` left out)."""
    plain = FIELD.sub(lambda m: "§" * len(m.group()), text)  # "{left} more turns": no comparison
    low = plain.lower()  # not casefold(): „größer“ and „Weiß“ keep their ß
    found: list[Fact] = []
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return all(b <= s or a >= e for s, e in taken)

    # longest words first, so "vingt-cinq" is 25 and not 5
    for kind, symbol, pattern in sorted(_PATTERNS[lang], key=lambda p: -len(p[2].pattern)):
        for m in pattern.finditer(low):
            if kind == "comparison" and NEGATED_COMPARISON[lang].search(low[: m.start()]):
                continue  # "n’a plus qu’un pion", „nicht mehr ziehen“: no longer, not more
            if free(m.start(), m.end()):
                found.append(Fact(kind, symbol, m.start(), m.end()))
                taken.append((m.start(), m.end()))
    for m in CENTURY[lang].finditer(plain):
        n = m.group(1)
        found.append(Fact("century", str(ROMAN.get(n, n)), m.start(), m.end()))
        taken.append((m.start(), m.end()))
    for m in SQUARE.finditer(plain):
        found.append(Fact("square", m.group(), m.start(), m.end()))
        taken.append((m.start(), m.end()))
    for m in FIGURE.finditer(plain):
        if plain[: m.start()].endswith("sur ") and m.group() == "100":
            continue  # « points sur 100 »: the French for percentage points, no number stated
        if free(m.start(), m.end()):
            found.append(Fact("figure", m.group().replace(",", "."), m.start(), m.end()))
    return sorted(found, key=lambda f: f.start)


def signature(text: str, lang: str) -> tuple[tuple[str, ...], Counter[str]]:
    """What must agree between the languages: the order of the sides and squares named (who
    does what where: "Blue on d4, White on e5"), and how many of every other fact."""
    found = facts(text, lang)
    ordered = tuple(f.symbol for f in found if f.kind == "colour")
    ordered += tuple(f.symbol for f in found if f.kind == "square")
    counted = Counter(
        f"{'number' if f.kind == 'figure' else f.kind}:{f.symbol}"
        for f in found
        if f.kind not in ("colour", "square")
    )
    return ordered, counted


def differences(texts: dict[str, str]) -> list[str]:
    """How the facts of one sentence in several languages differ (empty: they agree)."""
    sigs = {lang: signature(text, lang) for lang, text in texts.items()}
    langs = list(sigs)
    out = []
    base = langs[0]
    for lang in langs[1:]:
        (o1, c1), (o2, c2) = sigs[base], sigs[lang]
        if o1 != o2:
            out.append(f"sides and squares: {base} {list(o1)}, {lang} {list(o2)}")
        if c1 != c2:
            only1, only2 = c1 - c2, c2 - c1
            out.append(f"facts: only in {base} {dict(only1)}, only in {lang} {dict(only2)}")
    return out
