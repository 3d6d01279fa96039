"""The deployment guide (docs/kiosk.md) as the root of a fresh Debian 12 runs it, and the check
of it by deploy/vm-test (issue 37: the build stopped for want of two packages, the settings file
was never copied and the kiosk ran on its defaults, PIN 1234 included).  The virtual machine
itself is not started here (it takes minutes of both cores): CI runs it after the tests."""

from __future__ import annotations

import csv
import importlib.machinery
import importlib.util
import io
import re
import shutil
import sys
import textwrap
from pathlib import Path

import pytest

from ludique.kiosk.settings import load_settings

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "docs" / "kiosk.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")


def section(number: int) -> str:
    found = re.search(rf"^## {number}\. .*?(?=^## )", GUIDE, re.S | re.M)
    assert found, f"docs/kiosk.md has no section {number}"
    return found.group(0)


def commands(text: str) -> list[str]:
    """The lines of the ``sh`` blocks, continuations joined, comments dropped."""
    lines = []
    for body in re.findall(r"^[ \t]*```sh\n(.*?)^[ \t]*```", text, re.S | re.M):
        body = re.sub(r"\\\n\s*", " ", textwrap.dedent(body))
        lines += [line.split(" #")[0].strip() for line in body.splitlines() if line.strip()]
    return lines


@pytest.mark.parametrize("number", [1, 2, 3])
def test_sections_1_to_3_run_as_root_without_sudo(number: int) -> None:
    lines = commands(section(number))
    assert lines
    assert not [line for line in lines if re.match(r"sudo\b", line)], lines


def test_section_1_installs_what_the_build_needs() -> None:
    apt = [line for line in commands(section(1)) if line.startswith("apt-get install")]
    assert len(apt) == 1
    assert {"binutils", "libpython3.11", "python3-venv"} <= set(apt[0].split())


def test_section_3_copies_the_settings_file_as_root_for_the_kiosk_user() -> None:
    lines = commands(section(3))
    settings = "/home/ludique/.config/ludique/settings.toml"
    copy = [line for line in lines if settings in line]
    assert copy == [
        f"install -o ludique -g ludique -m 600 deploy/settings.example.toml {settings}"
    ], copy
    # every folder on its way belongs to the kiosk's user, made before the copy
    folders = [line for line in lines if line.startswith("install -d -o ludique")]
    assert [line.split()[-1] for line in folders] == [
        "/home/ludique/.config",
        "/home/ludique/.config/ludique",
    ]
    assert lines.index(folders[-1]) < lines.index(copy[0])
    assert "admin_pin" in section(3)  # the curator is asked to choose a PIN first


def test_the_builds_size_and_time_are_stated_once_in_the_readme() -> None:
    assert not re.search(r"\d+ MB", section(1)), "the guide states the build's size again"
    build = README[README.index("## Build the kiosk program") :]
    build = build[: build.index("\n## ")]
    assert re.search(r"\d+ MB", build) and re.search(r"\d+ s\b", build)
    checked = GUIDE[GUIDE.index("## What has been checked") :]
    assert not re.search(r"PyInstaller build[^;]*\d+ MB", checked)


@pytest.fixture(scope="module")
def vm_test():
    loader = importlib.machinery.SourceFileLoader("ludique_vm_test", str(ROOT / "deploy/vm-test"))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[loader.name] = module
    loader.exec_module(module)  # lays the kiosk out once (dummy driver) for its touch points
    yield module
    del sys.modules[loader.name]


def test_vm_test_runs_the_guide_as_root_without_sudo(vm_test) -> None:
    assert "sudo" not in vm_test.TEST_PACKAGES
    assert not re.search(r"^\s*sudo\b", vm_test.guide_install(), re.M)
    assert "libpython3.11" not in vm_test.guide_packages()  # section 2: the kiosk, no build


def test_vm_test_puts_the_curators_pin_in_the_copied_file_and_types_it(
    vm_test, tmp_path: Path
) -> None:
    example = tmp_path / "settings.example.toml"
    shutil.copy(ROOT / "deploy" / "settings.example.toml", example)
    vm_test.choose_pin(example)
    pin = load_settings(example).admin_pin
    assert pin == vm_test.CURATOR_PIN != vm_test.DEFAULT_PIN == "1234"
    # the pad's keys for every digit of it, and the default typed first must be refused
    assert set(pin) <= set(vm_test.PIN_KEYS)
    assert vm_test.open_admin.__defaults__ == (None,)
    assert "refused=DEFAULT_PIN" in (ROOT / "deploy/vm-test").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def guide_test():
    path = ROOT / "deploy/guide-test"
    loader = importlib.machinery.SourceFileLoader("ludique_guide_test", str(path))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[loader.name] = module
    loader.exec_module(module)
    yield module
    del sys.modules[loader.name]


def test_the_fresh_debian_run_reads_section_1_and_the_readmes_commands(guide_test) -> None:
    script = guide_test.section_one()
    assert "git clone" in script and "pyinstaller" in script and "--self-test" in script
    assert "$LUDIQUE_REPOSITORY" in script  # the run sets it to its clone
    start, tests = guide_test.readme_commands()
    assert start.endswith("--windowed") and "pip install ." in start
    assert tests.endswith("-m pytest") and "'.[test]'" in tests


def test_the_guides_statistics_columns_are_the_exports() -> None:
    # what the virtual machine's export step compares with: the guide's list, the program's header
    from ludique.kiosk.stats import write_csv

    listed = re.search(r"with the columns `([^`]+)`", GUIDE)
    assert listed, "section 5 lists the export's columns"
    out = io.StringIO()
    write_csv([], out)  # the export's one writer: its header, with no game yet
    header = next(csv.reader(io.StringIO(out.getvalue())))
    assert header == [c.strip() for c in listed.group(1).split(",")]


def test_the_vm_test_runs_sections_5_and_6_as_written(vm_test) -> None:
    assert vm_test.guide_inline(r"runuser .*--self-test").startswith("runuser -u ludique -- ")
    assert "stats --csv" in vm_test.guide_block("stats --csv")
    assert "mv /opt/ludique /opt/ludique.old" in vm_test.guide_block("ludique.old")
    assert vm_test.documented_csv_columns()[0] == "played_at"
