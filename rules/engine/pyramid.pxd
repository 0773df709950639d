# The compiled form's declarations of pyramid.py (rules/engine/native.py): the Pyramid's steps (discharges,
# recombines, the Cataclysm) with the game state typed as the C-level State (state.pxd), and the locals that hold
# a card, its definition, a player, a stack item or an edge typed where every assignment to them reads one
# (cards[iid], card.info, g.players[p], g.stack[i], g.edges[e]), so that their fields are read at fixed offsets and
# calls within the module are C calls. The functions stay what they are in Python.
cimport cython
from rules.engine.model cimport Card, Edge, Item, Player
from rules.engine.tables cimport CardInfo
from rules.engine.state cimport State

cpdef pyramid_turn(State g)

@cython.locals(edge=Edge)
cpdef resolve_pyramid_ability(State g, ability)

@cython.locals(card=Card, info=CardInfo)
cpdef absorb_capacity(State g, p, iid)

@cython.locals(cards=list)
cpdef has_absorber(State g, p)

@cython.locals(edge=Edge, player=Player)
cpdef discharge_start(State g)

@cython.locals(card=Card)
cpdef apply_assigned(State g, source)

@cython.locals(edge=Edge)
cpdef discharge_recombine(State g)

@cython.locals(edge=Edge)
cpdef discharge_finish(State g)

@cython.locals(card=Card)
cpdef cataclysm_capacity(State g, p, iid)

@cython.locals(card=Card, cards=list, out=dict, keep=list)
cpdef dict cataclysm_capacities(State g, p, iids)

@cython.locals(card=Card, cards=list, found=dict, out=dict)
cpdef dict preventions(State g, iids)

@cython.locals(cards=list, source=Card, fortify=dict, stabilize=dict)
cpdef tuple _continuous_prevention(State g, ctrl)

cpdef cataclysm_apply(State g)
