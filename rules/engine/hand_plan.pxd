# The compiled form's declarations of hand_plan.py (rules/engine/native.py): the state, a card and its definition
# typed, so that their fields are read at fixed offsets, and the plan's helpers C calls from legal.py.
cimport cython
from rules.engine.actions cimport new_action
from rules.engine.model cimport Card, Player
from rules.engine.tables cimport CardInfo
from rules.engine.state cimport State

# What a card offers from the hand (tables.py), imported into C longs: CardInfo.hand_code is one, so they compare in C.
cdef long HAND_CAST, HAND_ENERGY

@cython.locals(hand=list, last=tuple)
cpdef tuple hand_now(State g, p, Player player)

cpdef hand_plan(State g, p, hand)

@cython.locals(card=Card, cards=list, info=CardInfo)
cpdef build_plan(State g, p, hand)

@cython.locals(card=Card, info=CardInfo)
cpdef plan_with(State g, p, plan, iid)

@cython.locals(before=list, plan=tuple, entries=tuple, entry=tuple, other=tuple, cards=list, card=Card,
               info=CardInfo, n=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, k=Py_ssize_t, cheapest=long)
cpdef plan_without(State g, tuple hand, last)

cdef inline bint _same(long a, long b)
