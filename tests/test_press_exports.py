"""PNG and Tabletop Simulator exports: pixel sizes at 300 dpi, sheet limits and the deck JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from test_press_support import POKER, PRESS_FIXTURE, build, copy_project


def px(mm: float, dpi: float = 300) -> int:
    return round(mm / 25.4 * dpi)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_project(PRESS_FIXTURE, tmp_path_factory.mktemp("exports") / "p")
    assert build(project, "--only", "png,tts", "--bleed", "3") == 0
    return project / "build" / "pressdemo"


def test_one_png_per_distinct_face_and_back_with_bleed(built: Path) -> None:
    names = sorted(p.name for p in (built / "cards").glob("*.png"))
    assert names == ["back-alt.png", "back-main.png", "knight.png", "token.png", "twin.png",
                     "witch.png"]
    for name in names:
        with Image.open(built / "cards" / name) as im:
            assert im.size == (px(POKER[0] + 6), px(POKER[1] + 6))
            assert round(im.info["dpi"][0]) == 300
    with Image.open(built / "cards" / "knight.png") as im:  # 820.87 px wide: no white last column
        rgb = im.convert("RGB")
        w, h = rgb.size
        for corner in ((0, 0), (w - 1, 0), (w - 1, h - 1), (0, h - 1), (w - 1, h // 2)):
            assert rgb.getpixel(corner) == (0xd0, 0x31, 0x2d), corner


def test_png_trimmed_to_the_card(tmp_path: Path) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    assert build(project, "--only", "png", "--png-trim") == 0
    with Image.open(project / "build" / "pressdemo" / "cards" / "knight.png") as im:
        assert im.size == (px(POKER[0]), px(POKER[1]))  # 750 x 1050
        # the face's frame colour reaches the very edge: the bleed was cut, not left white
        assert im.convert("RGB").getpixel((0, 0)) == (0xd0, 0x31, 0x2d)


def test_png_shows_the_card_colours(built: Path) -> None:
    with Image.open(built / "cards" / "twin.png") as im:
        rgb = im.convert("RGB")
        w, h = rgb.size
        assert rgb.getpixel((5, 5)) == (0xd0, 0x31, 0x2d)          # red: top left
        assert rgb.getpixel((w - 5, h - 5)) == (0x1f, 0x5f, 0xbf)  # blue: bottom right


def test_tts_sheets_respect_the_limits_and_json_counts(built: Path) -> None:
    info = json.loads((built / "tts" / "standard.json").read_text(encoding="utf-8"))
    assert info["card_count"] == 80
    sheets = info["sheets"]
    assert [s["number"] for s in sheets] == [69, 11]
    assert sum(len(s["cards"]) for s in sheets) == 80
    for sheet in sheets:
        assert sheet["width"] <= 10 and sheet["height"] <= 7
        assert sheet["number"] < sheet["width"] * sheet["height"]  # the hidden slot stays free
        assert sheet["unique_back"] is True  # tokens have their own back
        for key in ("face", "back"):
            with Image.open(built / "tts" / sheet[key]) as im:
                assert max(im.size) <= 4096
                assert list(im.size) == sheet["pixels"]
                cell_w = im.size[0] / sheet["width"]
                assert abs(cell_w / (im.size[1] / sheet["height"]) - POKER[0] / POKER[1]) < 0.01
    assert sheets[0]["width"] == 10 and sheets[0]["height"] == 7


def test_tts_single_back_deck_has_one_back_image(built: Path) -> None:
    info = json.loads((built / "mini-deck" / "tts" / "mini-deck.json").read_text(encoding="utf-8"))
    assert info["card_count"] == 2
    (sheet,) = info["sheets"]
    assert sheet["unique_back"] is False and (sheet["width"], sheet["height"]) == (2, 2)
    with Image.open(built / "mini-deck" / "tts" / sheet["back"]) as im:
        assert im.size == (px(POKER[0]), px(POKER[1]))
