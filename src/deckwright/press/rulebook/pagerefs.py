"""Page numbers that cite other pages (contents, card index, "what this edition filled in"),
laid out once instead of three times.

The stylesheet prints them with `target-counter(attr(href), page)`. WeasyPrint lays out a page
holding one with the number unknown ("0"), learns the number once the target's page is laid
out, and lays the page out again; and because it also compares the page's counters, whose
`pages` total is 0 in the first pass and the real count afterwards, it lays every such page
out a third time (`formatting_structure/build.py` `compute_content_list` rebinds its list of
missing local counters to the target's, so `page` counts as a local counter of the citing box,
and `layout/page.py` `make_page`, step 2, flags the page whenever its page counters changed).
In a rulebook that is the contents and the last pages (the fills and the index).

So the stylesheet given to WeasyPrint for the PDF has each `target-counter(attr(href), page)`
replaced by a placeholder of three digits between word joiners; the book is laid out once, the
page of every anchor is read from the laid-out pages, and each placeholder's text is replaced by
its number before the PDF is drawn. Three digits are as wide as any page number of a book under
a thousand pages, so the first pass reserves enough room: nothing is broken differently. A
shorter number leaves a gap that is closed: after a leader (`leader(". ")` in the contents and
the index) the number keeps its right edge and the dots run up to it; in running text the rest
of the line moves left. The stylesheet written beside the HTML keeps `target-counter()` (a
browser ignores it inside `@media print`), and any other form of `target-counter()` a project
writes is left to WeasyPrint.

This reads and edits WeasyPrint's laid-out boxes (`Page._page_box`, a text box's `text`,
`pango_layout` and `width`), which are not a public API: the tests read the printed numbers and
their positions back from the PDF, so a WeasyPrint that changes them fails there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

#: What WeasyPrint lays out in place of a page number (U+2060 WORD JOINER, zero width, keeps
#: the digits on the line with what surrounds them)
MARK = "\u2060000\u2060"
_CSS_MARK = b'"\\2060 000\\2060 "'
_TARGET_COUNTER = re.compile(rb"target-counter\(\s*attr\(\s*href\s*\)\s*,\s*page\s*\)")


def late_bound(css: bytes) -> bytes:
    """The stylesheet for the PDF: every `target-counter(attr(href), page)` a placeholder."""
    return _TARGET_COUNTER.sub(lambda _: _CSS_MARK, css)


def anchor_pages(pages: list[Any]) -> dict[str, int]:
    """anchor name -> 1-based number of the first page it is on (what target-counter says)."""
    found: dict[str, int] = {}
    for number, page in enumerate(pages, 1):
        for name in page.anchors:
            found.setdefault(name, number)
    return found


@dataclass
class Filled:
    """What `fill` did: how many numbers it printed, and the links it could not resolve."""

    numbers: int = 0
    warnings: list[str] = field(default_factory=list)


def fill(document: Any) -> Filled:
    """Print the page numbers into the placeholders of a laid-out WeasyPrint document."""
    from weasyprint.document import Page

    pages_of = anchor_pages(document.pages)
    done = Filled()
    for index, page in enumerate(document.pages):
        box = page._page_box
        if _fill_box(box, [], pages_of, done):
            # links, anchors and bookmarks are read from the boxes: read them again
            document.pages[index] = Page(box)
    return done


def _fill_box(box: Any, path: list[Any], pages_of: dict[str, int], done: Filled) -> bool:
    """Fill every placeholder under `box` (`path`: its ancestors); True if any was filled."""
    changed = False
    text = getattr(box, "text", None)
    if text is not None:
        if MARK in text:
            _fill_text(box, path, pages_of, done)
            changed = True
        return changed
    path.append(box)
    for child in list(getattr(box, "children", ())):
        changed |= _fill_box(child, path, pages_of, done)
    path.pop()
    return changed


def _fill_text(box: Any, path: list[Any], pages_of: dict[str, int], done: Filled) -> None:
    from weasyprint.text.line_break import split_first_line

    href = box.element.get("href", "") if box.element is not None else ""
    number = pages_of.get(href[1:]) if href.startswith("#") else None
    if number is None:
        done.warnings.append(f"page number of a link to {href!r}: no such anchor")
    else:
        done.numbers += 1
    text = box.text.replace(MARK, "" if number is None else str(number))
    layout, _, _, width, _, _ = split_first_line(
        text or " ", box.style, None, None, box.justification_spacing)
    delta = width - box.width
    box.text, box.pango_layout, box.width = text or " ", layout, width
    line = _line_of(path)
    leader = _leader_before(line, box) if line is not None else None
    if leader is not None:
        box.translate(dx=-delta)          # keep the right edge the leader ran up to
        _extend_leader(leader, box.position_x)
    elif line is not None:
        _shift_after(line, path, box, delta)


def _line_of(path: list[Any]) -> Any:
    from weasyprint.formatting_structure.boxes import LineBox

    for ancestor in reversed(path):
        if isinstance(ancestor, LineBox):
            return ancestor
    return None


def _leader_before(line: Any, target: Any) -> Any:
    """The leader box of `line` that comes before `target`, if there is one."""
    leader = None
    for box in line.descendants():
        if box is target:
            return leader
        if getattr(box, "is_leader", False):
            leader = box
    return None


def _extend_leader(leader: Any, end: float) -> None:
    """Dots of the leader up to `end`: drop those that would overlap, add those a narrower
    number leaves room for (on the same grid, so dots line up from line to line)."""
    dots = sorted((d for d in leader.children if d.position_x + d.width <= end + 1e-6),
                  key=lambda d: d.position_x)
    if dots:
        last = dots[-1]
        while last.position_x + 2 * last.width <= end + 1e-6:
            last = last.copy()
            last.position_x += last.width
            dots.append(last)
        leader.width = dots[-1].position_x + dots[-1].width - leader.position_x
    leader.children = tuple(dots)


def _shift_after(line: Any, path: list[Any], target: Any, delta: float) -> None:
    """Move what follows `target` on its line by `delta`; widen the boxes that hold it."""
    chain = path[path.index(line):] + [target]
    for parent, child in zip(chain, chain[1:]):
        after = False
        for sibling in parent.children:
            if after and sibling.is_in_normal_flow():
                sibling.translate(dx=delta)
            after = after or sibling is child
        if parent is not line:
            parent.width += delta
