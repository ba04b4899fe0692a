"""Rasterising vector pages with pdfium: the PNGs are the PDF faces, never a second drawing.

Pages are drawn with reportlab into a small in-memory PDF (a batch of pages at a time, so the
fonts are subset once per batch and memory stays bounded), rendered by pdfium at the requested
resolution into a buffer laid out as the PNG's scanlines (`Page`), and each page is encoded as
PNG from that buffer (`render_pngs`; the callers write the bytes through deckwright.atomic).
"""

from __future__ import annotations

import ctypes
import io
import math
import struct
import zlib
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Hashable, Iterable, Iterator, TypeVar

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image
from zlib_ng import zlib_ng
from reportlab.pdfgen.canvas import Canvas

from . import fonts, pdfstream  # noqa: F401  (pdfstream sets reportlab's stream options)

BATCH = 24
T = TypeVar("T")


def batches(items: Iterable[T], size: int = BATCH) -> Iterator[list[T]]:
    batch: list[T] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


@dataclass(frozen=True)
class Page:
    """A rendered page: `h` rows of `w` RGB pixels as a PNG's unfiltered scanlines (each row
    a zero byte, the filter type "none", then its pixels), deflated as they are."""

    w: int
    h: int
    rows: bytearray

    @classmethod
    def white(cls, w: int, h: int) -> "Page":
        """A white page, as pdfium leaves paper it draws nothing on."""
        return cls(w, h, bytearray(b"\0" + b"\xff" * (3 * w)) * h)

    def image(self) -> Image.Image:
        """The pixels as a Pillow image (a copy)."""
        return Image.frombuffer("RGB", (self.w, self.h), bytes(memoryview(self.rows)[1:]),
                                "raw", "RGB", 3 * self.w + 1, 1)

    def png(self, dpi: float) -> "Png":
        """The page encoded as PNG straight from its scanlines (no image copied on the way)."""
        return Png(_png(self.w, self.h, memoryview(self.rows), dpi, self.image), (self.w, self.h))

    def crop(self, w: int, h: int, left: int, top: int) -> "Page":
        """The `w` x `h` pixels whose top left corner is (`left`, `top`): one page rendered
        with the widest bleed gives a narrower one's image without being drawn again."""
        stride, at = 3 * self.w + 1, 1 + 3 * left
        rows = memoryview(self.rows)
        return Page(w, h, bytearray(b"\0").join(   # a filter byte before each row
            [b"", *(rows[y * stride + at:y * stride + at + 3 * w] for y in range(top, top + h))]))


def _render(page: pdfium.PdfPage, scale: float) -> Page:
    """Render a page at `scale` px per pt, as pypdfium2's `render` does (white paper, no
    annotations), but straight into a buffer of PNG scanlines that starts white: pdfium
    writes RGB (reversed byte order) a row at a time, `stride` bytes apart, one byte after
    each row's filter byte, so nothing is filled, copied or split afterwards."""
    w = math.ceil(page.get_width() * scale)
    h = math.ceil(page.get_height() * scale)
    stride = 3 * w + 1
    out = Page.white(w, h)
    pixels = (ctypes.c_ubyte * (stride * h - 1)).from_buffer(out.rows, 1)
    bitmap = pdfium_c.FPDFBitmap_CreateEx(w, h, pdfium_c.FPDFBitmap_BGR, pixels, stride)
    try:
        pdfium_c.FPDF_RenderPageBitmap(bitmap, page.raw, 0, 0, w, h, 0,
                                       pdfium_c.FPDF_REVERSE_BYTE_ORDER)
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)
    return out


def render_scanlines(pagesize: tuple[float, float], draws: list[Callable[[Canvas], None]],
                     scale: float) -> Iterator[Page]:
    """Draw one page per callable, then render each at `scale` px per pt (`_render`)."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=pagesize, invariant=1, pageCompression=0,
               initialFontName=fonts.register("gothic"))
    for draw in draws:
        draw(c)
        c.showPage()
    c.save()
    doc = pdfium.PdfDocument(buf.getvalue())
    try:
        for i in range(len(doc)):
            page = doc[i]
            try:
                yield _render(page, scale)
            finally:
                page.close()
    finally:
        doc.close()


def render_pages(pagesize: tuple[float, float], draws: list[Callable[[Canvas], None]],
                 scale: float) -> Iterator[Image.Image]:
    """Draw one page per callable, then yield each page as an RGB image at `scale` px per pt."""
    for page in render_scanlines(pagesize, draws, scale):
        yield page.image()


@dataclass(frozen=True)
class Png:
    """A page encoded as PNG, and its size in pixels."""

    data: bytes
    size: tuple[int, int]


def render_pngs(pagesize: tuple[float, float], draws: list[Callable[[Canvas], None]],
                scale: float, dpi: float) -> Iterator[Png]:
    """`render_pages`, each page encoded as PNG (the bytes `png_bytes` gives its image)
    straight from the scanlines pdfium wrote, with no image copied on the way."""
    for page in render_scanlines(pagesize, draws, scale):
        yield page.png(dpi)


class Mosaic:
    """An image assembled from a grid of separately rendered whole-pixel cells (a TTS
    sheet), white where nothing is pasted, as pdfium leaves an undrawn page. A cell at
    whole-pixel offsets keeps its own pixels exactly, so a face a sheet shows many times is
    rendered once and every copy of it is the same pixels.

    The sheet itself is never held whole: `png` assembles it one row of cells (a band) at a
    time in one reused buffer and deflates each band as it is made, which gives the bytes one
    deflate call over the whole sheet gives (no flush in between). A 4096 px sheet is 48 MiB
    of scanlines: filling it white, then copying every cell into it, cost more than the
    deflate."""

    def __init__(self, cols: int, rows: int, cell: tuple[int, int]) -> None:
        self.cols, self.rows, self.cell = cols, rows, cell
        self.w, self.h = cols * cell[0], rows * cell[1]
        self.cells: dict[int, bytes | bytearray] = {}

    def paste(self, index: int, rows: bytes | bytearray) -> None:
        """Put a cell's scanlines (a page of the cell's size, left unchanged until the sheet
        is encoded) into cell `index`, counted row by row from the top left."""
        self.cells[index] = rows

    def _bands(self) -> Iterator[bytearray]:
        """The sheet's scanlines a row of cells at a time (the same buffer, refilled)."""
        cw, ch = self.cell
        span, stride = 3 * cw, 3 * self.w + 1
        band = Page.white(self.w, ch).rows
        into = memoryview(band)   # slices without copies
        blank = b"\xff" * span
        dirty: set[int] = set()   # columns the last band pasted a cell into
        for row in range(self.rows):
            for col in range(self.cols):
                cell = self.cells.get(row * self.cols + col)
                at = 1 + col * span
                if cell is not None:
                    source = memoryview(cell)
                    for src in range(1, len(cell), span + 1):
                        into[at:at + span] = source[src:src + span]
                        at += stride
                    dirty.add(col)
                elif col in dirty:   # white again where the band above had a cell
                    for _ in range(ch):
                        into[at:at + span] = blank
                        at += stride
                    dirty.discard(col)
            yield band

    def page(self) -> Page:
        """The whole sheet as one page of scanlines."""
        return Page(self.w, self.h, bytearray().join([bytes(band) for band in self._bands()]))

    def png(self, dpi: float) -> Png:
        deflate = zlib_ng.compressobj(LEVEL)
        data = b"".join([*(deflate.compress(band) for band in self._bands()), deflate.flush()])
        raw = self.h * (3 * self.w + 1)
        return Png(_encoded(self.w, self.h, data, raw, dpi, lambda: self.page().image()),
                   (self.w, self.h))


class Reuse:
    """Images one run of a target needs more than once (a face two decks share, at one
    geometry), each kept from its first drawing until its last use, so it is drawn once and
    memory holds only what is still to come. `uses` counts every use of every key (the key
    must say everything the pixels depend on); a key it lacks is never kept, nor is an image
    that would take what is kept past `limit` bytes (it is drawn again when next needed)."""

    def __init__(self, uses: Counter[Hashable] | None = None, limit: int | None = None) -> None:
        self.left: Counter[Hashable] = Counter(uses or {})
        self.kept: dict[Hashable, bytes | bytearray] = {}
        self.limit = limit
        self.size = 0

    def get(self, key: Hashable) -> bytes | bytearray | None:
        return self.kept.get(key)

    def offer(self, key: Hashable, make: Callable[[], bytes | bytearray]) -> None:
        """Keep what `make()` gives for `key` without counting a use, if a use of `key` is
        still to come and nothing is kept for it yet (`make` is called only then): an image
        made on the way to another, e.g. a crop of a wider render."""
        if self.left.get(key, 0) > 0 and key not in self.kept:
            data = make()
            if self.limit is None or self.size + len(data) <= self.limit:
                self.kept[key] = data
                self.size += len(data)

    def used(self, key: Hashable, data: bytes | bytearray) -> None:
        """Count one use of `key`; keep `data` while later uses remain and it fits."""
        self.left[key] -= 1
        old = self.kept.pop(key, None)
        self.size -= 0 if old is None else len(old)
        if self.left[key] <= 0:
            del self.left[key]
        elif self.limit is None or self.size + len(data) <= self.limit:
            self.kept[key] = data
            self.size += len(data)


def px(points: float, dpi: float) -> int:
    """The whole number of pixels a length in points is given at `dpi`."""
    return round(points * dpi / 72.0)


def pixel_page(size: tuple[float, float], dpi: float) -> tuple[float, float]:
    """A page size a hair under a whole number of pixels at `dpi`.

    pdfium makes a bitmap of ceil(points x scale) pixels and leaves whatever the page does not
    cover white: a card 744.09 px wide would get a white last column. Snapping the page to whole
    pixels (within half a pixel of the true size) keeps every edge pixel inside the drawing."""
    return tuple((px(v, dpi) - 1e-3) * 72.0 / dpi for v in size)  # type: ignore[return-value]


#: The deflate level of the PNGs (zlib-ng, a faster implementation of zlib's format: same
#: stream format, its own bytes): about 2% of the raw pixels for a card face or a TTS sheet of
#: faces, at a sixth of the time Pillow's encoder takes at level 6.
LEVEL = 3
#: A result larger than this share of the raw pixels is photographic (art): Pillow's encoder,
#: whose per-row filters suit it, is tried too and the smaller kept.
FLAT = 1 / 8


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """The RGB image as a lossless PNG with its resolution (what `render_pngs` gives)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    w, h = rgb.size
    return _png(w, h, memoryview(_scanlines(rgb)), dpi, lambda: rgb)


def _scanlines(image: Image.Image) -> bytes:
    """An RGB image's rows as PNG's unfiltered scanlines: each a zero byte, then its pixels."""
    pixels, row = image.tobytes(), 3 * image.size[0]
    return b"".join(b"\0" + pixels[y:y + row] for y in range(0, len(pixels), row))


def _png(w: int, h: int, rows: memoryview, dpi: float,
         image: Callable[[], Image.Image]) -> bytes:
    """A PNG of `h` rows of `w` RGB pixels, given as its unfiltered scanlines (each row a zero
    byte, then its pixels).

    Card faces and sheets are large areas of flat colour: unfiltered rows deflated at a low
    level compress them as well as Pillow's adaptive row filters at level 6 do, in a sixth of
    the time (those filters cost more than the compression itself); one deflate call over the
    whole buffer costs half what two calls a row did on a card face, for the same bytes.
    Photographic pixels (`FLAT`) are also given to Pillow (`image()`) and the smaller kept.
    The bytes depend only on the pixels, the resolution and zlib-ng's version."""
    return _encoded(w, h, zlib_ng.compress(rows, LEVEL), len(rows), dpi, image)


def _encoded(w: int, h: int, data: bytes, raw: int, dpi: float,
             image: Callable[[], Image.Image]) -> bytes:
    """The PNG of `_png` from its scanlines already deflated (`data`, from `raw` bytes)."""
    ppm = int(dpi / 0.0254 + 0.5)   # pixels per metre, as Pillow writes and reads them
    flat = b"".join((b"\x89PNG\r\n\x1a\n",
                     _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)),
                     _chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)),
                     _chunk(b"IDAT", data), _chunk(b"IEND", b"")))
    if len(data) <= FLAT * raw:
        return flat
    buf = io.BytesIO()
    image().save(buf, format="PNG", dpi=(dpi, dpi), compress_level=LEVEL)
    return min(flat, buf.getvalue(), key=len)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
