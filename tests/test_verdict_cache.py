"""`deckwright build` keeps the engine's verdicts between builds: an unchanged build runs no
example, a change to what the verdicts follow from runs them again, and a kept file that is not
exactly what deckwright wrote (build/ of a shared project is untrusted) is a miss, rewritten.

The `mini` fixture gets the scaffold's rules module, which notes every game the engine sets up
for an example in `engine-calls.txt`: the proof of whether the engine ran.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import fields
from pathlib import Path
from typing import Callable

import pytest

from deckwright.cli import main
from deckwright.cli.new import SCAFFOLD
from deckwright.app import verdict_cache
from deckwright.engine.script import Failure
from deckwright.app.verify import Verdict, verify_examples
from deckwright.model import Project
from deckwright.model.load import load_game

MINI = Path(__file__).resolve().parent / "fixtures" / "mini"
CALLS = "engine-calls.txt"
PLAYTEST = """\
game: mini
examples:
  - id: play-blue
    title: 青を出す
    cards: [blue-2]
    setup:
      hands: {p1: [blue-2, red-1]}
      discard: [blue-2#2]
    steps:
      - do: p1 plays blue-2
"""
EXAMPLES = 2   # one in the database, one in the playtest file


def rules_module() -> str:
    """The scaffold's rules for `mini`, noting each example the engine sets up."""
    text = (SCAFFOLD / "rules" / "__MODULE__.py").read_text(encoding="utf-8")
    text = text.replace("__GAME__", "mini").replace("__TITLE__", "mini")
    hook = ('    def prepare(self) -> None:\n'
            '        """Card facts the rules read, as columns by card instance, looked up once."""\n')
    assert hook in text
    return text.replace(hook, hook + (
        "        from pathlib import Path\n"
        f"        with open(Path(__file__).resolve().parent.parent / {CALLS!r}, 'a') as f:\n"
        "            f.write('run\\n')\n"))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`mini` with its rules module and a playtest file, built once (rulebook rendered)."""
    root = tmp_path_factory.mktemp("built") / "p"
    shutil.copytree(MINI, root)
    (root / "rules").mkdir()
    (root / "rules" / "mini.py").write_text(rules_module(), encoding="utf-8")
    (root / "playtest" / "mini").mkdir(parents=True)
    (root / "playtest" / "mini" / "more.yaml").write_text(PLAYTEST, encoding="utf-8")
    assert main(["-C", str(root), "build", "--jobs", "1", "--only", "rulebook"]) == 0
    assert calls(root) == EXAMPLES
    return root


@pytest.fixture
def project(built: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A copy of the built project, built once in its new place (kept verdicts name their
    project's folder, so the copy runs its examples once; its rulebook is already current)."""
    root = tmp_path / "p"
    shutil.copytree(built, root)
    (root / CALLS).unlink()
    build(root, capsys)
    assert calls(root) == EXAMPLES
    return root


def calls(root: Path) -> int:
    """How many examples the engine has set up in this project so far."""
    path = root / CALLS
    return len(path.read_text().splitlines()) if path.exists() else 0


def build(root: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    assert main(["-C", str(root), "build", "--jobs", "1", "--only", "rulebook", *extra]) == 0
    return capsys.readouterr().out


def kept(root: Path) -> Path:
    return root / "build" / "mini" / ".deckwright" / verdict_cache.NAME


def test_an_unchanged_build_runs_no_example(project: Path, capsys: pytest.CaptureFixture[str]):
    before = kept(project).read_bytes()
    out = build(project, capsys)
    assert "nothing written under build/ (1 target(s) unchanged)" in out
    assert calls(project) == EXAMPLES
    assert kept(project).read_bytes() == before


def test_examples_run_again_for_a_book_still_current_write_nothing(
        built: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """The verdicts are out of date (a copy: their key names the project's folder), the book
    is not: the examples run, no file is written, and the build does not say it wrote any."""
    root = tmp_path / "p"
    shutil.copytree(built, root)
    (root / CALLS).unlink()
    book = root / "build" / "mini" / "rulebook.pdf"
    stamp = book.stat().st_mtime_ns
    out = build(root, capsys)
    assert calls(root) == EXAMPLES and book.stat().st_mtime_ns == stamp
    assert out.strip().splitlines()[-1] == "nothing written under build/ (1 target(s) unchanged)"


def test_an_unchanged_build_in_its_own_process_runs_no_example(project: Path):
    """As a user runs it: the key must not depend on the process that made it."""
    done = subprocess.run([sys.executable, "-m", "deckwright", "-C", str(project), "build",
                           "--only", "rulebook"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "(1 target(s) unchanged)" in done.stdout
    assert calls(project) == EXAMPLES


@pytest.mark.parametrize("change", ["rules module", "playtest file", "database"])
def test_a_change_to_an_input_runs_the_examples_again(
        project: Path, capsys: pytest.CaptureFixture[str], change: str):
    path = {"rules module": project / "rules" / "mini.py",
            "playtest file": project / "playtest" / "mini" / "more.yaml",
            "database": project / "cards" / "mini.yaml"}[change]
    path.write_text(path.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    build(project, capsys)
    assert calls(project) == 2 * EXAMPLES
    build(project, capsys)   # and kept again
    assert calls(project) == 2 * EXAMPLES


def test_force_runs_the_examples_again(project: Path, capsys: pytest.CaptureFixture[str]):
    build(project, capsys, "--force")
    assert calls(project) == 2 * EXAMPLES


def _tamper(path: Path, how: str, outside: Path) -> None:
    good = path.read_text(encoding="utf-8")
    data = json.loads(good)
    row = data["verdicts"][0]
    if how == "not json":
        path.write_bytes(b"\x80\x00 not json")
    elif how == "cut short":
        path.write_text(good[: len(good) // 2], encoding="utf-8")
    elif how == "a pickle":
        path.write_bytes(b"\x80\x04\x95\x0b\x00\x00\x00\x00\x00\x00\x00]\x94K\x01a.")
    elif how == "unknown status":
        row["status"] = "trusted"
    elif how == "wrong type":
        row["log"] = [1, 2]
    elif how == "extra field":
        row["extra"] = "?"
    elif how == "missing field":
        del row["failures"]
    elif how == "bad failure":
        row["failures"] = [{"where": "x", "message": "y"}]
    elif how == "untagged value":
        row["setup_defaults"] = [["field", [1, 2]]]
    elif how == "unhashable key":
        row["setup_defaults"] = [["field", {"dict": [[{"list": []}, 1]]}]]
    elif how == "NaN":
        path.write_text(good.replace('"setup_defaults": []', '"setup_defaults": [["x", NaN]]'),
                        encoding="utf-8")
    elif how == "example twice":
        data["verdicts"].append(row)
    elif how == "other inputs":
        data["key"] = "0" * 64
    elif how == "other format":
        data["format"] = 0
    elif how == "deep":
        path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    elif how == "too large":
        with open(path, "r+b") as f:
            f.truncate(verdict_cache.MAX_BYTES + 1)
    elif how == "a folder":
        path.unlink()
        path.mkdir()
    elif how == "link out":   # a good file, but outside the project: never read
        outside.write_text(good, encoding="utf-8")
        path.unlink()
        path.symlink_to(outside)
    if how in ("unknown status", "wrong type", "extra field", "missing field", "bad failure",
               "untagged value", "unhashable key", "example twice", "other inputs",
               "other format"):
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


@pytest.mark.parametrize("how", [
    "not json", "cut short", "a pickle", "unknown status", "wrong type", "extra field",
    "missing field", "bad failure", "untagged value", "unhashable key", "NaN", "example twice",
    "other inputs", "other format", "deep", "too large", "link out", "a folder"])
def test_a_tampered_file_is_a_miss_and_is_written_again(
        project: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path, how: str):
    path = kept(project)
    good = path.read_bytes()
    outside = tmp_path / "elsewhere.json"
    _tamper(path, how, outside)
    build(project, capsys)
    assert calls(project) == 2 * EXAMPLES, "the engine ran again"
    if how == "a folder":   # left alone: the examples run at every build, nothing breaks
        assert path.is_dir()
        build(project, capsys)
        assert calls(project) == 3 * EXAMPLES
        return
    assert not path.is_symlink() and path.read_bytes() == good
    if how == "link out":
        assert outside.read_bytes() == good   # written over the link, not through it
    build(project, capsys)
    assert calls(project) == 2 * EXAMPLES


def test_a_rulebook_from_kept_verdicts_is_the_same_bytes(
        built: Path, project: Path, capsys: pytest.CaptureFixture[str]):
    """The built project's rulebook was made from verdicts the engine had just found; this
    one is made again from the kept ones."""
    books = ("rulebook.pdf", "rulebook.html", "rulebook-proof.pdf", "rulebook-proof.html",
             "rulebook.css")
    for name in books:
        (project / "build" / "mini" / name).unlink()
    out = build(project, capsys)
    assert "4 file(s) written" in out   # the reader's edition and the proof, PDF and HTML
    assert calls(project) == EXAMPLES
    for name in books:
        assert (project / "build" / "mini" / name).read_bytes() == \
            (built / "build" / "mini" / name).read_bytes(), name


def _every_field() -> dict[str, Verdict]:
    """Verdicts with every field set, and setup values JSON alone would not give back."""
    failure = Failure("cards/mini.yaml:12", "expected 2, got 3", 12, 5, "cards/mini.yaml", True)
    return {
        "a": Verdict("a", "failing", "cards/mini.yaml:12: expected 2\nevent log:\n  1. x",
                     ("p1 plays red-1.", "p2 passes."), (failure,), True,
                     auto_passes=((2, ("p2", "p3")), (4, ())),
                     automatic=((0, ("deal",)), (1, ("draw", "draw"))),
                     setup_defaults=(("field", {3: "s-5", (1, 2): [None, 1.5, True]}),
                                     ("count", 2), ("note", "日本語")),
                     refusals=((1, "p2 may not", "rule-3"),),
                     end_state=(("hands", {"p1": ["red-1", "red-1#2"]}), ("over", True),
                                ("winner", None))),
        "b": Verdict("b", "verified"),
        "c": Verdict("c", "unverified", "no rules module"),
    }


def test_every_field_survives_json():
    found = _every_field()
    assert set(verdict_cache._VERDICT) == {f.name for f in fields(Verdict)}
    assert set(verdict_cache._FAILURE) == {f.name for f in fields(Failure)}
    again = verdict_cache.decode(json.loads(verdict_cache.encode(found, "k")), "k")
    assert again == found and list(again) == list(found)
    field = dict(again["a"].setup_defaults)["field"]
    assert type(field) is dict and list(field) == [3, (1, 2)] and type(field[(1, 2)]) is list


def test_verdicts_json_cannot_carry_are_not_kept(project: Path):
    game = load_game(Project(project), "mini")
    path = verdict_cache.path(game)
    assert path.exists()
    odd = {"a": Verdict("a", "verified", setup_defaults=(("cards", {"x", "y"}),))}
    verdict_cache.store(game, verdict_cache.key(game), odd)
    assert not path.exists()   # a set has no JSON form: nothing kept, the old file gone too
    assert verdict_cache.load(game) is None
    path.mkdir()               # and a folder in its place is left alone either way
    verdict_cache.store(game, verdict_cache.key(game), odd)
    verdict_cache.store(game, verdict_cache.key(game), verify_examples(game))
    assert path.is_dir() and verdict_cache.load(game) is None


def test_the_key_follows_every_input(project: Path):
    """Database, playtests, rules/ (any file in it), and not the build folder."""
    game = load_game(Project(project), "mini")
    base = verdict_cache.key(game)
    assert base is not None and verdict_cache.key(game) == base
    (project / "build" / "mini" / "notes.txt").write_text("x")
    assert verdict_cache.key(game) == base
    for path in (project / "cards" / "mini.yaml", project / "playtest" / "mini" / "more.yaml",
                 project / "rules" / "mini.py"):
        old = path.read_bytes()
        path.write_bytes(old + b"\n")
        assert verdict_cache.key(game) != base, path
        path.write_bytes(old)
    (project / "rules" / "helpers.py").write_text("X = 1\n")
    assert verdict_cache.key(game) != base
    os.remove(project / "rules" / "helpers.py")
    assert verdict_cache.key(game) == base


def test_a_game_this_program_registers_changes_no_other_games_key(
        project: Path, monkeypatch: pytest.MonkeyPatch):
    """A test or an embedding program registers games of its own; the key of `mini` (and so a
    build in a plain `deckwright` process) must not depend on them (it failed in the full suite,
    after tests that register games)."""
    import dataclasses

    from deckwright.app import registry as rules
    from deckwright.rules.treasure_scramble import TreasureScramble

    game = load_game(Project(project), "mini")
    base = verdict_cache.key(game)
    other = type("Other", (TreasureScramble,), {
        "facts": dataclasses.replace(TreasureScramble.facts, game_id="other-game"),
        "__module__": __name__})
    monkeypatch.setattr(rules, "_INSTALLED", dict(rules._INSTALLED))
    rules.register(other)
    assert rules._INSTALLED["other-game"].origin.kind == "imported"
    assert verdict_cache.key(game) == base


def test_kept_verdicts_equal_the_engines(project: Path):
    game = load_game(Project(project), "mini")
    assert verdict_cache.load(game) == verify_examples(game)


def installed(built: Path, tmp_path: Path, module: str) -> tuple[Path, Path, Callable]:
    """The built project without rules/, its game's rules installed as the package `minigame`
    (entry point `deckwright.games`); returns the project, the site folder and a build."""
    root = tmp_path / "p"
    shutil.copytree(built, root)
    (root / CALLS).unlink()
    shutil.rmtree(root / "rules")
    site = tmp_path / "site"
    info = site / "minigame-1.0.dist-info"
    info.mkdir(parents=True)
    (site / "minigame.py").write_text(module, encoding="utf-8")
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: minigame\nVersion: 1.0\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text("[deckwright.games]\nmini = minigame\n",
                                           encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(site)}

    def build_there(*extra: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "deckwright", "-C", str(root), "build",
                               "--only", "rulebook", *extra], capture_output=True, text=True,
                              env=env, timeout=300)
    return root, site, build_there


def test_an_installed_games_module_is_in_the_key(built: Path, tmp_path: Path):
    """Editing an installed game's module runs the examples again; nothing else does."""
    root, site, build_there = installed(built, tmp_path, rules_module())
    for _ in range(2):
        done = build_there()
        assert done.returncode == 0, done.stderr
    assert calls(tmp_path) == EXAMPLES   # written beside the package: site/../engine-calls.txt
    with open(site / "minigame.py", "a", encoding="utf-8") as f:
        f.write("\n# edited\n")
    assert build_there().returncode == 0
    assert calls(tmp_path) == 2 * EXAMPLES


def test_verdicts_of_rules_that_do_not_import_are_not_kept(built: Path, tmp_path: Path):
    """The library the rules import is missing, then installed: not an input of the key, so
    the verdicts saying the module does not load must not be kept."""
    root, site, build_there = installed(built, tmp_path, rules_module().replace(
        "from __future__ import annotations\n",
        "from __future__ import annotations\n\nimport minihelper  # noqa: F401\n"))
    done = build_there("--allow-failing-examples")
    assert done.returncode == 0, done.stderr
    assert "fails its engine check" in done.stderr and not kept(root).exists()
    (site / "minihelper.py").write_text("", encoding="utf-8")
    done = build_there()
    assert done.returncode == 0, done.stderr
    assert calls(tmp_path) == EXAMPLES and kept(root).exists()


def test_a_kept_failing_verdict_still_fails_the_build(project: Path, capsys: pytest.CaptureFixture[str]):
    """Skipped before any task, the rulebook still reports its failing example: exit 1."""
    db = project / "cards" / "mini.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace("- do: p1 plays red-1",
                                                         "- do: p1 plays blue-2"), encoding="utf-8")
    argv = ["-C", str(project), "build", "--jobs", "1", "--only", "rulebook"]
    for _ in range(2):
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert info.value.code == 1
        assert "example play-red (赤を出す) fails its engine check" in capsys.readouterr().err
    assert calls(project) == 2 * EXAMPLES   # the second build ran none
    assert main([*argv, "--allow-failing-examples"]) == 0
    assert "(1 target(s) unchanged)" in capsys.readouterr().out
