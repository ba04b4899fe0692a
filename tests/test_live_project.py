"""The live pages on a designer's own game: a project made by `deckwright new --rules`, with its
own rules module, previewed, edited (the module itself) and played."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from deckwright.live import play_app, serve_app
from deckwright.live.faces import Faces
from deckwright.live.preview import Preview
from deckwright.live.table import Seat, Table
from deckwright.model import Project, load_game
from deckwright.app.registry import rules_for
from live_helpers import browser, running


@pytest.fixture
def fox(tmp_path) -> Path:
    run = subprocess.run([sys.executable, "-m", "deckwright", "new", "fox", "--rules"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return tmp_path / "fox"


def verdicts(page) -> dict[str, str]:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#example-list li')]
        .map(li => [li.dataset.example, li.className.replace('verdict ', '')]))""")


def test_saving_the_rules_module_updates_the_verdicts(fox):
    preview = Preview(Project(fox))
    rules = fox / "rules" / "fox.py"
    with running(serve_app.app(preview)) as base, browser() as b:
        page = b.new_page()
        page.goto(f"{base}/g/fox/")
        page.wait_for_selector("#example-list li")
        assert verdicts(page) == {"match-colour": "verified", "last-card-wins": "verified"}
        assert page.evaluate("() => document.documentElement.lang") == "en"
        assert page.text_content('[data-word="backs"]') == "backs"
        # the designer changes a rule: a card now matches by colour only
        source = rules.read_text(encoding="utf-8")
        assert "def matches" in source
        broken = source.replace("def matches(self, inst: int) -> bool:",
                                "def matches(self, inst: int) -> bool:\n        return False\n"
                                "\n    def _old_matches(self, inst: int) -> bool:", 1)
        rules.write_text(broken, encoding="utf-8")
        page.wait_for_selector('#example-list li.failing', timeout=30000)
        assert "match-colour" in [k for k, v in verdicts(page).items() if v == "failing"]
        # a module that does not import: the one-line error, the last good preview stays
        rules.write_text(source + "\nimport not_a_module_anywhere\n", encoding="utf-8")
        page.wait_for_selector("#problems:not([hidden])", timeout=30000)
        line = page.locator("#problems pre").first.text_content()
        assert line.startswith("rules/fox.py:") and "ModuleNotFoundError" in line
        rules.write_text(source, encoding="utf-8")
        page.wait_for_function("() => document.querySelectorAll('#example-list li.verified')"
                               ".length === 2", timeout=30000)


def test_play_and_record_the_projects_own_game(fox):
    data = load_game(Project(fox), "fox")
    cls = rules_for("fox", Project(fox))
    table = Table(cls(data), 2, [Seat("you"), Seat("random")], seed=11)
    with TestClient(play_app.app(table, Faces(data), fox / "playtest", bot_delay=0.0),
                    base_url="http://127.0.0.1") as client:
        token = table.seats[0].token
        view = client.get(f"/api/{token}/view").json()
        assert view["title"] and len(view["zones"]["hand p1"]) == 5
        for _ in range(4):
            legal = client.get(f"/api/{token}/view").json()["legal"]
            if not legal:
                break
            assert client.post(f"/api/{token}/act", json={"action": legal[0]}).status_code == 200
            deadline = time.monotonic() + 5
            while table.bot_to_move() and time.monotonic() < deadline:
                time.sleep(0.01)
        starts = client.get(f"/api/{token}/starts").json()["starts"]
        assert starts
        saved = client.post(f"/api/{token}/record", json={"start": min(s["start"] for s in starts),
                                                          "title": "Opening"})
        assert saved.status_code == 200, saved.text
    run = subprocess.run([sys.executable, "-m", "deckwright", "-C", str(fox), "playtest", "fox"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "3 passed, 0 failed" in run.stdout
