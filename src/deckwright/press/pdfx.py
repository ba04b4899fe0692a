"""PDF/X-1a:2001 for a print service that asks for it (DriveThruCards): CMYK only, an output
intent naming the CMYK characterisation the file was separated for, a limited total ink.

Two steps, each done by the tool made for it:

1. The faces are drawn by reportlab as for every other PDF, but on a `CMYKCanvas`: every
   colour and every image is separated into CMYK through littleCMS (Pillow's ImageCms) from
   sRGB to `PROFILE`, and then held to the service's total area coverage (TAC): where C+M+Y+K
   exceeds the limit, cyan, magenta and yellow are reduced in proportion and black kept, so a
   rich black stays black and dark, and no point of the sheet takes more ink than the press
   allows (DriveThruCards' 240%). Doing the separation here, not in Ghostscript, is what
   makes the ink limit possible: Ghostscript separates through the profile alone, which puts
   about 298% on a black.
2. Ghostscript's pdfwrite turns that PDF into PDF/X-1a:2001 (`-dPDFX`, PDF 1.3: no
   transparency, every font embedded, `GTS_PDFXVersion` and an `OutputIntent` of subtype
   `GTS_PDFX` carrying the profile), keeping the TrimBox and BleedBox of every page. DeviceCMYK
   passes through its CMYK colour conversion unchanged.

The profile is Ghostscript's own `default_cmyk.icc` ("Artifex CMYK SWOP Profile", Debian
package libgs-common, which `ghostscript` depends on), a characterisation of SWOP coated
printing, registered at color.org as CGATS TR 001: the condition DriveThruCards' own
instructions pick ("U.S. Web Coated (SWOP) v2"). Ghostscript's dates come from
SOURCE_DATE_EPOCH and it runs on fixed file names in a private folder, so equal input gives
equal bytes.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from reportlab.lib.colors import CMYKColor, toColor
from reportlab.pdfgen.canvas import Canvas

from ..model import UsageError
from .pdfstream import _object, _xref

PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")
PROFILE_NAME = "Artifex CMYK SWOP Profile"
CONDITION = "CGATS TR 001"   # SWOP coated, the ICC registry's reference name
CONDITION_TEXT = "SWOP (Publication) Grade 1 coated paper"
PDFX_VERSION = "PDF/X-1:2001"
PDFX_CONFORMANCE = "PDF/X-1a:2001"
#: What Ghostscript may take for one card PDF, in seconds (a whole deck takes about one).
TIMEOUT = 600


class Inks:
    """sRGB to the CMYK of `PROFILE`, held to `limit` percent total area coverage."""

    def __init__(self, limit: float):
        self.limit = limit

    @lru_cache(maxsize=4096)
    def cmyk(self, rgb: tuple[int, int, int]) -> tuple[float, float, float, float]:
        """One colour's inks as fractions 0..1, within the limit."""
        from PIL import Image
        c, m, y, k = self.separate(Image.new("RGB", (1, 1), rgb)).getpixel((0, 0))
        return (c / 255, m / 255, y / 255, k / 255)

    def separate(self, image):
        """An RGB(A) Pillow image as CMYK within the limit; transparent pixels over paper."""
        import numpy as np
        from PIL import Image, ImageCms
        if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
            rgba = image.convert("RGBA")
            paper = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
            image = Image.alpha_composite(paper, rgba)
        cmyk = ImageCms.applyTransform(image.convert("RGB"), _transform())
        inks = np.asarray(cmyk, dtype=np.float64)
        total = inks.sum(axis=2)
        cap = self.limit / 100 * 255
        over = total > cap
        if over.any():
            k = inks[..., 3]
            cmy = inks[..., :3].sum(axis=2)
            scale = np.where(over & (cmy > 0), (cap - k) / np.maximum(cmy, 1e-9), 1.0)
            inks[..., :3] *= np.clip(scale, 0.0, 1.0)[..., None]
            # floor, never round up past the limit
            inks = np.floor(inks)
        return Image.fromarray(inks.astype(np.uint8), "CMYK")


@lru_cache(maxsize=1)
def _transform():
    from PIL import ImageCms
    if not PROFILE.is_file():
        raise UsageError(f"{PROFILE}: the CMYK profile for PDF/X is missing; install the "
                         "Debian package ghostscript (it brings libgs-common)")
    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"),
                                   ImageCms.getOpenProfile(str(PROFILE)), "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)


def canvas_class(inks: Inks) -> type[Canvas]:
    """A reportlab Canvas that draws every colour and image in `inks`' CMYK."""

    class CMYKCanvas(Canvas):
        def _ink(self, colour: Any) -> Any:
            colour = toColor(colour)
            if isinstance(colour, CMYKColor):
                return colour
            rgb = tuple(max(0, min(255, round(v * 255))) for v in colour.rgb())
            return CMYKColor(*inks.cmyk(rgb))

        def setFillColor(self, aColor, alpha=None):  # noqa: N802, N803 - reportlab's names
            super().setFillColor(self._ink(aColor), alpha)

        def setStrokeColor(self, aColor, alpha=None):  # noqa: N802, N803
            super().setStrokeColor(self._ink(aColor), alpha)

        def setFillColorRGB(self, r, g, b, alpha=None):  # noqa: N802
            self.setFillColor((r, g, b), alpha)

        def setStrokeColorRGB(self, r, g, b, alpha=None):  # noqa: N802
            self.setStrokeColor((r, g, b), alpha)

        def drawImage(self, image, *args, mask=None, **kwargs):  # noqa: N802
            from PIL import Image
            from reportlab.lib.utils import ImageReader
            name = getattr(image, "fileName", image)
            with Image.open(name) as im:
                cmyk = inks.separate(im)
            return super().drawImage(ImageReader(cmyk), *args, mask=None, **kwargs)

    return CMYKCanvas


def _quote(text: str) -> str:
    """A PostScript string literal (UTF-16BE with BOM as hex for anything not plain ASCII)."""
    if text.isascii() and text.isprintable():
        return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"


def definition(title: str) -> str:
    """The PDF/X definition Ghostscript reads before the document (after its PDFX_def.ps):
    the version keys, the title, the profile as a stream and the output intent naming it."""
    return "\n".join([
        "%!",
        f"[ /GTS_PDFXVersion ({PDFX_VERSION}) /GTS_PDFXConformance ({PDFX_CONFORMANCE})",
        f"  /Title {_quote(title)} /Trapped /False /DOCINFO pdfmark",
        "[/_objdef {icc_PDFX} /type /stream /OBJ pdfmark",
        "[{icc_PDFX} << /N 4 >> /PUT pdfmark",
        f"[{{icc_PDFX}} {_quote(str(PROFILE))} (r) file /PUT pdfmark",
        "[/_objdef {OutputIntent_PDFX} /type /dict /OBJ pdfmark",
        "[{OutputIntent_PDFX} << /Type /OutputIntent /S /GTS_PDFX",
        f"  /OutputCondition ({CONDITION_TEXT}) /OutputConditionIdentifier ({CONDITION})",
        f"  /Info ({PROFILE_NAME}) /RegistryName (http://www.color.org)",
        "  /DestOutputProfile {icc_PDFX} >> /PUT pdfmark",
        "[{Catalog} << /OutputIntents [ {OutputIntent_PDFX} ] >> /PUT pdfmark",
        ""])


def ghostscript() -> str:
    gs = shutil.which("gs")
    if gs is None:
        raise UsageError("gs: Ghostscript is not installed; it makes the DriveThruCards PDF/X "
                         "file: install the Debian package ghostscript")
    return gs


@lru_cache(maxsize=1)
def _interpreter(gs: str) -> list[str]:
    """Ghostscript 10.00 and 10.01's new PDF interpreter drops the fonts' ToUnicode maps (the
    card names could no longer be searched or copied from the file); their legacy one keeps
    them. Later versions have only the new one, fixed."""
    done = subprocess.run([gs, "--version"], capture_output=True, text=True, check=False)
    try:
        version = tuple(int(p) for p in done.stdout.strip().split(".")[:2])
    except ValueError:
        return []
    return ["-dNEWPDF=false"] if (10, 0) <= version < (10, 2) else []


def repeat_pages(data: bytes, order: list[int]) -> bytes:
    """Ghostscript's PDF (classic xref, one flat page tree) with page `order[i]` (0-based)
    at position i: each distinct page is converted once and a later copy is a new page object
    with the same dictionary (content, resources, boxes), as pdfstream does for reportlab.
    Every other object is kept byte for byte under its own number."""
    start = int(re.search(rb"startxref\s+(\d+)", data[-200:]).group(1))
    trailer = data[data.index(b"trailer", start):]
    spans = _xref(data, start)
    root = int(re.search(rb"/Root (\d+) 0 R", trailer).group(1))
    pages_id = int(re.search(rb"/Pages (\d+) 0 R", _object(data, spans, root)).group(1))
    tree = _object(data, spans, pages_id)
    kids = [int(k) for k in re.findall(rb"(\d+) 0 R", re.search(rb"/Kids\s*\[([^\]]*)\]", tree).group(1))]
    out = bytearray(data[:min(off for off, _ in spans.values())])
    offsets: dict[int, int] = {}
    for num in sorted(spans, key=lambda n: spans[n][0]):
        if num != pages_id:
            offsets[num] = len(out)
            out += _object(data, spans, num) + b"\n"
    size = max(spans) + 1
    listed: list[int] = []
    seen: set[int] = set()
    for index in order:
        page = kids[index]
        if page in seen:   # a copy: the same dictionary under a new number
            body = _object(data, spans, page)
            offsets[size] = len(out)
            out += b"%d 0 obj" % size + body[body.index(b"obj") + 3:] + b"\n"
            page = size
            size += 1
        seen.add(page)
        listed.append(page)
    offsets[pages_id] = len(out)
    out += (b"%d 0 obj\n<< /Type /Pages /Kids [\n" % pages_id
            + b"\n".join(b"%d 0 R" % k for k in listed) + b"\n] /Count %d\n>>\nendobj\n" % len(listed))
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    out += b"".join(b"%010d 00000 n \n" % offsets[n] if n in offsets else b"0000000000 65535 f \n"
                    for n in range(1, size))
    rest = re.sub(rb"/Size \d+", b"/Size %d" % size, trailer[:trailer.index(b"startxref")])
    out += rest + b"startxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


def convert(source: Path, target: Path, title: str, order: list[int] | None = None) -> None:
    """Write `source` (a CMYK PDF from a `CMYKCanvas`) to `target` as PDF/X-1a:2001; with
    `order`, its pages repeated in that order (`repeat_pages`)."""
    gs = ghostscript()
    _transform()   # the profile is there
    with tempfile.TemporaryDirectory(prefix="deckwright-pdfx-") as scratch:
        work = Path(scratch)
        shutil.copyfile(source, work / "in.pdf")
        (work / "pdfx.ps").write_text(definition(title), encoding="ascii")
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "SOURCE_DATE_EPOCH": "0",
               "TZ": "UTC", "LC_ALL": "C"}
        command = [gs, "-q", "-dSAFER", f"--permit-file-read={PROFILE}", "-dBATCH",
                   "-dNOPAUSE", "-sDEVICE=pdfwrite", "-dPDFX", "-dCompatibilityLevel=1.3",
                   "-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK",
                   "-dEmbedAllFonts=true", "-dSubsetFonts=true", "-dAutoRotatePages=/None",
                   *_interpreter(gs), "-sOutputFile=out.pdf", "pdfx.ps", "in.pdf"]
        try:
            done = subprocess.run(command, cwd=work, env=env, capture_output=True,
                                  timeout=TIMEOUT, check=False)
        except subprocess.TimeoutExpired:
            raise UsageError(f"gs: no PDF/X after {TIMEOUT} s for {target.name}") from None
        if done.returncode != 0 or not (work / "out.pdf").is_file():
            said = (done.stderr or done.stdout).decode("utf-8", "replace").strip().splitlines()
            raise UsageError(f"gs: could not make PDF/X for {target.name}: "
                             f"{said[-1] if said else 'exit status %d' % done.returncode}")
        if order is None:
            shutil.move(work / "out.pdf", target)
        else:
            target.write_bytes(repeat_pages((work / "out.pdf").read_bytes(), order))
