"""Can a Pente grammai player who does not aim at his goal win, and how soon does his game end?

    python benchmarks/pente_aims.py                 # 100 games a pairing, 300 rounds at most
    python benchmarks/pente_aims.py --games 400 --seed 2

Three players meet each other, with no computer opponent in between:

* ``random``: a uniformly random legal move;
* ``hitter``: a hit whenever there is one, else at random (``benchmarks/even.py``'s greedy
  visitor in Pente grammai: a child who grabs captures);
* ``racer``: a hit whenever there is one, else the move that leaves his counters the shortest
  way home (``ludique.ai.pente.distance``: a counter on its goal has none to go).

A game is won only when all five of a player's counters stand on his goal together, and a
counter on the goal must still move when it is the only one that can.  A player who does not
aim at the goal reaches it by chance or not at all: the figures say how often, and so what
share of games Even match could leave such a visitor without finishing them itself.  Games
alternate who starts.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ludique.ai.pente import PenteRace, distance  # noqa: E402
from ludique.games.base import Move  # noqa: E402
from ludique.games.pente.rules import PenteState  # noqa: E402

Player = Callable[[PenteState, list[Move], random.Random], Move]
RACE = PenteRace()  # what a child sees of the game: here, which moves hit


def hits(state: PenteState, moves: list[Move]) -> list[Move]:
    """The moves that send an opposing counter off the board."""
    return [m for m in moves if RACE.capture_gain(state, m)]


def random_player(state: PenteState, moves: list[Move], rng: random.Random) -> Move:
    return rng.choice(moves)


def hitter(state: PenteState, moves: list[Move], rng: random.Random) -> Move:
    return rng.choice(hits(state, moves) or moves)


def racer(state: PenteState, moves: list[Move], rng: random.Random) -> Move:
    hitting = hits(state, moves)
    if hitting:
        return rng.choice(hitting)
    side = state.side

    def way_home(move: Move) -> int:
        child = state.play(move)
        assert isinstance(child, PenteState)
        return distance(side, child.placements[side])

    shortest = min(map(way_home, moves))
    return rng.choice([m for m in moves if way_home(m) == shortest])


PLAYERS: dict[str, Player] = {"random": random_player, "hitter": hitter, "racer": racer}


def play(first: Player, second: Player, rng: random.Random, limit: int) -> tuple[int | None, int]:
    """(the index of the winner, 0 for ``first``, who moves first, or None at the limit; the
    rounds played)."""
    state = PenteState.initial()
    opener = state.to_move
    moves = 0
    while state.outcome is None and moves < 2 * limit:
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
            continue
        player = first if state.to_move == opener else second
        moved = state.play(player(state, state.legal_moves(), rng))
        assert isinstance(moved, PenteState)
        state, moves = moved, moves + 1
    rounds = (moves + 1) // 2
    if state.outcome is None:
        return None, rounds
    return (0 if state.outcome.winner == opener else 1), rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games a pairing")
    parser.add_argument("--limit", type=int, default=300, help="rounds before a game is given up")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"{args.games} games a pairing, at most {args.limit} rounds, seed {args.seed}")
    head = ("player", "against", "ended", "his wins", "share", "median rounds")
    print(f"{head[0]:8} {head[1]:8} {head[2]:>6} {head[3]:>9} {head[4]:>6} {head[5]:>14}")
    for name, player in PLAYERS.items():
        for other_name, other in PLAYERS.items():
            ended, won, lengths = 0, 0, []
            for game in range(args.games):
                # alternate who starts: the first seat is the one that moves first
                if game % 2 == 0:
                    winner, rounds = play(player, other, rng, args.limit)
                    his = winner == 0
                else:
                    winner, rounds = play(other, player, rng, args.limit)
                    his = winner == 1
                if winner is not None:
                    ended += 1
                    won += his
                    lengths.append(rounds)
            share = f"{won / ended:.0%}" if ended else "-"
            median = f"{statistics.median(lengths):.0f}" if lengths else "-"
            print(f"{name:8} {other_name:8} {ended:6} {won:9} {share:>6} {median:>14}")


if __name__ == "__main__":
    main()
