"""The shared notation's words, listed once: the setup and expectation keys every game knows
(docs/format.md), the shared verbs and prepositions of a step, and what each reads as.

The engine reads the keys (engine/setup.py, engine/expect.py); the rulebook prints the verbs'
sentences and the keys' labels (press/rulebook/labels.py, examples.py); all import them from
here. The sentences are deckwright's own words, English message ids (`N_`) that the game's
language catalog translates (i18n.py).
"""

from __future__ import annotations

from .i18n import N_

#: The keys an example's `setup:` may use in every game (a rules module adds its own).
SETUP_KEYS = ("players", "turn", "hands", "deck", "discard", "public", "scores", "options")
#: The keys an example's `expect:` may use in every game; `events` is read on its own.
EXPECT_KEYS = ("hands", "hand_sizes", "top", "turn", "direction", "scores", "winner", "over",
               "deck_size", "discard_size", "public")

#: Every shared key, and the shared zones and values, in deckwright's words.
KEY_LABELS = {
    "players": N_("Players"), "turn": N_("Turn"), "hands": N_("Hands"),
    "hand_sizes": N_("Hand sizes"), "deck": N_("Deck"), "discard": N_("Discard pile"),
    "top": N_("Top card"), "direction": N_("Direction of play"), "scores": N_("Scores"),
    "winner": N_("Winner"), "over": N_("Game over"), "deck_size": N_("Cards in the deck"),
    "discard_size": N_("Cards in the discard pile"), "public": N_("Face-up cards"),
    "events": N_("What happens"), "options": N_("Options"),
}
WORDS = {"clockwise": N_("clockwise"), "counterclockwise": N_("counterclockwise")}
SHARED: dict[str, str] = {**KEY_LABELS, **WORDS, "hand": N_("Hands")}

#: Prepositions of the shared notation: where their object goes (`moves X to Y` -> XをYへ動かす).
#: A game adds its own with a label holding 〜 for the object: `paying: 〜を支払って`.
PARTICLES: dict[str, str] = {
    "to": N_(" to %(what)s"), "on": N_(" on %(what)s"), "at": N_(" at %(what)s"),
    "as": N_(" as %(what)s"), "from": N_(" from %(what)s"),
    "against": N_(" against %(what)s"), "into": N_(" into %(what)s")}

#: The shared notation's common verbs with an object, as sentences; a game's own verbs are
#: its labels (press/rulebook/labels.py).
VERBS = {
    "plays": N_("%(who)s plays %(what)s."), "play": N_("%(who)s plays %(what)s."),
    "draws": N_("%(who)s draws %(what)s."), "draw": N_("%(who)s draws %(what)s."),
    "declares": N_("%(who)s declares %(what)s."), "calls": N_("%(who)s declares %(what)s."),
    "flips": N_("%(who)s turns over %(what)s."), "turns": N_("%(who)s turns over %(what)s."),
    "takes": N_("%(who)s takes %(what)s."), "discards": N_("%(who)s discards %(what)s."),
    "names": N_("%(who)s names %(what)s."), "chooses": N_("%(who)s chooses %(what)s."),
    "reveals": N_("%(who)s reveals %(what)s."), "attacks": N_("%(who)s attacks %(what)s."),
    "gives": N_("%(who)s gives %(what)s."), "counters": N_("%(who)s counters %(what)s."),
    "places": N_("%(who)s places %(what)s."), "moves": N_("%(who)s moves %(what)s."),
    "activates": N_("%(who)s uses %(what)s."), "uses": N_("%(who)s uses %(what)s."),
    "returns": N_("%(who)s returns %(what)s."), "vanishes": N_("%(who)s removes %(what)s."),
    "shuffles": N_("%(who)s shuffles %(what)s."),
}
#: The verbs that take `to PLACE` (`moves X to Y`).
TO_VERBS = {
    "moves": N_("%(who)s moves %(what)s to %(where)s."),
    "gives": N_("%(who)s gives %(what)s to %(where)s."),
    "places": N_("%(who)s places %(what)s on %(where)s."),
    "returns": N_("%(who)s returns %(what)s to %(where)s."),
}
#: Verbs without an object.
BARE_VERBS = {"passes": N_("%(who)s passes."), "pass": N_("%(who)s passes."),
              "draws": N_("%(who)s draws from the deck."), "draw": N_("%(who)s draws from the deck."),
              "ends": N_("%(who)s ends the turn."), "shuffles": N_("%(who)s shuffles the deck.")}
