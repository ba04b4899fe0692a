"""Editions: a game's own words in another language, `cards/<game>.<lang>.yaml`.

The English edition of super-page-one is complete (nothing untranslated), its examples pass
with English `reason:` lines matched against English refusals, and its rulebook PDF has no
Japanese in it (not even the glossary's original terms). A broken edition is bad input with file:line.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from deckwright.cli import main
from deckwright.app.verify import verify_examples
from deckwright.model import InputError, Project, load_game
from shared import copy_of

ROOT = Path(__file__).resolve().parents[1]
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]+")


@pytest.fixture(scope="module")
def english():
    return load_game(Project(ROOT), "super-page-one", "en")


def test_the_english_edition_translates_everything(english) -> None:
    assert english.language == "en" and english.edition == "en"
    assert english.untranslated == []
    words = [english.db.game.title, english.db.game.summary or ""]
    words += [c.name + (c.text or "") + "".join((e.name or "") + e.text for e in c.effects)
              for c in english.db.cards]
    words += [r.title + r.text + (r.source or "") for r in english.db.rulings]
    words += [ex.title + (ex.text or "") + "".join(
        (s.say or "") + (s.reason or "") for s in ex.steps if not isinstance(s, str))
        for _, ex in english.all_examples()]
    assert not [w for w in words if JAPANESE.search(w)]
    assert all(c.reading is None for c in english.db.cards)


def test_facts_come_from_the_main_database(english) -> None:
    main_db = load_game(Project(ROOT), "super-page-one").db
    assert len(english.db.cards) == len(main_db.cards) == 54
    for ours, theirs in zip(english.db.cards, main_db.cards):
        assert (ours.id, ours.rank, ours.copies, ours.colors) == (
            theirs.id, theirs.rank, theirs.copies, theirs.colors)
        assert [e.script for e in ours.effects] == [e.script for e in theirs.effects]
    assert [ex.setup for ex in english.db.examples] == [ex.setup for ex in main_db.examples]


def test_every_example_passes_in_english(english) -> None:
    verdicts = verify_examples(english)
    assert len(verdicts) == 41
    failing = {k: v.detail for k, v in verdicts.items() if v.status != "verified"}
    assert failing == {}
    # the refusals really are English: the reason the engine gives for a refused Dobon
    blocked = next(ex for ex in english.db.examples if ex.id == "dobon-blocked")
    assert blocked.steps[1].reason == "Joker"
    log = verdicts["dobon-nine"].log
    assert "p1 plays ♠9." in log and any("calls Dobon!" in s for s in log)


def test_an_untranslated_example_keeps_the_main_language(tmp_path: Path) -> None:
    """An example the edition does not translate still has Japanese `reason:` lines: it runs
    in Japanese, and `check` lists its words as untranslated at their line."""
    _copy_game(tmp_path)
    edition = tmp_path / "cards" / "super-page-one.en.yaml"
    text = edition.read_text(encoding="utf-8")
    start = text.index("  dobon-blocked:")
    end = text.index("  self-dobon:")
    edition.write_text(text[:start] + text[end:], encoding="utf-8")
    game = load_game(Project(tmp_path), "super-page-one", "en")
    assert game.language_of(next(e for e in game.db.examples if e.id == "dobon-blocked")) == "ja"
    assert verify_examples(game)["dobon-blocked"].status == "verified"
    where = [str(p) for p in game.untranslated]
    assert any(w.startswith("cards/super-page-one.yaml:") and "examples.dobon-blocked:" in w
               and "title, text, source" in w for w in where)
    assert any("examples.dobon-blocked.steps.2:" in w and "say, reason" in w for w in where)


def _copy_game(root: Path) -> None:
    """super-page-one and its English edition in a project of their own."""
    (root / "cards").mkdir()
    for name in ("super-page-one.yaml", "super-page-one.en.yaml"):
        shutil.copy(ROOT / "cards" / name, root / "cards" / name)
    shutil.copytree(ROOT / "playtest" / "super-page-one", root / "playtest" / "super-page-one")


def _project_with_edition(tmp_path: Path, edition: str) -> Path:
    (tmp_path / "cards").mkdir()
    shutil.copy(ROOT / "tests" / "fixtures" / "mini" / "cards" / "mini.yaml",
                tmp_path / "cards" / "mini.yaml")
    (tmp_path / "cards" / "mini.en.yaml").write_text(edition, encoding="utf-8")
    return tmp_path


def test_an_orphaned_entry_is_bad_input_with_its_line(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    root = _project_with_edition(tmp_path, "cards:\n  no-such-card: {name: Nothing}\n")
    assert main(["-C", str(root), "check"]) == 2
    err = capsys.readouterr().err
    assert "cards/mini.en.yaml:2:3: cards.no-such-card: no card with this id in cards/mini.yaml" in err


def test_a_fact_in_an_edition_is_refused(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    first = load_game(Project(ROOT / "tests" / "fixtures" / "mini"), "mini").db.cards[0].id
    root = _project_with_edition(tmp_path, f"cards:\n  {first}:\n    name: One\n    points: 3\n")
    assert main(["-C", str(root), "check"]) == 2
    err = capsys.readouterr().err
    assert f"cards/mini.en.yaml:4:5: cards.{first}.points:" in err


def test_check_lists_untranslated_words_with_file_and_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project_with_edition(tmp_path, "game: {title: Mini}\n")
    assert main(["-C", str(root), "check"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"cards/mini\.yaml:\d+:\d+: cards\.[a-z0-9-]+: not translated in "
                     r"cards/mini\.en\.yaml: name", out)
    assert "1 game(s) and 1 edition(s) valid" in out
    with pytest.raises(InputError):
        (tmp_path / "cards" / "mini.en.yaml").write_text("language: fr\n", encoding="utf-8")
        load_game(Project(root), "mini", "en")


def test_build_lang_en_writes_the_english_edition(shipped_book, tmp_path: Path) -> None:
    """`deckwright build super-page-one --lang en --only pnp,rulebook --paper a4` writes the
    English edition's files and none of the Japanese ones. It runs on a copy of the project a
    plain build left (conftest.shipped_book, its Japanese files taken away): the English book
    the plain build made is kept when `--lang en` hands it the same inputs (no second
    WeasyPrint run, the slowest part of this test once), and is made again, here, by the
    `--lang` path when it does not; either way the book below is what `--lang en` leaves."""
    project = copy_of(shipped_book("super-page-one"), tmp_path / "p")
    game_dir = project / "build" / "super-page-one"
    for path in game_dir.iterdir():
        if path.name != "en":
            shutil.rmtree(path) if path.is_dir() else path.unlink()
    assert main(["-C", str(project), "build", "super-page-one", "--lang", "en",
                 "--only", "pnp,rulebook", "--paper", "a4"]) == 0
    out = game_dir / "en"
    assert sorted(p.name for p in game_dir.iterdir()) == ["en"]   # nothing Japanese written
    text = "\n".join(p.extract_text() for p in PdfReader(out / "rulebook.pdf").pages)
    for words in ("Super Page One", "Components", "Card reference", "Jack Cancel", "Dobon",
                  "FAQ 3", "Added in this edition"):
        assert words in text, words
    assert "verified" not in text   # the reader's edition; the proof says what was verified
    proof = "\n".join(p.extract_text() for p in PdfReader(out / "rulebook-proof.pdf").pages)
    assert "30 verified" in " ".join(proof.split())
    leaks = JAPANESE.findall(text + proof)
    assert leaks == [], leaks[:20]
    # the cover's terms are a column that widens for the English "Playing time" (it wrapped
    # in the 20 mm the Japanese terms need), each term on the line of its value
    cover = PdfReader(out / "rulebook.pdf").pages[0].extract_text().splitlines()
    assert [line for line in cover if line.startswith(("Players", "Playing", "Editions"))] == [
        "Players 2–6 players", "Playing time 15–30 minutes", "Editions Standard rules"]
    cards = "\n".join(p.extract_text() for p in PdfReader(out / "pnp-a4.pdf").pages)
    assert "King Kick-back" in cards and not JAPANESE.search(cards)


def test_a_plain_build_includes_every_edition() -> None:
    from deckwright.model.load import load_editions
    games = load_editions(Project(ROOT), ["super-page-one"])
    assert [(g.id, g.edition) for g in games] == [("super-page-one", None),
                                                  ("super-page-one", "en")]
    assert games[1].out_dir == ROOT / "build" / "super-page-one" / "en"
    assert Project(ROOT).game_ids().count("super-page-one") == 1


def test_committed_edition_schema_is_in_sync() -> None:
    import json
    from deckwright.cli.schema import render
    committed = (ROOT / "schema" / "edition.schema.json").read_text(encoding="utf-8")
    assert json.loads(committed) == json.loads(render("edition")), "run: make schema"
