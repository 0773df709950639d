# The compiled form's declarations of bots.py (rules/engine/native.py): the greedy bot's per-decision records as
# C-level classes, and the types of the locals of its hottest functions (the grouping of the offered actions, the
# Action Phase, the kept ranking), so that cards' and players' fields are read at fixed offsets and calls within
# the module are C calls. The functions stay what they are in Python.
cimport cython
from rules.engine.model cimport Card, Player
from rules.engine.tables cimport CardInfo

cdef class _Want:
    cdef public object net, cost, req, any, actions, order, verb

cdef class _Side:
    cdef public object battery, charge_worth, hero_alive, mine, enemies, enemy_charge, opp_chars

    @cython.locals(cards=list, card=Card, mine=list, enemies=list)
    cpdef read(self, g, p)

@cython.locals(groups=dict, group=list)
cpdef dict by_kind(actions)

@cython.locals(cards=list, card=Card, side=_Side)
cpdef _action_phase(g, p, dict by_kind)

@cython.locals(cards=list, card=Card, info=CardInfo, reads=list, memo=dict)
cpdef tuple _ranked_wants(g, p, _Side side)
