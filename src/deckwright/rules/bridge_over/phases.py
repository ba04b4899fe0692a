"""The rules' constants: dealing sizes, phases (what the turn player decides), addition modes
and attack kinds."""

from ...engine.phases import Phase, Phases

HAND_SIZE = 7      # ruling hand-size
RESET_DRAW = 5     # Reset: the text's five cards

# phases: what the turn player decides now
(TURN, AFTER_DRAW, RESPOND, NAME, CHOOSE, TARGET, ADD, RESETTING, SEARCHING, RELEASING,
 BOUND) = range(11)
#: each phase, in the order of the numbers above, with what its decider is asked (a refusal
#: about the phase rather than the card says it)
PHASES = Phases(
    Phase("turn", "カードを出すか山札から引く"),
    Phase("after-draw", "カードを出すか手番を終える（passes）"),
    Phase("respond", "攻撃に答える"),
    Phase("name", "色を決める（names）"),
    Phase("choose", "skip / reverse / onward を選ぶ（chooses）"),
    Phase("target", "次のプレイヤーを指名する（targets）"),
    Phase("add", "追加カードを出す（または stops）"),
    Phase("reset", "引き直すか（redraws）やめるか（keeps）を選ぶ"),
    Phase("search", "捨て札から取るカードを選ぶ（takes）"),
    Phase("release", "さらに解除するか終える（stops）"),
    Phase("bound", "Bind で縛られているので山札から1枚引く"),
    refusal="いまは{asks}ところ")
# addition modes
M_NONE, M_ESCORT, M_CHAIN, M_PLUS1, M_WNC = range(5)
# the turn order options of Direct and Wild Direct Draw 5 (`chooses`, cards.CHOICES)
SKIPPING, REVERSING, ONWARD = range(3)
# attacks
A_NONE, A_DRAW, A_BIND = range(3)
