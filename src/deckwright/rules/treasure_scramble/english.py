"""treasure-scramble's event sentences in English for the event kinds the games share (deal,
draw, pass, take, ...): `State.TRANSLATIONS["en"]`. The game keeps Japanese (state.py's
EVENTS); a kind missing here is printed in Japanese."""

EVENTS = {
    "deal": "{n} cards are dealt to each player. The quota is {quota} cards.",
    "draw": "{p:player} draws {n} from the deck.",
    "place": "{p:player} puts a card face down on {slot}.",
    "pass": "{p:player} has no card to put face down and does nothing.",
    "skip": "{p:player}'s turn is skipped.",
    "look": "{p:player} secretly looks at {slot}.",
    "swap": "{p:player} swaps the card on {slot} with one from hand.",
    "release": "The big release puts a card face down on {slot}.",
    "discard": "{p:player} discards {cards:cards}.",
    "cancelled": "{p:player}'s {card:card} is cancelled.",
    "nullify": "{p:player}'s nullify: every declaration after this is cancelled.",
    "take": "{p:player} gets {card:card}.",
    "end": "No face-down card is left on the table; the game is over.",
    "win": "{p:player} wins with {points} points.",
}
