"""Actions of super-page-one and their notation (`p1 plays s-5`, `p2 cancels d-j`, ...).

An action is a pair `(verb, arg)` of small ints: the verb code below and a card instance, a
player seat, or NONE. Every decision belongs to exactly one player: the turn player, the owner
of an effect being carried out, or the player a response window is asking.
"""

from __future__ import annotations

PLAY, DRAW, KEEP, TARGET, ACTIVATE, DECLINE, GIVE, DISCARD = range(8)
ECHO, CANCEL, KICK, DOBON, REVOLUTION, PASS = range(8, 14)
NONE = -1

#: verb code -> the word in the notation, and whether it takes a card, a player or nothing.
VERBS: dict[int, tuple[str, str]] = {
    PLAY: ("plays", "card"), DRAW: ("draws", ""), KEEP: ("keeps", ""),
    TARGET: ("targets", "player"), ACTIVATE: ("activates", ""), DECLINE: ("declines", ""),
    GIVE: ("gives", "card"), DISCARD: ("discards", "card"), ECHO: ("echoes", "card"),
    CANCEL: ("cancels", "card"), KICK: ("kicks", "card"), DOBON: ("dobon", ""),
    REVOLUTION: ("revolution", ""), PASS: ("passes", ""),
}
WORDS = {word: (code, arg) for code, (word, arg) in VERBS.items()}

#: Declarations a player may make out of turn: their own conditions are checked first, so a
#: refusal names the rule ("ジョーカーを持っている") rather than only the timing.
ANYTIME = frozenset({ECHO, CANCEL, KICK, DOBON, REVOLUTION})

Action = tuple[int, int]


def usage() -> str:
    return ("expected 'pN plays|gives|discards|echoes|cancels|kicks CARD', 'pN targets pM' or "
            "'pN draws|keeps|activates|declines|dobon|revolution|passes'")
