"""The play table keeps every secret a seat may not know, and both live servers refuse what a
browser or another site should not get: attacks on `deckwright play` and `deckwright serve`."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from deckwright.engine.observer import visible
from deckwright.engine.zones import EMPTY
from deckwright.live import play_app, record
from deckwright.live.faces import Faces
from deckwright.live.table import Seat, Table
from deckwright.model import Project, load_game
from deckwright.rules import rules_for

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = ["bridge-over", "treasure-scramble", "super-page-one", "original-tcg", "ghost-couple"]
SEED = 918273645   # digits that cannot turn up by chance in an answer
LOCAL = "http://127.0.0.1"

#: fox, the `deckwright new --rules` scaffold, with the colour in play as a public fact (as a
#: designer's UNO says the colour named after a Wild)
PUBLIC_COLOUR = '''

def _public_colour(self):
    top = self.zones.top(self.game.DISCARD)
    return {"colour": self.game.catalogue.card(top).colors[0]}


MatchState.public_info = _public_colour
'''


@pytest.fixture(scope="module")
def fox(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("fox")
    run = subprocess.run([sys.executable, "-m", "deckwright", "new", "fox", "--rules"],
                         cwd=where, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    rules = where / "fox" / "rules" / "fox.py"
    rules.write_text(rules.read_text(encoding="utf-8") + PUBLIC_COLOUR, encoding="utf-8")
    return where / "fox"


def open_table(game_id: str, kinds: list[str], seed: int | None = SEED,
               project: Path = ROOT) -> Table:
    data = load_game(Project(project), game_id)
    game = rules_for(game_id, Project(project))(data)
    return Table(game, len(kinds), [Seat(k) for k in kinds], seed=seed)


def client_for(table: Table, playtest: Path, bot_delay: float = 30.0) -> TestClient:
    app = play_app.app(table, Faces(table.game.data), playtest, bot_delay=bot_delay)
    return TestClient(app, base_url=LOCAL)


# --- 1. no answer to a seat carries another hand, the deck or the seed ----------------------

def _secrets_of(table: Table, seat: int) -> set[str]:
    """Card ids a seat may not learn now: cards in zones it cannot see (other hands, the deck,
    face-down cards), unless a copy of the same card is in its sight."""
    state = table.state
    ids, layout = state.game.catalogue.ids, state.zones.layout
    seen = visible(state, seat)
    hidden = {ids[c] for pile in range(1, len(layout)) if layout.in_play(pile)
              for c in state.zones.piles[pile] if c != EMPTY and c not in seen}
    return hidden - {ids[c] for c in seen}


def _never_seen_names(table: Table, seat: int, ever: set[int]) -> set[str]:
    """Card names (as the log writes them) of cards this seat never saw, minus any name one of
    its seen cards also has or contains."""
    state = table.state
    allowed = {table.card_name(c) for c in ever}
    names = {table.card_name(c) for c in range(len(state.zones.where)) if c not in ever}
    return {n for n in names - allowed if not any(n in a for a in allowed) and len(n) > 1}


def _declared(table: Table, seat: int) -> set[int]:
    """Cards the rules module says an entry showed this seat (a card played face up under the
    top of a pile, which no view shows afterwards)."""
    log = table.state.log
    shown: set[int] = set()
    for i, players in log.seen_by.items():
        if seat in players:
            args = log.entries[i][1]
            shown.update(v for k, v in args.items() if k == "card")
            shown.update(c for k, v in args.items() if k == "cards" for c in v)
    return shown


def _check(answer: str, table: Table, seat: int, where: str) -> None:
    assert str(SEED) not in answer, f"{where}: the seed"
    # a refused step lists the notation's forms, the same whoever asks and whatever is dealt;
    # its words may spell a card id (bridge-over's 'chooses block|through|...') without leaking
    answer = re.sub(r"expected one of [^\"]*", "", answer)
    assert '"seed"' not in answer and '"history"' not in answer and '"rng"' not in answer, where
    for card in _secrets_of(table, seat):
        assert f'"{card}"' not in answer and not re.search(
            rf"(?<![\w-]){re.escape(card)}(?![\w-])", answer), f"{where}: {card} leaked to p{seat + 1}"


def _play_through_the_api(table: Table, tmp_path: Path, decisions: int) -> None:
    rng = random.Random(SEED)
    n = table.players
    tokens = [s.token for s in table.seats]
    ever: list[set[int]] = [set() for _ in range(n)]
    with client_for(table, tmp_path) as client:
        for step in range(decisions + 1):
            for p in range(n):
                ever[p] |= visible(table.state, p) | _declared(table, p)
                answer = client.get(f"/api/{tokens[p]}/view")
                assert answer.status_code == 200
                _check(answer.text, table, p, f"view {step}")
                log = json.loads(answer.text)["log"]
                for name in _never_seen_names(table, p, ever[p]):
                    hits = [line for line in log if re.search(
                        rf"(?<![\w♠♥♦♣]){re.escape(name)}(?![\w])", line)]
                    assert not hits, f"p{p + 1}'s log names {name}, never shown to it: {hits}"
            if table.state.is_over() or step == decisions:
                break
            me = table.state.current_player()
            legal = client.get(f"/api/{tokens[me]}/view").json()["legal"]
            other = (me + 1) % n
            # acting for another seat, and nonsense: refused without a hidden card
            refused = client.post(f"/api/{tokens[other]}/act", json={"action": legal[0]})
            assert refused.status_code == 409
            # (the refusal quotes what was sent; beyond that, nothing)
            _check(refused.json()["error"].replace(legal[0], ""), table, other, "a refusal")
            nonsense = client.post(f"/api/{tokens[me]}/act", json={"action": "p1 zzz"})
            _check(nonsense.text, table, me, "a refusal")
            done = client.post(f"/api/{tokens[me]}/act", json={"action": rng.choice(legal)})
            assert done.status_code == 200, done.text
            _check(done.text, table, me, "an act")
        for p in range(n):
            starts = client.get(f"/api/{tokens[p]}/starts")
            assert starts.status_code == 200
            _check(starts.text, table, p, "start points")
            assert all(s["start"] == 0 or s["after"] for s in starts.json()["starts"])


@pytest.mark.parametrize("game_id", BUNDLED)
def test_no_answer_to_a_seat_carries_another_hand_the_deck_or_the_seed(game_id, tmp_path):
    data = load_game(Project(ROOT), game_id)
    players = rules_for(game_id)(data).facts.min_players
    table = open_table(game_id, ["you"] * max(players, 3 if game_id == "super-page-one" else 2))
    _play_through_the_api(table, tmp_path, 30)


def test_a_projects_game_keeps_its_secrets_too(fox, tmp_path):
    table = open_table("fox", ["you", "you", "you"], project=fox)
    _play_through_the_api(table, tmp_path, 30)


def test_the_deal_is_secret_unless_fixed_and_bots_draw_from_secret_streams():
    hands = set()
    for _ in range(3):
        t = open_table("super-page-one", ["you", "random", "random"], seed=None)
        assert not t.fixed and t.view(0)["fixed_deal"] is False
        hands.add(tuple(c["id"] for c in t.view(0)["zones"]["hand p1"]))
    assert len(hands) == 3, "three secret deals dealt the same hand"
    # the same fixed deal, seat by seat, and bots that are not seeded from it
    a = open_table("super-page-one", ["random", "random", "random"], seed=0)
    b = open_table("super-page-one", ["random", "random", "random"], seed=0)
    assert a.view(0)["zones"] == b.view(0)["zones"] and a.view(0)["fixed_deal"]
    # a bot's stream is its own and secret: eight tables, eight different first picks, none
    # of them the stream the old tables seeded from the deal (seed * 31 + seat)
    firsts = {open_table("super-page-one", ["random", "you", "you"], seed=None).bots[0]
              .rng.random() for _ in range(8)}
    assert len(firsts) == 8 and random.Random(0).random() not in firsts
    fixed = [open_table("super-page-one", ["random"] * 3, seed=7).bots[0].rng.random()
             for _ in range(2)]
    assert fixed[0] == fixed[1] != random.Random(7 * 31).random()


# --- 2. undo and restart are the table's, not a peek ------------------------------------------

def _p1_first(kinds: list[str]) -> Table:
    """A secret super-page-one deal where p1 decides first (now and then another seat opens)
    and may draw or play."""
    for _ in range(50):
        t = open_table("super-page-one", kinds, seed=None)
        legal = t.view(0)["legal"]
        if t.deciding() == 0 and "p1 draws" in legal and any(" plays " in a for a in legal):
            return t
    raise AssertionError("p1 never opened")


def test_undo_is_no_peek_and_takes_back_only_my_own(tmp_path):
    t = _p1_first(["you", "you", "greedy"])
    p1, p2 = (s.token for s in t.seats[:2])
    with client_for(t, tmp_path) as client:
        view = client.get(f"/api/{p1}/view").json()
        hand = view["zones"]["hand p1"]
        assert client.post(f"/api/{p1}/act", json={"action": "p1 draws"}).status_code == 200
        drawn = client.get(f"/api/{p1}/view").json()["zones"]["hand p1"]
        assert len(drawn) == len(hand) + 1
        # draw, look, undo: refused, the drawn card stays in the hand
        refused = client.post(f"/api/{p1}/undo", json={})
        assert refused.status_code == 409 and "戻せない" in refused.json()["error"]
        assert client.get(f"/api/{p1}/view").json()["undo_refusal"] == refused.json()["error"]
        assert client.get(f"/api/{p1}/view").json()["zones"]["hand p1"] == drawn
    # p2's undo never removes p1's decision
    t = _p1_first(["you", "you", "greedy"])
    p1, p2 = (s.token for s in t.seats[:2])
    with client_for(t, tmp_path) as client:
        legal = client.get(f"/api/{p1}/view").json()["legal"]
        plays = [a for a in legal if " plays " in a]   # _p1_first dealt one
        client.post(f"/api/{p1}/act", json={"action": plays[0]})
        assert t.decisions and t.decisions[-1].player == 0
        answer = client.post(f"/api/{p2}/undo", json={})
        assert answer.status_code == 409 and t.decisions[-1].player == 0
        # p1's own play took nothing hidden back into view: undone
        assert client.post(f"/api/{p1}/undo", json={}).json() == {"undone": 1}
        assert t.decisions == []


def test_undo_draws_chance_anew_from_a_secret_stream():
    t = _p1_first(["you", "random", "random"])
    before = t.state.rng.getstate()
    legal = t.view(0)["legal"]
    plays = [a for a in legal if " plays " in a]   # _p1_first dealt one
    t.act(0, plays[0])
    assert not t.witness.shown_since(0, [0], 0)   # p1's own card, face up, hides nothing from p1
    t.undo(0)
    assert t.state.rng.getstate() != before and t.decisions == []


def test_restart_needs_every_person_at_the_table(tmp_path):
    t = _p1_first(["you", "you", "greedy"])
    p1, p2 = (s.token for s in t.seats[:2])
    with client_for(t, tmp_path) as client:
        view = client.get(f"/api/{p1}/view").json()
        first = view["zones"]["hand p1"]
        assert client.post(f"/api/{p1}/act", json={"action": view["legal"][-1]}).status_code == 200
        assert client.post(f"/api/{p1}/restart", json={"seed": 5}).json() == {"restarted": False}
        seen_by_p2 = client.get(f"/api/{p2}/view").json()["restart"]
        assert seen_by_p2 == {"asked": ["p1"], "mine": False, "people": 2}
        assert t.decisions, "one seat restarted the game for everyone"
        assert client.post(f"/api/{p2}/restart", json={}).json() == {"restarted": True}
        again = client.get(f"/api/{p1}/view").json()
        assert again["decisions"] == 0 and again["restart"]["asked"] == []
        assert again["zones"]["hand p1"] != first   # a new secret deal


# --- 3. each seat's log is its own ------------------------------------------------------------

def _a_give(seed_from: int = 0) -> Table:
    """A super-page-one table (bots only) that has just seen a 7's give."""
    for seed in range(seed_from, seed_from + 60):
        t = open_table("super-page-one", ["greedy"] * 4, seed=seed)
        while not t.state.is_over() and len(t.decisions) < 300:
            t.bot_step()
            if any(k == "give" for k, _ in t.state.log.entries):
                return t
    raise AssertionError("no 7 was given in 60 games")


def test_a_given_card_is_named_only_to_the_giver_and_the_taker():
    t = _a_give()
    at = next(i for i, (k, _) in enumerate(t.state.log.entries) if k == "give")
    args = t.state.log.entries[at][1]
    giver, taker, card = args["p"], args["q"], t.state.card_label(args["card"])
    for seat in range(t.players):
        line = t.view(seat)["log"][at]
        if seat in (giver, taker):
            assert card in line, line
        else:
            assert card not in line and "カード1枚" in line, line
            assert line == f"P{giver + 1} が カード1枚 を P{taker + 1} に渡す。"


def test_a_card_seen_by_one_player_inside_a_decision_is_named_to_it_alone():
    """The engine's mechanism for every game: an entry may declare who sees its card."""
    t = open_table("super-page-one", ["greedy"] * 3)
    state = t.state
    deck = state.zones.piles[state.zones.layout.of("deck")]
    state.log.add("activate", seen_by=(1,), p=1, card=deck[-1], name="look")
    t.witness.note(state)
    label = state.card_label(deck[-1])
    assert label in t.view(1)["log"][-1]
    assert label not in t.view(0)["log"][-1] and label not in t.view(2)["log"][-1]
    assert label in state.sentences()[-1]   # the rulebook's log still names it


# --- 4. Host, Origin, CSP ---------------------------------------------------------------------

def _raw(port: int, text: str) -> str:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(text.encode())
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
            if b"\r\n\r\n" in data and b"text/event-stream" in data:
                break
    return data.decode("utf-8", "replace")


def _request(port: int, method: str, path: str, host: str, headers: dict[str, str] | None = None,
             body: bytes = b"") -> str:
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", "Connection: close",
             f"Content-Length: {len(body)}"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    return _raw(port, "\r\n".join(lines) + "\r\n\r\n" + body.decode())


@pytest.fixture(scope="module")
def browser_session():
    from live_helpers import CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS + [
            "--host-resolver-rules=MAP attacker.example 127.0.0.1"])
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def preview_app(fox):
    from deckwright.live import serve_app
    from deckwright.live.preview import Preview
    return serve_app.app(Preview(Project(fox)), watch=False)


def test_both_servers_answer_only_their_own_host_and_refuse_cross_site_posts(
        preview_app, tmp_path, browser_session):
    from live_helpers import running
    from starlette.applications import Starlette
    from starlette.responses import HTMLResponse
    from starlette.routing import Route

    t = _p1_first(["you", "greedy", "greedy"])
    token = t.seats[0].token
    table_app = play_app.app(t, Faces(t.game.data), tmp_path, bot_delay=30.0)

    async def evil(request):
        return HTMLResponse("<!doctype html><title>evil</title>")
    attacker = Starlette(routes=[Route("/", evil)])
    with running(table_app) as table_base, running(preview_app) as preview_base, \
            running(attacker) as attacker_base:
        tport, pport = int(table_base.rsplit(":", 1)[1]), int(preview_base.rsplit(":", 1)[1])
        for port, path in ((tport, f"/api/{token}/view"), (tport, f"/seat/{token}"),
                           (pport, "/g/fox/data"), (pport, "/g/fox/rulebook/"),
                           (pport, "/g/fox/card/face/red-1.png")):
            for host in ("attacker.example", f"attacker.example:{port}", "127.0.0.1.nip.io",
                         "localhost.attacker.example"):
                answer = _request(port, "GET", path, host)
                assert answer.startswith("HTTP/1.1 421"), (host, path, answer[:80])
            for host in (f"127.0.0.1:{port}", f"localhost:{port}", "[::1]"):
                answer = _request(port, "GET", path, host)
                assert answer.startswith("HTTP/1.1 200"), (host, path, answer[:200])
                assert "content-security-policy: default-src 'none'; script-src 'self'" in answer.lower()
        host = f"127.0.0.1:{tport}"
        for headers in ({"Content-Type": "text/plain"},
                        {"Content-Type": "application/x-www-form-urlencoded"},
                        {"Content-Type": "application/json", "Origin": "http://attacker.example"},
                        {"Content-Type": "application/json", "Origin": "null"},
                        {"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}):
            answer = _request(tport, "POST", f"/api/{token}/act", host, headers,
                              json.dumps({"action": "p1 draws"}).encode())
            assert answer.startswith("HTTP/1.1 403"), (headers, answer[:80])
        assert t.decisions == []
        same = _request(tport, "POST", f"/api/{token}/act", host,
                        {"Content-Type": "application/json", "Origin": f"http://{host}"},
                        b'{"action": "p1 draws"}')
        assert same.startswith("HTTP/1.1 200") and len(t.decisions) == 1
        # the events stream of a seat carries versions only
        stream = _request(tport, "GET", f"/api/{token}/events", host)
        assert re.search(r"data: \d+", stream) or "text/event-stream" in stream
        # in a browser: a page of another site posts to the table (a simple, no-cors request)
        page = browser_session.new_page()
        page.goto(attacker_base + "/")
        page.evaluate("""async (url) => {
            for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
              try { await fetch(url, {method: 'POST', mode: 'no-cors', headers: {'Content-Type': type},
                                      body: JSON.stringify({agree: true})}); } catch (e) {}
            }
            try { await fetch(url, {method: 'POST', headers: {'Content-Type': 'application/json'},
                                    body: '{}'}); } catch (e) {}
        }""", f"{table_base}/api/{token}/restart")
        assert t.decisions and not t.restart_asked, "another site restarted the table"
        # DNS rebinding: a name that resolves to 127.0.0.1 gets nothing
        answer = page.goto(f"http://attacker.example:{pport}/g/fox/data")
        assert answer.status == 421 and "cards" not in page.content()
        answer = page.goto(f"http://attacker.example:{tport}/api/{token}/view")
        assert answer.status == 421
        # the real pages work under their policy: no violation reported
        problems: list[str] = []
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(f"{table_base}/seat/{token}")
        page.wait_for_selector('[data-zone="hand p1"] img.card')
        page.goto(f"{preview_base}/g/fox/")
        page.wait_for_selector("#gallery img")
        page.goto(f"{preview_base}/g/fox/rulebook/")
        page.wait_for_load_state("load")
        assert not [p for p in problems if "Content Security Policy" in p], problems
        page.close()


def test_a_wildcard_host_answers_ip_addresses_but_not_names():
    from deckwright.live.guard import Guard
    wild = Guard(None, "0.0.0.0")
    assert wild.host_ok("192.168.1.20:8765") and wild.host_ok("localhost:1")
    assert not wild.host_ok("attacker.example") and not wild.host_ok("")
    named = Guard(None, "table.lan")
    assert named.host_ok("table.lan:8765") and not named.host_ok("192.168.1.20")
    assert Guard(None, "::1").host_ok("[::1]:80")


# --- 5. refusals, not 500s; Ctrl-C --------------------------------------------------------------

def test_bad_requests_are_refused_with_a_reason(tmp_path):
    t = open_table("super-page-one", ["you", "greedy", "greedy"], seed=None)
    token = t.seats[0].token
    with client_for(t, tmp_path) as client:
        assert client.get("/api/%C3%A9/view").status_code == 404
        assert client.get("/seat/%C3%A9%00").status_code == 404
        assert client.post("/api/%C3%A9/act", json={"action": "x"}).status_code == 404
        huge = b'{"start": ' + b"9" * 4400 + b', "title": "x"}'
        for path, body, status in (
                (f"/api/{token}/record", huge, 400),
                (f"/api/{token}/restart", b'{"agree": ' + b"1" * 4400 + b"}", 400),
                (f"/api/{token}/act", b"[" * 60000, 400),
                (f"/api/{token}/act", b"[" * 200000, 413),
                (f"/api/{token}/act", b'{"a": ' * 10000, 400),
                (f"/api/{token}/act", b"\xff\xfe not json", 400),
                (f"/api/{token}/restart", b'{"agree": "yes"}', 400),
                (f"/api/{token}/act", b"[1, 2]", 400)):
            answer = client.post(path, content=body, headers={"Content-Type": "application/json"})
            assert answer.status_code == status, (path, body[:20], answer.text[:200])
            if status == 400:
                assert answer.json()["error"] and len(answer.json()["error"]) <= 200
        assert t.decisions == [] and t.restart_asked == set()


def test_a_seed_of_thousands_of_digits_is_a_usage_error(capsys):
    from deckwright.cli import main
    try:
        code = main(["-C", str(ROOT), "play", "super-page-one", "--seed", "9" * 4400, "--port", "0"])
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2 and "at most 30 digits" in err and "9" * 40 not in err


def test_saving_through_a_symlink_out_of_the_project_is_refused(tmp_path):
    project = tmp_path / "proj"
    (project / "playtest" / "super-page-one").mkdir(parents=True)
    outside = tmp_path / "outside.yaml"
    outside.write_text("game: super-page-one\nexamples: []\n", encoding="utf-8")
    (project / "playtest" / "super-page-one" / "recorded.yaml").symlink_to(outside)
    t = open_table("super-page-one", ["you", "greedy", "greedy"])
    with client_for(t, project / "playtest", bot_delay=0.0) as client:
        client.post(f"/api/{t.seats[0].token}/act", json={"action": t.view(0)["legal"][0]})
        answer = client.post(f"/api/{t.seats[0].token}/record", json={"start": 0, "title": "x"})
    assert answer.status_code == 409 and "outside the project" in answer.json()["error"]
    assert outside.read_text(encoding="utf-8") == "game: super-page-one\nexamples: []\n"


def _started(cmd: list[str], cwd: Path) -> tuple[subprocess.Popen, int, str]:
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    line = ""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)(/\S*)", line)
        if found:
            return proc, int(found.group(1)), found.group(2)
    proc.kill()
    raise AssertionError(f"no address printed: {line!r} {proc.stderr.read()}")


@pytest.mark.parametrize("command", ["play", "serve"])
def test_ctrl_c_stops_a_server_with_a_page_open_within_two_seconds(command, fox):
    args = (["play", "fox", "--seats", "you,random"] if command == "play" else ["serve", "fox"])
    proc, port, path = _started([sys.executable, "-m", "deckwright", *args, "--port", "0"], fox)
    try:
        events = path.replace("/seat/", "/api/") + "/events" if command == "play" else "/events"
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            s.sendall(f"GET {events} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            assert b"text/event-stream" in s.recv(4096)   # a page is following the server
            start = time.monotonic()
            proc.send_signal(signal.SIGINT)
            assert proc.wait(timeout=5) == 0
            took = time.monotonic() - start
    finally:
        if proc.poll() is None:
            proc.kill()
    err = proc.stderr.read()
    assert took < 2.0, took
    assert "Traceback" not in err and "graceful shutdown" not in err, err


# --- 6. what the page shows; the recorder -------------------------------------------------------

def test_the_page_shows_public_facts_known_face_down_cards_and_names(fox, tmp_path,
                                                                    browser_session):
    from live_helpers import running

    t = open_table("fox", ["you", "random"], project=fox)
    t.act(0, t.view(0)["legal"][0])   # a sentence naming a player; the bot then waits
    app = play_app.app(t, Faces(t.game.data), tmp_path, bot_delay=30.0)
    with running(app) as base:
        page = browser_session.new_page()
        page.goto(f"{base}/seat/{t.seats[0].token}")
        page.wait_for_selector("#public dd")
        top = t.state.zones.top(t.game.DISCARD)
        colour = t.game.data.db.game.palette[t.game.catalogue.card(top).colors[0]].name
        assert page.text_content('#public dd[data-fact="colour"]') == colour
        assert page.text_content('[data-zone="hand p1"] h3') == "Hand P1"
        log = page.text_content("#log")
        ids = set(t.game.catalogue.ids)
        assert t.card_name(top) in log and not any(re.search(rf"\b{i}\b", log) for i in ids)
        assert "P1 " in log and not re.search(r"\bp\d", log), log   # players as pages name them
        assert "Fixed deal" in page.text_content("#status") or "fixed deal" in page.text_content("#status")
        header = page.text_content("#status")
        assert "P1" in header and "p1 " not in header
        page.close()
    # treasure-scramble: a player sees its own face-down card
    ts = open_table("treasure-scramble", ["you", "greedy"], seed=3)
    while not any(ts.state.known[0].values()) and not ts.state.is_over():
        if ts.deciding() == 0:
            ts.act(0, ts.view(0)["legal"][0])
        else:
            ts.bot_step()
    card = next(iter(ts.state.known[0].values()))
    field = ts.view(0)["zones"]["field"]
    assert {"known": {"id": ts.game.catalogue.ids[card], "label": ts.card_name(card)}} in field
    assert not any(isinstance(c, dict) and "known" in c for c in ts.view(1)["zones"]["field"]
                   if card not in ts.state.known[1].values())
    app = play_app.app(ts, Faces(ts.game.data), tmp_path, bot_delay=30.0)
    with running(app) as base:
        page = browser_session.new_page()
        page.goto(f"{base}/seat/{ts.seats[0].token}")
        page.wait_for_selector('[data-zone="field"] img.facedown')
        assert page.get_attribute('[data-zone="field"] img.facedown', "data-card") == \
            ts.game.catalogue.ids[card]
        page.close()


def test_the_recorder_names_its_starts_states_only_the_cards_needed_and_refuses_no_steps(
        tmp_path):
    assert record.next_id([], "Recorded from the table") == "recorded-from-the-table"
    assert record.next_id([], "recorded") == "recorded"
    assert record.next_id([{"id": "recorded-x"}], "x") == "recorded-x-2"
    project = tmp_path / "proj"
    (project / "cards").mkdir(parents=True)
    (project / "cards" / "super-page-one.yaml").write_bytes(
        (ROOT / "cards" / "super-page-one.yaml").read_bytes())
    t = open_table("super-page-one", ["you", "random", "random"], seed=4, project=project)
    with client_for(t, project / "playtest", bot_delay=0.0) as client:
        token = t.seats[0].token
        # at the start nothing was played: nothing to offer, nothing to save
        assert client.get(f"/api/{token}/starts").json()["starts"] == []
        empty = client.post(f"/api/{token}/record", json={"start": 0, "title": "x"})
        assert empty.status_code == 409 and "step" in empty.json()["error"]
        client.post(f"/api/{token}/act", json={"action": "p1 draws"})
        deadline = time.monotonic() + 10
        while t.deciding() != 0 and not t.state.is_over() and time.monotonic() < deadline:
            time.sleep(0.02)
        starts = client.get(f"/api/{token}/starts").json()
        now = starts["decisions"]
        assert all(s["start"] < now for s in starts["starts"])
        assert all(s["start"] == 0 or s["after"].endswith("。") for s in starts["starts"])
        assert client.post(f"/api/{token}/record", json={"start": now, "title": "x"}).status_code == 409
        saved = client.post(f"/api/{token}/record", json={"start": 0, "title": "Recorded opening"})
        assert saved.status_code == 200, saved.text
        assert saved.json()["id"] == "recorded-opening"
    import yaml
    doc = yaml.safe_load((project / "playtest" / "super-page-one" / "recorded.yaml").read_text())
    example = doc["examples"][0]
    deck = t.state_at(0).zones.piles[t.state_at(0).zones.layout.of("deck")]
    assert 1 <= len(example["setup"]["deck"]) < len(deck) // 2, example["setup"]["deck"]
    assert "seed" not in example["text"]
    run = subprocess.run([sys.executable, "-m", "deckwright", "-C", str(project), "playtest",
                          "super-page-one"], capture_output=True, text=True, timeout=300,
                         cwd=ROOT)
    assert "1 passed" in run.stdout or "0 failed" in run.stdout, run.stdout + run.stderr


def test_a_hand_an_event_lets_a_player_look_at_is_shown_to_it_alone_while_it_picks():
    """ghost-couple's peek-and-vanish event: the picker must see the hand it picks from."""
    t = open_table("ghost-couple", ["you", "you", "you"])
    state = t.state
    p = state.turns.current
    q = (p + 1) % 3
    state.phase = "look"
    state.apply(("look", q), p, check=False)
    assert state.phase == "vanish-hand"
    theirs = t.view(p)["zones"][f"hand p{q + 1}"]
    ids = state.game.catalogue.ids
    assert sorted(c["id"] for c in theirs["shown"]) == sorted(ids[c] for c in state.hand(q))
    third = (p + 2) % 3
    assert t.view(third)["zones"][f"hand p{q + 1}"]["shown"] == []
    assert all(ids[c] in " ".join(t.view(p)["legal"]) for c in state.hand(q)[:1])
