"""Actions of super-page-one and their notation (`p1 plays s-5`, `p2 cancels d-j`, ...).

An action is a pair `(verb, arg)` of small ints: the verb code below and a card instance, a
player seat, or NONE. Every decision belongs to exactly one player: the turn player, the owner
of an effect being carried out, or the player a response window is asking.
"""

from __future__ import annotations

from ...engine.notation import Notation, Verb, bare, card, player
from ...engine.phases import Phase, Phases

PLAY, DRAW, KEEP, TARGET, ACTIVATE, DECLINE, GIVE, DISCARD = range(8)
ECHO, CANCEL, KICK, DOBON, REVOLUTION, PASS = range(8, 14)
NONE = -1

#: Declarations a player may make out of turn: their own conditions are checked first, so a
#: refusal names the rule ("ジョーカーを持っている") rather than only the timing.
ANYTIME = frozenset({ECHO, CANCEL, KICK, DOBON, REVOLUTION})

Action = tuple[int, int]

_CARD = card("hand", "discard")   # the copy in the hand, else in the field pile (a drawn card)
NOTATION = Notation(
    Verb("plays {card}", PLAY, card=_CARD),
    bare("draws", (DRAW, NONE)),
    bare("keeps", (KEEP, NONE)),
    Verb("targets {who}", TARGET, who=player()),
    bare("activates", (ACTIVATE, NONE)),
    bare("declines", (DECLINE, NONE)),
    Verb("gives {card}", GIVE, card=_CARD),
    Verb("discards {card}", DISCARD, card=_CARD),
    Verb("echoes {card}", ECHO, card=_CARD),
    Verb("cancels {card}", CANCEL, card=_CARD),
    Verb("kicks {card}", KICK, card=_CARD),
    bare("dobon", (DOBON, NONE)),
    bare("revolution", (REVOLUTION, NONE)),
    bare("passes", (PASS, NONE)),
)


#: What is being decided, and the reason ids (refusals.py) a phase gives for other decisions:
#: the turn player's turn, or the card just drawn; the player of a 7 naming the target (Q&A 1)
#: or of a 7 / 10 activating or declining; the owner carrying out an activated 7 / 10, one
#: card per decision, as far as the hand allows (Q&A 2); the Q echo and J cancel windows on an
#: activated effect, and the react window after the table settles (the package's docstring
#: says in what order they come and whom they ask).
_EFFECT = dict(otherwise="resolving")
PHASES = Phases(
    Phase("turn", opens=(PLAY, DRAW, DOBON, REVOLUTION, KICK)),
    Phase("drawn", opens=(PLAY, KEEP), refuses={PLAY: "drawn-only"}),
    Phase("activate", opens=(TARGET, ACTIVATE, DECLINE), refuses={CANCEL: "cancel-before-target"},
          **_EFFECT),
    Phase("give", opens=(GIVE,), refuses={DECLINE: "must-resolve"}, **_EFFECT),
    Phase("discard", opens=(DISCARD,), refuses={DECLINE: "must-resolve"}, **_EFFECT),
    Phase("q", opens=(PASS, ECHO), refuses={CANCEL: "cancel-echo-first"}, window=True, **_EFFECT),
    Phase("j", opens=(PASS, CANCEL), window=True, **_EFFECT),
    Phase("react", opens=(PASS, DOBON, REVOLUTION, KICK), window=True, **_EFFECT),
    Phase("over"),
)
