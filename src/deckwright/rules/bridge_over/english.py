"""bridge-over's English for the event kinds it words its own way (deal, pass, stalemate, ...):
`State.TRANSLATIONS["en"]`. The engine words the kinds every game shares (engine/shared_events.py);
a kind in neither reads in Japanese (state.py's EVENTS)."""

EVENTS = {
    "deal": "{n} cards are dealt to each player and {card:card} is turned up as the top card.",
    "nullify": "The attack is nullified.",
    "release": "{p:player} releases {card:card}.",
    "pass": "{p:player} ends the turn.",
    "stalemate": "No one can move, so the round ends with no one out.",
    "penalty": "{p:player} scores {n} penalty points.",
}
