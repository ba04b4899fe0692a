"""ghost-couple's English for the event kinds it words its own way (deal, draw, end, ...):
`State.TRANSLATIONS["en"]`. The engine words the kinds every game shares (engine/shared_events.py);
a kind in neither reads in Japanese (state.py's EVENTS)."""

EVENTS = {
    "deal": "25 cards are laid out with the centre one face up, and {n} cards are dealt to each player.",
    "draw": "{p:player} draws a card from the deck.",
    "place": "The deck is empty, so {p:player} puts a card from hand face down on space {cell}.",
    "take": "{p:player} takes the couple {a:card} and {b:card}.",
    "decline": "{p:player} turns over no further card.",
    "return": "{p:player} puts a card from hand back face down on space {cell}.",
    "skip": "{q:player}'s next turn is skipped.",
    "reshuffle": "{p:player} shuffles {n} cards from hand into the deck and draws {n} again.",
    "look": "{p:player} looks at {q:player}'s hand.",
    "swap": "{p:player} puts {card:card} from hand in the centre and takes {old:card} into hand.",
    "end": "{p:player} ends the turn.",
    "out": "The turn passes with {p:player}'s hand empty, so the game ends; {p:player} emptied "
           "a hand first and scores +{n}.",
    "stalemate": "The deck is empty and no card has moved for a whole round, so the game ends.",
}
