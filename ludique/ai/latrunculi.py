"""The evaluation of the four Ludus latrunculorum variants, read from the engine's flat board.

Terms, from the point of view of the player to move, in hundredths of a piece:

* material: an active man is 100, an incitus 25 (it still counts against the one-piece loss and
  may be freed, but its owner must remove one at the end of a turn that freed none); the dux is
  never captured, so it counts only through its mobility;
* safety: a man that an enemy could capture by landing on one square (an active enemy on one
  side of it, an empty square on the other, along a rank, a file or round a corner) loses
  ``THREATENED``; the captures themselves are followed by the search's quiescence;
* mobility: each empty square next to an active piece is worth ``LIBERTY`` (twice for the dux,
  the piece that captures without fear);
* a small bonus for the centre, where a piece has the most lines to capture along.

The placement phase of Seneca and Piso is scored the same way: the search then places pieces
where they are safe, mobile and ready to capture, and the removal of an incitus is a move like
any other.
"""

from __future__ import annotations

from ludique.ai.core import WIN, GameAI, decided_score
from ludique.games.base import Move
from ludique.games.latrunculi.rules import NEIGHBOURS, LatrunculiState

MAN = 100
INCITUS = 25
THREATENED = 12
LIBERTY = 2
DUX_LIBERTY = 4
FIFTY_TURNS = 50


def _axes() -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each square, the (one side, other side) pairs a custodian capture of it needs."""
    corners = {0: (1, 8), 7: (6, 15), 56: (57, 48), 63: (62, 55)}
    out = []
    for s in range(64):
        f, r = s % 8, s // 8
        pairs = []
        if 0 < f < 7:
            pairs.append((s - 1, s + 1))
        if 0 < r < 7:
            pairs.append((s - 8, s + 8))
        if s in corners:
            pairs.append(corners[s])
        out.append(tuple(pairs))
    return tuple(out)


AXES = _axes()
CENTRE = tuple(
    3 - max(abs(2 * (s % 8) - 7), abs(2 * (s // 8) - 7)) // 2 for s in range(64)
)  # 3 in the centre four squares down to 0 on the edge

# The same terms on the engine's bitboards (bit i is square i): a few dozen integer operations
# instead of a walk over 64 squares.
FULL = (1 << 64) - 1
FILE_A = sum(1 << (8 * r) for r in range(8))
NOT_A = FULL & ~FILE_A
NOT_H = FULL & ~(FILE_A << 7)
CENTRE_PLANES = tuple(
    (1 << k, sum(1 << s for s in range(64) if CENTRE[s] >> k & 1)) for k in range(2)
)
CORNERS = ((0, 1, 8), (7, 6, 15), (56, 57, 48), (63, 62, 55))  # corner, its two neighbours


def _liberties(pieces: int, empty: int) -> int:
    """Sum over ``pieces`` of their empty orthogonal neighbours."""
    return (
        (pieces & (empty >> 1) & NOT_H).bit_count()
        + (pieces & (empty << 1) & NOT_A).bit_count()
        + (pieces & (empty >> 8)).bit_count()
        + (pieces & (empty << 8)).bit_count()
    )


def _threatened(men: int, enemy: int, empty: int) -> int:
    """How many of ``men`` an enemy could capture by landing on one empty square."""
    west_enemy = (enemy << 1) & NOT_A
    east_enemy = (enemy >> 1) & NOT_H
    west_empty = (empty << 1) & NOT_A
    east_empty = (empty >> 1) & NOT_H
    exposed = (west_enemy & east_empty) | (east_enemy & west_empty)
    exposed |= ((enemy << 8) & (empty >> 8)) | ((enemy >> 8) & (empty << 8))
    for corner, one, other in CORNERS:
        if men >> corner & 1:
            a, b = 1 << one, 1 << other
            if (enemy & a and empty & b) or (enemy & b and empty & a):
                exposed |= 1 << corner
    return (men & exposed).bit_count()


def _centre(pieces: int) -> int:
    return sum(weight * (pieces & mask).bit_count() for weight, mask in CENTRE_PLANES)


class LatrunculiAI(GameAI[LatrunculiState]):
    """Material with inciti, safety from custodian capture, mobility, centre; quiescence on."""

    quiescence = True

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id

    def _score_blue(self, board: list[int]) -> int:
        score = 0
        neighbours = NEIGHBOURS
        axes = AXES
        centre = CENTRE
        for s, code in enumerate(board):
            if not code:
                continue
            colour = code & 3
            if code & 8:  # an incitus
                value = INCITUS
            else:
                enemy = 3 - colour
                liberties = 0
                for n in neighbours[s]:
                    if not board[n]:
                        liberties += 1
                if code & 4:  # the dux: never captured
                    value = DUX_LIBERTY * liberties + centre[s]
                else:
                    value = MAN + LIBERTY * liberties + centre[s]
                    for a, c in axes[s]:
                        x, y = board[a], board[c]
                        if (x & 11 == enemy and not y) or (y & 11 == enemy and not x):
                            value -= THREATENED
                            break
            score += value if colour == 1 else -value
        return score

    def _score_blue_bits(self, act: tuple[int, ...], inert: tuple[int, ...], dux: int) -> int:
        empty = FULL & ~(act[1] | act[2] | inert[1] | inert[2])
        score = 0
        for colour, sign in ((1, 1), (2, -1)):
            pieces = act[colour]
            men = pieces & ~dux
            duces = pieces & dux
            value = (
                MAN * men.bit_count()
                + INCITUS * inert[colour].bit_count()
                + LIBERTY * _liberties(men, empty)
                + DUX_LIBERTY * _liberties(duces, empty)
                + _centre(pieces)
                - THREATENED * _threatened(men, act[3 - colour], empty)
            )
            score += sign * value
        return score

    def evaluate(self, state: LatrunculiState) -> int:
        # the board walk (_score_blue) is the reference the bitboard score is tested against
        score = self._score_blue_bits(state.act, state.inert, state.dux)
        return score if state.side == 1 else -score

    def leaf(self, state: LatrunculiState, ply: int, can_extend: bool) -> int | None:
        reserve = state.reserves
        if not (reserve[1] or reserve[2]):
            counts = state.counts
            me = state.side
            if counts[me] <= 1:
                return -WIN + ply
            if counts[3 - me] <= 1:
                return WIN - ply
            # the ends by a count: the fifty turns, or the short game's moves all played
            if (state.quiet >= FIFTY_TURNS or state.turns_left == 0) and not state.pending:
                outcome = state.outcome
                if outcome is not None:
                    return decided_score(outcome, state.to_move, ply)
        return self.evaluate(state)

    def capture_gain(self, state: LatrunculiState, move: Move) -> int:
        return len(move.captures)

    def material(self, state: LatrunculiState, colour: str) -> int:
        code = 1 if colour == "blue" else 2
        diff = 0
        for v in state.board:
            if v and not v & 8:
                diff += 1 if v & 3 == code else -1
        return diff

    def advancement(self, state: LatrunculiState, colour: str) -> int:
        code = 1 if colour == "blue" else 2
        total = 0
        for s, v in enumerate(state.board):
            if v & 11 == code:
                total += s // 8 if code == 1 else 7 - s // 8
        return total


def evaluation(game_id: str) -> LatrunculiAI:
    """The evaluation a spec names ``"latrunculi"`` (``ludique.ai.evaluation.ai_for``)."""
    return LatrunculiAI(game_id)
