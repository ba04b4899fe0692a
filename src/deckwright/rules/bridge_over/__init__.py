"""bridge-over: the rules module (see cards/bridge-over.yaml for the cards, rules and rulings).

One engine state is one round: a real game deals 7 cards each and flips the first number card;
the round ends when a player empties their hand (or nobody can move: ruling `stalemate`).
`scores()` are penalty points (lower is better), added to any `scores:` an example starts with,
so a match of several rounds is the sum of rounds; `returns()` are their negatives.

## Notation (every decision is `pN <verb> ...`)

| step | decision |
|---|---|
| `p1 plays red-5#1` | play a card: onto the discard, as an addition (Escort, Chain, Wild +1, Wild Number Chain), in front of a player (public cards), or as an answer to an attack (pass-on with Draw 2 / Shot Draw 2, a defence card) |
| `p1 plays almighty as wild-draw-3` | play Almighty as the named kind (`stats.effect` of the database) |
| `p1 discards block#1` | use a defence card as a discard on one's own turn |
| `p1 names red` | name a colour (wild cards, Direct, 15, Almighty) |
| `p1 chooses skip` / `reverse` / `onward` | Direct and Wild Direct Draw 5's turn option |
| `p1 targets p3` | Shot Draw 2's and Curse's chosen player |
| `p1 stops` | end the additions of a Chain, Wild +1 or Wild Number Chain, or end releasing |
| `p1 draws` / `p1 passes` | draw one card (once a turn; a bound player's only action) / end the turn after drawing |
| `p2 accepts` | take the attack (draw and lose the turn, or take the Bind) |
| `p1 redraws` / `p1 keeps` | Reset: redraw five cards or not |
| `p1 takes blue-7#1` | the card Search takes from the discard |
| `p1 releases clear` | release a public Clear or Amplify (draw one for it); more, or `stops` |

Extra expectation keys: `colour` (the colour in force, a palette key), `attack`
(`{target: p2, draws: 4, kind: draw}` or null), `bound` (`{p2: 1}`: bound turns left).
Extra setup keys: `colour` (the named colour when the top card is wild or dual), `bound`.
"""

from __future__ import annotations

from ...engine import Game, GameFacts, ZoneSpec
from .. import register
from .cards import Facts
from .state import BridgeOverState

FACTS = GameFacts(
    game_id="bridge-over",
    min_players=2,
    max_players=6,
    zones=(ZoneSpec("deck", visibility="hidden"),
           ZoneSpec("hand", per_player=True, visibility="owner"),
           # only the top card may be looked at; the pile is searched only by Search (its 注意)
           ZoneSpec("discard", visibility="top"),
           ZoneSpec("public", per_player=True, visibility="public")),
    max_decisions=5000,     # random 2-6 player games end within ~900 (2,560 fuzzed)
    default_players=2,
    setup_keys=("colour", "bound"),
)


class BridgeOver(Game):
    facts = FACTS
    state_class = BridgeOverState

    def prepare(self) -> None:
        palette = {key: colour.name for key, colour in self.data.db.game.palette.items()}
        self.f = Facts(self.catalogue, palette)
        self.labels = self.f.label   # the log's and views' names (the notation uses references)


register(BridgeOver)
