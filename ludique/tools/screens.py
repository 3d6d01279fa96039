"""Render every screen of the kiosk to PNG for review: ``python -m ludique.tools.screens OUTDIR``
(``--lang de`` and ``--size 1280x800`` render only those; ``--compare BEFORE`` then says which
screens differ from an earlier render, and by how many pixels).

Every scene, every game (with a position from the middle of a game), all three languages, at
the screens a museum mounts: 3840x2160, 1920x1080, 1280x800 (16:10), 1024x768 (4:3) and a
1080x1920 portrait totem, each drawn at its own resolution (``--size WxH`` renders any other).
The files are named ``<size>/<lang>/<nn>-<screen>.png``.  ``--mount 32@90`` (a 32-inch screen
with its lower edge at 90 cm) or ``--mount table`` lays them out for that mounting instead of
the settings' default (then ``<size>-<mount>/<lang>/...``); each picture shows the band a seated
visitor reaches (``ludique.kiosk.mounting``): outside it the screen is shaded, its edges dashed.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

from ludique.games.base import PHALANX

SIZES = ((3840, 2160), (1920, 1080), (1280, 800), (1024, 768), (1080, 1920))
# The stories' search is given time enough to reach its depth on a loaded machine (it takes a
# fraction of a second), so that two renders of one commit tell the same story.
STORY_SECONDS = 60.0


def _advance(state, plies: int, rng: random.Random, stop=None):
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
        # captures are preferred in Epaminondas only: the screens' positions were found so
        captures = [m for m in moves if m.kind == PHALANX and m.captures]
        state = state.play(rng.choice(captures or moves))
    return state


def _finished(game_id: str, rng: random.Random):
    from ludique.games import new_game

    for _ in range(40):
        state = _advance(new_game(game_id), 3000, rng)
        if state.outcome is not None:
            return state
    return None


_STORIES: dict[tuple[str, bool], tuple] = {}


def _story_game(game_id: str, won: bool):
    """A finished game of ``game_id`` the visitor won (or lost), the visitor's colour and its
    story, told once per process (the search games within a short budget).  Pente grammai:
    Player against Champion, seeded; the others: the greedy baseline against random moves,
    seen from the winner's side or the loser's."""
    key = (game_id, won)
    if key in _STORIES:
        return _STORIES[key]
    from ludique.ai.baselines import greedy_move, random_move
    from ludique.ai.pente import move_values
    from ludique.games import new_game, spec
    from ludique.play.analysis import tell_state

    solved = spec(game_id).solved  # the computer plays perfectly, the visitor mostly well
    for seed in range(200):
        rng = random.Random(seed)
        state = new_game(game_id)
        for _ in range(600):
            if state.outcome is not None:
                break
            if state.needs_roll:
                state = state.roll(rng.randint(1, 6))
            elif solved:
                scored = move_values(state)
                if state.to_move == state.colours[1]:  # the computer: perfect
                    top = max(v for _, v in scored)
                    state = state.play(next(m for m, v in scored if v == top))
                else:  # the visitor: mostly good moves
                    good = [m for m, v in sorted(scored, key=lambda mv: -mv[1])][:2]
                    state = state.play(rng.choice(good))
            elif state.to_move == state.colours[0]:
                state = state.play(greedy_move(state, rng))
            else:
                state = state.play(random_move(state, rng))
        outcome = state.outcome
        if outcome is None or outcome.winner is None or len(state.actions()) < 20:
            continue
        if solved:
            colour = state.colours[0]
            if (outcome.winner == colour) != won:
                continue
        else:
            colour = (
                outcome.winner if won else next(c for c in state.colours if c != outcome.winner)
            )
        # to its full depth whatever the machine's load: the same story at every render
        story = tell_state(state, colour, STORY_SECONDS, max_depth=2)
        _STORIES[key] = (state, colour, story)
        return _STORIES[key]
    raise RuntimeError(f"no finished {game_id} game for the review screens")


def each_screen(app) -> Iterator[str]:
    """Put ``app`` in front of every screen in turn and yield each one's name, ready to draw:
    the review renderer saves them, the layout test measures every text on them."""
    from ludique.games import families, specs
    from ludique.play.learn import GUIDE_IDS
    from ludique.play.match import GameConfig
    from ludique.ui.scenes.admin import PinPad
    from ludique.ui.scenes.game import GameScene
    from ludique.ui.story_gauge import load_table_now

    load_table_now()  # the Pente grammai gauge reads its table in a thread; here it must be there
    rng = random.Random(20)
    app.go("attract")
    demo = app.scene.demo
    if demo is not None:
        demo.match.state = _advance(demo.match.state, 14, rng)
    yield "attract"
    from ludique.words.i18n import LANGUAGES

    for lang in LANGUAGES:  # the call to play, in each language in turn
        app.scene.call_pinned = lang
        yield f"attract-call-{lang}"
    app.scene.call_pinned = None
    app.go("home")
    yield "home"
    for family in families():
        app.go("setup", family=family)
        yield f"setup-{family}"
    app.scene.opponent = "two-players"
    app.scene.layout()
    yield "setup-epaminondas-two-players"
    for game in specs():
        game_id = game.id
        # each game's positions from its own seed: the same screens whatever games come before
        rng = random.Random(f"sample {game_id}")
        # the default strength, Even match: its name is the longest in the status line
        config = GameConfig(game_id, "computer", "even", None)
        app.go("game", config=config)
        scene: GameScene = app.scene
        match = scene.match
        start = match.state
        if game.sample_placement:  # pieces being placed, then a prisoner in the battle
            match.state = _advance(start, 9, rng)
            yield f"game-{game_id}-placement"
            match.state = _advance(
                start,
                400,
                rng,
                stop=lambda s: (
                    any(p.kind == "incitus" for p in s.pieces()) and s.to_move == s.colours[0]
                ),
            )
        else:
            match.state = _advance(start, game.sample_plies, rng)
            if match.state.to_move != scene.config.visitor_colour:
                match.state = _advance(match.state, 1 if not match.state.needs_roll else 2, rng)
        match.turn_started = app.now()
        moves = scene.guidance.origins()
        if moves:
            scene.board.selected = next(iter(moves))
        if game.die:
            match.last_die = match.state.die
        yield f"game-{game_id}"
        if game.sample_turned:
            # the visitor took the second colour: the board is turned round
            config = GameConfig(game_id, "computer", "champion", start.colours[1])
            app.go("game", config=config)
            app.scene.match.state = _advance(app.scene.match.state, 11, rng)
            yield f"game-{game_id}-turned"
        if game.cards:
            app.go("rules", game=scene)
            yield f"rules-{game_id}"
            app.go("resume", scene=scene)
        if game.sample_finished is not None:  # a finished game set up by hand
            finished = game.sample_finished()
        else:
            finished = _finished(game_id, rng)
        if finished is not None:
            match.state = finished
            app.go("end", game=scene)
            yield f"end-{game_id}"
    # How the game went: a won and a lost game of each kind (ludique/ui/scenes/story.py)
    told = sorted((g for g in specs() if g.sample_story), key=lambda g: g.sample_story)
    for game_id in (g.id for g in told):
        for won in (True, False):
            state, colour, story = _story_game(game_id, won)
            # against Even match, the story says so in one more line
            app.go("game", config=GameConfig(game_id, "computer", "even", colour))
            app.scene.match.state = state
            app.go("story", game=app.scene, story=story)
            yield f"story-{game_id}-{'won' if won else 'lost'}"
    for game_id in GUIDE_IDS:
        # the guided game's first step, then a step with its hint showing (a wrong move tried)
        app.go("learn", game_id=game_id)
        yield f"learn-{game_id}"
        learn = app.scene
        learn.go_to_step(len(learn.guide.steps) - 1)
        learn.hint_until = app.now() + 3600
        yield f"learn-{game_id}-hint"
    yield from _guidance_screens(app)
    yield from _threat_screens(app)
    yield from _notice_screens(app)
    yield from _short_game_screens(app)
    app.go("game", config=GameConfig("pente-grammai", "two-players", "player", None))
    app.scene.match.state = _advance(app.scene.match.state, 7, random.Random(20))
    yield "game-pente-two-players"
    app.countdown_since = app.now()
    yield "still-playing"
    app.countdown_since = None
    app.pin_pad = PinPad(app)
    app.pin_pad.entered = "12"
    yield "pin-pad"
    app.pin_pad = None
    app.go("admin")
    yield "admin"


def _guidance_screens(app) -> Iterator[str]:
    """A game's next step shown: the ringed pieces with a short message over the board (a
    blocked entry, the battle begins, a refused drop), and the question before leaving."""
    from ludique.games import new_game
    from ludique.games.epaminondas.rules import EpaminondasState
    from ludique.games.pente.rules import PenteState
    from ludique.play.match import GameConfig

    app.go("game", config=GameConfig("pente-grammai", "computer", "player", None))
    scene = app.scene
    # a 5 thrown while Blue's own counter stands on 5A: nothing can enter
    scene.set_position(
        PenteState.from_position(
            blue={"5A": 1, "1A": 1, "3B": 1, "off": 2}, white={"2B": 1, "3A": 1, "off": 3}, die=5
        )
    )
    scene.guidance.say("notice.blocked", point="5A")
    yield "game-pente-grammai-blocked"
    app.go("game", config=GameConfig("latrunculi-seneca", "computer", "player", None))
    scene = app.scene
    state = _advance(new_game("latrunculi-seneca"), 32, random.Random(4))
    scene.set_position(state)
    scene.guidance.say("notice.battle")
    yield "game-latrunculi-seneca-battle"
    app.go("game", config=GameConfig("epaminondas", "computer", "player", None))
    scene = app.scene
    scene.set_position(
        EpaminondasState.from_position(
            white=["c1", "f1", "f2", "k1", "k2", "k3"], black=["c2", "f3", "f4", "n12", "m12"]
        )
    )
    scene.guidance.say("refused.larger", size=2, group=2)
    yield "game-epaminondas-refused"
    scene.ask_leave("home")
    yield "game-leave-question"
    scene.stay()
    # the end of a game: the last piece taken is ringed on the final board
    from ludique.games.latrunculi.rules import PetteiaState

    app.go("game", config=GameConfig("latrunculi-petteia", "computer", "player", None))
    scene = app.scene
    scene.match.state = PetteiaState.from_position(
        blue=["a1", "c3", "e1", "f2"], white=["b3", "h8"], to_move="blue"
    ).play("a1-a3")
    app.go("end", game=scene)
    yield "end-latrunculi-petteia-last-capture"


# the fields of a rule notice shown out of its game (``_notice_screens``)
NOTICE_FIELDS = {
    "point": "3B",
    "from": "5B",
    "to": "2A",
    "count": 2,
    "square": "d5",
    "colour": "white",
    "left": 10,
}


def _threat_screens(app) -> Iterator[str]:
    """Each kind of threat, marked on the board and named in the strip, before the move that
    could decide it (``ludique/play/threats.py``)."""
    from ludique.games.epaminondas.rules import EpaminondasState
    from ludique.games.latrunculi.rules import PetteiaState
    from ludique.games.pente.rules import PenteState
    from ludique.play.match import GameConfig

    situations = [
        (
            "epaminondas-crossing",
            GameConfig("epaminondas", "computer", "player", None),
            EpaminondasState.from_position(
                white=["c2", "d2", "e3", "f3", "g2", "h2", "a1"],
                black=["b1", "k11", "l11", "m12", "n12", "j10"],
            ),
        ),
        (
            "epaminondas-can-cross",
            GameConfig("epaminondas", "computer", "player", None),
            EpaminondasState.from_position(
                white=["c10", "c11", "d2", "e2", "f2"], black=["k11", "l11", "m12", "n12"]
            ),
        ),
        (
            "latrunculi-petteia-capture",
            GameConfig("latrunculi-petteia", "computer", "beginner", None),
            PetteiaState.from_position(blue=["d4", "a1", "h1", "b2"], white=["c4", "e6", "h8"]),
        ),
        (
            "pente-grammai-knock",
            GameConfig("pente-grammai", "computer", "player", None),
            PenteState.from_position(blue={"4A": 1, "1B": 1, "off": 3}, white={"2A": 1, "3A": 4}),
        ),
    ]
    for name, config, state in situations:
        app.go("game", config=config)
        app.scene.set_position(state)
        yield f"game-threat-{name}"
    # a threat, the counts and a rule notice at once (the strip's fullest moment): nothing
    # may go under the buttons, nor off the strip
    from ludique.games.latrunculi.rules import SenecaState
    from ludique.play.guidance import Text

    crowded = [
        (
            "epaminondas-capture",
            GameConfig("epaminondas", "computer", "player", None),
            EpaminondasState.from_position(
                white=["e5", "f4", "c2", "d2", "g2", "h2", "a1", "b1"],
                black=["e7", "e6", "j4", "k3", "m12", "n12"],
            ),
            "epaminondas.equal-across",
        ),
        (
            "latrunculi-seneca-capture",
            GameConfig("latrunculi-seneca", "computer", "beginner", None),
            SenecaState.from_position(
                blue=["d4", "a1", "h1", "b2", "g7"], white=["c4", "e5", "h8", "a8"]
            ),
            "latrunculi.safe",
        ),
        (
            "pente-grammai-knock",
            GameConfig("pente-grammai", "computer", "player", None),
            PenteState.from_position(blue={"4A": 1, "1B": 1, "off": 3}, white={"2A": 1, "3A": 4}),
            "pente.forced-off",
        ),
    ]
    for name, config, state, rule in crowded:
        app.go("game", config=config)
        app.scene.set_position(state)
        app.scene.guidance.explain(rule, NOTICE_FIELDS)
        yield f"game-threat-{name}-and-notice"
        # ... and the pieces the computer's last move took (said until the visitor moves)
        lost = {
            "epaminondas": Text.of("play.notice.lost_many", count=2, squares="g5, h5"),
            "latrunculi": Text.of("play.notice.lost", square="f4"),
            "pente": Text.of("play.notice.lost_counter", point="5A"),
        }
        app.scene.guidance.lost = lost[name.split("-")[0]]
        yield f"game-threat-{name}-notice-and-loss"
    # a piece held: a target where it would be taken at once is red (Pente grammai: with the
    # throws that would send it back)
    held = [
        (
            "epaminondas",
            EpaminondasState.from_position(
                white=["f4", "c2", "d2", "g2", "h2", "a1", "b1"],
                black=["e8", "e7", "j6", "m12", "n12"],
            ),
            "f4",
        ),
        (
            "pente-grammai",
            PenteState.from_position(
                blue={"4A": 1, "1B": 1, "off": 3}, white={"2A": 1, "3A": 3, "5B": 1}, die=6
            ),
            "4A",
        ),
    ]
    for game_id, state, origin in held:
        app.go("game", config=GameConfig(game_id, "computer", "player", None))
        app.scene.set_position(state)
        app.scene.match.last_die = state.die
        app.scene.board.selected = origin
        yield f"game-{game_id}-danger-target"
    # the visitor hesitates: the suggested piece breathes with its target, and the strip says
    # the move and why (the suggestion is searched in a thread: the picture waits for it)
    app.go("game", config=GameConfig("epaminondas", "computer", "player", None))
    app.scene.match.turn_started = app.last_input = app.now() - 3600
    guidance = app.scene.guidance
    guidance.hints.start(app.scene.match.state)
    guidance.hints.wait()
    yield "game-epaminondas-hint"
    app.last_input = app.now()


def _notice_screens(app) -> Iterator[str]:
    """Each rule explained beside the board the first time it applies (``ludique/play/notices.py``),
    shown here on its game's first position."""
    from ludique.games import game_ids, spec
    from ludique.play.match import GameConfig
    from ludique.play.notices import RULES

    fields = NOTICE_FIELDS
    for rule in RULES:
        game_id = next(g for g in game_ids() if rule in spec(g).notices)
        app.go("game", config=GameConfig(game_id, "computer", "player", None))
        app.scene.guidance.explain(rule.id, fields)
        yield f"game-notice-{rule.id}"


def _short_game_screens(app) -> Iterator[str]:
    """The short game (the visit rule, ``ludique/play/visit.py``): a game in its last moves, the
    countdown over the score in the strip, then its end by the score, in a race (Pente
    grammai), a game of two scores (Epaminondas) and one of captures (Petteia)."""
    from ludique.play.match import GameConfig
    from ludique.play.visit import COUNTDOWN

    for game_id in ("pente-grammai", "epaminondas", "latrunculi-petteia"):
        rng = random.Random(f"short {game_id}")
        app.go("game", config=GameConfig(game_id, "computer", "even", None))
        scene = app.scene
        match = scene.match
        visitor = scene.config.visitor_colour

        def near_the_end(state, visitor=visitor) -> bool:
            left = state.turns_left
            return left is not None and left < 2 * COUNTDOWN and state.to_move == visitor

        match.state = _advance(match.state, 400, rng, stop=near_the_end)
        if match.state.needs_roll:
            match.state = match.state.roll(rng.randint(1, 6))
            match.last_die = match.state.die
        match.turn_started = app.now()
        yield f"game-{game_id}-short-last-moves"
        match.state = _advance(match.state, 400, rng)
        app.go("end", game=scene)
        yield f"end-{game_id}-short"


def draw_band(surface, band) -> None:
    """The reach band on a review picture: what lies outside it shaded, its edges dashed."""
    import pygame

    w, h = surface.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 40, 90))
    shade.fill((0, 0, 0, 0), band)
    surface.blit(shade, (0, 0))
    dash = max(4, h // 80)
    for y in {band.top, band.bottom - 1} - {0, h - 1}:
        for x in range(0, w, 2 * dash):
            pygame.draw.line(surface, (80, 220, 255), (x, y), (x + dash, y), max(2, h // 400))


def render_all(outdir: Path, sizes=SIZES, langs=None, mount: str | None = None) -> list[Path]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from ludique.words.i18n import LANGUAGES

    written: list[Path] = []
    for size in sizes:
        for lang in langs or LANGUAGES:
            app = review_app(size, lang, mount)
            named = f"{size[0]}x{size[1]}" + (f"-{mount}" if mount else "")
            folder = outdir / named / lang
            folder.mkdir(parents=True, exist_ok=True)
            try:
                for count, name in enumerate(each_screen(app), start=1):
                    app.dirty = True
                    app.draw()
                    path = folder / f"{count:02d}-{name}.png"
                    picture = app.screen.copy()
                    draw_band(picture, app.viewport.band)
                    pygame.image.save(picture, str(path))
                    written.append(path)
            finally:
                app.close()
    return written


def review_app(size: tuple[int, int], lang: str, mount: str | None = None):
    """A windowed kiosk of ``size`` in ``lang`` with the quick stand-in computer player,
    mounted as ``mount`` says (``55@80``, ``table``; None: the settings' default)."""
    from ludique.kiosk.settings import Settings
    from ludique.ui.app import App
    from ludique.ui.game_board import PULSE_SECONDS
    from ludique.ui.opponent import Opponent

    settings = Settings(sound=False)
    if mount is not None:
        diagonal, lower_edge = _mount(mount)
        settings.screen_diagonal_inches, settings.screen_lower_edge_cm = diagonal, lower_edge
    # Its clock stands still, so that what moves with time (the hint's breath, the attract
    # screen's call and its breathing line) is drawn the same at every render: at the middle of
    # a breath, when the hint is widest.
    moment = 1000 * PULSE_SECONDS + PULSE_SECONDS / 2
    return App(
        settings,
        windowed=True,
        size=size,
        lang=lang,
        opponent=Opponent(force_stand_in=True),
        clock=lambda: moment,
    )


def differing_pixels(before, after) -> int:
    """How many pixels of two pictures differ in colour (all of them if their sizes differ)."""
    import pygame

    size = after.get_size()
    if before.get_size() != size:
        return size[0] * size[1]
    if pygame.image.tobytes(before, "RGB") == pygame.image.tobytes(after, "RGB"):
        return 0
    # |before - after| per channel (two saturated subtractions added), then the black pixels
    lower = pygame.Surface(size, 0, 24)
    lower.blit(before, (0, 0))
    lower.blit(after, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    higher = pygame.Surface(size, 0, 24)
    higher.blit(after, (0, 0))
    higher.blit(before, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    lower.blit(higher, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(lower, (0, 0, 0), (1, 1, 1, 255))
    return size[0] * size[1] - same.count()


def compare(written: list[Path], outdir: Path, before: Path) -> list[tuple[Path, int | None]]:
    """The screens of ``written`` (under ``outdir``) that differ from the same file under
    ``before``: each with its count of differing pixels, or None where ``before`` has none."""
    import pygame

    differ: list[tuple[Path, int | None]] = []
    for path in written:
        name = path.relative_to(outdir)
        old = before / name
        if not old.is_file():
            differ.append((name, None))
            continue
        count = differing_pixels(pygame.image.load(str(old)), pygame.image.load(str(path)))
        if count:
            differ.append((name, count))
    return differ


def _named(sizes) -> list[str]:
    return [f"{w}x{h}" for w, h in sizes]


def _size(text: str) -> tuple[int, int]:
    import argparse

    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1920x1080") from None
    if not (320 <= w <= 8192 and 320 <= h <= 8192):
        raise argparse.ArgumentTypeError(f"{text!r}: each side must be 320 to 8192 pixels")
    return (w, h)


def _mount(text: str) -> tuple[int, int | str]:
    """``55@80``: a 55-inch screen, its lower edge 80 cm above the floor; ``table``: in reach
    everywhere (the diagonal then does not matter)."""
    import argparse

    from ludique.kiosk.mounting import TABLE

    if text == TABLE:
        return (55, TABLE)
    try:
        diagonal, lower_edge = (int(part) for part in text.split("@"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a mounting like 55@80 (inches @ centimetres) or table"
        ) from None
    return (diagonal, lower_edge)


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m ludique.tools.screens", description="Render every kiosk screen to PNG."
    )
    parser.add_argument("outdir", type=Path, help="folder for <size>/<lang>/<nn>-<screen>.png")
    parser.add_argument("--lang", action="append", choices=("fr", "de", "en"), help="only these")
    parser.add_argument(
        "--size",
        action="append",
        type=_size,
        metavar="WxH",
        help="only these sizes (any, e.g. 2560x1440); default: " + ", ".join(_named(SIZES)),
    )
    parser.add_argument(
        "--mount",
        type=lambda text: _mount(text) and text,
        metavar="INCHES@CM",
        help="the screen's diagonal and its lower edge's height (55@80), or table; default: "
        "the settings' default",
    )
    parser.add_argument(
        "--compare",
        type=Path,
        metavar="BEFORE_DIR",
        help="then compare each screen with the same file under BEFORE_DIR (an earlier "
        "render): print those that differ and by how many pixels; exit status 1 if any",
    )
    args = parser.parse_args(argv)
    if args.compare is not None and not args.compare.is_dir():
        parser.error(f"--compare: {args.compare} is not a folder")
    sizes = tuple(args.size) if args.size else SIZES
    written = render_all(args.outdir, sizes=sizes, langs=args.lang, mount=args.mount)
    print(f"{len(written)} screens written under {args.outdir}")
    if args.compare is None:
        return 0
    differ = compare(written, args.outdir, args.compare)
    for name, count in differ:
        said = f"not in {args.compare}" if count is None else f"{count} pixels differ"
        print(f"{name}: {said}")
    print(f"{len(differ)} of {len(written)} screens differ from {args.compare}")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
