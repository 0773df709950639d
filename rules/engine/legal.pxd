# The compiled form's declarations of legal.py (rules/engine/native.py): the game state (state.pxd) and the locals of
# the hottest loops of move generation typed, so that the state's, a card's, its definition's, a player's and a pool
# view's fields are read at fixed offsets, and calls within the module are C calls. The functions stay what they
# are in Python.
cimport cython
from rules.engine.actions cimport Action, new_action
from rules.engine.model cimport Card, Edge, Item, Player
from rules.engine.tables cimport CardInfo
from rules.engine.state cimport State
# The helpers of other modules move generation calls, called in C (issue 35).
from rules.engine.arcburn cimport burnable, storage_cards
from rules.engine.flow cimport next_need
from rules.engine.hand_plan cimport hand_now
from rules.engine.pyramid cimport absorb_capacity, cataclysm_capacities
from rules.engine.targets cimport any_target
from rules.engine.payment cimport PoolView, pool_key, pool_view

# What a card offers from the hand (tables.py), imported into C longs: CardInfo.hand_code is one, so they compare in C.
cdef long HAND_CAST, HAND_EQUIP, HAND_PLAY, HAND_SUMMON

@cython.locals(player=Player, view=PoolView, funds=long)
cpdef list main_actions(State g, long p)

@cython.locals(card=Card, info=CardInfo, cards=list, taps=list, rows=tuple, counter_memo=list,
               kept=dict, untapped=list, counter_keys=tuple, charge=long, iid=long, tick=long, funds=long)
cpdef _board_offers(State g, long p, Player player, PoolView view, list out, main)

@cython.locals(known=list, row=tuple, target=tuple, funds=long, charge=long, energy=long, held=long, cost_id=long)
cpdef _use_offers(State g, long p, long iid, Card card, tuple rows, PoolView view, list out)

@cython.locals(row=tuple, tick=long, funds=long, charge=long, energy=long, held=long, cost_id=long)
cpdef _react_offers(State g, long p, long iid, Card card, tuple rows, PoolView view, list out)

@cython.locals(cards=list, known=list, info=CardInfo, out=list, code=long, iid=long, host=long, funds=long)
cpdef list _hand_actions(State g, long p, tuple entries, PoolView view)

@cython.locals(player=Player, view=PoolView, cards=list, info=CardInfo, out=list, iid=long, funds=long)
cpdef list window_actions(State g, long p)

@cython.locals(info=CardInfo)
cpdef _cast(State g, long p, long iid, Card card, pays, list out)

cpdef list legal_actions(State g)

# The rest of move generation: the memos' misses and the pending decisions.
cpdef _tap_offer(State g, p, iid, slug)

cpdef _plain_offer(State g, kind, p)

cpdef _charge_offer(State g, p, iid)

@cython.locals(memo=list)
cpdef _counter_offers(State g, p, iid, counter_keys, code)

cdef list _slot(State g, list memo, long iid)

cpdef _targets_exist(State g, p, src, row)

@cython.locals(cards=list, item=Item, card=Card, out=list)
cpdef decision_actions(State g, d)

@cython.locals(card=Card, cards=list)
cpdef _discharge_actions(State g, d, p, ctx)
