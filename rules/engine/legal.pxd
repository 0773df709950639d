# The compiled form's declarations of legal.py (rules/engine/native.py): the types of the locals of the hottest
# loops of move generation, so that a card's, its definition's, a player's and a pool view's fields are read at
# fixed offsets, and calls within the module are C calls. The functions stay what they are in Python.
cimport cython
from rules.engine.model cimport Card, Player
from rules.engine.tables cimport CardInfo

cdef class PoolView:
    cdef public object pool, funds, counter_keys
    cdef public list pays

@cython.locals(player=Player, view=PoolView)
cpdef list main_actions(g, p)

@cython.locals(card=Card, info=CardInfo, cards=list, taps=dict, known=list, offer_memo=dict, rows=tuple,
               row=tuple, target=tuple)
cpdef _board_offers(g, p, Player player, PoolView view, list out, main)

@cython.locals(row=tuple)
cpdef _react_offers(g, p, iid, Card card, tuple rows, PoolView view, list out)

@cython.locals(cards=list, known=list, info=CardInfo, out=list)
cpdef list _hand_actions(g, p, tuple entries, PoolView view)

@cython.locals(player=Player, view=PoolView, cards=list, info=CardInfo, out=list)
cpdef list window_actions(g, p)

@cython.locals(info=CardInfo)
cpdef _cast(g, p, iid, Card card, pays, list out)
