# The compiled form's declarations of greedy_value.py (rules/engine/native.py): the greedy bot's per-decision records
# as C-level classes, and the game state and the locals of its hottest functions typed (the grouping of the offered
# actions, the Action Phase, the kept ranking, the walk of the boards), so that the state's, cards' and players'
# fields are read at fixed offsets and calls within the module are C calls. The functions stay what they are in
# Python.
cimport cython
from rules.engine.actions cimport Action
from rules.engine.model cimport Card, Edge, Item, Player
from rules.engine.tables cimport AbilityInfo, CardInfo
from rules.engine.state cimport State
# How it pays (greedy_pay.pxd), called in C as when they were one module.
from rules.engine.greedy_pay cimport _Plan, _affordable, _key_rank, _tap_for, _typed_demand

cdef class _Want:
    cdef public object net, cost, req, any, actions, order, verb

cdef class _Side:
    cdef public object battery, charge, charge_worth, hero_alive, mine, enemies, enemy_charge, opp_chars, charged_scene

    @cython.locals(cards=list, card=Card, info=CardInfo, mine=list, enemies=list, i=long, q=long, charge=long,
                   enemy_charge=long)
    cpdef read(self, State g, long p)

@cython.locals(groups=dict, group=list, a=Action, offered=list, n=Py_ssize_t, start=Py_ssize_t, end=Py_ssize_t)
cpdef dict by_kind(actions)

@cython.locals(cards=list, card=Card, info=CardInfo, side=_Side, a=Action)
cpdef _action_phase(State g, p, dict by_kind, _Plan plan)

# The step towards the best buy and what it calls at every decision of the Action Phase.
@cython.locals(player=Player, cards=list, want=_Want, vpool=list, ranked=tuple, afford=list, i=Py_ssize_t)
cpdef _best_purchase(State g, p, _Plan plan, dict by_kind)

@cython.locals(a=Action, best=Action)
cpdef _cheapest(State g, list offered, demand)

@cython.locals(player=Player, cards=list, info=CardInfo, wants=list, seen=set, row=tuple)
cpdef tuple _rank_wants(State g, p, _Side side)

cpdef _want_rank(_Want w)

@cython.locals(a=Action, out=list, activate=bint, equip=bint)
cpdef list _offered(_Want want, dict by_kind)

@cython.locals(cards=list, card=Card, info=CardInfo, out=list, ability=AbilityInfo, iid=long, index=long,
               player=Player)
cpdef list usable_abilities(State g, long p)

# Issue 35's seventh lever: the equipment a Person carries, summed in loops over typed locals.
@cython.locals(cards=list, card=Card)
cpdef _equipped_charge(State g, person)

@cython.locals(cards=list, card=Card)
cpdef _equipment_value(State g, person)

# The rest of the greedy bot's reckoning (not the helpers that also accept something other than a State).
cpdef _charge_worth(State g, p)

@cython.locals(card=Card)
cpdef _kill_cost(State g, iid)

@cython.locals(card=Card, info=CardInfo)
cpdef _damage_cost(State g, p, iid, points, already=*)

@cython.locals(card=Card, info=CardInfo)
cpdef _enemy_damage_gain(State g, iid, points, already=*)

cpdef _card_gain(State g, p, CardInfo info, _Side side)

@cython.locals(cards=list, card=Card, kw=str, target=str)
cpdef _ability_gain(State g, _Side side, src, AbilityInfo ability)

cpdef bint hits_enemy(AbilityInfo ability)

# A card definition's HP worth in Legacy, called in C (it was a Python call from each reckoning of damage).
cpdef double _per_hp(CardInfo info) except? -1

@cython.locals(card=Card)
cpdef _safe_host(State g, person)

@cython.locals(host=Card)
cpdef _host_rank(State g, Action a)
