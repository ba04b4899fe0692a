"""`deckwright serve`: the gallery shows every card, a saved edit updates that face, a bad input
shows its one-line error and keeps the last good preview."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from deckwright.live import serve_app
from deckwright.live.preview import Preview
from deckwright.model import Project
from live_helpers import browser, running, screenshot_dir

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "press"
DB = "cards/pressdemo.yaml"


@pytest.fixture
def project(tmp_path):
    dest = tmp_path / "proj"
    shutil.copytree(FIXTURE, dest)
    return dest


def faces(page) -> dict[str, str]:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.tile')]
        .map(f => [f.id.slice(5), f.querySelector('img.face').getAttribute('src')]))""")


def loaded(page) -> None:
    page.wait_for_function("""() => document.querySelectorAll('.tile').length > 0 &&
        [...document.querySelectorAll('img.face')].every(i => i.complete && i.naturalWidth > 0)""",
                           timeout=30000)


def test_gallery_edit_and_bad_input_in_chromium(project, tmp_path):
    preview = Preview(Project(project))
    cards = [c.id for c in preview.games["pressdemo"].data.db.cards]
    with running(serve_app.app(preview)) as base, browser() as b:
        page = b.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/")  # one game: straight to its gallery
        loaded(page)
        before = faces(page)
        assert sorted(before) == sorted(cards)
        assert page.locator("#verdicts").text_content() == "No examples."
        page.screenshot(path=str(screenshot_dir(tmp_path) / "serve.png"))

        # the designer changes one card's text and saves
        db = project / DB
        text = db.read_text(encoding="utf-8")
        assert "は計算されない。" in text
        db.write_text(text.replace("は計算されない。", "は計算されないまま残る。"), encoding="utf-8")
        page.wait_for_function("old => { const f = document.querySelectorAll('.tile'); return [...f]"
                               ".some(t => t.querySelector('img.face').getAttribute('src') !== old[t.id.slice(5)]); }",
                               arg=before, timeout=20000)
        loaded(page)
        after = faces(page)
        changed = sorted(k for k in after if after[k] != before[k])
        assert len(changed) == 1
        card = preview.games["pressdemo"].data.card(changed[0])
        assert "計算されないまま残る" in (card.text or "")

        # a bad input: one line with file:line:col, the last good gallery stays
        db.write_text(db.read_text(encoding="utf-8").replace("copies: 2", "copies: -2", 1),
                      encoding="utf-8")
        page.wait_for_selector("#problems:not([hidden])", timeout=20000)
        lines = page.locator("#problems pre").all_text_contents()
        assert lines and all(line.startswith(f"{DB}:") for line in lines)
        assert "copies" in lines[0]
        assert faces(page) == after
        db.write_text(db.read_text(encoding="utf-8").replace("copies: -2", "copies: 2", 1),
                      encoding="utf-8")
        page.wait_for_selector("#problems[hidden]", state="attached", timeout=20000)

        # a text that no longer fits: the page says what `check` says, and shows the new face
        shown = faces(page)
        long = "とても長い説明文が続く。" * 60
        db.write_text(db.read_text(encoding="utf-8").replace("は計算されないまま残る。", long),
                      encoding="utf-8")
        page.wait_for_selector("#problems:not([hidden])", timeout=20000)
        lines = page.locator("#problems pre").all_text_contents()
        check = subprocess.run([sys.executable, "-m", "deckwright", "-C", str(project), "check"],
                               capture_output=True, text=True, timeout=120)
        assert check.returncode == 2 and lines == check.stderr.strip().splitlines()
        assert "card 'twin' (face): text does not fit" in lines[0]
        page.wait_for_function("old => document.querySelector('#card-twin img.face')"
                               ".getAttribute('src') !== old", arg=shown["twin"], timeout=20000)
        db.write_text(db.read_text(encoding="utf-8").replace(long, "は計算されないまま残る。"),
                      encoding="utf-8")
        page.wait_for_selector("#problems[hidden]", state="attached", timeout=20000)

        # the rulebook preview shows the card text and its real faces
        page.goto(f"{base}/g/pressdemo/rulebook/")
        assert "計算されないまま残る" in page.locator("body").inner_text()   # as a reader sees it
        assert errors == []


def test_the_command_listens_on_loopback_and_stops_on_ctrl_c(project):
    proc = subprocess.Popen([sys.executable, "-m", "deckwright", "-C", str(project), "serve",
                             "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        line = proc.stdout.readline()
        assert line.startswith("pressdemo: http://127.0.0.1:"), line + proc.stderr.read()
        time.sleep(0.5)
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()


def test_a_bad_project_is_the_usual_one_line_error(project):
    db = project / DB
    db.write_text(db.read_text(encoding="utf-8").replace("copies: 2", "copies: -2", 1),
                  encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "deckwright", "-C", str(project), "serve",
                          "--port", "0"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert run.stderr.startswith(f"{DB}:") and "Traceback" not in run.stderr


def test_the_rulebook_preview_switches_between_the_two_editions(project):
    """The preview shows the reader's edition, and the proof (what the engine verified) at
    ?edition=proof, each linking the other."""
    from starlette.testclient import TestClient
    preview = Preview(Project(project))
    with TestClient(serve_app.app(preview, watch=False), base_url="http://127.0.0.1") as client:
        reader = client.get("/g/pressdemo/rulebook/").text
        proof = client.get("/g/pressdemo/rulebook/?edition=proof").text
    assert 'class="edition-switch"' in reader and 'href="?edition=proof"' in reader
    assert 'href="?edition=reader"' in proof
    note = "what the rules engine verified"   # the proof's cover says what it is
    assert note in proof and note not in reader
