"""PNG, Tabletop Simulator, print-on-demand and Card Game Simulator exports, read back: pixel
sizes at 300 dpi, sheet limits, whole-pixel cells, the hidden slot, zip names, PDF boxes, JSON."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from test_press_support import POKER, PRESS_FIXTURE, build, copy_project


def px(mm: float, dpi: float = 300) -> int:
    return round(mm / 25.4 * dpi)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_project(PRESS_FIXTURE, tmp_path_factory.mktemp("exports") / "p")
    assert build(project, "--only", "png,tts,pod,cgs", "--bleed", "3") == 0
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


def test_tts_cells_are_whole_pixels_and_the_hidden_slot_shows_the_back(built: Path) -> None:
    info = json.loads((built / "tts" / "standard.json").read_text(encoding="utf-8"))
    for sheet in info["sheets"]:
        cw, ch = sheet["cell"]
        assert isinstance(cw, int) and isinstance(ch, int)
        assert sheet["pixels"] == [sheet["width"] * cw, sheet["height"] * ch]
        assert abs(cw / ch - POKER[0] / POKER[1]) < 0.003
        last = sheet["width"] * sheet["height"] - 1
        col, row = last % sheet["width"], last // sheet["width"]
        for key in ("face", "back"):  # unique backs: both sheets fill the hidden slot
            with Image.open(built / "tts" / sheet[key]) as im:
                rgb = im.convert("RGB")
                # the main back's colour (#2b3a55), at the cell's edge, not white paper
                assert rgb.getpixel((col * cw + 3, row * ch + ch // 2)) == (0x2b, 0x3a, 0x55)
                assert rgb.getpixel((col * cw - 1, row * ch + ch // 2)) != (255, 255, 255)
    assert info["sheets"][0]["cell"] == [409, 573]  # 10 columns within 4096 px, 300 dpi at most


@pytest.mark.parametrize("service,size", [("thegamecrafter", (825, 1125)),
                                          ("makeplayingcards", (822, 1122))])
def test_print_on_demand_zip_images_at_the_services_size(built: Path, service, size) -> None:
    path = built / "pod" / f"standard-{service}.zip"
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        assert names[:4] == ["fronts/001-knight.png", "fronts/002-witch.png",
                             "fronts/003-twin.png", "fronts/004-token.png"]
        assert sorted(n for n in names if n.startswith("backs/")) == ["backs/alt.png",
                                                                      "backs/main.png"]
        for name in names:
            if name.endswith(".png"):
                with Image.open(io.BytesIO(z.read(name))) as im:
                    assert im.size == size, name
                    assert round(im.info["dpi"][0]) == 300
        with Image.open(io.BytesIO(z.read("fronts/001-knight.png"))) as im:
            assert im.convert("RGB").getpixel((0, 0)) == (0xd0, 0x31, 0x2d)  # bleed, not white
        rows = list(csv.DictReader(io.StringIO(z.read("cards.csv").decode("utf-8"))))
    assert [(r["file"], r["back"], r["copies"]) for r in rows] == [
        ("fronts/001-knight.png", "backs/main.png", "2"), ("fronts/002-witch.png", "backs/main.png", "3"),
        ("fronts/003-twin.png", "backs/main.png", "1"), ("fronts/004-token.png", "backs/alt.png", "74")]
    assert all(i.date_time == (1980, 1, 1, 0, 0, 0) for i in zipfile.ZipFile(path).infolist())


def test_makeplayingcards_images_are_the_game_crafters_cropped_each_face_rendered_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each face is rendered once for both zip services (`pod.cut_from`): MakePlayingCards'
    822 x 1122 px image is The Game Crafter's 825 x 1125 px one less a pixel at the top left and
    two at the bottom right, the card half a pixel off centre; the backs alike."""
    from deckwright.model import Project, load_game
    from deckwright.press import pod
    from deckwright.press.cards import GamePress

    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    press = GamePress(load_game(Project(project), "pressdemo"))
    rendered: list[tuple[float, float]] = []
    real = pod.render_scanlines

    def counted(pagesize, draws, scale):
        rendered.extend([pagesize] * len(draws))
        return real(pagesize, draws, scale)
    monkeypatch.setattr(pod, "render_scanlines", counted)
    services = ["thegamecrafter", "makeplayingcards"]
    drawn = pod.reuse(press, services)
    folder = tmp_path / "out" / "build" / "pressdemo"
    folder.mkdir(parents=True)
    for deck, _ in press.decks():
        pod.export(press, deck, folder, deck.id, services, drawn=drawn)
    faces = {c.id for deck, _ in press.decks() for c in press.distinct(deck)}
    backs = {press.back_key(c) for deck, _ in press.decks() for c in press.distinct(deck)}
    assert len(rendered) == len(faces) + len(backs)
    assert not drawn.left and not drawn.kept   # every crop made was written, none is left
    with zipfile.ZipFile(folder / "standard-thegamecrafter.zip") as tgc, \
            zipfile.ZipFile(folder / "standard-makeplayingcards.zip") as mpc:
        assert tgc.namelist() == mpc.namelist()
        for name in (n for n in tgc.namelist() if n.endswith(".png")):
            wide = Image.open(io.BytesIO(tgc.read(name))).convert("RGB")
            cut = Image.open(io.BytesIO(mpc.read(name))).convert("RGB")
            assert (wide.size, cut.size) == ((825, 1125), (822, 1122))
            assert cut.tobytes() == wide.crop((1, 1, 823, 1123)).tobytes(), name


def test_print_on_demand_files_are_deterministic(built: Path, tmp_path: Path) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "again")
    assert build(project, "pressdemo", "--only", "pod,cgs", "--pod", "makeplayingcards") == 0
    again = project / "build" / "pressdemo"
    for name in ("pod/standard-makeplayingcards.zip", "cgs/pressdemo.zip"):
        assert (again / name).read_bytes() == (built / name).read_bytes(), name
    assert not (again / "pod" / "standard-thegamecrafter.zip").exists()


def test_drivethrucards_pdf_one_card_per_page_with_trim_box(built: Path) -> None:
    reader = PdfReader(built / "pod" / "standard-drivethrucards.pdf")
    assert len(reader.pages) == 2 * 80  # back, then front, for every printed copy
    inch = 72.0
    for i in (0, 1, 159):
        page = reader.pages[i]
        assert [round(float(v), 2) for v in page.mediabox] == [0, 0, 2.75 * inch, 3.75 * inch]
        assert [round(float(v), 2) for v in page["/TrimBox"]] == [9, 9, 9 + 2.5 * inch, 9 + 3.5 * inch]
        assert [round(float(v), 2) for v in page["/BleedBox"]] == [0, 0, 2.75 * inch, 3.75 * inch]
    assert "赤の騎士" in reader.pages[1].extract_text()
    assert "赤の騎士" not in reader.pages[0].extract_text()  # the back
    assert "小さな影" in reader.pages[159].extract_text()


def test_drivethrucards_copies_are_pages_of_their_own_showing_their_card(built: Path) -> None:
    """A card's copies (and the one back every card shares) are drawn once per chunk of pages
    and their page objects repeated: each page is still an object of its own in the page
    tree, in deck order, and shows its own slot's card."""
    reader = PdfReader(built / "pod" / "standard-drivethrucards.pdf")
    pages = reader.pages
    names = ["赤の騎士"] * 2 + ["青の魔女"] * 3 + ["紫の双子"] + ["小さな影"] * 74
    fronts = [pages[2 * i + 1].extract_text() for i in range(80)]
    order = sorted(set(names), key=names.index)
    shown = [next(n for n in order if n in text) for text in fronts]
    assert sorted(shown) == sorted(names) and shown == sorted(shown, key=order.index)
    assert all(not any(n in pages[2 * i].extract_text() for n in order) for i in range(80))
    objects = {page.indirect_reference.idnum for page in pages}
    assert len(objects) == 160                       # no page object listed twice
    contents = {page.get_contents().get_data() for page in pages}
    assert len(contents) < 20   # the 74 tokens' pages draw the same (Ghostscript copies them)


def test_card_game_simulator_game_folder(built: Path) -> None:
    with zipfile.ZipFile(built / "cgs" / "pressdemo.zip") as z:
        names = set(z.namelist())
        root = "印刷テスト/"
        spec = json.loads(z.read(root + "cgs.json"))
        cards = json.loads(z.read(root + "AllCards.json"))
        sets = json.loads(z.read(root + "AllSets.json"))
        deck = z.read(root + "decks/標準デッキ.txt").decode("utf-8").splitlines()
        with Image.open(io.BytesIO(z.read(root + "sets/basic/knight.png"))) as im:
            assert im.size == (px(POKER[0]), px(POKER[1]))
        with Image.open(io.BytesIO(z.read(root + "CardBack.png"))) as im:
            assert im.convert("RGB").getpixel((im.width // 2, 20)) == (0x2b, 0x3a, 0x55)
    assert spec["name"] == "印刷テスト" and spec["autoUpdate"] == -1
    assert spec["cardSize"] == {"x": 2.5, "y": 3.5}
    assert spec["cardBackFaceImageUrls"] == [{"id": "alt"}]
    assert {c["id"] for c in cards} == {"knight", "witch", "twin", "token"}
    assert next(c for c in cards if c["id"] == "token")["backs"] == ["alt"]
    assert "backs" not in next(c for c in cards if c["id"] == "knight")
    assert {s["code"] for s in sets} == {"basic", "expansion"}
    assert deck[0] == "2 [knight] 赤の騎士 (basic)"
    assert sum(int(line.split()[0]) for line in deck) == 80
    for card in cards:
        assert f"{root}sets/{card['set']}/{card['id']}.png" in names
    assert root + "backs/alt.png" in names and root + "decks/小デッキ.txt" in names


def test_an_unknown_print_on_demand_service_is_a_one_line_error(tmp_path: Path, capsys) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    assert build(project, "--only", "pod", "--pod", "thegamecrafter,kinkos") == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["deckwright: error: unknown print-on-demand service kinkos for --pod (known: "
                   "thegamecrafter, makeplayingcards, drivethrucards)"]
    assert not (project / "build").exists()
