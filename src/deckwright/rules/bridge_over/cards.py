"""bridge-over's card facts as columns, and the action codes of its notation.

Every fact here is read from `cards/bridge-over.yaml` once per game (`BridgeOver.prepare`):
a card's effect kind comes from `stats.effect` (number cards have none), its colours from
`colors`, its number from `rank`, its points from `points` and the size of a draw attack from
`stats.draws`. Nothing about a particular card is typed in Python; only the *kinds* of effect
are, because they are what the rules module implements.
"""

from __future__ import annotations

from typing import Any

from ...engine import Catalogue

#: The colour keys of the palette, in the order the colour bit masks use.
COLOURS = ("red", "blue", "yellow", "green")
ALL_COLOURS = 0b1111

# --- effect kinds (stats.effect) -----------------------------------------------------------------
KINDS = ("number", "fifteen", "skip", "reverse", "escort", "chain", "draw-2", "shot-draw-2",
         "direct", "wild", "wild-plus-1", "wild-draw-3", "wild-direct-draw-5", "wild-number-chain",
         "bind", "block", "through", "reflect", "curse", "haunted-shield", "reset", "search",
         "clear", "amplify", "all-draw-1", "almighty")
(NUMBER, FIFTEEN, SKIP, REVERSE, ESCORT, CHAIN, DRAW2, SHOT, DIRECT, WILD, PLUS1, WD3, WDD5, WNC,
 BIND, BLOCK, THROUGH, REFLECT, CURSE, HAUNTED, RESET, SEARCH, CLEAR, AMPLIFY, ADO,
 ALMIGHTY) = range(len(KINDS))
KIND_OF = {name: i for i, name in enumerate(KINDS)}

# --- categories (game.categories) ----------------------------------------------------------------
CATEGORIES = ("number", "action", "wild", "defence", "discard", "public", "almighty")
C_NUMBER, C_ACTION, C_WILD, C_DEFENCE, C_DISCARD, C_PUBLIC, C_ALMIGHTY = range(len(CATEGORIES))

PASS_ON_KINDS = frozenset({DRAW2, SHOT})
#: Kinds whose player names a colour after playing (besides every wild and Almighty).
NAMING_KINDS = frozenset({FIFTEEN, DIRECT})
#: Kinds a Chain may carry: single-colour cards that are neither wild nor dual.
CHAIN_KINDS = frozenset({NUMBER, SKIP, REVERSE, ESCORT, CHAIN, DRAW2, SHOT})

# --- action codes -------------------------------------------------------------------------------
# 0..N-1: play card instance i (onto the discard, in front of a player, or as an answer).
DISCARD_BASE = 1000   # + i: use a defence card as a discard on one's own turn
ALMIGHTY_BASE = 2000  # + kind: play Almighty as that kind
NAME_BASE = 3000      # + colour index
CHOOSE_BASE = 3100    # + 0 skip / 1 reverse / 2 onward (Direct, Wild Direct Draw 5)
TARGET_BASE = 3200    # + seat
TAKE_BASE = 4000      # + i: the card Search takes from the discard
RELEASE_BASE = 5000   # + i: release a Clear or Amplify in front of oneself
DRAW, PASS, STOP, ACCEPT, REDRAW, KEEP = -1, -2, -3, -4, -5, -6
CHOICES = ("skip", "reverse", "onward")
VERBS = {DRAW: "draws", PASS: "passes", STOP: "stops", ACCEPT: "accepts", REDRAW: "redraws",
         KEEP: "keeps"}

# --- what a card offers as the turn's card (Facts.turn_table) --------------------------------------
T_NO = -1       # a number or action card that follows neither colour, number nor name
T_ESCORT = -2   # an Escort that follows: playable only if an addition can follow it
T_OTHER = -3    # wild, defence, discard, public and Almighty cards: rules apart from the top


def _mask(colours: list[str]) -> int:
    mask = 0
    for key in colours:
        if key in COLOURS:
            mask |= 1 << COLOURS.index(key)
    return mask


class Facts:
    """Per-instance fact columns (tuples indexed by card instance), built once per game."""

    def __init__(self, cat: Catalogue, palette: dict[str, str]):
        def stat(card: Any, key: str, default: Any) -> Any:
            return card.stats.get(key, default)

        self.kind = cat.column(lambda c: KIND_OF[stat(c, "effect", "number")])
        self.cat = cat.column(lambda c: CATEGORIES.index(c.category))
        self.mask = cat.column(lambda c: _mask(c.colors))
        #: the colour index of a single-colour card, -1 for dual, wild and colourless cards
        self.colour = cat.column(lambda c: COLOURS.index(c.colors[0]) if len(c.colors) == 1 else -1)
        self.rank = cat.column(lambda c: c.rank if isinstance(c.rank, int) else -1)
        self.draws = cat.column(lambda c: int(stat(c, "draws", 0) or 0))
        self.hand_points = tuple(cat.points(i, "hand") for i in range(len(cat)))
        self.public_points = tuple(cat.points(i, "public") for i in range(len(cat)))
        #: what "same number or same name" compares: the number of a number card, 100 + kind
        #: for an action card, and a value nothing equals for every other card
        self.key = tuple(self.rank[i] if self.cat[i] == C_NUMBER
                         else 100 + self.kind[i] if self.cat[i] == C_ACTION else -2 - i
                         for i in range(len(cat)))
        #: kinds present in this deck -> (category, draw count) of their first card: what an
        #: Almighty standing in for that kind behaves as.
        kinds: dict[int, tuple[int, int]] = {}
        for i in range(len(cat)):
            kinds.setdefault(self.kind[i], (self.cat[i], self.draws[i]))
        self.kinds = kinds
        #: what Almighty may stand for: every kind in the game but number and public cards
        #: (All Draw 1 included in the exclusion: project ruling almighty-scope)
        self.almighty_kinds = tuple(sorted(
            k for k, (c, _) in kinds.items() if c not in (C_NUMBER, C_PUBLIC, C_ALMIGHTY)))
        self.has_ado = ADO in kinds
        #: how the log names a card: 赤の5, 黄/緑の15, Wild (one colour of a wild is not named)
        self.label = cat.column(
            lambda c: c.name if not c.colors or len(c.colors) == 4
            else "/".join(palette.get(k, k) for k in c.colors) + "の"
            + ("" if c.name[:1].isdigit() else " ") + c.name)
        #: a kind's card name, its key for a kind this deck lacks (Almighty "as" a kind is
        #: logged with it)
        names = {self.kind[i]: cat.card(i).name for i in reversed(range(len(cat)))}
        self.kind_label = tuple(names.get(k, key) for k, key in enumerate(KINDS))
        #: colour in force -> top card's key -> `turn_table(colour, key)`, filled as met
        self.turn_tables: tuple[dict[int, tuple[int, ...]], ...] = tuple(
            {} for _ in COLOURS)

    def turn_table(self, colour: int, top_key: int) -> tuple[int, ...]:
        """What each card instance offers as the turn's card while colour `colour` is in
        force and the top card's key is `top_key`: the instance itself when it follows (a
        number or action card of that colour, or of the top's number or name), `T_ESCORT` for
        an Escort that follows, `T_NO` for a number or action card that does not, `T_OTHER`
        for every other category. Made once per pair and game (tables are shared, never
        changed), so a turn's legal actions read one entry per card in hand instead of
        testing its colour, number and name at every decision."""
        tables = self.turn_tables[colour]
        table = tables.get(top_key)
        if table is None:
            # keys below -1 (a wild or other card on top) are no number or action card's key:
            # every such top shares the table of -2
            key = max(top_key, -2)
            table = tables.get(key)
            if table is None:
                bit = 1 << colour
                table = tables[key] = tuple(
                    T_OTHER if self.cat[c] > C_ACTION
                    else T_NO if not (self.mask[c] & bit or self.key[c] == key)
                    else T_ESCORT if self.kind[c] == ESCORT else c
                    for c in range(len(self.cat)))
            tables[top_key] = table
        return table
