"""A PDF written page by page: reportlab draws chunks of pages, which are appended to the file.

reportlab keeps a whole document in memory until `save()`. To keep peak memory flat however
many cards a deck has, pages are drawn into a fresh canvas per chunk of `CHUNK_PAGES` pages;
each finished chunk is serialised by reportlab, its objects are renumbered and appended to the
output file, and the chunk is dropped. Only the page object numbers and the byte offsets (two
integers per object) stay in memory. Each chunk embeds its own font subset, the price of
streaming. Within a chunk a face is drawn once as a form XObject and placed at every slot,
and a page that repeats (`page`, a card's printed copies) is drawn once and its page object
copied, sharing its content stream.

reportlab's output is simple and regular (classic xref table, no object streams), which is
what the merge relies on; `close()` writes one page tree, catalog, info and xref.
"""

from __future__ import annotations

import io
from array import array
import re
from pathlib import Path
from typing import BinaryIO, Callable, Hashable

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from . import fonts

rl_config.useA85 = 0  # plain Flate streams: ASCII85 only makes files a quarter larger

CHUNK_PAGES = 64
_REF = re.compile(rb"(\d+) 0 R")
_STREAM = re.compile(rb">>\s*stream\r?\n")


def _pdf_string(text: str) -> bytes:
    """A PDF text string (UTF-16BE with BOM), safe for any title."""
    return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode() + b">"


class StreamingPDF:
    """Draw pages with `canvas`, finish each with `end_page`, then `close`."""

    def __init__(self, out: BinaryIO, pagesize: tuple[float, float], title: str = "",
                 chunk_pages: int | None = None, canvas: type[Canvas] = Canvas):
        self.out = out
        self.canvas_class = canvas   # pdfx.canvas_class: every colour in CMYK
        self.pagesize = pagesize
        self.title = title
        self.chunk_pages = chunk_pages or CHUNK_PAGES
        # byte offset of object 4, 5, ... (written in that order) and the page object numbers:
        # compact arrays, the only state that grows with the document
        self.offsets = array("q")
        self.pages = array("q")
        self.next_id = 4  # 1: page tree, 2: catalog, 3: info
        self.pos = 0
        self._write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        self._canvas: Canvas | None = None
        self._buffer: io.BytesIO | None = None
        self._in_chunk = 0
        self.forms: set[str] = set()
        # the chunk's pages in output order, as indexes of the pages reportlab drew, and the
        # index each repeatable page's key was drawn as (see `page`)
        self._order: list[int] = []
        self._keyed: dict[Hashable, int] = {}
        self._drawn = 0

    # --- drawing ---------------------------------------------------------------------------
    @property
    def canvas(self) -> Canvas:
        if self._canvas is None:
            self._buffer = io.BytesIO()
            self._canvas = self.canvas_class(self._buffer, pagesize=self.pagesize, invariant=1,
                                  pageCompression=1, initialFontName=fonts.register("gothic"))
            self.forms = set()
        return self._canvas

    def form(self, name: str, bbox: tuple[float, float, float, float],
             draw: Callable[[Canvas], None]) -> str:
        """Define a form XObject once per chunk (drawn by `draw` in its own coordinates)."""
        c = self.canvas
        if name not in self.forms:
            c.beginForm(name, *bbox)
            draw(c)
            c.endForm()
            self.forms.add(name)
        return name

    def end_page(self) -> None:
        self.canvas.showPage()
        self._order.append(self._drawn)
        self._drawn += 1
        self._in_chunk += 1
        if self._in_chunk >= self.chunk_pages:
            self._flush()

    def page(self, key: Hashable, draw: Callable[[Canvas], None]) -> None:
        """A page `draw` fills, the same for every page of this `key`: drawn once per chunk,
        and each later page of the key in the chunk is a copy of its page object that shares
        its content stream (a deck's copies of a card cost a few bytes each, not a page that
        reportlab draws and writes again)."""
        if key in self._keyed:
            self._order.append(self._keyed[key])
            self._in_chunk += 1
            if self._in_chunk >= self.chunk_pages:
                self._flush()
            return
        draw(self.canvas)
        self._keyed[key] = self._drawn
        self.end_page()

    def _flush(self) -> None:
        if self._canvas is None:
            return
        self._canvas.save()
        assert self._buffer is not None
        data = self._buffer.getvalue()
        order = self._order
        self._canvas = self._buffer = None
        self._in_chunk = self._drawn = 0
        self._order, self._keyed = [], {}
        if self.pages or data:
            self._append(data, order)

    # --- merging ---------------------------------------------------------------------------
    def _write(self, data: bytes) -> None:
        self.out.write(data)
        self.pos += len(data)

    def _append(self, data: bytes, order: list[int]) -> None:
        """Renumber one chunk's objects and append them; its pages join the one page tree in
        `order` (indexes of the pages drawn), a page listed again as a copy of its object."""
        start = int(re.search(rb"startxref\s+(\d+)", data[-200:]).group(1))
        offsets = _xref(data, start)
        trailer = data[start:]
        root = int(re.search(rb"/Root (\d+) 0 R", trailer).group(1))
        info_m = re.search(rb"/Info (\d+) 0 R", trailer)
        info = int(info_m.group(1)) if info_m else -1
        root_obj = _object(data, offsets, root)
        pages_id = int(re.search(rb"/Pages (\d+) 0 R", root_obj).group(1))
        kids = re.search(rb"/Kids \[([^\]]*)\]", _object(data, offsets, pages_id)).group(1)
        mapping = {pages_id: 1}
        for num in sorted(offsets):
            if num not in (root, info, pages_id):
                mapping[num] = self.next_id
                self.next_id += 1

        def renumber(m: re.Match[bytes]) -> bytes:
            return b"%d 0 R" % mapping[int(m.group(1))]

        written: dict[int, bytes] = {}
        for num in sorted(offsets):
            if num in (root, info, pages_id):
                continue
            body = _object(data, offsets, num)
            body = body[body.index(b"obj") + 3:]
            split = _STREAM.search(body)
            head, tail = (body[:split.start()], body[split.start():]) if split else (body, b"")
            written[num] = _REF.sub(renumber, head) + tail + b"\n"
            self._object(mapping[num], written[num])
        drawn = [int(k) for k in _REF.findall(kids)]
        seen: set[int] = set()
        for index in order:
            page = drawn[index]
            if page in seen:   # a repeat: the same dictionary (contents, resources, boxes)
                self._object(self.next_id, written[page])
                self.pages.append(self.next_id)
                self.next_id += 1
            else:
                seen.add(page)
                self.pages.append(mapping[page])

    def _object(self, number: int, body: bytes) -> None:
        assert number == len(self.offsets) + 4  # objects are appended in number order
        self.offsets.append(self.pos)
        self._write(b"%d 0 obj" % number + body)

    def close(self) -> int:
        """Finish the file; returns the number of pages."""
        self._flush()
        w, h = self.pagesize
        final = [self.pos]
        self._write(b"1 0 obj\n<< /Type /Pages /Count %d /MediaBox [ 0 0 %s %s ] /Kids [\n"
                    % (len(self.pages), _num(w), _num(h)))
        for start in range(0, len(self.pages), 1000):
            self._write(b" ".join(b"%d 0 R" % p for p in self.pages[start:start + 1000]) + b"\n")
        self._write(b"] >>\nendobj\n")
        final.append(self.pos)
        self._write(b"2 0 obj\n<< /Type /Catalog /Pages 1 0 R >>\nendobj\n")
        final.append(self.pos)
        self._write(b"3 0 obj\n<< /Producer (deckwright with ReportLab) /Title " +
                    _pdf_string(self.title) + b" >>\nendobj\n")
        xref = self.pos
        count = self.next_id
        self._write(b"xref\n0 %d\n0000000000 65535 f \n" % count)
        self._write(b"".join(b"%010d 00000 n \n" % off for off in final))
        for start in range(0, len(self.offsets), 1000):
            self._write(b"".join(b"%010d 00000 n \n" % off
                                 for off in self.offsets[start:start + 1000]))
        self._write(b"trailer\n<< /Size %d /Root 2 0 R /Info 3 0 R >>\nstartxref\n%d\n%%%%EOF\n"
                    % (count, xref))
        return len(self.pages)


def _num(v: float) -> bytes:
    return (b"%.4f" % v).rstrip(b"0").rstrip(b".")


def _xref(data: bytes, start: int) -> dict[int, tuple[int, int]]:
    """Object number -> (start, end) byte span, from a classic xref table."""
    lines = data[start:].split(b"\n")
    offsets: dict[int, int] = {}
    i = 1
    while i < len(lines) and not lines[i].startswith(b"trailer"):
        first, count = (int(x) for x in lines[i].split()[:2])
        for k in range(count):
            entry = lines[i + 1 + k].split()
            if entry[2] == b"n":
                offsets[first + k] = int(entry[0])
        i += 1 + count
    ordered = sorted(offsets.items(), key=lambda item: item[1])
    ends = [off for _, off in ordered[1:]] + [start]
    return {num: (off, end) for (num, off), end in zip(ordered, ends)}


def _object(data: bytes, spans: dict[int, tuple[int, int]], num: int) -> bytes:
    start, end = spans[num]
    body = data[start:end].rstrip()
    if not body.endswith(b"endobj"):
        raise ValueError(f"unexpected PDF object {num} from reportlab")
    return body


def write_pdf(path: Path, pagesize: tuple[float, float], title: str,
              draw_pages: Callable[[StreamingPDF], None], canvas: type[Canvas] = Canvas) -> int:
    """Open `path` (a temporary file from deckwright.atomic) and stream pages into it."""
    with open(path, "wb") as fh:
        pdf = StreamingPDF(fh, pagesize, title, canvas=canvas)
        draw_pages(pdf)
        return pdf.close()
