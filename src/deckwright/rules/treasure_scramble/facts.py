"""treasure-scramble's facts as data: zones, counts the project's rulings fix, card ids.

The numbers here are the project's reconstruction of the base game (rulings hand-size, quota,
big-release-three in cards/treasure-scramble.yaml); card facts (category, points, copies) are
read from the database, never retyped.
"""

from __future__ import annotations

from deckwright.engine import GameFacts, ZoneSpec
from deckwright.engine.phases import Phase, Phases

#: Field cells. Each placement opens a new slot: at most the 37 non-interrupt cards, plus one
#: more for each of the 4 Swaps (a swapped-out card may be placed again); 64 leaves room.
FIELD_SLOTS = 64
HAND_SIZE = 5          # ruling hand-size
QUOTA_PER_PLAYER = 4   # ruling quota
BIG_RELEASE_CARDS = 3  # ruling big-release-three
PLUNDER_CARDS = 2
MAP_CARDS = 2
CLAIRVOYANCE_SLOTS = 2

FACTS = GameFacts(
    game_id="treasure-scramble",
    min_players=2,
    max_players=4,
    zones=(ZoneSpec("deck", visibility="hidden"),
           ZoneSpec("hand", per_player=True, visibility="owner"),
           ZoneSpec("field", visibility="hidden", grid=(1, FIELD_SLOTS)),
           ZoneSpec("revealed", visibility="public"),
           ZoneSpec("declared", per_player=True, visibility="owner"),
           ZoneSpec("won", per_player=True, visibility="public", key="treasures"),
           ZoneSpec("discard", visibility="public")),
    max_decisions=3000,
    default_players=4,
    setup_keys=("phase", "field"),
)

GATHERING, SCRAMBLE = "gathering", "scramble"
#: 宝集め: the turn player places a card or uses magic; 争奪戦: they flip a field card. (A
#: card's choice is a prompt and a declaration a response window, whatever the phase.)
PHASES = Phases(Phase(GATHERING, "宝集めの手番では、1枚伏せるか魔法カードを1枚使う",
                      ("place", "use", "pass"), title="宝集め", rule="gathering-turn"),
                Phase(SCRAMBLE, "争奪戦の手番では場の伏せ札をめくる", ("flip",), title="争奪戦",
                      rule="scramble"))

# Card ids whose behaviour this module implements (the database is checked against them).
TIME_SKIP, SWAP, BIG_RELEASE = "time-skip", "swap", "big-release"
CLAIRVOYANCE, PLUNDER, TREASURE_MAP = "clairvoyance", "plunder", "treasure-map"
SUCTION, REFLECT, NULLIFY, FALSE_INFO = "suction", "reflect", "nullify", "false-info"
INTERRUPT_IDS = (SUCTION, REFLECT, NULLIFY, FALSE_INFO)
#: How each magic card used from hand names its target (its keys: the magic cards there are).
USE_TARGET = {TIME_SKIP: "player", PLUNDER: "player", SWAP: "slot", CLAIRVOYANCE: "slots",
              BIG_RELEASE: "none", TREASURE_MAP: "none"}

# The kinds of the choices effects ask (engine.Prompt(kind, player, arg)).
P_REFLECT, P_FI, P_SWAP_PICK, P_SWAP_GIVE = "reflect", "fi-target", "swap-pick", "swap-give"
P_KIND, P_PLUNDER = "release-kind", "plunder"

Target = tuple  # () | ("p", player) | ("f", slot, ...)


def slot_name(slot: int) -> str:
    return f"f{slot + 1}"


