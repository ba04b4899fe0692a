"""The Card Game Simulator and Tabletop Simulator exports read back against their formats:
CGS's own schema (FinolDigital.Cgs.Json `schema/cgs.json`, MIT, in tests/fixtures/cgs/), and a
schema written from the Tabletop Simulator knowledge base's save-file format
(tests/fixtures/tts/), plus what a schema cannot say, checked here."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import jsonschema
import pytest
from PIL import Image

from test_press_support import MINI_FIXTURE, ROOT, build, copy_project

CGS_SCHEMA = ROOT / "tests" / "fixtures" / "cgs" / "cgs.json"
TTS_SCHEMA = ROOT / "tests" / "fixtures" / "tts" / "saved-object.schema.json"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The mini game with two cards of one name, icon tokens, emphasis, and a Japanese line
    folded in the YAML (a space between two Japanese characters)."""
    project = copy_project(MINI_FIXTURE, tmp_path_factory.mktemp("specs") / "p")
    db = project / "cards" / "mini.yaml"
    text = db.read_text(encoding="utf-8")
    text = text.replace('name: "2"', 'name: "1"')
    text = text.replace('text: "{red} を出す。**強調**"',
                        "text: \"{red} を出す。**強調** {draw:2} {skip}\"")
    text = text.replace("    points: 2\n", "    points: 2\n    text: 呪文を詠唱である\n      ことを宣言する。\n")
    text = text.replace("  source: test fixture\n", "  source: test fixture\n  credit: 作：テスト\n")
    db.write_text(text, encoding="utf-8")
    assert build(project, "--only", "cgs,tts") == 0
    return project / "build" / "mini"


def _cgs(built: Path) -> tuple[dict, list[dict], list[dict], list[str]]:
    with zipfile.ZipFile(built / "cgs" / "mini.zip") as z:
        spec = json.loads(z.read("ミニ/cgs.json"))
        cards = json.loads(z.read("ミニ/AllCards.json"))
        sets = json.loads(z.read("ミニ/AllSets.json"))
        deck = z.read("ミニ/decks/標準デッキ.txt").decode("utf-8").splitlines()
    return spec, cards, sets, deck


def test_the_cgs_game_file_validates_against_cgs_own_schema(built: Path) -> None:
    spec, *_ = _cgs(built)
    schema = json.loads(CGS_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator.check_schema(schema)
    jsonschema.Draft4Validator(schema).validate(spec)
    assert spec["setCodeDefault"] == "basic"          # the database's set, not "cards"
    assert spec["copyright"] == "作：テスト"


def test_cgs_card_text_is_plain_words_and_names_unique(built: Path) -> None:
    spec, cards, sets, deck = _cgs(built)
    by_id = {c["id"]: c for c in cards}
    assert by_id["red-1"]["text"] == "赤 を出す。強調 [ドロー＋2] [スキップ]"
    assert by_id["blue-2"]["text"] == "呪文を詠唱であることを宣言する。"
    for card in cards:
        assert not any(m in card["text"] for m in ("{", "}", "**")), card
    names = [(c["name"], c["set"]) for c in cards]
    assert len(set(names)) == len(names)
    assert {c["name"] for c in cards} == {"1 (赤)", "1 (青)"}
    assert sets == [{"code": "basic", "name": "Basic"}]
    assert deck == ["2 [red-1] 1 (赤) (basic)", "3 [blue-2] 1 (青) (basic)"]
    assert {c["set"] for c in cards} <= {s["code"] for s in sets}


def test_tts_saved_object_follows_the_save_file_format(built: Path) -> None:
    saved = json.loads((built / "tts" / "standard.tts.json").read_text(encoding="utf-8"))
    schema = json.loads(TTS_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    jsonschema.Draft7Validator(schema).validate(saved)
    (deck,) = saved["ObjectStates"]
    info = json.loads((built / "tts" / "standard.json").read_text(encoding="utf-8"))
    assert deck["DeckIDs"] == [c["CardID"] for c in deck["ContainedObjects"]]
    assert len(deck["DeckIDs"]) == info["card_count"] == 5
    for card in deck["ContainedObjects"]:
        (key,) = card["CustomDeck"]
        sheet = deck["CustomDeck"][key]
        index = card["CardID"] - int(key) * 100
        # a slot of its sheet, never the bottom-right one (the hidden card's image)
        assert 0 <= index < sheet["NumWidth"] * sheet["NumHeight"] - 1
        assert info["sheets"][int(key) - 1]["cards"][index] == card["Description"]
        for url in (sheet["FaceURL"], sheet["BackURL"]):
            with Image.open(built / "tts" / url) as im:
                assert im.mode == "RGB" and max(im.size) <= 4096
                assert im.size[0] % sheet["NumWidth"] == 0 or url == sheet["BackURL"]
    assert [c["Nickname"] for c in deck["ContainedObjects"]] == ["1"] * 5


def test_a_tcg_card_is_padded_onto_the_poker_templates(tmp_path: Path) -> None:
    """original-tcg's 63 x 88 mm cards came out 819 x 1114 px for The Game Crafter and
    816 x 1111 for MakePlayingCards, on no template: now each image is the service's poker
    template, the card centred at its own size and its bleed carried to the image's edges."""
    project = copy_project(MINI_FIXTURE, tmp_path / "p")
    db = project / "cards" / "mini.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace("card_size: poker", "card_size: tcg"),
                  encoding="utf-8")
    assert build(project, "--only", "pod", "--pod", "thegamecrafter,makeplayingcards") == 0
    for service, size in (("thegamecrafter", (825, 1125)), ("makeplayingcards", (822, 1122))):
        with zipfile.ZipFile(project / "build" / "mini" / "pod" / f"standard-{service}.zip") as z:
            for name in (n for n in z.namelist() if n.endswith(".png")):
                with Image.open(io.BytesIO(z.read(name))) as im:
                    assert im.size == size and im.mode == "RGB", (service, name)
                    assert round(im.info["dpi"][0]) == 300
            with Image.open(io.BytesIO(z.read("fronts/001-red-1.png"))) as im:
                w, h = im.size
                for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
                    assert im.getpixel(corner) == (0xd0, 0x31, 0x2d)   # the frame, not paper
