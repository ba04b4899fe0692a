"""How the reader's edition names copies of a card.

An example's data tells copies apart by number (`gilbia-flame-swordsman#2`), and the proof
prints that as it is (「ギルビアの炎剣術士」（2枚目）). A reader does not know which copy is the
second: the reader's edition names a copy by its card's name alone, and only where one example
names two copies of the same card does it tell them apart, in words a reader can follow: where
the example's setup puts each (「P2の自陣3の「オーバークラウド・ゴーレム」」). Copies the setup
does not place apart (four in one warehouse) are counted instead where they go together
(「星渡り」3枚) and the rest named as the other ones (もう1枚の「星渡り」), see examples.py.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Iterator

from ...model import Example

#: A numbered copy inside any text of an example (its steps, say lines, setup and outcome).
COPY_RE = re.compile(r"(?<![A-Za-z0-9_-])([a-z][a-z0-9-]*)#(\d+)")


def copies_named(example: Example, end_state: Any, cards: Any) -> dict[str, list[str]]:
    """Card id -> its numbered copies the example names anywhere, in order of first mention,
    for the cards of which it names two or more (the ones a reader must tell apart)."""
    steps = [s if isinstance(s, str) else s.model_dump() for s in example.steps]
    text = json.dumps([example.setup, steps,
                       example.expect, end_state, example.text], ensure_ascii=False, default=str)
    found: dict[str, list[str]] = {}
    for m in COPY_RE.finditer(text):
        if m.group(1) in cards:
            refs = found.setdefault(m.group(1), [])
            if m.group(0) not in refs:
                refs.append(m.group(0))
    return {card: refs for card, refs in found.items() if len(refs) > 1}


def _placed(setup: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], str]]:
    """(keys leading to it, reference) for every card reference a setup holds."""
    if isinstance(setup, dict):
        for key, value in setup.items():
            yield from _placed(value, path + (str(key),))
    elif isinstance(setup, list):
        for value in setup:
            yield from _placed(value, path)
    elif isinstance(setup, str):
        yield path, setup


def places(example: Example, told_apart: dict[str, list[str]],
           where: Callable[[tuple[str, ...]], tuple[str, str] | None]) -> dict[str, tuple[str, str]]:
    """Reference -> whose place and which the setup puts it in (`where(keys)`: ("P2", "自陣3"),
    or None for keys that are no place), for each copy to tell apart whose place no other copy
    of its card shares."""
    spots: dict[str, tuple[str, ...]] = {}
    for path, ref in _placed(example.setup or {}):
        if ref.split("#")[0] in told_apart and "#" in ref:
            spots[ref] = path
    out: dict[str, tuple[str, str]] = {}
    for ref, path in spots.items():
        card = ref.split("#")[0]
        shared = [r for r, p in spots.items() if p == path and r.split("#")[0] == card]
        said = where(path) if len(shared) == 1 else None
        if said:
            out[ref] = said
    return out
