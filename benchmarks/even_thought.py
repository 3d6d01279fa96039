"""How far the Champion's search thinks in a given time, in nodes: the top rungs' ``thought``.

    python benchmarks/even_thought.py                          # every search game, 0.25 s
    python benchmarks/even_thought.py --game epaminondas --budget 1.5

The rungs that play the Champion's search think a number of nodes (``Measured.thought`` in
``ludique.ai.measured``, written with ``--write``) so that they stay the players measured at
0.25 s a move at any clock (the clock bounds them too).  This plays a few games between the
middle rungs (the novice, the player
and the strong rung in turn, seeded), and on every sixth position searches as the Champion (95%
of the budget) and as the expert (30%) would on the clock, two games at once (``--jobs``), and
prints per game the median nodes and depth reached, with the spread over the positions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ludique.ai import even as ev  # noqa: E402
from ludique.ai.evaluation import ai_for  # noqa: E402
from ludique.ai.search import Limit, Searcher  # noqa: E402
from ludique.games import GAME_IDS, new_game, spec  # noqa: E402

# of the budget, as the clock gave them when the ladder was measured (the fixed Champion's still)
SHARES = {"champion": ev.CHAMPION_SHARE, "expert": 0.3}


def sample(job: tuple[str, int, int, float, int]) -> list[tuple[str, int, int]]:
    """(rung, nodes, depth) of each search on one game's sampled positions."""
    game_id, seed, game, budget, plies = job
    rng = random.Random(f"{seed}/{game_id}/{game}")
    state, ply, out = new_game(game_id), 0, []
    while state.outcome is None and ply < plies:
        moves = state.legal_moves()
        if len(moves) > 1 and ply % 6 == 3:
            for rung, share in SHARES.items():
                limit = Limit(time=budget * share)
                found = Searcher(ai_for(state), limit, rng=random.Random(ply)).search(state)
                out.append((rung, found.nodes, found.depth))
        if len(moves) == 1:
            state = state.play(moves[0])
        else:
            level = ev.LADDER[2 + ply % 3]
            move = ev.play_search_rung(state, level, time.perf_counter(), budget, rng, None)
            state = state.play(move)
        ply += 1
    return out


def main() -> None:
    search_games = [g for g in GAME_IDS if not spec(g).solved]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=search_games)
    parser.add_argument("--games", type=int, default=3, help="games a game")
    parser.add_argument("--plies", type=int, default=160, help="plies at most a game")
    parser.add_argument("--budget", type=float, default=0.25, help="seconds a move")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="write the medians to measured.json")
    args = parser.parse_args()
    games = args.game or search_games
    jobs = [(g, args.seed, n, args.budget, args.plies) for g in games for n in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(sample, jobs))
    print(f"{args.budget} s a move, {args.games} games a game, seed {args.seed}, {args.jobs} jobs")
    print(f"{'game':20} {'rung':9} {'positions':>9} {'nodes':>7} {'10%-90%':>15} {'depth':>6}")
    for game_id in games:
        rows = [
            row
            for job, result in zip(jobs, results, strict=True)
            if job[0] == game_id
            for row in result
        ]
        medians = {}
        for rung in SHARES:
            nodes = sorted(n for r, n, _ in rows if r == rung)
            medians[rung] = round(statistics.median(nodes), -2)
            depths = [d for r, _, d in rows if r == rung]
            spread = f"{nodes[len(nodes) // 10]}-{nodes[9 * len(nodes) // 10]}"
            print(
                f"{game_id:20} {rung:9} {len(nodes):9} {statistics.median(nodes):7.0f} "
                f"{spread:>15} {statistics.median(depths):6.1f}"
            )
        if args.write:
            from ludique.ai.measured import default_path, write

            thought = (int(medians["expert"]), int(medians["champion"]))
            write(default_path(), game_id, thought=thought)


if __name__ == "__main__":
    main()
