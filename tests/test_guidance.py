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
from ludique.play.guidance import Guidance, StepGuidance, Text
from ludique.play.match import GameConfig, Match
from ludique.play.threats import threats as threats_of
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
    # a lone piece four squares away: "a single piece", never "a phalanx of 1 ... 1 squares"
    assert g.refusal("k1", "k5") == Text.of("play.refused.one_square")
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
    # sacred: never "own"; where to drop it, said of a counter
    assert g.refusal("1A", "3A") == Text.of("play.refused.elsewhere_counter")
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
    # it stays however long the visitor reads (issue 61: a slow reader is never hurried)
    g.match.clock.t += 3600
    assert not g.expire(g.match.clock.now()) and g.notice is not None
    g.notice = None  # (the screen takes it away at the next touch)
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
    assert g.next_step(None) is None  # the status says it: not twice
    # between two players the status says whose turn: the next step says to remove one
    two = guide("latrunculi-seneca", state, opponent="two-players")
    assert two.status() == Text.of("status.colour_to_play", colour="blue")
    assert two.next_step(None) == Text.of("play.guide.remove")
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


# --- issue 61: said when seen, how a line moves, a step's dot --------------------------------


def test_the_computers_capture_is_said_once_its_move_has_been_shown_not_before():
    # Petteia: the computer (White) captures Blue's e4 with h5-e5 (e3 on its other side)
    state = PetteiaState.from_position(
        blue=["e4", "a1", "b1"], white=["e3", "h5", "h8"], to_move="white"
    )
    g = guide("latrunculi-petteia", state, visitor_colour="blue")
    answer = g.match.take("h5-e5")
    assert answer.move.captures == ("e4",)
    g.played(answer)  # the move is being shown: the piece still stands, nothing said yet
    assert g.lost is None
    g.match.commit(answer)  # shown: now it is said
    assert g.lost == Text.of("play.notice.lost", square="e4")


def test_a_rule_notice_stays_until_the_visitors_next_move():
    g = guide("latrunculi-petteia")
    g.explain("latrunculi.safe", {"square": "d4"})
    g.match.clock.t += 3600  # however long he reads
    assert not g.expire(g.match.clock.now()) and g.rule is not None
    g.hold_rule(waits=True)  # no room on the strip yet: it is kept past his move
    g.played(g.match.take("a2-a3"))
    assert g.rule is not None
    g.hold_rule(waits=False)  # shown, then he moves: it has been read
    g.played(g.match.take("a2-a3"))
    assert g.rule is None


def test_holding_the_front_of_a_line_says_the_line_moves_from_its_back_piece():
    # White's line e1-e2-e3 going up: e3 is its front, e1 its back piece
    state = EpaminondasState.from_position(white=["e1", "e2", "e3", "k1"], black=["n12", "m12"])
    g = guide("epaminondas", state)
    said = g.next_step("e3")
    assert said == Text.of("play.hint.line", tail="e1", head="e3")
    assert g.next_step("e1") == Text.of("play.guide.target")
    assert g.next_step("k1") == Text.of("play.guide.target")  # alone: no line to speak of


def test_a_guided_steps_target_answers_a_touch_with_nothing_held():
    from ludique.play.touch import PLAY, Interaction

    match = Match(GameConfig("latrunculi-petteia"), Silent(), clock=Clock(), recorded=False)
    g = StepGuidance(match, lambda: "a2-a3")
    done = Interaction(g).press("a3")
    assert done.kind == PLAY and str(done.move) == "a2-a3"


def test_a_guided_steps_ring_round_ones_own_piece_answers_a_tap_and_a_drag_still_takes_it():
    """Issue 61: in the Epaminondas guide the green ring round the visitor's own stone did
    nothing when tapped.  A tap on it is the step's move; a drag from it takes that stone."""
    from ludique.play.touch import PLAY, SELECT, Interaction

    state = EpaminondasState.from_position(white=["c1", "c2", "k1"], black=["n12", "m12"])
    match = Match(GameConfig("epaminondas"), Silent(), state=state, clock=Clock(), recorded=False)
    g = StepGuidance(match, lambda: "c1-c2")  # the pair steps up: c1 lands on c2
    touch = Interaction(g)
    assert touch.press("c2").kind == SELECT
    done = touch.release("c2", moved=False)
    assert done.kind == PLAY and str(done.move) == "c1-c2"
    touch.clear()
    touch.press("c2")
    dragged = touch.release("c3", moved=True)
    assert dragged.kind == PLAY and str(dragged.move) == "c2-c3"  # (the guide then refuses it)


def test_a_red_target_names_every_piece_the_move_leaves_open_not_only_the_one_that_moves():
    """Issue 61: a stone taken off a line of four left three exposed, unwarned.  White's line
    e5-e8 holds Black's four (e9-e12) off; e8 stepping aside leaves e5, e6 and e7 to them."""
    state = EpaminondasState.from_position(
        white=["e5", "e6", "e7", "e8", "a1"], black=["e9", "e10", "e11", "e12", "n12"]
    )
    g = guide("epaminondas", state)
    assert "f8" in g.danger_targets("e8")
    said = g.risk_line("e8")
    assert said is not None and said.key == "play.risk.left"
    assert {"e5", "e6", "e7"} <= set(str(said.get("squares")).split(", "))
    assert "e5, e6, e7" in said.render(lambda key, **f: catalog("de").t(f"kiosk.{key}", **f))


def test_a_rule_notice_about_a_square_goes_once_that_square_is_threatened():
    """Issue 61: the panel kept "b7 is safe" beside a warning on b7.  What it said of b7 no
    longer holds once the other side could capture there: the notice goes."""

    def start() -> Guidance:
        state = PetteiaState.from_position(
            blue=["b7", "c6", "d7", "a1", "h1"], white=["a7", "h8", "g2"], to_move="white"
        )
        g = guide("latrunculi-petteia", state, visitor_colour="blue")
        g.explain("latrunculi.safe", {"square": "b7"})
        return g

    g = start()
    g.match.play("h8-h7")  # b7 still safe: the notice stays
    assert g.rule is not None
    g = start()
    g.match.play("h8-c8")  # c8-c7 would now shut b7 in between a7 and c7
    assert "b7" in {sq for t in threats_of(g.state) for sq in t.squares}
    assert g.rule is None


def test_moving_a_counter_off_its_own_goal_is_a_red_target_and_says_why():
    """Issue 61: moving a counter out of one's own goal got no warning.  Blue's goal is 3B: a
    throw of 6 would take one of its counters there round to 4A."""
    state = PenteState.from_position(
        blue={"3B": 3, "1A": 1, "2A": 1}, white={"5A": 1, "1B": 1, "off": 3}, die=6
    )
    g = guide("pente-grammai", state)
    assert g.targets("3B") and "4A" in g.danger_targets("3B")
    assert g.risk_line("3B") == Text.of("play.risk.leaves_goal", point="3B")
    assert "3B" not in g.danger_targets("2A")  # onto the goal: no loss
