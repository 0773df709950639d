# The compiled form's declarations of greedy.py (rules/engine/native.py): the greedy bot's End Phase and target
# choices with the game state and their card locals typed, as in greedy_value.pxd.
cimport cython
from rules.engine.model cimport Card
from rules.engine.tables cimport CardInfo
from rules.engine.state cimport State
# The values and the Action Phase this module calls (greedy_value.pxd), called in C as when they were one module.
from rules.engine.greedy_value cimport (
    _action_phase, _charge_worth, _damage_cost, _enemy_damage_gain, _kill_cost, _safe_host, by_kind,
)

@cython.locals(card=Card, cards=list, info=CardInfo)
cpdef _arc_burn(State g, p, actions)

@cython.locals(card=Card)
cpdef _safe_host_store(State g, person)

cpdef _choose_target(State g, p, actions)

@cython.locals(card=Card, cards=list, steps=dict, taken=dict, first_seen=list, prevented=dict)
cpdef list cataclysm_plan(State g, p, left, candidates)
