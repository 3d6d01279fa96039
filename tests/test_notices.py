"""Threats and rule notices without a window: each threat of each game found before the move
that decides, and checked against the engine; each rule notice driven in its situation, once per
game, in the three languages (``ludique/play/threats.py``, ``ludique/play/notices.py``)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from doubles import Clock, Silent

from ludique.games import new_game
from ludique.games.epaminondas.rules import EpaminondasState
from ludique.games.latrunculi.rules import PetteiaState, PisoState, SenecaState
from ludique.games.latrunculi.threats import swapped
from ludique.games.pente.rules import PenteState
from ludique.play.guidance import Guidance, Text
from ludique.play.match import GameConfig, Match
from ludique.play.notices import RULES, rules_for, taught_by_guide
from ludique.play.threats import threats
from ludique.words.i18n import LANGUAGES, catalog

ROOT = Path(__file__).resolve().parent.parent


def guidance(state, game_id=None, **config) -> Guidance:
    game_id = game_id or state.game_id
    match = Match(GameConfig(game_id, **config), Silent(), state=state, clock=Clock())
    return Guidance(match, capture_warnings=config.pop("warnings", False))


def said(text: Text, lang: str) -> str:
    return text.render(lambda key, **f: catalog(lang).t(f"kiosk.{key}", **f))


# --- threats -------------------------------------------------------------------------------------

CROSSED = EpaminondasState.from_position(
    white=["c2", "d2", "e3", "f3", "g2", "h2", "a1"],
    black=["b1", "k11", "l11", "m12", "n12", "j10"],
)


def test_epaminondas_a_piece_across_is_a_threat_that_the_engine_carries_out():
    found = threats(CROSSED)
    crossing = next(t for t in found if t.kind == "crossing")
    assert crossing.against == "white" and crossing.squares == ("b1",)
    # if White does nothing about it, Black has won when his turn starts
    quiet = CROSSED.play("h2-h3")
    assert quiet.outcome is not None and quiet.outcome.winner == "black"
    # capturing the intruder (a1 with a2 behind it? no: a pair takes one) answers it
    answered = EpaminondasState.from_position(
        white=["a1", "a2", "h2"], black=["b1", "n12"], to_move="white"
    )
    assert any(t.kind == "crossing" for t in threats(answered))


def test_epaminondas_crossing_is_named_for_the_visitor_the_computer_and_two_players():
    visitor = guidance(CROSSED)
    assert visitor.threat_line().key == "play.threat.crossing.you"
    two = guidance(CROSSED, opponent="two-players")
    line = two.threat_line()
    assert line.key == "play.threat.crossing.colour"
    assert catalog("de").t("kiosk.colour.black") in said(line, "de")
    computer = guidance(CROSSED, visitor_colour="black")
    assert computer.threat_line().key == "play.threat.crossing.computer"


def test_epaminondas_a_piece_that_can_cross_now_is_shown():
    state = EpaminondasState.from_position(
        white=["c10", "c11", "d2", "e2", "f2"], black=["k11", "l11", "m12", "n12"]
    )
    can = next(t for t in threats(state) if t.kind == "can-cross")
    assert set(can.squares) <= {"c10", "c11"} and not can.danger
    crossing = next(m for m in state.legal_moves() if m.frm in can.squares and "12" in m.to[1:])
    assert state.play(crossing).crossing_count("white") >= 1


PETTEIA_DANGER = PetteiaState.from_position(blue=["d4", "a1", "h1", "b2"], white=["c4", "e6", "h8"])


def test_latrunculi_pieces_the_other_side_could_capture_next_are_found():
    capture = next(t for t in threats(PETTEIA_DANGER) if t.kind == "capture")
    assert capture.squares == ("d4",) and capture.against == "blue"
    # the engine agrees: with White to move, e6-e4 takes d4
    turned = swapped(PETTEIA_DANGER)
    taking = [m for m in turned.legal_moves() if "d4" in m.captures]
    assert [str(m) for m in taking] == ["e6-e4"]


@pytest.mark.parametrize(
    ("strength", "warnings", "shown"),
    [("beginner", False, True), ("even", False, True), ("player", False, False),
     ("champion", True, True)],
)  # fmt: skip
def test_latrunculi_capture_marks_follow_the_strength_and_the_setting(strength, warnings, shown):
    match = Match(
        GameConfig("latrunculi-petteia", strength=strength),
        Silent(),
        state=PETTEIA_DANGER,
        clock=Clock(),
    )
    g = Guidance(match, capture_warnings=warnings)
    assert bool(g.threats()) == shown


def test_pente_counters_the_next_throw_can_send_back_with_the_exact_chance():
    state = PenteState.from_position(blue={"4A": 1, "1B": 1, "off": 3}, white={"2A": 1, "3A": 4})
    knock = next(t for t in threats(state) if t.kind == "knock")
    fields = dict(knock.fields)
    throws = [int(n) for n in fields["throws"].split(", ")]
    assert set(knock.squares) == {"4A", "1B"}
    # the engine: exactly these throws let White land on one of them
    white_first = PenteState.from_position(
        blue={"4A": 1, "1B": 1, "off": 3}, white={"2A": 1, "3A": 4}, to_move="white"
    )
    hitting = [
        n
        for n in range(1, 7)
        if any(m.to in knock.squares for m in white_first.roll(n).legal_moves())
    ]
    assert throws == hitting and fields["percent"] == round(100 * len(hitting) / 6)


def test_pente_no_threat_on_the_sacred_points():
    state = PenteState.from_position(blue={"3A": 2, "3B": 3}, white={"2A": 1, "1A": 1, "off": 3})
    assert threats(state) == []


# --- rule notices --------------------------------------------------------------------------------


def _seneca_placement():
    state = new_game("latrunculi-seneca")
    for action in ("@c3", "@a1", "@e3"):
        state = state.play(action)
    return state, "@d3"  # White places between c3 and e3: nothing is captured while placing


SITUATIONS = {
    "pente.forced-off": (PenteState.from_position(blue={"3B": 4, "3A": 1}, die=2), "3A-5A"),
    "pente.enter-first": (PenteState.from_position(blue={"1A": 1, "off": 4}, die=3), "off-3A"),
    "pente.wrap": (
        PenteState.from_position(blue={"4B": 1, "2A": 1, "off": 3}, die=2),
        "4B-1A",
    ),
    "latrunculi.no-capture-placing": _seneca_placement(),
    "latrunculi.double": (
        PisoState.from_position(blue=["b4", "f4", "d3", "a8"], white=["c4", "e4", "h1", "h2"]),
        "d3-d4",
    ),
    "latrunculi.safe": (
        PisoState.from_position(blue=["d3", "a8", "a7"], white=["c4", "e4", "h1"]),
        "d3-d4",
    ),
    "latrunculi.one-removal": (
        SenecaState.from_position(
            blue=["d4", "a2", "h8", "g8"],
            white=["c4", "e4", "a1", "a3", "h1"],
            inciti={"d4": ("c4", "e4"), "a2": ("a1", "a3")},
            pending_removal=True,
        ),
        "xd4",
    ),
    "latrunculi.last-pieces": (
        PetteiaState.from_position(blue=["a1", "c3", "e1", "f2"], white=["b3", "h8", "g8"]),
        "a1-a3",
    ),
    "latrunculi.fifty": (
        PisoState.from_position(blue=["a1", "c1"], white=["h8", "f8"], quiet=39),
        "a1-a2",
    ),
    "epaminondas.optional-capture": (
        EpaminondasState.from_position(white=["f1", "f2", "k1"], black=["f3", "n12"]),
        "k1-k2",
    ),
    "epaminondas.backwards": (
        EpaminondasState.from_position(white=["e5", "a1"], black=["n12", "m12"]),
        "e5-e4",
    ),
    "epaminondas.equal-across": (
        EpaminondasState.from_position(white=["c11", "d2"], black=["b1", "n12", "m11"]),
        "c11-c12",
    ),
}


def _repetition():
    state = EpaminondasState.from_position(white=["a1", "c1"], black=["n12", "l12"])
    for action in ("a1-a2", "n12-n11", "a2-a1"):
        state = state.play(action)
    return state, "n11-n12"  # the first position stands again, White to move: its second time


SITUATIONS["repetition"] = _repetition()


def test_every_rule_has_a_situation():
    assert set(SITUATIONS) == {r.id for r in RULES}


@pytest.mark.parametrize("rule", [r.id for r in RULES])
def test_each_rule_is_explained_when_it_first_applies_and_only_once(rule):
    before, action = SITUATIONS[rule]
    game_id = before.game_id
    assert any(r.id == rule for r in rules_for(game_id)), f"{rule} is not explained in {game_id}"
    g = guidance(before, game_id, opponent="two-players")
    g.match.play(action)
    assert g.rule is not None and g.rule.text.key == f"play.rule.{rule}"
    for lang in LANGUAGES:
        words = said(g.rule.text, lang)
        assert words and "kiosk." not in words and "{" not in words, (lang, words)
    # a second time in the same game it is not explained again
    g.rule = None
    g.match.reset_to(before)
    g.match.play(action)
    assert g.rule is None or g.rule.text.key != f"play.rule.{rule}"


def test_a_rule_does_not_fire_on_an_ordinary_move():
    # the first moves of every game apply none of the rules
    for game_id in ("pente-grammai", "latrunculi-petteia", "epaminondas"):
        state = new_game(game_id)
        g = guidance(state, opponent="two-players")
        if state.needs_roll:
            g.match.land(5)
        g.match.play(state.legal_moves()[0] if not state.needs_roll else g.state.legal_moves()[0])
        assert g.rule is None, (game_id, g.rule)


def test_the_repetition_notice_tells_the_truth():
    before, action = SITUATIONS["repetition"]
    state = before.play(action)
    for again in ("a1-a2", "n12-n11", "a2-a1", "n11-n12"):
        state = state.play(again)
    assert state.outcome is not None and state.outcome.winner is None


def test_a_guided_game_explains_no_rule_its_guide_teaches():
    for game_id, taught in taught_by_guide().items():
        guide = tomllib.loads((ROOT / "assets" / "guides" / f"{game_id}.toml").read_text("utf-8"))
        keys = {step["key"] for step in guide["step"]}
        for rule, step_key in taught.items():
            assert step_key in keys, f"{game_id}'s guide has no step {step_key!r}"
            assert rule not in {r.id for r in rules_for(game_id)}


def test_the_guides_table_lists_every_rule():
    table = (ROOT / "docs" / "guides.md").read_text("utf-8")
    for rule in RULES:
        assert f"`{rule.id}`" in table, f"docs/guides.md does not list {rule.id}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_threat_is_named_in_words_for_each_kind_of_game(lang):
    knock = PenteState.from_position(blue={"4A": 1, "1B": 1, "off": 3}, white={"2A": 1, "3A": 4})
    can_cross = EpaminondasState.from_position(
        white=["c10", "c11", "d2", "e2", "f2"], black=["k11", "l11", "m12", "n12"]
    )
    for state, kind in (
        (CROSSED, "crossing"),
        (can_cross, "can-cross"),
        (PETTEIA_DANGER, "capture"),
        (knock, "knock"),
    ):
        for config in ({}, {"opponent": "two-players"}):
            g = guidance(state, **config)
            g.capture_warnings = True
            line = g.threat_line()
            assert line is not None and line.key.startswith(f"play.threat.{kind}."), (kind, line)
            words = said(line, lang)
            assert "kiosk." not in words and "{" not in words and "None" not in words, words


def test_the_forced_off_notice_looks_where_the_move_ends():
    # Blue 3A x2 and 3B x3, a throw of 5: the only moves go from 3A to 3B and from 3B to 3A, so
    # no counter leaves the sacred line and the notice must not say one had to (issue 60)
    state = PenteState.from_position(blue={"3A": 2, "3B": 3}, white={"1A": 1, "off": 4}, die=5)
    assert {str(m) for m in state.legal_moves()} == {"3A-3B", "3B-3A"}
    g = guidance(state, opponent="two-players")
    g.match.play("3A-3B")
    assert g.rule is None or g.rule.text.key != "play.rule.pente.forced-off", g.rule
    # and where every move does leave the line, it still says so
    before, action = SITUATIONS["pente.forced-off"]
    g = guidance(before, opponent="two-players")
    g.match.play(action)
    assert g.rule is not None and g.rule.text.key == "play.rule.pente.forced-off"


# the word for a piece on the lines every game shares: Pente grammai's cards say "counter"
PIECE_WORDS = {"en": ("piece", "counter"), "fr": ("pièce", "pion"), "de": ("Stein", "Stein")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_shared_lines_call_pente_grammais_counters_counters(lang):
    """The next step, a refused drop and a touch beside every piece say "counter" / « pion »
    in Pente grammai, as its card does, and "piece" / « pièce » elsewhere (issue 60)."""
    piece, counter = PIECE_WORDS[lang]
    pente = PenteState.from_position(blue={"1A": 1, "off": 4}, white={"off": 5}, die=2)
    epaminondas = new_game("epaminondas")
    for state, word, other in ((pente, counter, piece), (epaminondas, piece, counter)):
        g = guidance(state, opponent="two-players")
        origin = str(state.legal_moves()[0].frm)
        texts = [g.next_step(None), g.refusal(origin, "4B" if state is pente else "h6")]
        empty = "5B" if state is pente else "g6"
        texts.append(g.why_not(empty))
        for text in texts:
            assert text is not None
            words = said(text, lang)
            assert word in words and (word == other or other not in words), (lang, words)
