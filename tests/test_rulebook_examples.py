"""How examples and components are drawn: sentences, mini cards, rows, the per-deck table."""

from __future__ import annotations

import re

from pathlib import Path

import pytest

from deckwright.model.steps import as_written
from deckwright.app.steps import decision_words
from deckwright.i18n import words
from deckwright.model import Example, Project, load_game
from deckwright.press.rulebook.context import ContextBuilder
from deckwright.press.rulebook.examples import Drawer, lines
from deckwright.press.rulebook.labels import MissingLabel
from deckwright.press.rulebook.markup import inline

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def game():
    return load_game(Project(ROOT / "tests" / "fixtures" / "rulebook"), "rb")


def test_steps_without_say_are_rendered_from_the_notation(game):
    d = Drawer(game)
    assert d.sentence(as_written("p1 plays red-2")) == "プレイヤー1 が「赤の2」を出す。"
    assert d.sentence(as_written("p2 plays draw-two#2")) == "プレイヤー2 が「ドロー2」（2枚目）を出す。"
    assert d.sentence(as_written("p3 passes")) == "プレイヤー3 がパスする。"
    assert d.sentence(as_written("p2 draws")) == "プレイヤー2 が山札から引く。"
    assert d.sentence(as_written("p1 moves red-1 to blue-2")) == "プレイヤー1 が「赤の1」を「青の2」へ動かす。"
    with pytest.raises(MissingLabel):  # a game's own verb needs the game's word for it
        d.sentence(as_written("p1 scrambles f2"))


def test_a_step_is_drawn_from_the_words_its_verdict_carries(game):
    """The rulebook reads a decision as the game's notation parsed it (the verdict's steps),
    never by splitting the step's text: words that differ from the text are what is drawn;
    a step the verdict has no words for reads as the model holds it written."""
    class V:
        status, detail = "verified", ""
        steps = ((1, (("p2", "player"), ("plays", "verb"), ("blue-1", "card"))),)

    ex = next(e for e in game.db.examples if e.id == "skip-two-players")   # p1 plays skip, red-3
    drawn = Drawer(game).draw(ex, V(), 1)
    assert [s.sentence for s in drawn.steps] == ["プレイヤー2 が「青の1」を出す。",
                                                 "プレイヤー1 が「赤の3」を出す。"]
    assert [(f.step, f.card.card_id) for f in drawn.flow] == [(1, "blue-1"), (2, "red-3")]


def test_every_decision_step_has_words_parsed_or_as_written(game):
    """app/steps.py: a verdict's parsed words where the run parsed the step, the model's
    words as written for the rest (a step after a failing one), none for a check."""
    ex = Example.model_validate({
        "id": "x", "title": "x", "steps": ["p1 plays red-2", {"expect": {"turn": "p2"}},
                                           {"refused": "p2 plays skip, red-3!"}]})
    parsed = (("p1", "player"), ("plays", "verb"), ("red-2", "card"))
    assert decision_words(ex, [(1, parsed)]) == (
        (1, parsed),
        (3, (("p2", "player"), ("plays", "verb"), ("skip", "word"), ("red-3!", "word"))))


def test_an_example_is_drawn_with_flow_steps_outcome_and_verdict(game):
    class V:
        status, detail = "failing", "expected turn p2"

    ex = next(e for e in game.db.examples if e.id == "skip-two-players")
    drawn = Drawer(game).draw(ex, V(), 2)
    assert (drawn.number, drawn.status_label, drawn.detail) == (2, "検証で不一致", "expected turn p2")
    assert [s.sentence for s in drawn.steps] == ["プレイヤー1 が「スキップ」を出す。",
                                                 "プレイヤー1 が「赤の3」を出す。"]
    assert [(f.step, f.card.card_id, f.refused) for f in drawn.flow] == [
        (1, "skip", False), (2, "red-3", False)]
    setup = {row.label: row for row in drawn.setup}
    hands = setup["手札"]
    assert [(p.who, [c.card_id for c in p.cards]) for p in hands.parts] == [
        ("P1", ["skip", "red-3"]), ("P2", ["blue-1"])]
    # the mini card takes the card's colours; two-coloured cards get both
    skip = hands.parts[0].cards[0]
    assert skip.inks == ("#d0312d", "#1f5fbf") and skip.style == "--ink:#d0312d;--ink2:#1f5fbf"
    # as classes (inks.py): the band's ink and the sides'
    assert skip.classes == "ink-d0312d ink2-1f5fbf"
    outcome = {p.who: p.text for row in drawn.outcome for p in row.parts}
    assert outcome == {"手番": "P2", "起きること": "スキップ"}


def test_automatic_passes_show_compactly_in_the_flow(game):
    class V:
        status, detail = "verified", ""
        auto_passes = ((2, ("p2", "p3")), (3, ("p1",)))

    ex = next(e for e in game.db.examples if e.id == "skip-two-players")
    drawn = Drawer(game).draw(ex, V(), 2)
    assert [s.sentence for s in drawn.steps] == [
        "プレイヤー1 が「スキップ」を出す。",
        "P2・P3 はパス。プレイヤー1 が「赤の3」を出す。P1 はパス。"]
    assert len(drawn.flow) == 2          # passes add no step: the numbering stays the script's


def test_automatic_steps_read_in_the_books_language():
    """The words deckwright adds around an example's steps come from the catalog: an English
    book printed 「P2・P3 はパス。」 and 「（自動：…）」 in Japanese."""
    english = load_game(Project(ROOT), "super-page-one", "en")

    class V:
        status, detail = "verified", ""
        auto_passes = ((1, ("p2", "p3")), (2, ("p4",)))
        automatic = ((2, ("p1 draws 1 card.", "p1 draws 1 card.")),)
        setup_defaults = (("deck", "the rest, shuffled"),)

    ex = english.db.examples[0]
    drawn = Drawer(english).draw(ex, V(), 1)
    first, second = drawn.steps[0].sentence, drawn.steps[1].sentence
    assert first.startswith("P2, P3 pass. ") and second.startswith("P4 passes. ")
    assert second.endswith(". (automatic: P1 draws 1 card. P1 draws 1 card.)")
    assert drawn.setup[-1].label.endswith(" (not given)")
    assert not re.search(r"[\u3040-\u30ff]", first + second + drawn.setup[-1].label)


def test_automatic_events_and_setup_defaults_are_printed(game):
    class V:
        status, detail = "verified", ""
        automatic = ((0, ("p1 が 1 枚引く。",)), (2, ("p2 が red-3 を引く。",)))
        setup_defaults = (("deck", "残りを切って置く"),)

    ex = next(e for e in game.db.examples if e.id == "skip-two-players")
    drawn = Drawer(game).draw(ex, V(), 2)
    assert [s.sentence for s in drawn.steps] == [
        "（自動：P1 が 1枚引く。）プレイヤー1 が「スキップ」を出す。",   # players as P1, not p1; 1枚 closed
        "プレイヤー1 が「赤の3」を出す。（自動：P2 が「赤の3」を引く。）"]   # cards by name, no space beside 「」
    assert drawn.setup[-1].label == "山札（指定のない分）"
    assert drawn.setup[-1].parts[0].text == "残りを切って置く"


def test_refused_steps_and_checks(game):
    ex = next(e for e in game.db.examples if e.id == "play-same-colour")
    drawn = Drawer(game).draw(ex, None, 1)
    assert drawn.status == "unverified" and drawn.status_label == "未検証"
    kinds = [(s.kind, s.sentence, s.checks) for s in drawn.steps]
    assert kinds == [("do", "赤の2を出す。色が同じなので出せる。", ""),
                     ("refused", "プレイヤー2 が「緑の5」を出す。（理由：色も数字も違う）", ""),
                     ("expect", "ここで確かめる：", "場札 「赤の2」")]
    assert [f.refused for f in drawn.flow] == [False, True]


def test_short_rows_share_a_line(game):
    d = Drawer(game)
    rows = d.mapping_rows({"players": 2, "turn": "p1", "deck": ["red-1"], "discard": ["blue-2"],
                           "hands": {"p1": ["red-1"], "p2": []}})
    printed = [[r.label for r in line] for line in lines(rows)]
    assert printed == [["", "山札", "捨て札"], ["手札"]]
    assert [(p.who, p.text) for p in rows[0].parts] == [("人数", "2"), ("手番", "P1")]


def test_components_table_has_a_column_per_deck_and_grouped_rows(game):
    ctx = ContextBuilder(game, {}, Path("/nonexistent")).build("a5")
    table = ctx["components"]
    assert [(d.title, d.variant, d.total) for d in table["decks"]] == [
        ("基本デッキ", "基本版", 17), ("拡張デッキ", "拡張版", 21)]
    rows = {"・".join(m.name for m in r.group.members): r.cells for r in table["rows"]}
    assert rows["ワイルド"] == ["—", "2"]
    assert rows["赤の1・青の1"] == ["各2", "各2"]  # same rank and points, colour apart
    assert rows["緑の5"] == ["1", "1"]
    assert sum(len(r.group.members) for r in table["rows"]) == len(game.db.cards)
    assert [d.mark for d in table["decks"]] == ["①", "②"]


def test_cards_differing_only_in_colour_share_an_entry(tmp_path: Path):
    project = ROOT / "tests" / "fixtures" / "mini"
    text = (project / "cards" / "mini.yaml").read_text(encoding="utf-8")
    text = text.replace('    copies: 3\n    rank: 2\n    points: 2', '    copies: 3\n    rank: 1\n    points: 1\n    text: "{red} を出す。**強調**"')
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "mini.yaml").write_text(text, encoding="utf-8")
    g = load_game(Project(tmp_path), "mini")
    ctx = ContextBuilder(g, {}, tmp_path / "build" / "mini").build("a5")
    assert [[m.id for m in group.members] for group in ctx["card_groups"]] == [["red-1", "blue-2"]]
    assert ctx["components"]["rows"][0].cells == ["2・3"]


def test_inline_markup_escapes_then_renders(game):
    palette = game.db.game.palette
    html = str(inline("<b>x</b> {red} **強** {draw:2} & {skip}", palette, words("ja")))
    # escaped, and (a Latin word breaks only at spaces) kept whole
    assert html.startswith("<span class=\"nw\">&lt;b&gt;x&lt;/b&gt;</span> "
                           "<span class=\"icon icon-colour ink-d0312d\" "
                           "title=\"赤\">赤</span>")
    assert "<strong>強</strong>" in html and "ドロー＋2" in html and "&amp;" in html
    assert "スキップ" in html


def test_shared_values_are_printed_in_words(game):
    d = Drawer(game)
    assert d.value_text("counterclockwise") == "反時計回り"
    assert d.value_text("clockwise") == "時計回り"
    key, colour = next(iter(game.db.game.palette.items()))
    assert d.value_text(key) == colour.name
    assert d.value_text("p2") == "P2"


def test_a_folded_yaml_line_leaves_no_space_between_japanese_words(game):
    palette = game.db.game.palette
    assert str(inline("手札を\n出す".replace("\n", " "), palette)) == "手札を出す"
    assert str(inline("Draw 2 を出す", palette)) == "Draw 2 を出す"  # real spaces stay


def test_a_refusal_cited_by_an_untitled_id_prints_the_engines_sentence(game):
    class V:
        status, detail = "verified", ""
        refusals = ((1, "ジョーカーを持っているのでドボンできない", "dobon-joker"),)

    ex = Example.model_validate({"id": "x", "title": "x", "steps": [
        {"refused": "p2 plays red-2", "because": "dobon-joker"}]})
    drawn = Drawer(game).draw(ex, V(), 1)
    assert "ジョーカーを持っているのでドボンできない" in drawn.steps[0].sentence


def test_an_examples_floor_counts_the_lines_its_steps_take_at_least(game):
    """Drawn for a page, a step whose sentence is wider than its column counts as many lines
    as its characters fill (tests/test_rulebook_pdf.py checks the floor stays under the
    laid-out height); without a page, one line a step as before."""
    class V:
        status, detail = "verified", ""
    d = Drawer(game)
    ex = game.db.examples[0]
    plain, a5, a4 = d.draw(ex, V(), 1), d.draw(ex, V(), 1, "a5"), d.draw(ex, V(), 1, "a4")
    assert plain.step_lines == plain.first_column and not plain.measure_mm
    long = "とても長い文が続く。" * 12   # 120 characters of 8 pt: 120 × 2.82 mm, over 3 lines
    for drawn in (plain, a5, a4):
        drawn.steps[0].sentence = long
        drawn.steps[0].em = d.body_em(long) if drawn.measure_mm else 0.0
    assert d.body_em(long) == pytest.approx(120)   # full-width characters, 1 em each
    column = a5.measure_mm - 5 if a5.first_column == len(a5.steps) else .47 * a5.measure_mm - 5
    assert a5.text_lines(a5.steps[0].em, column) == -(-120 * 8 * 25.4 / 72 * .97 // column)
    assert a5.step_lines > plain.step_lines and a5.floor_mm > plain.floor_mm
    assert a4.step_lines < a5.step_lines   # a wider page, fewer lines


def test_a_mini_card_is_labelled_so_a_reader_knows_the_card():
    """Names up to three full-width or six half-width characters are their own label, so an
    English "Three" reads like "Two"; a longer name with a rank shows the colour's symbol and
    the rank; a bare rank is never a label: super-page-one's Joker (rank 0) is not "0"."""
    from deckwright.model.schema import Card

    japanese = load_game(Project(ROOT), "super-page-one")
    english = load_game(Project(ROOT), "super-page-one", "en")
    assert Drawer(japanese).mini(japanese.card("joker-1")).label == "ジョーカー"
    assert Drawer(english).mini(english.card("joker-1")).label == "Joker"
    assert Drawer(japanese).mini(japanese.card("s-a")).label == "♠A"

    fox = load_game(Project(ROOT / "tests" / "fixtures" / "rulebook"), "rb")
    symbol = next(k for k, c in fox.db.game.palette.items() if c.symbol)
    plain = next(k for k, c in fox.db.game.palette.items() if not c.symbol)
    base = fox.db.cards[0].model_dump()
    draw = Drawer(fox)

    def label(name: str, colour: str) -> str:
        card = Card.model_validate({**base, "name": name, "colors": [colour], "rank": 3})
        return draw.mini(card).label

    sym = fox.db.game.palette[symbol].symbol
    assert (label("Three", symbol), label("Three", plain)) == ("Three", "Three")
    assert (label("Thunder", symbol), label("Thunder", plain)) == (f"{sym}3", "Thunder")
    assert (label("炎の三", plain), label("炎の三番", symbol)) == ("炎の三", f"{sym}3")


def test_cards_that_share_a_name_are_told_apart_by_their_colours(tmp_path):
    """bridge-over's number cards are named "4" in four colours, the fox template's "One" in
    three: a sentence names the colour too; a name of its own, or a namesake of the same colours
    (super-page-one's two Jokers), is printed alone."""
    import subprocess
    import sys

    bridge = Drawer(load_game(Project(ROOT), "bridge-over"))
    assert bridge.sentence(as_written("p1 plays red-4")) == "プレイヤー1 が「4」（赤）を出す。"
    spo = Drawer(load_game(Project(ROOT), "super-page-one"))
    assert "「ジョーカー」を" in spo.sentence(as_written("p1 plays joker-1"))

    run = subprocess.run([sys.executable, "-m", "deckwright", "new", "fox", "--rules"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    fox = Drawer(load_game(Project(tmp_path / "fox"), "fox"))
    assert fox.sentence(as_written("p2 plays yellow-1")) == "Player 2 plays “One” (Yellow)."
