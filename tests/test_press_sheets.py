"""Print-and-play sheets read back with pypdf: page sizes, trim boxes, duplex backs, text, fonts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from deckwright.press import pdfstream
from test_press_support import (A4, LETTER, MM, POKER, build, cards_on, copy_project,
                                page_size_mm, placements, PRESS_FIXTURE)

TOL = 0.01  # mm

NAMES = {"knight": ("赤の騎士", 2), "witch": ("青の魔女", 3), "twin": ("紫の双子", 1),
         "token": ("小さな影", 74)}


def expected_grid(paper: tuple[float, float], bleed: float,
                  apart: bool = False) -> tuple[tuple[float, float], list]:
    """Trim rects in mm, row by row from the top left, of the grid holding the most cards,
    centred (the rule docs/press.md states). Abutting (the default): trims within the 5 mm
    page margin, the outer bleed on the paper, pitch = card. Apart: every card's bleed within
    the margin, pitch card + 2 bleed."""
    best: tuple[tuple[float, float], list] = ((0, 0), [])
    for W, H in (paper, paper[::-1]):
        if apart:
            pw, ph = POKER[0] + 2 * bleed, POKER[1] + 2 * bleed
            cols, rows = int((W - 10) // pw), int((H - 10) // ph)
        else:
            pw, ph = POKER
            cols = min(int((W - 10) // pw), int((W - 2 * bleed) // pw))
            rows = min(int((H - 10) // ph), int((H - 2 * bleed) // ph))
        x0 = (W - cols * pw + (pw - POKER[0])) / 2
        top = H - (H - rows * ph + (ph - POKER[1])) / 2
        rects = [(x0 + c * pw, top - POKER[1] - r * ph, x0 + c * pw + POKER[0], top - r * ph)
                 for r in range(rows) for c in range(cols)]
        if len(rects) > len(best[1]):
            best = ((W, H), rects)
    return best


def close(a, b) -> bool:
    return all(abs(x - y) <= TOL for x, y in zip(a, b))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_project(PRESS_FIXTURE, tmp_path_factory.mktemp("sheets") / "p")
    assert build(project, "--only", "pnp") == 0
    return project / "build" / "pressdemo"


@pytest.mark.parametrize("paper,size", [("a4", A4), ("letter", LETTER)])
def test_page_size_and_every_trim_box(built: Path, paper: str, size: tuple[float, float]) -> None:
    reader = PdfReader(built / f"pnp-{paper}.pdf")
    page, rects = expected_grid(size, 3.0)
    assert len(rects) == 9  # nine poker cards on A4 and on Letter, sharing their cut lines
    assert len(reader.pages) == 2 * -(-80 // len(rects))
    for i in range(len(reader.pages)):
        assert close(page_size_mm(reader, i), page)
    fronts = cards_on(reader, 0, "F")
    assert len(fronts) == len(rects)
    for (_, got), want in zip(fronts, rects):
        assert close(got, want), (got, want)


@pytest.mark.parametrize("paper,size,per_page", [("a4", A4, 8), ("letter", LETTER, 6)])
def test_cards_apart_is_an_option(tmp_path: Path, paper: str, size, per_page: int) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    assert build(project, "pressdemo", "--only", "pnp", "--paper", paper, "--apart") == 0
    reader = PdfReader(project / "build" / "pressdemo" / f"pnp-{paper}.pdf")
    page, rects = expected_grid(size, 3.0, apart=True)
    assert len(rects) == per_page
    fronts = cards_on(reader, 0, "F")
    assert len(fronts) == len(rects)
    for (_, got), want in zip(fronts, rects):
        assert close(got, want), (got, want)
    # apart, nothing is clipped: every card keeps its whole bleed
    ops = reader.pages[0].get_contents().get_data().decode("latin-1")
    assert "re W" not in ops


def test_abutting_cards_share_cut_lines_and_only_the_outside_keeps_bleed(built: Path) -> None:
    reader = PdfReader(built / "pnp-a4.pdf")
    rects = [r for _, r in cards_on(reader, 0, "F")]
    xs = sorted({round(v, 2) for r in rects for v in (r[0], r[2])})
    ys = sorted({round(v, 2) for r in rects for v in (r[1], r[3])})
    assert len(xs) == 4 and len(ys) == 4  # 3 x 3 cards: 4 cut lines each way, shared
    # each card is clipped to its trim plus the bleed on its outer sides only
    ops = reader.pages[0].get_contents().get_data().decode("latin-1")
    clips = [tuple(float(v) / MM for v in m.groups()) for m in re.finditer(
        r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re W\*? n", ops)]
    assert len(clips) == 9
    left, right, bottom, top = xs[0], xs[-1], ys[0], ys[-1]
    for (x, y, w, h), r in zip(clips, rects):
        assert abs(x - (r[0] - (3 if abs(r[0] - left) < TOL else 0))) < TOL
        assert abs(x + w - (r[2] + (3 if abs(r[2] - right) < TOL else 0))) < TOL
        assert abs(y - (r[1] - (3 if abs(r[1] - bottom) < TOL else 0))) < TOL
        assert abs(y + h - (r[3] + (3 if abs(r[3] - top) < TOL else 0))) < TOL


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_page_has_trim_and_bleed_boxes(built: Path, paper: str) -> None:
    for name in (f"pnp-{paper}.pdf", f"calibration-{paper}.pdf"):
        reader = PdfReader(built / name)
        for i, page in enumerate(reader.pages):
            assert "/TrimBox" in page and "/BleedBox" in page, (name, i)
            trim = [float(v) / MM for v in page["/TrimBox"]]
            bleed = [float(v) / MM for v in page["/BleedBox"]]
            media = [float(v) / MM for v in page.mediabox]
            prefix = "B" if i % 2 else "F"
            rects = [r for _, r in cards_on(reader, i, prefix)]
            if rects:  # the trim box is the cards' trim, the bleed box 3 mm beyond it
                assert close(trim, (min(r[0] for r in rects), min(r[1] for r in rects),
                                    max(r[2] for r in rects), max(r[3] for r in rects)))
            assert close(bleed, (trim[0] - 3, trim[1] - 3, trim[2] + 3, trim[3] + 3))
            assert media[0] <= bleed[0] and bleed[2] <= media[2] and media[1] <= bleed[1]


@pytest.mark.parametrize("duplex,edge", [("long", "long edge"), ("short", "short edge")])
def test_every_back_page_says_which_edge_to_flip(tmp_path: Path, duplex: str, edge: str) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    assert build(project, "pressdemo", "--only", "pnp", "--paper", "a4", "--duplex", duplex) == 0
    out = project / "build" / "pressdemo"
    reader = PdfReader(out / "pnp-a4.pdf")
    for i, page in enumerate(reader.pages):
        text = page.extract_text()
        assert (f"flipping on the {edge}" in text) == (i % 2 == 1), i
    calibration = PdfReader(out / "calibration-a4.pdf")
    for page in calibration.pages:
        assert f"flipping on the {edge}" in page.extract_text()


def test_form_bounding_box_carries_the_bleed(built: Path) -> None:
    reader = PdfReader(built / "pnp-a4.pdf")
    xobjects = reader.pages[0]["/Resources"]["/XObject"]
    form = xobjects["/FormXob.Fknight"].get_object()
    bbox = [float(v) / MM for v in form["/BBox"]]
    assert close(bbox, (-3, -3, POKER[0] + 3, POKER[1] + 3))


def test_every_copy_is_printed_with_its_name(built: Path) -> None:
    reader = PdfReader(built / "pnp-a4.pdf")
    counts = {cid: 0 for cid in NAMES}
    for i in range(0, len(reader.pages), 2):
        for name, _ in cards_on(reader, i, "F"):
            counts[name.removeprefix("/FormXob.F")] += 1
        text = reader.pages[i].extract_text()
        on_page = [name.removeprefix("/FormXob.F") for name, _ in cards_on(reader, i, "F")]
        for cid, (card_name, _) in NAMES.items():
            assert text.count(card_name) >= on_page.count(cid), (i, cid)
    assert counts == {cid: n for cid, (_, n) in NAMES.items()}


def _mirror(rect, page, axis, offset=(0.0, 0.0)):
    x0, y0, x1, y1 = rect
    W, H = page
    dx, dy = offset
    if axis == "vertical":
        return (W - x1 + dx, y0 + dy, W - x0 + dx, y1 + dy)
    return (x0 + dx, H - y1 + dy, x1 + dx, H - y0 + dy)


@pytest.mark.parametrize("duplex,bleed,offset,apart", [
    ("long", "3", "0,0", True), ("short", "3", "0,0", True), ("long", "0", "0,0", True),
    ("short", "0", "0,0", True), ("long", "3", "0.7,-1.25", True), ("long", "3", "0,0", False),
    ("short", "3", "0,0", False), ("long", "3", "0.7,-1.25", False)])
def test_back_of_every_slot_lands_behind_its_front(tmp_path: Path, duplex: str, bleed: str,
                                                   offset: str, apart: bool) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    assert build(project, "pressdemo", "--only", "pnp", "--paper", "a4", "--duplex", duplex,
                 "--bleed", bleed, "--back-offset", offset, *(["--apart"] if apart else [])) == 0
    reader = PdfReader(project / "build" / "pressdemo" / "pnp-a4.pdf")
    page = page_size_mm(reader, 0)
    landscape = page[0] > page[1]
    # the paper turns about its long edge (long) or short edge (short)
    axis = "vertical" if (duplex == "long") != landscape else "horizontal"
    shift = tuple(float(v) for v in offset.split(","))
    # apart with a bleed, 4 x 2 landscape beats 2 x 2 portrait; abutting, 3 x 3 portrait wins
    assert landscape == (bleed == "3" and apart)
    for front_page in range(0, len(reader.pages), 2):
        fronts = cards_on(reader, front_page, "F")
        backs = cards_on(reader, front_page + 1, "B")
        assert len(fronts) == len(backs) > 0
        for (fname, front), (bname, back) in zip(fronts, backs):
            assert close(back, _mirror(front, page, axis, shift)), (front, back)
            want = "alt" if fname.endswith("token") else "main"
            assert bname == f"/FormXob.B{want}"


def test_gutterfold_puts_mirrored_backs_on_the_same_page(tmp_path: Path) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    assert build(project, "pressdemo", "--only", "pnp", "--paper", "a4", "--gutterfold") == 0
    reader = PdfReader(project / "build" / "pressdemo" / "pnp-a4.pdf")
    W, H = page_size_mm(reader, 0)
    fronts, backs = cards_on(reader, 0, "F"), cards_on(reader, 0, "B")
    assert len(fronts) == len(backs) >= 3
    assert len(reader.pages) == -(-80 // len(fronts))
    trim = [float(v) / MM for v in reader.pages[0]["/TrimBox"]]  # fronts and backs together
    rects = [r for _, r in fronts + backs]
    assert close(trim, (min(r[0] for r in rects), min(r[1] for r in rects),
                        max(r[2] for r in rects), max(r[3] for r in rects)))
    assert "fold here" in reader.pages[0].extract_text()
    for (_, f), (_, b) in zip(fronts, backs):
        if W > H:  # landscape: fold line x = W/2, fronts on the left
            assert f[2] < W / 2 and close(b, _mirror(f, (W, H), "vertical"))
        else:      # portrait: fold line y = H/2, fronts on top, backs turned half a turn
            assert f[1] > H / 2 and close(b, _mirror(f, (W, H), "horizontal"))
    if W <= H:
        assert all(ctm[0] == -1 and ctm[3] == -1 for name, ctm in placements(reader, 0)
                   if name.startswith("/FormXob.B"))


def test_calibration_page_has_a_50_mm_square_and_targets_behind_each_slot(built: Path) -> None:
    reader = PdfReader(built / "calibration-a4.pdf")
    assert len(reader.pages) == 2
    ops = reader.pages[0].get_contents().get_data().decode("latin-1")
    squares = [m for m in re.finditer(r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re", ops)
               if abs(float(m.group(3)) / MM - 50) < 0.01 and abs(float(m.group(4)) / MM - 50) < 0.01]
    assert squares
    assert "50 mm" in reader.pages[0].extract_text()


def test_fonts_are_embedded_and_subset(built: Path) -> None:
    reader = PdfReader(built / "pnp-letter.pdf")
    fonts = {}

    def collect(resources) -> None:
        resources = resources.get_object()
        for name, font in (resources.get("/Font") or {}).items():
            fonts[font.get_object()["/BaseFont"]] = font.get_object()
        for xobj in (resources.get("/XObject") or {}).values():
            xobj = xobj.get_object()
            if "/Resources" in xobj:
                collect(xobj["/Resources"])

    for page in reader.pages[:4]:
        collect(page["/Resources"])
    assert fonts
    for base, font in fonts.items():
        assert re.fullmatch(r"/[A-Z]{6}\+IPAex(Gothic|Mincho)", base), base
        assert "/FontFile2" in font["/FontDescriptor"].get_object()


def test_other_decks_are_built_in_their_own_folder(built: Path) -> None:
    reader = PdfReader(built / "mini-deck" / "pnp-a4.pdf")
    names = sorted(n for n, _ in cards_on(reader, 0, "F"))
    assert names == ["/FormXob.Fknight", "/FormXob.Fwitch"]


def test_streamed_chunks_make_one_valid_document(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(pdfstream, "CHUNK_PAGES", 3)
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    assert build(project, "pressdemo", "--only", "pnp", "--paper", "a4", "--apart") == 0
    reader = PdfReader(project / "build" / "pressdemo" / "pnp-a4.pdf")
    assert len(reader.pages) == 20
    text = "".join(p.extract_text() for p in reader.pages[::2])
    assert text.count("小さな影") == 74
    tree = reader.trailer["/Root"].raw_get("/Pages").idnum
    assert all(p.raw_get("/Parent").idnum == tree for p in reader.pages)
    assert reader.trailer["/Root"]["/Pages"]["/Count"] == 20
    assert len({p["/Resources"]["/Font"].indirect_reference.idnum for p in reader.pages}) == 7


def test_same_input_gives_the_same_bytes(tmp_path: Path) -> None:
    outs = []
    for name in ("a", "b"):
        project = copy_project(PRESS_FIXTURE, tmp_path / name)
        assert build(project, "pressdemo", "--only", "pnp", "--paper", "letter") == 0
        outs.append((project / "build" / "pressdemo" / "pnp-letter.pdf").read_bytes())
    assert outs[0] == outs[1]


def test_art_named_by_the_database_is_placed_in_its_box(built: Path) -> None:
    reader = PdfReader(built / "pnp-a4.pdf")
    form = reader.pages[0]["/Resources"]["/XObject"]["/FormXob.Fknight"].get_object()
    images = [x.get_object() for x in form["/Resources"]["/XObject"].values()]
    assert [(im["/Subtype"], im["/Width"], im["/Height"]) for im in images] == [("/Image", 60, 40)]
    witch = reader.pages[0]["/Resources"]["/XObject"]["/FormXob.Fwitch"].get_object()
    assert "/XObject" not in witch["/Resources"]  # no art named: nothing placed


def test_missing_art_is_an_error_naming_the_card(tmp_path: Path, capsys) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    (project / "art" / "knight.png").unlink()
    assert build(project, "pressdemo", "--only", "pnp") == 2
    err = capsys.readouterr().err
    assert "cards[0].art: card 'knight' (face): art file 'art/knight.png' not found" in err


CARDS = [(63.5, 88.9), (63.0, 88.0), (57.2, 88.9), (44.5, 63.5), (59.0, 86.0), (69.9, 120.7),
         (120.0, 40.0)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("bleed", [0.0, 3.0, 5.0])
def test_grid_apart_fits_the_page_without_overlap_and_wastes_no_column(paper, card, bleed) -> None:
    from deckwright.press.sheet import Options, grid
    g = grid(card, Options(paper=paper, bleed_mm=bleed, spacing="apart"))
    W, H = (v / MM for v in g.page)
    assert sorted((W, H)) == sorted({"a4": A4, "letter": LETTER}[paper])
    boxes = [(x0 / MM - bleed, y0 / MM - bleed, x1 / MM + bleed, y1 / MM + bleed)
             for x0, y0, x1, y1 in g.trims()]
    for x0, y0, x1, y1 in boxes:
        assert x0 >= 5 - TOL and y0 >= 5 - TOL and x1 <= W - 5 + TOL and y1 <= H - 5 + TOL
        assert abs((x1 - x0) - (card[0] + 2 * bleed)) < TOL
    for i, a in enumerate(boxes):  # bleed boxes may touch, never overlap
        for b in boxes[i + 1:]:
            assert min(a[2], b[2]) - max(a[0], b[0]) <= TOL or min(a[3], b[3]) - max(a[1], b[1]) <= TOL
    left, right = min(b[0] for b in boxes), max(b[2] for b in boxes)
    assert abs(left - (W - right)) < TOL  # centred
    assert (right - left) + card[0] + 2 * bleed > W - 10  # one more column would not fit


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("bleed", [0.0, 3.0, 5.0])
def test_grid_abutting_shares_cut_lines_and_keeps_the_outer_bleed_on_paper(paper, card,
                                                                          bleed) -> None:
    from deckwright.press.sheet import Options, grid
    g = grid(card, Options(paper=paper, bleed_mm=bleed))
    W, H = (v / MM for v in g.page)
    trims = [tuple(v / MM for v in t) for t in g.trims()]
    for x0, y0, x1, y1 in trims:  # every trim inside the printable area
        assert x0 >= 5 - TOL and y0 >= 5 - TOL and x1 <= W - 5 + TOL and y1 <= H - 5 + TOL
    left, right = min(t[0] for t in trims), max(t[2] for t in trims)
    bottom, top = min(t[1] for t in trims), max(t[3] for t in trims)
    assert left - bleed >= -TOL and right + bleed <= W + TOL  # the outer bleed on the paper
    assert bottom - bleed >= -TOL and top + bleed <= H + TOL
    assert abs((right - left) - g.cols * card[0]) < TOL  # no gaps: neighbours abut
    assert abs((top - bottom) - g.rows * card[1]) < TOL
    assert abs(left - (W - right)) < TOL and abs(bottom - (H - top)) < TOL  # centred
    assert (g.cols + 1) * card[0] > min(W - 10, W - 2 * bleed) - TOL  # no room for one more
    if card == (63.5, 88.9) and bleed <= 3:
        assert g.per_page == 9


def test_duplex_off_prints_all_fronts_then_all_backs(tmp_path: Path) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    assert build(project, "pressdemo", "--only", "pnp", "--paper", "a4", "--duplex", "off") == 0
    reader = PdfReader(project / "build" / "pressdemo" / "pnp-a4.pdf")
    sheets = len(reader.pages) // 2
    assert sheets == 9
    for i in range(sheets):
        assert cards_on(reader, i, "F") and not cards_on(reader, i, "B")
        fronts, backs = cards_on(reader, i, "F"), cards_on(reader, sheets + i, "B")
        assert len(backs) == len(fronts) and not cards_on(reader, sheets + i, "F")
        assert "turned over on the long edge" in reader.pages[sheets + i].extract_text()
        assert "/TrimBox" in reader.pages[sheets + i]


def test_crop_marks_stay_outside_the_bleed_and_cut_lines_are_optional(tmp_path: Path) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    assert build(project, "pressdemo", "--only", "pnp", "--paper", "a4", "--cut-lines") == 0
    reader = PdfReader(project / "build" / "pressdemo" / "pnp-a4.pdf")
    fronts = [rect for _, rect in cards_on(reader, 0, "F")]
    left = min(r[0] for r in fronts) - 3
    right = max(r[2] for r in fronts) + 3
    bottom = min(r[1] for r in fronts) - 3
    top = max(r[3] for r in fronts) + 3
    ops = reader.pages[0].get_contents().get_data().decode("latin-1")
    lines = [tuple(float(v) / MM for v in m.groups()) for m in re.finditer(
        r"([-\d.]+) ([-\d.]+) m ([-\d.]+) ([-\d.]+) l", ops)]
    assert lines
    xs = {round(v, 2) for r in fronts for v in (r[0], r[2])}
    for x0, y0, x1, y1 in lines:  # every mark extends a trim line and starts outside the bleed
        assert not (left < x0 < right and bottom < y0 < top)
        assert round(x0, 2) in xs or round(y0, 2) in {round(v, 2) for r in fronts for v in (r[1], r[3])}
    assert "[2 2] 0 d" in ops
    assert build(project, "pressdemo", "--only", "pnp", "--paper", "a4") == 0
    plain = PdfReader(project / "build" / "pressdemo" / "pnp-a4.pdf").pages[0]
    assert "[2 2] 0 d" not in plain.get_contents().get_data().decode("latin-1")


def test_art_outside_the_project_is_refused(tmp_path: Path, capsys) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    (tmp_path / "secret.png").write_bytes((project / "art" / "knight.png").read_bytes())
    db = project / "cards" / "pressdemo.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace("art/knight.png", "../secret.png"),
                  encoding="utf-8")
    assert build(project, "pressdemo", "--only", "pnp") == 2
    assert "art '../secret.png' is outside the project folder" in capsys.readouterr().err
    assert not (project / "build").exists()


def test_a_card_too_large_for_the_paper_is_a_one_line_error(tmp_path: Path, capsys) -> None:
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    db = project / "cards" / "pressdemo.yaml"
    db.write_text(db.read_text(encoding="utf-8").replace(
        "card_size: poker", "card_size: {width_mm: 220, height_mm: 280}"), encoding="utf-8")
    assert build(project, "pressdemo", "--only", "pnp", "--paper", "letter") == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["deckwright: error: a 220 x 280 mm card with 3 mm bleed does not fit on letter paper"]


def _charboxes(pdf: Path, index: int) -> list[tuple[str, tuple[float, float, float, float]]]:
    """(character, box in points) of every character pdfium finds on a page."""
    import pypdfium2 as pdfium
    doc = pdfium.PdfDocument(str(pdf))
    try:
        text = doc[index].get_textpage()
        return [(text.get_text_range(i, 1), text.get_charbox(i)) for i in range(text.count_chars())]
    finally:
        doc.close()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibration_instructions_stand_on_clean_paper(built: Path, paper: str) -> None:
    """No edge of the square, slot outline or target runs through the words: around every
    character of the instructions the page is white."""
    import pypdfium2 as pdfium
    pdf = built / f"calibration-{paper}.pdf"
    chars = _charboxes(pdf, 0)
    label = "50 mm × 50 mm"  # drawn first, inside the square; the instructions follow it
    assert "".join(ch for ch, _ in chars[:len(label)]) == label
    boxes = [b for ch, b in chars if ch.strip() and b[2] > b[0]]
    block = [b for ch, b in chars[len(label):] if ch.strip() and b[2] > b[0]]
    assert len(block) > 200
    text = PdfReader(pdf).pages[0].extract_text()
    assert "calibration page" in text and "flipping on the long edge" in text
    scale = 150 / 72
    doc = pdfium.PdfDocument(str(pdf))
    image = doc[0].render(scale=scale).to_pil().convert("L")
    doc.close()
    H = image.height
    x0 = min(b[0] for b in block); x1 = max(b[2] for b in block)
    y0 = min(b[1] for b in block); y1 = max(b[3] for b in block)
    inked = set()
    for b in boxes:
        for x in range(int(b[0] * scale) - 2, int(b[2] * scale) + 3):
            for y in range(int(H - b[3] * scale) - 2, int(H - b[1] * scale) + 3):
                inked.add((x, y))
    stray = [(x, y) for x in range(int(x0 * scale), int(x1 * scale))
             for y in range(int(H - y1 * scale), int(H - y0 * scale))
             if (x, y) not in inked and image.getpixel((x, y)) < 160]
    assert len(stray) <= 3, stray[:10]


def test_calibration_back_scale_is_numbered(built: Path) -> None:
    from deckwright.press.sheet import Options, grid
    pdf = built / "calibration-a4.pdf"
    chars = [(ch, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)) for ch, b in _charboxes(pdf, 1)]
    g = grid(POKER, Options(paper="a4"))
    for i in range(g.per_page):
        b = g.back(i)
        cx, cy = b.x + g.card[0] / 2, b.y + g.card[1] / 2
        for k in range(1, 6):
            for dx in (k, -k):  # along the x axis, on both sides of the centre
                assert any(ch == str(k) and abs(x - (cx + dx * MM)) < 0.3 * MM
                           and abs(y - cy) < 3 * MM for ch, (x, y) in chars), (i, dx)
            for dy in (k, -k):  # along the y axis
                assert any(ch == str(k) and abs(y - (cy + dy * MM)) < 0.4 * MM
                           and abs(x - cx) < 3 * MM for ch, (x, y) in chars), (i, dy)
        assert sum(1 for ch, (x, y) in chars if ch in "+\u2212"
                   and abs(x - cx) < 8 * MM and abs(y - cy) < 8 * MM) == 4
