"""The hesitation hint's suggestion (``ludique.play.hint``): on 200 positions of every game, a
legal move, found by the computer player for the visitor's side, and a reason that names what
the engine says the move does (issue 61: the hint pulsed the first piece that could move and
said nothing of why).  Then on the screen: the suggested piece breathes, its green dot answers
a touch, and the strip says why."""

from __future__ import annotations

import pytest
from doubles import Clock, Silent, random_positions
from kiosk_driver import HeldClock, press, visitor_turn, wait_for

from ludique.games import GAME_IDS, spec
from ludique.games.base import REMOVE, GameState, Move
from ludique.games.latrunculi.rules import PetteiaState
from ludique.play.guidance import Guidance
from ludique.play.hint import Reason, suggest
from ludique.play.match import GameConfig, Match
from ludique.play.threats import exposed, threats
from ludique.words.i18n import LANGUAGES, catalog


def names_correctly(state: GameState, move: Move, reason: Reason) -> bool:
    """Whether ``reason`` says what the engine does with ``move`` in ``state``."""
    mover = state.to_move
    after = state.play(move)
    why = reason.why
    if why.endswith("_line"):  # a line of several pieces: from its back to its front, and
        # where its front lands
        if len(move.phalanx) < 2 or reason.get("front") != move.landing[-1]:
            return False
        if reason.get("line") != f"{move.phalanx[0]}–{move.phalanx[-1]}":
            return False
        why = why.removesuffix("_line")
    if reason.get("frm") and reason.get("frm") != move.frm:
        return False
    if reason.get("to") and reason.get("to") != move.to:
        return False
    if why == "remove":
        return move.kind == REMOVE and reason.get("square") == move.frm
    if why == "takes":
        return bool(move.captures) and reason.get("squares") == ", ".join(sorted(move.captures))
    if why == "sends_back":
        return spec(state.game_id).die and move.captures == (move.to,)
    if why == "home":
        return move.to == spec(state.game_id).goal(mover)
    if why == "saves":
        now = set().union(*(t.squares for t in threats(state) if t.kind in ("capture", "knock")))
        landing = dict(zip(move.phalanx, move.landing, strict=False))
        landing.setdefault(move.frm, move.to)
        later = exposed(after, mover)
        squares = reason.get("squares").split(", ")
        return all(sq in now and landing.get(sq, sq) not in later for sq in squares)
    if why == "enters":
        return move.frm == "off"
    if why == "place":
        return move.frm is None and not move.captures
    if why in ("safe", "safe_counter"):
        return not move.captures and not exposed(after, mover)
    return why == "choice"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_suggestion_is_legal_and_its_reason_names_it_on_200_positions(game_id: str) -> None:
    states = random_positions(game_id, seed=61 + GAME_IDS.index(game_id), count=200, share=0.3)
    reasons = set()
    for state in states:
        found = suggest(state, "even", budget=0.01)
        moves = [m for m in state.legal_moves() if m.kind != "pass"]
        if not moves:
            assert found is None
            continue
        assert found is not None and found.move in state.legal_moves(), state.key
        assert names_correctly(state, found.move, found.reason), (state.key, found)
        reasons.add(found.reason.why)
        for lang in LANGUAGES:  # the whole line, with every field filled, in each language
            words = catalog(lang).t(
                f"kiosk.play.hint.{found.reason.why}", **dict(found.reason.fields)
            )
            # where it goes: the square its piece lands on, or a line's front's
            goes = found.reason.get("front") or found.move.to or ""
            assert "{" not in words and goes in words
    assert len(reasons) >= 2, reasons  # the reasons differ with what the move does


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_suggestion_is_the_best_move_the_reading_sees_not_a_draw(game_id: str) -> None:
    # at the "player" rung's temperature the suggestion was drawn among moves of like value
    # (once a piece going backward); it is the reading's best: the table's in a solved game,
    # else the best of the moves the rung weighs by the referee's two plies
    from ludique.ai import even as ev
    from ludique.ai.evaluation import ai_for

    states = random_positions(game_id, seed=7 + GAME_IDS.index(game_id), count=30, share=0.3)
    told = 0
    for state in states:
        if state.needs_roll or state.outcome is not None or len(state.legal_moves()) < 2:
            continue
        found = suggest(state, "even", budget=2.0)  # time enough to read in full
        assert found is not None
        if spec(state.game_id).solved:
            chances = dict(ev.referee_chances(state))
        else:
            legal = {m.text: m for m in state.legal_moves()}
            values = [(v, legal[t]) for t, v in ev.referee_values(state)]
            chances = {m.text: float(v) for v, m in ev.candidates(ai_for(state), state, values)}
        told += max(chances.values()) - min(chances.values()) > 0
        assert chances[found.move.text] == max(chances.values()), state.key
    assert told >= 10


def test_a_threatened_piece_is_saved_and_a_capture_is_taken_when_it_is_the_best() -> None:
    # Petteia: White's e4 stands between Blue's e3 and an open e5: a5-e5 captures it
    state = PetteiaState.from_position(blue=["e3", "a5", "h1"], white=["e4", "h8", "g8"])
    found = suggest(state, "player")
    assert found is not None and found.move.captures
    assert found.reason.why == "takes" and found.reason.get("squares") == ", ".join(
        found.move.captures
    )


def test_the_suggestion_is_marked_alone_and_said_with_its_reason() -> None:
    state = PetteiaState.from_position(blue=["e3", "a5", "h1"], white=["e4", "h8", "g8"])
    match = Match(GameConfig(state.game_id), Silent(), state=state, clock=Clock())
    guidance = Guidance(match)
    guidance.hints.start(state)
    for _ in range(400):
        if guidance.suggestion() is not None:
            break
        import time

        time.sleep(0.01)
    found = guidance.suggestion()
    assert found is not None
    marks = guidance.board_marks(None, marks_on=True, hint=True)
    assert marks.movable == (found.origin,) and marks.targets == (found.move.to,)
    said = guidance.next_step(None, hint=True)
    assert said is not None and said.key == f"play.hint.{found.reason.why}"
    # the dot answers a touch: the suggested move, with nothing held
    assert guidance.shown_move(found.move.to) == found.move


def test_on_the_screen_the_suggestions_dot_plays_it(app_factory) -> None:
    app = app_factory(game="latrunculi-petteia")
    scene = app.scene
    state = PetteiaState.from_position(blue=["e3", "a5", "h1"], white=["e4", "h8", "g8"])
    scene.set_position(state)
    assert wait_for(app, lambda: visitor_turn(app))
    assert wait_for(app, lambda: scene.guidance.hints.ready(scene.match.state) is not None, 20)
    clock = HeldClock(app, app.now())
    clock.advance(app.seconds(9.0) + 0.1)  # the visitor hesitates: the hint is on
    found = scene.guidance.suggestion()
    assert found is not None and scene.board.hinting(app.now())
    line = scene.guidance.next_step(None, hint=True).render(app.t)
    assert found.move.to in line
    press(app, scene.view.target_spot(found.move.to, scene.match.state))
    clock.advance(2.0)
    assert scene.match.state.last_move == found.move or found.move in (
        scene.match.state.moves_played()
    )
    clock.release()


def test_a_line_is_suggested_as_the_visitor_sees_it_move() -> None:
    """An Epaminondas suggestion named the line's back piece and the square of his own piece it
    lands on ("i1 nach h2"); a line of several pieces is said as a line and where its front
    lands ("Die Linie i1–h2 nach g3"), in every language."""
    from ludique.games import new_game
    from ludique.play.guidance.text import Text
    from ludique.play.hint import reason
    from ludique.words.i18n import LANGUAGES, catalog

    state = new_game("epaminondas")
    lines = [m for m in state.legal_moves() if len(m.phalanx) > 1]
    assert lines
    for move in lines[:20]:
        said = reason(state, move)
        assert said.why.endswith("_line"), (move, said)
        assert said.get("front") == move.landing[-1]
        for lang in LANGUAGES:
            words = catalog(lang)
            line = Text.of(f"play.hint.{said.why}", **dict(said.fields))
            text = line.render(lambda key, words=words, **f: words.t(f"kiosk.{key}", **f))
            assert move.landing[-1] in text and f"{move.phalanx[0]}–{move.phalanx[-1]}" in text
            assert f" {move.to} " not in f" {text} ".replace(",", " "), text
