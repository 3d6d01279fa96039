"""How a rule sentence is held to the conditions of its claim (tests/test_claims.py).

A claim of ``assets/claims.toml`` lists its rule's conditions (who, where, when, what not), and
per language the words that carry each one in a sentence::

    [[claim.condition]]
    what = "where: 3A and 3B take one more of your own"
    en = ["3A"]            # any one of these words carries the condition
    negated = false        # true for a "what not": the words are themselves the negation
    in = ["rules/pente-grammai"]  # optional: only these sentences (locale keys, rules/<card>)

A sentence holds a condition when one of its words is there and, unless the condition is a
negation, is not negated: no negating word (``NEGATORS``) among the few words before it in the
same clause.  ``mutants`` gives the sentences a careless edit could make of it, each dropping or
negating one condition; the check must refuse every one (the mutation test).
"""

from __future__ import annotations

import re
from typing import Any

# words that turn a condition round when they stand just before it, in the same clause
NEGATORS: dict[str, tuple[str, ...]] = {
    "en": ("not", "never", "no", "cannot", "nor", "without", "n’t", "n't"),
    "fr": ("ne", "n’", "n'", "pas", "jamais", "aucun", "aucune", "sans", "ni"),
    "de": ("nicht", "nie", "niemals", "kein", "keine", "keinen", "keinem", "keiner", "ohne"),
}
# what a careless edit puts before a word to negate it
NEGATE: dict[str, str] = {"en": "never ", "fr": "jamais ", "de": "nie "}
WINDOW = 3  # words before a condition's word in which a negator counts
CLAUSE = re.compile(r"[,;:.!?–—()]")


def _spans(text: str, word: str) -> list[tuple[int, int]]:
    """Where ``word`` stands in ``text`` (case ignored), not inside a longer word at its start."""
    pattern = r"(?<![\w])" + re.escape(word.casefold())
    return [(m.start(), m.end()) for m in re.finditer(pattern, text.casefold())]


def _negated(text: str, start: int, lang: str) -> bool:
    before = CLAUSE.split(text[:start].casefold())[-1]
    words = re.findall(r"\w+[’']?", before)[-WINDOW:]  # "n’" and "d’" stand as words
    return any(w in NEGATORS[lang] for w in words)


def words_of(condition: dict[str, Any], lang: str) -> list[str]:
    return list(condition.get(lang, []))


def holds(text: str, condition: dict[str, Any], lang: str) -> str | None:
    """Why ``text`` does not carry ``condition`` (None: it does)."""
    words = words_of(condition, lang)
    spans = [(w, s) for w in words for s in _spans(text, w)]
    if not spans:
        return f"drops {condition['what']!r} (none of {words})"
    if condition.get("negated"):
        return None
    if all(_negated(text, start, lang) for _, (start, _) in spans):
        return f"negates {condition['what']!r}"
    return None


def applies(condition: dict[str, Any], where: str) -> bool:
    scope = condition.get("in")
    return scope is None or any(where == s or where.startswith(s + ":") for s in scope)


def mutants(text: str, condition: dict[str, Any], lang: str) -> list[tuple[str, str]]:
    """(how, sentence): ``text`` with the condition's words dropped, or each one negated."""
    words = sorted(words_of(condition, lang), key=len, reverse=True)
    dropped = text
    for word in words:
        dropped = re.sub(r"(?<![\w])" + re.escape(word), "", dropped, flags=re.IGNORECASE)
    found: list[tuple[str, str]] = [("drop", dropped)]
    if not condition.get("negated"):
        negated = text
        for word in words:
            negated = re.sub(
                r"(?<![\w])(" + re.escape(word) + ")",
                lambda m: NEGATE[lang] + m.group(1),
                negated,
                flags=re.IGNORECASE,
            )
        found.append(("negate", negated))
    return found
