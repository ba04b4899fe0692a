"""The rules' constants: dealing sizes, phases (what the turn player decides), addition modes
and attack kinds."""

HAND_SIZE = 7      # ruling hand-size
RESET_DRAW = 5     # Reset: the text's five cards

# phases: what the turn player decides now
(TURN, AFTER_DRAW, RESPOND, NAME, CHOOSE, TARGET, ADD, RESETTING, SEARCHING, RELEASING,
 BOUND) = range(11)
PHASES = ("turn", "after-draw", "respond", "name", "choose", "target", "add", "reset", "search",
          "release", "bound")
# addition modes
M_NONE, M_ESCORT, M_CHAIN, M_PLUS1, M_WNC = range(5)
# attacks
A_NONE, A_DRAW, A_BIND = range(3)
