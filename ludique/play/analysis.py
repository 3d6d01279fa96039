"""The story of a finished game: how the balance moved, and whether it was luck or skill.

    from ludique.play.analysis import tell
    story = tell(saved_game_text, viewpoint="blue")     # the text written by dump_game
    story.curve              # the viewpoint's chance (0..1) at every position of the game
    story.actions            # every throw and move, with what it changed
    story.luck, story.skill  # a solved game: the two sums, exact

**A solved game** (a dice game whose spec names its table, ``ludique.ai.solved``) is told from
that table, so every figure is exact:

* the curve is the viewpoint's winning chance, with both sides playing perfectly from there on,
  at every position (before each throw, after it, after each move);
* a throw's *luck* is how far it moved that chance: the chance after the die fell minus the
  chance before it.  Averaged over the six faces it is exactly zero (the table's value before a
  throw is the mean of the values after it), so luck is what the die gave or took;
* a move's *cost* is what the chosen move gave away against the best one, for the player who
  made it: the best move's value minus the chosen move's (0 for the best move, 0 for a forced
  move).  A *decision* is a move with at least two choices of different value;
* the changes add up: the final result (1 or 0) minus the chance at the start is the luck of
  every throw plus the costs of the opponent's moves minus the costs of the viewpoint's own;
  a short game ended on its score adds one step, where its last moves turn from the full
  game's chances to the short game's score (``Story.short_game``).

**A game without a solved table** is told from the computer's judgement: every position is
searched (``ludique.ai.search``, the Champion's evaluation) to one depth for the whole game,
the deepest that fits ``budget`` seconds, and the score (hundredths of a piece, for the player
to move) becomes a "who is ahead" value for the viewpoint, ``1 / (1 + exp(-score / SCALE))``:
0.5 is level, 0.73 one and a half pieces ahead, a forced win 1; each position's value is then
averaged with the one before (a fixed-depth search favours the side to move: without this the
curve zigzags at every move).  The *turning point* is the move
after which the eventual winner was ahead for good (the last time the curve crossed the middle
towards him); when he led from the first move, or in a draw, it is the move that moved the
balance most.  This runs in the computer player's process after the game
(``ludique.kiosk.worker``, request kind ``story``); :meth:`Story.to_json` is what crosses the pipe.

No pygame here: the kiosk, the worker, the tests and the benchmark share it.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ludique.games import load_game, spec
from ludique.games.base import PASS, REMOVE, GameState

if TYPE_CHECKING:
    from ludique.ai.core import GameAI

SCALE = 150.0  # hundredths of a piece: a lead of SCALE is a 73% "ahead" value
EPSILON = 1e-9  # the table stores chances to 2.3e-10: closer values are the same move
STORY_BUDGET = 2.0  # seconds for the search-based story (the kiosk's longest wait, MAX_BUDGET)
MAX_STORY_DEPTH = 4


@dataclass(frozen=True)
class Action:
    """One action of the game and what it changed, seen from the story's viewpoint.

    ``index`` is the position the action leads to (``curve[index]``); ``before`` and ``after``
    are the viewpoint's chance (or "ahead" value) around it.  For a solved game's move,
    ``cost`` is what the mover gave away against ``best`` (the best move's notation; ``None``
    when the move was the best or forced), ``saved`` what it kept against the worst choice,
    and ``choices`` how many moves there were.
    """

    index: int
    turn: int
    colour: str
    text: str
    kind: str  # "throw" or "move"
    before: float
    after: float
    cost: float = 0.0
    saved: float = 0.0
    choices: int = 1
    best: str | None = None
    move_kind: str = ""  # a move's ``Move.kind`` ("pass", "remove"...); "" for a throw
    # a solved game's short game: where its chances turn from the full game's (the value the
    # move was chosen by) to the short game's score, what that changed (``Story.short_game``)
    short: float = 0.0

    @property
    def change(self) -> float:
        """How far the action moved the viewpoint's chance (positive: towards the viewpoint)."""
        return self.after - self.before

    @property
    def decision(self) -> bool:
        """A move with a real choice: at least two moves of different value."""
        return self.kind == "move" and self.choices > 1 and self.saved + self.cost > EPSILON


@dataclass(frozen=True)
class Story:
    """How one game went, from the side of ``viewpoint`` (see the module doc)."""

    game_id: str
    viewpoint: str
    winner: str | None
    reason: str | None
    exact: bool  # True: a solved game's exact chances; False: the computer's judgement
    curve: tuple[float, ...]
    turns: tuple[int, ...]  # the turn (an exact story) or move number of every position
    actions: tuple[Action, ...]
    depth: int = 0  # the search depth of every position (0: static evaluation or exact)
    seconds: float = 0.0  # how long the telling took
    record: str = field(default="", repr=False)  # the saved game it was told from

    # --- a solved game ----------------------------------------------------------------------
    @property
    def luck(self) -> float:
        """Sum of every throw's change of the viewpoint's chance (both players' throws)."""
        return sum(a.change for a in self.actions if a.kind == "throw")

    @property
    def skill(self) -> float:
        """What the viewpoint's own moves gave away: minus the sum of their costs (<= 0)."""
        return -sum(a.cost for a in self.own_moves())

    @property
    def gifts(self) -> float:
        """What the opponent's moves gave away to the viewpoint (>= 0)."""
        return sum(a.cost for a in self.actions if a.kind == "move" and a.colour != self.viewpoint)

    @property
    def short_game(self) -> float:
        """A short game near its end: what turning from the full game's chances to the
        short game's score (a win, a draw one half, on the score) changed (0 in a full game)."""
        return sum(a.short for a in self.actions)

    def own_moves(self) -> list[Action]:
        return [a for a in self.actions if a.kind == "move" and a.colour == self.viewpoint]

    def decisions(self) -> list[Action]:
        """The viewpoint's moves where the choice mattered."""
        return [a for a in self.own_moves() if a.decision]

    @property
    def perfect(self) -> int:
        """How many of the viewpoint's decisions were the best move."""
        return sum(1 for a in self.decisions() if a.cost <= EPSILON)

    @property
    def best_move(self) -> Action | None:
        """The viewpoint's perfect decision that kept the most against the worst choice it had
        (when none was perfect, the one that came closest)."""
        decisions = self.decisions()
        perfect = [a for a in decisions if a.cost <= EPSILON]
        if perfect:
            return max(perfect, key=lambda a: (a.saved, -a.index))
        if not decisions:
            return None
        return max(decisions, key=lambda a: (a.saved - a.cost, -a.index))

    @property
    def worst_move(self) -> Action | None:
        """The viewpoint's costliest move, or ``None`` when every move was the best."""
        costly = [a for a in self.own_moves() if a.cost > EPSILON]
        if not costly:
            return None
        return max(costly, key=lambda a: (a.cost, -a.index))

    # --- a game without a solved table: the computer's judgement ----------------------------
    @property
    def turning(self) -> Action | None:
        """The move after which the winner was ahead for good (see the module doc)."""
        if not self.actions:
            return None
        winner = self.winner
        if winner is not None:
            sign = 1.0 if winner == self.viewpoint else -1.0
            last = None
            for a in self.actions:
                if (a.before - 0.5) * sign <= 0 < (a.after - 0.5) * sign:
                    last = a
            if last is not None and all((v - 0.5) * sign > 0 for v in self.curve[last.index :]):
                return self._played(last)
            return self._played(max(self.actions, key=lambda a: (a.change * sign, -a.index)))
        return self._played(max(self.actions, key=lambda a: (abs(a.change), -a.index)))

    def _played(self, action: Action) -> Action:
        """``action``, or when it is a pass or a removal (the end of a turn, not a
        choice of play), the move that made it due."""
        for candidate in reversed(self.actions[: action.index]):
            if candidate.move_kind not in (PASS, REMOVE):
                return candidate
        return action

    # --- the worker's pipe -------------------------------------------------------------------
    def to_json(self) -> str:
        """The story as text (what the worker process sends back)."""
        data = asdict(self)
        data["actions"] = [asdict(a) for a in self.actions]
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Story:
        data = json.loads(text)
        data["actions"] = tuple(Action(**a) for a in data["actions"])
        data["curve"] = tuple(data["curve"])
        data["turns"] = tuple(data["turns"])
        return cls(**data)

    def position(self, index: int) -> GameState:
        """The position ``curve[index]`` stands for (replayed from the record; a story told
        with :func:`tell`, not from a set-up position)."""
        if not self.record:
            raise ValueError("this story was told from a set-up position: it has no record")
        state = load_game(self.record)
        chain = [state, *state.ancestors()]
        chain.reverse()
        return chain[index]


def tell(
    text: str,
    viewpoint: str | None = None,
    budget: float = STORY_BUDGET,
    *,
    max_depth: int = MAX_STORY_DEPTH,
    stop: Callable[[], bool] | None = None,
) -> Story:
    """The story of the game saved in ``text`` (``dump_game``), seen by ``viewpoint`` (a colour
    of the game; default the first to move).  ``budget`` (seconds) and ``max_depth`` bound the
    search of the games without dice; ``stop()`` returning True ends it early (the depth then
    is the deepest pass that finished).  Raises ``IllegalMove`` for a bad record and
    ``ValueError`` for a colour not in the game."""
    story = tell_state(load_game(text), viewpoint, budget, max_depth=max_depth, stop=stop)
    return replace(story, record=text if text.endswith("\n") else text + "\n")


def tell_state(
    state: GameState,
    viewpoint: str | None = None,
    budget: float = STORY_BUDGET,
    *,
    max_depth: int = MAX_STORY_DEPTH,
    stop: Callable[[], bool] | None = None,
) -> Story:
    """As :func:`tell`, for the chain of positions that led to ``state`` (from the first state
    without a parent: the start, or a position set up with ``from_position``)."""
    started = time.perf_counter()
    chain = [state, *state.ancestors()]
    chain.reverse()
    first = chain[0]
    viewpoint = viewpoint or first.colours[0]
    if viewpoint not in first.colours:
        raise ValueError(
            f"{viewpoint!r} does not play {first.game_id}: expected one of {first.colours}"
        )
    solved = bool(spec(first.game_id).solved)
    if solved:
        curve, actions, turns = _exact(chain, viewpoint)
        depth = 0
    else:
        curve, actions, turns, depth = _searched(chain, viewpoint, budget, max_depth, stop)
    outcome = chain[-1].outcome
    return Story(
        game_id=first.game_id,
        viewpoint=viewpoint,
        winner=outcome.winner if outcome else None,
        reason=outcome.reason if outcome else None,
        exact=solved,
        curve=tuple(curve),
        turns=tuple(turns),
        actions=tuple(actions),
        depth=depth,
        seconds=time.perf_counter() - started,
    )


# --- a solved game: exact, from its table ----------------------------------------------------
def exact_chance(state: GameState, colour: str) -> float:
    """``colour``'s exact winning chance in this position of a solved game (perfect play on
    both sides from here; a finished game is 1 or 0).  Used by the game screen's gauge too."""
    from ludique.ai.solved import solved

    if not spec(state.game_id).solved:
        raise ValueError(f"{state.game_id}: exact chances are a solved game's")
    outcome = state.outcome
    if outcome is not None:  # a short game's draw is half a win, as its moves are chosen
        return 0.5 if outcome.winner is None else 1.0 if outcome.winner == colour else 0.0
    p = solved(state.game_id).win_probability(state)
    return p if state.to_move == colour else 1.0 - p


@dataclass(frozen=True)
class PerfectPlay:
    """What a solved game's table says of a game between two perfect players: the first
    colour's chance from the start (the table's own value) and how long such a game lasts, in
    turns of a throw and a move, both players' turns counted (``length.json``, which its solver
    computes exactly from the same table: ``SolvedGame.solver`` with ``--length``)."""

    blue: float  # the first colour's chance from the start, 0..1
    mean_turns: float
    quartile_1: int  # a quarter of the games have ended by this turn
    quartile_3: int  # three quarters by this one


def perfect_play(game_id: str) -> PerfectPlay:
    """The figures the story screen states about perfect play of the solved game ``game_id``
    (an error naming the file when ``length.json`` is missing or not the shipped table's)."""
    from ludique.ai.solved import solved
    from ludique.games import new_game
    from ludique.paths import asset_path

    table = solved(game_id)
    path = asset_path(table.folder, "length.json")
    try:
        turns = json.loads(path.read_text(encoding="utf-8"))["perfect_players_turns"]
        start = new_game(game_id)
        return PerfectPlay(
            blue=exact_chance(start, start.colours[0]),
            mean_turns=float(turns["mean"]),
            quartile_1=int(turns["quartile_1"]),
            quartile_3=int(turns["quartile_3"]),
        )
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise RuntimeError(
            f"{path}: no length of a perfect game ({exc!r}); write it with {table.solver} --length"
        ) from exc


def perfect_play_words(t: Callable[..., str], game_id: str) -> dict[str, str]:
    """The fields of ``story.history`` (``t`` a catalogue's ``t``) for the solved game
    ``game_id``: both colours' chances to the tenth of a percent, the mean length in turns and
    the middle half of the games."""
    play = perfect_play(game_id)

    def percent(share: float) -> str:
        tenths = round(1000 * share)
        return t("story.percent", value=t("story.tenths", whole=tenths // 10, tenth=tenths % 10))

    return {
        "blue": percent(play.blue),
        "white": percent(1.0 - play.blue),
        "turns": str(round(play.mean_turns)),
        "low": str(play.quartile_1),
        "high": str(play.quartile_3),
    }


def _exact(chain: list[GameState], viewpoint: str) -> tuple[list[float], list[Action], list[int]]:
    from ludique.ai.solved import solved

    move_values = solved(chain[0].game_id).move_values
    curve = [exact_chance(s, viewpoint) for s in chain]
    turns = [0]
    actions = []
    turn = 0
    for i in range(1, len(chain)):
        before, after = chain[i - 1], chain[i]
        mover = before.to_move
        if before.needs_roll:
            turn += 1
            turns.append(turn)
            throw = after.action or ""
            actions.append(Action(i, turn, mover, throw, "throw", curve[i - 1], curve[i]))
            continue
        turns.append(turn)
        scored = move_values(before)  # the mover's chance after each of his moves
        values = [v for _, v in scored]
        played = after.last_move
        chosen = next(v for m, v in scored if m == played)
        top = max(values)
        best = next(m.text for m, v in scored if v == top)
        cost = top - chosen
        # the chance after the move is the value it was chosen by, but where the short game's
        # score begins to count (the solved game's player's horizon): that step is its own
        expected = chosen if mover == viewpoint else 1.0 - chosen
        short = curve[i] - expected
        actions.append(
            Action(
                i,
                turn,
                mover,
                after.action or "",
                "move",
                curve[i - 1],
                curve[i],
                cost=cost if cost > EPSILON else 0.0,
                saved=chosen - min(values),
                choices=len(scored),
                best=best if cost > EPSILON else None,
                move_kind=played.kind if played is not None else "",
                short=short if abs(short) > EPSILON else 0.0,
            )
        )
    return curve, actions, turns


# --- the games without dice: the computer's judgement ---------------------------------------
def ahead(score: float) -> float:
    """A search score (hundredths of a piece, for one side) as that side's "ahead" value."""
    from ludique.ai.search import MATE_ZONE

    if score >= MATE_ZONE:
        return 1.0
    if score <= -MATE_ZONE:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score / SCALE))


def _searched(
    chain: list[GameState],
    viewpoint: str,
    budget: float,
    max_depth: int,
    stop: Callable[[], bool] | None,
) -> tuple[list[float], list[Action], list[int], int]:
    from ludique.ai.evaluation import ai_for

    begun = time.perf_counter()
    ai = ai_for(chain[0])
    curve = _static_curve(chain, ai, viewpoint)
    curve, depth = _deepened(chain, ai, viewpoint, curve, (begun, budget), max_depth, stop)
    curve = _smoothed(chain, curve, viewpoint)
    turns = list(range(len(chain)))
    actions = [
        Action(
            i,
            i,
            chain[i - 1].to_move,
            chain[i].action or "",
            "move",
            curve[i - 1],
            curve[i],
            move_kind=_kind(chain[i]),
        )
        for i in range(1, len(chain))
    ]
    return curve, actions, turns, depth


def _final(state: GameState, viewpoint: str) -> float | None:
    """A finished game's value for ``viewpoint`` (1, 0, or 0.5 for a draw); None: not over."""
    outcome = state.outcome
    if outcome is None:
        return None
    if outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == viewpoint else 0.0


def _seen(state: GameState, score: float, viewpoint: str) -> float:
    """A score for the side to move of ``state`` as ``viewpoint``'s "ahead" value."""
    return ahead(score if state.to_move == viewpoint else -score)


def _static_curve(chain: list[GameState], ai: GameAI[Any], viewpoint: str) -> list[float]:
    """Depth 0, always: the evaluation of every leaf (fast; a crossing due counts)."""
    curve = []
    for state in chain:
        done = _final(state, viewpoint)
        if done is None:
            leaf = ai.leaf(state, 0, False)
            done = _seen(state, leaf if leaf is not None else ai.evaluate(state), viewpoint)
        curve.append(done)
    return curve


def _deepened(
    chain: list[GameState],
    ai: GameAI[Any],
    viewpoint: str,
    curve: list[float],
    clock: tuple[float, float],
    max_depth: int,
    stop: Callable[[], bool] | None,
) -> tuple[list[float], int]:
    """The curve searched one depth deeper for the whole game at each pass, as long as the
    budget (``clock``: when it began, its seconds) lets a pass finish, and its depth: whole
    passes, so that no odd-even swing between neighbouring positions searched to different
    depths shows in the curve."""
    from ludique.ai.search import MATE_ZONE, Limit, Searcher

    begun, budget = clock
    deadline = begun + budget
    depth = 0
    searcher = Searcher(ai, Limit(time=budget), start=begun, stop=stop)
    last_pass = 0.0
    for d in range(1, max_depth + 1):
        pass_started = time.perf_counter()
        trial = []
        for state in chain:
            done = _final(state, viewpoint)
            if done is None:
                result = searcher.search(state, d)
                if result.depth < d and abs(result.score) <= MATE_ZONE:
                    break  # out of time (a forced result may stop the deepening sooner)
                done = _seen(state, result.score, viewpoint)
            trial.append(done)
        if len(trial) < len(chain):
            break
        curve, depth = trial, d
        now = time.perf_counter()
        took = now - pass_started
        first = spec(chain[0].game_id).search_growth
        growth = took / last_pass if last_pass else first
        last_pass = took
        # A deeper pass costs several times the last one: when it cannot finish in the time
        # left, the visitor is not kept waiting for it.
        if now + took * max(growth, 2.0) >= deadline:
            break
    return curve, depth


def _smoothed(chain: list[GameState], curve: list[float], viewpoint: str) -> list[float]:
    """A search to a fixed depth flatters the side to move (it has the last word), so raw
    values zigzag from one move to the next; each unfinished position is told as the mean of
    its own value and the one before, the two sides' judgements of the same moment."""
    return [
        v if i == 0 or _final(chain[i], viewpoint) is not None else (v + curve[i - 1]) / 2
        for i, v in enumerate(curve)
    ]


def _kind(state: GameState) -> str:
    move = state.last_move
    return move.kind if move is not None else ""
