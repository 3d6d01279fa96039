"""What the search and the evaluations share: the score scale and the evaluation's interface.

The search (``ludique.ai.search``) and the evaluations (one module per game that has its own,
found by ``ludique.ai.evaluation``) both import this module and never each other, so that none
of them is half-loaded when another needs it.  Scores are hundredths of a piece for the player
to move; a won game is ``WIN - ply`` so that the quicker win scores higher.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic

from ludique.games.base import GameState, Move, Outcome

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    # the state an evaluation reads (its game's own class); a bare ``GameAI`` reads any state
    State = TypeVar("State", bound=GameState, default=GameState)
else:
    from typing import TypeVar

    State = TypeVar("State", bound=GameState)  # (a default needs Python 3.13 at run time)

WIN = 1_000_000
INFINITY = 10 * WIN
MATE_ZONE = WIN - 10_000  # a score beyond this is a forced win or loss, stored relative to ply


def decided_score(outcome: Outcome, to_move: str, ply: int) -> int:
    """A finished game's score for the player to move: ``±(WIN - ply)``, 0 for a draw, so that
    the search prefers the quicker win and the slower loss."""
    if outcome.winner is None:
        return 0
    return WIN - ply if outcome.winner == to_move else -WIN + ply


class GameAI(Generic[State]):
    """The game-independent defaults: material and mobility are unknown, every leaf is quiet.

    A game's evaluation is a ``GameAI`` of its own state class (``ai_for`` hands it only states
    of its game), so it reads that state's fields directly."""

    quiescence = False  # whether the search follows captures beyond its horizon

    def evaluate(self, state: State) -> int:
        """The position's worth for the player to move (the game is not over)."""
        return 0

    def leaf(self, state: State, ply: int, can_extend: bool) -> int | None:
        """The score of a leaf of the search, or ``None`` to search it one ply deeper.

        A decided game scores ``±(WIN - ply)`` (0 for a draw); otherwise ``evaluate``.
        """
        outcome = state.outcome
        if outcome is not None:
            return decided_score(outcome, state.to_move, ply)
        return self.evaluate(state)

    def capture_gain(self, state: State, move: Move) -> int:
        """How many enemy pieces ``move`` captures (0 when it is quiet or unknown)."""
        return 0

    def material(self, state: State, colour: str) -> int:
        """Pieces of ``colour`` minus the opponent's."""
        return 0

    def advancement(self, state: State, colour: str) -> int:
        """How far ``colour``'s pieces have come towards the opponent (bigger is further)."""
        return 0

    def rows_to_cross(self, state: State, colour: str) -> int | None:
        """How many rows ``colour``'s most advanced piece has still to go to the opponent's home
        row (0: on it), or ``None`` in a game won otherwise than by crossing."""
        return None
