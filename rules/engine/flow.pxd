# The compiled form's declarations of flow.py (rules/engine/native.py): the turn flow's steps (run, the phases' steps,
# the stack) with the game state typed as the C-level GameState (state.pxd), and the locals that hold a card, its
# definition, a player, a stack item or an edge typed where every assignment to them reads one (cards[iid], card.info,
# g.players[p], g.stack[i], g.edges[e]), so that their fields are read at fixed offsets and calls within the module
# are C calls. The functions stay what they are in Python.
cimport cython
from rules.engine.model cimport Card, Edge, Item, Player
from rules.engine.tables cimport CardInfo
from rules.engine.state cimport GameState

cpdef run(GameState g)

cpdef step_first_player(GameState g)

cpdef start_game(GameState g, first)

@cython.locals(cards=list, player=Player)
cpdef step_turn_start(GameState g)

cpdef step_action(GameState g)

cpdef burnable(GameState g, p)

@cython.locals(card=Card, cards=list, info=CardInfo)
cpdef storage_cards(GameState g, p, first=*)

cpdef has_storage(GameState g, p)

cpdef step_arc_burn(GameState g)

cpdef arc_burn(GameState g, p)

@cython.locals(card=Card, cards=list)
cpdef step_end(GameState g)

@cython.locals(card=Card, cards=list)
cpdef overload_check(GameState g)

cpdef step_round_end(GameState g)

cpdef interrupt_for_cataclysm(GameState g)

@cython.locals(info=CardInfo)
cpdef new_item(GameState g, ctrl, src, card, kind, indexes)

cpdef next_need(GameState g, item)

@cython.locals(cards=list)
cpdef steal_destinations(GameState g, item, taken_from)

@cython.locals(item=Item)
cpdef continue_item(GameState g)

cpdef declare(GameState g, item)

@cython.locals(cards=list, info=CardInfo)
cpdef describe_item(GameState g, item)

cpdef pass_priority(GameState g, p)

@cython.locals(card=Card)
cpdef process_trigger(GameState g)

cpdef resolve_top(GameState g)

cpdef resolve_item(GameState g, item)

cpdef resolve_boost(GameState g, item)
