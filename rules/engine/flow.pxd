# The compiled form's declarations of flow.py (rules/engine/native.py): the turn flow's steps (run, the phases' steps,
# the stack) with the game state typed as the C-level State (state.pxd), and the locals that hold a card, its
# definition, a player, a stack item or an edge typed where every assignment to them reads one (cards[iid], card.info,
# g.players[p], g.stack[i], g.edges[e]), so that their fields are read at fixed offsets and calls within the module
# are C calls. The functions stay what they are in Python.
cimport cython
from rules.engine.model cimport Card, Edge, Item, Player
from rules.engine.tables cimport AbilityInfo, CardInfo
from rules.engine.state cimport State
# Arc Burn's steps (arcburn.pxd), called in C as when they were part of this module.
from rules.engine.arcburn cimport arc_burn, has_storage
# The target checks and the Pyramid's steps, called in C (issue 35).
from rules.engine.targets cimport is_legal_target, legal_targets
from rules.engine.pyramid cimport cataclysm_apply, discharge_finish, discharge_recombine, discharge_start, pyramid_turn

# C-level dicts: `STEPS[g.phase]`, `_TITLES.get(keyword)` and the keyword tables' `KEYWORDS.get` and
# `TARGET_MODES.get` (imported from effects.py, the same objects) are C look-ups, not generic item or method calls,
# and the keyword's title a C call (issue 35).
cdef dict STEPS, _TITLES, KEYWORDS, TARGET_MODES

cpdef _keyword_title(keyword)

cpdef run(State g)

cpdef step_first_player(State g)

cpdef start_game(State g, first)

@cython.locals(cards=list, player=Player)
cpdef step_turn_start(State g)

cpdef step_action(State g)

cpdef step_arc_burn(State g)

@cython.locals(card=Card, cards=list, info=CardInfo, player=Player)
cpdef step_end(State g)

@cython.locals(card=Card, cards=list, q=long, iid=long)
cpdef overload_check(State g)

cpdef step_round_end(State g)

cpdef interrupt_for_cataclysm(State g)

@cython.locals(info=CardInfo)
cpdef new_item(State g, ctrl, src, card, kind, indexes)

@cython.locals(abilities=tuple, ability=AbilityInfo)
cpdef next_need(State g, Item item)

@cython.locals(cards=list)
cpdef steal_destinations(State g, item, taken_from)

@cython.locals(item=Item)
cpdef continue_item(State g)

cpdef declare(State g, item)

@cython.locals(cards=list, info=CardInfo, ability=AbilityInfo)
cpdef describe_item(State g, item)

cpdef pass_priority(State g, p)

@cython.locals(card=Card)
cpdef process_trigger(State g)

cpdef resolve_top(State g)

@cython.locals(abilities=tuple, ability=AbilityInfo)
cpdef resolve_item(State g, Item item)

cpdef resolve_boost(State g, item)
