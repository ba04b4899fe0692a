"""treasure-scramble's English for the event kinds it words its own way (deal, pass, take, ...):
`State.TRANSLATIONS["en"]`. The engine words the kinds every game shares (engine/shared_events.py);
a kind in neither reads in Japanese (state.py's EVENTS)."""

EVENTS = {
    "deal": "{n} cards are dealt to each player. The quota is {quota} cards.",
    "place": "{p:player} puts a card face down on {slot}.",
    "pass": "{p:player} has no card to put face down and does nothing.",
    "look": "{p:player} secretly looks at {slot}.",
    "swap": "{p:player} swaps the card on {slot} with one from hand.",
    "release": "The big release puts a card face down on {slot}.",
    "discard": "{p:player} discards {cards:cards}.",
    "cancelled": "{p:player}'s {card:card} is cancelled.",
    "nullify": "{p:player}'s nullify: every declaration after this is cancelled.",
    "take": "{p:player} gets {card:card}.",
    "end": "No face-down card is left on the table; the game is over.",
}
