"""One set of Japanese line-breaking rules, two media: a card face (textfit, measured for
reportlab) and a rulebook paragraph (typeset's spans, laid out by WeasyPrint) broken at many
widths never start a line with 。 or ー, never split 3枚 or 10点 or 3ターン, and break only where
press/linebreak.py allows."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from weasyprint import HTML

from deckwright.press import linebreak, markup, textfit
from deckwright.press.fonts import metrics
from deckwright.press.rulebook.markup import inline
from deckwright.press.rulebook.typeset import keep_together

TEXTS = [
    "手札から3枚引き、相手は**10**点を失う。次の3ターンの間、プレイヤー1はゲームを見る。"
    "人数は2〜3人。",
    "コスト\u00a0火2のカードを出した。「ちょっと待って」と言い、色を4色にする～きゃあ。",
    "水8(C)を払ったら、場のカードは−1点。ショットドロー２枚目、１，０００人が見ている。",
]
#: What each medium must keep on one line wherever the texts break.
WHOLE = ["3枚", "10点", "3ターン", "1は", "コスト\u00a0火2", "4色", "水8(C)", "−1点。",
         "２枚目", "１，０００人", "2〜3人"]
WIDTHS = [w / 2 for w in range(13, 34, 2)]  # 6.5 to 16.5 em: every kept group fits a line


def face_lines(text: str, width: float) -> list[str]:
    m = metrics("gothic")
    items = textfit.clusters(textfit.atoms(markup.parse(text), m))
    return [ln.text for ln in textfit.break_lines(items, width, m)]


@pytest.fixture(scope="module")
def page_lines() -> dict[tuple[int, float], list[str]]:
    """(text index, width in em) -> the lines WeasyPrint set the paragraph in, marked up as
    the rulebook marks up card text."""
    cases = [(k, w) for k in range(len(TEXTS)) for w in WIDTHS]
    body = "".join(f'<p style="width:{w}em">{inline(TEXTS[k], {})}</p>' for k, w in cases)
    page = ('<html lang="ja"><head><style>@page { size: 120mm 60mm; margin: 5mm }'
            ' body { font: 10pt IPAexGothic } p { margin: 0; break-after: page }'
            ' .nw { white-space: nowrap } strong { font-weight: normal }'
            '</style></head><body>' + body + "</body></html>")
    pdf = pdfium.PdfDocument(HTML(string=page).write_pdf())
    assert len(pdf) == len(cases)  # one paragraph per page, none spilling over
    return {case: [ln for ln in p.get_textpage().get_text_range().splitlines() if ln]
            for case, p in zip(cases, pdf)}


def break_positions(text: str, lines: list[str]) -> list[int]:
    """Indexes of `text` where a line begins (after the first), walking the lines against it;
    a no-break space may come back from either medium as a plain space, and the PDF's text
    gives the wave dash 〜 as ～ (the font has one glyph for both)."""
    src = text.replace("\u00a0", " ").replace("〜", "～")
    pos, found = 0, []
    for i, line in enumerate(lines):
        if i:
            found.append(pos)
        for ch in line.replace("\u00a0", " ").replace("〜", "～"):
            assert src[pos] == ch, (src[pos:pos + 10], line)
            pos += 1
    assert pos == len(src), lines
    return found


def assert_rules(marked: str, lines: list[str]) -> None:
    text = marked.replace("**", "")
    keep = linebreak.keeps(text)
    for at in break_positions(text, lines):
        assert not keep[at], (text[at - 2:at] + "／" + text[at:at + 2], lines)
        assert text[at] not in "。、」ーっゃ～", lines
        assert text[at - 1] not in "「（", lines
    # each kept group, wherever the text has it, lies on one line
    starts = [0] + break_positions(text, lines) + [len(text)]
    for group in WHOLE:
        at = text.find(group)
        while at != -1:
            assert not any(at < s < at + len(group) for s in starts), (group, lines)
            at = text.find(group, at + 1)


@pytest.mark.parametrize("k", range(len(TEXTS)))
def test_face_and_rulebook_follow_the_same_rules(page_lines, k: int) -> None:
    text = TEXTS[k]
    broke_face = broke_page = 0
    for width in WIDTHS:
        face = face_lines(text, width)
        page = page_lines[(k, width)]
        assert_rules(text, face)
        assert_rules(text, page)
        broke_face += len(face) - 1
        broke_page += len(page) - 1
    assert broke_face > 30 and broke_page > 30  # the texts really were broken, many times


def test_the_same_groups_are_held_in_both_media() -> None:
    # what the face keeps in one cluster, the rulebook wraps in one nowrap span (where its
    # line breakers would otherwise split it)
    assert face_lines("手札から3ターンの間", 4) == ["手札から", "3ターン", "の間"]
    assert '<span class="nw">3ターン</span>' in str(keep_together("手札から3ターンの間"))
    # a particle before a number ends a phrase: both may break after を, neither after 4
    assert face_lines("色を4色にする", 3) == ["色を", "4色に", "する"]
    assert str(keep_together("色を4色にする")) == '色を<span class="nw">4色</span>にする'
    # a label before its number stays with it on the face and in the rulebook
    assert face_lines("払うコスト0で", 4) == ["払うコス", "ト0で"]
    assert str(keep_together("払うコスト0で")) == '払うコス<span class="nw">ト0で</span>'
    # across emphasis: one cluster on the face, one span (holding the <strong>) on the page
    assert face_lines("手札から**3**枚を引く", 4) == ["手札から", "3枚を", "引く"]
    assert str(inline("手札から**3**枚を引く", {})) == \
        '手札から<span class="nw"><strong>3</strong>枚</span>を引く'
