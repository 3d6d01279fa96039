"""Solve Pente grammai: the exact probability that the player to move wins, from every position.

    python -m ludique.tools.pente_solver                # solve, check, write the table
    python -m ludique.tools.pente_solver --report       # also the strengths' exact chances
    python -m ludique.tools.pente_solver --report-only  # only the strengths, from the shipped table
    python -m ludique.tools.pente_solver --length       # how long perfect players' games last

All go to ``assets/pente/``: ``solved.bin.xz`` (the table), ``strengths.json`` and
``length.json`` (the figures the story screen states: ``ludique.play.analysis.perfect_play``).

A dev tool (it needs numpy); the kiosk only reads the table it writes (``ludique.ai.pente``).

Positions are seen from the side of the player to move (the board turned half round when White
moves, see ``ludique.games.pente``): ``(own, opp)``, two placement numbers whose ordinary points do
not clash, 355,467 pairs.  A position is stored before the roll; the die is a chance node and a
pass is a move.  Value iteration on ``v = P(win) - P(loss)`` of the player to move,

    v(s) = 1/6 * sum over dice of  max over moves of  (1 if the move wins at once else -v(s')),

started from 0, converges to the game's value with an endless game worth 0 to both.  Then the
solver checks that the greedy policy of the result ends the game with probability 1 from every
position (``P(win) + P(loss) = 1``, computed separately from 0 so that an endless game would
show), which makes ``P(win) = (1 + v) / 2`` the exact winning probability when each side maximises
its own chances.  It also measures how long two players who *wanted* the game never to end could
keep it going (the least probability of an ending under any choice of moves).

The table holds P(win) for all 1,023 x 1,023 (own, opp) pairs, clashing pairs as 0, as unsigned
32-bit integers (P * (2**32 - 1), rounded) compressed with lzma.
"""

from __future__ import annotations

import argparse
import lzma
import struct
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np

from ludique.ai import pente
from ludique.ai.pente_table import MAGIC, SCALE, STRENGTHS_FILE, TABLE_NAME, table
from ludique.games.pente.rules import (
    CAPTURE,
    GOAL_PLACEMENT,
    N_PLACEMENTS,
    ORDINARY_MASK,
    ROTATE,
    START,
    moves_for,
)

LENGTH_FILE = "length.json"  # how long perfect players' games last (``--length``)
MAX_MOVES = 5  # distinct points a player can move from; entering is a single move


class Graph:
    """Every non-final position, its successors for each die, and which moves win at once.

    ``succ[k, d, i]`` is the compact number of the position after move ``i`` with die ``d + 1``
    (seen from the new mover's side), ``WIN`` if that move wins, ``NONE`` if there is no move ``i``.
    Final positions (a player has all five on his goal point) get fixed values instead.
    """

    def __init__(self) -> None:
        masks = np.array(ORDINARY_MASK, dtype=np.int64)
        own, opp = np.nonzero((masks[:, None] & masks[None, :]) == 0)
        self.own: np.ndarray = own.astype(np.int64)
        self.opp: np.ndarray = opp.astype(np.int64)
        self.dense = self.own * N_PLACEMENTS + self.opp
        self.n = n = len(self.dense)
        self.compact: np.ndarray = np.full(N_PLACEMENTS * N_PLACEMENTS, -1, dtype=np.int64)
        self.compact[self.dense] = np.arange(n)
        self.WIN, self.NONE = n, n + 1
        # The opponent (whose goal in this frame is White's, 3A) has won: the mover has lost.
        self.lost = self.opp == GOAL_PLACEMENT[1]
        self.won = (self.own == GOAL_PLACEMENT[0]) & ~self.lost
        self.final = self.lost | self.won
        self.start = int(self.compact[START * N_PLACEMENTS + START])

        rotate = np.array(ROTATE, dtype=np.int64)
        capture = np.array(CAPTURE, dtype=np.int64)
        succ: np.ndarray = np.full((n, 6, MAX_MOVES), self.NONE, dtype=np.int32)
        order = np.argsort(self.own, kind="stable")
        bounds: np.ndarray = np.searchsorted(self.own[order], np.arange(N_PLACEMENTS + 1))
        for o in range(N_PLACEMENTS):
            rows = order[bounds[o] : bounds[o + 1]]
            if len(rows) == 0:
                continue
            opps = self.opp[rows]
            for die in range(1, 7):
                moves, after, lands = moves_for(0, o, die)
                for i, (own2, land) in enumerate(zip(after, lands, strict=True)):
                    if own2 == GOAL_PLACEMENT[0]:
                        succ[rows, die - 1, i] = self.WIN
                        continue
                    opp2 = capture[opps * 11 + land]
                    succ[rows, die - 1, i] = self.compact[
                        rotate[opp2] * N_PLACEMENTS + ROTATE[own2]
                    ]
        succ[self.final] = self.NONE
        assert (succ >= 0).all()
        self.succ = succ


@cache
def graph() -> Graph:
    return Graph()


def _backup(g: Graph, v: np.ndarray) -> np.ndarray:
    """One sweep of the Bellman operator on ``v = P(win) - P(loss)``."""
    ext = np.concatenate([-v, [1.0, -np.inf]])  # value of each successor to the mover
    new = ext[g.succ].max(axis=2).mean(axis=1)
    new[g.lost] = -1.0
    new[g.won] = 1.0
    return new


def solve(
    tol: float = 1e-13, max_iter: int = 100_000, log: Callable[..., object] = print
) -> tuple[np.ndarray, dict[str, float]]:
    """``P(win)`` of the player to move for every compact position, and facts about the solve."""
    t0 = time.perf_counter()
    g = graph()
    built = time.perf_counter() - t0
    v = np.zeros(g.n)
    it = 0
    delta = 1.0
    while delta > tol and it < max_iter:
        new = _backup(g, v)
        delta = float(np.abs(new - v).max())
        v = new
        it += 1
        if it % 100 == 0:
            log(f"  sweep {it}: largest change {delta:.2e}, v(start) = {v[g.start]:+.12f}")
    log(f"value iteration: {it} sweeps, last change {delta:.1e}")
    residual = float(np.abs(_backup(g, v) - v).max())
    p_win = (1.0 + v) / 2.0
    win, loss = evaluate_policy(g, greedy_policy(g, p_win))
    facts = {
        "positions": g.n,
        "build_seconds": built,
        "solve_seconds": time.perf_counter() - t0,
        "sweeps": it,
        "bellman_residual": residual,
        "min_end_probability": float((win + loss).min()),
        "max_gap_to_policy_win": float(np.abs(win - p_win).max()),
        "start": float(p_win[g.start]),
    }
    return p_win, facts


def greedy_policy(g: Graph, p_win: np.ndarray) -> np.ndarray:
    """For each position and die, the index of the move with the highest winning probability."""
    ext = np.concatenate([1.0 - p_win, [1.0, -np.inf]])
    return ext[g.succ].argmax(axis=2)


def evaluate_policy(
    g: Graph, policy: np.ndarray, tol: float = 1e-14, max_iter: int = 100_000
) -> tuple[np.ndarray, np.ndarray]:
    """(P(win), P(loss)) of the player to move when both sides follow ``policy``; each grows
    from 0, so a game that never ends adds to neither."""
    nxt = np.take_along_axis(g.succ, policy[:, :, None], axis=2)[:, :, 0]
    wins_now = nxt == g.WIN
    idx = np.where(nxt < g.n, nxt, 0)  # final positions have no move; their values are fixed
    win = np.zeros(g.n)
    loss = np.zeros(g.n)
    for _ in range(max_iter):
        new_win = np.where(wins_now, 1.0, loss[idx]).mean(axis=1)
        new_loss = np.where(wins_now, 0.0, win[idx]).mean(axis=1)
        new_win[g.lost], new_loss[g.lost] = 0.0, 1.0
        new_win[g.won], new_loss[g.won] = 1.0, 0.0
        delta = max(np.abs(new_win - win).max(), np.abs(new_loss - loss).max())
        win, loss = new_win, new_loss
        if delta < tol:
            break
    return win, loss


def least_end_probability(g: Graph, sweeps: int) -> np.ndarray:
    """After ``sweeps`` sweeps from 0: the least probability, over every choice of moves by both
    sides together, that the game ends (a lower bound that rises towards the true figure)."""
    end = np.zeros(g.n)
    for _ in range(sweeps):
        ext = np.concatenate([end, [1.0, np.inf]])
        end = ext[g.succ].min(axis=2).mean(axis=1)
        end[g.final] = 1.0
    return end


def endless_positions(g: Graph) -> np.ndarray:
    """The positions from which the two players, if they wanted to, could make sure that the
    game never ends: for every die some move avoids winning and stays in the set (the greatest
    such set, found by removing positions until none must leave)."""
    inside = ~g.final
    while True:
        ext = np.concatenate([inside, [False, False]])
        keep = inside & ext[g.succ].any(axis=2).all(axis=1)
        if (keep == inside).all():
            return inside
        inside = keep


def move_probabilities_np(q: np.ndarray, valid: np.ndarray, temperature: float) -> np.ndarray:
    """Softmax of ``q`` (last axis) over ``valid`` moves, as ``ludique.ai.pente`` computes it;
    temperature 0 is the first best move, ``inf`` a uniformly random move."""
    if np.isinf(temperature):
        return valid / np.maximum(valid.sum(axis=-1, keepdims=True), 1)
    z = np.where(valid, q, -np.inf)
    best = z.max(axis=-1, keepdims=True)
    if temperature <= 0:
        return np.eye(q.shape[-1])[np.argmax(z == best, axis=-1)] * valid.any(-1, keepdims=True)
    with np.errstate(invalid="ignore"):
        e = np.where(valid, np.exp((z - best) / temperature), 0.0)
        return np.nan_to_num(e / e.sum(axis=-1, keepdims=True))


def duel(
    g: Graph, p_win: np.ndarray, temp_a: float, temp_b: float, tol: float = 1e-14
) -> tuple[float, float]:
    """Exactly, by policy evaluation: P(player A wins) as Blue and as White, when A and B each
    pick moves by softmax over the solved values at their temperatures (0 = perfect)."""
    valid = g.succ != g.NONE
    q = np.concatenate([1.0 - p_win, [1.0, 0.0]])[g.succ]
    probs_a = move_probabilities_np(q, valid, temp_a)
    probs_b = probs_a if temp_b == temp_a else move_probabilities_np(q, valid, temp_b)
    return policies_duel(g, probs_a, probs_b, tol)


def policies_duel(
    g: Graph, probs_a: np.ndarray, probs_b: np.ndarray, tol: float = 1e-14
) -> tuple[float, float]:
    """Exactly, by policy evaluation: P(player A wins) as Blue and as White, when A and B pick
    their moves with the probabilities ``probs_a``/``probs_b`` (state x throw x move)."""
    valid = g.succ != g.NONE
    wins_now = g.succ == g.WIN
    idx = np.where(valid & ~wins_now, g.succ, 0)
    x = np.zeros(g.n)  # P(A wins), A to move
    y = np.zeros(g.n)  # P(A wins), B to move
    for _ in range(100_000):
        new_x = (probs_a * np.where(wins_now, 1.0, y[idx])).sum(axis=2).mean(axis=1)
        new_y = (probs_b * np.where(wins_now, 0.0, x[idx])).sum(axis=2).mean(axis=1)
        new_x[g.lost], new_y[g.lost] = 0.0, 1.0
        new_x[g.won], new_y[g.won] = 1.0, 0.0
        delta = max(np.abs(new_x - x).max(), np.abs(new_y - y).max())
        x, y = new_x, new_y
        if delta < tol:
            break
    return float(x[g.start]), float(y[g.start])


def against_perfect(g: Graph, p_win: np.ndarray, temperature: float) -> tuple[float, float]:
    """Exactly: (P(the softmax player wins as Blue), as White) against the perfect player."""
    return duel(g, p_win, temperature, 0.0)


def game_lengths(
    g: Graph, p_win: np.ndarray, tail: float = 1e-12, max_turns: int = 5000
) -> np.ndarray:
    """Exactly: ``P(the game ends at turn t)`` for t = 0, 1, ... when both sides play the
    table's first best move (the kiosk's perfect player), a turn being one throw and one move
    or pass, both players' turns counted.  The probability of each position is carried forward
    turn by turn through the six throws until less than ``tail`` of it is left in play."""
    policy = greedy_policy(g, p_win)
    nxt = np.take_along_axis(g.succ, policy[:, :, None], axis=2)[:, :, 0].astype(np.int64)
    mass = np.zeros(g.n)
    mass[g.start] = 1.0
    ended = [0.0]
    while mass.sum() > tail and len(ended) <= max_turns:
        after = np.zeros(g.n + 2)
        for die in range(6):
            after += np.bincount(nxt[:, die], weights=mass / 6.0, minlength=g.n + 2)
        ended.append(float(after[g.WIN]))
        mass = after[: g.n]
    return np.array(ended)


def length_figures(ended: np.ndarray) -> dict[str, float | int]:
    """The mean, the quartiles and the tenth from the end of a length distribution (the turn
    by which a share of the games has ended), as ``length.json`` stores them."""
    done = np.cumsum(ended)

    def by(share: float) -> int:
        return int(np.searchsorted(done, share - 1e-12))

    turns = np.arange(len(ended))
    return {
        "mean": float((turns * ended).sum() / ended.sum()),
        "quartile_1": by(0.25),
        "median": by(0.5),
        "quartile_3": by(0.75),
        "decile_9": by(0.9),
        "ended": float(done[-1]),
    }


def write_table(g: Graph, p_win: np.ndarray, path: Path) -> int:
    dense: np.ndarray = np.zeros(N_PLACEMENTS * N_PLACEMENTS, dtype="<u4")
    dense[g.dense] = np.rint(np.clip(p_win, 0.0, 1.0) * SCALE).astype("<u4")
    payload = MAGIC + struct.pack("<I", N_PLACEMENTS) + dense.tobytes()
    data = lzma.compress(payload, preset=9 | lzma.PRESET_EXTREME)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return len(data)


def games_against_random(strength: str, games: int, seed: int = 1) -> tuple[float, float]:
    """By play: the share of games ``strength`` wins against a uniformly random player, and the
    half-width of its 95% interval (it alternates colours; the exact figure would need far more
    sweeps, random games being long)."""
    import math
    import random

    from ludique.games.pente.rules import PenteState

    rng = random.Random(seed)
    wins = 0
    for game in range(games):
        colour = ("blue", "white")[game % 2]
        state = PenteState.initial()
        while state.outcome is None:
            if state.needs_roll:
                state = state.roll(rng.randint(1, 6))
            elif state.to_move == colour:
                state = state.play(pente.choose_pente_move(state, strength, rng))
            else:
                state = state.play(rng.choice(state.legal_moves()))
        wins += state.outcome.winner == colour
    share = wins / games
    return share, 1.96 * math.sqrt(max(share * (1 - share), 1 / games) / games)


def strength_win_probabilities(recompute: bool = False) -> dict[str, dict[str, float]]:
    """Each strength's exact winning probability against the perfect player from the start,
    ``{strength: {"blue": p, "white": p}}``, by policy evaluation over the whole table.

    ``--report`` stores the figures next to the table; they are used when they were computed for
    this table and these temperatures, otherwise (or with ``recompute``) they are computed again,
    which takes a few minutes.
    """
    import hashlib
    import json

    from ludique.paths import asset_path

    digest = hashlib.sha256(asset_path("pente", TABLE_NAME).read_bytes()).hexdigest()
    stored = asset_path("pente", STRENGTHS_FILE)
    if not recompute and stored.is_file():
        data = json.loads(stored.read_text(encoding="utf-8"))
        if data.get("table_sha256") == digest and data.get("temperatures") == pente.TEMPERATURE:
            return data["against_perfect"]
    g = graph()
    p_win = np.frombuffer(table(), dtype=np.uint32).astype(np.float64)[g.dense] / SCALE
    out = {}
    for strength in pente.TABLE_STRENGTHS:
        blue, white = against_perfect(g, p_win, pente.TEMPERATURE[strength])
        out[strength] = {"blue": blue, "white": white}
    return out


def report(g: Graph, random_games: int = 1000) -> dict:
    """Each strength against the perfect player, exactly, from the table as shipped (stored next
    to the table), and against a uniformly random player, by ``random_games`` games."""
    import hashlib

    table.cache_clear()
    p_win = np.frombuffer(table(), dtype=np.uint32).astype(np.float64)[g.dense] / SCALE
    out: dict = {
        "table_sha256": hashlib.sha256((DEFAULT_OUT.parent / TABLE_NAME).read_bytes()).hexdigest(),
        "temperatures": pente.TEMPERATURE,
        "against_perfect": {},
        "against_random_games": {},
    }
    for strength in pente.TABLE_STRENGTHS:
        t0 = time.perf_counter()
        blue, white = against_perfect(g, p_win, pente.TEMPERATURE[strength])
        out["against_perfect"][strength] = {"blue": blue, "white": white}
        line = f"{strength:9} wins vs perfect: {blue:.6f} as Blue, {white:.6f} as White"
        if random_games:
            share, half = games_against_random(strength, random_games)
            out["against_random_games"][strength] = {"games": random_games, "share": share}
            line += f"; vs random: {share:.1%} +- {half:.1%} of {random_games} games"
        print(f"{line} ({time.perf_counter() - t0:.0f} s)", flush=True)
    return out


DEFAULT_OUT = Path(__file__).resolve().parents[2] / "assets" / "pente" / TABLE_NAME


def write_length() -> int:
    """Measure, from the shipped table, how long a game between two perfect players lasts, and
    store it beside the table (``length.json``) for the story screen."""
    import hashlib
    import json

    t0 = time.perf_counter()
    g = graph()
    p_win = np.frombuffer(table(), dtype=np.uint32).astype(np.float64)[g.dense] / SCALE
    figures = length_figures(game_lengths(g, p_win))
    data = {
        "table_sha256": hashlib.sha256((DEFAULT_OUT.parent / TABLE_NAME).read_bytes()).hexdigest(),
        "blue_wins": float(p_win[g.start]),
        "perfect_players_turns": figures,
    }
    path = DEFAULT_OUT.parent / LENGTH_FILE
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(figures), f"({time.perf_counter() - t0:.0f} s)")
    print(f"wrote {path}")
    return 0


def main(argv: list[str] | None = None) -> int:
    import json

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", action="store_true", help="also measure the strengths")
    parser.add_argument("--report-only", action="store_true", help="measure, do not solve")
    parser.add_argument("--end-sweeps", type=int, default=0, help="sweeps of the endless check")
    parser.add_argument("--random-games", type=int, default=1000, help="games vs random, each")
    parser.add_argument(
        "--length", action="store_true", help="only how long perfect players' games last"
    )
    args = parser.parse_args(argv)
    if args.length:
        return write_length()
    if not args.report_only:
        p_win, facts = solve()
        for k, v in facts.items():
            print(f"{k:24} {v}")
        if facts["min_end_probability"] < 1 - 1e-9:
            print("warning: under perfect play some games never end", file=sys.stderr)
        size = write_table(graph(), p_win, DEFAULT_OUT)
        print(f"wrote {DEFAULT_OUT} ({size:,} bytes)")
    endless = endless_positions(graph())
    print(
        f"positions where both players together could play forever: {int(endless.sum()):,}"
        f" of {graph().n:,} (the start {'is' if endless[graph().start] else 'is not'} one)"
    )
    if args.end_sweeps:
        end = least_end_probability(graph(), args.end_sweeps)
        print(f"least P(end) under any play after {args.end_sweeps} sweeps: {end.min():.6f}")
    if args.report or args.report_only:
        data = report(graph(), args.random_games)
        path = DEFAULT_OUT.parent / STRENGTHS_FILE
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
