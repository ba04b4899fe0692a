"""The HTML rulebook in Chromium, on a phone (390 px) and a desktop (1280 px).

The page is laid out by a real browser and measured there: nothing wider than the window (no
horizontal scroll, no element past the right edge), one column of steps on a phone, no text
under 11 px, mini cards that hold their whole label. Screenshots of both widths are written for
the docs when DECKWRIGHT_SCREENSHOTS names a folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from deckwright.model import Project, load_game
from deckwright.press.rulebook.context import ContextBuilder
from deckwright.press.rulebook.render import render_page, stylesheet, template_dirs

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(p.stem for p in (ROOT / "cards").glob("*.yaml") if "." not in p.stem)  # not editions
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]

MEASURE = """() => {
  const width = window.innerWidth;
  const visible = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const all = [...document.body.querySelectorAll('*')].filter(visible);
  const past = all.filter(e => e.getBoundingClientRect().right > width + 0.5)
                  .map(e => e.tagName + '.' + e.className + ' ' + (e.textContent || '').slice(0, 30));
  const texty = all.filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()));
  const small = texty.filter(e => parseFloat(getComputedStyle(e).fontSize) < 11)
                     .map(e => e.tagName + '.' + e.className + ' ' + getComputedStyle(e).fontSize);
  const clipped = [...document.querySelectorAll('.mini')].filter(visible)
                     .filter(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
                     .map(e => e.textContent);
  const two = [...document.querySelectorAll('.steps.two')].map(s => {
      const [a, b] = s.querySelectorAll('ol'); const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
      return {stacked: rb.top >= ra.bottom - 1, side: rb.left >= ra.right - 1}; });
  return {scroll: document.documentElement.scrollWidth, width, past: past.slice(0, 10),
          small: small.slice(0, 40), clipped: clipped.slice(0, 10), two};
}"""


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """game id -> its rulebook.html (HTML and CSS only; no PDF is needed here)."""
    out = {}
    for game_id in GAMES:
        game = load_game(Project(ROOT), game_id)
        folder = tmp_path_factory.mktemp(game_id)
        dirs = template_dirs(game.project.templates_dir)
        html = render_page(dirs, ContextBuilder(game, {}, folder).build("a5"))
        (folder / "rulebook.html").write_text(html, encoding="utf-8")
        (folder / "rulebook.css").write_bytes(stylesheet(dirs))
        out[game_id] = folder / "rulebook.html"
    return out


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def measure(browser, html: Path, width: int, shot: bool = False) -> dict:
    context = browser.new_context(viewport={"width": width, "height": 844}, device_scale_factor=1)
    try:
        page = context.new_page()
        page.route("**/*", lambda r: r.continue_() if r.request.url.startswith("file://")
                   else r.abort())
        page.goto(html.as_uri(), wait_until="load")
        found = page.evaluate(MEASURE)
        folder = os.environ.get("DECKWRIGHT_SCREENSHOTS")
        if shot and folder:
            page.locator(".example:has(.steps.two)").first.evaluate("e => e.scrollIntoView()")
            page.screenshot(path=str(Path(folder) / f"rulebook-{width}.png"))
        return found
    finally:
        context.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_phone_width_is_one_readable_column(browser, pages, game_id) -> None:
    found = measure(browser, pages[game_id], 390, shot=game_id == "bridge-over")
    assert found["scroll"] <= found["width"], found["past"]
    assert found["past"] == []
    assert found["small"] == []
    assert found["clipped"] == []
    assert found["two"] and all(t["stacked"] for t in found["two"])


@pytest.mark.parametrize("game_id", GAMES)
def test_desktop_width_keeps_two_step_columns(browser, pages, game_id) -> None:
    found = measure(browser, pages[game_id], 1280, shot=game_id == "bridge-over")
    assert found["scroll"] <= found["width"] and found["past"] == []
    assert found["small"] == [] and found["clipped"] == []
    assert found["two"] and all(t["side"] for t in found["two"])
