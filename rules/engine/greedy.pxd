# The compiled form's declarations of greedy.py (rules/engine/native.py): the greedy bot's End Phase and target
# choices with the game state and their card locals typed, as in greedy_value.pxd.
cimport cython
from rules.engine.actions cimport Action
from rules.engine.model cimport Card, Edge, Item
from rules.engine.tables cimport CardInfo
from rules.engine.state cimport State
from rules.engine.game cimport GameState
# The Instants weighed at every Action Phase and window, called in C (issue 35's seventh lever).
from rules.engine.greedy_instants cimport _buy, endgame, protect_target, wanted
# The plan kept across a payment (greedy_pay.pxd).
from rules.engine.greedy_pay cimport _Plan
# The values and the Action Phase this module calls (greedy_value.pxd), called in C as when they were one module.
from rules.engine.greedy_value cimport (
    _Side, _action_phase, _charge_worth, _damage_cost, _enemy_damage_gain, _kill_cost, _per_hp, _safe_host, by_kind,
)

# GreedyBot.choose's body: the state typed, so that its legal actions are a C call (issue 35).
@cython.locals(actions=list, kinds=dict, first=Action)
cpdef _choose(GameState state, weighs)

@cython.locals(card=Card, cards=list, info=CardInfo)
cpdef _arc_burn(State g, p, actions)

@cython.locals(card=Card)
cpdef _safe_host_store(State g, person)

@cython.locals(a=Action)
cpdef _choose_target(State g, p, actions)

# Issue 35's seventh lever: a target's score called in C, its card read at fixed offsets.
@cython.locals(card=Card, info=CardInfo, item=Item)
cpdef _score_target(State g, p, ref, dict ctx)

@cython.locals(edge=Edge)
cpdef _score_edge(State g, p, e, kw, amount)

# Issue 35's seventh lever: the kinds only some decisions offer, tested only when one is (GreedyBot.choose).
@cython.locals(kind=object)
cpdef bint _special(dict kinds) except -1

cpdef _special_choice(State state, p, list actions, dict kinds, weighs)

@cython.locals(card=Card, cards=list, steps=dict, taken=dict, first_seen=list, prevented=dict)
cpdef list cataclysm_plan(State g, p, left, candidates)

@cython.locals(memo=dict, history=list, plan=_Plan, n=Py_ssize_t, counters=Py_ssize_t)
cpdef _Plan kept_plan(State g, p)

@cython.locals(cards=list, a=Action, info=CardInfo, i=Py_ssize_t, counters=Py_ssize_t)
cpdef Py_ssize_t _quiet_payment(State g, p, list history, Py_ssize_t mark, last, Py_ssize_t n) except? -2

# Issue 35's sixth lever: the plan kept across the payment's Battery counters too.
@cython.locals(side=_Side)
cpdef bint _after_counters(State g, _Plan plan, Py_ssize_t counters)

cpdef _instant_now(State state, p, dict kinds, _Plan plan)
