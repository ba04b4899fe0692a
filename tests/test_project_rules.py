"""Project rules modules: found in the project's rules/, registered with the same line as the
bundled games, reported when broken, never silently replacing a bundled game; and games of
installed packages through the `deckwright.games` entry point group."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deckwright.cli import main
from deckwright.cli.new import SCAFFOLD
from deckwright.app.registry import games, rules_for

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def fox(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """`deckwright new fox --rules` outside the repository."""
    assert ROOT not in tmp_path.resolve().parents
    assert main(["-C", str(tmp_path), "new", "fox", "--rules"]) == 0
    capsys.readouterr()
    return tmp_path / "fox"


def rules_source(game_id: str) -> str:
    text = (SCAFFOLD / "rules" / "__MODULE__.py").read_text(encoding="utf-8")
    return text.replace("__GAME__", game_id).replace("__TITLE__", game_id)


@pytest.mark.parametrize("source, line, message", [
    ('"""Fox."""\n\nimport foxes_helper  # not installed\n', 3,
     "ModuleNotFoundError: No module named 'foxes_helper'"),
    ("x = 1\ndef broken(:\n", 2, "SyntaxError: invalid syntax"),
    ("def f():\n    return 1 / 0\n\nf()\n", 2, "ZeroDivisionError: division by zero"),
])
@pytest.mark.parametrize("command", [["check"], ["playtest"], ["build"], ["fuzz", "fox"],
                                     ["simulate", "fox"], ["games"]])
def test_a_module_that_does_not_import_is_one_line_and_exit_2(
        fox: Path, capsys: pytest.CaptureFixture[str], source: str, line: int, message: str,
        command: list[str]) -> None:
    (fox / "rules" / "fox.py").write_text(source, encoding="utf-8")
    assert main(["-C", str(fox), *command]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith(f"rules/fox.py:{line}:") and message in err
    assert not (fox / "build").exists()


def test_a_rules_package_with_relative_imports(fox: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (fox / "rules" / "fox.py").unlink()
    package = fox / "rules" / "fox"
    package.mkdir()
    (package / "game.py").write_text(rules_source("fox").replace("register(Match)\n", ""),
                                     encoding="utf-8")
    (package / "__init__.py").write_text(
        '"""Fox, split in modules."""\nfrom deckwright.rules import register\n'
        "from .game import Match\n\nregister(Match)\n", encoding="utf-8")
    assert main(["-C", str(fox), "games"]) == 0
    out = capsys.readouterr().out
    assert "cards/fox.yaml  rules: rules/fox/game.py (project)" in out
    assert main(["-C", str(fox), "playtest"]) == 0
    assert "2 passed, 0 failed" in capsys.readouterr().out


def test_a_project_module_wins_over_a_bundled_game_and_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = tmp_path / "house"
    (project / "cards").mkdir(parents=True)
    (project / "rules").mkdir()
    shutil.copy(ROOT / "cards" / "treasure-scramble.yaml", project / "cards")
    (project / "rules" / "treasure_scramble.py").write_text(
        '"""House rules: the bundled game, registered from the project."""\n'
        "from deckwright.rules import register\n"
        "from deckwright.rules.treasure_scramble import TreasureScramble\n\n\n"
        "class HouseScramble(TreasureScramble):\n    pass\n\n\n"
        "register(HouseScramble)\n", encoding="utf-8")
    assert rules_for("treasure-scramble", project).__name__ == "HouseScramble"
    assert rules_for("treasure-scramble").__name__ == "TreasureScramble"   # other projects
    used = games(project)["treasure-scramble"]
    assert str(used.origin) == "rules/treasure_scramble.py (project)"
    assert [str(o) for o in used.shadows] == ["deckwright.rules.treasure_scramble (bundled)"]

    assert main(["-C", str(project), "games"]) == 0
    out = capsys.readouterr().out
    assert "rules: rules/treasure_scramble.py (project)" in out
    assert "not used: deckwright.rules.treasure_scramble (bundled)" in out
    assert main(["-C", str(project), "fuzz", "treasure-scramble", "--games", "20"]) == 0
    captured = capsys.readouterr()
    assert ("note: treasure-scramble: using rules/treasure_scramble.py (project), not "
            "deckwright.rules.treasure_scramble (bundled)") in captured.err
    assert "treasure-scramble: 20 games" in captured.out


def _entry_point_site(site: Path, game_id: str) -> None:
    """An installed distribution, as pip leaves it: a module and its entry point metadata."""
    info = site / "foxgame-1.0.dist-info"
    info.mkdir(parents=True)
    (site / "foxgame.py").write_text(rules_source(game_id), encoding="utf-8")
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: foxgame\nVersion: 1.0\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[deckwright.games]\n{game_id} = foxgame\n",
                                           encoding="utf-8")


def _deckwright(project: Path, site: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(site)}
    return subprocess.run([sys.executable, "-m", "deckwright", "-C", str(project), *args],
                          capture_output=True, text=True, env=env, cwd=project, timeout=300)


def test_an_installed_game_registers_through_its_entry_point(fox: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    _entry_point_site(site, "fox")
    shutil.rmtree(fox / "rules")
    listing = _deckwright(fox, site, "games")
    assert listing.returncode == 0, listing.stderr
    assert "rules: fox = foxgame (foxgame) (entry point)" in listing.stdout
    played = _deckwright(fox, site, "playtest")
    assert played.returncode == 0 and "fox: 2 passed, 0 failed" in played.stdout

    # the project's own module comes first, and says what it replaces
    shutil.copytree(SCAFFOLD / "rules", fox / "rules")
    (fox / "rules" / "__MODULE__.py").rename(fox / "rules" / "fox.py")
    (fox / "rules" / "fox.py").write_text(rules_source("fox"), encoding="utf-8")
    played = _deckwright(fox, site, "playtest")
    assert played.returncode == 0, played.stderr
    assert ("note: fox: using rules/fox.py (project), not fox = foxgame (foxgame) (entry point)"
            in played.stderr)


def test_a_module_fixed_in_the_same_process_is_imported_afresh(
        fox: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = (fox / "rules" / "fox.py").read_text(encoding="utf-8")
    (fox / "rules" / "helper.py").write_text("LIMIT = 6\n", encoding="utf-8")
    (fox / "rules" / "fox.py").write_text("raise RuntimeError('not yet')\n", encoding="utf-8")
    assert main(["-C", str(fox), "playtest"]) == 2
    assert "rules/fox.py:1:1: RuntimeError: not yet" in capsys.readouterr().err
    (fox / "rules" / "fox.py").write_text(good, encoding="utf-8")
    assert main(["-C", str(fox), "playtest"]) == 0
    assert "fox: 2 passed, 0 failed" in capsys.readouterr().out


def test_an_installed_game_that_does_not_import(fox: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    _entry_point_site(site, "fox")
    (site / "foxgame.py").write_text("import nothing_here\n", encoding="utf-8")
    shutil.rmtree(fox / "rules")
    listing = _deckwright(fox, site, "games")
    assert listing.returncode == 0
    assert ("does not import: entry point fox: fox = foxgame (foxgame): ModuleNotFoundError: "
            "No module named 'nothing_here'") in listing.stdout
    fuzzed = _deckwright(fox, site, "fuzz", "fox")
    assert fuzzed.returncode == 2 and "Traceback" not in fuzzed.stderr
    assert fuzzed.stderr.startswith("deckwright: error: fox = foxgame (foxgame): ModuleNotFound")


def test_each_bundled_module_registers_the_game_it_is_named_for() -> None:
    """`rules_for(game)` imports only the bundled module named for the game, which is right
    only while no bundled module registers another game than its own."""
    from deckwright.app.registry import Registration, module_name

    bundled: dict[str, Registration] = {game_id: reg for game_id, reg in games().items()
                                        if reg.origin.kind == "bundled"}
    assert len(bundled) == 5
    for game_id, reg in bundled.items():
        assert reg.origin.where.split(".")[2] == module_name(game_id)


def test_a_command_about_one_game_imports_only_that_games_rules() -> None:
    """A fresh process asking for bridge-over's rules imports bridge-over's module alone, and
    still finds the project's own module first and lists every game when asked for all."""
    code = ("import sys; from deckwright.app.registry import rules_for, registered\n"
            "print(rules_for('bridge-over').__name__)\n"
            "print(sorted(m.split('.')[2] for m in sys.modules\n"
            "             if m.startswith('deckwright.rules.') and m.count('.') == 2))\n"
            "print(len(registered()))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    name, modules, count = done.stdout.splitlines()
    assert name == "BridgeOver" and modules == "['bridge_over']" and count == "5"


@pytest.mark.parametrize("edit, message", [
    (lambda text: text.replace("register(Match)\n", ""),
     'rules/fox.py:1:1: register: registers no game, so fox has no rules: end it with '
     'register(YourGame), whose GameFacts say game_id="fox"'),
    (lambda text: text.replace('game_id="fox"', 'game_id="fox2"'),
     'game_id: registers game fox2, not fox (cards/fox.yaml): set game_id="fox" in its '
     'GameFacts'),
])
@pytest.mark.parametrize("command", [["check"], ["playtest"], ["fuzz", "fox"]])
def test_a_module_named_for_a_game_that_registers_another_is_named(
        fox: Path, capsys: pytest.CaptureFixture[str], edit, message: str,
        command: list[str]) -> None:
    """Not "no rules module for fox: add rules/fox.py" (it is there) nor "1 game(s) valid"."""
    module = fox / "rules" / "fox.py"
    module.write_text(edit(module.read_text(encoding="utf-8")), encoding="utf-8")
    assert main(["-C", str(fox), *command]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err
    if "fox2" in message:   # at the line of its register call
        line = module.read_text(encoding="utf-8").splitlines().index("register(Match)") + 1
        assert f"rules/fox.py:{line}:1: " in err


def test_games_lists_the_projects_games_and_all_with_all(
        fox: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-C", str(fox), "games"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()
              if not line.startswith(("(", " "))]
    assert listed == ["fox"]
    assert main(["-C", str(fox), "games", "--all"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()
              if not line.startswith(("(", " "))]
    assert {"bridge-over", "fox", "ghost-couple", "original-tcg", "super-page-one",
            "treasure-scramble"} <= set(listed)   # and games this process registered itself
