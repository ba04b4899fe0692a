"""The PNG encoding every image target uses (press/raster.py `png_bytes`): lossless, with its
resolution, small for flat card faces and no larger than Pillow's for photographic art, and the
same bytes every time. A build's PNGs are read back as their pixels by the export tests."""

from __future__ import annotations

import io
import random
import zipfile

from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from deckwright.press import fonts
from deckwright.press.raster import pixel_page, png_bytes, render_pages, render_pngs

from test_press_support import PRESS_FIXTURE, build, copy_project


def draw(c: Canvas) -> None:
    c.setFillColorRGB(0.82, 0.19, 0.18)
    c.rect(0, 0, 200, 280, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.circle(100, 200, 40, stroke=0, fill=1)
    c.setFont(fonts.register("gothic"), 14)
    c.drawString(20, 60, "カードを1枚引く。Draw a card.")


PAGE = pixel_page((200.0, 280.0), 300)


def face_like() -> Image.Image:
    """A rendered page like a card face: flat colours, a circle and anti-aliased text."""
    return next(render_pages(PAGE, [draw], 300 / 72))


def photo_like() -> Image.Image:
    """Noise over a gradient: what unfiltered rows compress badly."""
    rng = random.Random(17)
    w, h = 300, 400
    data = bytes(min(255, (x + y) // 3 + rng.randrange(40)) for y in range(h) for x in range(w)
                 for _ in range(3))
    return Image.frombytes("RGB", (w, h), data)


def decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_a_face_comes_back_pixel_for_pixel_with_its_resolution() -> None:
    image = face_like()
    back = decoded(png_bytes(image, 300.0))
    assert (back.format, back.mode, back.size) == ("PNG", "RGB", image.size)
    assert back.tobytes() == image.tobytes()
    assert abs(back.info["dpi"][0] - 300) < 0.01 and abs(back.info["dpi"][1] - 300) < 0.01
    assert len(image.getcolors(1 << 16)) > 20   # anti-aliased edges, not a few flat colours


def test_pages_encoded_from_pdfiums_memory_are_the_rendered_images() -> None:
    """What the targets write (`render_pngs`, no image in between) is the page's pixels."""
    images = list(render_pages(PAGE, [draw, draw], 300 / 72))
    pngs = list(render_pngs(PAGE, [draw, draw], 300 / 72, 300.0))
    assert len(pngs) == 2
    for image, png in zip(images, pngs):
        assert png.size == image.size == (round(200 * 300 / 72), round(280 * 300 / 72))
        assert decoded(png.data).tobytes() == image.tobytes()
        assert png.data == png_bytes(image, 300.0)


def test_flat_faces_are_small_and_photographs_no_larger_than_pillows() -> None:
    face = face_like()
    flat = png_bytes(face, 300.0)
    assert len(flat) < len(face.tobytes()) / 20
    photo = photo_like()
    data = png_bytes(photo, 150.0)
    assert decoded(data).tobytes() == photo.tobytes()
    pillow = io.BytesIO()
    photo.save(pillow, format="PNG", dpi=(150, 150), compress_level=3)
    assert len(data) <= len(pillow.getvalue())


def test_the_same_pixels_give_the_same_bytes() -> None:
    assert png_bytes(face_like(), 300.0) == png_bytes(face_like(), 300.0)


def test_zip_pngs_are_stored_and_read_back_whole(tmp_path) -> None:
    """PNGs go into the print-on-demand and CGS zips as they are (compressed already); the
    CSV and JSON beside them are deflated."""
    project = copy_project(PRESS_FIXTURE, tmp_path / "p")
    assert build(project, "--only", "pod,cgs", "--pod", "thegamecrafter") == 0
    out = project / "build" / "pressdemo"
    for path in [*(out / "pod").glob("*.zip"), *(out / "cgs").glob("*.zip")]:
        with zipfile.ZipFile(path) as z:
            for info in z.infolist():
                stored = info.compress_type == zipfile.ZIP_STORED
                assert stored == info.filename.endswith(".png"), info.filename
                if stored:
                    assert decoded(z.read(info)).mode == "RGB"
