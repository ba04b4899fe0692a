"""deckwright's own `.po` catalogs read at run time, and compiled in memory for gettext.

`make catalogs` writes the catalogs with Babel, and tests read them with Babel too; a run of
deckwright reads them here instead, so that a run imports and runs neither Babel's reader (nor
the `email` parser it reads the header with) nor `babel.support` (dates, numbers): what
deckwright needs of a catalog is small: each message's context, id, translations and
`fuzzy` flag, and the header's `Plural-Forms`. The compiled form is what Babel's `write_mo`
writes (fuzzy and untranslated messages left out, an empty plural form filled with the id),
read by the standard library's own `gettext.GNUTranslations`.
`tests/test_pofile.py` holds every bundled catalog to what Babel reads and compiles from it.
"""

from __future__ import annotations

import io
import re
import struct
from dataclasses import dataclass
from gettext import GNUTranslations
from pathlib import Path

_ESCAPE = re.compile(r'\\([\\trn"])')
_ESCAPES = {"\\": "\\", "t": "\t", "r": "\r", "n": "\n", '"': '"'}
_NPLURALS = re.compile(r"nplurals\s*=\s*(\d+)")


@dataclass(frozen=True)
class Message:
    """One entry: `id` and `string` are tuples for a message with plural forms, as in Babel."""

    context: str | None
    id: str | tuple[str, ...]
    string: str | tuple[str, ...]
    fuzzy: bool


def _unquote(text: str) -> str:
    return _ESCAPE.sub(lambda m: _ESCAPES[m.group(1)], text.strip()[1:-1])


def _nplurals(header: str) -> int:
    """The header's number of plural forms (2, Babel's default, when it names none)."""
    for line in header.splitlines():
        if line.lower().startswith("plural-forms:"):
            found = _NPLURALS.search(line)
            if found:
                return int(found.group(1))
    return 2


class _Entry:
    """The keywords of one entry as they are read, line by line."""

    def __init__(self, fuzzy: bool) -> None:
        self.fields: dict[str, list[str]] = {}
        self.fuzzy = fuzzy
        self.last: list[str] = []

    def message(self, nplurals: int) -> Message:
        def text(key: str) -> str:
            return "".join(self.fields.get(key, []))
        context = text("msgctxt") if "msgctxt" in self.fields else None
        if "msgid_plural" not in self.fields:
            return Message(context, text("msgid"), text("msgstr"), self.fuzzy)
        forms = [text(f"msgstr[{i}]") for i in range(nplurals)]
        return Message(context, (text("msgid"), text("msgid_plural")), tuple(forms), self.fuzzy)


def read(path: Path) -> tuple[str, list[Message]]:
    """(the header, the messages other than the header) of a catalog written by `make catalogs`;
    obsolete (`#~`) entries are left out, as Babel leaves them out of a catalog's messages."""
    entries: list[_Entry] = []
    entry: _Entry | None = None
    fuzzy = False   # the flags of the comments before the next entry
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#~"):
            continue
        if line.startswith("#"):
            if line.startswith("#,"):
                fuzzy = fuzzy or "fuzzy" in {f.strip() for f in line[2:].split(",")}
            continue
        if line.startswith('"'):
            if entry is not None:
                entry.last.append(_unquote(line))
            continue
        keyword, _, rest = line.partition(" ")
        if entry is None or keyword == "msgctxt" or (keyword == "msgid" and "msgid" in entry.fields):
            entry = _Entry(fuzzy)
            fuzzy = False
            entries.append(entry)
        entry.last = entry.fields.setdefault(keyword, [])
        entry.last.append(_unquote(rest))
    header = next(("".join(e.fields.get("msgstr", [])) for e in entries
                   if not "".join(e.fields.get("msgid", [])) and "msgctxt" not in e.fields), "")
    nplurals = _nplurals(header)
    messages = [e.message(nplurals) for e in entries]
    return header, [m for m in messages if m.id]


def compiled(header: str, messages: list[Message]) -> bytes:
    """The `.mo` bytes of a catalog, as Babel's `write_mo(..., use_fuzzy=False)` makes them."""
    pairs: list[tuple[bytes, bytes]] = [(b"", header.encode("utf-8"))]
    for m in messages:
        if not m.string or m.fuzzy:
            continue
        if isinstance(m.id, tuple):
            strings = [s or m.id[min(i, 1)] for i, s in enumerate(m.string)]
            key, value = "\x00".join(m.id), "\x00".join(strings)
        else:
            key, value = m.id, str(m.string)
        if m.context:
            key = f"{m.context}\x04{key}"
        pairs.append((key.encode("utf-8"), value.encode("utf-8")))
    pairs.sort()
    ids = b"".join(key + b"\x00" for key, _ in pairs)
    strs = b"".join(value + b"\x00" for _, value in pairs)
    keys_start = 7 * 4 + 16 * len(pairs)
    values_start = keys_start + len(ids)
    koffsets: list[int] = []
    voffsets: list[int] = []
    at_key = at_value = 0
    for key, value in pairs:   # (length, offset) of each id, then of each translation
        koffsets += [len(key), keys_start + at_key]
        voffsets += [len(value), values_start + at_value]
        at_key += len(key) + 1
        at_value += len(value) + 1
    table = struct.pack("Iiiiiii", 0x950412DE, 0, len(pairs), 7 * 4, 7 * 4 + len(pairs) * 8, 0, 0)
    return table + struct.pack(f"{len(koffsets + voffsets)}i", *(koffsets + voffsets)) + ids + strs


def translations(header: str, messages: list[Message]) -> GNUTranslations:
    """The catalog as the standard library's gettext object."""
    return GNUTranslations(io.BytesIO(compiled(header, messages)))
