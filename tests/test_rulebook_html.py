"""The HTML rulebook: card text stays text, and the page works offline in headless Chromium."""

from __future__ import annotations

import io
from html.parser import HTMLParser
from pathlib import Path

import pytest

from test_rulebook_pdf import built  # noqa: F401  (the session-wide build of the fixture game)


class Elements(HTMLParser):
    """Every start tag with its attributes, and the page's text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def parse(html: str) -> Elements:
    p = Elements()
    p.feed(html)
    return p


def test_card_text_holding_html_is_text_never_markup(built):  # noqa: F811
    game, result, reader, texts = built
    page = parse(result.html.read_text(encoding="utf-8"))
    names = [tag for tag, _ in page.tags]
    assert "script" not in names and "iframe" not in names and "em" not in names
    assert [a for t, a in page.tags if t == "img"] == [{"src": "cards/red-1.png", "alt": "赤の1"}]
    assert not any(k.startswith("on") for _, attrs in page.tags for k in attrs)
    assert not any("evil" in (v or "") for _, attrs in page.tags for v in attrs.values())
    text = "".join(page.text)
    assert "<script>alert('pwn')</script>ハッカー" in text
    assert "<img src=x onerror=alert(1)>を出す & <a href='http://evil.example/'>リンク</a>" in text
    assert "<script>document.title='x'</script>は文字として表示する。" in text


def test_html_links_only_files_beside_it(built):  # noqa: F811
    game, result, reader, texts = built
    page = parse(result.html.read_text(encoding="utf-8"))
    refs = [v for t, a in page.tags for k, v in a.items() if k in ("href", "src") and v]
    external = [r for r in refs if not r.startswith("#")]
    assert sorted(set(external)) == ["cards/red-1.png", "rulebook.css"]
    for ref in external:
        assert (result.html.parent / ref).is_file()
    # ruby for readings, the language for the browser's line breaking
    assert ("html", {"lang": "ja"}) in page.tags
    assert any(t == "rt" for t, _ in page.tags)


def test_chromium_loads_it_offline_without_errors(built):  # noqa: F811
    game, result, reader, texts = built
    sync_api = pytest.importorskip("playwright.sync_api")
    from PIL import Image

    problems: list[str] = []
    outside: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        try:
            page = browser.new_page(viewport={"width": 900, "height": 1200})
            page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: problems.append(str(e)))
            page.on("requestfailed", lambda r: problems.append(f"failed {r.url}"))

            def only_files(route):
                if route.request.url.startswith("file://"):
                    route.continue_()
                else:
                    outside.append(route.request.url)
                    route.abort()
            page.route("**/*", only_files)
            page.goto(result.html.as_uri(), wait_until="load")
            state = page.evaluate("""() => ({
                title: document.title,
                scripts: document.scripts.length,
                sheets: document.styleSheets.length,
                imagesLoaded: [...document.images].every(i => i.complete && i.naturalWidth > 0),
                images: document.images.length,
                hacker: document.getElementById('card-hacker').textContent,
                font: getComputedStyle(document.body).fontFamily,
                lineBreak: getComputedStyle(document.documentElement).lineBreak,
            })""")
            shot = page.screenshot(full_page=False)
        finally:
            browser.close()
    assert problems == [] and outside == []
    assert state["title"] == "テスト札遊び ルールブック"
    assert state["scripts"] == 0 and state["sheets"] == 2
    assert state["images"] == 1 and state["imagesLoaded"]
    assert "<script>alert('pwn')</script>ハッカー" in state["hacker"]
    assert "IPAexMincho" in state["font"] and state["lineBreak"] == "strict"
    image = Image.open(io.BytesIO(shot)).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 50
    background = max(colours)[0]
    inked = sum(n for n, _ in colours) - background
    assert inked > 0.02 * image.width * image.height
