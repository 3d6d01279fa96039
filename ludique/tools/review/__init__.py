"""The review screens a game sets up by hand, each game's in its own file
(``ludique/tools/review/<game>.py`` for a package of ``KIOSK_GAMES``, with its ``screens(app)``):
positions that show one thing each, a threat, a notice, a refusal, a piece held, the hint, a
short game's last moves.  The review renderer (``ludique.tools.screens``) shows them after the
screens every game has; what they share is here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from ludique.games.base import PHALANX, GameState

# the fields of a rule notice shown out of its game
NOTICE_FIELDS: dict[str, object] = {
    "point": "3B",
    "from": "5B",
    "to": "2A",
    "count": 2,
    "square": "d5",
    "colour": "white",
    "left": 10,
}


def advance(
    state: GameState,
    plies: int,
    rng: random.Random,
    stop: Callable[[GameState], bool] | None = None,
) -> GameState:
    """``state`` after up to ``plies`` random actions (``stop``: before the first state it holds
    for); a phalanx's captures are preferred, as the screens' positions were found so."""
    for _ in range(plies):
        if state.outcome is not None:
            break
        if stop is not None and stop(state):
            break
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
            continue
        moves = state.legal_moves()
        if not moves:
            break
        captures = [m for m in moves if m.kind == PHALANX and m.captures]
        state = state.play(rng.choice(captures or moves))
    return state


def game_screens(app: Any) -> Iterator[str]:
    """Each game's own review screens, game by game in the kiosk's order."""
    from ludique.games import KIOSK_GAMES, layer_file

    for package in KIOSK_GAMES:
        screens = layer_file(__name__, package, "screens")
        if screens is not None:
            yield from screens(app)


def shown(app: Any, game_id: str, state: GameState, strength: str = "player") -> Any:
    """The game screen of ``game_id`` against the computer at ``strength``, at ``state``: its
    scene."""
    from ludique.play.match import GameConfig

    app.go("game", config=GameConfig(game_id, "computer", strength, None))
    app.scene.set_position(state)
    return app.scene


def crowded(
    app: Any, name: str, game_id: str, strength: str, state: GameState, rule: str, lost: Any
) -> Iterator[str]:
    """A threat, the counts and a rule notice at once (the strip's fullest moment: nothing may
    go under the buttons, nor off the strip), then also the pieces the computer's last move
    took (said until the visitor moves): ``game-threat-<name>-...``."""
    scene = shown(app, game_id, state, strength)
    scene.guidance.explain(rule, NOTICE_FIELDS)
    yield f"game-threat-{name}-and-notice"
    scene.guidance.lost = lost
    yield f"game-threat-{name}-notice-and-loss"


def held(app: Any, game_id: str, state: GameState, origin: str) -> Iterator[str]:
    """A piece held on ``origin``: a target where it would be taken at once is red."""
    scene = shown(app, game_id, state)
    scene.match.last_die = state.die
    scene.board.selected = origin
    yield f"game-{game_id}-danger-target"


def hint(app: Any, game_id: str) -> Iterator[str]:
    """The visitor hesitates at the start of a game: the suggested piece breathes with its
    target, and the strip says the move and why (searched in a thread: the picture waits)."""
    from ludique.play.match import GameConfig

    app.go("game", config=GameConfig(game_id, "computer", "player", None))
    app.scene.match.turn_started = app.last_input = app.now() - 3600
    guidance = app.scene.guidance
    guidance.hints.start(app.scene.match.state)
    guidance.hints.wait()
    yield f"game-{game_id}-hint"
    app.last_input = app.now()


def short_game(app: Any, game_id: str) -> Iterator[str]:
    """The short game (the visit rule, ``ludique/play/visit.py``): a game in its last moves,
    the countdown over the score in the strip, then its end by the score."""
    from ludique.play.match import GameConfig
    from ludique.play.visit import COUNTDOWN

    rng = random.Random(f"short {game_id}")
    app.go("game", config=GameConfig(game_id, "computer", "even", None))
    scene = app.scene
    match = scene.match
    visitor = scene.config.visitor_colour

    def near_the_end(state: GameState) -> bool:
        left = state.turns_left
        return left is not None and left < 2 * COUNTDOWN and state.to_move == visitor

    match.state = advance(match.state, 400, rng, stop=near_the_end)
    if match.state.needs_roll:
        match.state = match.state.roll(rng.randint(1, 6))
        match.last_die = match.state.die
    match.turn_started = app.now()
    yield f"game-{game_id}-short-last-moves"
    match.state = advance(match.state, 400, rng)
    app.go("end", game=scene)
    yield f"end-{game_id}-short"
