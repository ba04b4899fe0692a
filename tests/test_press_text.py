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
