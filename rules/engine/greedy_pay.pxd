# The compiled form's declarations of greedy_pay.py (rules/engine/native.py): how the greedy bot pays, asked at every
# decision of an Action Phase, with the game state typed as the C-level State (state.pxd) and the locals that hold
# an offer or the cards typed, so that their fields are read at fixed offsets. The functions stay what they are in
# Python.
cimport cython
from rules.engine.actions cimport Action
from rules.engine.model cimport Card, Player
from rules.engine.state cimport State

cpdef _key_rank(key)

@cython.locals(cards=list, demand=list, req=tuple, i=Py_ssize_t, player=Player, card=Card)
cpdef _typed_demand(State g, p)

@cython.locals(left=int, i=int)
cpdef bint _affordable(req, any_, pool)

@cython.locals(cards=list, by_type=dict, a=Action, player=Player, card=Card, pool=list)
cpdef _tap_for(State g, p, tuple req, any_, taps, demand)

# Issue 35's fifth lever: the plan kept across a payment's Energy taps (greedy.py keeps it; greedy_value.py reads its
# fields, at fixed offsets since it moved here).
cdef class _Plan:
    cdef public Py_ssize_t mark
    cdef public object last, side, ranked, vpool, calm, afford
