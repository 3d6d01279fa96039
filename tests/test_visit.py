"""The visit rule (issue 57): every game ends after its visit's moves, decided by its score.

A rule of the engine like the fifty-turn count: ``new_game(game_id)`` plays it, the full game is
``new_game(game_id, visit=None)``, saved games record which, and a game decided before the end
is decided as in the full game."""

from __future__ import annotations

import random

import pytest

from ludique.games import (
    GAME_IDS,
    IllegalMove,
    Outcome,
    dump_game,
    load_game,
    new_game,
    spec,
)
from ludique.games.base import REASON_FIFTY_TURNS, REASON_VISIT, GameState
from ludique.games.latrunculi.rules import PetteiaState


def random_play(state: GameState, seed: int, plies: int = 2_000, greedy: bool = False) -> GameState:
    """Random moves (``greedy``: a capture whenever there is one) until the end or ``plies``."""
    rng = random.Random(seed)
    for _ in range(plies):
        if state.outcome is not None:
            break
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
            continue
        moves = state.legal_moves()
        captures = [m for m in moves if m.captures] if greedy else []
        state = state.play(rng.choice(captures or moves))
    return state


def replay(actions: list[str], start: GameState) -> GameState:
    state = start
    for action in actions:
        if state.outcome is not None:
            break
        state = state.roll(int(action[5:])) if action.startswith("roll ") else state.play(action)
    return state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_kiosk_game_ends_after_its_moves_by_the_score(game_id: str) -> None:
    visit = spec(game_id).visit_moves
    assert visit > 0, "every game of the kiosk has a visit rule"
    for seed in range(3):
        state = random_play(new_game(game_id), seed)
        assert state.visit == visit and state.outcome is not None
        assert state.turns <= 2 * visit
        if state.outcome.reason == REASON_VISIT:
            assert state.turns == 2 * visit and state.turns_left == 0
            first, second = state.colours
            a, b = state.score(first), state.score(second)
            assert len(a) == len(spec(game_id).score)
            assert state.outcome.winner == (first if a > b else second if b > a else None)
            # the last position before the end was still in play, one move left
            before = next(s for s in state.ancestors() if s.turns < state.turns)
            assert before.outcome is None and before.turns_left == 1


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_full_game_has_no_visit_rule(game_id: str) -> None:
    full = new_game(game_id, visit=None)
    assert full.visit is None and full.turns_left is None
    state = random_play(full, 5, plies=4 * spec(game_id).visit_moves + 40)
    assert state.outcome is None or state.outcome.reason != REASON_VISIT


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_game_decided_before_the_end_is_decided_as_in_the_full_game(game_id: str) -> None:
    """A full game decided at move n, replayed with a visit that ends at that very move: its
    own end comes first."""
    for seed in range(40):
        full = random_play(new_game(game_id, visit=None), seed, greedy=True)
        outcome = full.outcome
        # (the fifty-turn count is no end of the visit game: below)
        if outcome is None or outcome.reason == REASON_FIFTY_TURNS or full.turns > 800:
            continue
        visit = (full.turns + 1) // 2
        again = replay(full.actions(), new_game(game_id, visit=visit))
        assert again.key == full.key and again.outcome == outcome
        return
    pytest.fail("no random game decided within 800 moves")


def test_a_placement_and_a_removal_are_not_moves_of_the_visit() -> None:
    state = random_play(new_game("latrunculi-seneca", visit=500), 3, plies=400)
    moves = state.moves_played()
    battle = [m for m in moves if m.kind not in ("place", "remove")]
    assert any(m.kind == "place" for m in moves) and any(m.kind == "remove" for m in moves)
    assert state.turns == len(battle) < len(moves)


def test_a_throw_is_not_a_move_but_a_pass_is() -> None:
    games = (random_play(new_game("pente-grammai", visit=500), seed) for seed in range(50))
    state = next(s for s in games if any(m.kind == "pass" for m in s.moves_played()))
    assert state.turns == len(state.moves_played())
    rolled = new_game("pente-grammai").roll(3)
    assert rolled.turns == 0 and rolled.turns_left == 2 * spec("pente-grammai").visit_moves


def test_the_fifty_turn_count_gives_way_to_the_visit() -> None:
    """In the visit game a quiet game goes on to the visit's end: the count never ends it."""
    squares = {"blue": ["a1", "c1", "e1"], "white": ["b8", "d8", "f8"]}
    full = PetteiaState.from_position(**squares, quiet=49)
    quiet = next(m for m in full.legal_moves() if not m.captures)
    assert full.play(quiet).outcome is not None
    assert full.play(quiet).outcome.reason == REASON_FIFTY_TURNS
    visited = PetteiaState.from_position(**squares, quiet=49)
    visited.visit = 40  # as ``new_game`` sets it on a fresh start
    after = visited.play(quiet)
    assert after.outcome is None and after.quiet_turns == 50


def test_the_score_of_each_game() -> None:
    pente = new_game("pente-grammai")
    assert pente.score("blue") == pente.score("white") == (0,)
    epaminondas = new_game("epaminondas")
    assert epaminondas.score("white") == (0, 0)
    dux = new_game("latrunculi-dux")
    assert dux.score("blue") == (0,)
    seneca = new_game("latrunculi-seneca")  # pieces still to place are not taken
    assert seneca.score("white") == (0,)
    taken = random_play(new_game("latrunculi-piso", visit=None), 1)
    assert taken.score("blue") == (16 - taken.count("white"),)


def test_a_saved_game_records_its_visit() -> None:
    state = random_play(new_game("latrunculi-dux", visit=12), 4, plies=30)
    text = dump_game(state)
    assert text.splitlines()[2] == "visit 12"
    again = load_game(text)
    assert again.visit == 12 and again.turns == state.turns and again.key == state.key
    full = new_game("latrunculi-dux", visit=None).play("a1-a5")
    assert dump_game(full).splitlines()[2] == "visit full"
    assert load_game(dump_game(full)).visit is None
    # a record from before the rule names none: the full game
    assert load_game("game latrunculi-dux\na1-a5\n").visit is None


@pytest.mark.parametrize(
    "line", ["visit 0", "visit -3", "visit ten", "visit 99999", "visit ²", "visit"]
)
def test_a_bad_visit_line_is_refused_by_its_line(line: str) -> None:
    with pytest.raises(IllegalMove, match=r"^line 2: "):
        load_game(f"game epaminondas\n{line}\ne1-g3\n")


def test_a_visit_line_after_the_first_move_is_refused() -> None:
    with pytest.raises(IllegalMove, match=r"^line 3: "):
        load_game("game epaminondas\ne1-g3\nvisit 12\n")


@pytest.mark.parametrize("visit", [0, -1, 2.5, "12"])
def test_new_game_refuses_a_bad_length(visit: object) -> None:
    with pytest.raises(IllegalMove, match="visit"):
        new_game("epaminondas", visit=visit)  # type: ignore[arg-type]


# --- the short game on the kiosk: its words, the set-up's choice, the curator's minutes ---------


def test_the_strip_counts_the_moves_then_counts_down_the_last_ones() -> None:
    from ludique.play.visit import COUNTDOWN, countdown

    state = new_game("latrunculi-petteia", visit=8)
    assert countdown(state) == ("visit.move", {"move": 1, "moves": 8})
    seen = [countdown(state)]
    rng = random.Random(3)
    while state.outcome is None:
        state = state.play(rng.choice(state.legal_moves()))
        seen.append(countdown(state))
    assert state.outcome.reason == REASON_VISIT and seen[-1] is None  # the game is over
    assert ("visit.move", {"move": 8 - COUNTDOWN, "moves": 8}) in seen
    assert [line for line in seen if line and line[0] == "visit.left"] == [
        ("visit.left", {"count": n}) for n in range(COUNTDOWN, 1, -1) for _ in (0, 1)
    ]
    assert seen[-3:-1] == [("visit.last", {}), ("visit.last", {})]
    assert countdown(new_game("latrunculi-petteia", visit=None)) is None


def test_the_end_says_the_score_first_part_first() -> None:
    from ludique.play.visit import end_fields, render

    drawn = load_game("game epaminondas\nvisit 1\nm1-l2\ne12-c10\n")
    fields = end_fields(drawn)
    assert fields["moves"] == 1
    # the same pieces across: the pieces captured are said too
    assert fields["score"] == (
        "visit.score.then",
        {
            "first": ("visit.score.crossing", {"a": 0, "b": 0}),
            "second": ("visit.score.captured", {"a": 0, "b": 0}),
        },
    )
    won = load_game(
        "game pente-grammai\nvisit 2\nroll 3\noff-3A\nroll 4\noff-4B\nroll 4\n"
        "off-4A\nroll 4\n4B-3A\n"
    )
    assert won.outcome is not None and won.outcome.winner == "white"
    assert end_fields(won)["score"] == ("visit.score.at-goal", {"a": 1, "b": 0})

    def t(key: str, **f: object) -> str:
        return f"{key}({', '.join(f'{k}={v}' for k, v in sorted(f.items()))})"

    said = render(("visit.end", {"winner": "White", **end_fields(won)}), t)
    assert said == "visit.end(moves=2, score=visit.score.at-goal(a=1, b=0), winner=White)"
    assert end_fields(new_game("pente-grammai")) == {}


def test_the_curators_minutes_scale_each_games_length() -> None:
    from ludique.kiosk.settings import Settings
    from ludique.play.match import GameConfig
    from ludique.play.visit import VISIT_MINUTES, visit_for

    for game_id in GAME_IDS:
        moves = spec(game_id).visit_moves
        assert visit_for(game_id, VISIT_MINUTES) == moves
        assert visit_for(game_id, 15) == round(moves * 1.5)
        assert visit_for(game_id, 0) is None
        config = GameConfig.default_for(game_id, Settings(short_game_minutes=20))
        assert config.visit == 2 * moves
    assert (
        GameConfig.default_for("epaminondas", Settings()).visit == spec("epaminondas").visit_moves
    )


def test_a_bad_short_game_setting_is_named_by_key_and_line_and_the_default_kept() -> None:
    from ludique.kiosk.settings import parse_settings

    settings = parse_settings("sound = false\nshort_game_minutes = 90\n")
    assert settings.short_game_minutes == 10
    [problem] = settings.problems
    assert problem.key == "short_game_minutes" and problem.line == 2
    assert "0 to 60" in str(problem)
    assert parse_settings("short_game_minutes = 0\n").short_game_minutes == 0


def test_the_set_up_offers_the_short_game_first_and_the_full_game(app_factory) -> None:
    from kiosk_driver import button_centre, click

    app = app_factory()
    app.go("setup", family="epaminondas")
    assert app.scene.button("length-short").kind == "selected"
    click(app, button_centre(app, "play"))
    assert app.scene.name == "game"
    assert app.scene.match.state.visit == spec("epaminondas").visit_moves
    app.go("setup", family="epaminondas")
    click(app, button_centre(app, "length-full"))
    assert app.scene.button("length-full").kind == "selected"
    click(app, button_centre(app, "play"))
    assert app.scene.match.state.visit is None


def test_without_the_curators_short_game_the_set_up_offers_no_choice(app_factory) -> None:
    from kiosk_driver import button_centre, click

    from ludique.kiosk.settings import Settings

    app = app_factory(settings=Settings(sound=False, short_game_minutes=0))
    app.go("setup", family="pente-grammai")
    assert not [b for b in app.scene.buttons if b.name.startswith("length-")]
    click(app, button_centre(app, "play"))
    assert app.scene.match.state.visit is None


# --- the computer plays for the score ---------------------------------------------------------

PENTE_LAST_MOVE = (
    "roll 1\noff-1A\nroll 3\noff-3B\nroll 3\noff-3A\nroll 2\noff-2B\nroll 4\noff-4A\nroll 1\n"
    "off-1B\nroll 1\n1A-2A\nroll 3\noff-3B\nroll 3\noff-3A\nroll 3\noff-3B\nroll 3\noff-3A\n"
    "roll 6\n"
)


def test_pente_grammai_plays_for_the_score_in_the_last_moves() -> None:
    """White's last move of a short game: bringing a counter onto 3A wins it 1 to 0, while the
    full game's table (which the computer plays otherwise) prefers another move."""
    from ludique.ai.pente import choose_pente_move

    short = load_game(f"game pente-grammai\nvisit 6\n{PENTE_LAST_MOVE}")
    assert short.turns_left == 1 and short.to_move == "white" and short.die == 6
    assert str(choose_pente_move(short, "champion", random.Random(1))) == "2B-3A"
    after = short.play("2B-3A")
    assert after.outcome is not None and after.outcome.winner == "white"
    full = load_game(f"game pente-grammai\nvisit full\n{PENTE_LAST_MOVE}")
    assert str(choose_pente_move(full, "champion", random.Random(1))) == "1B-2A"


def test_the_search_sees_the_end_by_the_score() -> None:
    """Petteia, the last move of a short game (White's), the score level: the capture on offer
    wins the short game, and the computer takes it at the fixed strengths."""
    from ludique.ai import choose_move

    for seed in range(200):
        rng = random.Random(seed)
        state = new_game("latrunculi-petteia", visit=None)
        for _ in range(rng.randint(6, 30)):
            if state.outcome is not None:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if state.outcome is not None or state.to_move != "white":
            continue
        captures = [m for m in state.legal_moves() if m.captures]
        if not captures or state.score("blue") != state.score("white"):
            continue
        state.visit = (state.turns + 1) // 2  # as if the game had been set up so
        assert state.turns_left == 1
        for strength in ("player", "champion"):
            move = choose_move(state, strength, 0.3, random.Random(seed))
            assert move.captures, (seed, strength, str(move))
            assert state.play(move).outcome == Outcome("white", REASON_VISIT)
        return
    pytest.fail("no position found")


def test_while_the_men_are_placed_the_strip_counts_the_placements(app_factory) -> None:
    """A playtest (de, 1920x1080): Seneca's strip read "Zug 1 von 19" through all 16
    placements, since placements are no moves of the visit; a count standing still for 16
    turns reads as a stuck game.  The strip counts the placements, then the moves."""
    from kiosk_driver import centre, click, visitor_turn, wait_for, words

    app = app_factory(game="latrunculi-seneca", lang="de", size=(1920, 1080))
    scene = app.scene
    moves = spec("latrunculi-seneca").visit_moves
    assert scene.match.state.visit == moves

    def count() -> str | None:  # the strip's first count: the visit's
        return words(app, scene.guidance.score_lines()[0][0])

    assert wait_for(app, lambda: visitor_turn(app))
    assert count() == f"Aufstellung: Stein 1 von 16, dann {moves} Züge je Seite"
    empty = next(str(m)[1:] for m in scene.match.state.legal_moves())
    click(app, centre(app, "reserve"))
    click(app, centre(app, empty))
    # the computer places its first piece, and the visitor places his second
    assert wait_for(app, lambda: visitor_turn(app) and scene.match.state.reserve("white") == 15)
    assert count() == f"Aufstellung: Stein 2 von 16, dann {moves} Züge je Seite"
    # once every piece is placed, the moves are counted from the battle's first
    rng = random.Random(4)
    state = scene.match.state
    while state.phase == "placement":
        state = state.play(rng.choice(state.legal_moves()))
    scene.set_position(state)
    assert wait_for(app, lambda: visitor_turn(app))
    assert count() == f"Zug 1 von {moves}"
    assert "Aufstellung" not in " ".join(
        words(app, line) or "" for line, _ in scene.guidance.score_lines()
    )


@pytest.mark.parametrize("lang", ["fr", "de", "en"])
def test_the_placing_count_reads_in_each_language(lang: str) -> None:
    from ludique.play.visit import countdown, render
    from ludique.words.i18n import catalog

    state = new_game("latrunculi-piso", visit=25)
    state = state.play(state.legal_moves()[0])  # Blue placed one: White places its first
    line = countdown(state)
    assert line == ("visit.placing", {"piece": 1, "pieces": 16, "moves": 25})
    said = render(line, lambda key, **f: catalog(lang).t(f"kiosk.{key}", **f))
    assert "1" in said and "16" in said and "25" in said and "{" not in said
