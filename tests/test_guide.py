"""The guided games' data replayed through the rules engine (no pygame)."""

from __future__ import annotations

import tomllib
from collections import Counter

import pytest

from ludique.games import GAME_IDS, new_game
from ludique.games.base import apply_action
from ludique.play.learn import GUIDE_IDS, GuideError, guides_dir, load_guide, parse_guide
from ludique.words.i18n import LANGUAGES, read_language


def raw(guide_id: str) -> dict:
    with (guides_dir() / f"{guide_id}.toml").open("rb") as fh:
        return tomllib.load(fh)


def test_every_game_has_a_guide():
    assert set(GUIDE_IDS) == set(GAME_IDS)
    for guide_id in GUIDE_IDS:
        assert (guides_dir() / f"{guide_id}.toml").is_file(), guide_id


@pytest.mark.parametrize("guide_id", GUIDE_IDS)
def test_every_step_replays_through_the_engine_to_the_visitors_win(guide_id):
    """Replayed here from the file's own text, independently of the loader's bookkeeping: each
    step's move is legal where the step starts, the replies are the computer's, and the last
    step leaves the visitor the winner."""
    data = raw(guide_id)
    guide = load_guide(guide_id)
    state = new_game(data["game"])
    visitor = data["visitor"]
    for number, step in enumerate(data["step"], start=1):
        where = f"{guide_id} step {number} ({step['key']})"
        if "position" in step:
            state = guide.steps[number - 1].start
            assert state.actions() == [], where  # a set-up position, not a continuation
        assert state.to_move == visitor, where
        if state.needs_roll:
            state = state.roll(step["roll"])
        legal = [str(m) for m in state.legal_moves()]
        assert step["move"] in legal, f"{where}: {step['move']} not in {legal}"
        state = state.play(step["move"])
        for action in step.get("reply", []):
            assert state.to_move != visitor, f"{where}: reply {action} is not the computer's"
            state = apply_action(state, action)
        if number < len(data["step"]):
            assert state.outcome is None, where
    assert state.outcome is not None and state.outcome.winner == visitor, guide_id


@pytest.mark.parametrize("guide_id", GUIDE_IDS)
def test_the_captures_the_steps_announce_are_what_the_engine_takes(guide_id):
    for step, data in zip(load_guide(guide_id).steps, raw(guide_id)["step"], strict=True):
        if "captures" not in data:
            continue
        mover = step.ready.to_move
        before = Counter(p for p in step.ready.pieces() if p.colour != mover)
        after = Counter(p for p in step.after.pieces() if p.colour != mover)
        gone = sorted(p.square for p in before - after if p.square not in ("off", "reserve"))
        assert gone == sorted(data["captures"]), f"{guide_id} step {step.number}"


@pytest.mark.parametrize("guide_id", GUIDE_IDS)
def test_the_refused_moves_are_refused_by_the_engine(guide_id):
    for step in load_guide(guide_id).steps:
        if step.refused is not None:
            assert step.refused not in [str(m) for m in step.ready.legal_moves()]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_step_has_its_sentence_and_hint_in_every_language(lang):
    entries = read_language(lang)
    for guide_id in GUIDE_IDS:
        guide = load_guide(guide_id)
        assert f"kiosk.{guide.won_key()}" in entries, f"{lang}: kiosk.{guide.won_key()}"
        for step in guide.steps:
            for key in (guide.say_key(step), guide.hint_key(step)):
                assert f"kiosk.{key}" in entries, f"{lang}: kiosk.{key}"


def test_a_guide_followed_at_four_seconds_a_step_takes_about_a_minute():
    # a visitor stands for a minute or so; the smallest rule sets (Petteia, Dux) need less
    for guide_id in GUIDE_IDS:
        seconds = load_guide(guide_id).seconds(4.0)
        assert 45 <= seconds <= 90, (guide_id, seconds)


# --- a broken guide is refused with the guide and the step named ---------------------------------


def broken(changes: dict) -> dict:
    data = raw("latrunculi-petteia")
    data["step"] = [dict(s) for s in data["step"]]
    for (index, name), value in changes.items():
        if value is None:
            data["step"][index].pop(name, None)
        else:
            data["step"][index][name] = value
    return data


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({(1, "move"): "h2-h3-h4"}, ["step 2 (lines)", "not legal"]),
        ({(2, "position"): {"blue": ["a1", "a1"]}}, ["step 3 (capture)", "position", "a1"]),
        ({(2, "reply"): ["e7-e5", "e5-e6"]}, ["step 3 (capture)", "reply 2"]),
        ({(1, "refused"): "h2-h4"}, ["step 2 (lines)", "refused", "legal"]),
        ({(2, "captures"): ["d5"]}, ["step 3 (capture)", "captures", "e5"]),
        ({(8, "move"): "h2-h3", (8, "captures"): None}, ["step 9 (win)", "visitor's win"]),
        ({(0, "reply"): None}, ["step 1 (slide)", "white's turn"]),
        ({(0, "colour"): "blue"}, ["step 1 (slide)", "unknown field", "colour"]),
    ],
)
def test_a_wrong_step_fails_naming_the_guide_and_the_step(changes, words):
    with pytest.raises(GuideError) as info:
        parse_guide("latrunculi-petteia", broken(changes))
    message = str(info.value)
    assert message.startswith("guide latrunculi-petteia, step"), message
    for word in words:
        assert word in message, message


def test_a_pente_step_that_throws_needs_its_roll():
    data = raw("pente-grammai")
    data["step"] = [dict(s) for s in data["step"]]
    del data["step"][1]["roll"]
    with pytest.raises(GuideError, match=r"guide pente-grammai, step 2 \(six\): .*'roll'"):
        parse_guide("pente-grammai", data)


@pytest.mark.parametrize("guide_id", GUIDE_IDS)
def test_a_prisoner_removed_by_the_computer_is_explained_at_the_next_step(guide_id):
    """Issue 61: the Seneca guide made White's prisoners vanish between steps and explained
    the removal only at step 8.  The step after the computer first removes a prisoner says
    the rule: its sentence carries the removal's claim (checked by tests/test_claims.py)."""
    from ludique.paths import asset_path

    claims = tomllib.loads(asset_path("claims.toml").read_text(encoding="utf-8"))
    removal = next(c for c in claims["claim"] if c["id"] == "seneca.remove-one")
    guide = load_guide(guide_id)
    for before, step in zip(guide.steps, guide.steps[1:], strict=False):
        if any(action.startswith("x") for action in before.replies):
            assert f"kiosk.{guide.say_key(step)}" in removal["keys"], step.key
            break
