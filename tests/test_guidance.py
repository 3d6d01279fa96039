"""The guidance (``ludique.play.guidance``) without a window: for positions of every game, what is
marked, the next step, each notice and the reason each refused drop gives, in three languages."""

from __future__ import annotations

import random

import pytest
from doubles import Clock, Silent, seneca_position

from ludique.games import new_game
from ludique.games.epaminondas.rules import EpaminondasState
from ludique.games.latrunculi.rules import PetteiaState
from ludique.games.pente.rules import PenteState
from ludique.play.guidance import NOTICE_SECONDS, Guidance, StepGuidance, Text
from ludique.play.match import GameConfig, Match
from ludique.words.i18n import LANGUAGES, catalog


def guide(game_id: str, state=None, **config) -> Guidance:
    match = Match(GameConfig(game_id, **config), Silent(), state=state, clock=Clock())
    return Guidance(match)


def said(text: Text | None, lang: str = "en") -> str | None:
    if text is None:
        return None
    return text.render(lambda key, **f: catalog(lang).t(f"kiosk.{key}", **f))


# --- refusals, game by game --------------------------------------------------------------------


def test_epaminondas_refusals_name_the_phalanx_rule():
    state = EpaminondasState.from_position(
        white=["c1", "f1", "f2", "k1"], black=["c2", "f3", "f4", "n12", "m12"]
    )
    g = guide("epaminondas", state)
    assert g.refusal("c1", "c2") == Text.of("play.refused.single")
    assert g.refusal("f1", "f3") == Text.of("play.refused.larger", size=2, group=2)
    assert g.refusal("k1", "k5") == Text.of("play.refused.far", size=1)
    assert g.refusal("k1", "m2") == Text.of("play.refused.elsewhere")  # on no line at all


def test_epaminondas_refuses_a_phalanx_that_would_jump():
    # the line c1-c2-c3 may go three squares up, but c5 stands in the way of its head
    blocked = EpaminondasState.from_position(
        white=["c1", "c2", "c3", "h1"], black=["c5", "n12", "m12"]
    )
    g = guide("epaminondas", blocked)
    assert "c4" not in g.targets("c1")
    assert g.refusal("c1", "c4") == Text.of("play.refused.jump")
    # over a free way the same line reaches c4: a legal target, no refusal to give
    free = EpaminondasState.from_position(white=["c1", "c2", "c3", "h1"], black=["n12", "m12"])
    assert "c4" in guide("epaminondas", free).targets("c1")


def test_latrunculi_refuses_an_occupied_square():
    g = guide("latrunculi-petteia")
    assert g.refusal("a2", "b2") == Text.of("play.refused.occupied")
    assert g.refusal("a2", "c5") == Text.of("play.refused.elsewhere")


def test_pente_refuses_a_point_held_by_ones_own_counter():
    state = PenteState.from_position(blue={"1A": 1, "3A": 1, "off": 3}, white={}, die=2)
    g = guide("pente-grammai", state)
    assert g.refusal("1A", "3A") == Text.of("play.refused.elsewhere")  # sacred: never "own"
    assert g.refusal("off", "1A") == Text.of("play.refused.own")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_and_notice_reads_as_words_in_each_language(lang):
    kinds = ("single", "occupied", "own", "elsewhere", "jump")
    texts = [Text.of(f"play.refused.{k}") for k in kinds] + [
        Text.of("play.refused.far", size=2),
        Text.of("play.refused.larger", size=2, group=3),
        Text.of("play.notice.blocked", point="5A"),
        Text.of("play.notice.battle"),
        Text.of("play.notice.remove"),
        Text.of("status.no_move_colour", colour="white"),
    ]
    for text in texts:
        words = said(text, lang)
        assert words and "kiosk." not in words and "{" not in words, (lang, text, words)
    assert catalog(lang).t("kiosk.colour.white") in said(texts[-1], lang)


# --- notices -----------------------------------------------------------------------------------


def test_a_blocked_entry_is_noticed_when_the_die_lands_and_when_the_stock_is_touched():
    g = guide("pente-grammai", PenteState.from_position(blue={"5A": 1, "1A": 1, "off": 3}))
    g.match.land(5)
    g.landed()
    assert g.entry_blocked() == "5A"
    assert g.notice.text == Text.of("play.notice.blocked", point="5A")
    assert g.next_step(None) == Text.of("play.guide.blocked", point="5A")
    g.match.clock.t += NOTICE_SECONDS
    assert g.expire(g.match.clock.now()) and g.notice is None
    g.touched("off")
    assert g.message() == Text.of("play.notice.blocked", point="5A")


def test_no_blocked_entry_while_a_counter_can_come_in():
    g = guide("pente-grammai", PenteState.from_position(blue={"5A": 1, "off": 4}))
    g.match.land(4)
    g.landed()
    assert g.entry_blocked() is None and g.notice is None


def test_the_battle_beginning_is_noticed_once_the_last_piece_is_placed():
    rng = random.Random(5)
    state = new_game("latrunculi-seneca")
    while state.in_reserve("white") > 0:
        state = state.play(rng.choice(state.legal_moves()))
    before = state.parent
    g = guide("latrunculi-seneca", before, opponent="two-players")
    g.match.play(str(state.action))
    assert g.match.state.phase == "battle"
    assert g.message() == Text.of("play.notice.battle")


def test_a_prisoner_to_remove_is_the_next_step_and_other_touches_are_noticed():
    state = seneca_position(
        lambda s: s.to_move == "blue" and any(str(m).startswith("x") for m in s.legal_moves())
    )
    g = guide("latrunculi-seneca", state)
    prisoners = tuple(str(m)[1:] for m in state.legal_moves())
    assert g.status() == Text.of("status.remove_incitus")
    assert g.next_step(None) == Text.of("play.guide.remove")
    assert g.board_marks(None, marks_on=True, hint=False).movable == prisoners
    assert g.hint_origin() == prisoners[0]
    g.touched(prisoners[0])
    assert g.notice is None  # the prisoner itself: the board removes it, nothing to say
    other = next(p.square for p in state.pieces() if p.square not in prisoners)
    g.touched(other)
    assert g.message() == Text.of("play.notice.remove")


# --- the next step, the status, the die --------------------------------------------------------


def test_the_next_step_follows_the_visitors_turn():
    g = guide("latrunculi-petteia")
    assert g.status() == Text.of("status.your_turn")
    assert g.next_step(None) == Text.of("play.guide.choose")
    assert g.next_step("a2") == Text.of("play.guide.target")
    g.match.play("a2-a3")
    assert g.status() == Text.of("status.computer_thinks")
    assert g.next_step(None) is None
    seneca_start = guide("latrunculi-seneca")
    assert seneca_start.next_step(None) == Text.of("play.guide.place")


def test_two_players_are_named_by_colour():
    g = guide("pente-grammai", opponent="two-players")
    assert g.status() == Text.of("status.roll_colour", colour="blue")
    assert said(g.status(), "de") == catalog("de").t(
        "kiosk.status.roll_colour", colour=catalog("de").t("kiosk.colour.blue")
    )
    g.match.land(3)
    assert g.die_caption(rolling=False) == Text.of("play.die.colour", colour="blue")


def test_the_die_says_whose_throw_it_shows():
    g = guide("pente-grammai")
    assert g.die_caption(rolling=False) == Text.of("play.die.touch")  # never thrown yet
    assert g.die_caption(rolling=True) == Text.of("play.die.you")
    g.match.land(4)
    g.match.play("off-4A")
    # White's throw due: the faded face is Blue's 4, the caption says who throws next
    assert g.die_caption(rolling=False) == Text.of("status.computer_rolls")
    assert g.status() == Text.of("status.computer_rolls")
    # while the computer's die tumbles, the die is the computer's (not the visitor's last)
    assert g.die_caption(rolling=True) == Text.of("play.die.computer")
    first = guide("pente-grammai", visitor_colour="white")
    assert first.die_caption(rolling=False) == Text.of("play.die.computer-first")


# --- marks -------------------------------------------------------------------------------------


def test_marks_movable_pieces_a_touched_pieces_targets_and_the_hinted_one():
    g = guide("latrunculi-petteia")
    assert g.marks_due()
    every = g.board_marks(None, marks_on=True, hint=False)
    assert set(every.movable) == {p.square for p in g.state.pieces() if p.colour == "blue"} - {
        f"{f}1" for f in "abcdefgh"
    }
    touched = g.board_marks("a2", marks_on=True, hint=False)
    assert set(touched.targets) == {"a3", "a4", "a5", "a6"} and not touched.movable
    hinted = g.board_marks(None, marks_on=True, hint=True)
    assert hinted.pulse and len(hinted.movable) == 1 and hinted.targets


def test_the_hint_points_at_a_capture_first():
    state = PetteiaState.from_position(blue=["a1", "c3", "h1"], white=["b3", "h8", "g8"])
    g = guide("latrunculi-petteia", state)
    assert g.hint_origin() == "a1"  # a1-a3 takes b3


def test_no_marks_while_the_computer_plays_or_the_die_waits():
    g = guide("pente-grammai")
    assert not g.marks_due()  # the die first
    g.match.land(2)
    assert g.marks_due()
    demo = guide("latrunculi-petteia", opponent="demo")
    assert not demo.marks_due() and demo.next_step(None) is None


def test_the_computers_last_move_stays_marked_until_the_visitor_moves():
    g = guide("latrunculi-petteia", visitor_colour="white")
    answer = g.match.take("a2-a4")
    g.played(answer)
    assert g.marked == ("a2", "a4")
    g.match.commit(answer)
    assert g.marks_for(g.state) == ("a2", "a4")
    mine = g.match.take("a7-a5")
    g.played(mine)
    assert g.marked == ()


def test_a_step_guidance_takes_only_the_steps_move():
    match = Match(GameConfig("latrunculi-petteia"), Silent(), clock=Clock(), recorded=False)
    wanted = {"move": "a2-a3"}
    g = StepGuidance(match, lambda: wanted["move"])
    assert g.accepts(match.take("a2-a3").move) is None
    assert g.accepts(match.take("b2-b3").move) is not None
    wanted["move"] = None  # the guide is done: nothing more is taken
    assert g.accepts(match.take("a2-a3").move) is not None
    assert not g.marks_due() and not g.hint_due(10**6, 0.0)
