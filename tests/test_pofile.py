"""deckwright's own catalog reader says what Babel says of every bundled catalog: the same
messages, translations and fuzzy flags, and the same words from the compiled catalog."""

from __future__ import annotations

import io
from gettext import GNUTranslations
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from deckwright import i18n, pofile

CATALOGS = sorted(i18n.LOCALE_DIR.glob("**/*.po*"))


def babel(path: Path, locale: str | None = None) -> list[pofile.Message]:
    """What Babel reads from a catalog, as `pofile` says it."""
    if locale is None and path.suffix == ".po":
        locale = path.parent.parent.name
    with path.open("rb") as fh:
        catalog = read_po(fh, locale=locale)
    return [pofile.Message(m.context, m.id if isinstance(m.id, str) else tuple(m.id),
                           m.string if isinstance(m.string, str) else tuple(m.string), m.fuzzy)
            for m in catalog if m.id]


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.name if p.suffix == ".pot" else p.parent.parent.name)
def test_every_bundled_catalog_reads_as_babel_reads_it(path: Path) -> None:
    assert sorted(pofile.read(path)[1], key=repr) == sorted(babel(path), key=repr)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_compiled_words_are_babels(lang: str) -> None:
    path = i18n.po_path(lang)
    with path.open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    theirs, ours = Translations(fp=buf), pofile.translations(*pofile.read(path))
    for m in catalog:
        if not m.id:
            continue
        if isinstance(m.id, str):
            if m.context:
                assert ours.pgettext(m.context, m.id) == theirs.pgettext(m.context, m.id)
            else:
                assert ours.gettext(m.id) == theirs.gettext(m.id)
        else:
            for n in (0, 1, 2, 5):
                assert ours.ngettext(m.id[0], m.id[1], n) == theirs.ngettext(m.id[0], m.id[1], n)
    assert ours.plural(2) == theirs.plural(2) and ours.plural(1) == theirs.plural(1)


def test_fuzzy_untranslated_multiline_and_escapes(tmp_path: Path) -> None:
    po = tmp_path / "x.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
        '"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        '#, fuzzy, python-format\nmsgid "a"\nmsgstr "A"\n\n'
        'msgid "b"\nmsgstr ""\n\n'
        'msgctxt "stat"\nmsgid "c"\nmsgstr ""\n"C\\n"\n"\\"q\\""\n\n'
        'msgid "%(num)d x"\nmsgid_plural "%(num)d xs"\nmsgstr[0] "one"\nmsgstr[1] ""\n\n'
        '#~ msgid "old"\n#~ msgstr "OLD"\n', encoding="utf-8")
    assert sorted(pofile.read(po)[1], key=repr) == sorted(babel(po, "en"), key=repr)
    words = pofile.translations(*pofile.read(po))
    assert (words.gettext("a"), words.gettext("b"), words.pgettext("stat", "c")) == (
        "a", "b", 'C\n"q"')
    assert (words.ngettext("%(num)d x", "%(num)d xs", 1),
            words.ngettext("%(num)d x", "%(num)d xs", 3)) == ("one", "%(num)d xs")
    assert words.gettext("old") == "old"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_compiled_bytes_are_babels(lang: str) -> None:
    """Byte for byte the `.mo` Babel's `write_mo` makes (its header aside, which Babel
    rewrites), so gettext reads the same catalog."""
    path = i18n.po_path(lang)
    with path.open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    catalog.header_comment = ""
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    header, messages = pofile.read(path)
    theirs = GNUTranslations(io.BytesIO(buf.getvalue()))
    ours = GNUTranslations(io.BytesIO(pofile.compiled(header, messages)))
    assert ours._catalog.keys() == theirs._catalog.keys()
    assert {k: v for k, v in ours._catalog.items() if k} == {
        k: v for k, v in theirs._catalog.items() if k}


@pytest.mark.parametrize("name", sorted(p.name for p in i18n.LOCALE_DIR.iterdir() if p.is_dir()))
def test_a_catalog_folder_is_named_as_babel_names_its_language(name: str) -> None:
    """`i18n.normalise` takes a tag written as a catalog folder's name as it is, without
    asking Babel: Babel must say the same of it (and of its other spellings, which it is
    still asked about)."""
    from babel import Locale
    assert str(Locale.parse(name)) == name == i18n.normalise(name)
    assert i18n.normalise(name.upper()) == name
