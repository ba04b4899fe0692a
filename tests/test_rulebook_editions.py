"""The six shipped books as a reader and a designer receive them: the reader's edition
(rulebook.pdf) carries no word of the test harness, the proof (rulebook-proof.pdf) carries every
verdict; the English book has no Japanese in it; no line is one character and its stop; no page
but a chapter's last is more than 30% empty; the card index and the lists of examples follow
the game's own order; an example's outcome is what the engine's end state holds.

The books are built once a session (conftest.shipped_books) and read back with pdftotext
(lines) and pypdfium2 (where the characters are).
"""

from __future__ import annotations

import re
import subprocess
from html import unescape
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import SHIPPED_BOOKS
from deckwright.app.verify import Verdict, verify_examples
from deckwright.model import Project, load_game
from deckwright.press.rulebook.examples import Drawer

BOOKS = [folder for _, _, folder in SHIPPED_BOOKS]
ROOT = Path(__file__).resolve().parent.parent
ENGLISH = "super-page-one/en"

#: What the harness prints, in each language: none of it reaches a reader.
HARNESS = {
    "ja": ["検証済み", "不一致", "未検証", "ここで確かめる", "理由：", "自動：", "データベース順",
           "プロジェクト", "指定のない分", "ゲーム終了 はい", "ゲーム終了 いいえ"],
    "en": ["verified", "not matching", "Check here", "reason:", "automatic:", "database order",
           "Project", "(not given)", "Game over yes", "Game over no", "Out of cards"],
}
#: Japanese script and full-width forms (kana, CJK ideographs, CJK punctuation, ＡＢ（）).
CJK = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
EMPTY_LIMIT = 0.30
MM = 72 / 25.4


def _language(folder: str) -> str:
    return "en" if folder == ENGLISH else "ja"


def _text(pdf: Path, *options: str) -> str:
    return subprocess.run(["pdftotext", *options, str(pdf), "-"], capture_output=True,
                          text=True, check=True, timeout=60).stdout


@pytest.fixture(scope="module")
def texts(shipped_books: Path) -> dict[tuple[str, str], str]:
    """(book folder, edition stem) -> the PDF's text, pages apart by form feeds."""
    return {(folder, stem): _text(shipped_books / "build" / folder / f"{stem}.pdf")
            for folder in BOOKS for stem in ("rulebook", "rulebook-proof")}


@pytest.fixture(scope="module")
def verdicts(shipped_books: Path) -> dict[str, dict[str, Verdict]]:
    return {folder: verify_examples(load_game(Project(shipped_books), game, lang))
            for game, lang, folder in SHIPPED_BOOKS}


@pytest.mark.parametrize("folder", BOOKS)
def test_the_readers_edition_prints_no_word_of_the_harness(texts, folder) -> None:
    text = re.sub(r"[ \t]+", " ", texts[folder, "rulebook"])
    found = [w for w in HARNESS[_language(folder)] if w in text]
    assert found == []


@pytest.mark.parametrize("folder", BOOKS)
def test_the_proof_carries_every_verdict(shipped_books, texts, verdicts, folder) -> None:
    proof = re.sub(r"\s+", " ", texts[folder, "rulebook-proof"])
    game, lang = next((g, lang) for g, lang, f in SHIPPED_BOOKS if f == folder)
    printed = {ex.id for ex in load_game(Project(shipped_books), game, lang).db.examples}
    shown = [v for k, v in verdicts[folder].items() if k in printed]   # not the playtests
    n, verified = len(shown), sum(v.status == "verified" for v in shown)
    if _language(folder) == "ja":
        assert f"検証済み {verified} 件" in proof and proof.count("検証済み") == n + 1
    else:
        assert f"{verified} verified" in proof and proof.count("verified") >= n + 1


def test_the_english_book_has_no_japanese_character(texts) -> None:
    for stem in ("rulebook", "rulebook-proof"):
        found = sorted(set(CJK.findall(texts[ENGLISH, stem])))
        assert found == [], stem


@pytest.mark.parametrize("folder", BOOKS)
def test_no_line_is_one_character_and_its_stop(texts, folder) -> None:
    """A paragraph's last line holding 「す。」 or "a." alone (75 such lines over six books)."""
    lonely = [line for line in texts[folder, "rulebook"].splitlines()
              if re.fullmatch(r"\s*[^\s\d][。、.,．，]\s*", line)]
    assert lonely == []


def _chars(page) -> list[tuple[str, float, float, float, float, float]]:
    tp = page.get_textpage()
    out = []
    for i in range(tp.count_chars()):
        left, bottom, right, top = tp.get_charbox(i)
        out.append((tp.get_text_range(i, 1), left, bottom, right, top,
                    pdfium.raw.FPDFText_GetFontSize(tp.raw, i)))
    return out


def _opens_chapter(chars) -> bool:
    return any(c[5] >= 14 for c in chars)   # a chapter heading (16 pt)


@pytest.mark.parametrize("folder", BOOKS)
def test_no_page_but_a_chapters_last_is_more_than_30_percent_empty(shipped_books, folder):
    """Examples flow several to a page; a page may end short only where its chapter ends
    (the next page opens a chapter), or as the book's last, cover or contents."""
    pdf = pdfium.PdfDocument(shipped_books / "build" / folder / "rulebook.pdf")
    pages = []
    for page in pdf:
        _, height = page.get_size()
        body = [c for c in _chars(page) if c[4] < height - 17 * MM and c[2] > 15 * MM
                and not c[0].isspace()]
        pages.append((body, height))
    short = []
    for n, (body, height) in enumerate(pages[2:-1], 3):   # not the cover, contents, last
        if _opens_chapter(pages[n][0]) or not body:
            continue   # the next page opens a chapter: this one ends its chapter
        area = height - 32 * MM
        used = (height - 17 * MM - min(c[2] for c in body)) / area
        if used < 1 - EMPTY_LIMIT:
            short.append((n, f"{used:.0%}"))
    assert short == []


def _index_names(shipped_books: Path, folder: str) -> list[str]:
    """The card index's entries in the order printed (down one column, then the next)."""
    html = (shipped_books / "build" / folder / "rulebook.html").read_text("utf-8")
    index = html[html.index('class="chapter index"'):]
    return re.findall(r'<a href="#card-[^"]+">([^<]+)</a>', index)


SUITS = "♠♥♦♣"
RANKS = ["A", *map(str, range(2, 11)), "J", "Q", "K"]


@pytest.mark.parametrize("folder", ["super-page-one", ENGLISH])
def test_playing_cards_are_indexed_by_suit_then_rank(shipped_books, folder) -> None:
    """The English index read ♠2 … ♠10, ♠A, ♠J, ♠K, ♠Q."""
    names = [n for n in _index_names(shipped_books, folder) if n[:1] in SUITS and n[1:] in RANKS]
    assert names == [s + r for s in SUITS for r in RANKS]


def test_ghost_couples_playing_cards_are_indexed_by_suit_then_rank(shipped_books) -> None:
    """ghost-couple's playing cards were filed by their katakana reading (クラブ8, クラブA,
    クラブK, クラブQ, クラブ6 …)."""
    suits = ["スペード", "ハート", "ダイヤ", "クラブ"]
    played = [(s, n[len(s):]) for n in _index_names(shipped_books, "ghost-couple")
              for s in suits if n.startswith(s) and n[len(s):] in RANKS]
    assert played == [(s, r) for s in suits for r in RANKS]


def test_numbered_names_are_indexed_by_their_number(shipped_books) -> None:
    """ghost-couple's index read ゴースト1, ゴースト9, ゴースト5, ゴースト3 … (the readings'
    spelt numerals in kana order: いち, きゅう, ご, さん); a name in kana sorts as written."""
    ghosts = [n for n in _index_names(shipped_books, "ghost-couple")
              if re.fullmatch(r"ゴースト\d（¥0側）", n)]
    assert ghosts == [f"ゴースト{n}（¥0側）" for n in range(1, 10)]


def test_no_reading_is_printed_for_a_name_without_kanji(texts) -> None:
    """「スペードA（すぺーどのえーす）」, 「パワー（ぱわー）」: a reading helps only with kanji."""
    book = re.sub(r"\s+", "", texts["ghost-couple", "rulebook"])
    otcg = re.sub(r"\s+", "", texts["original-tcg", "rulebook"])
    assert "（すぺーどのえーす）" not in book and "パワー（ぱわー）" not in otcg
    assert "魔竜の焔（まりゅうのほのお）" in otcg


@pytest.mark.parametrize("folder", BOOKS)
def test_lists_of_examples_are_in_example_order(shipped_books, folder) -> None:
    """A card's examples were listed 例14、例19、例20、例15、例16 (9 of 12 lists)."""
    html = (shipped_books / "build" / folder / "rulebook.html").read_text("utf-8")
    lists = re.findall(r'<div class="refs">(.*?)</div>', html, re.S)
    assert lists
    for refs in lists:
        numbers = [int(n) for n in re.findall(r'href="#example-[^"]+">\D*(\d+)</a>', refs)]
        assert numbers == sorted(numbers) and len(numbers) == len(set(numbers)), refs


@pytest.mark.parametrize("game, lang, folder", SHIPPED_BOOKS)
def test_every_outcome_is_the_engines_end_state(shipped_books, verdicts, game, lang,
                                                folder) -> None:
    """Each example's outcome in the reader's edition is said from what the engine's end
    state holds for each key the example checks, and is in the book as drawn."""
    data = load_game(Project(shipped_books), game, lang)
    html = unescape(re.sub(r"<[^>]+>|\u2060", "", (shipped_books / "build" / folder /
                                                  "rulebook.html").read_text("utf-8")))
    drawer = Drawer(data, proof=False, book=True)
    for n, ex in enumerate(data.db.examples, 1):
        verdict = verdicts[folder][ex.id]
        end = dict(verdict.end_state)
        assert set(end) == set(ex.expect or {}), ex.id   # every key the example checks
        drawn = drawer.draw(ex, verdict, n)
        if drawn.outcome_text:
            assert drawn.outcome_text in html, (ex.id, drawn.outcome_text)


def test_go_out_names_the_finishing_order_not_players_out_of_cards(texts) -> None:
    """super-page-one's last example said 「上がった人 P1・P2」 while P2 still held ♣3 ♠2: the
    engine's `finished` is the order the players finished in, the last one included."""
    ja = re.sub(r"\s+", "", texts["super-page-one", "rulebook"])
    en = re.sub(r"\s+", " ", texts[ENGLISH, "rulebook"])
    assert "P1・P2の順に抜けた。" in ja and "P1, P2 have gone out, in that order." in en


def test_a_new_projects_book_prints_no_word_of_the_harness(tmp_path: Path) -> None:
    """`deckwright new --rules` starts a designer with a book a reader could be given."""
    from deckwright.cli import main
    assert main(["-C", str(tmp_path), "new", "--rules", "fox"]) == 0
    assert main(["-C", str(tmp_path / "fox"), "build", "--only", "rulebook"]) == 0
    folder = tmp_path / "fox" / "build" / "fox"
    text = re.sub(r"\s+", " ", _text(folder / "rulebook.pdf"))
    assert [w for w in HARNESS["en"] if w in text] == [] and "Player 2" not in text
    assert "2 verified" in re.sub(r"\s+", " ", _text(folder / "rulebook-proof.pdf"))


def test_the_english_book_states_each_rule_once(shipped_books, texts) -> None:
    """The English edition printed each rule three times (body, boxed note, ruling list): a
    designer's ruling its rules text already says (`stated_in`) gets no box, and only the
    project's rulings, the gaps it filled, are boxed."""
    text = re.sub(r"\s+", " ", texts[ENGLISH, "rulebook"])
    db = load_game(Project(shipped_books), "super-page-one", "en").db
    stated = [r for r in db.rulings if r.stated_in]
    assert {r.id for r in db.rulings if r.origin == "designer"} <= {r.id for r in stated}
    assert "Source: " not in text
    headings = {s.title for s in db.rules} | {c.title for s in db.rules for c in s.sections}
    for ruling in stated:
        if ruling.title not in headings:   # FAQ 4's title is its section's heading too
            assert ruling.title not in text, ruling.id
    # the facts those boxes held, now said once in the rules
    for fact in ("(that card only)", "only then come the chances to use a Jack Cancel",
                 "cannot be cut short", "call Revolution and go out, on anyone's turn"):
        assert fact in text


def test_a_ruling_stated_in_an_unknown_section_is_bad_input(tmp_path: Path, capsys) -> None:
    from deckwright.cli import main
    (tmp_path / "cards").mkdir()
    main_db = (ROOT / "cards" / "super-page-one.yaml").read_text(encoding="utf-8")
    ruling = "  - id: kick-back-once\n"   # a ruling not yet stated_in a section
    assert ruling in main_db
    (tmp_path / "cards" / "super-page-one.yaml").write_text(
        main_db.replace(ruling, ruling + "    stated_in: no-such-section\n"), encoding="utf-8")
    assert main(["-C", str(tmp_path), "check", "super-page-one"]) == 2
    err = capsys.readouterr().err
    line = main_db[:main_db.index(ruling)].count("\n") + 2
    assert f"cards/super-page-one.yaml:{line}:" in err and "no-such-section" in err


@pytest.mark.parametrize("folder, face, effect", [
    (ENGLISH, "Name another player and hand them one card.",
     "The player of the 7 decides whether to use it."),
    ("super-page-one", "相手を1人決め、手札を1枚渡す。", "使うかどうかは出した人が決める。"),
    ("treasure-scramble", "ほかのプレイヤー1人の次の手番を飛ばす。", "その人の次の手番は飛ばされる。"),
])
def test_a_card_with_effects_says_what_it_does_once(texts, folder, face, effect) -> None:
    """The card reference printed a card's face text and then its effects, the same thing
    twice: a card with effects says it once, in them (the face is on its picture)."""
    text = re.sub(r"\s+", "" if _language(folder) == "ja" else " ", texts[folder, "rulebook"])
    face, effect = (re.sub(r"\s+", "", s) if _language(folder) == "ja" else s
                    for s in (face, effect))
    assert face not in text and effect in text


def test_original_tcgs_outcomes_are_sentences_naming_cards_as_a_reader_knows_them(texts):
    """original-tcg printed its outcomes as label/value rows (「置き場所 …（2枚目） 墓地」,
    「起きること 戦闘段階1:…」) and copy marks (「（1枚目）」, 153 times); the reader's edition
    says where each card is and what happened in sentences, counts copies that go together
    and tells two apart only by where the example's setup put them. The proof keeps the data."""
    book = re.sub(r"\s+", "", texts["original-tcg", "rulebook"])
    proof = re.sub(r"\s+", "", texts["original-tcg", "rulebook-proof"])
    assert re.findall(r"（\d+枚目）", book) == [] and re.findall(r"（\d+枚目）", proof)
    assert "置き場所「" not in book and "起きること" not in book
    assert "置き場所「" in proof and "起きること" in proof
    for said in ("「ムーンライト・スネーク」は墓地にある。",          # 例3
                 "P2の自陣3の「オーバークラウド・ゴーレム」のダメージは2。",   # 例1: two golems
                 "もう2枚の「クレイジー・ジャックの戦闘術」は倉庫にある。",    # 例10: three in one place
                 "「ギルビアの炎剣術士」2枚は墓地にある。"):
        assert said in book, said


@pytest.mark.parametrize("folder", [f for f in BOOKS if f != ENGLISH])
def test_the_japanese_books_state_each_rule_once(shipped_books, texts, folder) -> None:
    """The Japanese books boxed the designer's rulings (the source's FAQ) beside the rules
    section that already said them: each is now said once, in its section or on its card
    (`stated_in`), and the only boxes are the project's, the gaps it filled (marked †)."""
    db = load_game(Project(shipped_books), folder).db
    assert [r.id for r in db.rulings if r.origin == "designer" and not r.stated_in] == []
    html = (shipped_books / "build" / folder / "rulebook.html").read_text("utf-8")
    boxed = re.findall(r'<div class="ruling (\w+)" id="ruling-([^"]+)"', html)
    assert boxed and {origin for origin, _ in boxed} == {"project"}
    text = re.sub(r"\s+", "", texts[folder, "rulebook"])
    assert "出典：" not in text


#: Kana and kanji: the letters JLREQ sets with no space between them.
KANA_KANJI = r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]"
JAPANESE_BOOKS = [folder for folder in BOOKS if folder != ENGLISH]


@pytest.mark.parametrize("folder", JAPANESE_BOOKS)
def test_japanese_is_set_one_way_in_every_title_and_caption(texts, folder) -> None:
    """Titles, deck captions and source lines are set as the running text is: no half-width
    bracket or question mark after Japanese (「決め(Q&A①)」, 「どんなゲーム?」), no number
    spaced from its counter (「2 枚の手札」, 「2 人」)."""
    text = texts[folder, "rulebook"].replace("\n", "")
    for pattern in (KANA_KANJI + r"[(?!:]", r"[0-9] (?:枚|人|倍|回|点)"):
        assert [text[m.start() - 10:m.end() + 10] for m in re.finditer(pattern, text)] == []


def test_a_folded_line_leaves_no_space_between_japanese_words(texts) -> None:
    """Example 17's text is folded in the database between 「人に」 and 「番が」."""
    text = texts["super-page-one", "rulebook"].replace("\n", "")
    assert "人に 番" not in text and "飛ばされるはずの人に番が戻る" in text


@pytest.mark.parametrize("folder", ["super-page-one", ENGLISH])
def test_two_jokers_are_counted_as_two(shipped_books, folder) -> None:
    """Two database entries called Joker, with no colour between them, are 2 Jokers in the
    components table and the card reference, not "1 each"; a deck titled with its count does
    not say the count twice."""
    html = (shipped_books / "build" / folder / "rulebook.html").read_text(encoding="utf-8")
    text = unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))
    joker = "ジョーカー" if folder != ENGLISH else "Joker"
    assert re.search(joker + r" 2 (?:合計|Total) 54", text)
    assert ("枚数 2枚" if folder != ENGLISH else "Copies 2 copies") in text
    assert not re.search(r"54 ?(?:枚|playing cards)[^.。]*[:：] ?54", text)


@pytest.mark.parametrize("folder", JAPANESE_BOOKS)
def test_deckwrights_own_words_follow_the_books_register(texts, folder) -> None:
    """The five Japanese books are written in である (plain, the default register), and so are
    the words deckwright adds around them: the † note, the examples' legend, the list of what
    the edition filled in (「…印です。」「…決めました。」 printed in all five before)."""
    for stem in ("rulebook", "rulebook-proof"):
        text = texts[folder, stem].replace("\n", "")
        polite = [text[m.start() - 15:m.end()] for m in re.finditer(r"(?:です|ます|ません|ました)。", text)]
        assert polite == [], stem


def test_who_has_gone_out_is_said_as_a_sentence_counting_the_players(texts) -> None:
    """super-page-one's `finished` outcome printed as a label and its value ("Finishing order:
    P1."); the game words it (`finished.outcome`, singular|plural), and a list of players
    counts its players: one has gone out, two have gone out in that order."""
    english = re.sub(r"\s+", " ", texts[ENGLISH, "rulebook"])
    japanese = re.sub(r"\s+", " ", texts["super-page-one", "rulebook"])
    assert "Finishing order:" not in english and "P1 have" not in english
    assert "P1 wins. P1 has gone out." in english    # the order of two: the test above
    assert "順位は" not in japanese and "P2 の勝ち。P2 が抜けた。" in japanese


def test_an_event_said_in_an_outcome_ends_its_sentence(texts) -> None:
    """treasure-scramble's reveal event is a log line without a full stop, and the reader's
    edition ran it into the next sentence: 「P2 の手札公開：反射、偽情報次は P1 の番。」."""
    book = re.sub(r"\s+", "", texts["treasure-scramble", "rulebook"])
    assert "偽情報次は" not in book and "偽情報。次は" in book


def test_a_sentence_gets_the_full_stop_of_its_language_only_when_it_has_none() -> None:
    from deckwright.i18n import words
    ja, en = words("ja"), words("en")
    assert ja.ended("P2 の手札公開: 反射, 偽情報") == "P2 の手札公開: 反射, 偽情報。"
    assert en.ended("P2 reveals their hand") == "P2 reveals their hand."
    for done in ("次は P1 の番。", "「勝ち！」", "Is it over?", "(It is.)", ""):
        assert ja.ended(done) == done and en.ended(done) == done
