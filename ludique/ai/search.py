"""Alpha-beta search (negamax with principal-variation windows) for the games without dice.

One :class:`Searcher` serves one decision: it deepens one ply at a time until its :class:`Limit`
(a time, a depth, a number of nodes, or several of them: the first reached ends it) and returns
the best move of the deepest search that had time to settle.  It knows
nothing of any game beyond the engine API of ``rules.md`` section 4 plus a :class:`GameAI`
(``ludique.ai.evaluation``) that scores positions, names captures and spots positions too sharp
to score statically.

What makes it stronger per second:

* a transposition table keyed by the engine's ``state.key`` (exact and hashable), holding depth,
  bound type, value and best move, so positions reached by another move order are not searched
  twice and the previous iteration's best move is tried first;
* move ordering: the table's move, then captures (most pieces taken first), then the two killer
  moves of the ply (quiet moves that refuted a sibling), then the history score (quiet moves that
  caused cut-offs anywhere, weighted by depth squared);
* principal-variation search: after the first move, siblings are tested with a null window and
  re-searched only when they beat it;
* a one-ply extension at the horizon for positions the evaluation cannot judge (a crossing
  that must be answered now, a capture hanging), so the last ply does not
  end on a blunder it cannot see.

The clock and the node count are read every four nodes; when the time is up or the nodes are
spent (or ``stop()`` says so, used by the kiosk's worker to cancel) the search unwinds with
:class:`SearchAborted` and the best move found so far is used.  Scores are from the point of
view of the player to move, in hundredths of a piece; wins are ``WIN - ply`` so that a quicker
win scores higher.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ludique.ai.core import INFINITY, MATE_ZONE, WIN, GameAI
from ludique.games.base import GameState, Move, Outcome

__all__ = [
    "CONTEMPT",
    "INFINITY",
    "MATE_ZONE",
    "MAX_DEPTH",
    "WIN",
    "Limit",
    "SearchAborted",
    "SearchResult",
    "Searcher",
]

EXACT, LOWER, UPPER = 0, 1, 2
MAX_PLY = 128
MAX_DEPTH = 64  # iterations of a search given no depth limit
CLOCK_INTERVAL = 4  # nodes between two looks at the clock (a node costs 10 µs to 10 ms)
QUIESCENCE_PLIES = 4  # captures and recaptures searched beyond the horizon
TABLE_LIMIT = 200_000  # entries; the table is cleared when full to bound the worker's memory
# A draw scores this far below level for the side that started the search (the Champion's
# contempt), so that it does not settle for a repetition when it is ahead.
CONTEMPT = 30


@dataclass(frozen=True)
class Limit:
    """When a search stops deepening (``None``: no bound of that kind).

    ``time`` is in seconds from the search's ``start`` (by default, when the :class:`Searcher`
    is made), read on ``time.perf_counter``; ``depth`` is the last iteration tried (plies);
    ``nodes`` bounds the work, for an answer that must not depend on the machine's speed (Even
    match's referee) or on how busy it is (the tests).  The first bound reached ends the search,
    which keeps the best move of the deepest iteration that finished.
    """

    time: float | None = None
    depth: int | None = None
    nodes: int | None = None


class SearchAborted(Exception):
    """The deadline passed or the caller cancelled: unwind to the root."""


@dataclass
class SearchResult:
    """What a search decided and how far it got (for tests, benchmarks and the docs)."""

    move: Move
    score: int
    depth: int  # the deepest iteration that finished (0 if none did)
    nodes: int
    seconds: float


class Searcher:
    """One decision's search state: the table, killers and history live as long as it does."""

    def __init__(
        self,
        ai: GameAI,
        limit: Limit,
        *,
        start: float | None = None,
        stop: Callable[[], bool] | None = None,
        noise: int = 0,
        rng: random.Random | None = None,
        contempt: int = CONTEMPT,
        horizon: bool = True,
    ) -> None:
        """``start`` is when ``limit.time`` began to run (a ``time.perf_counter()`` reading;
        by default now): the kiosk counts the time spent before the search in its budget."""
        self.ai = ai
        self.limit = limit
        if limit.time is None:
            self.deadline = math.inf
        else:
            self.deadline = (time.perf_counter() if start is None else start) + limit.time
        self.stop = stop
        self.noise = noise
        self.salt = (rng or random.Random()).getrandbits(32)
        self.contempt = contempt
        self.horizon = horizon  # follow sharp leaves (extensions, quiescence) or not
        self.quiescence = horizon and ai.quiescence
        self.table: dict[object, tuple[int, int, int, str | None]] = {}
        self.killers: list[list[str | None]] = [[None, None] for _ in range(MAX_PLY + 2)]
        self.history: dict[str, int] = {}
        self.nodes = 0
        self.max_nodes = limit.nodes
        self.partial: Move | None = None
        self.root_colour = ""

    # --- the clock -------------------------------------------------------------------------
    def _check_clock(self) -> None:
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise SearchAborted
        if self.deadline != math.inf and time.perf_counter() >= self.deadline:
            raise SearchAborted
        if self.stop is not None and self.stop():
            raise SearchAborted

    # --- scores ----------------------------------------------------------------------------
    def _terminal(self, outcome: Outcome, state: GameState, ply: int) -> int:
        if outcome.winner is None:
            # A draw is a little worse than equal for the side that started the search, so the
            # computer does not settle for a repetition when it is ahead.
            return -self.contempt if state.to_move == self.root_colour else self.contempt
        return WIN - ply if outcome.winner == state.to_move else -WIN + ply

    def _static(self, state: GameState) -> int:
        value = self.ai.evaluate(state)
        if self.noise:
            value += hash((state.key, self.salt)) % (2 * self.noise + 1) - self.noise
        return value

    # --- ordering --------------------------------------------------------------------------
    def _ordered(self, state: GameState, tt_move: str | None, ply: int) -> list[Move]:
        moves = state.legal_moves()
        gain = self.ai.capture_gain
        killers = self.killers[ply]
        history = self.history
        k0, k1 = killers

        def rank(move: Move) -> int:
            text = move.text
            if text == tt_move:
                return 1 << 40
            captured = gain(state, move)
            if captured:
                return (1 << 30) + captured
            if text == k0:
                return 1 << 29
            if text == k1:
                return (1 << 29) - 1
            return history.get(text, 0)

        moves.sort(key=rank, reverse=True)
        return moves

    def _remember_cutoff(self, state: GameState, move: Move, depth: int, ply: int) -> None:
        if self.ai.capture_gain(state, move):
            return
        text = move.text
        killers = self.killers[ply]
        if killers[0] != text:
            killers[1] = killers[0]
            killers[0] = text
        self.history[text] = self.history.get(text, 0) + depth * depth

    # --- the tree --------------------------------------------------------------------------
    def _quiesce(
        self, state: GameState, stand_pat: int, alpha: int, beta: int, ply: int, plies: int
    ) -> int:
        """Captures only, from a leaf worth ``stand_pat``: the side to move may also stop."""
        if stand_pat >= beta or plies <= 0 or ply >= MAX_PLY:
            return stand_pat
        if stand_pat > alpha:
            alpha = stand_pat
        gain = self.ai.capture_gain
        captures = [m for m in state.legal_moves() if gain(state, m)]
        if not captures:
            return stand_pat
        captures.sort(key=lambda m: gain(state, m), reverse=True)
        best = stand_pat
        mover = state.to_move
        for move in captures:
            self.nodes += 1
            if not self.nodes % CLOCK_INTERVAL:
                self._check_clock()
            child = state.after(move)
            same = child.to_move == mover
            leaf = self.ai.leaf(child, ply + 1, False)
            assert leaf is not None
            if -MATE_ZONE < leaf < MATE_ZONE:
                if same:
                    value = self._quiesce(child, leaf, alpha, beta, ply + 1, plies)
                else:
                    value = -self._quiesce(child, leaf, -beta, -alpha, ply + 1, plies - 1)
            else:
                value = leaf if same else -leaf
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def _negamax(
        self, state: GameState, depth: int, alpha: int, beta: int, ply: int, extensions: int
    ) -> int:
        self.nodes += 1
        if not self.nodes % CLOCK_INTERVAL:
            self._check_clock()

        if depth <= 0:
            leaf = self.ai.leaf(state, ply, extensions > 0)
            if leaf is None:  # too sharp to judge: look one ply further
                depth = 1
                extensions -= 1
            else:
                if -MATE_ZONE < leaf < MATE_ZONE:
                    if self.noise:
                        leaf += hash((state.key, self.salt)) % (2 * self.noise + 1) - self.noise
                    if self.quiescence and leaf < beta:
                        return self._quiesce(state, leaf, alpha, beta, ply, QUIESCENCE_PLIES)
                return leaf

        outcome = state.outcome
        if outcome is not None:
            return self._terminal(outcome, state, ply)
        if ply >= MAX_PLY:
            return self._static(state)

        key = state.key
        entry = self.table.get(key)
        tt_move = None
        if entry is not None:
            entry_depth, flag, value, tt_move = entry
            if entry_depth >= depth:
                if value > MATE_ZONE:
                    value -= ply
                elif value < -MATE_ZONE:
                    value += ply
                if flag == EXACT:
                    return value
                if flag == LOWER and value >= beta:
                    return value
                if flag == UPPER and value <= alpha:
                    return value

        original_alpha = alpha
        best = -INFINITY
        best_move: Move | None = None
        first = True
        mover = state.to_move
        for move in self._ordered(state, tt_move, ply):
            child = state.after(move)  # legal by construction: no play()'s check
            if child.to_move == mover:
                # The same player acts again (a Seneca removal ends his turn): no change of
                # sign, and no ply is spent, since the action is forced and the turn goes on.
                value = self._negamax(child, depth, alpha, beta, ply + 1, extensions)
            elif first:
                value = -self._negamax(child, depth - 1, -beta, -alpha, ply + 1, extensions)
            else:
                value = -self._negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1, extensions)
                if alpha < value < beta:
                    value = -self._negamax(child, depth - 1, -beta, -alpha, ply + 1, extensions)
            first = False
            if value > best:
                best = value
                best_move = move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self._remember_cutoff(state, move, depth, ply)
                        break

        if best <= original_alpha:
            flag = UPPER
        elif best >= beta:
            flag = LOWER
        else:
            flag = EXACT
        stored = best
        if stored > MATE_ZONE:
            stored += ply
        elif stored < -MATE_ZONE:
            stored -= ply
        if len(self.table) >= TABLE_LIMIT:
            self.table.clear()
        self.table[key] = (depth, flag, stored, best_move.text if best_move else None)
        return best

    def _root(
        self, state: GameState, moves: list[Move], depth: int, extensions: int
    ) -> tuple[Move | None, int, list[tuple[int, Move]]]:
        """One iteration at the root: (best move, its score, every move with its score).

        Raises ``SearchAborted`` with ``self.partial`` holding the best move proven so far in
        this iteration (``None`` if not even the first move was searched to the end).
        """
        alpha, beta = -INFINITY, INFINITY
        best: Move | None = None
        scored: list[tuple[int, Move]] = []
        self.partial = None
        mover = state.to_move
        for index, move in enumerate(moves):
            child = state.after(move)
            if child.to_move == mover:
                value = self._negamax(child, depth, alpha, beta, 1, extensions)
            elif index == 0:
                value = -self._negamax(child, depth - 1, -beta, -alpha, 1, extensions)
            else:
                value = -self._negamax(child, depth - 1, -alpha - 1, -alpha, 1, extensions)
                if value > alpha:
                    value = -self._negamax(child, depth - 1, -beta, -alpha, 1, extensions)
            scored.append((value, move))
            if value > alpha or best is None:
                alpha = value
                best = move
                self.partial = move
        return best, alpha, scored

    def score_moves(
        self,
        state: GameState,
        moves: list[Move],
        depth: int,
        extensions: int = 2,
        out: list[tuple[int, Move]] | None = None,
    ) -> list[tuple[int, Move]]:
        """Each of ``moves`` (legal in ``state``) with its value for the mover at ``depth`` plies,
        each with an open window: a value, not a bound (the Even match's referee).  Raises
        ``SearchAborted`` past the limit; the moves valued before it are then in ``out``, when
        given (each value is whole: the move being searched when it stopped is not there)."""
        self.root_colour = state.to_move
        mover = state.to_move
        out = [] if out is None else out
        for move in moves:
            child = state.play(move)
            if child.to_move == mover:  # the Seneca removal: the same player, no ply spent
                value = self._negamax(child, depth, -INFINITY, INFINITY, 1, extensions)
            else:
                value = -self._negamax(child, depth - 1, -INFINITY, INFINITY, 1, extensions)
            out.append((value, move))
        return out

    def search(
        self,
        state: GameState,
        max_depth: int | None = None,
        extensions: int = 2,
        allowed: Callable[[Move], bool] | None = None,
    ) -> SearchResult:
        """Deepen from one ply until the limit (``max_depth``, when given, bounds the depth
        further: one search run deeper pass by pass, as the story's, keeps its table).

        ``allowed`` keeps only some of the moves at the root (all of them if it keeps none)."""
        started = time.perf_counter()
        depths = [d for d in (max_depth, self.limit.depth) if d is not None]
        last = min(depths) if depths else MAX_DEPTH
        if not self.horizon:
            extensions = 0
        self.root_colour = state.to_move
        moves = self._ordered(state, None, 0)
        if allowed is not None:
            moves = [m for m in moves if allowed(m)] or moves
        if not moves:
            raise ValueError("the search needs a position with at least one legal move")
        best, score, done = moves[0], 0, 0
        for depth in range(1, last + 1):
            try:
                found, value, scored = self._root(state, moves, depth, extensions)
            except SearchAborted:
                if self.partial is not None:
                    best = self.partial
                break
            if found is not None:
                best, score, done = found, value, depth
            # Next iteration: best first, then by this iteration's (bounded) scores.
            rest = sorted((m for m in scored if m[1] is not best), key=lambda m: -m[0])
            moves = [best] + [m for _, m in rest]
            if abs(score) > MATE_ZONE:  # a forced result is not improved by looking deeper
                break
        return SearchResult(best, score, done, self.nodes, time.perf_counter() - started)
