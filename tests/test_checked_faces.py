"""`deckwright build` notes that a game's faces plan without a problem, and `check` then plans
none of them: the same output, a fraction of the time. An edited card, layout or art file is
planned again, and a record that is not exactly what the build wrote (build/ of a shared
project is untrusted) is a miss. `check` never writes the record.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deckwright.cli import main
from deckwright.press.cards import GamePress

ROOT = Path(__file__).resolve().parent.parent
KNIGHT = ROOT / "tests" / "fixtures" / "press" / "art" / "knight.png"


@pytest.fixture
def built(mini_project: Path, capsys) -> Path:
    """`mini` with art on one card, built (sheets only: they plan every face)."""
    (mini_project / "art").mkdir()
    shutil.copy(KNIGHT, mini_project / "art" / "red.png")
    db = mini_project / "cards" / "mini.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace(
        "    points: 1\n", "    points: 1\n    art: art/red.png\n"), encoding="utf-8")
    assert main(["-C", str(mini_project), "build", "--only", "pnp", "--paper", "a4"]) == 0
    capsys.readouterr()
    return mini_project


def games_counted(monkeypatch, method: str) -> list[str]:
    """The games whose `GamePress.<method>` ran, in order."""
    games: list[str] = []
    run = getattr(GamePress, method)

    def counted(self: GamePress):
        games.append(self.game.id)
        return run(self)

    monkeypatch.setattr(GamePress, method, counted)
    return games


@pytest.fixture
def planned(monkeypatch) -> list[str]:
    """The games whose faces `check` planned, in order."""
    return games_counted(monkeypatch, "problems")


@pytest.fixture
def layouts_loaded(monkeypatch) -> list[str]:
    """The games whose layouts `check` loaded (the layouts check), in order."""
    return games_counted(monkeypatch, "layout_problems")


def record(root: Path) -> Path:
    return root / "build" / "mini" / ".deckwright" / "faces.json"


def check(root: Path, capsys) -> tuple[int, str, str]:
    status = main(["-C", str(root), "check"])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_check_after_a_build_plans_no_face_and_says_the_same(
        built: Path, planned: list[str], layouts_loaded: list[str], capsys) -> None:
    kept = json.loads(record(built).read_text(encoding="utf-8"))
    assert list(kept["art"]) == ["art/red.png"]
    with_record = check(built, capsys)
    assert with_record[0] == 0 and planned == [] and layouts_loaded == []
    record(built).unlink()
    assert check(built, capsys) == with_record and planned == ["mini"] == layouts_loaded
    assert not record(built).exists()   # check writes nothing


def test_a_layout_broken_after_the_build_is_reported_in_one_line(
        built: Path, planned: list[str], layouts_loaded: list[str], capsys) -> None:
    generic = ROOT / "src" / "deckwright" / "templates" / "faces" / "generic.yaml"
    own = built / "templates" / "faces"
    own.mkdir(parents=True)
    (own / "number.yaml").write_text(generic.read_text(encoding="utf-8").replace(
        '    fill: "#f2f2f2"\n', '    fill: "#f2f2f2"\n    fil: paper\n', 1), encoding="utf-8")
    status, out, err = check(built, capsys)
    assert (status, out, layouts_loaded) == (2, "", ["mini"])
    line = err.strip()
    assert "\n" not in line and "Traceback" not in line
    assert line.startswith("templates/faces/number.yaml:") and "fil" in line, line


def test_a_card_edited_to_overflow_is_reported_despite_the_record(built: Path, planned: list[str],
                                                                 capsys) -> None:
    db = built / "cards" / "mini.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace(
        '    text: "{red} を出す。**強調**"', '    text: "' + "とても長い効果の文章。" * 60 + '"'),
        encoding="utf-8")
    status, _, err = check(built, capsys)
    assert status == 2 and planned == ["mini"]
    assert "cards[0].text: card 'red-1' (face): text does not fit region 'text'" in err


def test_changed_art_is_checked_again(built: Path, planned: list[str], capsys) -> None:
    art = built / "art" / "red.png"
    art.write_bytes(b"\x89PNG\r\n\x1a\n not really")
    status, _, err = check(built, capsys)
    assert status == 2 and planned == ["mini"]
    assert "card 'red-1' (face): art file 'art/red.png' cannot be read" in err


def test_art_rewritten_with_the_same_bytes_is_still_clean(built: Path, planned: list[str],
                                                          capsys) -> None:
    art = built / "art" / "red.png"
    art.write_bytes(art.read_bytes())
    os.utime(art, ns=(1, 1))
    assert check(built, capsys)[0] == 0 and planned == []


def test_an_edited_layout_is_planned_again(built: Path, planned: list[str], capsys) -> None:
    generic = ROOT / "src" / "deckwright" / "templates" / "faces" / "generic.yaml"
    own = built / "templates" / "faces"
    own.mkdir(parents=True)
    shutil.copy(generic, own / "number.yaml")
    assert check(built, capsys)[0] == 0 and planned == ["mini"]


@pytest.mark.parametrize("tamper", [
    lambda r: r.write_text("{", encoding="utf-8"),
    lambda r: r.write_text(r.read_text(encoding="utf-8").replace('"key": "', '"key": "0'),
                           encoding="utf-8"),
    lambda r: r.write_text(json.dumps({**json.loads(r.read_text(encoding="utf-8")),
                                       "art": {"../../etc/passwd": [1, 1, "x"]}}), encoding="utf-8"),
    lambda r: r.write_text(json.dumps({**json.loads(r.read_text(encoding="utf-8")),
                                       "art": {"art/red.png": [1, 1, "x"]}}), encoding="utf-8"),
    lambda r: r.write_text(json.dumps({**json.loads(r.read_text(encoding="utf-8")), "more": 1}),
                           encoding="utf-8"),
    lambda r: r.write_text(json.dumps({**json.loads(r.read_text(encoding="utf-8")),
                                       "format": 1.0, "art": []}), encoding="utf-8"),
    lambda r: (r.unlink(), r.symlink_to("/dev/zero")),
], ids=["not-json", "other-key", "art-outside", "art-wrong-hash", "extra-field", "wrong-types",
        "symlink-out"])
def test_a_tampered_record_is_a_miss(built: Path, planned: list[str], tamper, capsys) -> None:
    tamper(record(built))
    assert check(built, capsys)[0] == 0 and planned == ["mini"]


def test_check_after_a_build_reads_no_catalog_with_babel_nor_draws(built: Path) -> None:
    """What `check` of a built project imports, in a process of its own: deckwright's catalogs
    are read by its own small reader (Babel's reader and its header parser cost every run
    tens of milliseconds) and its language named without Babel, nothing that draws or
    renders, and no YAML parser (every file's parse was kept)."""
    probe = ("import json, sys\nfrom deckwright.cli import main\n"
             "status = main(['-C', sys.argv[1], 'check'])\n"
             "print(json.dumps([status, sorted(sys.modules)]))\n")
    done = subprocess.run([sys.executable, "-c", probe, str(built)], capture_output=True,
                          text=True, check=True)
    status, modules = json.loads(done.stdout.splitlines()[-1])
    assert status == 0 and "5 game" not in done.stdout and "1 game(s) valid" in done.stdout
    unwanted = ("babel", "email.parser", "reportlab", "jinja2", "weasyprint", "PIL", "yaml")
    assert [m for m in modules if m.startswith(unwanted)] == []


def test_check_fresh_reads_nothing_a_build_kept(built: Path, planned: list[str],
                                                layouts_loaded: list[str], monkeypatch,
                                                capsys) -> None:
    """`check --fresh` is for a project folder received with its build/ in it: whatever notes
    that folder carries (clean face plans, verdicts, parsed YAML), every face is planned, every
    example run and every file parsed again, and it says what `check` says."""
    from deckwright.app import verdict_cache
    from deckwright.model import kept_yaml
    kept_reads: list[str] = []
    for owner, name in ((verdict_cache, "load"), (kept_yaml.Notes, "lookup")):
        original = getattr(owner, name)
        monkeypatch.setattr(owner, name, lambda *a, _o=original, _n=name, **k:
                            kept_reads.append(_n) or _o(*a, **k))
    assert (kept := check(built, capsys))[0] == 0
    assert planned == [] and {"load", "lookup"} <= set(kept_reads)   # the notes were used
    kept_reads.clear()
    status = main(["-C", str(built), "check", "--fresh"])
    out = capsys.readouterr()
    assert (status, out.out, out.err) == kept
    assert planned == ["mini"] == layouts_loaded and kept_reads == []
