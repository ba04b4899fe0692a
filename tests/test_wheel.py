"""A wheel that works anywhere: built from this repository, installed into an empty venv, run in
an empty folder. The bundled games come with it (their databases, editions, face layouts and
playtests as package data), build and play from there into the folder's own build/, and a
project started from one of them plays as a project of its own.

The wheel is built by setuptools' PEP 517 hook with the locked setuptools, without isolation
(what `pip wheel --no-deps --no-build-isolation .` runs), from a copy of the repository made
beside deliberate junk (a stale setuptools build/lib, a deckwright build/, a .venv, caches and
editor files), so nothing but the package and the games may reach it; the lock's own `uv`
installs it (`uv pip install --no-deps`, pip's interface) into a venv made without pip. The
dependencies are not installed again: a .pth line in the new venv names this venv's
site-packages (a .pth line does not run the .pth files of the folder it names, so this
repository's editable install stays out), and the test checks that deckwright itself is
imported from the wheel.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from deckwright.cli import main
from deckwright.model import Project, load_game

ROOT = Path(__file__).resolve().parent.parent
GAME_FOLDERS = ("cards", "templates", "playtest")
GAME = "super-page-one"
#: (path in the copy of the repository, contents): none of it may reach the wheel
JUNK = {
    "build/lib/deckwright/stale.py": "STALE = True\n",   # a file deleted since the last build
    "build/super-page-one/pnp-a4.pdf": "%PDF-1.4 junk\n",
    ".venv/lib/python3.11/site-packages/junk/__init__.py": "",
    "src/deckwright/__pycache__/junk.cpython-311.pyc": "",
    "src/deckwright/templates/faces/__pycache__/junk.cpython-311.pyc": "",
    "cards/.#super-page-one.yaml": "an editor's lock file\n",
    "cards/~$sheet.xlsx": "a spreadsheet's lock file\n",
    "templates/faces/.DS_Store": "",
    "playtest/super-page-one/__pycache__/junk.pyc": "",
}


def game_files(root: Path) -> dict[str, bytes]:
    """The bundled games' files in a tree laid out as the repository: relative path -> bytes."""
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for folder in GAME_FOLDERS for p in sorted((root / folder).rglob("*"))
            if p.is_file() and not any(part.startswith((".", "~", "__"))
                                       for part in p.relative_to(root).parts)}


def _clean_env(venv: Path | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP")}
    if venv is not None:
        env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = tmp_path_factory.mktemp("source") / "deckwright"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".git", ".venv", "build",
                                                                 ".pytest_cache"))
    for name, text in JUNK.items():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_text(text, encoding="utf-8")
    out = tmp_path_factory.mktemp("dist")
    made = subprocess.run(
        [sys.executable, "-c", "import sys; from setuptools import build_meta; "
                               "print(build_meta.build_wheel(sys.argv[1]))", str(out)],
        cwd=source, env=_clean_env(), capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stderr[-3000:]
    return out / made.stdout.split()[-1]


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty venv with the wheel installed, the dependencies importable through a .pth."""
    where = tmp_path_factory.mktemp("venv") / "v"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True,
                   env=_clean_env(), timeout=120)
    uv = Path(sys.executable).with_name("uv")
    assert uv.is_file(), "uv is in the lock's dev extra: make setup installs it"
    installed = subprocess.run([str(uv), "pip", "install", "--quiet", "--no-deps", "--offline",
                                "--python", str(where / "bin" / "python"), str(wheel)],
                               env=_clean_env(), capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0, installed.stderr
    site = Path(subprocess.run([str(where / "bin" / "python"), "-c",
                                "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    ours = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]])
    (site / "_deckwright_test_deps.pth").write_text("\n".join(ours) + "\n", encoding="utf-8")
    return where


def run(venv: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(venv / "bin" / "deckwright"), *args], cwd=cwd,
                          env=_clean_env(venv), capture_output=True, text=True, timeout=300)


def test_the_wheel_carries_the_package_and_the_games_and_nothing_else(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as whl:
        names = [i.filename for i in whl.infolist() if not i.is_dir()]
        bundled = {n.removeprefix("deckwright/bundled/"): whl.read(n)
                   for n in names if n.startswith("deckwright/bundled/")}
    info = f"deckwright-{wheel.name.split('-')[1]}.dist-info/"
    assert all(n.startswith(("deckwright/", info)) for n in names), names
    junk = [n for n in names if re.search(r"__pycache__|\.pyc$|/\.|~\$|stale|junk|\.pdf$", n)]
    assert junk == []
    # the games, byte for byte as the repository has them, and no file more
    assert bundled == game_files(ROOT)
    assert {f"cards/{GAME}.yaml", f"cards/{GAME}.en.yaml", "templates/faces/playing-card.yaml",
            f"playtest/{GAME}/rulings.yaml"} <= set(bundled)
    # every module and asset of the package
    package = ROOT / "src" / "deckwright"
    ours = {f"deckwright/{p.relative_to(package).as_posix()}" for p in package.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}
    assert ours <= set(names), sorted(ours - set(names))


def test_a_bundled_game_builds_and_plays_in_an_empty_folder(
        venv: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    work = tmp_path / "empty"
    work.mkdir()
    found = subprocess.run([str(venv / "bin" / "python"), "-c",
                            "import deckwright; from deckwright.model import bundled; "
                            "print(deckwright.__file__); print(bundled.root())"],
                           cwd=work, env=_clean_env(venv), capture_output=True, text=True)
    module, tree = map(Path, found.stdout.split())
    assert module.is_relative_to(venv) and not module.is_relative_to(ROOT)
    assert tree == module.parent / "bundled"
    before = {p: (p.stat().st_size, p.stat().st_mtime_ns) for p in tree.rglob("*")}

    built = run(venv, work, "build", GAME, "--only", "pnp", "--paper", "a4", "--jobs", "1")
    assert built.returncode == 0, built.stderr
    pdf = work / "build" / GAME / "pnp-a4.pdf"
    pages = PdfReader(pdf).pages
    assert len(pages) == 12 and "2ドロー" in pages[0].extract_text()
    assert (work / "build" / GAME / "en" / "pnp-a4.pdf").is_file()   # its English edition too
    # the same bytes as the repository builds from its own cards/
    here = tmp_path / "here"
    here.mkdir()
    assert main(["-C", str(here), "build", GAME, "--only", "pnp", "--paper", "a4",
                 "--jobs", "1"]) == 0
    capsys.readouterr()
    assert pdf.read_bytes() == (here / "build" / GAME / "pnp-a4.pdf").read_bytes()

    played = run(venv, work, "playtest", GAME)
    examples = len(load_game(Project(ROOT), GAME).all_examples())
    assert played.returncode == 0, played.stdout + played.stderr
    assert played.stdout.splitlines()[-1] == f"{examples} passed, 0 failed"

    listed = run(venv, work, "games")
    assert listed.returncode == 0, listed.stderr
    row = next(line for line in listed.stdout.splitlines() if line.startswith(f"{GAME} "))
    assert row.split()[1:] == [f"cards/{GAME}.yaml", "(bundled)", "rules:",
                               "deckwright.rules.super_page_one", "(bundled)"]

    assert sorted(p.name for p in work.iterdir()) == ["build"]   # nothing else written here
    after = {p: (p.stat().st_size, p.stat().st_mtime_ns) for p in tree.rglob("*")}
    assert after == before   # the bundled games are read, never written


def test_a_project_started_from_a_bundled_game_plays_as_its_own(venv: Path, tmp_path: Path) -> None:
    made = run(venv, tmp_path, "new", "mygame", "--from", GAME)
    assert made.returncode == 0, made.stderr
    project = tmp_path / "mygame"
    database = yaml.safe_load((project / "cards" / "mygame.yaml").read_text(encoding="utf-8"))
    original = yaml.safe_load((ROOT / "cards" / f"{GAME}.yaml").read_text(encoding="utf-8"))
    assert database["game"]["id"] == "mygame"
    assert database["cards"] == original["cards"] and database["examples"] == original["examples"]
    assert (project / "cards" / "mygame.en.yaml").read_bytes() == \
        (ROOT / "cards" / f"{GAME}.en.yaml").read_bytes()
    faces = sorted(p.name for p in (project / "templates" / "faces" / "mygame").iterdir())
    assert faces == sorted(p.name for p in (ROOT / "templates" / "faces" / GAME).iterdir())
    assert sorted(p.name for p in (project / "templates" / "faces").iterdir()) == \
        ["mygame", "playing-card.yaml"]   # the shared layout, not the other games' folders
    for file in (project / "playtest" / "mygame").iterdir():
        assert yaml.safe_load(file.read_text(encoding="utf-8"))["game"] == "mygame"
    assert (project / "schema" / "deckwright.schema.json").is_file()

    rules = project / "rules" / "mygame"
    modules = sorted(p.name for p in rules.glob("*.py"))
    assert modules == sorted(p.name for p in (ROOT / "src/deckwright/rules/super_page_one").glob("*.py"))
    for module in rules.glob("*.py"):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        assert not [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level > 1]
    assert 'game_id="mygame"' in (rules / "__init__.py").read_text(encoding="utf-8")

    played = run(venv, project, "playtest")
    examples = len(load_game(Project(ROOT), GAME).all_examples())
    assert played.returncode == 0, played.stdout + played.stderr
    assert played.stdout.splitlines()[-2:] == [f"mygame: {examples} passed, 0 failed",
                                               f"{examples} passed, 0 failed"]
    listed = run(venv, project, "games")
    row = next(line for line in listed.stdout.splitlines() if line.startswith("mygame "))
    assert row.split()[1:] == ["cards/mygame.yaml", "rules:", "rules/mygame/__init__.py",
                               "(project)"]
