"""The rulebook PDF read back: outline, TOC page numbers, index, text, kinsoku, metadata."""

from __future__ import annotations

import io
import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader

from deckwright.model import Project, load_game
from deckwright.press.rulebook import build_rulebook
from deckwright.press.rulebook.build import RulebookResult

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "rulebook"


@dataclass(frozen=True)
class V:
    """A verdict shaped like deckwright.app.verify.Verdict."""

    example_id: str
    status: str
    detail: str = ""


VERDICTS = {"play-same-colour": V("play-same-colour", "verified"),
            "skip-two-players": V("skip-two-players", "failing", "expected turn p2, got p1"),
            "draw-two-chain": V("draw-two-chain", "unverified", "no rules module")}


def card_png(path: Path, colour: str) -> None:
    """A stand-in for the print-and-play PNG export of one card."""
    from PIL import Image, ImageDraw
    path.parent.mkdir(parents=True, exist_ok=True)
    image = Image.new("RGB", (250, 350), "white")
    ImageDraw.Draw(image).rectangle((10, 10, 240, 340), outline=colour, width=12)
    image.save(path)


def _make_built(root: Path) -> None:
    """The fixture game's project in root/p, its rulebook built; what the build returned
    beside the files in root/result.json."""
    project = root / "p"
    shutil.copytree(FIXTURE, project, ignore=shutil.ignore_patterns("build"))
    card_png(project / "build" / "rb" / "cards" / "red-1.png", "#d0312d")
    result = build_rulebook(load_game(Project(project), "rb"), verdicts=VERDICTS)
    (root / "result.json").write_text(json.dumps(
        {"pages": result.pages, "failing": result.failing, "warnings": result.warnings,
         "seconds": result.seconds}), encoding="utf-8")


@pytest.fixture(scope="session")
def built(shared_folders):
    """The fixture game built once for the run (conftest.py's `shared_folders`): (game,
    result, reader, page texts); the other rulebook test files import this fixture."""
    root = shared_folders.get("rulebook-fixture", _make_built)
    project = root / "p"
    saved = json.loads((root / "result.json").read_text(encoding="utf-8"))
    out = project / "build" / "rb"
    result = RulebookResult("rb", out / "rulebook.pdf", out / "rulebook.html", saved["pages"],
                            False, saved["seconds"], [tuple(f) for f in saved["failing"]],
                            saved["warnings"])
    reader = PdfReader(io.BytesIO(result.pdf.read_bytes()))
    texts = [page.extract_text() for page in reader.pages]
    return load_game(Project(project), "rb"), result, reader, texts


def flat(text: str) -> str:
    """Text without whitespace: PDF lines wrap and justified text gains spaces."""
    return re.sub(r"\s+", "", text)


def outline(reader: PdfReader) -> list[tuple[int, str, int]]:
    """(depth, title, 1-based page) for every bookmark."""
    found: list[tuple[int, str, int]] = []

    def walk(items: list, depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                found.append((depth, item.title, reader.get_destination_page_number(item) + 1))
    walk(reader.outline, 0)
    return found


def toc_entries(texts: list[str]) -> list[tuple[str, int]]:
    page = next(t for t in texts if t.lstrip().startswith("目次"))
    entries = []
    for line in page.splitlines()[1:]:
        m = re.match(r"^\s*(.+?)[\s.]*?(\d+)\s*$", line)
        if m:
            entries.append((m.group(1).rstrip(" ."), int(m.group(2))))
    return entries


def fills_pages(texts: list[str]) -> range:
    """The pages 「この版で補ったこと」 is printed on: from its first to where the next chapter
    starts (the list may continue on the page after its heading)."""
    entries = toc_entries(texts)
    start = dict(entries)["この版で補ったこと"]
    after = [n for _, n in entries if n > start]
    return range(start, (min(after) if after else len(texts)) + 1)


def test_outline_has_every_chapter_and_rules_section(built):
    game, result, reader, texts = built
    marks = outline(reader)
    top = [title for depth, title, _ in marks if depth == 0]
    assert top == ["目次", "内容物", "ルール", "遊びの例", "カードリファレンス", "その他の裁定",
                   "この版で補ったこと", "用語集", "カード索引"]
    nested = [(depth, title) for depth, title, _ in marks if depth > 0]
    for title in ("ゲームの概要", "準備", "手番の流れ", "得点", "ゲームの終わり"):
        assert (1, title) in nested
    assert (2, "最初の場札") in nested and (3, "アクションを出す") in nested
    # a bookmark's title is the heading without its badges
    assert not any("プロジェクト" in title for _, title, _ in marks)


def test_toc_numbers_are_the_pages_of_the_headings(built):
    game, result, reader, texts = built
    entries = toc_entries(texts)
    assert len(entries) >= 12
    bookmarks = {title: page for _, title, page in outline(reader)}
    for title, number in entries:
        assert bookmarks[title] == number, title
        lines = [line.strip() for line in texts[number - 1].splitlines()]
        assert any(line.startswith(title) for line in lines), (title, number)
    # the chapters are really spread over several pages (later chapters follow on the page
    # an earlier one ends, so a short chapter leaves no nearly empty page)
    assert len({n for _, n in entries}) >= 5


def characters(pdf: Path, index: int) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The characters of page `index` (0-based) with their boxes (left, bottom, right, top)."""
    import pypdfium2 as pdfium
    document = pdfium.PdfDocument(pdf)
    try:
        page = document[index].get_textpage()
        return [(page.get_text_range(i, 1), page.get_charbox(i)) for i in range(page.count_chars())]
    finally:
        document.close()


def page_references(pdf: Path) -> list[tuple[int, str, int, int]]:
    """Every link that prints a page number (after a leader's dots, or as （Nページ）):
    (page it is on, the text it covers, the number it prints, the page it leads to)."""
    reader = PdfReader(pdf)
    targets = {name: reader.get_destination_page_number(dest) + 1
               for name, dest in reader.named_destinations.items()}
    found = []
    for index, page in enumerate(reader.pages):
        links = [a.get_object() for a in page.get("/Annots", [])]
        links = [a for a in links if a.get("/Subtype") == "/Link" and "/Dest" in a]
        chars = characters(pdf, index) if links else []
        for link in links:
            x1, y1, x2, y2 = (float(v) for v in link["/Rect"])
            text = "".join(c for c, (l, b, r, t) in chars
                           if min(x1, x2) <= (l + r) / 2 <= max(x1, x2)
                           and min(y1, y2) <= (b + t) / 2 <= max(y1, y2)).strip()
            number = re.search(r"(?:\.\s*|（)(\d+)(?:ページ）)?$", text)
            if number:
                found.append((index + 1, text, int(number[1]), targets[str(link["/Dest"])]))
    return found


def test_every_printed_page_reference_is_the_page_its_link_leads_to(built):
    """Contents, card index and 「この版で補ったこと」 print the page of what they link to."""
    game, result, reader, texts = built
    references = page_references(result.pdf)
    pages = dict(toc_entries(texts))
    where = {n for n, *_ in references}
    assert 2 in where and pages["カード索引"] in where and pages["この版で補ったこと"] in where
    assert len({(n, text) for n, text, _, _ in references}) >= 30
    wrong = [(n, text, number, target) for n, text, number, target in references
             if number != target]
    assert not wrong
    # the fills also cite pages with one digit and pages other than their own
    fills = [number for n, text, number, _ in references
             if n in fills_pages(texts) and "ページ" in text]
    assert len(fills) >= 7 and min(fills) < 10 and len(set(fills)) >= 3


def test_page_numbers_sit_where_they_would_have_been_laid_out(built):
    """The numbers are printed after the layout (press/rulebook/pagerefs.py): in the contents
    they end at one right edge with the leader's dots running up to them; in running text no
    gap is left around a number narrower than the room the layout kept for it."""
    game, result, reader, texts = built
    pages = dict(toc_entries(texts))
    lines: dict[int, list] = {}
    for char, box in characters(result.pdf, 1):
        if char.strip():
            lines.setdefault(round(box[1]), []).append((char, box))
    # page 2 is a left page: its wider margin, 17 mm, is on the right, at the spine
    edge = float(reader.pages[1].mediabox.width) - 17 / 25.4 * 72
    rows = 0
    for row in lines.values():
        digits = [box for char, box in row if char.isdigit()]
        dots = [box for char, box in row if char == "."]
        if not (digits and len(dots) > 2):
            continue
        rows += 1
        pitch = dots[-1][0] - dots[-2][0]
        assert digits[-1][2] == pytest.approx(edge, abs=1.5)
        assert 0 < digits[0][0] - dots[-1][2] < 2 * pitch       # no dot missing, none over it
    assert rows == len(toc_entries(texts))
    found = 0
    for page in fills_pages(texts):
        found += _numbers_close_up(characters(result.pdf, page - 1))
    assert found >= 6


def _numbers_close_up(chars) -> int:
    """How many 「（Nページ）」 a page's characters hold, each checked for gaps."""
    text = "".join(char for char, _ in chars)
    # the reader's edition lists each filled-in point by title and page (its text is printed
    # where it applies): 「人数（4ページ）」
    cited = list(re.finditer(r"（(\d+)ページ）", text))
    for m in cited:
        first, last = m.start(1), m.end(1) - 1
        assert chars[first][1][0] - chars[first - 1][1][2] < 3      # after （
        # each digit of room left unused would add 4.75 pt before ページ (and the text
        # extraction would see a space)
        assert chars[last + 1][1][0] - chars[last][1][2] < 3
    return len(cited)


def test_every_card_is_in_the_index_and_the_text(built):
    game, result, reader, texts = built
    index_page = dict(toc_entries(texts))["カード索引"]
    index = "\n".join(texts[index_page - 1:])
    body = flat("\n".join(texts[:index_page - 1]))
    for card in game.db.cards:
        assert flat(card.name) in flat(index), card.id
        assert flat(card.name) in body, card.id
    # index entries carry the page of the card's entry
    bookmarks = {title: page for _, title, page in outline(reader)}
    first_card_page = bookmarks["カードリファレンス"]
    numbers = [int(n) for n in re.findall(r"赤の1[ .]*?(\d+)", index)]
    assert numbers and numbers[0] >= first_card_page
    assert "赤の1" in texts[numbers[0] - 1]


def test_html_in_card_text_is_printed_as_text(built):
    game, result, reader, texts = built
    everything = flat("\n".join(texts))
    for text in ("<script>alert('pwn')</script>ハッカー", "<img src=x onerror=alert(1)>",
                 "<a href='http://evil.example/'>リンク</a>", "<iframe src=//evil></iframe>",
                 "種族<b>bold</b>", "<em>ハッカー</em>の裁定", "<script>alert(3)</script>を出す。"):
        assert flat(text) in everything, text


def test_verdicts_rulings_and_fills_are_shown(built):
    game, result, reader, texts = built
    everything = "\n".join(texts)
    proof = "\n".join(page.extract_text() for page in PdfReader(result.proof_pdf).pages)
    for label in ("検証済み", "検証で不一致", "未検証"):   # the proof's, never the reader's
        assert label in proof and label not in everything
    assert "expected turn p2, got p1" in proof and "expected turn" not in everything
    fills = "\n".join(texts[n - 1] for n in fills_pages(texts))
    for title in ("ドロー2の重ね", "最初がアクション", "山札が尽きたら", "最初の場札", "得点", "ワイルド",
                  "ドロー2は重ねられない"):
        assert title in fills, title
    assert "2人のときのスキップ" not in fills  # a designer ruling is not something we filled in
    assert result.failing == [("skip-two-players", "2人でスキップ")]


def test_card_picture_is_used_when_the_png_export_made_one(built):
    game, result, reader, texts = built
    card_page = dict(toc_entries(texts))["カードリファレンス"]
    images = {name for page in reader.pages for name in page.images.keys()}
    assert len(images) == 1  # red-1 has a picture; every other card is drawn as a mini card
    # the picture, printed 15 mm wide, is embedded at 300 dpi (not its own 423), same shape
    picture = reader.pages[card_page - 1].images[0].image
    assert picture.width / (15 / 25.4) == pytest.approx(300, abs=3)
    assert picture.height / picture.width == pytest.approx(350 / 250, rel=0.01)
    html = result.html.read_text(encoding="utf-8")
    assert '<img src="cards/red-1.png"' in html and "cards/red-2.png" not in html


def test_metadata_language_and_fonts(built):
    game, result, reader, texts = built
    meta = reader.metadata
    assert meta.title == "テスト札遊び ルールブック"
    assert meta.author == "テスト作者（test fixture）"
    assert reader.trailer["/Root"]["/Lang"] == "ja"
    fonts = set()
    for page in reader.pages[:6]:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    assert {"IPAexMincho", "IPAexGothic"} <= fonts
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / 72 * 25.4), round(float(box.height) / 72 * 25.4)) == (148, 210)


def test_margins_are_mirrored_and_pages_numbered(built):
    game, result, reader, texts = built
    assert result.pages == len(reader.pages) >= 10
    # page numbers sit in the outer corner: left on even pages, right on odd ones
    for index in (3, 4):
        xs = []

        def visit(text, cm, tm, font, size, xs=xs):
            if text.strip() == str(index + 1):
                xs.append(tm[4])
        reader.pages[index].extract_text(visitor_text=visit)
        width = float(reader.pages[index].mediabox.width)
        assert xs, index
        assert (xs[-1] < width / 2) == ((index + 1) % 2 == 0)


def test_running_header_names_the_chapter_and_section(built):
    game, result, reader, texts = built
    toc = toc_entries(texts)
    pages = dict(toc)
    sections = {title for title, _ in toc}
    # a page inside the rules carries "ルール　<section>"; the chapter's first page the chapter
    later = [n for n in range(pages["ルール"], pages["遊びの例"] + 1) if "ルール\u3000" in texts[n - 1]]
    assert later
    for n in later:
        found = re.findall(r"ルール\u3000(\S+)", texts[n - 1])
        assert found and found[0] in sections, (n, found)
    assert pages["ルール"] <= later[0] <= pages["ルール"] + 1
    assert "カードリファレンス\u3000" in texts[pages["カードリファレンス"]]
    assert "ルール\u3000" not in texts[0]  # the cover has no running header


KINSOKU_START = set("、。，．・：；？！ー）」』】〕〉》ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
KINSOKU_END = set("（「『【〔〈《")


def test_kinsoku_no_line_starts_or_ends_with_a_forbidden_character(built):
    game, result, reader, texts = built
    lines = [line.strip() for text in texts for line in text.splitlines() if line.strip()]
    japanese = [line for line in lines if re.search(r"[ぁ-んァ-ン一-龥]", line)]
    assert len(japanese) > 150
    bad = [line for line in japanese if line[0] in KINSOKU_START or line[-1] in KINSOKU_END]
    assert not bad
    # the fixture's deliberately awkward sentence really was broken across lines
    assert any(line.endswith("ゲー") or "ちょっ" in line for line in japanese)
    # the groups WeasyPrint got joined by word joiners (typeset.joined_for_print) print none
    assert not any("\u2060" in text for text in texts)
    assert '<span class="nw">' in result.html.read_text(encoding="utf-8")   # the page keeps them


def test_a4_and_pdf_variants(tmp_path: Path):
    shutil.copytree(ROOT / "tests" / "fixtures" / "mini", tmp_path / "p")
    game = load_game(Project(tmp_path / "p"), "mini")
    a4 = build_rulebook(game, tmp_path / "a4", verdicts={}, page="a4", pdf_variant="pdf/ua-1")
    reader = PdfReader(a4.pdf)
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / 72 * 25.4), round(float(box.height) / 72 * 25.4)) == (210, 297)
    assert "/StructTreeRoot" in reader.trailer["/Root"]  # tagged for screen readers
    archival = build_rulebook(game, tmp_path / "pdfa", verdicts={}, pdf_variant="pdf/a-3u")
    root = PdfReader(archival.pdf).trailer["/Root"]
    assert b"pdfaid:part" in root["/Metadata"].get_object().get_data()
    assert "/OutputIntents" in root


def _laid_out(root: Path, stylesheet: str | None = None):
    """Build the fixture's rulebook in `root` (with `stylesheet` as the project's own
    rulebook.css when given): (the floors the HTML asks for, in mm by example id; the reader's
    edition as WeasyPrint laid it out)."""
    from deckwright.press.rulebook import pdf
    rendered = []
    render = pdf.render_pdf
    shutil.copytree(FIXTURE, root)
    if stylesheet is not None:
        (root / "templates" / "rulebook").mkdir(parents=True, exist_ok=True)
        (root / "templates" / "rulebook" / "rulebook.css").write_text(stylesheet, encoding="utf-8")
    game = load_game(Project(root), "rb")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pdf, "render_pdf", lambda *a, **k: rendered.append(render(*a, **k))
                      or rendered[-1])
        result = build_rulebook(game, verdicts=VERDICTS, force=True)
    html = result.html.read_text(encoding="utf-8")
    floors = {m[0]: float(m[1]) for m in re.findall(
        r'<article class="example" id="([^"]+)">\s*<span class="floor" style="--floor:([\d.]+)mm">'
        r'</span>', html)}
    return floors, rendered[0].document


def _examples(laid_out, every: bool = False):
    """(floors, each floored example's article box as laid out, or with `every` each
    example's, a long one's without a floor too)."""
    floors, document = laid_out
    boxes = {}
    for page in document.pages:
        for box in page._page_box.descendants():
            if (box.element_tag == "article" and type(box).__name__ == "BlockBox"
                    and box.style["display"] == ("block", "flow")
                    and (box.element.get("id") in floors
                         or every and (box.element.get("id") or "").startswith("example-"))):
                boxes.setdefault(box.element.get("id"), box)
    assert boxes and (every or set(boxes) == set(floors))
    return floors, boxes


@pytest.fixture(scope="module")
def default_layout(tmp_path_factory: pytest.TempPathFactory):
    """`_laid_out` with the built-in stylesheet, laid out once for the tests that measure it."""
    return _laid_out(tmp_path_factory.mktemp("layout") / "p")


def _mm(px: float) -> float:
    return px * 25.4 / 96


def test_an_examples_floor_is_under_its_laid_out_height(default_layout) -> None:
    """The empty block that starts an example (DrawnExample.floor_mm) moves an example that
    cannot fit to the next page before WeasyPrint lays it out; were it taller than the
    example, an example that fits would move too."""
    floors, boxes = _examples(default_layout)
    for example, box in boxes.items():
        floor = box.children[0]
        assert floor.element.get("class") == "floor" and abs(_mm(floor.height) - floors[example]) < .01
        assert 0.5 * _mm(box.height) < floors[example] <= _mm(box.height), (example, floors[example])


def test_a_stylesheet_that_does_not_ask_for_the_floor_gets_none(tmp_path: Path) -> None:
    """The floor is measured in the built-in stylesheet's line heights, so only a stylesheet
    that makes it a block gets it: a project's own stylesheet that sets examples in smaller
    lines, and never names the floor, must not have examples moved on by a floor taller than
    they are."""
    builtin = (Path(__file__).parents[1] / "src" / "deckwright" / "templates" / "rulebook"
               / "rulebook.css").read_text(encoding="utf-8")
    rule = re.search(r"@media print \{ \.example > \.floor \{[^}]*\} \}", builtin)
    assert rule
    own = builtin.replace(rule[0], "") + "\n.example { font-size: 5pt; line-height: 1; }\n"
    floors, boxes = _examples(_laid_out(tmp_path / "p", own))
    for example, box in boxes.items():
        heading = next(b for b in box.children if b.element_tag == "h2")
        assert heading.position_y == box.content_box_y(), example   # nothing above the title,
        # not even an empty line


def _minis(article) -> list:
    """The boxes that draw an example's mini cards (an inline block, or an inline box)."""
    return [box for box in article.descendants()
            if box.element_tag == "span" and "mini" in (box.element.get("class") or "").split()
            and type(box).__name__ in ("InlineBlockBox", "InlineBox")]


def test_mini_cards_are_drawn_in_their_inks(default_layout) -> None:
    """A mini card's colours are classes whose rules follow the stylesheet (inks.py): its band
    is drawn in its first ink, its sides in its second (or the first again)."""
    from weasyprint.draw.color import get_color
    _, boxes = _examples(default_layout, every=True)
    seen = 0
    for article in boxes.values():
        for box in _minis(article):
            classes = box.element.get("class").split()
            band = next((c[4:] for c in classes if c.startswith("ink-")), None)
            sides = next((c[5:] for c in classes if c.startswith("ink2-")), None)
            if band is None:   # a card of no colour: the page's ink and grey, as before
                continue
            rgb = lambda side: "".join(f"{round(v * 255):02x}"
                                       for v in get_color(box.style, f"border_{side}_color")[:3])
            assert (rgb("top"), rgb("left"), rgb("right"), rgb("bottom")) == (
                band, sides, sides, sides), box.element.text
            seen += 1
    assert seen >= 4
