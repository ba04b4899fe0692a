"""original-tcg's card database: every sample card of the source text with all its stats,
the two 60-card sample decks, the special types 2 in the glossary, and rulings for the gaps."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.model import GameData, Project, load_game

ROOT = Path(__file__).resolve().parent.parent

#: Transcribed from the source text: name -> (elements, cost/cast, move/upkeep, power or None).
SOLDIERS = {
    "ビナルクスの仙龍": (["fire"], 5, 1, 7, "ドラゴン", "ビナルクス", None),
    "星を渡る者": (["earth", "wind", "water"], 3, 3, 9, "エクステンダー", None, None),
    "星を渡る者/深淵": (["earth", "wind", "water"], 3, 3, 9, "エクステンダー", None, "深淵"),
    "オーバークラウド・ゴーレム": (["light"], 7, 2, 5, "ゴーレム", None, None),
    "ギルビアの炎剣術士": (["fire"], 1, 1, 2, "ソルジャー", "ギルビア", None),
    "ギルビアの小隊長": (["fire"], 3, 1, 3, "ソルジャー", "ギルビア", None),
    "悲哀と憂いの光球": (["fire"], 3, 3, 0, "エレメント", None, None),
    "ムーンライト・スネーク": (["fire"], 5, 4, 5, "クリムゾン・アニマル", None, None),
    "ビナルクスの仙馬": (["fire"], 3, 1, 1, "クリムゾン・アニマル", "ビナルクス", None),
    "漆黒の塔の巨龍/黄金": (["fire"], 9, 6, 8, "ドラゴン", "漆黒の塔", "黄金"),
}
#: name -> (category, elements, cast/deploy, upkeep, type); None is the text's "-".
PLACED = {
    "魔竜の焔": ("spell", ["fire", "dark"], 4, 1, None),
    "クレイジー・ジャックの戦闘術": ("spell", ["none"], 3, 0, None),
    "不可視の水流": ("spell", ["water"], None, None, None),
    "火炎雨": ("spell", ["fire"], 4, 2, None),
    "血塗れた刀": ("spell", ["fire"], 2, 0, None),
    "焔の審判": ("spell", ["fire"], 5, 0, None),
    "暗黒城塞都市": ("land", ["dark"], 4, 3, None),
    "ビナルクス仙山": ("land", ["fire"], 6, 2, "ビナルクス"),
    "無限地獄": ("land", ["fire"], 7, 1, None),
    "ギルビアの練兵場": ("land", ["fire"], 4, 2, "ギルビア"),
}
#: name -> [(effect kind, effect type, effect name, cost)] as the text lists the ■ blocks.
EFFECTS = {
    "オーバークラウド・ゴーレム": [("normal", "スペル", "ディストラクション", "光4"),
                              ("counter", "スペル", "リアライジング", "0")],
    "魔竜の焔": [("normal", "呪法", "煉獄炎", "闇4(C)「この呪術を墓地に送る」"),
              ("normal", "スペル", "ファイアボール", "火2")],
    "クレイジー・ジャックの戦闘術": [("counter", "武術", "ジャックのやり方", "0")],
    "不可視の水流": [("rule", None, None, None),
                ("counter", "スペル", "コーラルレイン/メイルシュトロム", "水8(C)「この呪術を墓地に送る」")],
    "暗黒城塞都市": [("permanent", None, None, None), ("counter", None, None, "0")],
    "ギルビアの小隊長": [("permanent", "指揮", "烈火の陣", None)],
    "悲哀と憂いの光球": [("counter", "スペル", "キュア", "火1")],
    "ムーンライト・スネーク": [("counter", "スペル", "フレイムバーン", "2")],
    "ビナルクスの仙馬": [("normal", "スペル", "エアウェイ・フィート", "火2")],
    "漆黒の塔の巨龍/黄金": [("counter", "エニグマ", "311A2GH", "0")],
    "火炎雨": [("normal", "呪法", "灼熱", "火3")],
    "血塗れた刀": [("forced-counter", None, None, "0"),
              ("permanent", "剣術/呪法", "鬼神乱舞/吸血の渇望", None)],
    "焔の審判": [("normal", "エニグマ", "JO345LS", "4")],
    "ビナルクス仙山": [("rule", None, None, None), ("permanent", None, None, None),
                 ("permanent", None, None, None)],
    "無限地獄": [("permanent", None, None, None), ("permanent", None, None, None)],
    "ギルビアの練兵場": [("counter", None, None, "0"), ("permanent", None, None, None)],
}
TYPES2 = ["緋", "蒼", "天", "碧", "太陽", "深淵", "黄金", "異界", "豪腕", "俊敏", "頑健", "聡明"]
KEYWORDS = ["破棄する", "生贄に捧げる", "墓地に送る", "ゲームから取り除く"]


@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game(Project(ROOT), "original-tcg")


def by_name(game: GameData) -> dict:
    return {c.name: c for c in game.db.cards}


def test_every_soldier_of_the_text_with_all_stats(game: GameData) -> None:
    cards = by_name(game)
    for name, (colors, cost, move, power, race, kind, kind2) in SOLDIERS.items():
        card = cards[name]
        assert card.category == "soldier", name
        assert card.colors == colors, name
        assert (card.stats["cost"], card.stats["move"], card.stats["power"]) == (cost, move, power), name
        assert (card.stats["race"], card.stats["type"], card.stats["type2"]) == (race, kind, kind2), name


def test_every_spell_and_land_of_the_text_with_costs(game: GameData) -> None:
    cards = by_name(game)
    for name, (category, colors, cast, upkeep, kind) in PLACED.items():
        card = cards[name]
        assert (card.category, card.colors) == (category, colors), name
        assert (card.stats["cast"], card.stats["upkeep"], card.stats["type"]) == (cast, upkeep, kind), name


def test_nothing_beyond_the_sample(game: GameData) -> None:
    assert set(by_name(game)) == set(SOLDIERS) | set(PLACED)
    assert all(c.origin == "designer" for c in game.db.cards)


def test_effect_blocks_as_the_text_lists_them(game: GameData) -> None:
    cards = by_name(game)
    for name, blocks in EFFECTS.items():
        got = [(e.kind, e.type, e.name, e.cost) for e in cards[name].effects]
        assert got == blocks, name
    for card in game.db.cards:
        for effect in card.effects:
            assert effect.script and effect.script.get("id"), (card.id, effect.text)
            if effect.kind in ("counter", "forced-counter"):
                assert effect.counter and effect.script.get("trigger"), card.id
    vanilla = {c.name for c in game.db.cards if not c.effects}
    assert vanilla == {"ビナルクスの仙龍", "星を渡る者", "星を渡る者/深淵", "ギルビアの炎剣術士"}


def test_two_sample_decks_of_sixty_within_the_copy_limit(game: GameData) -> None:
    assert len(game.db.decks) >= 2
    for deck in game.db.decks:
        contents = game.deck_contents(deck)
        assert deck.total == 60 and sum(contents.values()) == 60, deck.id
        assert max(contents.values()) <= 4, deck.id
    fire = game.deck_contents("fire-gilbia")
    fire_cards = sum(n for cid, n in fire.items() if "fire" in game.card(cid).colors)
    assert fire_cards >= 52


def test_palette_and_categories(game: GameData) -> None:
    assert {k: v.name for k, v in game.db.game.palette.items()} == {
        "fire": "火", "water": "水", "wind": "風", "earth": "地", "light": "光", "dark": "闇",
        "none": "無"}
    assert [c.id for c in game.db.game.categories] == ["soldier", "spell", "land"]
    assert len(game.db.game.backs) == 1
    assert (game.db.game.players.min, game.db.game.players.max) == (2, 2)


def test_glossary_has_every_special_type_2_and_keyword(game: GameData) -> None:
    terms = {t.term: t.text for t in game.db.glossary}
    for term in TYPES2 + KEYWORDS:
        assert term in terms, term
    assert "+3/+0/+3" in terms["太陽"] and "-3/+0/+0" in terms["聡明"]
    assert "+0/-3/+0" in terms["俊敏"] and "+0/+0/+4" in terms["豪腕"]


def test_rules_cover_the_rulebook_sections(game: GameData) -> None:
    kinds = {s.kind for s in game.db.rules}
    assert {"overview", "components", "setup", "turn", "effects", "end"} <= kinds


def test_rulings_mark_designer_text_and_project_gaps(game: GameData) -> None:
    rulings = {r.id: r for r in game.db.rulings}
    for rid in ("stack-order", "self-counter", "cost-discard-two", "summoning-sickness",
                "phantom-soldier"):
        assert rulings[rid].origin == "designer" and rulings[rid].source, rid
    for rid in ("deck-limits", "first-player", "field-squares", "move-once", "phantom-damage",
                "return-to-camp", "winner-penalty-floor", "effect-once-per-turn", "cost-elements",
                "support-empty", "turn-limit"):
        assert rulings[rid].origin == "project", rid


def test_examples_cover_the_worked_examples_and_every_effect_card(game: GameData) -> None:
    examples = {ex.id: ex for _, ex in game.all_examples()}
    for eid in ("counter-stack", "combat-win", "combat-tie", "phantom-empty-camp",
                "phantom-land", "damage-player-threshold", "land-damage-threshold",
                "fireball-and-soldier-threshold", "cost-tap-and-discard", "lose-life",
                "lose-support"):
        assert eid in examples, eid
    assert examples["counter-stack"].origin == "designer"
    type2_titles = " ".join(ex.title for ex in examples.values())
    for t2 in TYPES2:
        assert f"「{t2}」" in type2_titles, t2
    covered = {cid for ex in examples.values() for cid in ex.cards}
    assert covered == {c.id for c in game.db.cards}
