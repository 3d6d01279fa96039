"""What any opponent can give the synthetic visitors, and what a game between equals looks like.

    python benchmarks/even_bounds.py                              # both parts (about 12 minutes)
    python benchmarks/even_bounds.py --part pente --games 100
    python benchmarks/even_bounds.py --part equals --games 4 --game latrunculi-dux

Even match's yardsticks (issue 33) ask some things of every game at once.  This measures how
far they can be met at all, by opponents that are not Even match:

* ``pente``: each visitor of ``benchmarks/even.py`` in Pente grammai against three opponents
  that read the solved table: the *thrower* (the move that leaves the visitor his best exact
  chance: the most any opponent can give him), the *balancer* (the move that leaves his chance
  nearest one half: a game held level, which Even match must not do) and his *equal* (his own
  way of playing on the other side).  Per visitor: the games he won within ``--rounds`` rounds
  and within ``--long`` rounds, the median length, and the share of his turns at which his
  exact chance lay in 0.35-0.65; between equals, in how many decided games the winner lost
  less of his chance a move than the loser (what decides a game between two players of one
  strength is who errs more: Even match's "less loss in won games").
* ``equals``: in the search games, a rung of the ladder (and the Champion) against itself,
  colours alternating: how its games end (by play, by the fifty-turn count, drawn), their
  median length in plies, the share of decided games whose margin was at most two men, and
  the margins of the games decided by play.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import even as population  # noqa: E402  (the synthetic visitors)

from ludique.games import GAME_IDS, new_game, spec  # noqa: E402

BAND = population.BAND
OPPONENTS = ("thrower", "balancer", "equal")
EQUALS = ("child", "novice", "strong", "champion")


# --- Pente grammai: what the table lets any opponent give ---
def opponent_move(opponent: str, state, rng: random.Random):
    """The thrower's move (the one that leaves the visitor his best exact chance) or the
    balancer's (his chance nearest one half), ties drawn."""
    from ludique.ai.pente import move_values

    def regret(mover_chance: float) -> float:
        his = 1.0 - mover_chance  # his chance once the opponent has moved
        return -his if opponent == "thrower" else abs(his - 0.5)

    scored = move_values(state)
    best = min(regret(v) for _, v in scored)
    return rng.choice([m for m, v in scored if regret(v) == best])


def pente_game(
    job: tuple[str, str, int, tuple[int, int], int],
) -> tuple[bool, bool, int, int, int, bool | None]:
    """(won within the short horizon, won at all, rounds, turns in band, turns, and between
    equals whether the winner lost less a move than the loser by the table) of one game."""
    from ludique.ai.pente import move_values, pente_win_probability

    visitor, opponent, index, (short, long), seed = job
    rng = random.Random(f"bounds/{seed}/{visitor}/{opponent}/{index}")
    state = new_game("pente-grammai")
    mine = state.colours[index % 2]
    rolls = in_band = turns = 0
    lost: dict[str, list[float]] = {colour: [] for colour in state.colours}
    while state.outcome is None and rolls < 2 * long:
        if state.needs_roll:
            if state.to_move == mine:
                turns += 1
                in_band += BAND[0] <= pente_win_probability(state) <= BAND[1]
            rolls += 1
            state = state.roll(rng.randint(1, 6))
        elif state.to_move == mine or opponent == "equal":
            move = population.visitor_move(visitor, state, rng, 0.25)
            if opponent == "equal":  # what each side lost, for who erred more
                chances = {m.text: v for m, v in move_values(state)}
                lost[state.to_move].append(max(chances.values()) - chances[move.text])
            state = state.play(move)
        else:
            state = state.play(opponent_move(opponent, state, rng))
    won = state.outcome is not None and state.outcome.winner == mine
    less = None
    winner = state.outcome.winner if state.outcome is not None else None
    if opponent == "equal" and winner is not None:
        loser = next(c for c in state.colours if c != winner)
        less = statistics.fmean(lost[winner] or [0.0]) < statistics.fmean(lost[loser] or [0.0])
    return won and rolls <= 2 * short, won, rolls // 2, in_band, turns, less


def pente_part(args: argparse.Namespace, pool: ProcessPoolExecutor) -> None:
    horizons = (args.rounds, args.long)
    print(
        f"Pente grammai, {args.games} games a pair: visitor's wins within {args.rounds} and "
        f"{args.long} rounds, median rounds, his turns in {BAND[0]}-{BAND[1]}; between equals "
        "the games whose winner lost less a move than the loser"
    )
    for visitor in population.VISITORS:
        cells = []
        for opponent in OPPONENTS:
            jobs = [(visitor, opponent, i, horizons, args.seed) for i in range(args.games)]
            games = list(pool.map(pente_game, jobs))
            short = sum(g[0] for g in games)
            won = sum(g[1] for g in games)
            rounds = statistics.median(g[2] for g in games)
            band = sum(g[3] for g in games) / max(1, sum(g[4] for g in games))
            cell = f"{opponent} {short:3d} {won:3d} {rounds:6.1f} {band:4.0%}"
            told = [g[5] for g in games if g[5] is not None]
            if opponent == "equal":  # games whose winner lost less a move / games decided
                cell += f" {sum(told):3d}/{len(told)}"
            cells.append(cell)
        print(f"  {visitor:9s} " + " | ".join(cells), flush=True)


# --- the search games between equals ---
def equal_game(job: tuple[str, str, int, int]) -> tuple[str, bool, int, int]:
    """(how it ended, whether it was decided, plies, margin in men) of a rung against itself."""
    import time

    from ludique.ai.evaluation import ai_for

    game_id, player, index, seed = job
    rng = random.Random(f"equals/{seed}/{game_id}/{player}/{index}")
    state, plies = new_game(game_id), 0
    first = state.colours[index % 2]  # the margin is counted from the seat that alternates
    while state.outcome is None and plies < population.MAX_PLIES:
        moves = state.legal_moves()
        if len(moves) == 1:
            state = state.play(moves[0])
        elif player == "champion":
            state = state.play(population.visitor_move(player, state, rng, 0.25))
        else:
            rung = population.VISITOR_RUNGS[player]
            state = state.play(population.rung_move(state, rung, rng, 0.25, time.perf_counter()))
        plies += 1
    outcome = state.outcome
    reason = outcome.reason if outcome is not None else "max-plies"
    decided = outcome is not None and outcome.winner is not None
    return reason, decided, plies, abs(ai_for(state).material(state, first))


def equals_part(args: argparse.Namespace, pool: ProcessPoolExecutor) -> None:
    games = [g for g in (args.game or GAME_IDS) if not spec(g).solved]
    print(f"Between equals, {args.games} games a cell, 0.25 s a move for the Champion")
    print(
        "  game                 player    ended (by play / count / drawn)  plies  close"
        "  by play's margins"
    )
    for game_id in games:
        for player in EQUALS:
            jobs = [(game_id, player, i, args.seed) for i in range(args.games)]
            results = list(pool.map(equal_game, jobs))
            reasons = Counter(r[0] for r in results)
            decided = [r for r in results if r[1]]
            by_count = sum(1 for r in decided if r[0] == "fifty-turns")
            by_play = [r[3] for r in decided if r[0] != "fifty-turns"]
            drawn = len(results) - len(decided)
            close = sum(1 for r in decided if r[3] <= 2)
            plies = statistics.median(r[2] for r in results)
            ended = f"{len(by_play):2d} / {by_count:2d} / {drawn:2d}"
            print(
                f"  {game_id:20s} {player:9s} {ended:32s} {plies:6.1f}  "
                f"{close}/{len(decided)}  {sorted(by_play)}  {dict(reasons)}",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("pente", "equals", "both"), default="both")
    parser.add_argument("--games", type=int, default=None, help="a pair (100 / 4 by default)")
    parser.add_argument("--rounds", type=int, default=60, help="the short horizon (rounds)")
    parser.add_argument("--long", type=int, default=1000, help="the long horizon (rounds)")
    parser.add_argument("--game", action="append", help="a search game (repeat; all by default)")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with ProcessPoolExecutor(args.jobs) as pool:
        if args.part in ("pente", "both"):
            pente_part(argparse.Namespace(**{**vars(args), "games": args.games or 100}), pool)
        if args.part in ("equals", "both"):
            equals_part(argparse.Namespace(**{**vars(args), "games": args.games or 4}), pool)


if __name__ == "__main__":
    main()
