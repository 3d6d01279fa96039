"""The guided games ("Learn") played in the real kiosk by scripted visitors (real pygame events).

Every guide is followed to its end in every language by a visitor who reads the marks the scene
draws; at every step a wrong move is tried first and must be refused with the step's hint.
"""

from __future__ import annotations

import pytest
from kiosk_driver import button_centre, click, drag, pump, wait_for

from ludique.play.learn import GUIDE_IDS, load_guide
from ludique.ui.layout import recording
from ludique.words.i18n import LANGUAGES, catalog


@pytest.fixture
def app_factory(app_factory):
    """conftest's kiosks, with the quick stand-in computer player (the guides script it)."""

    def make(**kw):
        kw.setdefault("stand_in", True)
        return app_factory(**kw)

    return make


def drawn_texts(app) -> list[str]:
    app.dirty = True
    with recording() as drawn:
        app.draw()
    return [r.message for r in drawn]


def ready_for_the_visitor(app) -> bool:
    scene = app.scene
    return (
        scene.name == "learn"
        and (scene.done or (scene.match.human_turn and scene.advance_at is None))
        and scene.board.anim is None
        and scene.board.roll is None
    )


def throw_if_due(app) -> None:
    scene = app.scene
    if scene.match.state.needs_roll and not scene.done:
        assert scene.view.die_rect.collidepoint(scene.view.die_rect.center)
        click(app, scene.view.die_rect.center)
        assert wait_for(app, lambda: scene.board.roll is None and not scene.match.state.needs_roll)


def point_of(app, square: str, target: bool = False):
    scene = app.scene
    if target:
        return scene.view.target_centre(square, scene.match.state)
    return scene.view.centre(square, scene.match.state, scene.match.state.to_move)


def make_marked_move(app) -> None:
    """What a visitor who follows the marks does: drag the glowing piece onto the marked
    target (or touch the marked prisoner)."""
    scene = app.scene
    origin, target = scene.mark_squares()
    if target is None:
        click(app, point_of(app, origin))
    else:
        drag(app, point_of(app, origin), point_of(app, target, target=True))


def try_a_wrong_move(app) -> str:
    """Another legal move if there is one, else the marked piece dropped beside its target.
    Returns what was tried (for the failure message)."""
    scene = app.scene
    step = scene.step
    state = scene.match.state
    others = [
        m
        for m in state.legal_moves()
        if str(m) != step.move and m.to is not None and not str(m).startswith("x")
    ]
    if others:
        wrong = others[0]
        origin = wrong.frm if wrong.frm is not None else "reserve"
        drag(app, point_of(app, origin), point_of(app, wrong.to, target=True))
        return str(wrong)
    origin, target = scene.mark_squares()
    if target is None:  # a prisoner to touch: touch one of one's active pieces instead
        mine = next(
            p.square
            for p in state.pieces()
            if p.colour == state.to_move and p.square != origin and p.kind != "incitus"
        )
        click(app, point_of(app, mine))
        return f"touch {mine}"
    # beside the target: the middle between the piece and its target, or far from both
    a = point_of(app, origin)
    b = point_of(app, target, target=True)
    miss = ((a[0] + b[0]) / 2 + scene.view.radius * 0.2, (a[1] + b[1]) / 2)
    hit = scene.view.hit(miss, state)
    if hit == target:
        miss = (scene.view.rect.right - 2, scene.view.rect.bottom - 2)
    drag(app, a, miss)
    return f"{origin} dropped beside {target}"


def start_guide(app, game_id: str) -> None:
    app.go("learn", game_id=game_id)
    pump(app, 0.02)
    assert app.scene.name == "learn"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", GUIDE_IDS)
def test_a_visitor_who_follows_the_marks_plays_the_guide_to_its_end(app_factory, game_id, lang):
    app = app_factory(lang=lang)
    start_guide(app, game_id)
    scene = app.scene
    guide = load_guide(game_id)
    words = catalog(lang)
    seen = []
    while not scene.done:
        assert wait_for(app, lambda: ready_for_the_visitor(app)), f"step {scene.index + 1}"
        if scene.done:
            break
        number = scene.index
        seen.append(number)
        step = guide.steps[number]
        said = words.t(f"kiosk.{guide.say_key(step)}", **step.words)
        assert said in drawn_texts(app), (game_id, step.key)
        throw_if_due(app)
        if step.move == "pass":
            assert wait_for(app, lambda n=number: scene.index != n or scene.done)
            continue
        assert scene.match.state.to_move == guide.visitor
        make_marked_move(app)
        assert wait_for(app, lambda n=number: scene.index != n or scene.done), (game_id, step.key)
    # every step was met in order, the game was won, and the way on is "Play now"
    assert seen == list(range(len(guide.steps)))
    assert (
        scene.match.state.outcome is not None and scene.match.state.outcome.winner == guide.visitor
    )
    texts = drawn_texts(app)
    won = words.t(f"kiosk.{guide.won_key()}", **guide.steps[-1].words)
    ending = f"{won}\n{words.t('kiosk.learn.done')}"
    assert ending in texts
    assert words.t("kiosk.learn.button.play") in texts
    assert scene.button("play").kind == "primary"
    click(app, button_centre(app, "play"))
    assert app.scene.name == "game"
    assert app.scene.match.state.game_id == game_id
    assert app.scene.match.state.actions() == []


@pytest.mark.parametrize("game_id", GUIDE_IDS)
def test_a_wrong_move_at_every_step_is_refused_with_the_steps_hint(app_factory, game_id):
    """At each step: a wrong move changes nothing and shows the step's hint; the language is
    switched at every step and the sentence follows; then the marked move goes on."""
    app = app_factory(lang="fr")
    start_guide(app, game_id)
    scene = app.scene
    guide = load_guide(game_id)
    langs = ["de", "en", "fr"]
    while not scene.done:
        assert wait_for(app, lambda: ready_for_the_visitor(app))
        if scene.done:
            break
        number = scene.index
        step = guide.steps[number]
        lang = langs[number % 3]
        click(app, app.language_switch.rects[lang].center)
        assert app.lang == lang and scene.index == number and app.scene is scene
        words = catalog(lang)
        hint = words.t(f"kiosk.{guide.hint_key(step)}", **step.words)
        assert hint not in drawn_texts(app)
        throw_if_due(app)
        if step.move == "pass":
            assert wait_for(app, lambda n=number: scene.index != n or scene.done)
            continue
        before = scene.match.state
        tried = try_a_wrong_move(app)
        assert wait_for(app, lambda: scene.board.anim is None)
        assert scene.match.state is before, f"{game_id} step {number + 1}: {tried} was played"
        texts = drawn_texts(app)
        assert hint in texts, f"{game_id} step {number + 1}: no hint after {tried}"
        assert words.t(f"kiosk.{guide.say_key(step)}", **step.words) in texts
        make_marked_move(app)
        assert wait_for(app, lambda n=number: scene.index != n or scene.done)
    assert scene.match.state.outcome is not None


def test_skip_goes_through_every_step_and_again_starts_over(app_factory):
    app = app_factory(lang="de")
    start_guide(app, "latrunculi-seneca")
    scene = app.scene
    guide = load_guide("latrunculi-seneca")
    for number in range(len(guide.steps)):
        assert scene.index == number
        assert scene.match.state.key == guide.steps[number].start.key
        click(app, button_centre(app, "skip"))
    assert scene.done
    assert not scene.button("skip").enabled
    click(app, button_centre(app, "again"))
    assert scene.index == 0 and not scene.done
    assert scene.match.state.key == guide.steps[0].start.key


def test_the_pente_die_lands_on_the_steps_number_and_the_computer_throws_its_own(app_factory):
    app = app_factory(lang="en")
    start_guide(app, "pente-grammai")
    scene = app.scene
    step = scene.step
    assert scene.match.state.needs_roll
    assert not scene._marks_on()  # the die glows first; the counter is marked once it lands
    throw_if_due(app)
    assert scene.match.state.die == step.roll
    assert scene._marks_on()
    assert scene.mark_squares() == ("off", "4A")
    make_marked_move(app)
    # the computer throws the scripted number and makes the scripted move
    assert wait_for(app, lambda: scene.index == 1 and ready_for_the_visitor(app))
    assert scene.match.state.actions()[-2:] == list(step.replies)


def test_home_leaves_the_guide_and_nothing_is_recorded(app_factory):
    app = app_factory(lang="en")
    records = []
    app.on_game_finished = records.append
    start_guide(app, "epaminondas")
    make_marked_move(app)
    pump(app, 0.05)
    click(app, button_centre(app, "home"))
    assert app.scene.name == "home"
    assert records == []


def test_learning_in_the_middle_of_a_game_returns_to_it_and_the_computer_still_answers(
    app_factory,
):
    app = app_factory(game="latrunculi-petteia", lang="en")
    game = app.scene
    assert wait_for(app, lambda: game.match.human_turn and game.board.anim is None)
    drag(app, point_of(app, "a2"), point_of(app, "a5", target=True), settle=0)
    assert wait_for(app, lambda: game.match.think_started is not None)  # the computer is thinking
    assert len(game.match.state.actions()) == 1
    state = game.match.state
    app.go("learn", game_id="latrunculi-petteia", resume=game)
    scene = app.scene
    assert scene.name == "learn" and scene.resume is game
    make_marked_move(app)
    assert wait_for(app, lambda: scene.index == 1 and ready_for_the_visitor(app))
    click(app, button_centre(app, "back"))
    assert app.scene is game
    assert (
        game.match.state is state or game.match.state.parent is state
    )  # kept (and maybe answered)
    # the game goes on where it was: the computer's answer comes
    assert wait_for(app, lambda: len(game.match.state.actions()) == 2 and game.board.anim is None)
    assert game.match.human_turn


def test_learn_beside_play_opens_the_guide_of_the_chosen_game(app_factory):
    app = app_factory(lang="de")
    app.go("setup", family="latrunculi")
    click(app, button_centre(app, "variant-dux"))
    learn = app.scene.button("learn")
    assert learn.label() == catalog("de").t("kiosk.learn.button.learn")
    click(app, learn.rect.center)
    assert app.scene.name == "learn"
    assert app.scene.guide.game_id == "latrunculi-dux"
    assert app.scene.resume is None
    click(app, button_centre(app, "home"))
    assert app.scene.name == "home"


def test_learn_on_the_rule_card_keeps_the_game_and_back_returns_to_it(app_factory):
    app = app_factory(game="epaminondas", lang="fr")
    game = app.scene
    click(app, button_centre(app, "rules"))
    assert app.scene.name == "rules"
    click(app, button_centre(app, "learn"))
    scene = app.scene
    assert scene.name == "learn" and scene.guide.game_id == "epaminondas"
    assert scene.resume is game
    click(app, button_centre(app, "back"))
    assert app.scene is game


def test_a_steps_hint_after_a_wrong_move_stays_until_the_next_touch(app_factory):
    """Issue 61: a hint that matters stays until the next touch (it went after 6 s, before a
    slow reader had read it)."""
    from kiosk_driver import HeldClock, press

    app = app_factory(lang="de")
    start_guide(app, "latrunculi-petteia")
    scene = app.scene
    assert wait_for(app, lambda: ready_for_the_visitor(app))
    words = catalog("de")
    hint = words.t(f"kiosk.{scene.guide.hint_key(scene.step)}", **scene.step.words)
    try_a_wrong_move(app)
    assert wait_for(app, lambda: scene.board.anim is None)
    clock = HeldClock(app, app.now())
    clock.advance(60.0, frame=0.5)  # a minute's reading
    assert hint in drawn_texts(app)
    press(app, scene.view.centre("h8", scene.match.state))  # the next touch takes it away
    assert hint not in drawn_texts(app)
    clock.release()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_skip_button_says_no_word_a_step_asks_the_visitor_to_do(lang):
    """Issue 61: the Pente grammai guide's step 8 was skipped: its step 7 says the turn
    "passes" ("votre tour passe"), and the button that skips a step said "Passer" (in German
    "Weiter", go on).  The button's words are none of the guides' sentences' words."""
    import re

    words = catalog(lang)
    label = words.t("kiosk.learn.button.skip")
    verb = re.findall(r"\w+", label)[0].lower()[:5]  # what the button does
    for game_id in GUIDE_IDS:
        guide = load_guide(game_id)
        for step in guide.steps:
            for key in (guide.say_key(step), guide.hint_key(step)):
                sentence = words.t(f"kiosk.{key}", **step.words).lower()
                said = {w[: len(verb)] for w in re.findall(r"\w+", sentence)}
                assert verb not in said, (label, key)


def test_a_steps_capture_is_marked_as_a_gain_before_it_is_made(app_factory):
    """Issue 61: each step's capture shown.  The target of a step that captures is the game's
    gain mark (gold, a plus), not the plain green dot of a quiet step."""
    from ludique.ui import theme

    app = app_factory(lang="de")
    start_guide(app, "latrunculi-seneca")
    scene = app.scene
    guide = load_guide("latrunculi-seneca")
    capture = next(i for i, step in enumerate(guide.steps) if step.key == "capture")
    for _ in range(capture):
        click(app, button_centre(app, "skip"))
    assert wait_for(app, lambda: ready_for_the_visitor(app)) and scene.index == capture
    drawn_texts(app)  # a frame
    origin, target = scene.mark_squares()
    x, y = scene.view.target_centre(target, scene.match.state)
    size = max(10, int(scene.view.radius * 0.55))
    assert tuple(app.screen.get_at((x, y)))[:3] == theme.INK
    assert tuple(app.screen.get_at((x + int(size * 0.6), y + int(size * 0.6))))[:3] == theme.GAIN


@pytest.mark.parametrize("game_id", ["pente-grammai", "epaminondas"])
def test_at_step_one_a_touch_on_the_marked_target_alone_plays_the_step(app_factory, game_id):
    """Issue 61: at step 1 of both guides the marked target refused a touch with nothing
    selected.  It is the step's move: the guide goes on to step 2."""
    app = app_factory(lang="de")
    start_guide(app, game_id)
    scene = app.scene
    assert wait_for(app, lambda: ready_for_the_visitor(app)) and scene.index == 0
    throw_if_due(app)
    origin, target = scene.mark_squares()
    assert target is not None and scene.board.selected is None
    click(app, point_of(app, target, target=True))
    assert wait_for(app, lambda: scene.index == 1 or scene.done)
