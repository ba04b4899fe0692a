"""`cgs/<game>.zip`: a custom game for Card Game Simulator (CGS), the open-source table.

CGS reads a game from a folder (FinolDigital.Cgs.Json specification): `cgs.json` names the game
and its card size in inches, `AllCards.json` lists the cards with their properties, `AllSets.json`
the sets, `sets/<set>/<card-id>.png` is each face, `CardBack.png` the default back and
`backs/<id>.png` the others (a card lists its back in `backs`), and `decks/<deck>.txt` each deck
as `<copies> [<card-id>] <name> (<set>)` lines. The zip holds that folder; unzip it into CGS's
`games/` folder. Nothing is downloaded (`autoUpdate: -1`): every file is in the zip.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Callable, Iterator

from ..i18n import words
from .cards import GamePress
from .rulebook.markup import plain_words
from .face import Plan
from .pod import _images, write_zip
from .tts import plain_back

INCH = 25.4
DEFAULT_SET = "cards"


def folder_name(title: str, fallback: str) -> str:
    """The game's name as a folder name: no path separators or characters Windows refuses."""
    name = re.sub(r'[\\/:*?"<>|\x00-\x1f]', "", title).strip(" .")
    return name or fallback


def _text(card) -> str:
    if card.text:
        return card.text
    return "\n".join(f"{e.name + ': ' if e.name else ''}{e.text}" for e in card.effects)


def cards_of(press: GamePress) -> list:
    """Every card of every deck of the game, once, in deck order."""
    cards, seen = [], set()
    for deck, _sub in press.decks():
        for card in press.distinct(deck):
            if card.id not in seen:
                seen.add(card.id)
                cards.append(card)
    return cards


def default_set(press: GamePress) -> str:
    """The set a card without one belongs to: the database's first set (CGS's setCodeDefault)."""
    sets = press.game.db.game.sets
    return sets[0].id if sets else DEFAULT_SET


def _names(press: GamePress, cards: list) -> dict[str, str]:
    """Each card's name as CGS lists it: its own, or, where cards of one set share a name
    (super-page-one's four "0"s), the name with its colours, then with its id."""
    palette = press.game.db.game.palette
    home = default_set(press)

    def key(card, name):
        return (name, card.set or home)
    names = {c.id: c.name for c in cards}
    for extra in (lambda c: "/".join(palette[k].name for k in c.colors if k in palette), lambda c: c.id):
        counts = Counter(key(c, names[c.id]) for c in cards)
        for c in cards:
            if counts[key(c, names[c.id])] > 1 and extra(c):
                names[c.id] = f"{names[c.id]} ({extra(c)})"
    return names


def card_records(press: GamePress) -> list[dict]:
    """AllCards.json: id, name (unique in its set), set, and the card's properties in plain
    words (`plain_words`: no markup, an icon as what it says)."""
    g = press.game.db.game
    cards = cards_of(press)
    default_back = press.back_key(cards[0]) if cards else ""
    names = _names(press, cards)
    _ = words(press.game.language)
    records = []
    for card in cards:
        rec = {"id": card.id, "name": names[card.id], "set": card.set or default_set(press),
               "category": next((c.title for c in g.categories if c.id == card.category), ""),
               "text": plain_words(_text(card), g.palette, _)}
        key = press.back_key(card)
        if key != default_back:
            rec["backs"] = [key]
        records.append(rec)
    return records


def export(press: GamePress, target: Path, tick: Callable[[int], None] = lambda n: None) -> Path:
    """Write the zip of a CGS game folder holding every card of every deck of the game."""
    game = press.game
    g = game.db.game
    name = folder_name(g.title, game.id)
    cards = cards_of(press)
    first = cards[0]
    default_back = press.back_key(first)
    back_keys = sorted({press.back_key(c) for c in cards} - {default_back})
    records = card_records(press)
    names = {r["id"]: r["name"] for r in records}
    w, h = press.size_mm
    spec = {
        "name": name,
        "autoUpdate": -1,
        "cardSize": {"x": round(w / INCH, 4), "y": round(h / INCH, 4)},
        "cardImageFileType": "png",
        "cardBackImageFileType": "png",
        "cardIdIdentifier": "id",
        "cardNameIdentifier": "name",
        "cardSetIdentifier": "set",
        "cardNameIsUnique": False,
        "cardPrimaryProperty": "text",
        "cardProperties": [{"name": "category", "type": "string"},
                           {"name": "text", "type": "string"}],
        "deckFileType": "txt",
        "deckFileTxtId": "id",
        "setCodeDefault": default_set(press),
        "cardBackFaceImageUrls": [{"id": k} for k in back_keys],
        "copyright": g.credit or g.title,
    }
    used = {r["set"] for r in records}
    sets = [{"code": s.id, "name": s.title} for s in g.sets if s.id in used]
    sets += [{"code": s, "name": s} for s in sorted(used - {s.id for s in g.sets})]

    def js(value) -> bytes:
        return (json.dumps(value, ensure_ascii=False, indent=2) + "\n").encode("utf-8")

    def entries() -> Iterator[tuple[str, bytes]]:
        yield f"{name}/cgs.json", js(spec)
        yield f"{name}/AllCards.json", js(records)
        yield f"{name}/AllSets.json", js(sets)
        for deck, _sub in press.decks():
            lines = [f"{n} [{cid}] {names[cid]} ({game.cards[cid].set or default_set(press)})"
                     for cid, n in game.deck_contents(deck).items()]
            yield f"{name}/decks/{folder_name(deck.title, deck.id)}.txt", (
                "\n".join(lines) + "\n").encode("utf-8")
        faces: list[tuple[str, Callable[[], Plan]]] = [
            (f"{name}/sets/{c.set or default_set(press)}/{c.id}.png", lambda c=c: press.face(c))
            for c in cards]
        for item in _images(press, faces, 0.0):
            tick(1)
            yield item
        backs: list[tuple[str, Callable[[], Plan]]] = [
            (f"{name}/CardBack.png", lambda: plain_back(press, first))]
        by_key = {press.back_key(c): c for c in cards}
        backs += [(f"{name}/backs/{k}.png", lambda c=by_key[k]: press.back(c)) for k in back_keys]
        yield from _images(press, backs, 0.0)

    write_zip(target, entries())
    return target
