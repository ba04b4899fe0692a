"""Card text: kinsoku line breaking, shrink-to-fit, the overflow error, markup and the sandbox."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from deckwright.press import markup, textfit
from deckwright.press.fonts import metrics
from deckwright.press.markup import Break, Icon, Run
from test_press_support import PRESS_FIXTURE, build, cards_on, copy_project

# every forbidden character, each where a naive breaker would put it at a line start or end
CRAFTED = ("彼は「そうか。」と言った、ショットドロー２枚（強制）。ちょっと、ぎゅっと、きゃあ、"
           "ファイアー・ウォール，ティーカップ．ヴァイオリン、３ヵ月、５ヶ所、くゎし、うぇい、"
           "「（括弧）」、ふつうの文も、きちんと並ぶ。(半角)の括弧も。シュヮ、ぁいう、ィあ、ぉお") * 2
NO_START = "、。，．」）ー・ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
NO_END = "「（("


def lines_at(text: str, width_em: float) -> list[str]:
    m = metrics("gothic")
    items = textfit.clusters(textfit.atoms(markup.parse(text), m))
    return [ln.text for ln in textfit.break_lines(items, width_em, m)]


@pytest.mark.parametrize("width", [w / 2 for w in range(10, 41)])
def test_kinsoku_no_forbidden_line_start_or_end(width: float) -> None:
    lines = lines_at(CRAFTED, width)
    assert "".join(lines) == CRAFTED  # nothing lost or duplicated
    for line in lines[1:]:
        assert line[0] not in NO_START, (width, line)
    for line in lines:
        assert line[-1] not in NO_END, (width, line)
        assert sum(metrics("gothic").char(ch) for ch in line) <= width + 1e-9


def test_kinsoku_moves_the_character_before_a_closing_mark() -> None:
    # 8 em per line: the 9th character is 」, so the 8th moves down with it (oidashi)
    assert lines_at("あいうえおかきく」けこ", 8) == ["あいうえおかき", "く」けこ"]
    # 7 em per line: 「 would end the first line, so it opens the second instead
    assert lines_at("あいうえおか「きくけこ", 7) == ["あいうえおか", "「きくけこ"]


def test_markup_parses_icons_emphasis_and_breaks() -> None:
    assert markup.parse("{red} を**強く**\n{draw:2}") == [
        Icon("red"), Run(" を"), Run("強く", True), Break(), Icon("draw", "2")]


def test_fit_shrinks_to_the_floor_then_gives_up() -> None:
    m = metrics("gothic")
    tokens = markup.parse("あ" * 40)
    fitted = textfit.fit(tokens, m, box_w=100, box_h=40, size=10, floor=5)
    assert fitted is not None and 5 <= fitted.size < 10
    assert fitted.height <= 40 and all(ln.width * fitted.size <= 100 for ln in fitted.lines)
    assert textfit.fit(markup.parse("あ" * 400), m, 100, 40, 10, 5) is None


def _overflowing(project: Path) -> None:
    db = project / "cards" / "pressdemo.yaml"
    text = db.read_text(encoding="utf-8")
    long = "とても長い効果の文章が続きます。" * 40
    text = text.replace('text: "{red} を出したとき、**山札から** {draw:2} 枚引く。"', f'text: "{long}"')
    text = text.replace('text: "{{ 7*7 }} は計算されない。"', f'text: "{long}"')
    db.write_text(text, encoding="utf-8")


def test_overflow_lists_every_card_and_writes_nothing(tmp_path: Path, capsys) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    _overflowing(project)
    assert build(project, "pressdemo", "--only", "pnp") == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2
    assert "cards/pressdemo.yaml:" in err[0] and "'knight'" in err[0] and "floor of 5 pt" in err[0]
    assert "'twin'" in err[1] and "cards[2].text" in err[1]
    assert not (project / "build").exists()


def test_card_text_is_data_not_a_template(tmp_path: Path) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    assert build(project, "pressdemo", "--only", "pnp", "--paper", "a4", "--bleed", "0") == 0
    reader = PdfReader(project / "build" / "pressdemo" / "pnp-a4.pdf")
    text = reader.pages[0].extract_text()
    assert "{{ 7*7 }}" in text and "49" not in text
    # emphasis and icons: the words are there, the markup is not
    assert "山札から" in text and "**" not in text and "{draw" not in text


def test_copy_counter_numbers_each_copy(tmp_path: Path) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    assert build(project, "pressdemo", "--only", "pnp", "--paper", "a4", "--bleed", "0") == 0
    reader = PdfReader(project / "build" / "pressdemo" / "pnp-a4.pdf")
    text = reader.pages[0].extract_text()
    assert [cards_on(reader, 0, "F")[i][0] for i in range(5)] == [
        "/FormXob.Fknight"] * 2 + ["/FormXob.Fwitch"] * 3
    for counter in ("1/2", "2/2", "1/3", "2/3", "3/3"):
        assert counter in text


def test_a_character_missing_from_the_font_is_an_error(tmp_path: Path, capsys) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    db = project / "cards" / "pressdemo.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace("name: 小さな影", "name: 小さな影🂡"),
                  encoding="utf-8")
    assert build(project, "pressdemo", "--only", "pnp") == 2
    err = capsys.readouterr().err
    assert "'token'" in err and "no glyph" in err and "🂡" in err


def test_a_missing_font_names_the_debian_package(monkeypatch, tmp_path: Path) -> None:
    from deckwright.model import UsageError
    from deckwright.press.fonts import FONT_DIR_ENV, FontSpec, font_path
    monkeypatch.setenv(FONT_DIR_ENV, str(tmp_path))
    spec = FontSpec("mincho", "IPAexMincho", (str(tmp_path / "nowhere" / "ipaexm.ttf"),),
                    "fonts-ipaexfont-mincho")
    with pytest.raises(UsageError, match="apt-get install fonts-ipaexfont-mincho"):
        font_path(spec)
    (tmp_path / "ipaexm.ttf").write_bytes(b"")  # a font in DECKWRIGHT_FONT_DIR is found first
    assert font_path(spec) == tmp_path / "ipaexm.ttf"


_NORMAL = "あいうかきくさしすたちつなにぬ漢字札山手番カドゲム"  # none of them kinsoku characters
_TOKEN = st.tuples(st.text(alphabet=NO_END, max_size=2), st.sampled_from(_NORMAL),
                   st.text(alphabet=NO_START.replace("ー", ""), max_size=2))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(tokens=st.lists(_TOKEN, min_size=1, max_size=60), width=st.integers(6, 20))
def test_kinsoku_holds_for_any_text_whose_clusters_fit(tokens, width) -> None:
    text = "".join(a + b + c for a, b, c in tokens)
    lines = lines_at(text, width)
    assert "".join(lines) == text
    assert all(line[0] not in NO_START for line in lines[1:] if line)
    assert all(line[-1] not in NO_END for line in lines if line)


# --- Japanese typesetting: numbers and counters, widows, Latin words ------------------------

def _line_strings(lines) -> list[str]:
    """Each line's text, an icon as U+FFFC, so lines can be walked against their source."""
    return ["".join(s.text or "\ufffc" for s in ln.segments) for ln in lines]


def _source(text: str) -> str:
    out = []
    for tok in markup.parse(text):
        out.append("\n" if isinstance(tok, Break) else "\ufffc" if isinstance(tok, Icon)
                   else tok.text.replace("\u00a0", " "))
    return "".join(out)


def breaks(text: str, lines: list[str]) -> list[tuple[str, str, str]]:
    """(end of a line, start of the next, what the source had between them) for every pair of
    neighbouring lines: '' for a break between two characters, ' ' where a space was dropped,
    '\n' for a hard break."""
    src = _source(text)
    pos, found = 0, []
    for i, line in enumerate(lines):
        gap = ""
        if i:
            while pos < len(src) and src[pos] in " \u3000" and not line.startswith(src[pos]):
                gap += " "
                pos += 1
            if pos < len(src) and src[pos] == "\n":
                gap += "\n"
                pos += 1
        for ch in line:  # a space before 、 or 」 may have been dropped inside a line
            while src[pos] != ch and src[pos] in " \u3000":
                pos += 1
            assert src[pos] == ch, (src[pos:pos + 20], line)
            pos += 1
        if i:
            found.append((lines[i - 1][-1:], line[:1], gap))
    return found


def assert_typeset(text: str, lines: list[str]) -> None:
    """Every rule a Japanese reader expects from a card face, for one broken text."""
    for a, b, gap in breaks(text, lines):
        if gap or not a or not b:
            continue  # a hard break, or a break at a space between Latin words
        assert b not in NO_START + "。」", (a, b, lines)
        assert a not in NO_END, (a, b, lines)
        assert not (a in DIGITS and b not in "「『（【"), ("number|counter", a, b, lines)
        assert not (b in DIGITS + "−＋" and _label_letter(a)), ("label|number", a, b, lines)
    # the last line of a paragraph holds at least two letters when the paragraph has two lines
    paragraphs: list[list[str]] = [[lines[0]]] if lines else []
    for line, (_, _, gap) in zip(lines[1:], breaks(text, lines)):
        if "\n" in gap:
            paragraphs.append([line])
        else:
            paragraphs[-1].append(line)
    for para in paragraphs:
        if len(para) >= 2:
            letters = [ch for ch in para[-1] if ch not in NO_START + " \u3000"]
            assert len(letters) >= 2, ("single-letter last line", para)


DIGITS = "0123456789０１２３４５６７８９"


def _label_letter(ch: str) -> bool:
    """A letter a number after it belongs to (コスト0, 水8): katakana, kanji, Latin; not a
    hiragana particle (「色を／4色」 is a phrase boundary) nor punctuation."""
    return ch.isalnum() and not "\u3041" <= ch <= "\u309f" or ch in "ー々"


def test_numbers_stay_with_their_counters_and_labels() -> None:
    cases = {
        "山札からカード1枚を引く。": 4.5,   # 「カード1／枚」
        "場札の色を4色から好きに決める。": 4,  # 「色を4／色」
        "使うにはコスト0で出す。": 4.7,        # 「コスト／0」
        "このカードは−1点。": 6,             # 「−1／点。」
        "水8(C)「この呪術を墓地に送る」": 4,
        "１２，０００人": 9,
    }
    for text, width in cases.items():
        lines = lines_at(text, width)
        assert "".join(lines) == text
        assert_typeset(text, lines)
    assert lines_at("使うにはコスト0で出す。", 4.7) == ["使うには", "コスト0で", "出す。"]
    # a hiragana particle ends a phrase: the line may break after it, not after the number
    assert lines_at("このカードは−1点。", 6) == ["このカードは", "−1点。"]
    assert lines_at("場札の色を4色から", 5) == ["場札の色を", "4色から"]
    # a counter word stays whole (not 「3ター／ン」), and so does one after a typed space
    assert lines_at("次の3ターンの間", 4.5) == ["次の", "3ターン", "の間"]
    assert lines_at("山札を54 枚にする", 4) == ["山札を", "54 枚に", "する"]


def test_a_no_break_space_prints_as_a_space_and_holds_label_and_value() -> None:
    # the label and its value move together: no break at the space, nor inside コスト
    assert lines_at("払うコスト\u00a0火2", 5.5) == ["払う", "コスト 火2"]
    assert lines_at("〕　コスト\u00a00", 4.5) == ["〕", "コスト 0"]  # the space ends the line
    assert lines_at("払うコスト 火2", 5.5) == ["払うコスト", "火2"]


def test_no_single_letter_last_line() -> None:
    assert lines_at("戦力と支援", 4) == ["戦力と", "支援"]  # not 「戦力と支／援」
    assert lines_at("山札を見る。", 4.5) == ["山札を", "見る。"]  # not 「見／る。」


def test_latin_words_keep_single_spaces_at_their_natural_width() -> None:
    m = metrics("gothic")
    text = "Wild Number Chain を出す"
    items = textfit.clusters(textfit.atoms(markup.parse(text), m))
    (line,) = textfit.break_lines(items, 30, m)
    assert line.text == text
    assert abs(line.width - m.text("Wild Number Chain ") - m.text("を出す")) < 1e-9
    assert lines_at(text, 8) == ["Wild Number", "Chain を出す"]


_WORDS = ["山札", "カード", "場札", "手番", "ゴースト", "呪術", "墓地", "を", "に", "は", "の", "から",
          "好きに", "決める", "出す", "見る", "ちょっと", "ヴァイ", "コスト", "水", "火"]
_NUMBERS = st.one_of(st.integers(0, 120).map(str), st.integers(0, 99).map(
    lambda n: str(n).translate(str.maketrans("0123456789", "０１２３４５６７８９"))),
    st.integers(1, 9).map(lambda n: f"−{n}"), st.just("1,000"), st.just("2.5"))
_COUNTERS = ["枚", "点", "色", "人", "回", "個", "ヵ所", "(C)", "mm", "%"]
_PIECE = st.one_of(
    st.sampled_from(_WORDS),
    st.tuples(_NUMBERS, st.sampled_from(_COUNTERS)).map("".join),
    st.sampled_from(["、", "。", "」", "「", "（", "）", "・", "ー", "っ", "！"]),
    st.sampled_from([" Wild Number Chain ", " Draw 2 ", " Block ", " Skip "]),
    st.just("　コスト\u00a0火2"),
    st.just("\n"))


@settings(max_examples=250, deadline=None, derandomize=True)
@given(pieces=st.lists(_PIECE, min_size=1, max_size=40), extra=st.integers(0, 14))
def test_japanese_typesetting_holds_for_generated_texts(pieces, extra) -> None:
    text = "".join(pieces).strip(" \n")
    if not text.replace("\n", "").strip():
        return
    m = metrics("gothic")
    items = textfit.clusters(textfit.atoms(markup.parse(text), m))
    widest = max((sum(a.width for a in c) for c in items if c is not None), default=1.0)
    width = 2 * widest + extra  # every cluster fits, so no forced cut excuses a broken rule
    lines = [ln.text for ln in textfit.break_lines(items, width, m)]
    assert all(sum(m.char(ch) for ch in ln) <= width + 1e-9 for ln in lines)
    assert_typeset(text, lines)
    # a label and its value joined by a no-break space stay on one line
    assert "|".join(lines).count("コスト 火2") == text.count("コスト\u00a0火2")
    # nothing lost: the lines are the text less the spaces a break or a closing mark swallowed
    squeeze = lambda s: s.replace(" ", "").replace("\u3000", "").replace("\n", "")  # noqa: E731
    assert squeeze("".join(lines)) == squeeze(markup.parse(text) and _source(text))


def test_every_shipped_card_is_typeset_properly() -> None:
    from deckwright.model import Project, load_games
    from deckwright.press.binding import render
    from deckwright.press.cards import GamePress
    from test_press_support import ROOT
    checked = 0
    for game in load_games(Project(ROOT), []):
        press = GamePress(game)
        for card in game.db.cards:
            for plan in (press.face(card), press.back(card)):
                assert not plan.problems, (card.id, plan.problems)
                for item in plan.items:
                    if item.text is None:
                        continue
                    source = render(item.region.get("text", ""), plan.context)
                    lines = _line_strings(item.text.lines)
                    try:
                        assert_typeset(source, lines)
                    except AssertionError as exc:
                        raise AssertionError(f"{game.id}/{card.id}/{item.region.name}: {exc}")
                    checked += 1
    assert checked > 1000
