"""The match (``ludique.play.match``) without a window: turns, the die, the computer's answers and
the
pauses around them, passes, undo, the end and the record, driven by a clock the test turns."""

from __future__ import annotations

import pytest
from doubles import Clock

from ludique.games import new_game
from ludique.games.base import IllegalMove
from ludique.games.epaminondas.rules import EpaminondasState
from ludique.games.latrunculi.rules import PetteiaState
from ludique.games.pente.rules import PenteState
from ludique.play.match import (
    COMPUTER_MIN_SECONDS,
    END_PAUSE,
    PASS_SECONDS,
    Due,
    GameConfig,
    Match,
    Transition,
)


class FirstMove:
    """A computer that answers the first legal move (or ``answer``) at once."""

    def __init__(self, answer: str | None = None) -> None:
        self.answer = answer
        self.asked: list = []
        self.cancelled = 0
        self._pending = None

    def request(self, state, strength, time_budget=1.5) -> None:
        self.asked.append((state, strength, time_budget))
        self._pending = self.answer or str(state.legal_moves()[0])

    def poll(self):
        answer, self._pending = self._pending, None
        return answer

    def cancel(self) -> None:
        self.cancelled += 1
        self._pending = None


def make(
    game_id="latrunculi-petteia", state=None, **config
) -> tuple[Match, Clock, FirstMove, list]:
    clock, computer, records = Clock(100.0), FirstMove(), []
    match = Match(
        GameConfig(game_id, **config),
        computer,
        state=state,
        clock=clock,
        report=records.append,
        language=lambda: "de",
    )
    return match, clock, computer, records


def run_computer(match: Match, clock: Clock) -> Transition:
    """Turn the clock until the computer's move is due; return it (not committed)."""
    for _ in range(100):
        due = match.update(clock.now())
        if isinstance(due, Transition):
            return due
        clock.t += 0.1
    raise AssertionError("the computer never answered")


def test_the_visitor_moves_then_the_computer_answers_no_sooner_than_its_pause():
    match, clock, computer, _ = make()
    assert match.update(clock.now()) is Due.VISITOR
    match.play("a2-a3")
    assert not match.human_turn
    asked_at = clock.now()
    assert match.update(clock.now()) is None  # the request goes out
    assert match.thinking and computer.asked[0][1] == "player"
    clock.t += COMPUTER_MIN_SECONDS / 2
    assert match.update(clock.now()) is None  # ready, but too soon to be seen coming
    transition = run_computer(match, clock)
    assert clock.now() - asked_at >= COMPUTER_MIN_SECONDS
    assert transition.before is match.state  # taken, not yet played
    assert transition.mover == "white"
    match.commit(transition)
    assert match.state is transition.after and match.human_turn


def test_the_record_keeps_the_last_reading_of_the_visitor_the_computer_gave():
    clock, computer = Clock(100.0), FirstMove()
    config = GameConfig("latrunculi-petteia", "computer", "even", "white")  # the computer begins
    match = Match(config, computer, clock=clock)
    computer.note = {"played": 2, "rung": 2.4, "spread": 0.5, "decisions": 3, "mean_loss": 0.02}
    match.commit(run_computer(match, clock))
    assert match.skill == computer.note
    assert match.record(None, "abandoned").extra == {"skill": computer.note}
    # a note that is not a reading (a stand-in's) leaves the last reading as it was
    computer.note = "nonsense"
    match.play(str(match.state.legal_moves()[0]))
    match.commit(run_computer(match, clock))
    assert match.skill == {
        "played": 2,
        "rung": 2.4,
        "spread": 0.5,
        "decisions": 3,
        "mean_loss": 0.02,
    }


def test_a_move_that_is_not_legal_is_refused_and_changes_nothing():
    match, *_ = make()
    before = match.state
    with pytest.raises(IllegalMove):
        match.take("a1-a3")  # a slide may not pass its own piece on a2
    with pytest.raises(IllegalMove):
        match.take("nonsense")
    assert match.state is before


def test_a_transition_taken_on_another_position_is_not_played():
    match, *_ = make()
    stale = match.take("a2-a3")
    match.play("b2-b3")
    after = match.state
    match.commit(stale)
    assert match.state is after


def test_the_computer_answering_an_illegal_move_plays_a_legal_one(caplog):
    match, clock, computer, _ = make(visitor_colour="white")
    computer.answer = "h8-h1"
    transition = run_computer(match, clock)
    assert str(transition.move) in {str(m) for m in match.state.legal_moves()}
    assert "not a legal move" in caplog.text


def test_the_computer_throws_its_own_die_after_a_pause():
    state = PenteState.from_position(blue={"off": 5}, white={"off": 5}).roll(1).play("off-1A")
    match, clock, *_ = make("pente-grammai", state=state)
    assert match.state.needs_roll and not match.human_turn
    assert match.update(clock.now()) is None
    clock.t += 0.3
    assert match.update(clock.now()) is None
    clock.t += 0.3
    assert match.update(clock.now()) is Due.THROW
    value = match.throw()
    assert 1 <= value <= 6
    match.land(value)
    assert match.last_die == value and match.die_by == "white" and not match.state.needs_roll


def test_the_visitor_throws_when_he_chooses():
    match, clock, *_ = make("pente-grammai")
    for _ in range(3):
        assert match.update(clock.now()) is Due.VISITOR
        clock.t += 5
    assert match.state.needs_roll


def test_a_forced_pass_is_shown_then_played():
    # a 5: White's waiting counters would enter on 5B and 5B's counter would land on 5A, both
    # White's own; 5A's counter would land on 5B: nothing can move
    state = PenteState.from_position(
        blue={"3B": 2, "off": 3}, white={"5A": 1, "5B": 1, "off": 3}, to_move="white"
    )
    match, clock, *_ = make("pente-grammai", state=state.roll(5), opponent="two-players")
    assert match.only_pass()
    match.update(clock.now())
    assert match.pass_at == pytest.approx(clock.now() + PASS_SECONDS)
    assert "pass" not in match.state.actions()
    clock.t += PASS_SECONDS
    match.update(clock.now())
    assert match.state.actions()[-1] == "pass" and match.pass_at is None


def test_undo_against_the_computer_takes_back_the_visitors_move_and_the_answer():
    match, clock, *_ = make()
    start = match.state
    assert match.undo_target() is None
    match.update(clock.now())  # the visitor's turn: a checkpoint
    match.play("a2-a3")
    match.commit(run_computer(match, clock))
    assert match.update(clock.now()) is Due.VISITOR
    assert match.undo_target() is start
    assert match.undo() is start
    assert match.state is start and match.human_turn


def test_undo_between_two_players_takes_back_one_move():
    match, clock, *_ = make(opponent="two-players")
    match.update(clock.now())
    match.play("a2-a3")
    after_first = match.state
    match.update(clock.now())
    match.play("a7-a6")
    match.update(clock.now())
    assert match.undo() is after_first


def test_the_end_is_reported_once_then_the_end_screen_follows_after_a_pause():
    state = PetteiaState.from_position(blue=["a1", "c3", "e1", "f2"], white=["b3", "h8"])
    match, clock, _, records = make(state=state)
    match.play("a1-a3")  # b3 is taken between a3 and c3: White has one piece left
    assert match.state.outcome is not None
    assert match.update(clock.now()) is Due.OVER
    assert match.update(clock.now()) is None
    clock.t += END_PAUSE
    assert match.update(clock.now()) is Due.END_SCREEN
    assert len(records) == 1
    record = records[0]
    assert (record.winner, record.visitor_won, record.language) == ("blue", True, "de")
    assert record.strength == "player" and record.moves == 1


def test_a_demo_and_a_guided_game_record_nothing():
    state = PetteiaState.from_position(blue=["a1", "c3", "e1", "f2"], white=["b3", "h8"])
    demo, clock, _, records = make(state=state, opponent="demo")
    demo.play("a1-a3")
    for _ in range(30):
        assert demo.update(clock.now()) is None
        clock.t += 0.1
    guided, clock, _, guided_records = make(state=state)
    guided.recorded = False
    guided.play("a1-a3")
    assert guided.update(clock.now()) is Due.OVER
    clock.t += 10
    assert guided.update(clock.now()) is None  # no end screen: the guide goes on
    guided.abandon()
    assert records == guided_records == []


def test_abandoning_records_only_a_game_that_was_played():
    match, clock, _, records = make()
    assert not match.in_progress()
    match.abandon()
    assert records == []
    match, clock, _, records = make()
    match.play("a2-a3")
    assert match.in_progress()
    match.abandon()
    assert [r.reason for r in records] == ["abandoned"]
    assert records[0].visitor_won is None
    match.abandon()  # a second time changes nothing
    assert len(records) == 1


def test_who_plays_and_whether_the_board_is_turned():
    match, *_ = make(visitor_colour="white")
    assert match.flipped and not match.human_turn
    match, *_ = make("epaminondas")
    assert match.config.visitor_colour == "white" and not match.flipped
    two, *_ = make(opponent="two-players", visitor_colour="white")
    assert not two.flipped and two.is_human("blue") and two.is_human("white")
    demo, *_ = make(opponent="demo")
    assert not demo.is_human("blue") and demo.computer_pause > COMPUTER_MIN_SECONDS


def test_the_demo_asks_for_the_beginner_and_a_short_think():
    demo, clock, computer, _ = make(opponent="demo", strength="champion")
    demo.update(clock.now())
    assert computer.asked[0][1] == "beginner" and computer.asked[0][2] <= 0.5


def test_lost_pieces_are_counted_from_the_start():
    state = EpaminondasState.from_position(white=["a1", "b1"], black=["a12"])
    match, *_ = make("epaminondas", state=state)
    assert match.lost_counts() == {"white": 26, "black": 27}
    seneca, *_ = make("latrunculi-seneca")
    assert seneca.lost_counts() == {"blue": 0, "white": 0}  # all still waiting to be placed


def test_every_committed_state_is_announced_with_the_one_before():
    match, clock, *_ = make()
    seen = []
    match.on_state.append(lambda before, after: seen.append((before, after)))
    start = match.state
    match.play("a2-a3")
    assert seen == [(start, match.state)]
    match.reset_to(new_game("latrunculi-petteia"))
    assert len(seen) == 2 and match.checkpoints == []


def test_undo_never_throws_the_computers_die_again():
    """Issue 61: Undo during the computer's Pente grammai turn threw its die again, so that a
    visitor could undo until it threw what suited him.  The throw it made stands, whatever
    the visitor plays after the Undo."""
    match, clock, *_ = make("pente-grammai")
    match.dice.seed(7)

    def computer_throw() -> int:
        for _ in range(100):
            due = match.update(clock.now())
            if due is Due.THROW:
                value = match.throw()
                match.land(value)
                return value
            if isinstance(due, Transition):
                match.commit(due)
            clock.t += 0.1
        raise AssertionError("the computer never threw")

    match.update(clock.now())
    match.land(3)  # the visitor's throw, then his move
    match.update(clock.now())
    first_try = str(match.state.legal_moves()[0])
    match.play(first_try)
    thrown = computer_throw()
    for attempt in range(12):
        assert match.undo() is not None
        assert match.human_turn and not match.state.needs_roll  # his throw stands too
        moves = [str(m) for m in match.state.legal_moves()]
        match.play(moves[attempt % len(moves)])
        assert computer_throw() == thrown, attempt
