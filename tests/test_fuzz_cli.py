"""Fuzz: the command line.  Any arguments end in a sentence and an exit status (argparse's 2 for
a wrong command line, 3 when no screen can be opened, 1 when the statistics cannot be read),
never a traceback; a command line that is right starts the real kiosk (dummy video driver)."""

from __future__ import annotations

import logging
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from fuzzing import fuzz_settings, run, tried
from hypothesis import given
from hypothesis import strategies as st

from ludique import cli
from ludique.kiosk.logs import stop_logging
from ludique.ui.app import App

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    "size",
    [
        "99999999999999999999x1080",
        "1" * 5000 + "x1",
        "20000x20000",
        "16385x10",
        "0x0",
        "1280",
        "1280x",
        "x720",
        "１２８０x720",
        "1280x720x3",
        "-5x10",
        "",
    ],
)
def test_a_bad_size_is_refused_in_a_sentence(size, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.build_parser().parse_args(["--windowed", "--size", size])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--size" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("size", "parsed"), [("1x1", (1, 1)), (" 800 X 600 ", (800, 600)), ("7680x4320", (7680, 4320))]
)
def test_sizes_from_one_pixel_to_8k_are_accepted(size, parsed):
    assert cli.build_parser().parse_args(["--size", size]).size == parsed


def _ludique(*args: str, env: dict[str, str] | None = None, timeout: float = 60):
    return subprocess.run(
        [sys.executable, "-m", "ludique", *args],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_an_unknown_video_driver_is_a_sentence_and_exit_status_3(tmp_path):
    done = _ludique(
        "--windowed",
        env={"SDL_VIDEODRIVER": "nonexistent", "XDG_STATE_HOME": str(tmp_path)},
    )
    assert done.returncode == cli.EXIT_NO_SCREEN
    assert "cannot open the screen" in done.stderr and "nonexistent" in done.stderr
    assert "Traceback" not in done.stderr


# -- the fuzz ------------------------------------------------------------------------------------

junk = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["", "-", "--", "1x1", "10x800", "1280x720", "-1", "nan", "1e300", "fr"]),
    st.from_regex(r"[0-9]{1,25}x[0-9]{1,25}", fullmatch=True),
)
option = st.one_of(
    st.sampled_from([["--windowed"], ["--self-test"], ["--help"], ["stats"], ["stats", "--csv"]]),
    st.tuples(
        st.sampled_from(["--lang", "--game", "--size", "--think", "--settings", "--db"]), junk
    ).map(list),
    st.tuples(st.sampled_from(["--lang"]), st.sampled_from(["fr", "de", "en"])).map(list),
    st.tuples(st.sampled_from(["--game"]), st.sampled_from(["epaminondas", "pente-grammai"])).map(
        list
    ),
    junk.map(lambda j: [j]),
)


# options that are right, so that many lines start the kiosk
right = st.one_of(
    st.tuples(st.just("--lang"), st.sampled_from(["fr", "de", "en"])).map(list),
    st.tuples(st.just("--game"), st.sampled_from(["epaminondas", "latrunculi-dux"])).map(list),
    st.tuples(st.just("--size"), st.sampled_from(["1x1", "10x800", "640x480", "1080x1920"])).map(
        list
    ),
    st.tuples(st.just("--think"), st.sampled_from(["0", "-1", "1e300", "nan", "0.5"])).map(list),
)


@pytest.fixture
def quiet_start(tmp_path, monkeypatch):
    """The real kiosk, started by ``main`` and run for a moment; files under ``tmp_path``."""
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name))
    monkeypatch.setenv("LUDIQUE_SELF_TEST_GAMES", "pente-grammai")
    real_run = App.run

    def briefly(self: App) -> int:
        tried("command line, kiosk started")
        return real_run(self, max_seconds=0.2)

    monkeypatch.setattr(App, "run", briefly)
    handlers = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)}
    yield tmp_path
    for signum, handler in handlers.items():
        signal.signal(signum, handler)


def test_fuzz_command_lines(quiet_start, capsys):
    root = logging.getLogger()
    level = root.level

    @fuzz_settings(examples=25)
    @given(
        argv=st.one_of(
            st.lists(option, max_size=4),
            st.lists(right, max_size=3).map(lambda parts: [["--windowed"], *parts]),
        ).map(lambda parts: [a for p in parts for a in p])
    )
    def search(argv: list[str]) -> None:
        tried("command line")
        if "--self-test" in argv and "--help" not in argv:
            argv = [a for a in argv if a != "--self-test"]  # its own test: tests/test_faults.py
        try:
            status = cli.main(argv)
        except SystemExit as stop:
            status = stop.code
        finally:
            stop_logging()  # what the kiosk's start added
            root.setLevel(level)
        out = capsys.readouterr()
        assert "Traceback" not in out.err + out.out, (argv, out.err[-2000:])
        assert status in (0, 1, 2, cli.EXIT_NO_SCREEN), (argv, status)
        if status == 2:
            assert "error:" in out.err, argv
        if status == 1:
            assert "ludique stats:" in out.err, (argv, out.err)

    run(search)


# -- ludique cards (issue 37): a sentence and exit 2, never a traceback or a truncated PDF -------


def _cards(*args: str, limit: int | None = None, tmp_path: Path) -> subprocess.CompletedProcess:
    """``ludique cards`` in a process of its own (the banner of pygame is looked for on its
    stdout); with ``limit``, no file may grow past that many bytes, as on a full disk."""
    code = (
        "import resource, signal, sys\n"
        f"limit = {limit!r}\n"
        "if limit:\n"
        "    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))\n"
        "from ludique.cli import main\n"
        "raise SystemExit(main(sys.argv[1:]))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env["XDG_STATE_HOME"] = str(tmp_path / "state")
    return subprocess.run(
        [sys.executable, "-c", code, "cards", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_cards_once_per_language_and_no_banner_on_stdout(tmp_path):
    done = _cards("--pdf", str(tmp_path / "out"), "--lang", "en", "--lang", "en", tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    pdfs = sorted((tmp_path / "out").rglob("*.pdf"))
    assert done.stdout == f"{len(pdfs)} PDF files written under {tmp_path / 'out'}\n"
    assert len(pdfs) == 10 and not list((tmp_path / "out").rglob("*.tmp"))


@pytest.mark.parametrize("where", ["proc", "file"])
def test_cards_into_a_folder_that_takes_no_file_is_one_line_and_exit_2(tmp_path, where):
    if where == "proc":
        target = Path("/proc/ludique-cards")
    else:
        target = tmp_path / "a-file"
        target.write_text("not a folder")
    done = _cards("--pdf", str(target), "--lang", "en", tmp_path=tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1
    assert str(target) in done.stderr


def test_cards_on_a_full_disk_leave_no_truncated_pdf(tmp_path):
    import pypdf

    out = tmp_path / "out"
    done = _cards("--pdf", str(out), "--lang", "fr", limit=60_000, tmp_path=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and "not written" in done.stderr
    assert not [p for p in out.rglob("*") if p.name.endswith(".tmp")]
    for pdf in out.rglob("*.pdf"):  # what is there is whole
        assert len(pypdf.PdfReader(pdf).pages) >= 1


@pytest.fixture
def card_tree(tmp_path, monkeypatch):
    import shutil

    from ludique.paths import locales_dir
    from ludique.words import document

    root = tmp_path / "locales"
    shutil.copytree(locales_dir(), root)
    monkeypatch.setattr(document, "locales_dir", lambda: root)
    return root


def test_cards_with_an_empty_card_a_missing_panel_and_an_unknown_diagram(
    card_tree, tmp_path, capsys
):
    (card_tree / "en" / "rules" / "pente-grammai.md").write_text("\n", encoding="utf-8")
    (card_tree / "fr" / "rules" / "pente-grammai.md").write_text("", encoding="utf-8")
    for lang in ("en", "fr"):
        (card_tree / lang / "history" / "epaminondas.md").unlink()
    card = card_tree / "fr" / "rules" / "epaminondas.md"
    card.write_text(card.read_text(encoding="utf-8") + "\n::: diagram nosuch\n", "utf-8")
    out = tmp_path / "out"
    assert cli.main(["cards", "--pdf", str(out), "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "pente-grammai.md" in err and "history/epaminondas.md" in err
    assert re.search(r"fr/rules/epaminondas\.md:\d+: unknown diagram 'nosuch'", err), err
    names = sorted(p.name for p in (out / "fr").iterdir())
    assert "rules-epaminondas.pdf" in names and "rules-latrunculi-dux.pdf" in names
    assert "rules-pente-grammai.pdf" not in names and "history-epaminondas.pdf" not in names


def test_stats_of_a_mistyped_database_is_an_error_not_a_new_file(tmp_path, capsys):
    typo = tmp_path / "stats.sqlite"
    assert cli.main(["stats", "--db", str(typo)]) == 2
    assert str(typo) in capsys.readouterr().err
    assert not typo.exists()


def test_no_display_is_a_sentence_and_exit_status_3_not_an_invisible_window(tmp_path):
    """Issue 37: without a display SDL fell back to its invisible offscreen driver and the
    kiosk ran for ever, printing only an audio warning."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("SDL_VIDEODRIVER", None)
    env["XDG_STATE_HOME"] = str(tmp_path)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "ludique", "--windowed"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("the kiosk ran on without a display instead of saying so")
    assert done.returncode == cli.EXIT_NO_SCREEN
    assert "no display" in done.stderr and "Traceback" not in done.stderr
