"""One rulebook for "why not": ``GameState.refusal(frm, to)`` refuses exactly the touches no
legal move makes, on random positions of every game, and says why in keys the locales know."""

from __future__ import annotations

import random

import pytest
from doubles import random_positions

from ludique.games import GAME_IDS, REFUSALS, GameState
from ludique.games.base import Refusal
from ludique.words.i18n import catalog

LANGUAGES = ("en", "fr", "de")


def positions(game_id: str, seed: int, count: int = 12) -> list[GameState]:
    """``count`` positions with moves to make, spread over one random game (more than one
    game if it ends early)."""
    return random_positions(game_id, seed, count, share=0.25)


def squares(state: GameState) -> list[str]:
    """Every square of the board (and Pente grammai's ``off``)."""
    if state.game_id == "pente-grammai":
        return [f"{n}{row}" for row in "AB" for n in range(1, 6)] + ["off"]
    files, ranks = ("abcdefghijklmn", 12) if state.game_id == "epaminondas" else ("abcdefgh", 8)
    return [f"{f}{r}" for f in files for r in range(1, ranks + 1)]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_refusal_for_every_illegal_touch_and_none_for_a_legal_one(game_id: str) -> None:
    for state in positions(game_id, seed=GAME_IDS.index(game_id)):
        legal = {(m.frm, m.to) for m in state.legal_moves()}
        board = squares(state)
        mine = sorted({p.square for p in state.pieces() if p.colour == state.to_move})
        others = random.Random(len(legal)).sample(board, 6)
        keys = set()
        for frm in [None, *mine, *others]:
            for to in [None, *board]:
                found = state.refusal(frm, to)
                assert (found is None) == ((frm, to) in legal), (state.actions(), frm, to)
                if found is not None:
                    assert found.key in REFUSALS
                    keys.add(found.key)
        assert keys, "every position refuses something"


def _at(state: GameState, square: str) -> set[str]:
    return {p.colour for p in state.pieces() if p.square == square}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_reason_names_what_the_board_shows(game_id: str) -> None:
    """The reason is the rule the touch broke: an occupied square holds a piece, one's own
    point holds one's counter, a phalanx too far is shorter than the way."""
    for state in positions(game_id, seed=40 + GAME_IDS.index(game_id), count=6):
        me = state.to_move
        mine = sorted({p.square for p in state.pieces() if p.colour == me})
        for frm in mine:
            for to in squares(state):
                found = state.refusal(frm, to)
                if found is None:
                    continue
                fields = dict(found.fields)
                if found.key == "occupied":
                    assert _at(state, to), (frm, to)
                elif found.key == "own":
                    assert me in _at(state, to) and to not in ("3A", "3B")
                elif found.key in ("single", "larger"):
                    assert _at(state, to) == {state.opponent}
                elif found.key in ("far", "one_square"):
                    df = abs(ord(to[0]) - ord(frm[0]))
                    dr = abs(int(to[1:]) - int(frm[1:]))
                    assert max(df, dr) > fields.get("size", 1)
                    assert (found.key == "one_square") == (fields.get("size", 1) == 1)
                    assert not _at(state, to)
                elif found.key == "by_the_back":
                    back = str(fields["square"])
                    assert me in _at(state, back), (frm, to, back)
                    assert any(
                        m.frm == back and (m.landing[-1] == to or to in m.captures)
                        for m in state.legal_moves()
                    ), (frm, to, back)


def test_the_phalanx_rules_are_named() -> None:
    from ludique.games.epaminondas.rules import EpaminondasState

    state = EpaminondasState.from_position(
        white=["c2", "c3", "f2", "h2", "h3"], black=["c5", "f3", "h4", "h5"], to_move="white"
    )
    assert state.refusal("c2", "c6").key == "far"  # two pieces, four squares
    assert state.refusal("c2", "c5").key == "elsewhere"  # onto c5 the head would pass it
    assert state.refusal("c2", "c4") is None  # two pieces, two squares
    assert state.refusal("f2", "f3").key == "single"
    assert state.refusal("h2", "h4").key == "larger"
    assert dict(state.refusal("h2", "h4").fields) == {"size": 2, "group": 2}
    # c3 alone northward is one piece, but the pair from c2 captures c5: drag c2 (issue 60)
    assert state.refusal("c3", "c5") == Refusal.of("by_the_back", square="c2")
    assert "c5" in state.find_move("c2-c4").captures
    assert state.refusal("c3", "c4") is None
    assert state.refusal("c2", "d4").key == "elsewhere"  # not on a line
    blocked = EpaminondasState.from_position(white=["a1", "a2", "a3"], black=["a5"])
    assert blocked.refusal("a1", "a3") is None
    assert blocked.refusal("a1", "a4").key == "jump"  # the head (a3) would pass a5 to a6


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_is_said_in_every_language(lang: str) -> None:
    cat = catalog(lang)
    for key in REFUSALS:
        said = cat.t(f"kiosk.play.refused.{key}", size=3, group=3)
        assert said and not said.startswith("kiosk."), (lang, key)


def test_a_single_piece_is_a_single_piece_and_the_front_of_a_line_says_which_to_drag() -> None:
    """ "A phalanx of 1 moves at most 1 squares" and "A single piece cannot capture" were said
    to a visitor who took a lone piece two squares, or the front piece of a pair that can
    capture (issue 60)."""
    from ludique.games.epaminondas.rules import EpaminondasState

    lone = EpaminondasState.from_position(white=["e5", "a1"], black=["n12"])
    assert lone.refusal("e5", "e7") == Refusal("one_square")
    pair = EpaminondasState.from_position(white=["e4", "e5", "a1"], black=["e6", "n12"])
    assert pair.refusal("e5", "e6") == Refusal.of("by_the_back", square="e4")
    assert pair.find_move("e4-e5").captures == ("e6",)
    # the pair's front piece taken two squares up, where the pair goes from e4
    free = EpaminondasState.from_position(white=["e4", "e5", "a1"], black=["n12"])
    assert free.refusal("e5", "e7") == Refusal.of("by_the_back", square="e4")
    # a lone piece beside an enemy still cannot capture it
    alone = EpaminondasState.from_position(white=["e5", "a1"], black=["e6", "n12"])
    assert alone.refusal("e5", "e6") == Refusal("single")
    for lang in LANGUAGES:
        said = catalog(lang).t("kiosk.play.refused.one_square")
        assert "1" not in said and "{" not in said, (lang, said)
        said = catalog(lang).t("kiosk.play.refused.by_the_back", square="e4")
        assert "e4" in said, (lang, said)
