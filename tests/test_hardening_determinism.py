"""Same inputs, same bytes: a game built in two folders under different TZ and locale gives
byte-identical files, the rulebook PDF (card pictures, fonts) included; `$` in card names is
text in the balance report."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from deckwright import manifest
from deckwright.cli import main

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
sys.path.insert(0, str(FIXTURES / "balance"))
import rigged_rules  # noqa: E402,F401  (registers the rigged game)


def build(project: Path, tz: str, locale: str) -> dict[str, bytes]:
    env = {**os.environ, "TZ": tz, "LC_ALL": locale, "LANG": locale}
    done = subprocess.run([sys.executable, "-m", "deckwright", "-C", str(project), "build",
                           "--paper", "a4"], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    build_dir = project / "build"
    # every output; not the build records (deckwright.manifest), which hold this folder's file
    # times to tell later builds what is in place
    return {str(p.relative_to(build_dir)): p.read_bytes()
            for p in sorted(build_dir.rglob("*"))
            if p.is_file() and manifest.RECORD_DIR not in p.relative_to(build_dir).parts}


def test_two_checkouts_in_other_folders_tz_and_locale_build_identical_files(tmp_path: Path) -> None:
    first, second = tmp_path / "a" / "game", tmp_path / "somewhere" / "much" / "deeper" / "game"
    for folder in (first, second):
        shutil.copytree(FIXTURES / "press", folder, ignore=shutil.ignore_patterns("build"))
    one = build(first, "UTC", "C.UTF-8")
    two = build(second, "Asia/Tokyo", "ja_JP.UTF-8")
    assert "pressdemo/rulebook.pdf" in one and "pressdemo/cards/knight.png" in one
    assert b"cards/knight.png" in one["pressdemo/rulebook.html"]  # the PDF holds card pictures
    assert sorted(one) == sorted(two)
    different = [name for name in one if one[name] != two[name]]
    assert different == []
    assert str(tmp_path).encode() not in one["pressdemo/rulebook.pdf"]


def test_dollar_signs_in_card_names_stay_text_in_the_balance_report(tmp_path: Path, capsys) -> None:
    project = tmp_path / "p"
    shutil.copytree(FIXTURES / "balance", project, ignore=shutil.ignore_patterns("__pycache__", "build"))
    db = project / "cards" / "rigged.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace("name: 王冠", 'name: "$5 の王冠 $x^2$ $"'),
                  encoding="utf-8")
    assert main(["-C", str(project), "simulate", "rigged", "--games", "20", "--no-pdf"]) == 0
    html = (project / "build" / "rigged" / "balance.html").read_text(encoding="utf-8")
    assert "$5 の王冠 $x^2$ $" in html  # in the plot's SVG text, not typeset as mathematics
