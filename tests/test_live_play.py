"""`deckwright play`: a real game in Chromium against bots, private views, undo, recording."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from deckwright.live import play_app
from deckwright.live.faces import Faces
from deckwright.live.table import Seat, Table
from deckwright.model import Project, load_game
from deckwright.app.registry import rules_for
from live_helpers import browser, running, screenshot_dir
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parents[1]
GAME = "super-page-one"


@pytest.fixture(scope="module")
def data():
    return load_game(Project(ROOT), GAME)


def table(data, kinds, seed=5):
    return Table(rules_for(GAME)(data), len(kinds), [Seat(k) for k in kinds], seed=seed)


def copy_project(tmp_path: Path) -> Path:
    project = tmp_path / "proj"
    (project / "cards").mkdir(parents=True)
    shutil.copy(ROOT / "cards" / f"{GAME}.yaml", project / "cards")
    return project


def test_a_whole_game_against_two_greedy_bots_in_chromium(tmp_path):
    project = copy_project(tmp_path)
    data = load_game(Project(project), GAME)
    t = table(data, ["you", "greedy", "greedy"])
    app = play_app.app(t, Faces(data), project / "playtest", bot_delay=0.02)
    clicks = 0
    with running(app) as base, browser() as b:
        page = b.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/seat/{t.seats[0].token}")
        page.wait_for_selector("#status:not(:empty)")
        # my hand shows the real faces
        hand = page.locator('[data-zone="hand p1"] img.card')
        assert hand.count() == 6
        page.wait_for_function("() => [...document.images].every(i => i.complete && i.naturalWidth > 0)",
                               timeout=30000)
        page.screenshot(path=str(screenshot_dir(tmp_path) / "play.png"))
        # the page's own words follow the game's language
        assert page.evaluate("() => document.documentElement.lang") == "ja"
        assert page.text_content("#prompt") == "あなたの決定"
        assert page.text_content("#undo") == "一手戻す"
        assert page.text_content('[data-zone="hand p1"] h3') == "手札 P1"
        assert page.text_content('[data-zone="discard"] h3') == "場"
        # each decision reads as a sentence in the game's language, above its notation
        first = page.locator(".action").first
        assert first.locator("span").text_content().startswith("プレイヤー1")
        assert first.locator("code").text_content() == first.get_attribute("data-action")
        while page.get_attribute("#status", "data-over") != "yes":
            assert clicks < 400, "the game does not end"
            page.wait_for_function("""() => document.querySelector('#status').dataset.over === 'yes'
                                       || document.querySelectorAll('.action').length > 0""")
            if page.get_attribute("#status", "data-over") == "yes":
                break
            buttons = page.locator(".action")
            texts = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
            # a person who plays a card when they can, else takes what is offered first
            pick = next((i for i, s in enumerate(texts) if " plays " in s), 0)
            button = buttons.nth(pick).element_handle()
            try:
                button.click()
            except PlaywrightError as exc:  # redrawn under the pointer: nothing was clicked
                assert "not attached" in str(exc), exc
                continue
            clicks += 1
            # the page has taken the decision in once its buttons are drawn anew
            page.wait_for_function("b => !b.isConnected || document.querySelector('#error').textContent",
                                   arg=button, timeout=60000)
            assert page.text_content("#error") == "", f"{texts[pick]!r} refused"
        status = page.text_content("#status")
        # the finished game, saved from the page as an example
        page.click("#recorder summary")
        page.wait_for_selector("#start option", state="attached")
        page.fill("#rec-title", "A whole game")
        page.click("#save")
        page.wait_for_function("() => document.querySelector('#saved').textContent !== ''")
        saved = page.text_content("#saved")
        assert errors == []
    # the page speaks the game's language (super-page-one is Japanese)
    assert saved == f"recorded-a-whole-game を playtest/{GAME}/recorded.yaml に保存しました。"
    run = subprocess.run([sys.executable, "-m", "deckwright", "-C", str(project), "playtest", GAME],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0 and "0 failed" in run.stdout, run.stdout + run.stderr
    recorded = (project / "playtest" / GAME / "recorded.yaml").read_text(encoding="utf-8")
    assert "over: true" in recorded
    assert t.state.is_over()
    assert clicks >= 3
    winner = t.state.winner()
    assert f"勝者: P{winner + 1}。" in status if winner is not None else "ゲーム終了。" in status
    assert [d.player for d in t.decisions].count(0) == clicks


def test_a_seat_never_sees_another_hand(data, tmp_path):
    t = table(data, ["you", "you", "greedy"], seed=9)
    p1_hand = [t.game.catalogue.ids[i] for i in t.state.zones.piles[t.state.zones.layout.of("hand", 0)]]
    p1_labels = [t.state.card_label(i) for i in t.state.zones.piles[t.state.zones.layout.of("hand", 0)]]
    visible_elsewhere = {t.game.catalogue.ids[i] for z in ("discard",) for i in
                         t.state.zones.piles[t.state.zones.layout.of(z)]}
    secret = [c for c in p1_hand if c not in visible_elsewhere]
    assert secret
    app = play_app.app(t, Faces(data), tmp_path, bot_delay=0.02)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        answer = client.get(f"/api/{t.seats[1].token}/view").text
        for card in secret:
            assert f'"{card}"' not in answer
        mine = client.get(f"/api/{t.seats[0].token}/view").json()
        assert sorted(c["id"] for c in mine["zones"]["hand p1"]) == sorted(p1_hand)
        assert mine["zones"]["hand p2"] == {"count": 6, "shown": []}
        assert client.get("/api/not-a-seat/view").status_code == 404
        # a seat cannot decide for another
        legal = mine["legal"]
        r = client.post(f"/api/{t.seats[1].token}/act", json={"action": legal[0]})
        assert r.status_code == 409 and "p2 の決定ではない" in r.json()["error"]
    with running(app) as base, browser() as b:
        page = b.new_page()
        page.goto(f"{base}/seat/{t.seats[1].token}")
        page.wait_for_selector('[data-zone="hand p2"] img.card')
        html = page.content()
        sources = page.evaluate("() => [...document.images].map(i => i.src)")
    for card in secret:
        assert f"/{card}.png" not in " ".join(sources)
    for label in p1_labels:
        if all(label not in t.state.card_label(i) for i in
               t.state.zones.piles[t.state.zones.layout.of("hand", 1)]):
            assert f'alt="{label}"' not in html


def test_undo_takes_back_my_decision_and_restart_deals_anew(data, tmp_path):
    t = table(data, ["you", "greedy", "greedy"], seed=2)
    app = play_app.app(t, Faces(data), tmp_path, bot_delay=30.0)   # the bots wait
    with TestClient(app, base_url="http://127.0.0.1") as client:
        token = t.seats[0].token
        first = client.get(f"/api/{token}/view").json()
        plays = [a for a in first["legal"] if " plays " in a]
        assert plays
        assert client.post(f"/api/{token}/act", json={"action": plays[0]}).json()["ok"]
        assert client.post(f"/api/{token}/act", json={"action": "p1 plays nothing"}).status_code == 409
        assert client.post(f"/api/{token}/undo", json={}).json()["undone"] == 1
        again = client.get(f"/api/{token}/view").json()
        assert again["zones"] == first["zones"] and again["legal"] == first["legal"]
        # the only person at the table restarts alone; a fixed deal deals the same cards
        assert client.post(f"/api/{token}/restart", json={}).json() == {"restarted": True}
        other = client.get(f"/api/{token}/view").json()
        assert other["fixed_deal"] and "seed" not in other
        assert other["zones"]["hand p1"] == first["zones"]["hand p1"] and other["decisions"] == 0


def test_a_saved_position_is_an_example_playtest_passes(data, tmp_path):
    project = copy_project(tmp_path)
    t = table(load_game(Project(project), GAME), ["you", "greedy", "greedy"], seed=4)
    app = play_app.app(t, Faces(t.game.data), project / "playtest", bot_delay=0.0)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        token = t.seats[0].token
        for _ in range(3):
            legal = client.get(f"/api/{token}/view").json()["legal"]
            client.post(f"/api/{token}/act", json={"action": legal[0]})
            for _ in range(200):
                if not t.bot_to_move():
                    break
                import time
                time.sleep(0.01)
        starts = [s["start"] for s in client.get(f"/api/{token}/starts").json()["starts"]]
        assert 0 in starts
        saved = client.post(f"/api/{token}/record",
                            json={"start": starts[-1], "title": "Three turns"}).json()
    assert saved == {"file": f"playtest/{GAME}/recorded.yaml", "id": "recorded-three-turns"}
    run = subprocess.run([sys.executable, "-m", "deckwright", "-C", str(project), "playtest", GAME],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 failed" in run.stdout
    text = (project / "playtest" / GAME / "recorded.yaml").read_text(encoding="utf-8")
    assert "id: recorded-three-turns" in text and "steps:" in text


def test_the_command_listens_on_loopback_and_stops_on_ctrl_c(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "deckwright", "-C", str(ROOT), "play", GAME,
                             "--seats", "you,random", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        lines = [proc.stdout.readline() for _ in range(3)]
        seat = next(line for line in lines if "/seat/" in line)
        assert "http://127.0.0.1:" in seat
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
