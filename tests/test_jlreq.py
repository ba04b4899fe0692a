"""Japanese set the one way JLREQ sets it, whoever typed it (press/rulebook/jlreq.py): what the
rulebook prints of a designer's text."""

from __future__ import annotations

import pytest

from deckwright.press.rulebook.jlreq import japanese_set


@pytest.mark.parametrize(("typed", "printed"), [
    ("飛ばされるはずの人に 番が戻る。", "飛ばされるはずの人に番が戻る。"),   # a folded YAML line
    ("捨て札ゾーンの 2 枚、 P3 の 3 枚", "捨て札ゾーンの 2枚、P3 の 3枚"),
    ("「 ドボン 」を宣言する", "「ドボン」を宣言する"),
    ("どんなゲーム?", "どんなゲーム？"),
    ("パート1:自分の倉庫", "パート1：自分の倉庫"),
    ("制作: BLUE HOUR GAMES", "制作：BLUE HOUR GAMES"),
    ("手札公開: 反射, 偽情報", "手札公開：反射、偽情報"),
    ("時計回り(P1→P2→P3…)とする", "時計回り（P1→P2→P3…）とする"),
    ("A〜K(52 枚)とジョーカー 2 人", "A〜K（52枚）とジョーカー 2人"),
])
def test_japanese_is_set_per_jlreq(typed: str, printed: str) -> None:
    assert japanese_set(typed) == printed


@pytest.mark.parametrize("kept", [
    "P1 が ♠9 を出す。",          # Latin beside Japanese keeps its space
    "コスト 8(C) を払う",          # a cost letter after a number stays half width
    "(copy 2)", "12:30", "Q&A: one", "Dobon? Yes!",   # Latin text is left alone
])
def test_what_jlreq_leaves_alone(kept: str) -> None:
    assert japanese_set(kept) == kept
