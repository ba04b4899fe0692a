"""bridge-over's event sentences in English for the event kinds the games share (deal, draw,
play, pass, ...): `State.TRANSLATIONS["en"]`. The game keeps Japanese (state.py's EVENTS); a
kind missing here is printed in Japanese."""

EVENTS = {
    "deal": "{n} cards are dealt to each player and {card:card} is turned up as the top card.",
    "play": "{p:player} plays {card:card}.",
    "skip": "{p:player}'s turn is skipped.",
    "reverse": "The direction of play turns round.",
    "nullify": "The attack is nullified.",
    "draw": "{p:player} draws {n} from the deck.",
    "discard": "{p:player} discards {card:card}.",
    "release": "{p:player} releases {card:card}.",
    "reshuffle": "The discard pile is shuffled into a new deck.",
    "pass": "{p:player} ends the turn.",
    "out": "{p:player} goes out.",
    "stalemate": "No one can move, so the round ends with no one out.",
    "penalty": "{p:player} scores {n} penalty points.",
}
