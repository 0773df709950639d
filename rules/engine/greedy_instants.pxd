# The compiled form's declarations of greedy_instants.py (rules/engine/native.py): the greedy bot's Instants, which
# it asks at every decision of an Action Phase and every window, with the game state typed as the C-level State
# (state.pxd) and the locals that hold a card, its definition, a stack item or an edge typed where every assignment
# to them reads one, so that their fields are read at fixed offsets (issue 35's third lever: before, every read of
# the state here was a generic look-up by name). The functions stay what they are in Python.
cimport cython
from rules.engine.model cimport Card, Edge, Item, Player
from rules.engine.tables cimport AbilityInfo, CardInfo
from rules.engine.state cimport State
# The greedy player's values this module weighs with, called in C.
from rules.engine.greedy_value cimport (
    _charge_worth, _cheapest, _damage_cost, _enemy_damage_gain, _kill_cost, _per_hp, hits_enemy,
)

@cython.locals(edge=Edge)
cpdef endgame(State g)

@cython.locals(cards=list, item=Item, ability=AbilityInfo)
cpdef threats(State g, p)

@cython.locals(card=Card, info=CardInfo)
cpdef _other_harm(State g, p, t, kw, points)

@cython.locals(card=Card, cards=list)
cpdef _best_hit(State g, p, amount, late)

@cython.locals(card=Card, cards=list, info=CardInfo)
cpdef _heal_now(State g, p, amount)

cpdef choose(State g, p, kinds, window)

cpdef _buy(State g, p, info, kinds)

cpdef protect_target(State g, p, actions)

# The offer code of an Instant (tables.py), a C long as CardInfo.hand_code is; and the memo of Instants that hit.
cdef long HAND_CAST
cdef dict _HITS

@cython.locals(cards=list, card=Card, info=CardInfo, hand=list, player=Player, hits=list, i=long, q=long)
cpdef wanted(State g, long p, kinds, window)

cpdef _hits(CardInfo info)

@cython.locals(cards=list, info=CardInfo)
cpdef _weigh(State g, p, window, hand, reacts, threat, late)
