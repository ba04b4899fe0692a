"""Faces a designer would publish, read back from the rendered PNGs and the planned faces:
one body size per card, the original-tcg art box, cost indent, legible colour keys and
two-colour stats bar, ghost-couple's big symbols, playing cards' rotated second index, and
borders at the safe zone."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from deckwright.model import Project, load_game, load_games
from deckwright.press import png
from deckwright.press.cards import GamePress
from deckwright.press.textfit import STEP
from test_press_support import ROOT

DPI = 300


def px(mm: float) -> int:
    return round(mm / 25.4 * DPI)


def _project(tmp: Path, game: str) -> Path:
    (tmp / "cards").mkdir(parents=True)
    shutil.copy(ROOT / "cards" / f"{game}.yaml", tmp / "cards")
    shutil.copytree(ROOT / "templates" / "faces", tmp / "templates" / "faces")
    return tmp


@pytest.fixture(scope="module")
def presses(tmp_path_factory: pytest.TempPathFactory) -> dict[str, GamePress]:
    out = {}
    for game in ("original-tcg", "ghost-couple", "super-page-one", "bridge-over"):
        project = _project(tmp_path_factory.mktemp(game), game)
        out[game] = GamePress(load_game(Project(project), game))
    return out


def render(press: GamePress, card_id: str, tmp: Path) -> Image.Image:
    """The card's face at 300 dpi, trimmed to the card."""
    card = press.game.cards[card_id]
    (path, *_) = png.export(press, [card], tmp, 0.0, keep_bleed=False)
    return Image.open(path).convert("RGB")


def pixels(im: Image.Image) -> list[tuple[int, int, int]]:
    raw = im.convert("RGB").tobytes()
    return [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]  # type: ignore[misc]


def items(plan) -> dict:
    return {i.region.name: i for i in plan.items}


def hexrgb(value: str) -> tuple[int, int, int]:
    return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def near(a, b, tol: int = 8) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


# --- one body size ----------------------------------------------------------------------------

def test_a_cards_body_shrinks_together_and_only_when_it_must() -> None:
    from deckwright.press.markup import parse
    from deckwright.press.binding import render as jinja
    from deckwright.press.fonts import metrics
    from deckwright.press.textfit import fit
    from deckwright.press.layout import MM
    shrunk = 0
    for game in load_games(Project(ROOT), []):
        press = GamePress(game)
        for card in game.db.cards:
            plan = press.face(card)
            body = [i for i in plan.items if i.text is not None and i.region.get("group") == "body"]
            if not body:
                continue
            ratios = [i.text.size / float(i.region.get("size")) for i in body]
            # one fraction of the layout's size for the whole body (within one size step)
            assert max(ratios) - min(ratios) <= STEP / min(float(i.region.get("size")) for i in body) + 1e-9, \
                (game.id, card.id, [(i.region.name, i.text.size) for i in body])
            if min(ratios) < 1:
                shrunk += 1
                # ... and only because some body text did not fit one step larger
                def fits_larger(i) -> bool:
                    x, y, w, h = i.box
                    pad = float(i.region.get("padding", 0.0)) * MM
                    s = i.text.size + STEP
                    return fit(parse(jinja(i.region.get("text"), plan.context)),
                               metrics(i.font), w - 2 * pad, h - 2 * pad, s, s,
                               float(i.region.get("leading", 1.3)), i.region.get("max_lines")) is not None
                assert not all(fits_larger(i) for i in body), (game.id, card.id)
    assert shrunk > 0  # long texts exist, so the rule was exercised


def test_body_text_of_one_layout_keeps_its_size_unless_it_must_shrink(presses) -> None:
    press = presses["bridge-over"]
    sizes = {items(press.face(c))["text"].text.size
             for c in press.game.db.cards if c.category == "action" and c.text}
    assert max(sizes) == 8.5 and len(sizes) <= 3, sizes


# --- original-tcg -----------------------------------------------------------------------------

def test_original_tcg_face_has_an_art_box_and_no_empty_band(presses, tmp_path: Path) -> None:
    press = presses["original-tcg"]
    im = render(press, "gilbia-flame-swordsman", tmp_path)
    fire = hexrgb(press.game.db.game.palette["fire"].hex)
    # the art box: parchment inside, framed in the element colour, between header and type line
    assert near(im.getpixel((px(31.5), px(28))), (0xef, 0xea, 0xe0))
    column = [im.getpixel((px(31.5), y)) for y in range(px(16.8), px(39))]
    assert any(near(p, fire, 40) for p in column)  # its top edge
    # nothing but the header, the art box and the type line between 16.5 and 45 mm
    plan = press.face(press.game.cards["gilbia-flame-swordsman"])
    assert {"art-box", "type-line", "keys", "text", "bar"} <= set(items(plan))


def test_original_tcg_name_starts_at_the_left_edge_without_a_cost(presses) -> None:
    press = presses["original-tcg"]
    costly = items(press.face(press.game.cards["fire-rain"]))
    free = items(press.face(press.game.cards["invisible-current"]))
    assert "cost" in costly and "name" in costly and "name-wide" not in costly
    assert "cost" not in free and "name" not in free
    assert free["name-wide"].box[0] < costly["name"].box[0] - 25  # no indent kept for a cost


def test_original_tcg_colour_keys_are_legible(presses) -> None:
    press = presses["original-tcg"]
    for card in press.game.db.cards:
        keys = items(press.face(card))["keys"]
        assert keys.text.size >= 9, (card.id, keys.text.size)  # the badge's label >= 6 pt
        assert len([s for ln in keys.text.lines for s in ln.segments if s.icon]) == len(card.colors)


def test_original_tcg_two_colour_stats_bar_and_no_stray_hairline(presses, tmp_path: Path) -> None:
    press = presses["original-tcg"]
    card = press.game.cards["demon-dragon-flame"]
    assert card.colors == ["fire", "dark"]
    im = render(press, card.id, tmp_path)
    W, H = im.size
    pal = press.game.db.game.palette
    bar_y = H - px(7.75)  # the middle of the bar (11 mm to 4.5 mm from the bottom)
    assert near(im.getpixel((px(8), bar_y)), hexrgb(pal["fire"].hex))
    assert near(im.getpixel((W - px(8), bar_y)), hexrgb(pal["dark"].hex))
    # between the bar and the panel's edge: paper only, no line across the card
    for y in range(H - px(4.3), H - px(3.7)):
        row = [im.getpixel((x, y)) for x in range(px(6), W - px(6))]
        assert all(min(p) > 235 for p in row), y


# --- ghost-couple -----------------------------------------------------------------------------

def test_ghost_couple_big_symbols(presses) -> None:
    press = presses["ghost-couple"]
    seen = set()
    for card in press.game.db.cards:
        plan = press.face(card)
        pip = items(plan).get("pip") or items(plan).get("big")
        if pip is None:
            continue
        text = pip.text.lines[0].text
        if card.category == "ghost":
            assert text == press.game.db.game.palette[card.colors[0]].symbol  # ¥0 / ¥1
        if card.category == "joker":
            assert text == "★" and items(plan)["index2"].text.lines[0].text == "JOKER"
        assert text not in ("Jo", card.name[:1]) or card.category == "playing", (card.id, text)
        seen.add(card.category)
    assert {"ghost", "joker"} <= seen


# --- playing cards: second index and borders ----------------------------------------------------

@pytest.mark.parametrize("game,card_id,index_mm", [
    ("super-page-one", "h-q", (5.5, 5.5, 10, 14)),
    ("ghost-couple", "s-3", (5.5, 5.5, 10, 14)),
    ("bridge-over", "red-7", None),
])
def test_playing_cards_carry_a_rotated_second_index(presses, tmp_path: Path, game, card_id,
                                                    index_mm) -> None:
    press = presses[game]
    plan = press.face(press.game.cards[card_id])
    index2 = items(plan)["index2"]
    assert index2.region.get("rotate") == 180
    im = render(press, card_id, tmp_path)
    W, H = im.size
    if index_mm is None:  # bridge-over: the big number and its small upside-down twin
        assert index2.text.lines[0].text == str(press.game.cards[card_id].rank)
        x, y, w, h = (v * DPI / 72 for v in index2.box)
        corner = im.crop((round(x), round(H - y - h), round(x + w), round(H - y)))
        assert min(min(p) for p in pixels(corner)) < 128  # something is printed there
        return
    x, y, w, h = index_mm
    top = im.crop((px(x), px(y), px(x + w), px(y + h)))
    bottom = im.crop((W - px(x + w), H - px(y + h), W - px(x), H - px(y)))
    diff = ImageChops.difference(top, bottom.rotate(180))
    dark = sum(1 for p in pixels(top) if min(p) < 128)
    assert dark > 200  # the index is really there
    assert sum(1 for p in pixels(diff) if max(p) > 96) < dark * 0.05  # same index, half a turn


def test_playing_card_border_sits_at_the_safe_zone(presses, tmp_path: Path) -> None:
    press = presses["super-page-one"]
    im = render(press, "s-5", tmp_path)
    W, H = im.size
    row = [im.getpixel((x, H // 2)) for x in range(W // 2)]
    first = next(x for x, p in enumerate(row) if min(p) < 128)
    assert abs(first - px(3.5)) <= px(0.4), first  # 3.5 mm in, not 2 mm
    assert all(min(p) > 240 for p in row[:px(3)])  # paper out to the trim
