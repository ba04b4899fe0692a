"""deckwright's own message catalogs: in step with the code, complete in Japanese and English,
and an uncatalogued language falling back to English with `check` naming what is missing."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from deckwright import i18n
from deckwright.cli import main

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "deckwright"


def extracted() -> set[str | tuple[str, ...]]:
    """The messages the code marks today, extracted as `make catalogs` does (babel.cfg)."""
    method_map = [("**.py", "python"), ("templates/**.j2", "jinja2")]
    options = {"templates/**.j2": {"extensions": "jinja2.ext.i18n"}}
    keywords = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
                "npgettext": ((1, "c"), 2, 3), "N_": None}
    found: set[tuple[str | None, str | tuple[str, ...]]] = set()
    for _file, _line, message, _comments, context in extract_from_dir(
            str(PACKAGE), method_map, options, keywords=keywords):
        found.add((context, message if isinstance(message, str) else tuple(message)))
    return found


def ids(catalog: Catalog) -> set[tuple[str | None, str | tuple[str, ...]]]:
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id}


def test_babel_config_names_what_the_test_extracts() -> None:
    cfg = (ROOT / "babel.cfg").read_text(encoding="utf-8")
    assert "[python: **.py]" in cfg and "[jinja2: templates/**.j2]" in cfg
    assert "jinja2.ext.i18n" in cfg


def test_template_catalog_is_in_step_with_the_code() -> None:
    pot = i18n.catalog_template()
    assert ids(pot) == extracted(), "run: make catalogs"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_japanese_and_english_are_complete(lang: str) -> None:
    path = i18n.po_path(lang)
    catalog = read_po(io.BytesIO(path.read_bytes()), locale=lang)
    assert ids(catalog) == ids(i18n.catalog_template()), "run: make catalogs"
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings) and not message.fuzzy, message.id
    problems = [(m.id, errs) for m, errs in catalog.check()]
    assert problems == [], problems  # placeholders the same in id and translation
    assert i18n.missing(lang) == []


def test_words_in_each_language() -> None:
    ja, en = i18n.words("ja"), i18n.words("en")
    assert (ja("Card reference"), en("Card reference")) == ("カードリファレンス", "Card reference")
    assert ja.ngettext("%(num)d point", "%(num)d points", 6) == "6 点"
    assert (ja("yes"), ja.pgettext("stat", "yes"), en.pgettext("stat", "yes")) == (
        "はい", "あり", "yes")
    assert [en.ngettext("%(num)d point", "%(num)d points", n) for n in (1, 2)] == [
        "1 point", "2 points"]
    assert i18n.words("ja-JP")("Glossary") == "用語集"   # a region falls back to its language


def test_index_order_follows_the_language() -> None:
    names = ["ぱん", "カード", "あめ"]
    assert sorted(names, key=i18n.words("ja").sort_key) == ["あめ", "カード", "ぱん"]
    assert sorted(["écu", "Zebra", "apple"], key=i18n.words("en").sort_key) == [
        "apple", "écu", "Zebra"]
    # numbers by their value, wherever they stand in the name (full-width digits too)
    assert sorted(["♦10", "♦A", "♦2", "♦9"], key=i18n.words("en").sort_key) == [
        "♦2", "♦9", "♦10", "♦A"]
    assert sorted(["ゴースト１０", "ゴースト2", "ゴースト1"], key=i18n.words("ja").sort_key) == [
        "ゴースト1", "ゴースト2", "ゴースト１０"]


def test_a_language_without_catalog_falls_back_to_english_and_check_lists_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert i18n.words("fr")("Card index") == "Card index"
    assert "Card index" in i18n.missing("fr")
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "jeu.yaml").write_text(
        "game:\n  id: jeu\n  title: Jeu\n  language: fr\n  players: {min: 2, max: 4}\n"
        "  categories: [{id: c, title: Carte}]\n  backs: [{id: b, title: Dos, color: '#000000'}]\n"
        "  source: test\ncards: [{id: a, name: As, category: c}]\n"
        "decks: [{id: d, title: Paquet, default: true, cards: {a: 1}}]\n", encoding="utf-8")
    assert main(["-C", str(tmp_path), "check"]) == 0
    out = capsys.readouterr().out
    assert "cards/jeu.yaml: game.language: deckwright has no fr translation" in out
    assert "missing: 'Card index'" in out
