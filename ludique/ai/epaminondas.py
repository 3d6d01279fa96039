"""The evaluation of Epaminondas, read from the engine's row-major bitboards
(``state.bitboards``, documented in ``ludique/games/epaminondas/rules.py``): material,
advancement (the crossing race), phalanx links; a leaf is sharp when a crossing is due.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict

from ludique.ai.core import WIN, GameAI, decided_score
from ludique.games.base import Move
from ludique.games.epaminondas.rules import EpaminondasState


class _Tables(TypedDict):
    ranks: tuple[int, ...]
    far: tuple[int, int]
    not_last_file: int
    not_first_file: int
    files: int


def _epaminondas_tables() -> _Tables:
    import ludique.games.epaminondas.rules as ep

    files, ranks = ep.N_FILES, ep.N_RANKS
    file_a = sum(1 << (r * files) for r in range(ranks))
    file_n = file_a << (files - 1)
    board = ep.BOARD_MASK
    return {
        "ranks": ep.RANK_MASKS,
        "far": (ep.RANK_MASKS[ranks - 1], ep.RANK_MASKS[0]),  # where White / Black cross to
        "not_last_file": board & ~file_n,
        "not_first_file": board & ~file_a,
        "files": files,
    }


# Worth of a piece by how far it has come (ranks from its own home row), in hundredths: the
# race to the far row is the game, but a piece ahead of its friends is easily captured, so the
# slope stays gentle until the last ranks.
ADVANCE = (0, 2, 4, 7, 10, 14, 18, 23, 30, 40, 55, 70)
LINK = 3  # per pair of friendly pieces side by side on one of the 4 axes (phalanx material)
CROSSING_THREAT = 300  # a lead in the crossing the side to move can no longer answer


class EpaminondasAI(GameAI[EpaminondasState]):
    """Material, advancement (the crossing race), phalanx links; sharp when a crossing is due."""

    def __init__(self) -> None:
        t = _epaminondas_tables()
        self.ranks = t["ranks"]
        self.far = t["far"]
        self.not_last = t["not_last_file"]
        self.not_first = t["not_first_file"]
        # The advancement of a whole side is sum(2**k * popcount(pieces & plane[k])), where
        # plane[k] holds the squares whose worth has bit k set: 7 popcounts instead of 12
        # rank-by-rank products.
        n = len(self.ranks)
        self.white_planes = self._planes(lambda r: ADVANCE[r])
        self.black_planes = self._planes(lambda r: ADVANCE[n - 1 - r])

    def _planes(self, worth: Callable[[int], int]) -> tuple[tuple[int, int], ...]:
        planes = []
        for k in range(max(ADVANCE).bit_length()):
            mask = 0
            for r, rank in enumerate(self.ranks):
                if worth(r) >> k & 1:
                    mask |= rank
            if mask:
                planes.append((1 << k, mask))
        return tuple(planes)

    def _score_white(self, w: int, b: int) -> int:
        score = 100 * (w.bit_count() - b.bit_count())
        for weight, mask in self.white_planes:
            score += weight * (w & mask).bit_count()
        for weight, mask in self.black_planes:
            score -= weight * (b & mask).bit_count()
        nl, nf = self.not_last, self.not_first
        links = (
            (w & (w >> 1) & nl).bit_count()
            + (w & (w >> 14)).bit_count()
            + (w & (w >> 15) & nl).bit_count()
            + (w & (w >> 13) & nf).bit_count()
            - (b & (b >> 1) & nl).bit_count()
            - (b & (b >> 14)).bit_count()
            - (b & (b >> 15) & nl).bit_count()
            - (b & (b >> 13) & nf).bit_count()
        )
        return score + LINK * links

    def evaluate(self, state: EpaminondasState) -> int:
        w, b = state.bitboards
        score = self._score_white(w, b)
        return -score if state.side else score

    def leaf(self, state: EpaminondasState, ply: int, can_extend: bool) -> int | None:
        w, b = state.bitboards
        side = state.side
        white_across = (w & self.far[0]).bit_count()
        black_across = (b & self.far[1]).bit_count()
        if side:
            own, mine, theirs = b, black_across, white_across
        else:
            own, mine, theirs = w, white_across, black_across
        # The crossing is judged at the start of a turn, for the player to move only.
        if mine > theirs:
            return WIN - ply
        if not own:
            return -WIN + ply
        if state.turns_left == 0:  # the short game's moves are played: its score decides
            outcome = state.outcome
            if outcome is not None:
                return decided_score(outcome, state.to_move, ply)
        if theirs > mine:
            # The opponent leads the crossing: this move must capture or cross, or it loses.
            if can_extend:
                return None
            score = self._score_white(w, b)
            return (-score if side else score) - CROSSING_THREAT * (theirs - mine)
        score = self._score_white(w, b)
        return -score if side else score

    def capture_gain(self, state: EpaminondasState, move: Move) -> int:
        return len(move.captures)

    def material(self, state: EpaminondasState, colour: str) -> int:
        w, b = state.bitboards
        diff = w.bit_count() - b.bit_count()
        return diff if colour == "white" else -diff

    def rows_to_cross(self, state: EpaminondasState, colour: str) -> int | None:
        w, b = state.bitboards
        pieces, ranks = (w, self.ranks[::-1]) if colour == "white" else (b, self.ranks)
        return next((rows for rows, mask in enumerate(ranks) if pieces & mask), len(ranks))

    def advancement(self, state: EpaminondasState, colour: str) -> int:
        w, b = state.bitboards
        total = 0
        last = len(self.ranks) - 1
        for r, mask in enumerate(self.ranks):
            if colour == "white":
                total += r * (w & mask).bit_count()
            else:
                total += (last - r) * (b & mask).bit_count()
        return total


def evaluation(game_id: str) -> EpaminondasAI:
    """The evaluation a spec names ``"epaminondas"`` (``ludique.ai.evaluation.ai_for``)."""
    return EpaminondasAI()
