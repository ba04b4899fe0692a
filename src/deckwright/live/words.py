"""The words of the live pages, in the game's language (deckwright's gettext catalogs).

The pages are static files with English text; each element that shows a word carries
`data-word="key"`, and the page swaps in `words[key]` from its first data answer. Sentences
with a value in them (`%(player)s decides.`) are formatted by the page, so the catalog holds
one message per sentence, not word fragments.
"""

from __future__ import annotations

from ..i18n import N_, words

PAGE_WORDS: dict[str, str] = {
    "decide": N_("Your decision"),
    "waiting": N_("Waiting for %(player)s"),
    "decides": N_("%(player)s decides."),
    "over": N_("Game over."),
    "winner": N_("Winner: %(player)s."),
    "scores": N_("Scores: %(scores)s."),
    "seats": N_("Seats: %(seats)s."),
    "undo": N_("Undo"),
    "restart": N_("Restart"),
    "withdraw": N_("Do not restart"),
    "asked": N_("A new game asked by %(players)s (everyone at the table must ask)."),
    "fixed": N_("A fixed deal (--seed): the same cards on every restart."),
    "facedown": N_("face down"),
    "after": N_("after: %(event)s"),
    "beginning": N_("the beginning of the game"),
    "record": N_("Save as example"),
    "from": N_("From decision"),
    "title": N_("Title"),
    "save": N_("Save"),
    "saved": N_("Saved %(id)s to %(file)s."),
    "log": N_("Log"),
    "you": N_("you"),
    "rulebook": N_("Rulebook"),
    "examples": N_("Examples"),
    "category": N_("Category"),
    "deck": N_("Deck"),
    "all": N_("all"),
    "backs": N_("backs"),
    "cards": N_("%(n)s card(s)"),
    "no-examples": N_("No examples."),
    "verified": N_("verified"),
    "failing": N_("failing"),
    "unverified": N_("unverified"),
}


def page_words(language: str) -> dict[str, str]:
    """Every page word in `language`, placeholders kept for the page to fill in."""
    _ = words(language)
    keep = {"player": "%(player)s", "scores": "%(scores)s", "seats": "%(seats)s",
            "id": "%(id)s", "file": "%(file)s", "n": "%(n)s", "players": "%(players)s",
            "event": "%(event)s"}
    return {key: _(message, **keep) for key, message in PAGE_WORDS.items()}
