# The compiled form's declarations of state.py (rules/engine/native.py): GameState as a C-level class, so that its
# own methods, and the compiled modules that declare a local or an argument as a GameState, read its fields at
# fixed offsets instead of looking them up by name in the instance dict. Every field keeps its Python value; only
# the containers the engine never replaces by anything else are declared as list or dict. An attribute set beyond
# these (none is, but callers may) still goes into the instance dict.

cdef class GameState:
    cdef public object cat, tb, rng, seed, seating, decks, scenario, variants, tide_rule, full_circle, tide
    cdef public object pyramid, building, priority, passes, resolving, assigned, discharge, edge_queue, phase
    cdef public object active, first, round, tick, mull_idx, next_sid, destroyed, cataclysm_due, temp_control
    cdef public object final, remaining, eliminated, _legal, _asked, _tap_offers
    cdef public list history, cards, players, edges, stack, tqueue, pending, log_rows
    cdef public dict _target_memo, _hand_memo, _offer_memo
    cdef dict __dict__
