"""deckwright's own words in the game's language: gettext catalogs.

Every word deckwright itself prints (rulebook headings, face labels, the calibration page, the
engine's shared refusals, the balance report) is an English message id marked with `_()` in
Python or `{% trans %}` / `_()` in templates, extracted into `locale/deckwright.pot` and
translated in `locale/<lang>/LC_MESSAGES/deckwright.po` (`make catalogs` refreshes them).

The `.po` files are read at run time, once per process and language (`lru_cache`), and compiled
into the standard library's gettext object in memory (`pofile`): there is no compiled `.mo`
that could fall out of step with the `.po` a translator edits. A language without a catalog, or a message its catalog leaves
empty, falls back to English; `missing(lang)` lists what is not translated, for `check`.
Right-to-left scripts are out of scope.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from gettext import NullTranslations
from pathlib import Path
from typing import Any

from . import pofile
from .pofile import Message

DOMAIN = "deckwright"
LOCALE_DIR = Path(__file__).parent / "locale"
#: The language of the message ids, and the fallback of every other language.
SOURCE = "en"


def N_(message: str) -> str:
    """Marks a message for extraction where it is defined; it is translated where it is used."""
    return message


def normalise(tag: str) -> str:
    """A BCP 47 tag as the catalog folder is named: `ja-JP` -> `ja_JP`, `EN` -> `en`. A tag
    written as one of deckwright's catalog folders is named (`make catalogs` names them as
    Babel does, which a test checks) is that name without asking Babel, whose import and
    locale data were a few percent of `check`."""
    if tag in _catalog_names():
        return tag
    from babel import Locale, UnknownLocaleError
    try:
        return str(Locale.parse(tag.replace("-", "_")))
    except (UnknownLocaleError, ValueError):
        return tag.replace("-", "_").lower()


@lru_cache(maxsize=1)
def _catalog_names() -> frozenset[str]:
    return frozenset(p.name for p in LOCALE_DIR.iterdir() if p.is_dir())


def _candidates(tag: str) -> list[str]:
    """Catalog names to try for a tag, most specific first: `pt_BR`, then `pt`."""
    name = normalise(tag)
    out = [name]
    if "_" in name:
        out.append(name.split("_", 1)[0])
    return out


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@lru_cache(maxsize=None)
def catalog(tag: str) -> tuple[str, list[Message]] | None:
    """(header, messages) of the `.po` catalog that serves a language tag, or None when there
    is none."""
    for name in _candidates(tag):
        path = po_path(name)
        if path.is_file():
            return pofile.read(path)
    return None


@lru_cache(maxsize=None)
def translations(tag: str) -> NullTranslations:
    """The gettext object of a language, falling back to English, then to the message ids."""
    chain: list[NullTranslations] = []
    for name in dict.fromkeys([tag, SOURCE]):
        cat = catalog(name)
        if cat is not None:
            chain.append(pofile.translations(*cat))
    if not chain:
        return NullTranslations()
    first = chain[0]
    for other in chain[1:]:
        first.add_fallback(other)
    return first


class Words:
    """deckwright's words in one language: `_ = Words("ja")`; `_("Rules")`,
    `_("%(n)s cards", n=3)`, `_.ngettext("%(num)d point", "%(num)d points", 6)`."""

    def __init__(self, language: str):
        self.language = language
        self._t = translations(language)

    def __call__(self, message: str, **args: Any) -> str:
        """Like Jinja's new-style gettext, a message is always a %-format: a literal % is
        written %% in every message, with or without arguments."""
        return self._t.gettext(message) % args

    def ngettext(self, singular: str, plural: str, count: int, **args: Any) -> str:
        """A message with a count (`%(num)d` is the count)."""
        return self._t.ngettext(singular, plural, count) % {"num": count, **args}

    def pgettext(self, context: str, message: str, **args: Any) -> str:
        """A message whose translation depends on where it is used (`stat`: yes/no of a card's
        value reads あり/なし in Japanese, where an answer reads はい/いいえ)."""
        return self._t.pgettext(context, message) % args

    def npgettext(self, context: str, singular: str, plural: str, count: int,
                  **args: Any) -> str:
        """A message with a count whose translation depends on where it is used."""
        return self._t.npgettext(context, singular, plural, count) % {"num": count, **args}

    def join(self, items: list[str]) -> str:
        """Items as the language lists them: `A, B` in English, `A・B` in Japanese."""
        # TRANSLATORS: the separator between the items of a short list
        return self(", ").join(items)

    def sort_key(self, text: str) -> str:
        """The index's sort order: gojūon for Japanese (katakana folded to hiragana), otherwise
        case- and accent-folded alphabetical; numbers by their value (`numbers_in_order`)."""
        text = unicodedata.normalize("NFKC", text)
        if self.is_japanese:
            text = text.lower()
            return numbers_in_order(
                "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in text))
        folded = unicodedata.normalize("NFKD", text.casefold())
        return numbers_in_order("".join(c for c in folded if not unicodedata.combining(c)))

    @property
    def between_sentences(self) -> str:
        """What sets two sentences apart in running text: nothing in Japanese or Chinese, whose
        full stop is full-width, a space elsewhere."""
        return "" if self.base in ("ja", "zh") else " "

    def ended(self, sentence: str) -> str:
        """`sentence` with a full stop if it has none: the engine's event sentences are log
        lines (「P2 の手札公開: 反射, 偽情報」), and a book runs them into the next sentence,
        where a missing stop reads 「偽情報次は P1 の番」."""
        if not sentence.strip() or sentence.rstrip().rstrip(CLOSERS)[-1:] in STOPS:
            return sentence
        return sentence.rstrip() + ("。" if self.base in ("ja", "zh") else ".")

    @property
    def is_japanese(self) -> bool:
        return self.base == "ja"

    @property
    def base(self) -> str:
        """The language without its region or script: `ja` for `ja-JP`."""
        return normalise(self.language).split("_")[0]


_DIGITS = re.compile(r"[0-9]+")
#: What ends a sentence: full stops, question and exclamation marks, also inside the closing
#: brackets and quotation marks (`CLOSERS`) after them (「…。」, "(…!)").
STOPS = frozenset("。．.!?！？")
CLOSERS = "」』）)\"'”’"


def numbers_in_order(key: str) -> str:
    """`key` with each run of digits padded to twelve, so that an index lists 2 before 10 and
    ♦9 before ♦10 (spelt order put bridge-over's 10 and 15 between 1 and 2)."""
    return _DIGITS.sub(lambda m: m.group().zfill(12), key)


@lru_cache(maxsize=None)
def words(language: str) -> Words:
    return Words(language)


def missing(language: str) -> list[str]:
    """Message ids a language does not translate (all of them when it has no catalog); English
    never misses any, being the language of the ids."""
    if normalise(language).split("_")[0] == SOURCE:
        return []
    cat = catalog(language)
    done = {(m.context, m.id) for m in cat[1] if _translated(m)} if cat else set()
    return [m.id if isinstance(m.id, str) else m.id[0]
            for m in catalog_template() if (m.context, m.id) not in done]


def _translated(message: Any) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return not message.fuzzy and all(strings)


@lru_cache(maxsize=1)
def catalog_template() -> list[Message]:
    """The messages of `locale/deckwright.pot`: every message deckwright marks."""
    return pofile.read(LOCALE_DIR / f"{DOMAIN}.pot")[1]


def install(env: Any, language: str) -> None:
    """Give a Jinja environment (with jinja2.ext.i18n) the language's words: `{% trans %}`,
    `_()` and `ngettext()` in templates."""
    env.install_gettext_translations(translations(language), newstyle=True)
