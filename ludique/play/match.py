"""A match: one game as the kiosk plays it, with no pygame in it.

The engine (``ludique.games``) knows the rules of a position; a :class:`Match` knows the game
around it: who plays each colour (the visitor, a second visitor, the computer, or the computer
against itself in the attract screen's demo), the die and its throws, asking the computer and
taking its answer, the pauses a visitor needs to follow, undo checkpoints, the result and the
record kept for the statistics.

The screen shows every action before it counts: an action is first *taken* (checked against
``legal_moves()`` and turned into a :class:`Transition`, nothing changed yet), the scene animates
it, then *commits* it.  A test or a headless driver commits at once.  The match is driven by
``update(now)``, which says what is due (:class:`Due`); the clock is injected, so the same match
runs against a real clock on the kiosk and a fake one in the tests.
"""

from __future__ import annotations

import enum
import logging
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, Protocol

from ludique.ai import DEFAULT_STRENGTH, STRENGTHS
from ludique.games import KIOSK_VISIT, new_game
from ludique.games.base import PASS, REMOVE, GameState, IllegalMove, Move
from ludique.play.visit import VISIT_MINUTES, visit_for

log = logging.getLogger(__name__)

COMPUTER_MIN_SECONDS = 0.6  # the computer never answers faster (the visitor must see it coming)
DEMO_SLOWER = 1.6  # the attract screen's demo plays more slowly than a real opponent
PASS_SECONDS = 2.0  # a pass is shown this long before the turn goes on
END_PAUSE = 1.4  # the final board, before the end screen
COMPUTER_ROLL_SECONDS = 0.5  # the computer's hand on the die (0.8 in the demo)
DEMO_ROLL_SECONDS = 0.8

__all__ = [
    "STRENGTHS",
    "Clock",
    "Due",
    "GameConfig",
    "GameRecord",
    "Match",
    "MoveSource",
    "Transition",
]


@dataclass
class GameConfig:
    game_id: str
    opponent: str = "computer"  # "computer", "two-players" or "demo" (computer against itself)
    strength: str = "player"
    visitor_colour: str | None = None  # None: the colour that moves first
    # the visit rule (``ludique.games.new_game``): the game's own length, moves each, or None
    # for the full game
    visit: int | None | Literal["kiosk"] = KIOSK_VISIT

    @classmethod
    def default_for(cls, game_id: str, settings: object) -> GameConfig:
        strength = getattr(settings, "default_strength", DEFAULT_STRENGTH)
        if strength not in STRENGTHS:
            strength = DEFAULT_STRENGTH
        minutes = getattr(settings, "short_game_minutes", VISIT_MINUTES)
        if type(minutes) is not int:
            minutes = VISIT_MINUTES
        return cls(game_id, "computer", strength, None, visit_for(game_id, minutes))


@dataclass
class GameRecord:
    """One finished (or abandoned) game, for the play statistics (nothing personal)."""

    game_id: str
    language: str
    opponent: str  # "computer" or "two-players"
    strength: str | None
    visitor_colour: str | None
    duration: float
    winner: str | None
    reason: str | None  # an Outcome reason, or "abandoned"
    moves: int
    visitor_won: bool | None = None
    extra: dict[str, object] = field(default_factory=dict)


class MoveSource(Protocol):
    """What a match asks of the computer player (``ludique.ui.opponent.Opponent`` on the kiosk,
    a scripted one in a guided game)."""

    def request(self, state: GameState, strength: str, time_budget: float = 1.5) -> None: ...

    def poll(self) -> str | None: ...

    def cancel(self) -> None: ...


class Clock(Protocol):
    """The time a match lives in: ``now()`` in seconds, ``seconds(s)`` a pause of the show
    (shortened in tests)."""

    def now(self) -> float: ...

    def seconds(self, s: float) -> float: ...


class RealClock:
    def now(self) -> float:
        return time.monotonic()

    def seconds(self, s: float) -> float:
        return s


@dataclass(frozen=True)
class Transition:
    """One action on its way: taken (legal, ``after`` computed) but not yet committed."""

    before: GameState
    action: str  # the notation: "c3-c6", "pass", "xd4", "roll 4"
    move: Move  # (a roll is no transition: ``throw`` and ``land``)
    after: GameState
    mover: str


class Due(enum.Enum):
    """What ``Match.update`` says is due now (besides a :class:`Transition` to show)."""

    THROW = "throw"  # the computer's die is to be thrown (``throw()``), shown, then ``land()``
    VISITOR = "visitor"  # the visitor is to act: a throw, a move or a removal
    OVER = "over"  # the game has just ended (sound, record): the final board is shown
    END_SCREEN = "end-screen"  # the final board has been seen: the end screen may follow


class Match:
    """One game: the states it went through, who plays, the die, the computer, undo, result.

    ``recorded`` is False for a guided game: nothing of it goes to the statistics and leaving
    it loses nothing.  ``on_change`` is called whenever what a screen shows of the match changed
    (the kiosk redraws then); ``on_state`` after every committed state, with the one before.
    """

    def __init__(
        self,
        config: GameConfig,
        opponent: MoveSource,
        *,
        state: GameState | None = None,
        clock: Clock | None = None,
        think_budget: float = 1.5,
        recorded: bool = True,
        language: Callable[[], str] = lambda: "",
        report: Callable[[GameRecord], None] | None = None,
        on_change: Callable[[], None] = lambda: None,
    ) -> None:
        self.config = config
        self.opponent = opponent
        self.clock: Clock = clock or RealClock()
        self.think_budget = think_budget
        self.recorded = recorded
        self.language = language
        self.report = report
        self.on_change = on_change
        self.on_state: list[Callable[[GameState, GameState], None]] = []
        self.state: GameState = state or new_game(config.game_id, config.visit)
        colours = self.state.colours
        if config.visitor_colour not in colours:
            config.visitor_colour = colours[0]
        self.demo = config.opponent == "demo"
        # Even match's last reading of the visitor (``ludique.ai.decide``), for the record
        self.skill: dict[str, float | int] | None = None
        self.computer_pause = COMPUTER_MIN_SECONDS * (DEMO_SLOWER if self.demo else 1.0)
        self.dice = random.Random()  # the die thrown on screen (tests may seed it)
        self.started = self.clock.now()
        self.turn_started = self.started
        self.checkpoints: list[GameState] = []
        self.finished = False
        self.last_die: int | None = None
        self.computer_throws: dict[int, int] = {}  # the computer's throws, by turn: they stand
        self.die_by: str | None = None  # whose throw the die shows
        self.auto_roll_at: float | None = None
        self.pass_at: float | None = None
        self.think_started: float | None = None
        self.answer: str | None = None
        self.ending_at: float | None = None
        self.initial_counts = army_sizes(new_game(config.game_id))

    # --- who plays ---------------------------------------------------------------------------
    def is_human(self, colour: str) -> bool:
        if self.demo:
            return False
        if self.config.opponent == "two-players":
            return True
        return colour == self.config.visitor_colour

    @property
    def human_turn(self) -> bool:
        return self.is_human(self.state.to_move)

    @property
    def against_computer(self) -> bool:
        return self.config.opponent == "computer"

    @property
    def flipped(self) -> bool:
        """The board is drawn turned round: the visitor took the second colour."""
        return self.against_computer and self.config.visitor_colour == self.state.colours[1]

    @property
    def thinking(self) -> bool:
        return self.think_started is not None

    def only_pass(self) -> bool:
        moves = self.state.legal_moves()
        return len(moves) == 1 and moves[0].kind == PASS

    def removal_due(self) -> bool:
        """A prisoner (Seneca's incitus) is to be removed by the player to move."""
        return any(m.kind == REMOVE for m in self.state.legal_moves())

    # --- actions -----------------------------------------------------------------------------
    def take(self, move: Move | str) -> Transition:
        """``move`` checked against the legal moves here (raises ``IllegalMove``), not played."""
        before = self.state
        text = str(move)
        legal = {str(m): m for m in before.legal_moves()}
        if text not in legal:
            raise IllegalMove(f"{text!r} is not a legal move here")
        move = legal[text]
        return Transition(before, text, move, before.play(move), before.to_move)

    def commit(self, transition: Transition) -> None:
        """The action shown is now played (a transition taken from another state is refused)."""
        if transition.before is not self.state:
            log.error("a move taken on another position was not played: %s", transition.action)
            return
        self._set_state(transition.after)

    def play(self, move: Move | str) -> GameState:
        """Take and commit ``move`` at once (headless drivers and tests)."""
        self.commit(self.take(move))
        return self.state

    def throw(self) -> int:
        """The value the die will land on; ``land(value)`` commits it once it has been shown.
        Against the computer its throws are kept by the turn they were made at: after an
        Undo the computer's next throw is the one it made before, so that a visitor cannot
        undo until the computer throws what suits him."""
        if not (self.against_computer and not self.human_turn):
            return self.dice.randint(1, 6)
        turn = len(self.state.actions())
        if turn not in self.computer_throws:
            self.computer_throws[turn] = self.dice.randint(1, 6)
        return self.computer_throws[turn]

    def land(self, value: int) -> None:
        self.last_die = value
        self._set_state(self.state.roll(value))

    def reset_to(self, state: GameState) -> None:
        """Continue from ``state`` (a set-up position: guided games, tests, the self-test)."""
        self.opponent.cancel()
        self.answer = self.think_started = None
        self.checkpoints = []
        self.computer_throws = {}  # a new position: its own throws (a guide's step scripts them)
        self._set_state(state)

    def _set_state(self, state: GameState) -> None:
        before, self.state = self.state, state
        die = state.die
        if die:  # the die keeps showing the last throw (also after an undo or a set-up)
            self.last_die = die
            self.die_by = state.to_move
        self.turn_started = self.clock.now()
        self.pass_at = None
        self.auto_roll_at = None
        for listener in self.on_state:
            listener(before, state)

    # --- undo --------------------------------------------------------------------------------
    def undo_target(self) -> GameState | None:
        """Where Undo leads: against the computer, the visitor's previous decision (his last
        move and the computer's answer are taken back); between two players, the last move."""
        points = list(self.checkpoints)
        if points and points[-1] is self.state:
            points.pop()
        return points[-1] if points else None

    def undo(self) -> GameState | None:
        """Back to ``undo_target()``; returns it (None: nothing to undo)."""
        if self.finished:
            return None
        target = self.undo_target()
        if target is None:
            return None
        self.opponent.cancel()
        self.think_started = None
        self.answer = None
        while self.checkpoints and self.checkpoints[-1] is not target:
            self.checkpoints.pop()
        self._set_state(target)
        return target

    # --- the clock ---------------------------------------------------------------------------
    def next_wake(self, now: float) -> float | None:
        """Seconds until the match has something to do by itself (None: nothing)."""
        due = []
        if self.think_started is not None:
            due.append(0.05)
        for at in (self.auto_roll_at, self.pass_at, self.ending_at):
            if at is not None:
                due.append(max(0.0, at - now))
        return min(due) if due else None

    def update(self, now: float) -> Due | Transition | None:
        """Advance what plays by itself (the computer's die and moves, a pass, the end); called
        while nothing is being shown.  A returned :class:`Transition` is the computer's move:
        show it, then ``commit`` it."""
        state = self.state
        if state.outcome is not None:
            return self._game_over(now)
        if self.finished and not self.demo:
            return None
        mover = state.to_move
        if state.needs_roll:
            if self.is_human(mover):
                return Due.VISITOR
            if self.auto_roll_at is None:
                pause = DEMO_ROLL_SECONDS if self.demo else COMPUTER_ROLL_SECONDS
                self.auto_roll_at = now + self.clock.seconds(pause)
            elif now >= self.auto_roll_at:
                self.auto_roll_at = None
                return Due.THROW
            return None
        if self.only_pass():
            if self.pass_at is None:
                self.pass_at = now + self.clock.seconds(PASS_SECONDS)
                self.on_change()
            elif now >= self.pass_at:
                self.pass_at = None
                self._set_state(state.play("pass"))
                self.on_change()
            return None
        if self.is_human(mover):
            if not self.checkpoints or self.checkpoints[-1] is not state:
                # a removal belongs to the move before it: no checkpoint of its own
                if not self.removal_due() or not self.checkpoints:
                    self.checkpoints.append(state)
            return Due.VISITOR
        return self._computer_turn(now)

    def _computer_turn(self, now: float) -> Transition | None:
        if self.think_started is None:
            strength = "beginner" if self.demo else self.config.strength
            budget = min(self.think_budget, 0.5) if self.demo else self.think_budget
            self.opponent.request(self.state, strength, time_budget=budget)
            self.think_started = now
            self.answer = None
            self.on_change()
            return None
        if self.answer is None:
            self.answer = self.opponent.poll()
        if self.answer is None or now - self.think_started < self.clock.seconds(
            self.computer_pause
        ):
            return None
        answer, self.answer, self.think_started = self.answer, None, None
        # an opponent that reads the visitor says so (the kiosk's worker); others have no note
        note = getattr(self.opponent, "note", None)
        if isinstance(note, dict) and not self.demo:
            self.skill = note
        legal = [str(m) for m in self.state.legal_moves()]
        if answer not in legal:
            log.error(
                "the computer answered %r, not a legal move here; playing %s",
                answer,
                legal[0] if legal else None,
            )
            if not legal:
                return None
            answer = legal[0]
        return self.take(answer)

    def _game_over(self, now: float) -> Due | None:
        if not self.recorded:  # a guided game: won once, no end screen, nothing recorded
            if self.finished:
                return None
            self.finished = True
            return Due.OVER
        if self.ending_at is None:
            self.ending_at = now + self.clock.seconds(END_PAUSE)
            self.on_change()
            if self.demo:
                return None
            outcome = self.state.outcome
            assert outcome is not None  # (the game is over: the pause after it has passed)
            self.finished = True
            self._report(self.record(outcome.winner, outcome.reason))
            return Due.OVER
        if now >= self.ending_at and not self.demo:
            return Due.END_SCREEN
        return None

    # --- the record --------------------------------------------------------------------------
    def in_progress(self) -> bool:
        """A game that one touch would throw away: something was played and it is not over."""
        if not self.recorded or self.demo or self.finished:
            return False
        if self.state.outcome is not None:
            return False
        return bool(self.state.moves_played())

    def abandon(self) -> None:
        """The visitor left (or the idle countdown ran out): recorded if anything was played."""
        self.opponent.cancel()
        if self.finished or self.demo:
            return
        self.finished = True
        if self.recorded and self.moves_played():
            self._report(self.record(None, "abandoned"))

    def moves_played(self) -> int:
        return len(self.state.moves_played())

    def record(self, winner: str | None, reason: str) -> GameRecord:
        computer = self.against_computer
        return GameRecord(
            game_id=self.config.game_id,
            language=self.language(),
            opponent="computer" if computer else "two-players",
            strength=self.config.strength if computer else None,
            visitor_colour=self.config.visitor_colour if computer else None,
            duration=self.clock.now() - self.started,
            winner=winner,
            reason=reason,
            moves=self.moves_played(),
            visitor_won=(winner == self.config.visitor_colour)
            if computer and reason != "abandoned"
            else None,
            extra={"skill": dict(self.skill)} if computer and self.skill else {},
        )

    def _report(self, record: GameRecord) -> None:
        if self.report is not None:
            self.report(record)

    # --- counts for the strip --------------------------------------------------------------
    def lost_counts(self) -> dict[str, int]:
        """Pieces each side has lost: no longer on the board (a captured Seneca piece that
        still stands there, turned over, is not lost yet: it may be freed)."""
        state = self.state
        have = army_sizes(state, on_board_only=True)
        return {c: max(0, self.initial_counts[c] - have[c]) for c in state.colours}


def army_sizes(state: GameState, on_board_only: bool = False) -> Counter[str]:
    """Each colour's pieces on the board (``on_board_only``: not counting a placing game's
    stock on the board's ``reserve``) plus those still waiting to be placed."""
    counts = Counter(
        p.colour for p in state.pieces() if not (on_board_only and p.square == "reserve")
    )
    for colour in state.colours:
        counts[colour] += state.reserve(colour)
    return counts
