"""Moves told in words (ludique.play.narration): no move notation where a visitor reads.

Real moves of every game (seeded random games, so entering, capturing, jumping, placing,
removing a prisoner and passing all occur) are told with ``describe`` and put into every
template of the locale catalogues that is rendered with a move: a template counts as such when
it has one of the fields ``MOVE_FIELDS``, so a notice added later with ``{move}`` is checked
without touching this file.  The story screen's own captions are rendered too, from real stories.
"""

from __future__ import annotations

import random
import re
import string

import pytest

from ludique.games import GAME_IDS, new_game
from ludique.games.base import GameState
from ludique.play.analysis import tell_state
from ludique.play.narration import describe
from ludique.words.i18n import LANGUAGES, catalog

MOVE_FIELDS = {"move", "best"}  # the fields that receive a move told in words

# Raw notation (rules.md): "off-3B", "@d4", "xd4", "c3-c5-e5", "1B-5B".  A point's or square's
# own name ("3B", "b2") is fine in a sentence; two of them joined by a dash is not.
NOTATION = re.compile(
    r"\boff-"
    r"|@"
    r"|(?<![\w])x[a-n]\d"
    r"|\b[a-n]1?\d\s*[-\u2013]\s*[a-n]1?\d\b"
    r"|\b[1-5][AB]\s*[-\u2013]\s*[1-5][AB]\b"
)


def raw_notation(text: str) -> list[str]:
    return NOTATION.findall(text)


def test_the_notation_check_can_fail():
    for raw in ("off-3B", "@d4", "xd4", "c3-c5-e5", "1B-5B", "e1 – e3", "played n12-n11"):
        assert raw_notation(f"Turn 4: Blue played {raw}."), raw
    for fine in ("a counter entered on 3B", "the piece on b2 moved to b3", "Zug 12, Blau: 52,2 %"):
        assert raw_notation(fine) == [], fine


def _random_game(game_id: str, seed: int, plies: int = 400) -> list[tuple[GameState, str]]:
    """(position before, move) for every move of one random game."""
    rng = random.Random(seed)
    state = new_game(game_id)
    out: list[tuple[GameState, str]] = []
    for _ in range(plies):
        if state.outcome is not None:
            break
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
            continue
        move = rng.choice(state.legal_moves()).text
        out.append((state, move))
        state = state.play(move)
    return out


@pytest.fixture(scope="module")
def moves() -> dict[str, list[tuple[GameState, str]]]:
    found = {game: [m for seed in range(3) for m in _random_game(game, seed)] for game in GAME_IDS}
    # a pass is rare in random games: the guide's own (a 5, and every counter blocked)
    pente = new_game("pente-grammai").from_position(
        blue={"5A": 1, "5B": 1, "1A": 1, "1B": 1}, white={"3A": 2, "2B": 1, "4B": 1}, die=5
    )
    found["pente-grammai"].append((pente, "pass"))
    return found


def test_the_random_games_hold_every_kind_of_move(moves):
    texts = {game: [m for _, m in pairs] for game, pairs in moves.items()}
    assert any(m.startswith("off-") for m in texts["pente-grammai"])
    assert "pass" in texts["pente-grammai"]
    assert any(m.startswith("@") for m in texts["latrunculi-seneca"])
    assert any(m.startswith("x") for m in texts["latrunculi-seneca"])
    assert any(m.count("-") > 1 for m in texts["latrunculi-piso"])  # a chain of jumps


def _t(lang: str):
    cat = catalog(lang)
    return lambda key, **fields: cat.t(f"kiosk.{key}", **fields)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_move_is_told_in_words(lang, moves):
    t = _t(lang)
    problems = []
    for game, pairs in moves.items():
        for state, move in pairs:
            for advice in (False, True):
                told = describe(state, move, t, advice=advice)
                if raw_notation(told) or "{" in told or told.startswith(("story.", "kiosk.")):
                    problems.append(f"{game} {move}: {told!r}")
    assert problems == []


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_template_rendered_with_a_move_reads_without_notation(lang, moves):
    cat = catalog(lang)
    t = _t(lang)
    templates = {k: v for k, v in cat.entries.items() if _fields(v) & MOVE_FIELDS}
    assert len(templates) >= 7, sorted(templates)  # the story's captions, at least
    filler = {"turn": 12, "number": 7, "colour": "Blue", "points": "3", "percent": "50%"}
    problems = []
    for game, pairs in moves.items():
        sample = pairs[:: max(1, len(pairs) // 40)]
        for state, move in sample:
            told = describe(state, move, t)
            for key, template in templates.items():
                fields = dict.fromkeys(_fields(template), "x")
                fields.update({k: v for k, v in filler.items() if k in fields})
                fields.update({k: told for k in _fields(template) & MOVE_FIELDS})
                text = template.format(**fields)
                if raw_notation(text):
                    problems.append(f"{lang} {key} ({game} {move}): {text!r}")
    assert problems == []


# --- the story screen's captions, from real stories -------------------------------------------


def _captions(lang: str, final: GameState, viewpoint: str) -> list[str]:
    from ludique.ui.scenes.story import StoryScene

    class App:
        def __init__(self) -> None:
            self.lang = lang
            self.t = _t(lang)

    story = tell_state(final, viewpoint, 0.0, max_depth=0)
    scene = object.__new__(StoryScene)  # the caption alone: no window, no worker
    scene.app = App()
    scene.story = story
    scene.chain = [*reversed([final, *final.ancestors()])]
    scene.viewpoint = viewpoint
    scene.you = True
    return [scene.caption(a) for a in story.actions if a.kind == "move"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", ["pente-grammai", "latrunculi-seneca", "epaminondas"])
def test_the_story_captions_tell_moves_in_words(lang, game_id, moves):
    state, move = moves[game_id][min(60, len(moves[game_id]) - 1)]
    final = state.play(move)
    captions = _captions(lang, final, final.colours[0])
    assert captions
    assert [c for c in captions if raw_notation(c)] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_epaminondas_move_is_told_by_the_way_it_went(lang):
    """'e5 to f5' asks a visitor to read the board's letters: the story says which way, seen
    from the side that played (White's forward is up the rows, Black's down)."""
    from ludique.games.epaminondas.rules import EpaminondasState

    words = catalog(lang)

    def t(key: str, **fields: object) -> str:
        return words.t(f"kiosk.{key}", **fields)

    def way(name: str) -> str:
        return t(f"story.move.way.{name}")

    white = EpaminondasState.from_position(white=["e5", "a1"], black=["e8", "e7", "n12"])
    black = EpaminondasState.from_position(
        white=["e5", "a1"], black=["e8", "e7", "n12"], to_move="black"
    )
    told = {
        ("e5-e6", white): "forward",
        ("e5-e4", white): "back",
        ("e5-f5", white): "side",
        ("e5-f6", white): "diagonal_forward",
        ("e5-d4", white): "diagonal_back",
        ("e8-e7", black): "forward",  # the pair e8, e7 one square down the rows
        ("e7-e8", black): "back",
    }
    names = {name: way(name) for name in set(told.values())}
    for (move, state), name in told.items():
        said = describe(state, move, t)
        assert names[name] in said, (move, said)
        # the other ways are not said (a longer one may hold a shorter: "diagonally forward")
        for other, word in names.items():
            if other != name and word not in names[name]:
                assert word not in said, (move, said, word)


# What the EN and DE capture clause once joined to the phalanx's own words ("..., its front
# piece to e6 and captured the piece on e6"; "..., ihr vorderster Stein nach e6 und schlug"):
# a verb coordinated with a phrase that has none, which does not parse (issue 60).
DANGLING_CAPTURE = {
    "en": re.compile(r"(its front piece to|, to) [a-n]\d+ and captured"),
    "de": re.compile(r"(vorderster Stein nach|, nach) [a-n]\d+ und schlug"),
    "fr": re.compile(r"(pièce de tête jusqu’en|, en) [a-n]\d+ et a pris"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_epaminondas_capture_is_told_in_a_sentence_that_parses(lang):
    from ludique.games.epaminondas.rules import EpaminondasState

    words = catalog(lang)

    def t(key: str, **fields: object) -> str:
        return words.t(f"kiosk.{key}", **fields)

    # the pair e4, e5 moves one square up and its front piece captures the lone piece on e6;
    # the three on a1-a3 move two squares and capture the pair on a5, a6
    state = EpaminondasState.from_position(
        white=["e4", "e5", "a1", "a2", "a3"], black=["e6", "a5", "a6", "n12"]
    )
    one = describe(state, "e4-e5", t)
    many = describe(state, "a1-a3", t)
    for said, captured in ((one, "e6"), (many, None)):
        assert not DANGLING_CAPTURE[lang].search(said), said
        assert captured is None or captured in said, said
    assert "2" in many, many  # how many pieces it captured
