"""super-page-one's event sentences and refusal reasons in English (`State.TRANSLATIONS["en"]`).

The Japanese originals are `EVENTS` in state.py and `REASONS` in refusals.py; the engine
words play, reverse and end in both languages and skip in English (engine/shared_events.py). The
English edition (cards/super-page-one.en.yaml) runs its examples with these, so an English
example's `reason:` is matched against the English reason. Card and effect names come from the
edition.
"""

EVENTS = {
    "deal": "{n} cards are dealt to each player and {card:card} is turned up on the pile.",
    "draw": "{p:player} draws {n}.",
    "take": "{p:player} takes the 2-draw and draws {n} (the turn ends).",
    "keep": "{p:player} keeps the drawn card and ends the turn.",
    "reshuffle": "The deck has run out; {n} cards are shuffled into a new deck.",
    "target": "{p:player} uses Seven Pass and names {q:player} to receive a card.",
    "activate": "{p:player}'s {card:card}: {name} takes effect.",
    "pass": "{p:player} lets the chance go.",
    "decline": "{p:player} does not use the effect of {card:card}.",
    "echo": "{p:player} echoes with {card:card}: the effect is doubled.",
    "cancel": "{p:player} cancels with {card:card}.",
    "revived": "The Jack's cancel is itself cancelled; the effect comes back.",
    "cancelled": "The effect of {card:card} is cancelled.",
    "pending": "The 2-draw grows to {n} cards.",
    "no-reverse": "With two players left, Reverse does nothing.",
    "give": "{p:player} gives {card:card} to {q:player}.",
    "discard": "{p:player} puts {card:card} in the discard zone.",
    "fizzle": "The effect of {card:card} has no hand to work on and does nothing.",
    "kick": "{p:player} shows {card:card}: King kick-back.",
    "kicked": "{p:player} takes {card:card} from the pile into hand.",
    "dobon": "{p:player} calls Dobon! (hand total {n} = {card:card} on the pile)",
    "revolution": "{p:player} calls Revolution!",
    "out": "{p:player} has played every card.",
    "finish": "{p:player} goes out in place {n}.",
    "lapse": "{p:player} has gone out, so the 2-draw lapses.",
}

REASONS = {
    "finished": "{p:player} has already gone out",
    "dobon-joker": "holding a Joker, you cannot call Dobon",
    "dobon-no-top": "the hand totals {total} and there is no number on the pile, so no Dobon",
    "dobon-total": "the hand totals {total}, not the pile's {number}, so no Dobon",
    "revolution-four": "there are not four cards of one number",
    "not-in-hand": "{card:card} is not in {p:player}'s hand",
    "kick-back-card": "only a King can kick back ({card:card} cannot)",
    "cancel-card": "only a Jack can cancel ({card:card} cannot)",
    "echo-card": "only a Queen can echo ({card:card} cannot)",
    "kick-revealed": "a King already shown cannot kick back again until it leaves the hand",
    "kick-own-card": "you cannot kick back a card you played yourself",
    "kick-last-card": "the pile holds only one card, so nothing can be taken",
    "kick-once": "the top card was taken by a kick-back once already and cannot be taken again",
    "cancel-before-target": "a Jack cannot cancel Seven Pass before its receiver is named "
                            "(the effect has not started)",
    "cancel-not-wild": "the effects of an 8 and of a Joker cannot be cancelled",
    "cancel-echo-first": "the Queen's echo comes first (this is not yet the time to cancel)",
    "cancel-nothing": "no special effect is under way to cancel",
    "echo-timing": "this is not the time to echo (no effect is waiting for one)",
    "echo-suit": "a Queen echoes only an effect of her own suit",
    "declare-not-now": "this is not a moment to declare that",
    "must-resolve": "an effect once started must be carried out to the end",
    "resolving": "an effect is being carried out; that decision cannot be made now",
    "drawn-only": "after drawing, only the drawn card may be played",
    "two-draw-pending": "under a 2-draw you must stack a 2 or draw",
    "no-match": "{card:card} matches neither the number nor the suit of {top:card} on the pile",
    "not-now": "that decision cannot be made now",
}
