"""Labels and Japanese line breaking: no identifier is printed, numbers keep their counters.

The rulebooks themselves are read back in test_rulebook_games.py; here the rules that make them
so are tried on their own: `check` refuses an unlabelled identifier with its file position, the
drawer words an expectation as a reader would say it, and the typesetter's spans hold over
generated texts.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from deckwright.cli import main
from deckwright.model.steps import as_written
from deckwright.model import InputError, Project, load_game
from deckwright.press.markup import parse
from deckwright.press.rulebook.context import ContextBuilder
from deckwright.press.rulebook.examples import Drawer
from deckwright.press.rulebook.markup import inline
from deckwright.press.linebreak import NO_START
from deckwright.press.rulebook.typeset import WORD_JOINER, joined_for_print, keep_together

ROOT = Path(__file__).resolve().parent.parent


def project_with(tmp_path: Path, game: str, edit=lambda text: text) -> Path:
    """A project holding one shipped database, edited."""
    (tmp_path / "cards").mkdir()
    text = (ROOT / "cards" / f"{game}.yaml").read_text(encoding="utf-8")
    (tmp_path / "cards" / f"{game}.yaml").write_text(edit(text), encoding="utf-8")
    return tmp_path


def test_check_names_an_unlabelled_stat_with_its_position(tmp_path, capsys) -> None:
    root = project_with(tmp_path, "original-tcg", lambda t: t.replace("    race: 種族\n", "", 1))
    assert main(["--project", str(root), "check", "original-tcg"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert re.fullmatch(r"cards/original-tcg\.yaml:\d+:\d+: cards\[\d+\]\.stats\.race: "
                        r"no label for 'race': add `race: <the game's word>` to game\.labels",
                        err[0]), err
    # the rulebook refuses too, rather than print the key
    game = load_game(Project(root), "original-tcg")
    with pytest.raises(InputError, match="no label for 'race'"):
        ContextBuilder(game, {}, root / "build").build("a5")


def test_check_names_a_rules_module_key_no_example_uses_yet(tmp_path, capsys) -> None:
    root = project_with(tmp_path, "bridge-over", lambda t: t.replace("    bound: 縛られている手番の数\n", "", 1))
    assert main(["--project", str(root), "check", "bridge-over"]) == 2
    err = capsys.readouterr().err
    assert "game.labels: no label for the rules module's expectation key 'bound'" in err


def test_a_step_word_without_label_asks_for_a_label_or_a_say(tmp_path, capsys) -> None:
    root = project_with(tmp_path, "original-tcg", lambda t: t.replace("    summons: 召喚する\n", "", 1))
    assert main(["--project", str(root), "check", "original-tcg"]) == 2
    err = capsys.readouterr().err
    assert re.search(r"examples\[\d+\]\.steps\[\d+\]: no label for 'summons': .*or give the step "
                     r"a `say:` sentence", err)


def test_every_shipped_game_is_fully_labelled(capsys) -> None:
    assert main(["--project", str(ROOT), "check"]) == 0, capsys.readouterr().err


@pytest.fixture(scope="module")
def tcg():
    return load_game(Project(ROOT), "original-tcg")


def test_an_expectation_is_worded_with_names_copies_and_labels(tcg) -> None:
    d = Drawer(tcg)
    rows = d.mapping_rows({"at": {"gilbia-flame-swordsman#4": "graveyard",
                                  "overcloud-golem#1": "camp1"},
                           "tapped": {"p1": 4}, "phase": "main"})
    printed = [(r.label, [(p.who, p.text) for p in r.parts]) for r in rows]
    assert printed == [
        ("置き場所", [("「ギルビアの炎剣術士」（4枚目）", "墓地"),
                  ("「オーバークラウド・ゴーレム」（1枚目）", "自陣1")]),
        ("使用した倉庫のカード", [("P1", "4")]),
        ("", [("フェイズ", "行動フェイズ")])]


def test_a_game_decision_reads_as_a_japanese_sentence(tcg) -> None:
    d = Drawer(tcg)
    assert d.sentence(as_written("p1 summons binarukus-sage-dragon at camp3 paying "
                                 "gilbia-flame-swordsman!, crazy-jack-tactics#1")) == (
        "プレイヤー1 が「ビナルクスの仙龍」を自陣3に「ギルビアの炎剣術士」（墓地へ）・"
        "「クレイジー・ジャックの戦闘術」（1枚目）を支払って召喚する。")
    assert d.sentence(as_written("p1 skips")) == "プレイヤー1 が何もせずに進む。"


def test_card_facts_and_effect_kinds_use_the_games_words(tcg) -> None:
    ctx = ContextBuilder(tcg, {}, ROOT / "build" / "none").build("a5")
    cards = {c.id: c for c in ctx["cards"]}
    facts = dict(cards["gilbia-flame-swordsman"].facts)
    assert {"召喚コスト", "移動コスト", "パワー", "種族"} <= set(facts)
    headings = [e.heading for c in ctx["cards"] for e in c.effects]
    assert any(h.startswith("対抗") for h in headings)
    assert not any("カウンター" in h for h in headings)


def test_prose_quotes_players_and_places_by_their_labels() -> None:
    game = load_game(Project(ROOT), "treasure-scramble")
    ctx = ContextBuilder(game, {}, ROOT / "build" / "none").build("a5")
    glossary = {t["term"]: re.sub(r"<[^>]+>", "", str(t["text"])) for t in ctx["glossary"]}
    assert "場1, 場2" in glossary["場"] and "f1" not in glossary["場"]


# --- typesetting -------------------------------------------------------------------------------

def spans(html: str) -> list[tuple[int, int]]:
    """(start, end) of every nowrap group in the text `html` shows."""
    out, text_pos = [], 0
    for piece in re.split(r"(<[^>]+>)", html):
        if piece == '<span class="nw">':
            out.append([text_pos, None])
        elif piece == "</span>" and out and out[-1][1] is None:
            out[-1][1] = text_pos
        elif not piece.startswith("<"):
            text_pos += len(re.sub(r"&[a-z]+;|&#\d+;", "_", piece))
    return [(a, b) for a, b in out]


def unbreakable_pairs(text: str) -> list[int]:
    """Positions i where a line must not break between text[i-1] and text[i] and the line
    breakers would: inside 3.5, between a number and the letter after it (its counter), a
    label and its number (コスト0, not a particle: を4 may break), before a closer."""
    out = []
    for i in range(1, len(text)):
        a, b = text[i - 1], text[i]
        # (two digits side by side no line breaker splits: UAX #14 NU x NU)
        number_in = (a.isdigit() and b in ".,/" and text[i + 1:i + 2].isdigit()) or (
            a in ".,/" and b.isdigit() and text[i - 2:i - 1].isdigit())
        counter = a.isdigit() and not b.isspace() and b not in "「（" and b not in NO_START
        label = b.isdigit() and (a in "ー" or a.isalpha() and not "ぁ" <= a <= "ゖ")
        latin = a.isascii() and b.isascii() and a.isalnum() and b.isalnum()  # UAX #14 keeps
        if (number_in or counter or label) and not latin:
            out.append(i)
    return out


WORDS = st.sampled_from(["カード", "コスト", "火", "を", "引く", "色", "点", "枚", " ", "Wild",
                         "Number", "1", "12", "-1", "3.5", "、", "。", "」", "「", "（C）"])


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=14))
def test_no_break_inside_a_number_or_before_its_counter_or_closer(words) -> None:
    text = "".join(words)
    html = str(keep_together(text))
    kept = spans(html)
    for i in unbreakable_pairs(text):
        assert any(a < i < b for a, b in kept), (text, i, html)
    for _, end in kept:  # a closer after a group is inside it, never after </span>
        assert text[end:end + 1] not in NO_START or not text[end:end + 1], (text, html)
    assert re.sub(r"<[^>]+>", "", html) == text.replace("&", "&amp;")


class _Nesting(HTMLParser):
    """Fails on an end tag that does not close the innermost open element."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        self.open.append(tag)

    def handle_endtag(self, tag) -> None:
        assert self.open and self.open.pop() == tag, (tag, self.open)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(WORDS, st.booleans()), min_size=1, max_size=14))
def test_groups_hold_across_emphasis_and_the_html_nests(parts) -> None:
    text = "".join(f"**{w}**" if emph and w.strip() else w for w, emph in parts)
    plain = "".join(run.text for run in parse(text))  # (a folded space between kana drops)
    html = str(inline(text, {}))
    nesting = _Nesting()
    nesting.feed(html)
    assert nesting.open == [], html
    flat = html.replace("<strong>", "").replace("</strong>", "")
    kept = spans(flat)
    for i in unbreakable_pairs(plain):
        assert any(a < i < b for a, b in kept), (text, i, html)
    assert re.sub(r"<[^>]+>", "", html) == plain.replace("&", "&amp;")


def test_for_print_plain_groups_are_joined_instead_of_spans() -> None:
    """WeasyPrint gets a plain group's characters joined by word joiners (typeset.py says
    why); a group holding a tag, one in a heading and one ending its element keep the span,
    and an escaped character stays whole."""
    j = WORD_JOINER
    html = ('<p>各<span class="nw">自60枚</span>と<span class="nw">Q&amp;A</span>'
            '<span class="nw"><strong>3</strong>枚</span></p>'
            '<h2 data-title="x">見出し<span class="nw">1枚</span></h2>'
            '<div><span class="text end">自<span class="nw">陣1</span></span></div>')
    assert joined_for_print(html) == (
        f'<p>各自{j}6{j}0{j}枚と{j.join(["Q", "&amp;", "A"])}'
        '<span class="nw"><strong>3</strong>枚</span></p>'
        '<h2 data-title="x">見出し<span class="nw">1枚</span></h2>'
        '<div><span class="text end">自<span class="nw">陣1</span></span></div>')


def test_known_bad_breaks_of_the_issue_are_held_together() -> None:
    for text, group in [("カード1枚を引く", "ド1枚"), ("色を4色にする", "4色"),
                        ("コスト0で出す", "ト0で"), ("コスト火2を払う", "火2を"),
                        ("水8(C)を払う", "水8(C)"), ("−1点。", "−1点。")]:
        assert f'<span class="nw">{group}</span>' in str(keep_together(text)), text


def test_an_icon_keeps_the_punctuation_after_it(tcg) -> None:
    html = str(inline("場の{fire}。次へ", tcg.db.game.palette))
    assert re.search(r'<span class="nw"><span class="icon icon-colour[^"]*"[^>]*>火</span>。</span>',
                     html), html


def test_the_format_guide_lists_the_step_words_check_words_itself() -> None:
    """docs/format.md and `check` agree on which step words need no label (a guide that said
    every step word needs one let `p1 names yellow` pass check against its own words)."""
    from deckwright.shared_notation import BARE_VERBS, PARTICLES, TO_VERBS, VERBS

    text = " ".join((ROOT / "docs" / "format.md").read_text(encoding="utf-8").split())
    verbs = text.split("a shared verb right after the player", 1)[1].split("(`moves`", 1)[0]
    particles = text.split("the particles", 1)[1].split(", and a shared verb", 1)[0]
    assert set(re.findall(r"`([a-z]+)`", verbs)) == set(VERBS) | set(TO_VERBS) | set(BARE_VERBS)
    assert set(re.findall(r"`([a-z]+)`", particles)) == set(PARTICLES)


def test_every_shared_key_has_deckwrights_word_for_it() -> None:
    """The shared setup and expectation keys are listed once (shared_notation.py); the engine
    reads exactly those and the rulebook has a label for each."""
    from deckwright.engine.expect import SHARED
    from deckwright.engine.setup import SHARED_SETUP
    from deckwright.shared_notation import EXPECT_KEYS, KEY_LABELS, SETUP_KEYS

    assert tuple(SHARED) == EXPECT_KEYS and SHARED_SETUP == SETUP_KEYS
    assert set(SETUP_KEYS) | set(EXPECT_KEYS) <= set(KEY_LABELS)


def test_a_shared_verb_and_a_palette_colour_need_no_label(tmp_path, capsys) -> None:
    """As the guide says (the step word that does need one: test_a_step_word_without_label...)."""
    root = project_with(tmp_path, "bridge-over",
                        lambda t: t.replace("      - do: p1 names red\n",
                                            "      - do: p1 names yellow\n", 1))
    assert main(["--project", str(root), "check", "bridge-over"]) == 0, capsys.readouterr().err
