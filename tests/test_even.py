"""Even match: the visitor's skill read from his moves, the ladder, and the rung it plays.

Strength and fairness over whole games are measured by ``benchmarks/even.py`` (a population of
synthetic visitors through the kiosk's Match); these tests hold the model's parts to what they
say.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import replace

import pytest
from doubles import random_positions

from ludique.ai import decide
from ludique.ai import even as ev
from ludique.ai.evaluation import ai_for
from ludique.ai.measured import MEASURED, NOMINAL, measured
from ludique.ai.search import Limit, Searcher
from ludique.ai.skill import (
    HYPOTHESES,
    Decision,
    Mix,
    SkillEstimate,
    agreement,
    decisions_of,
    estimate,
    ladder_strength,
    likelihood,
)
from ludique.games import GAME_IDS, new_game, spec
from ludique.games.base import GameState
from ludique.games.epaminondas.rules import EpaminondasState
from ludique.games.latrunculi.rules import DuxState, PetteiaState
from ludique.games.pente.rules import PenteState


# --- the model of a player ---
def test_a_players_chances_over_his_moves_add_up_to_one_at_every_temperature() -> None:
    losses = (0.0, 0.01, 0.05, 0.3, 0.3)
    for temperature, _ in HYPOTHESES:
        total = sum(likelihood(Decision(losses, i), temperature) for i in range(len(losses)))
        assert total == pytest.approx(1.0)


def test_best_moves_point_to_a_strong_player_and_random_moves_to_a_weak_one() -> None:
    rng = random.Random(1)
    best, anything = [], []
    for _ in range(15):
        losses = tuple(sorted(rng.uniform(0.0, 0.3) for _ in range(20)))
        losses = tuple(x - losses[0] for x in losses)
        best.append(Decision(losses, 0))
        anything.append(Decision(losses, rng.randrange(20)))
    strong, weak = estimate(best), estimate(anything)
    assert strong.rung > 5 > 1 > weak.rung
    assert strong.spread < 1 and weak.spread < 1  # fifteen decisions settle it
    assert estimate([]).spread > 2  # before any move, nothing is known


def test_one_slip_does_not_make_a_strong_player_a_beginner() -> None:
    losses = tuple(0.02 * i for i in range(20))
    decisions = [Decision(losses, 0)] * 12 + [Decision(losses, 19)]
    assert estimate(decisions).rung > 4


def test_the_estimate_depends_on_the_game_alone_not_on_what_a_process_remembers() -> None:
    rng = random.Random(5)
    state = new_game("latrunculi-petteia")
    for _ in range(12):
        state = state.play(rng.choice(state.legal_moves()))
    first = ev.visitor_skill(state)
    ev._referee_cache.clear()  # as after a restart of the worker
    ev._chosen_cache.clear()
    again = ev.visitor_skill(state)
    assert first == again and first.decisions == 6


def test_the_visitors_decisions_are_his_choices_with_their_losses() -> None:
    state = PetteiaState.from_position(blue=["b3", "d7", "a1"], white=["c7", "h5", "h1"])
    winning = state.play("b3-b7")  # encloses c7 (White keeps two): the referee's best
    other = state.play("a1-a2")
    for after, lost in ((winning, False), (other, True)):
        reply = after.play(after.legal_moves()[0])
        (decision,) = decisions_of(reply, "blue", ev.referee_chances)
        assert (decision.loss > 0.05) is lost
        assert min(decision.losses) == 0.0


# --- the ladder ---
def test_the_ladder_runs_from_a_toddler_to_the_champion_seeing_more_and_choosing_better() -> None:
    # up the ladder a rung overlooks the reply no more often, and among the rungs that look at
    # it at all, chooses at no higher temperature; the toddler, who never looks, picks the
    # best-looking move often (its weakness is what it does not see)
    overlooks = [level.overlook for level in ev.LADDER]
    assert overlooks == sorted(overlooks, reverse=True)
    temperatures = [level.temperature for level in ev.LADDER if level.overlook < 1]
    assert temperatures == sorted(temperatures, reverse=True) and temperatures[-1] == 0
    # the two top rungs are the Champion's search, the expert on less thought in every game
    assert [level.search for level in ev.LADDER[-2:]] == ["champion", "champion"]
    for game_id in (g for g in GAME_IDS if not spec(g).solved):
        assert 0 < ev.thought(game_id, ev.LADDER[-2]) < ev.thought(game_id, ev.LADDER[-1])
    # the nominal hypotheses about a visitor: a random mover, then each rung at a reading less
    # noisy than the one below, up to the Champion
    assert math.isinf(HYPOTHESES[0][0])
    temperatures = [t for t, _ in HYPOTHESES]
    rungs = [rung for _, rung in HYPOTHESES]
    assert temperatures == sorted(temperatures, reverse=True) and len(set(temperatures)) == len(
        temperatures
    )
    assert rungs[1:] == sorted(set(rungs[1:])) and rungs[-1] == len(ev.LADDER) - 1


@pytest.mark.parametrize("game_id", ["latrunculi-seneca", "latrunculi-dux"])
def test_the_top_rungs_think_as_they_were_measured_whatever_the_clock(game_id: str) -> None:
    # Their ratings and reading come from games at 0.25 s a move: at the kiosk's 1.5 s (or a
    # test's 0.05 s) they play the same moves, their thought counted in nodes, not seconds.
    positions = random_positions(game_id, seed=21, count=4, share=0.05, moving=True)
    for level in ev.LADDER[-2:]:
        nodes = ev.thought(game_id, level)
        for i, state in enumerate(positions):
            moves = {
                ev.play_search_rung(
                    state, level, time.perf_counter(), budget, random.Random(i), None
                ).text
                for budget in (0.05, 0.25, 1.5)
            }
            alone = Searcher(ai_for(state), Limit(nodes=nodes), rng=random.Random(i))
            assert moves == {alone.search(state).move.text}, (level.name, i)


def attacked_man() -> DuxState:
    # Blue's d4 is attacked (White's e4 beside it, c6 can slide to c4): every move but those
    # that save it loses a man.
    return DuxState.from_position(
        blue=["d4", "a1", "h1"], white=["e4", "c6", "h8", "a8"], dux={"blue": "b2", "white": "g7"}
    )


@pytest.mark.parametrize("rung", range(1, len(ev.LADDER) - 1))
def test_no_rung_steps_a_man_into_a_capture_it_can_see(rung: int) -> None:
    state = attacked_man()
    level = replace(ev.LADDER[rung], overlook=0.0)  # a rung that looks at the reply
    for seed in range(8):
        move = ev.play_search_rung(
            state, level, time.perf_counter(), 0.2, random.Random(seed), None
        )
        after = state.play(move)
        assert not [m for m in after.legal_moves() if m.taken], (rung, str(move))


def test_only_the_lowest_rungs_overlook_the_reply_often() -> None:
    overlooks = [level.overlook for level in ev.LADDER]
    assert overlooks[0] == 1.0 and overlooks[1] >= 0.3 and overlooks[2] <= 0.1
    assert overlooks[3:] == [0.0] * (len(ev.LADDER) - 3)
    # a move chosen without looking at the reply may leave the man to be taken
    state = attacked_man()
    left = 0
    for seed in range(20):
        move = ev.play_search_rung(
            state, ev.LADDER[0], time.perf_counter(), 0.2, random.Random(seed), None
        )
        left += bool([m for m in state.play(move).legal_moves() if m.taken])
    assert left == 0


def test_a_rung_that_overlooks_does_not_search_the_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    # the toddler judges each move by the position it leaves: the referee's two plies are
    # never asked, and what it takes at once weighs in its choice
    def no_search(*args: object, **kwargs: object) -> object:
        raise AssertionError("the referee was asked")

    monkeypatch.setattr(ev, "referee_values", no_search)
    state = attacked_man()
    for seed in range(8):
        move = ev.play_search_rung(
            state, ev.LADDER[0], time.perf_counter(), 0.2, random.Random(seed), None
        )
        assert move in state.legal_moves()


@pytest.mark.parametrize("rung", range(len(ev.LADDER) - 1))
def test_no_rung_misses_a_win_it_can_see(rung: int) -> None:
    state = PetteiaState.from_position(blue=["b3", "d7", "a1"], white=["c7", "h5"])
    for seed in range(5):
        move = ev.play_search_rung(
            state, ev.LADDER[rung], time.perf_counter(), 0.2, random.Random(seed), None
        )
        assert str(move) == "b3-b7", rung


def test_a_pente_rung_takes_the_win_and_otherwise_weighs_the_exact_chances() -> None:
    state = PenteState.from_position(blue={"2B": 1, "3B": 4}, white={"off": 5}, die=1)
    assert state.play(ev.play_pente_rung(state, ev.LADDER[0], random.Random(1))).outcome
    state = PenteState.initial().roll(3)
    best = max(range(len(state.legal_moves())), key=lambda i: ev.referee_chances(state)[i][1])
    champion = ev.play_pente_rung(state, ev.LADDER[-1], random.Random(1))
    assert champion.text == ev.referee_chances(state)[best][0]


def test_a_pente_rung_that_overlooks_plays_the_race_a_child_plays() -> None:
    # without the table, the child hurries home: it knocks a counter off more often than a
    # random mover (one move in two here) and walks one off its goal less often (one in three)
    child = replace(ev.LADDER[1], overlook=1.0)
    hit = PenteState.from_position(blue={"1A": 1, "3B": 4}, white={"2A": 1, "off": 4}, die=1)
    race = ai_for(hit)
    hits = [m for m in hit.legal_moves() if race.capture_gain(hit, m)]
    assert [m.text for m in hits] == ["1A-2A"] and len(hit.legal_moves()) == 2
    hit_by = sum(ev.play_pente_rung(hit, child, random.Random(seed)) in hits for seed in range(100))
    assert hit_by >= 65
    home = PenteState.from_position(blue={"5A": 1, "1B": 1, "3B": 3}, white={"off": 5}, die=2)
    assert "3B-5B" in {m.text for m in home.legal_moves()} and len(home.legal_moves()) == 3
    leaves = sum(
        ev.play_pente_rung(home, child, random.Random(seed)).text == "3B-5B" for seed in range(100)
    )
    assert leaves <= 28


def test_the_candidates_keep_the_least_exposed_sound_moves() -> None:
    state = attacked_man()
    legal = {m.text: m for m in state.legal_moves()}
    values = [(v, legal[t]) for t, v in ev.referee_values(state)]
    pool = ev.candidates(ai_for(state), state, values)
    best = max(v for v, _ in values)
    assert pool and all(v >= best - ev.HANG for v, _ in pool)
    assert all(ev.exposure(ai_for(state), state, m) <= 0 for _, m in pool)


# --- the rung played ---
BEHIND, AHEAD = 0.5 - ev.STEP - 0.01, 0.5 + ev.STEP + 0.01


def played_score(
    skill: SkillEstimate,
    chance: float,
    strengths: tuple[float, ...] = NOMINAL.ratings,
    quiet: bool = False,
    late: bool = False,
) -> float:
    """The visitor's expected score against the rung ``rung_for`` plays."""
    return skill.expected_score(strengths, ev.rung_for(skill, chance, quiet, late, strengths)[0])


def nearest_to(skill: SkillEstimate, strengths: tuple[float, ...], target: float) -> int:
    """The rung against which the visitor's expected score is nearest ``target``."""
    scores = [skill.expected_score(strengths, r) for r in range(len(strengths))]
    return min(range(len(scores)), key=lambda r: abs(scores[r] - target))


def test_the_level_lies_where_the_visitor_scores_what_is_aimed_at() -> None:
    skill = estimate([Decision((0.0, 0.02, 0.1), 1)] * 4)
    seneca = ladder_strength("latrunculi-seneca")
    scores = [skill.expected_score(seneca, r) for r in range(len(ev.LADDER))]
    for target in (0.5 - ev.NUDGE, 0.5, 0.5 + ev.NUDGE):
        mix = skill.level(seneca, target)
        assert mix.lower < mix.upper and 0.0 < mix.share <= 1.0
        assert scores[mix.lower] > target >= scores[mix.upper]
        # neighbours by what they are worth: no rung worth something between the two
        assert not any(seneca[mix.lower] < v < seneca[mix.upper] for v in seneca)
        between = mix.share * scores[mix.upper] + (1 - mix.share) * scores[mix.lower]
        assert abs(between - target) < 1e-9
        # played by the nearer of the two (the two in turn play as the weaker)
        assert mix.nearest == nearest_to(skill, seneca, target)
    # past an end of the ladder, that end
    strongest = estimate([Decision((0.0, 0.01, 0.01, 0.01), 0)] * 30)
    weakest = estimate([Decision((0.0, 0.0, 0.0, 0.3), 3)] * 30)
    top = len(ev.LADDER) - 1
    best = strongest.level(NOMINAL.ratings)  # his posterior all but certain of the top
    assert best.upper == top and best.share > 0.999 and best.nearest == top
    assert weakest.level(NOMINAL.ratings) == Mix(0, 0, 0.0)


def test_the_nudge_moves_the_visitors_expected_score_toward_the_side_behind() -> None:
    skill = estimate([Decision((0.0, 0.02, 0.1), 1)] * 4)
    near = skill.level(NOMINAL.ratings).nearest
    assert 0 < near < len(ev.LADDER) - 1
    assert ev.rung_for(skill, 0.5) == (near, near)
    cases = [
        (0.5, False, False, 0.5),
        (BEHIND, False, False, 0.5 - ev.NUDGE),  # behind: it plays stronger
        (AHEAD, False, False, 0.5 + ev.NUDGE),  # ahead: weaker
        (AHEAD, True, False, 0.5),  # a quiet game: its level, neither way
        (BEHIND, True, False, 0.5),
        (AHEAD, False, True, 0.5 - ev.NUDGE),  # past a visit: up to finish a game it leads
        (BEHIND, False, True, 0.5),  # and never down
        (0.5, True, True, 0.5),
    ]
    for chance, quiet, late, aimed in cases:
        played, fair = ev.rung_for(skill, chance, quiet, late)
        assert fair == near
        assert played == nearest_to(skill, NOMINAL.ratings, aimed), (chance, quiet, late)
    # for this visitor each nudge is a rung: stronger behind, weaker ahead
    assert played_score(skill, BEHIND) < played_score(skill, 0.5) < played_score(skill, AHEAD)


def test_the_nudge_is_as_large_both_ways_and_none_at_an_end_of_the_ladder() -> None:
    # Dux as measured: the Champion 27 Elo above the expert, the expert 262 above the strong
    # rung.  A visitor who may be the expert or the Champion could be given 30 points of
    # expected score by a rung down and at most 2 by the rungs up: the nudge is the smaller
    # both ways (a whole rung each way made it 4 points up and 30 down), so ahead it stays on
    # the expert rather than give him the strong rung.
    dux = (0.0, 96.0, 222.0, 222.0, 222.0, 484.0, 511.0)
    skill = SkillEstimate((0.0, 0.55, 0.45), 12, 0.0, (0, 5, 6))
    reach = 0.5 - skill.expected_score(dux, 6)
    assert 0.0 < reach < ev.NUDGE
    assert ev.rung_for(skill, 0.5, strengths=dux) == (5, 5)
    assert ev.rung_for(skill, BEHIND, strengths=dux)[0] == nearest_to(skill, dux, 0.5 - reach) == 6
    assert ev.rung_for(skill, AHEAD, strengths=dux)[0] == nearest_to(skill, dux, 0.5 + reach) == 5
    # at either end none either way, but a long game the computer leads is finished from the
    # bottom (the toddler alone would lead it and never end it), and none past the Champion
    top = len(ev.LADDER) - 1
    strongest = estimate([Decision((0.0, 0.01, 0.01, 0.01), 0)] * 30)
    weakest = estimate([Decision((0.0, 0.0, 0.0, 0.3), 3)] * 30)
    for chance in (0.05, 0.5, 0.95):
        for quiet in (False, True):
            assert ev.rung_for(strongest, chance, quiet) == (top, top)
            assert ev.rung_for(weakest, chance, quiet) == (0, 0)
            assert ev.rung_for(strongest, chance, quiet, late=True) == (top, top)
    finishing = ev.rung_for(weakest, AHEAD, late=True)[0]
    assert finishing == nearest_to(weakest, NOMINAL.ratings, 0.5 - ev.NUDGE) == 1
    assert ev.rung_for(weakest, BEHIND, late=True) == (0, 0)


# What the story screen tells the visitor of Even match (``story.even_opponent``), word by
# word in each language, and what ``rung_for`` must do for it to be true.
EVEN_LINE = {
    "en": ("your level", "a step stronger or weaker", "keep the game close", "finish it"),
    "fr": ("votre niveau", "un cran plus fort ou plus faible", "partie serrée", "la finir"),
    "de": ("Ihrem Niveau", "eine Stufe stärker oder schwächer", "knapp zu halten", "beenden"),
}


@pytest.mark.parametrize("lang", sorted(EVEN_LINE))
def test_the_story_line_about_even_match_says_what_the_rung_played_does(lang: str) -> None:
    from ludique.words.i18n import catalog

    line = catalog(lang).t("kiosk.story.even_opponent")
    for words in EVEN_LINE[lang]:
        assert words in line, (lang, words)
    # "at about your level, a step stronger or weaker": a nudge of ``NUDGE`` at most (above);
    # "to keep the game close": down only where the computer leads, up where it is behind; "or
    # to finish it": past the hundredth move, up only where it leads
    close, finish = set(), set()
    for chance in (0.05, 0.3, 0.45, 0.5, 0.55, 0.7, 0.95):
        behind, ahead = chance < 0.5 - ev.STEP, chance > 0.5 + ev.STEP
        for quiet in (False, True):
            for late in (False, True):
                direction = ev.aim(chance, quiet, late)
                if direction > 0:  # weaker
                    assert ahead and not late and not quiet
                    close.add("down")
                if direction < 0:
                    assert (behind and not late and not quiet) or (ahead and late)
                    (finish if late else close).add("up")
    assert close == {"up", "down"} and finish == {"up"}


def test_the_fair_rung_gives_the_visitor_an_even_chance_by_what_each_rung_is_worth() -> None:
    # a visitor whose moves have told (a sharp posterior) meets his own rung
    for rung in range(1, len(ev.LADDER) - 1):
        told = SkillEstimate((0.0, 1.0), 12, 0.0, (0, rung))
        assert told.level(NOMINAL.ratings).nearest == rung
    # his expected score against the fair rung is the nearest to one half of all the rungs
    skill = estimate([Decision((0.0, 0.02, 0.1), 1)] * 4)
    seneca = ladder_strength("latrunculi-seneca")
    scores = [skill.expected_score(seneca, r) for r in range(len(ev.LADDER))]
    fair = skill.level(seneca).nearest
    assert abs(scores[fair] - 0.5) == min(abs(s - 0.5) for s in scores)
    assert scores == sorted(scores, reverse=True)  # a stronger rung never gives him more
    # rungs that play alike are read by what they are worth, not by their place: a visitor
    # who is the child or the novice, alike in strength, meets one of them, not the rung above
    alike = (0.0, 100.0, 100.0, 400.0, 500.0, 600.0, 700.0)
    either = SkillEstimate((0.0, 0.5, 0.5), 12, 0.0, (0, 1, 2))
    assert either.level(alike).nearest in (1, 2)
    # a small chance that he is far stronger weighs as much as it would cost him: where the
    # top rung stands far above the rest, a visitor who may well be it meets it
    cliff = (0.0, 300.0, 400.0, 500.0, 600.0, 700.0, 1600.0)
    maybe_top = SkillEstimate((0.0, 0.3, 0.7), 12, 0.0, (0, 4, 6))
    assert maybe_top.rung < 6 and maybe_top.level(cliff).nearest == 6


def test_a_measured_dip_in_the_ladders_ratings_is_read_as_noise() -> None:
    for game_id in GAME_IDS:
        ratings = ladder_strength(game_id)
        assert len(ratings) == len(ev.LADDER)
        assert list(ratings) == sorted(ratings)  # a rung sees all the one below sees


def test_rungs_that_are_one_player_in_a_game_share_one_rating() -> None:
    # In Pente grammai the expert and the Champion both play the exact table's best move: one
    # player, so a gap measured between them is noise and a visitor read as either meets the
    # same level; in a search game they search for different times and keep their ratings.
    pente = ev.ratings("pente-grammai")
    measured = ladder_strength("pente-grammai")
    assert ev.same_player("pente-grammai", ev.LADDER[5], ev.LADDER[6])
    assert pente[5] == pente[6] == pytest.approx((measured[5] + measured[6]) / 2)
    assert pente[:5] == measured[:5]
    for game_id in GAME_IDS:
        if game_id != "pente-grammai":
            assert not ev.same_player(game_id, ev.LADDER[5], ev.LADDER[6])
            assert ev.ratings(game_id) == ladder_strength(game_id)


def test_a_game_gone_quiet_is_counted_from_the_last_capture() -> None:
    state = PetteiaState.from_position(blue=["b3", "d7", "a1", "h1"], white=["c7", "h5", "a8"])
    state = state.play("b3-b7")  # takes c7
    assert ev.quiet_plies(state, 50) == 0
    for text in ("h5-h4", "a1-a2", "h4-h5"):
        state = state.play(text)
    assert ev.quiet_plies(state, 50) == 3 and ev.quiet_plies(state, 2) == 2


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_even_match_plays_a_legal_move_and_says_what_it_read(game_id: str) -> None:
    rng = random.Random(3)
    state = new_game(game_id)
    for _ in range(6):
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
        state = state.play(rng.choice(state.legal_moves()))
    if state.needs_roll:
        state = state.roll(6)
    while len(state.legal_moves()) < 2:
        state = state.play(state.legal_moves()[0])
        if state.needs_roll:
            state = state.roll(6)
    move, note = decide(state, "even", 0.2, random.Random(1))
    assert move in state.legal_moves()
    assert note is not None and 0 <= note["played"] < len(ev.LADDER)
    assert note["decisions"] >= 1 and 0 <= note["mean_loss"] <= 1


def test_every_game_has_each_rungs_measured_temperature() -> None:
    from ludique.ai.skill import hypotheses

    assert set(MEASURED) == set(GAME_IDS)
    for record in (*MEASURED.values(), NOMINAL):
        rows = (record.temperatures, record.ratings, record.agreement)
        assert all(len(row) == len(ev.LADDER) for row in rows)
        assert record.value_scale > 0 and 0 < record.thought[0] < record.thought[1]
    for game_id in GAME_IDS:
        among = hypotheses(game_id)
        rungs = [rung for _, rung in among]
        assert rungs[0] == 0 and rungs[1:] == sorted(set(rungs[1:]))
        assert rungs[-1] == len(ev.LADDER) - 1
        assert all(0 < t <= 1 for t, _ in among[1:])  # the grid measured ends at 1
    # the same moves read against another game's ladder point at another rung
    losses = tuple(0.01 * i for i in range(30))
    decisions = [Decision(losses, 1)] * 10
    assert estimate(decisions, hypotheses("epaminondas")).rung != pytest.approx(
        estimate(decisions, hypotheses("latrunculi-seneca")).rung, abs=0.3
    )


def test_the_referee_is_bounded_by_work_not_by_the_clock() -> None:
    from ludique.ai.search import Limit, SearchAborted, Searcher

    state = new_game("latrunculi-piso")
    rng = random.Random(11)
    for _ in range(60):
        state = state.play(rng.choice(state.legal_moves()))
    searcher = Searcher(ai_for(state), Limit(nodes=200), contempt=0)
    searcher.root_colour = state.to_move
    with pytest.raises(SearchAborted):
        ev.score_all(searcher, state, state.legal_moves(), 3, 2)
    assert searcher.nodes <= 200 + 4
    # whatever depth it had to settle for, the referee judges every legal move, the same twice
    first = ev.referee_values(state)
    ev._referee_cache.clear()
    assert ev.referee_values(state) == first
    assert sorted(t for t, _ in first) == sorted(m.text for m in state.legal_moves())


def test_decisions_that_tell_nothing_are_passed_over_and_the_window_holds_those_that_do() -> None:
    rng = random.Random(2)
    state = new_game("latrunculi-petteia")
    for _ in range(30):
        state = state.play(rng.choice(state.legal_moves()))
    # a referee for whom nothing matters in the last 10 plies (a game already decided)
    recent = set()
    node = state
    for _ in range(10):
        recent.add(id(node.parent))
        node = node.parent

    def chances(position):
        moves = [m.text for m in position.legal_moves()]
        if id(position) in recent:
            return [(t, 0.0) for t in moves]
        return [(t, 0.1 * (i == 0)) for i, t in enumerate(moves)]

    decisions = decisions_of(state, "blue", chances, window=4)
    assert len(decisions) == 4 and all(max(d.losses) > 0 for d in decisions)
    assert decisions_of(state, "blue", lambda p: [(m.text, 0.5) for m in p.legal_moves()]) == []


def played_at(temperature: float, count: int, seed: int) -> list[Decision]:
    """``count`` decisions of a player who chooses with weights ``exp(-loss / temperature)``
    among 30 moves whose losses are spread as the referee's are (most near the best)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        losses = tuple(sorted(rng.expovariate(1 / 0.03) for _ in range(30)))
        losses = tuple(x - losses[0] for x in losses)
        weights = [math.exp(-x / temperature) for x in losses]
        out.append(Decision(losses, rng.choices(range(30), weights=weights)[0]))
    return out


def test_a_visitor_is_read_as_the_rung_whose_measured_moves_are_like_his() -> None:
    from ludique.ai.skill import hypotheses

    # Piso's Champion was measured noisier than its expert and sharper than its strong rung: a
    # visitor who plays as the Champion was measured to is read as the Champion, not nearer
    # the strong rung (as he was while the Champion took the expert's sharper reading)
    piso = measured("latrunculi-piso").temperatures
    among = hypotheses("latrunculi-piso")
    champion = estimate(played_at(piso[6], 60, 3), among)
    by_rung = dict.fromkeys(range(len(ev.LADDER)), 0.0)
    for p, rung in zip(champion.posterior, champion.rungs, strict=True):
        by_rung[rung] += p
    assert max(by_rung, key=by_rung.__getitem__) == 6
    # Petteia's strong rung is the sharpest reading there (the expert's and the Champion's moves
    # aim deeper than the referee sees): a visitor who plays like it is read as the strong
    # rung, not as the Champion
    petteia = measured("latrunculi-petteia").temperatures
    assert petteia[4] < min(petteia[5], petteia[6])
    strong = estimate(played_at(petteia[4], 60, 4), hypotheses("latrunculi-petteia"))
    assert round(strong.rung) == 4


def test_rungs_read_alike_share_what_the_evidence_cannot_split() -> None:
    from ludique.ai.skill import hypotheses

    # Pente grammai's expert and Champion both play the solved table's best move
    pente = measured("pente-grammai").temperatures
    assert pente[5] == pente[6]
    among = hypotheses("pente-grammai")
    sharp = estimate([Decision((0.0, 0.004, 0.005, 0.006), 0)] * 40, among)
    assert sharp.posterior[-1] == pytest.approx(sharp.posterior[-2])
    assert sharp.posterior[-1] + sharp.posterior[-2] > 0.9
    assert [rung for _, rung in among[1:]] == list(range(len(ev.LADDER)))


def test_a_cancelled_request_stops_the_referee_and_leaves_nothing_remembered() -> None:
    state = new_game("latrunculi-piso")
    rng = random.Random(4)
    for _ in range(40):
        state = state.play(rng.choice(state.legal_moves()))
    ev._referee_cache.clear()
    with pytest.raises(ev.Cancelled):
        ev.referee_values(state, stop=lambda: True)
    assert not ev._referee_cache  # a cut-short judgement is not kept
    with pytest.raises(ev.Cancelled):
        decide(state, "even", 0.5, random.Random(1), stop=lambda: True)
    assert ev.referee_values(state) == ev.referee_values(state, stop=lambda: False)


def test_the_toddler_takes_what_is_offered_by_chance_and_never_gives_a_man_for_nothing() -> None:
    # Blue may take c3 (d5-d3 closes it against b3); the toddler does not look for it, so it
    # takes it only now and then, and whatever it plays leaves nothing taken at once for nothing
    state = PetteiaState.from_position(blue=["b3", "d5", "a8"], white=["c3", "h1", "g8"])
    ai = ai_for(state)
    captures = {m.text for m in state.legal_moves() if ai.capture_gain(state, m)}
    assert captures
    moves = [
        ev.play_search_rung(
            state, ev.LADDER[0], time.perf_counter(), 0.2, random.Random(seed), None
        )
        for seed in range(200)
    ]
    took = sum(m.text in captures for m in moves)
    assert 0 < took < 50, took  # one move in 34: a grasping player would take it every time
    assert all(ev.exposure(ai, state, m, avenged=False) <= 0 for m in moves)


def test_the_pente_aims_benchmark_plays_every_pairing_and_its_racer_takes_the_shortest_way() -> (
    None
):
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    run = subprocess.run(
        [
            sys.executable,
            str(root / "benchmarks" / "pente_aims.py"),
            "--games",
            "2",
            "--limit",
            "20",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=root,
    )
    assert run.returncode == 0, run.stderr
    rows = [line.split() for line in run.stdout.splitlines()[2:]]
    assert [(r[0], r[1]) for r in rows] == [
        (a, b) for a in ("random", "hitter", "racer") for b in ("random", "hitter", "racer")
    ]
    assert all(0 <= int(r[3]) <= int(r[2]) <= 2 for r in rows)  # wins within ended games

    sys.path.insert(0, str(root / "benchmarks"))
    try:
        from pente_aims import hits, racer
    finally:
        sys.path.remove(str(root / "benchmarks"))
    from ludique.ai.pente import distance

    rng = random.Random(3)
    state = PenteState.initial()
    for _ in range(60):
        if state.outcome is not None:
            break
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
            continue
        moves = state.legal_moves()
        move = racer(state, moves, rng)
        if not hits(state, moves):
            side = state.side
            ways = [distance(side, state.play(m).placements[side]) for m in moves]
            assert distance(side, state.play(move).placements[side]) == min(ways)
        state = state.play(move)


def test_the_bounds_benchmark_meets_every_visitor_and_its_opponents_do_what_they_say() -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    run = subprocess.run(
        [sys.executable, str(root / "benchmarks" / "even_bounds.py"), "--part", "pente"]
        + ["--games", "2", "--rounds", "20", "--long", "40", "--jobs", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=root,
    )
    assert run.returncode == 0, run.stderr
    rows = run.stdout.splitlines()[1:]
    visitors = ("random", "greedy", "cautious", "child", "novice", "strong", "champion")
    assert [row.split()[0] for row in rows] == list(visitors)
    for row in rows:
        cells = [cell.split() for cell in row.split(maxsplit=1)[1].split("|")]
        assert [cell[0] for cell in cells] == ["thrower", "balancer", "equal"]
        # won within the short horizon <= won within the long one <= games; a share of turns
        assert all(0 <= int(c[1]) <= int(c[2]) <= 2 and c[4].endswith("%") for c in cells)
        told, decided = (int(n) for n in cells[2][5].split("/"))  # the winner lost less
        assert 0 <= told <= decided <= 2

    sys.path.insert(0, str(root / "benchmarks"))
    try:
        from even_bounds import opponent_move
    finally:
        sys.path.remove(str(root / "benchmarks"))
    from ludique.ai.pente import move_values

    rng = random.Random(5)
    state, seen = PenteState.initial(), 0
    while state.outcome is None and seen < 40:
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
            continue
        his = {m.text: 1.0 - v for m, v in move_values(state)}
        if len(set(his.values())) > 1:
            seen += 1
            thrown = opponent_move("thrower", state, rng).text
            balanced = opponent_move("balancer", state, rng).text
            assert his[thrown] == max(his.values())
            assert abs(his[balanced] - 0.5) == min(abs(c - 0.5) for c in his.values())
        state = state.play(rng.choice(state.legal_moves()))
    assert seen >= 10


def test_a_full_referee_cache_forgets_its_least_recently_read_position_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Each decision reads the visitor's recent positions again; a cache emptied all at once made
    # the decision after it judge them all anew (2-3 s in a long game, past the kiosk's 2 s).
    monkeypatch.setattr(ev, "REFEREE_CACHE", 8)
    ev._referee_cache.clear()
    rng = random.Random(6)
    states = [new_game("latrunculi-seneca")]
    for _ in range(9):
        states.append(states[-1].play(rng.choice(states[-1].legal_moves())))
    for state in states[:8]:
        ev.referee_values(state)
    ev.referee_values(states[0])  # read again: now the most recent
    ev.referee_values(states[8])  # one more than the cache holds
    kept = [(s.game_id, s.key) in ev._referee_cache for s in states[:9]]
    assert kept == [True, False, True, True, True, True, True, True, True]
    ev.referee_values(states[9])
    assert len(ev._referee_cache) == 8
    assert (states[2].game_id, states[2].key) not in ev._referee_cache


def test_the_referee_benchmark_agrees_with_the_referee_where_it_sees_two_plies() -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    run = subprocess.run(
        [
            sys.executable,
            str(root / "benchmarks" / "even_referee.py"),
            *("--game", "latrunculi-seneca", "--games", "1", "--plies", "8"),
            *("--visitor", "strong"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=root,
    )
    assert run.returncode == 0, run.stderr
    name, decisions, referee, two, judged = run.stdout.splitlines()[-1].split()
    # a Seneca opening is judged at two plies, as the unbounded search judges it
    assert name == "strong" and int(decisions) >= 3 and judged == "100%"
    assert float(referee) == float(two) and 0 <= float(two) <= 1


@pytest.mark.parametrize("game_id", ["epaminondas", "latrunculi-dux"])
def test_the_referee_sees_two_plies_in_a_wide_position(game_id: str) -> None:
    # Two plies cost about the square of the legal moves: a fixed node bound that fitted
    # Latrunculi's 30-60 moves left Epaminondas' 110-200 judged at one ply, where a man left to
    # be taken is not seen and the greedy visitor reads as strong.
    rng = random.Random(3)
    state = new_game(game_id)
    for _ in range(12):
        state = state.play(rng.choice(state.legal_moves()))
    moves = state.legal_moves()
    assert len(moves) > (100 if game_id == "epaminondas" else 20)
    ev._referee_cache.clear()
    two_plies = sorted((m.text, v) for v, m in ev.judge(state, moves, 2, 10**9))
    assert sorted(ev.referee_values(state)) == two_plies


def test_a_rung_that_overlooks_still_sees_a_game_lost_on_the_board() -> None:
    # an intruder on White's home row wins for Black when his turn starts, unless White takes it
    # now: a player who does not look ahead sees that as he sees a man left to be taken
    state = EpaminondasState.from_position(
        white=["b3", "b2", "h2", "g2", "e2", "d3"],
        black=["b1", "n12", "m12", "k11"],
        to_move="white",
    )
    moves = state.legal_moves()
    saving = [m for m in moves if state.play(m.text).outcome is None]
    assert len(saving) == 1 and len(moves) > 40
    toddler = ev.LADDER[0]
    assert toddler.overlook == 1.0
    for seed in range(10):
        move = ev.play_search_rung(
            state, toddler, time.perf_counter(), 0.2, random.Random(seed), None
        )
        assert move == saving[0], seed


def test_the_ladder_ratings_stay_finite_when_one_rung_sweeps_a_pair() -> None:
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "benchmarks"))
    try:
        from even_ladder import PRIOR_DRAWS, elo
    finally:
        sys.path.remove(str(root / "benchmarks"))
    assert PRIOR_DRAWS >= 1
    even = [(0, 1, 1.0), (0, 1, 0.0)] * 3
    swept = [(0, 1, 0.0)] * 6  # rung 1 won all six
    # an even record rates the two alike, and a sweep puts a finite gap between them that
    # more games of the same widen: the prior's virtual draws, not where the fit's steps end
    assert abs(elo(even, 2)[1]) < 1
    six, twelve = elo(swept, 2)[1], elo(swept * 2, 2)[1]
    assert 200 < six < twelve < 800
    # without the prior the same sweep runs as far as the fit's steps go
    assert elo(swept, 2, prior=0)[1] > 2 * six


# --- each rung read by its own choice ---
@pytest.mark.parametrize("rung", range(len(ev.LADDER)))
def test_a_rungs_choice_is_the_one_it_plays_from_and_is_read_by(rung: int) -> None:
    level = ev.LADDER[rung]
    for state in (attacked_man(), PenteState.initial().roll(3)):
        choice = ev.policy(state, level)
        if level.search == "champion" and state.game_id != "pente-grammai":
            # read by the Champion's search in a few plies, most of the chance on its choice
            assert choice[ev.reader_choice(state)] >= agreement(state.game_id, rung)
        assert sum(choice.values()) == pytest.approx(1.0)
        assert set(choice) <= {m.text for m in state.legal_moves()}
        for move in state.legal_moves():
            # the hypotheses are the random mover, then the rungs
            assert ev.chosen_by(state, move.text)[rung + 1] == pytest.approx(
                choice.get(move.text, 0.0)
            )
        for seed in range(6):
            rng = random.Random(seed)
            if state.game_id == "pente-grammai":
                move = ev.play_pente_rung(state, level, rng)
            else:
                move = ev.play_search_rung(state, level, time.perf_counter(), 0.2, rng, None)
            assert choice.get(move.text, 0.0) > 0, (rung, move.text)


def test_a_visitor_is_weighed_by_what_each_rung_would_have_played_where_he_played() -> None:
    # Blue's d4 is attacked: no rung leaves it for nothing (the toddler neither: a man taken at
    # once is seen without looking ahead), so a visitor who does is read as the random mover;
    # among the moves that keep it, the rungs that look weigh them by the referee, the toddler
    # alike
    state = attacked_man()
    ai = ai_for(state)
    moves = state.legal_moves()
    keeps = [m for m in moves if ev.exposure(ai, state, m, avenged=False) <= 0]
    leaves = [m for m in moves if ev.exposure(ai, state, m) > 0]  # for nothing
    assert keeps and leaves
    for move in leaves:
        known = ev.chosen_by(state, move.text)
        assert all(p == 0.0 for p in known[1:6])
        after = state.play(move)
        reply = after.play(after.legal_moves()[0])
        decisions = decisions_of(reply, "blue", ev.referee_chances, chosen_by=ev.chosen_by) * 3
        skill = estimate(decisions, HYPOTHESES)
        assert skill.posterior[0] == max(skill.posterior)  # the random mover
    chances = dict(ev.referee_chances(state))
    best = max(keeps, key=lambda m: chances[m.text])
    toddler, strong = ev.chosen_by(state, best.text)[1], ev.chosen_by(state, best.text)[5]
    assert toddler == pytest.approx(1 / len(keeps)) and strong > toddler


def test_a_known_choice_is_read_as_it_is_not_by_a_temperature() -> None:
    losses = (0.0, 0.01, 0.02, 0.03)
    # the second move, which a reading by temperature gives the noisier players, is the one
    # a rung's own choice gives the sharpest
    known = (None, 0.05, 0.1, 0.1, 0.2, 0.9, None, None)
    decisions = [Decision(losses, 1, known)] * 10
    skill = estimate(decisions, HYPOTHESES)
    assert max(range(len(HYPOTHESES)), key=skill.posterior.__getitem__) == 5
    assert estimate([Decision(losses, 1)] * 10, HYPOTHESES).rung < skill.rung


def test_the_top_rungs_are_read_by_the_champions_own_choice_not_by_the_referees_best() -> None:
    # A player who plays what the Champion's search chooses in three plies is read at the top
    # two rungs; one who plays the strong rung's choice, by the referee's two plies, is not:
    # those two plies barely tell them apart by what each move loses (docs/ai.md, "The top rungs
    # read by their own choice").
    def top_share(player: Callable[[GameState, random.Random], str]) -> float:
        rng = random.Random(3)
        state = new_game("latrunculi-seneca")
        while len(state.moves_played()) < 30 or state.to_move == state.colours[0]:
            if state.to_move == state.colours[0]:
                text = player(state, rng)
            else:
                text = ev.play_policy(ev.overlooked(state).choice(math.inf), state, rng).text
            state = state.play(text)
        skill = ev.visitor_skill(state)  # of the player not to move: the first
        assert skill.decisions >= 8
        return sum(p for p, r in zip(skill.posterior, skill.rungs, strict=True) if r >= 5)

    strong = ev.LADDER[4]
    assert top_share(lambda state, rng: ev.reader_choice(state)) > 0.6
    assert top_share(lambda s, rng: ev.play_policy(ev.policy(s, strong), s, rng).text) < 0.2


def test_the_top_rungs_agree_with_the_reader_more_than_any_rung_below_in_every_game() -> None:
    # what makes the reader worth running: measured, the rungs that play the Champion's search
    # make its move far more often than the rungs that choose by the referee's two plies
    top = [r for r, level in enumerate(ev.LADDER) if level.search == "champion"]
    for game_id in GAME_IDS:
        row = measured(game_id).agreement
        if spec(game_id).solved:  # every rung that looks reads the table: nothing to measure
            assert row == NOMINAL.agreement
            continue
        assert min(row[r] for r in top) > max(row[: top[0]]), game_id
    assert 0 < agreement("a game not measured", top[0]) < 1
