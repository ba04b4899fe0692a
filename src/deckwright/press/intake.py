"""`deckwright preflight`: what each service's intake would reject or crop, before upload.

For each game and each service (press/services/*.yaml), every rule the service states is
checked by the function `CHECKS` names for its key: against the face plans (where the text and
the art are, which colours are used: nothing is drawn) and, when a build has written the
service's files, against those files read back (their pixel size, colour mode and dpi, a PDF's
output intent and fonts). A finding is `ok`, `note` (what the service will do that a designer
should know, e.g. a card padded onto a template) or `reject` (the service refuses or crops
it). A rule key no check knows is itself a finding, so a service's YAML cannot silently ask for
something nobody checks.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
import zlib
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Iterator

from .cards import GamePress
from .layout import MM
from .services import Rule, Service, services


@dataclass(frozen=True)
class Finding:
    game: str
    service: str
    check: str
    verdict: str      # ok | note | reject
    detail: str
    source: str

    def as_json(self) -> dict[str, str]:
        return asdict(self)


@dataclass(frozen=True)
class Subject:
    """What one game offers a service: its press, and where a build put its files."""

    press: GamePress
    service: Service
    folders: list[tuple[object, Path]]     # (deck, the deck's build folder)

    @property
    def game(self) -> str:
        return game_label(self.press)


def game_label(press: GamePress) -> str:
    """The game's id, and the language of an edition (super-page-one's English one)."""
    game = press.game
    return f"{game.id} ({game.language})" if game.edition else game.id


Check = Callable[[Subject, Rule], Iterator[tuple[str, str]]]


def _built(subject: Subject, name: Callable[[object, Path], Path]) -> list[tuple[object, Path]]:
    return [(deck, path) for deck, folder in subject.folders
            for path in [name(deck, folder)] if path.is_file()]


def _pod_file(subject: Subject) -> Callable[[object, Path], Path]:
    ext = "pdf" if subject.service.files == "pdf" else "zip"
    return lambda deck, folder: folder / "pod" / f"{deck.id}-{subject.service.export}.{ext}"


def _zip_images(path: Path) -> Iterator[tuple[str, object]]:
    from PIL import Image
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            if name.endswith(".png"):
                with Image.open(io.BytesIO(z.read(name))) as im:
                    yield name, im


#: An RGB colour operator in a content stream (`r g b rg`, `RG`).
_RGB_OPERATOR = re.compile(rb"(?:^|\s)(?:[-\d.]+\s+){3}(?:rg|RG)(?=\s|$)")


def _streams(data: bytes) -> Iterator[bytes]:
    """Every Flate stream of a PDF written without object streams (Ghostscript's PDF 1.3),
    inflated; a stream that is not Flate is skipped."""
    for m in re.finditer(rb"(?<!end)stream\r?\n", data):
        end = data.find(b"endstream", m.end())
        try:
            yield zlib.decompressobj().decompress(data[m.end():end])
        except zlib.error:
            continue


# --- the checks, one per rule key --------------------------------------------------------

def _templates(subject: Subject, rule: Rule) -> Iterator[tuple[str, str]]:
    """The card size on the service's templates, and the built images' (or pages') size."""
    fit = subject.service.fit(subject.press.size_mm)
    if fit.template is None:
        yield "reject", fit.reason
        return
    yield ("ok" if fit.exact else "note"), (
        f"{fit.template.name} template, {fit.template.pixels[0]}x{fit.template.pixels[1]} px"
        + ("" if fit.exact else f" ({fit.reason})"))
    want = fit.template.pixels
    for deck, path in _built(subject, _pod_file(subject)):
        if subject.service.files == "pdf":
            import pypdfium2 as pdfium
            doc = pdfium.PdfDocument(str(path))
            sizes = {tuple(round(v / 72 * 300) for v in doc[i].get_size()) for i in range(len(doc))}
            doc.close()
        else:
            sizes = {im.size for _, im in _zip_images(path)}
        bad = sorted(s for s in sizes if s != want)
        if bad:
            yield "reject", f"{path.name}: {bad[0][0]}x{bad[0][1]} px, not the template's {want[0]}x{want[1]}"


def _pad_max(subject: Subject, rule: Rule) -> Iterator[tuple[str, str]]:
    return iter(())   # read by `templates`


def _dpi(subject: Subject, rule: Rule) -> Iterator[tuple[str, str]]:
    if subject.service.files != "zip":
        yield "ok", f"vector pages, images at {rule.value} dpi or more"
        return
    for deck, path in _built(subject, _pod_file(subject)):
        for name, im in _zip_images(path):
            dpi = round(im.info.get("dpi", (0, 0))[0])
            if dpi != rule.value:
                yield "reject", f"{path.name}:{name}: {dpi} dpi, not {rule.value}"
                return
    yield "ok", f"{rule.value} dpi"


def _colour(subject: Subject, rule: Rule) -> Iterator[tuple[str, str]]:
    want = str(rule.value).lower()
    files = subject.service.files
    if files == "zip":
        for deck, path in _built(subject, _pod_file(subject)):
            for name, im in _zip_images(path):
                if im.mode not in ("RGB", "RGBA", "P"):
                    yield "reject", f"{path.name}:{name}: {im.mode}, the service takes {want.upper()}"
                    return
    elif files == "pdf":
        for deck, path in _built(subject, _pod_file(subject)):
            data = path.read_bytes()
            if b"/DeviceRGB" in data or any(_RGB_OPERATOR.search(s) for s in _streams(data)):
                yield "reject", f"{path.name}: RGB colour in a file the service wants in {want.upper()}"
                return
    yield "ok", want.upper() + (" (separated for SWOP coated, press/pdfx.py)" if want == "cmyk" else "")


def _bleed(subject: Subject, rule: Rule) -> Iterator[tuple[str, str]]:
    from .pod import SERVICES
    pod = SERVICES.get(subject.service.export)
    have = pod.bleed_mm if pod is not None else 0.0
    if have + 1e-6 < float(rule.value):
        yield "reject", f"{have:.2f} mm of bleed a side, the service asks for {rule.value:g} mm"
    else:
        yield "ok", f"{have:.2f} mm of bleed a side (asks {float(rule.value):.2f})"


def safe_zone_problems(press: GamePress, safe_mm: float, pad_mm: tuple[float, float] = (0.0, 0.0)
                       ) -> list[str]:
    """Every text or art of every face and back, from the face plans, that comes nearer the
    cut than `safe_mm` (a card padded onto a larger template is cut `pad_mm` further out)."""
    from .face import ink_box
    found = []
    seen: set[str] = set()
    for deck, _ in press.decks():
        for card in press.distinct(deck):
            for label, plan in ((card.id, press.face(card)), ("back of " + card.id, press.back(card))):
                if plan.key in seen:
                    continue
                seen.add(plan.key)
                w, h = plan.size
                for item in plan.items:
                    box = ink_box(item)
                    if box is None:
                        continue
                    near = min(box[0] + pad_mm[0] * MM, w - box[2] + pad_mm[0] * MM,
                               box[1] + pad_mm[1] * MM, h - box[3] + pad_mm[1] * MM) / MM
                    if near + 1e-6 < safe_mm:
                        what = "art" if item.image is not None else "text"
                        found.append(f"{label}: "
                                     f"{what} of region '{item.region.name}' {max(near, 0):.1f} mm "
                                     f"from the cut (safe zone {safe_mm:g} mm)")
    return found


def _safe(subject: Subject, rule: Rule) -> Iterator[tuple[str, str]]:
    fit = subject.service.fit(subject.press.size_mm)
    found = safe_zone_problems(subject.press, float(rule.value), fit.pad_mm)
    if found:
        more = f" (and {len(found) - 3} more)" if len(found) > 3 else ""
        yield "reject", "; ".join(found[:3]) + more
    else:
        yield "ok", f"every text and art {float(rule.value):.2f} mm or more inside the cut"


def _ink(subject: Subject, rule: Rule) -> Iterator[tuple[str, str]]:
    """Every colour the faces use, and their art, as `pdfx` separates them."""
    from .pdfx import Inks
    inks = Inks(float(rule.value))
    worst, where = 0.0, ""
    for deck, _ in subject.press.decks():
        for card in subject.press.distinct(deck):
            for plan in (subject.press.face(card), subject.press.back(card)):
                for item in plan.items:
                    for colour in [*item.fill, item.stroke, item.color if item.text else None]:
                        if colour and colour.startswith("#") and len(colour) == 7:
                            rgb = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
                            total = sum(inks.cmyk(rgb)) * 100
                            if total > worst:
                                worst, where = total, f"{colour} on {card.id}"
    verdict = "reject" if worst > float(rule.value) + 0.5 else "ok"
    yield verdict, (f"at most {worst:.0f}% total ink ({where}), limit {float(rule.value):g}% "
                    "(rich black held to it)")


def _pdfx(subject: Subject, rule: Rule) -> Iterator[tuple[str, str]]:
    for deck, path in _built(subject, _pod_file(subject)):
        data = path.read_bytes()
        if not (data.startswith(b"%PDF-1.3") and b"/GTS_PDFXVersion" in data
                and b"/OutputIntents" in data and b"/GTS_PDFX" in data):
            yield "reject", f"{path.name}: not {rule.value} (no GTS_PDFX output intent)"
            return
    yield "ok", f"{rule.value}:2001 made by Ghostscript, output intent CGATS TR 001"


def _fonts(subject: Subject, rule: Rule) -> Iterator[tuple[str, str]]:
    for deck, path in _built(subject, _pod_file(subject)):
        data = path.read_bytes()
        if b"/Font" in data and b"/FontFile" not in data:
            yield "reject", f"{path.name}: a font is not embedded"
            return
    yield "ok", "every font embedded as a subset"


def _info(subject: Subject, rule: Rule) -> Iterator[tuple[str, str]]:
    yield "ok", str(rule.value)


def _tts_sheets(subject: Subject) -> Iterator[dict]:
    from .tts import cell_pixels, sheet_shape, PER_SHEET
    built = _built(subject, lambda deck, folder: folder / "tts" / f"{deck.id}.json")
    if built:
        for deck, path in built:
            yield from json.loads(path.read_text(encoding="utf-8")).get("sheets", [])
        return
    w, h = (v * 72 / 25.4 for v in subject.press.size_mm)
    for deck, _ in subject.folders:
        count = subject.press.count(deck)
        for start in range(0, count, PER_SHEET):
            cols, rows = sheet_shape(min(PER_SHEET, count - start))
            cw, ch = cell_pixels(cols, rows, (w, h))
            yield {"width": cols, "height": rows, "pixels": [cols * cw, rows * ch]}


def _grid(subject: Subject, rule: Rule) -> Iterator[tuple[str, str]]:
    cols, rows = rule.value
    shapes = sorted({(s["width"], s["height"]) for s in _tts_sheets(subject)})
    bad = [s for s in shapes if s[0] > cols or s[1] > rows]
    yield ("reject", f"a sheet of {bad[0][0]}x{bad[0][1]} cards, TTS takes {cols}x{rows}") if bad \
        else ("ok", "sheets of " + ", ".join(f"{c}x{r}" for c, r in shapes) + f" (at most {cols}x{rows})")


def _max_px(subject: Subject, rule: Rule) -> Iterator[tuple[str, str]]:
    biggest = max((max(s["pixels"]) for s in _tts_sheets(subject)), default=0)
    yield ("reject" if biggest > int(rule.value) else "ok"), f"largest side {biggest} px (at most {rule.value})"


def _plain_text(subject: Subject, rule: Rule) -> Iterator[tuple[str, str]]:
    from .cgs import card_records
    marks = [(r["id"], r["text"]) for r in card_records(subject.press)
             if any(m in r["text"] for m in ("{", "}", "**"))]
    yield ("reject", f"{marks[0][0]}: markup in the text: {marks[0][1][:40]!r}") if marks \
        else ("ok", "card text in plain words (icons as their names)")


def _unique_names(subject: Subject, rule: Rule) -> Iterator[tuple[str, str]]:
    from collections import Counter
    from .cgs import card_records
    names = Counter((r["name"], r["set"]) for r in card_records(subject.press))
    twice = [n for n, k in names.items() if k > 1]
    yield ("reject", f"two cards named {twice[0][0]!r} in set {twice[0][1]}") if twice \
        else ("ok", "every card's name unique in its set")


def _printable(subject: Subject, rule: Rule) -> Iterator[tuple[str, str]]:
    from .sheet import Options, PAPERS, grid, mark_segments
    margin = float(rule.value) * MM
    for paper in PAPERS:
        g = grid(subject.press.size_mm, Options(paper=paper))
        W, H = g.page
        near = min((min(x0, x1, W - x0, W - x1, y0, y1, H - y0, H - y1)
                    for x0, y0, x1, y1 in mark_segments(g)), default=W)
        verdict = "reject" if near + 1e-6 < margin else "ok"
        yield verdict, (f"{paper}: {g.per_page} cards a page, crop marks {near / MM:.1f} mm or more "
                        f"from the paper's edge (printable from {rule.value:g} mm)")


#: The check of each rule key a service may state.
CHECKS: dict[str, Check] = {
    "templates": _templates, "pad_max_mm": _pad_max, "dpi": _dpi, "colour": _colour,
    "bleed_mm": _bleed, "safe_mm": _safe, "ink_limit": _ink, "pdfx": _pdfx,
    "fonts_embedded": _fonts, "page_order": _info, "grid": _grid, "max_px": _max_px,
    "plain_text": _plain_text, "unique_names": _unique_names, "printable_margin_mm": _printable,
}


def findings(press: GamePress, service: Service, build_dir: Path | None) -> list[Finding]:
    """Every finding of one service for one game; with `build_dir`, its files read back too."""
    from .targets import deck_dirs
    folders = deck_dirs(press, build_dir) if build_dir is not None else []
    subject = Subject(press, service, folders if build_dir is not None else
                      [(deck, Path("/nonexistent")) for deck, _ in press.decks()])
    out = []
    for key, rule in service.rules.items():
        check = CHECKS.get(key)
        if check is None:
            out.append(Finding(subject.game, service.id, key, "reject",
                               f"deckwright has no check for the rule {key!r}", rule.source))
            continue
        for verdict, detail in check(subject, rule):
            out.append(Finding(subject.game, service.id, key, verdict, detail, rule.source))
    return out


def run(presses: list[GamePress], wanted: list[str] | None, build_dir: Path | None) -> list[Finding]:
    known = services()
    chosen = [known[s] for s in wanted] if wanted else list(known.values())
    return [f for press in presses for service in chosen for f in findings(press, service, build_dir)]
