"""Every shipped game's rulebook, rendered and read back as a player would read it.

Each game's books are built once for the whole run, by whichever worker first needs them
(conftest.py's `shipped_book`). The text
is extracted with pypdf and pypdfium2 and checked for what the issue found: identifiers printed
as words, numbers torn from their counters, stretched Latin word spaces, nearly empty pages,
the components table, the index order and card pictures.
"""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from deckwright.app.steps import step_words
from deckwright.app.words import rules_words
from deckwright.model import Project, load_game
from deckwright.press.rulebook.context import ContextBuilder
from deckwright.press.rulebook.labels import reader_words
from deckwright.press.linebreak import NO_START

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(p.stem for p in (ROOT / "cards").glob("*.yaml") if "." not in p.stem)  # not editions


class Books(dict):
    """game id -> (game, reader's edition pdf path, its html text, pypdf page texts), each
    game's books built on first use, once for all modules and workers (conftest.shipped_book:
    `deckwright build`, with the engine's verdicts, so the automatic steps and refusals they
    add are printed too)."""

    def __init__(self, shipped_book):
        super().__init__()
        self.shipped_book = shipped_book
        self._chars: dict[str, list[list[tuple]]] = {}

    def __missing__(self, game_id: str):
        root = self.shipped_book(game_id)
        folder = root / "build" / game_id
        reader = PdfReader(io.BytesIO((folder / "rulebook.pdf").read_bytes()))
        self[game_id] = (load_game(Project(root), game_id), folder / "rulebook.pdf",
                         (folder / "rulebook.html").read_text(encoding="utf-8"),
                         [page.extract_text() for page in reader.pages])
        return self[game_id]

    def chars(self, game_id: str) -> list[list[tuple[str, float, float, float, float, float]]]:
        """`_chars` of each page of the reader's edition, read once for the tests that walk
        its characters."""
        if game_id not in self._chars:
            self._chars[game_id] = [_chars(page) for page in pdfium.PdfDocument(self[game_id][1])]
        return self._chars[game_id]


@pytest.fixture(scope="module")
def books(shipped_book) -> Books:
    return Books(shipped_book)


def xdist_group_of(item: pytest.Item) -> str | None:
    """conftest.py: the tests of one book go to one worker together, the books to both."""
    game_id = getattr(item, "callspec", None) and item.callspec.params.get("game_id")
    return f"book-{game_id}" if game_id else None


def on_book(game_id: str) -> pytest.MarkDecorator:
    """Marks a test that reads one book only: it goes to the worker that has that book's
    tests (xdist_group_of's group), which has read its text already."""
    return pytest.mark.xdist_group(f"book-{game_id}")


def identifiers(game) -> set[str]:
    """Every identifier of the game a reader must never see: card ids, label keys, the words
    its examples are written in and the rules module's keys (two letters or more)."""
    words = {c.id for c in game.db.cards}
    words |= {w for w in game.db.game.labels if "." not in w}
    words |= {w for _, w, _ in reader_words(game, step_words(game))} | set(rules_words(game))
    words |= {"hand_sizes", "deck_size", "discard_size", "hands"}
    return {w for w in words if len(w) > 1 and re.fullmatch(r"[a-z][a-z0-9_-]*", w)}


@pytest.mark.parametrize("game_id", GAMES)
def test_no_card_id_copy_number_or_notation_key_is_printed(books, game_id) -> None:
    game, _, _, texts = books[game_id]
    text = "\n".join(texts)
    found = sorted(w for w in identifiers(game)
                   if re.search(rf"(?<![A-Za-z0-9_#.-]){re.escape(w)}(?![A-Za-z0-9_-])", text))
    assert found == []
    assert re.findall(r"[A-Za-z0-9)」]#\d", text) == []  # copy suffixes
    assert re.findall(r"(?<![A-Za-z])p\d(?![0-9])", text) == []  # players are P1, P2


@pytest.mark.parametrize("game_id", GAMES)
def test_no_line_breaks_a_number_from_its_counter_or_starts_with_a_closer(books, game_id) -> None:
    """Read with the characters' positions: where a line of text wraps (the next character is
    lower and further left), it never wraps between a number and 枚/点/色, inside 枚目 (a
    card's copy, 「ゴーレム」（2枚目）), or before a closer."""
    for page in books.chars(game_id):
        chars = [c for c in page if not c[0].isspace()] + [("", 0, 0, 0, 0, 0)]
        for a, b, after in zip(chars, chars[1:], chars[2:]):
            wrapped = b[4] < a[2] and b[1] < a[1]
            if not wrapped:
                continue
            counter = b[0] in "枚点色" and after[0] != "数"  # 点数 is a label, not a counter
            assert not (a[0].isdigit() and counter), (a, b)
            assert not (a[0] == "枚" and b[0] == "目"), (a, b)
            assert b[0] not in NO_START, (a, b)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_value_stays_on_the_line_of_its_name(books, game_id) -> None:
    """An outcome row's value (a card's power, the place it went) is never alone on a line:
    original-tcg's 「オーバークラウド・ゴーレム」（2枚目） 7 printed the 7 on the next line."""
    _, _, _, pages = books[game_id]
    for number, text in enumerate(pages, 1):
        lines = text.split("\n")
        alone = [(name, value) for name, value in zip(lines, lines[1:])
                 if name.rstrip().endswith(("）", "」")) and re.fullmatch(r"\s*\d+\s*", value)]
        assert not alone, (number, alone)


def _chars(page) -> list[tuple[str, float, float, float, float, float]]:
    """(char, left, bottom, right, top, font size) of every character on a page."""
    tp = page.get_textpage()
    out = []
    for i in range(tp.count_chars()):
        ch = tp.get_text_range(i, 1)
        left, bottom, right, top = tp.get_charbox(i)
        out.append((ch, left, bottom, right, top, pdfium.raw.FPDFText_GetFontSize(tp.raw, i)))
    return out


@on_book("bridge-over")
def test_latin_word_spaces_are_not_stretched(books) -> None:
    """Between two Latin words of a line of text the gap is an ordinary space (< 0.5 em);
    (the 5 pt labels of mini cards side by side are boxes apart, not words)."""
    gaps = []
    for chars in books.chars("bridge-over"):
        for a, space, b in zip(chars, chars[1:], chars[2:]):
            if (space[0] == " " and a[0].isascii() and a[0].isalpha() and b[0].isascii()
                    and b[0].isalpha() and abs(a[2] - b[2]) < 1 and b[1] > a[3]
                    and a[5] >= 7):
                gaps.append((b[1] - a[3]) / max(a[5], 1))
    assert len(gaps) > 20
    assert max(gaps) < 0.5, max(gaps)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_page_is_nearly_empty(books, game_id) -> None:
    """No page holds only a few lines (an eighth of its text area) unless it opens a chapter
    (a short chapter is a short page), is the cover, or is the book's last: the end of the
    card index, a chapter's last page, which test_rulebook_editions allows too."""
    _, pdf_path, _, _ = books[game_id]
    pdf = pdfium.PdfDocument(pdf_path)
    pages = books.chars(game_id)
    mm = 72 / 25.4
    for n in range(1, len(pdf) - 1):
        width, height = pdf[n].get_size()
        body = [c for c in pages[n] if c[4] < height - 17 * mm and c[2] > 15 * mm
                and not c[0].isspace()]
        if any(c[5] >= 14 for c in body):  # a chapter heading
            continue
        used = (max(c[4] for c in body) - min(c[2] for c in body)) / (height - 32 * mm)
        assert used > 0.125, f"page {n + 1} uses {used:.0%} of its height"


@on_book("bridge-over")
def test_bridge_over_components_table(books) -> None:
    _, _, html, texts = books["bridge-over"]
    text = "\n".join(texts)
    components = [t for t in texts if "内容物\u3000" in t]  # its running header
    totals = [line for line in "\n".join(components).splitlines()
              if line.split()[:1] == ["合計"]]   # 合計 132 144 144 132
    assert len(components) >= 2 and len(totals) == 1   # the total row, printed once
    assert "Reset（Basic）" in text.replace(" ", "") and "Reset（Expansion）" in text.replace(" ", "")
    assert "0・0・0・0" not in text
    table = html[html.index('<table class="components">'):html.index("</table>")]
    zero = re.search(r'<td class="name"><a href="#card-red-0">0</a>\s*'
                     r'<span class="nw colours">((?:<span class="icon icon-colour[^"]*"[^>]*>.</span>)+)',
                     table)
    assert zero and len(re.findall("icon-colour", zero.group(1))) == 4  # each colour, shown
    heads = re.findall(r'<th class="num deck-col" title="([^"]+)">(.)</th>', table)
    assert [mark for _, mark in heads] == ["①", "②", "③", "④"]


class _Index(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.inside, self.names, self.closed = False, [], True

    def handle_starttag(self, tag, attrs):
        if tag == "section" and ("class", "chapter index") in attrs:
            self.inside = True
        elif tag == "a" and self.inside:
            self.names.append("")
            self.closed = False

    def handle_endtag(self, tag):
        if tag == "a" and self.inside:
            self.names[-1] = self.names[-1].strip()
            self.closed = True

    def handle_data(self, data):
        if self.inside and self.names and not self.closed:
            self.names[-1] += data


@pytest.mark.parametrize("game_id", GAMES)
def test_index_order_follows_the_names_it_shows(books, game_id) -> None:
    game, _, html, _ = books[game_id]
    parser = _Index()
    parser.feed(html)
    named = {}
    for card in game.db.cards:
        named.setdefault(card.name, card)
    index_key = ContextBuilder(game, {}, Path("/nonexistent")).index_key
    names = [re.sub(r"（[^）]*）$| \([^)]*\)$", "", n) for n in parser.names]  # 飯綱（¥0側）
    keys = [index_key(named[n]) for n in names]
    assert len(parser.names) > 5 and keys == sorted(keys)
    latin = [n for n in names if n[:1].isascii()]   # as spelt, but numbers by their value
    assert latin == sorted(latin, key=lambda n: re.sub(r"\d+", lambda m: m[0].zfill(9),
                                                       n.casefold()))


@on_book("bridge-over")
def test_index_lists_numbers_by_their_value(books) -> None:
    """bridge-over's number cards were listed 0, 1, 10, 15, 2, ... as spelt."""
    _, _, html, _ = books["bridge-over"]
    parser = _Index()
    parser.feed(html)
    numbers = [n for n in parser.names if n.isdigit()]
    assert numbers == sorted(numbers, key=int) and {"2", "10"} <= set(numbers)


@pytest.mark.parametrize("game_id, told_apart", [
    ("ghost-couple", ["飯綱（¥0側）", "飯綱（¥1側）", "ゴースト1（¥0側）", "ゴースト1（¥1側）"]),
    ("bridge-over", ["Reset（Basic）", "Reset（Expansion）"]),
])
def test_index_entries_that_share_a_name_say_what_tells_them_apart(books, game_id,
                                                                   told_apart) -> None:
    """Two entries of one name were two identical lines: each now says its side or set."""
    _, _, html, pages = books[game_id]
    parser = _Index()
    parser.feed(html)
    assert len(parser.names) == len(set(parser.names))
    assert set(told_apart) <= set(parser.names)
    printed = "".join(pages[-3:]).replace("\n", "")
    assert all(entry in printed for entry in told_apart)


@on_book("ghost-couple")
def test_every_card_of_every_deck_is_pictured(books) -> None:
    game, pdf_path, html, _ = books["ghost-couple"]
    entries = html.count('<article class="card-entry')
    pictures = re.findall(r'<div class="picture"><img src="([^"]+)"', html)
    assert 'class="mini big"' not in html and len(pictures) == entries
    assert any("/" in p.removeprefix("cards/") for p in pictures)  # from a deck's own folder
    reader = PdfReader(pdf_path)
    assert sum(len(page.images) for page in reader.pages) >= entries


@on_book("original-tcg")
def test_effect_headings_say_taikou_not_counter(books) -> None:
    _, _, _, texts = books["original-tcg"]
    text = "\n".join(texts)
    assert "■対抗" in text and "■強制対抗" in text and "■カウンター" not in text
    # an example's long row labels stay on one line
    assert "置き場所" in text and "ダメージカウンター" in text


@pytest.mark.parametrize("game_id", ["super-page-one", "ghost-couple"])
def test_playing_card_mini_cards_show_their_suit(books, game_id) -> None:
    _, _, html, texts = books[game_id]
    minis = re.findall(r'<span class="mini(?! big)[^"]*" [^>]*>([^<]*)</span>', html)
    assert minis and any(m[:1] in "♠♥♦♣" for m in minis)
    assert re.search(r"[♠♥♦♣](A|[2-9]|10|J|Q|K)", "\n".join(texts))
