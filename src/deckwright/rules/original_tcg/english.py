"""original-tcg's English for the event kinds it words its own way (deal, draw, pass, end, ...):
`State.TRANSLATIONS["en"]`. The engine words the kinds every game shares (engine/shared_events.py);
a kind in neither reads in Japanese (state.py's EVENTS)."""

EVENTS = {
    "deal": "Both players start with 5 cards of forces and 5 cards in hand.",
    "draw": "{p:player} draws a card from support.",
    "activate": "{p:player} activates {eff} of {card:card}.",
    "pass": "{p:player} does not counter.",
    "end": "{p:player} declares the end of the turn.",
    "win": "{card:card} wins the battle.",
    "penalty": "{card:card} gets a modifier of +0/+0/-{x}.",
    "return": "{card:card} goes back to its own camp.",
}
