"""A build made by one deckwright is out of date for another: the keys of what `deckwright build`
keeps (sheets, PNGs, exports, rulebooks, verdicts) take a hash of the deckwright code and package
files that made them (`manifest.code_version`), so a designer who upgrades deckwright gets outputs
made by the new version without `--force`.

The upgrade is played by a copy of the package (`site/deckwright`, imported ahead of the
installed one, or read by the keys in place of it) that is then edited, as a new release would
change it.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from deckwright import manifest
from deckwright.model import Project, load_game
from deckwright.press.rulebook import cache
from deckwright.press.rulebook.render import template_dirs

PACKAGE = manifest._PACKAGE
CATALOG = "locale/ja/LC_MESSAGES/deckwright.po"


def package_copy(site: Path) -> Path:
    """deckwright's package as installed elsewhere: the same files, without byte code."""
    copy = site / "deckwright"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return copy


def edit(package: Path, rel: str, old: str | None = None, new: str | None = None) -> None:
    """Change one file of `package`: `old` -> `new` in it, or one more line at its end."""
    path = package / rel
    text = path.read_text(encoding="utf-8")
    if old is None:
        text += "\n"
    else:
        assert old in text, (rel, old)
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")


def stamps(folder: Path) -> dict[str, int]:
    return {p.name: p.stat().st_mtime_ns for p in folder.glob("*.pdf")}


def test_an_upgraded_deckwright_remakes_the_sheets(mini_project: Path, tmp_path: Path):
    """The user's case, in processes of their own: build, upgrade deckwright, build again."""
    package = package_copy(tmp_path / "site")
    env = {**os.environ, "PYTHONPATH": str(package.parent)}

    def build() -> str:
        done = subprocess.run([sys.executable, "-m", "deckwright", "-C", str(mini_project),
                               "build", "--jobs", "1", "--only", "pnp", "--paper", "a4"],
                              capture_output=True, text=True, env=env, timeout=300)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip().splitlines()[-1]

    out = mini_project / "build" / "mini"
    assert build() == "2 file(s) written under build/"
    before = stamps(out)
    # a module the press imports from outside press/ (its key once left it out)
    edit(package, "sandbox.py")
    assert build() == "2 file(s) written under build/"
    assert all(stamps(out)[name] != stamp for name, stamp in before.items())
    # new wording in the catalog: the sheet the new version makes says it
    edit(package, CATALOG, 'msgstr "%(title)s：位置合わせページ"', 'msgstr "%(title)s：校正ページ"')
    assert build() == "2 file(s) written under build/"
    text = "\n".join(p.extract_text() for p in PdfReader(out / "calibration-a4.pdf").pages)
    assert "ミニ：校正ページ" in text and "位置合わせページ" not in text


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A copy of the package that the keys read instead of the installed one (they are worked
    out once a process, so forgotten before and after)."""
    copy = package_copy(tmp_path / "site")
    monkeypatch.setattr(manifest, "_PACKAGE", copy)
    forget()
    yield copy
    forget()


def forget() -> None:
    for cached in (manifest.code_version, manifest.code_parts, manifest._part,
                   manifest._top_parts, cache._own_code):
        cached.cache_clear()


def rulebook_key(project: Path) -> str:
    """The key `deckwright build` compares with the rulebook's record."""
    game = load_game(Project(project), "mini")
    return cache.input_key(game, template_dirs(game.project.templates_dir), game.out_dir, {},
                           cache.options(game, None, None))


@pytest.mark.parametrize("rel, rebuilds", [
    ("press/rulebook/context.py", True),          # the rulebook's own code
    ("templates/rulebook/rulebook.css", True),    # its built-in templates
    (CATALOG, True),                              # its words
    ("sandbox.py", True), ("css.py", True),       # modules press imports from outside press/
    ("model/schema.py", True),                    # the model it reads
    ("__init__.py", True),                        # the version
    ("engine/state.py", False),                   # the engine: the verdicts carry what it says
])
def test_the_rulebook_key_follows_the_code_that_makes_it(mini_project: Path, package: Path,
                                                         rel: str, rebuilds: bool):
    before = rulebook_key(mini_project)
    assert rulebook_key(mini_project) == before
    edit(package, rel)
    forget()
    assert (rulebook_key(mini_project) != before) is rebuilds


def test_the_same_code_gives_the_same_keys_wherever_it_is_installed(package: Path,
                                                                    monkeypatch):
    copied = [manifest.code_version(roots) for roots in (manifest.PRESS_CODE, manifest.ENGINE_CODE)]
    monkeypatch.setattr(manifest, "_PACKAGE", PACKAGE)
    forget()
    assert [manifest.code_version(roots)
            for roots in (manifest.PRESS_CODE, manifest.ENGINE_CODE)] == copied


def test_the_verdicts_key_follows_the_engine_not_the_press(mini_project: Path, package: Path):
    """An engine edit runs the examples again; a press edit alone does not."""
    engine = manifest.code_version(manifest.ENGINE_CODE)
    edit(package, "press/rulebook/context.py")
    forget()
    assert manifest.code_version(manifest.ENGINE_CODE) == engine
    edit(package, "engine/state.py")
    forget()
    assert manifest.code_version(manifest.ENGINE_CODE) != engine


def parsed_imports(path: Path) -> set[str]:
    """The top-level parts of deckwright that a module imports, as Python's parser reads it."""
    package = path.relative_to(PACKAGE).parts[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = [*package[:len(package) - node.level + 1], *(node.module or "").split(".")]
            elif (node.module or "").split(".")[0] == "deckwright":
                base = node.module.split(".")[1:]
            else:
                continue
            base = [b for b in base if b]
            found |= {base[0]} if base else {a.name for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[1] for a in node.names
                      if a.name.startswith("deckwright.")}
    parts = manifest._top_parts()
    return {parts.get(name, "__init__.py") for name in found}


def test_every_import_of_the_keyed_code_is_in_its_key():
    """The quick reading of import statements that `code_parts` follows misses none that
    Python's parser finds, in any module of the press's or the engine's code."""
    parsed: dict[Path, set[str]] = {}
    for roots in (manifest.PRESS_CODE, manifest.ENGINE_CODE):
        parts = set(manifest.code_parts(roots))
        for part in parts:
            folder = PACKAGE / part
            for path in manifest.tree_files(folder) if folder.is_dir() else [folder]:
                if path.suffix == ".py":
                    if path not in parsed:
                        parsed[path] = parsed_imports(path)
                    missing = parsed[path] - parts
                    assert not missing, (path.relative_to(PACKAGE), missing)


def test_a_new_font_converter_converts_again(tmp_path: Path, package: Path):
    """A CFF font converted by one deckwright is converted again by one whose converter
    changed (build/.fonts/ keeps each version's copy apart), and reused by the same one."""
    from deckwright.press.fontconvert import truetype_copy
    from test_fonts import make_font

    font = make_font(tmp_path / "Fox.otf", "Fox Serif", cff=True)
    first = truetype_copy(font, 0, tmp_path)
    stamp = first.stat().st_mtime_ns
    assert truetype_copy(font, 0, tmp_path) == first and first.stat().st_mtime_ns == stamp
    edit(package, "press/fontconvert.py")
    forget()
    again = truetype_copy(font, 0, tmp_path)
    assert again != first and again.is_file() and first.stat().st_mtime_ns == stamp
