"""DriveThruCards' PDF/X-1a file read back as its intake would: pikepdf for the structure,
Ghostscript's CMYK render for the ink, littleCMS for how far the print is from the RGB face.

Ghostscript runs on the press fixture's two-card deck (four pages), not on a whole game."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pikepdf
import pytest
from PIL import Image, ImageCms

from test_press_support import PRESS_FIXTURE, copy_project

INK_LIMIT = 240        # DriveThruCards' total area coverage, per cent
MEAN_DELTA_E = 4.0     # CIE76, mean over the card (3.3 measured): the print is the face
P95_DELTA_E = 8.0      # ... and nineteen pixels in twenty within this (6.4 measured)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The mini deck (knight with its art, witch) as PDF/X, and the same pages drawn in RGB
    before any conversion (the faces every other export shows)."""
    from deckwright.model import Project, load_game
    from deckwright.press import pdfx, pod
    from deckwright.press.cards import GamePress
    from reportlab.pdfgen.canvas import Canvas

    root = tmp_path_factory.mktemp("pdfx")
    project = copy_project(PRESS_FIXTURE, root / "p")
    press = GamePress(load_game(Project(project), "pressdemo"))
    deck = next(d for d, _ in press.decks() if d.id == "mini-deck")
    service = pod.SERVICES["drivethrucards"]
    pod.card_pdf(press, deck, root / "x.pdf", service, lambda n: None)
    real = pdfx.convert
    try:
        pdfx.convert = lambda source, target, title, order: target.write_bytes(
            pdfx.repeat_pages(source.read_bytes(), order))   # the same pages, not converted
        pod.card_pdf(press, deck, root / "rgb.pdf", service, lambda n: None, canvas=Canvas)
    finally:
        pdfx.convert = real
    return {"pdfx": root / "x.pdf", "rgb": root / "rgb.pdf", "root": root}


def _operators(pdf: pikepdf.Pdf, resources: pikepdf.Dictionary, content) -> list[tuple]:
    """Every (operator, operands, resources) of a content stream and the forms it paints."""
    found = []
    for operands, op in pikepdf.parse_content_stream(content):
        found.append((str(op), operands, resources))
        if str(op) == "Do":
            xobject = resources.XObject[operands[0]]
            if xobject.Subtype == "/Form":
                found += _operators(pdf, xobject.get("/Resources", resources), xobject)
    return found


def _xobjects(resources: pikepdf.Dictionary):
    for _, xobject in (resources.get("/XObject") or {}).items():
        yield xobject
        if xobject.Subtype == "/Form" and "/Resources" in xobject:
            yield from _xobjects(xobject.Resources)


def _is_cmyk(space) -> bool:
    if space == "/DeviceCMYK" or space == "/DeviceGray":
        return True
    if isinstance(space, pikepdf.Array) and space[0] == "/Indexed":
        return _is_cmyk(space[1])
    return isinstance(space, pikepdf.Array) and space[0] == "/ICCBased" and int(space[1].N) in (1, 4)


def test_the_file_is_pdf_x_1a_with_an_output_intent_naming_its_cmyk_profile(made) -> None:
    with pikepdf.open(made["pdfx"]) as pdf:
        assert pdf.pdf_version == "1.3"
        info = pdf.docinfo
        assert str(info.GTS_PDFXVersion) == "PDF/X-1:2001"
        assert str(info.GTS_PDFXConformance) == "PDF/X-1a:2001"
        assert info.Trapped == "/False"
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == "/GTS_PDFX"
        assert str(intent.OutputConditionIdentifier) == "CGATS TR 001"
        assert str(intent.Info) == "Artifex CMYK SWOP Profile"
        profile = intent.DestOutputProfile
        assert int(profile.N) == 4
        data = profile.read_bytes()
        assert data[16:20] == b"CMYK" and data[12:16] == b"prtr"   # an output profile of CMYK
        assert len(pdf.pages) == 4                    # back, front of each of the two cards
        for page in pdf.pages:
            box = [float(v) for v in page.TrimBox]
            assert box == [9.0, 9.0, 189.0, 261.0]   # 2.5 x 3.5 in inside 1/8 in of bleed
            assert [float(v) for v in page.BleedBox] == [0.0, 0.0, 198.0, 270.0]
            assert [float(v) for v in page.MediaBox] == [0.0, 0.0, 198.0, 270.0]


def test_no_rgb_no_transparency_and_every_font_embedded(made) -> None:
    with pikepdf.open(made["pdfx"]) as pdf:
        images = fonts = 0
        for page in pdf.pages:
            assert "/Group" not in page   # no transparency group
            ops = _operators(pdf, page.Resources, page)
            names = {op for op, _, _ in ops}
            assert not names & {"rg", "RG"}, names        # no DeviceRGB colour
            for op, operands, res in ops:
                if op in ("cs", "CS"):
                    name = operands[0]
                    space = name if name in ("/DeviceCMYK", "/DeviceGray") else res.ColorSpace[name]
                    assert _is_cmyk(space), space
                if op == "gs":
                    state = res.ExtGState[operands[0]]
                    assert "/SMask" not in state or state.SMask == "/None"
                    assert float(state.get("/ca", 1)) == 1 and float(state.get("/CA", 1)) == 1
            for xobject in _xobjects(page.Resources):
                if xobject.Subtype == "/Image":
                    images += 1
                    assert _is_cmyk(xobject.ColorSpace) or xobject.get("/ImageMask"), xobject.ColorSpace
                    assert "/SMask" not in xobject
            for _, font in (page.Resources.get("/Font") or {}).items():
                for f in ([font] + list(font.get("/DescendantFonts", []))):
                    if "/FontDescriptor" in f:
                        fonts += 1
                        d = f.FontDescriptor
                        assert any(k in d for k in ("/FontFile", "/FontFile2", "/FontFile3")), f.BaseFont
        assert images >= 1 and fonts >= 1   # the knight's art and the names were checked


def _cmyk_render(pdf: Path, dpi: int, page: int) -> Image.Image:
    out = pdf.with_name(f"{pdf.stem}-{page}.tif")
    subprocess.run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiff32nc",
                    f"-r{dpi}", f"-dFirstPage={page}", f"-dLastPage={page}",
                    f"-sOutputFile={out}", str(pdf)], check=True, timeout=120)
    return Image.open(out)


def test_ink_coverage_within_the_limit_everywhere(made) -> None:
    """Every pixel of Ghostscript's CMYK render of every page: rich black included (the backs'
    frame, the names), C+M+Y+K at most 240%."""
    for page in (1, 2, 3, 4):
        im = _cmyk_render(made["pdfx"], 100, page)
        assert im.mode == "CMYK"
        import numpy as np
        total = int(np.asarray(im, dtype=int).sum(axis=-1).max())
        assert total <= INK_LIMIT / 100 * 255 + 1, (page, total / 2.55)


def _lab(rgb) -> "np.ndarray":
    """CIELAB (D65) of 8-bit sRGB pixels."""
    import numpy as np
    c = np.asarray(rgb, dtype=float) / 255
    c = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = c @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 216 / 24389, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]),
                     200 * (f[..., 1] - f[..., 2])], axis=-1)


def test_the_cmyk_print_is_close_to_the_rgb_face(made) -> None:
    """The CMYK render as the press would print it (through the output intent's profile back
    to sRGB, relative colorimetric) against the RGB face, pixel by pixel (CIE76), on the
    front with art (page 2): the rich black's ink limit, SWOP's smaller gamut for the red
    frame and Ghostscript's unsmoothed edges are all in it."""
    import numpy as np
    import pypdfium2 as pdfium
    from deckwright.press.pdfx import PROFILE
    dpi = 100
    cmyk = _cmyk_render(made["pdfx"], dpi, 2)
    proof = ImageCms.applyTransform(cmyk, ImageCms.buildTransform(
        ImageCms.getOpenProfile(str(PROFILE)), ImageCms.createProfile("sRGB"), "CMYK", "RGB",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC))
    rgb = pdfium.PdfDocument(str(made["rgb"]))[1].render(scale=dpi / 72).to_pil().convert("RGB")
    assert proof.size == rgb.size
    delta = np.sqrt(((_lab(proof) - _lab(rgb)) ** 2).sum(axis=-1))
    print(f"ΔE76 mean {delta.mean():.2f}, 95th percentile {np.percentile(delta, 95):.2f}")
    assert delta.mean() <= MEAN_DELTA_E, delta.mean()
    assert np.percentile(delta, 95) <= P95_DELTA_E, np.percentile(delta, 95)


def test_the_conversion_is_deterministic(made) -> None:
    from deckwright.model import Project, load_game
    from deckwright.press import pod
    from deckwright.press.cards import GamePress
    project = copy_project(PRESS_FIXTURE, made["root"] / "again" / "elsewhere")
    press = GamePress(load_game(Project(project), "pressdemo"))
    deck = next(d for d, _ in press.decks() if d.id == "mini-deck")
    pod.card_pdf(press, deck, made["root"] / "y.pdf", pod.SERVICES["drivethrucards"], lambda n: None)
    assert (made["root"] / "y.pdf").read_bytes() == made["pdfx"].read_bytes()
