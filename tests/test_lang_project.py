"""A designer's project written in English: every word deckwright prints is English.

The toy matching game of the engine tests (its rules module registered under `toymatch`) is
rewritten as an English database with no `language:` (English is the default). The build's
PDFs are read back as text: rulebook, card faces and calibration page carry English furniture
and no Japanese at all; the engine refuses in English and the example's `reason:` matches it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

sys.path.insert(0, str(Path(__file__).parent / "fixtures" / "engine"))
import toy  # noqa: E402

from deckwright.cli import main  # noqa: E402
from deckwright.app.verify import verify_examples  # noqa: E402
from deckwright.model import Project, load_game  # noqa: E402

#: Hiragana, katakana and CJK ideographs: any of them in an English build is a leak.
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]")

DATABASE = """\
game:
  id: toymatch
  title: Toy Match
  players: {min: 2, max: 3}
  categories:
    - {id: number, title: Number}
    - {id: action, title: Action}
  palette:
    red: {name: Red, hex: "#d0312d"}
    blue: {name: Blue, hex: "#1f5fbf"}
  backs:
    - {id: default, title: Toy Match, color: "#333333"}
  source: an English test project
  labels: {skip: Skip}
cards:
  - {id: red-1, name: Red One, category: number, colors: [red], copies: 3, rank: 1, points: 1}
  - {id: red-2, name: Red Two, category: number, colors: [red], copies: 3, rank: 2, points: 2}
  - {id: red-3, name: Red Three, category: number, colors: [red], copies: 3, rank: 3, points: 3}
  - {id: blue-1, name: Blue One, category: number, colors: [blue], copies: 3, rank: 1, points: 1}
  - {id: blue-2, name: Blue Two, category: number, colors: [blue], copies: 3, rank: 2, points: 2}
  - {id: blue-3, name: Blue Three, category: number, colors: [blue], copies: 3, rank: 3, points: 3}
  - {id: red-skip, name: Red Skip, category: action, colors: [red], rank: skip, points: 10, text: The next player misses a turn.}
  - {id: blue-skip, name: Blue Skip, category: action, colors: [blue], rank: skip, points: 10, text: The next player misses a turn.}
decks:
  - {id: standard, title: The pack, default: true, select: {categories: [number, action]}}
rules:
  - {id: turn, title: Your turn, kind: turn, body: Play a card of the same colour or number.}
rulings:
  - {id: first, origin: project, title: Who starts, text: The youngest player starts., rules: [turn]}
glossary:
  - {term: Skip, text: A card that makes the next player miss a turn.}
examples:
  - id: out-of-turn
    title: Waiting for your turn
    cards: [red-2]
    setup:
      players: 2
      turn: p1
      hands: {p1: [red-2, blue-3], p2: [blue-1, blue-2]}
      discard: [red-1]
      deck: [red-3, blue-3]
    steps:
      - do: p1 plays red-2
      - refused: p1 plays blue-3
        reason: not p1's turn
      - do: p2 draws
    expect:
      turn: p1
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    toy.rules()  # registers the toymatch rules module
    root = tmp_path_factory.mktemp("english")
    (root / "cards").mkdir()
    (root / "cards" / "toymatch.yaml").write_text(DATABASE, encoding="utf-8")
    status = main(["-C", str(root), "build", "toymatch", "--only", "pnp,rulebook",
                   "--paper", "a4"])
    assert status == 0
    return root


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def test_language_defaults_to_english(project: Path) -> None:
    assert load_game(Project(project), "toymatch").language == "en"


def test_rulebook_furniture_is_english(project: Path) -> None:
    text = pdf_text(project / "build" / "toymatch" / "rulebook.pdf")
    for words in ("Contents", "Components", "Rules", "Examples of play", "Card reference",
                  "Added in this edition", "Glossary", "Card index", "Players",
                  "2–3 players", "Example 1", "Outcome", "Not allowed:",
                  "P1 plays “Red Two”.", "Kind", "Copies", "Points"):
        assert words in text, words
    assert not JAPANESE.search(text), JAPANESE.findall(text)[:20]
    proof = pdf_text(project / "build" / "toymatch" / "rulebook-proof.pdf")
    assert "verified" in proof and "verified" not in text   # the engine's word, in the proof
    assert not JAPANESE.search(proof), JAPANESE.findall(proof)[:20]
    html = (project / "build" / "toymatch" / "rulebook.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in html


def test_card_faces_print_points_in_english(project: Path) -> None:
    text = pdf_text(project / "build" / "toymatch" / "pnp-a4.pdf")
    assert "1 point" in text and "3 points" in text and "10 points" in text
    assert "Red Two" in text
    assert not JAPANESE.search(text), JAPANESE.findall(text)[:20]


def test_calibration_page_is_english(project: Path) -> None:
    text = pdf_text(project / "build" / "toymatch" / "calibration-a4.pdf")
    assert "Toy Match: calibration page" in text
    assert "Print both sides at 100%" in text and "Back: the scale is in 1 mm steps" in text
    assert not JAPANESE.search(text), JAPANESE.findall(text)[:20]


def test_engine_refuses_in_english(project: Path) -> None:
    game = load_game(Project(project), "toymatch")
    verdicts = verify_examples(game)
    assert verdicts["out-of-turn"].status == "verified", verdicts["out-of-turn"].detail
    state = toy.rules().ToyMatch(game).new_state(2, seed=1)
    action = state.legal_actions()[0]
    assert state.refusal(action, 1) == "it is not p2's turn (p1 decides now)"
    assert state.refusal(action, 1).rule == "not-your-turn"


def test_module_sentences_follow_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rules module gives its events per language; a language it lacks keeps its own."""
    state_cls = toy.rules().ToyState
    monkeypatch.setattr(state_cls, "TRANSLATIONS",
                        {"en": {"events": {"draw": "{p:player} draws {n}."}}})
    state = toy.game().new_state(2, seed=1)
    state.log.entries.clear()
    state.log.add("draw", p=0, n=2)
    state.language = "en"
    assert state.sentences() == ["p1 draws 2."]
    state.language = "ja"
    assert state.sentences() == ["p1 が 2 枚引く。"]


def test_balance_report_is_english(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-C", str(project), "simulate", "toymatch", "--games", "20", "--workers", "1",
                 "--no-pdf"]) == 0
    out = capsys.readouterr().out
    assert "20 games played with 2 players" in out
    html = (project / "build" / "toymatch" / "balance.html").read_text(encoding="utf-8")
    for words in ("Balance report", "Win rate by seat", "Game length", "95% confidence interval",
                  "The card played most often is"):
        assert words in html, words
    assert not JAPANESE.search(html), JAPANESE.findall(html)[:20]
