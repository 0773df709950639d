# The compiled form's declarations of targets.py (rules/engine/native.py): the target checks with the game state typed
# as the C-level State (state.pxd), and the locals that hold a card, its definition, a player, a stack item or an
# edge typed where every assignment to them reads one (cards[iid], card.info, g.players[p], g.stack[i], g.edges[e]),
# so that their fields are read at fixed offsets and calls within the module are C calls. The functions stay what they
# are in Python.
cimport cython
from rules.engine.model cimport Card, Edge, Item, Player
from rules.engine.tables cimport CardInfo
from rules.engine.state cimport State

# A C-level dict, so that any_target's `_BOARD_KINDS.get(kind)` is one C look-up, not a Python method call (issue 35).
cdef dict _BOARD_KINDS

cpdef _board(State g, who)

cdef long ALL, OWN, ENEMY

cpdef tuple _seats(State g, ctrl, long whose)

@cython.locals(cards=list, out=list, card=Card, info=CardInfo, p=long, i=long)
cpdef list _board_of(State g, who, types)

@cython.locals(cards=list, spec=tuple, whose=long)
cpdef candidates(State g, ctrl, src, kind, building=*)

cpdef legal_targets(State g, ctrl, src, keyword, kind, check, building=*, first_only=*)

cpdef is_legal_target(State g, ctrl, src, kind, check, ref, building=*)

@cython.locals(card=Card)
cpdef _admits(State g, ctrl, src, check, ref)

@cython.locals(card=Card, cards=list, player=Player, p=long, ref=long, tick=long, whose=long)
cpdef any_target(State g, ctrl, src, keyword, kind, check)

cpdef ref_slug(State g, ref)
