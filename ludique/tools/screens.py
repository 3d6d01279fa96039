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

from ludique.tools.curator_screens import SeededStats, admin_screens
from ludique.tools.review import NOTICE_FIELDS, advance, game_screens

SIZES = ((3840, 2160), (1920, 1080), (1280, 800), (1024, 768), (1080, 1920))
# The stories' search is given time enough to reach its depth on a loaded machine (it takes a
# fraction of a second), so that two renders of one commit tell the same story.
STORY_SECONDS = 60.0


def _finished(game_id: str, rng: random.Random):
    from ludique.games import new_game

    for _ in range(40):
        state = advance(new_game(game_id), 3000, rng)
        if state.outcome is not None:
            return state
    return None


_STORIES: dict[tuple[str, bool, bool], tuple] = {}


def _story_game(game_id: str, won: bool, by_score: bool = False):
    """A finished game of ``game_id`` the visitor won (or lost), the visitor's colour and its
    story, told once per process (the search games within a short budget).  A solved game:
    the visitor's mostly good moves against the perfect player, seeded, seen from the first
    colour; the others: the greedy baseline against random moves, seen from the winner's side
    or the loser's.  ``by_score``: a short game ended on its score (its verdict the longest:
    it says the score too), the computer playing mostly good moves as well, as Even match
    does."""
    key = (game_id, won, by_score)
    if key in _STORIES:
        return _STORIES[key]
    from ludique.ai.baselines import greedy_move, random_move
    from ludique.ai.solved import solved as solved_game
    from ludique.games import new_game, spec
    from ludique.games.base import REASON_VISIT
    from ludique.play.analysis import tell_state

    solved = bool(spec(game_id).solved)  # the computer plays perfectly, the visitor mostly well
    move_values = solved_game(game_id).move_values if solved else None
    for seed in range(200):
        rng = random.Random(seed)
        state = new_game(game_id)
        for _ in range(600):
            if state.outcome is not None:
                break
            if state.needs_roll:
                state = state.roll(rng.randint(1, 6))
            elif move_values is not None:
                scored = move_values(state)
                if state.to_move == state.colours[1] and not by_score:  # the computer: perfect
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
        if by_score and outcome.reason != REASON_VISIT:
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
    from ludique.games import specs
    from ludique.ui.story_gauge import load_tables_now

    load_tables_now()  # a solved game's gauge reads its table in a thread; here it must be there
    yield from _attract_screens(app)
    yield from _setup_screens(app)
    for game in specs():
        yield from _sample_screens(app, game)
    yield from _story_screens(app)
    yield from _learn_screens(app)
    yield from game_screens(app)  # each game's own, set up by hand (``ludique/tools/review/``)
    yield from _notice_screens(app)
    yield from _kiosk_screens(app)


def _attract_screens(app) -> Iterator[str]:
    """The attract screen with its demo game under way, then its call to play in each language."""
    from ludique.words.i18n import LANGUAGES

    app.go("attract")
    demo = app.scene.demo
    if demo is not None:
        demo.match.state = advance(demo.match.state, 14, random.Random(20))
    yield "attract"
    for lang in LANGUAGES:  # the call to play, in each language in turn
        app.scene.call_pinned = lang
        yield f"attract-call-{lang}"
    app.scene.call_pinned = None


def _setup_screens(app) -> Iterator[str]:
    """Home, each family's set-up, and the last one for two players."""
    from ludique.games import families

    app.go("home")
    yield "home"
    for family in families():
        app.go("setup", family=family)
        yield f"setup-{family}"
    app.scene.opponent = "two-players"
    app.scene.layout()
    yield f"setup-{families()[-1]}-two-players"


def _sample_screens(app, game) -> Iterator[str]:
    """A game in the middle (its placement first, where it has one), turned round, its rules,
    and finished: positions from the game's own seed, the same whatever games come before."""
    from ludique.play.match import GameConfig
    from ludique.ui.scenes.game import GameScene

    game_id = game.id
    rng = random.Random(f"sample {game_id}")
    # the default strength, Even match: its name is the longest in the status line
    app.go("game", config=GameConfig(game_id, "computer", "even", None))
    scene: GameScene = app.scene
    match = scene.match
    start = match.state
    if game.sample_placement:  # pieces being placed, then a prisoner in the battle
        match.state = advance(start, 9, rng)
        yield f"game-{game_id}-placement"
        match.state = advance(
            start,
            400,
            rng,
            stop=lambda s: (
                any(p.kind == "incitus" for p in s.pieces()) and s.to_move == s.colours[0]
            ),
        )
    else:
        match.state = advance(start, game.sample_plies, rng)
        if match.state.to_move != scene.config.visitor_colour:
            match.state = advance(match.state, 1 if not match.state.needs_roll else 2, rng)
    match.turn_started = app.now()
    moves = scene.guidance.origins()
    if moves:
        scene.board.selected = next(iter(moves))
    if game.die:
        match.last_die = match.state.die
    yield f"game-{game_id}"
    if game.sample_turned:
        # the visitor took the second colour: the board is turned round
        app.go("game", config=GameConfig(game_id, "computer", "champion", start.colours[1]))
        app.scene.match.state = advance(app.scene.match.state, 11, rng)
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


def _story_screens(app) -> Iterator[str]:
    """How the game went: a won and a lost game of each kind, and a solved game's short game
    lost on its score, whose verdict says the score too (``ludique/ui/scenes/story.py``)."""
    from ludique.games import specs
    from ludique.play.match import GameConfig

    told = sorted((g for g in specs() if g.sample_story), key=lambda g: g.sample_story)
    endings = [(g.id, won, False) for g in told for won in (True, False)]
    endings += [(g.id, False, True) for g in told if g.solved]
    for game_id, won, by_score in endings:
        state, colour, story = _story_game(game_id, won, by_score)
        # against Even match, the story says so in one more line
        app.go("game", config=GameConfig(game_id, "computer", "even", colour))
        app.scene.match.state = state
        app.go("story", game=app.scene, story=story)
        yield f"story-{game_id}-{'score' if by_score else 'won' if won else 'lost'}"


def _learn_screens(app) -> Iterator[str]:
    """Each guided game's first step, then a step with its hint showing (a wrong move tried)."""
    from ludique.play.learn import GUIDE_IDS

    for game_id in GUIDE_IDS:
        app.go("learn", game_id=game_id)
        yield f"learn-{game_id}"
        learn = app.scene
        learn.go_to_step(len(learn.guide.steps) - 1)
        learn.hint_until = app.now() + 3600
        yield f"learn-{game_id}-hint"


def _kiosk_screens(app) -> Iterator[str]:
    """A game of two visitors (the kiosk's first game), the question to one who stopped
    playing, the curator's PIN pad and panel (``ludique.tools.curator_screens``)."""
    from ludique.games import specs
    from ludique.play.match import GameConfig
    from ludique.ui.scenes.admin import PinPad

    game = specs()[0]
    app.go("game", config=GameConfig(game.id, "two-players", "player", None))
    app.scene.match.state = advance(app.scene.match.state, 7, random.Random(20))
    yield f"game-{game.id}-two-players"
    app.countdown_since = app.now()
    yield "still-playing"
    app.countdown_since = None
    app.pin_pad = PinPad(app)
    app.pin_pad.entered = "12"
    yield "pin-pad"
    app.pin_pad = None
    yield from admin_screens(app)  # without statistics, with their charts, with problems


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
    """A windowed kiosk of ``size`` in ``lang`` with the quick stand-in computer player and
    the review's statistics (shown on the curator's panel's own screens), mounted as ``mount``
    says (``55@80``, ``table``; None: the settings' default)."""
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
        stats=SeededStats(),
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
    """The screens of ``written`` (under ``outdir``) that differ from the same screen under
    ``before`` (the same file, or the file of the same screen's name under another number):
    each with its count of differing pixels, or None where ``before`` has no such screen."""
    import pygame

    differ: list[tuple[Path, int | None]] = []
    for path in written:
        name = path.relative_to(outdir)
        old = before / name
        if not old.is_file():  # the screens before it were fewer, or in another order
            screen = path.name.split("-", 1)[-1]
            same = sorted(old.parent.glob(f"[0-9]*-{screen}"))
            same = [p for p in same if p.name.split("-", 1)[-1] == screen]
            if not same:
                differ.append((name, None))
                continue
            old = same[0]
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


def vanished(written: list[Path], outdir: Path, before: Path) -> list[Path]:
    """The screens under ``before``, in the folders ``written`` fills, that were not drawn."""
    drawn = {(p.parent.relative_to(outdir), p.name.split("-", 1)[-1]) for p in written}
    folders = {folder for folder, _ in drawn}
    return [
        p.relative_to(before)
        for folder in sorted(folders)
        for p in sorted((before / folder).glob("*.png"))
        if (folder, p.name.split("-", 1)[-1]) not in drawn
    ]


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
    gone = vanished(written, args.outdir, args.compare)
    for name in gone:
        print(f"{name}: in {args.compare} only")
    print(f"{len(differ)} of {len(written)} screens differ from {args.compare}, {len(gone)} gone")
    return 1 if differ or gone else 0


if __name__ == "__main__":
    raise SystemExit(main())
