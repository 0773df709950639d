# The compiled form's declarations of execute.py (rules/engine/native.py): the decisions' handlers with the game state
# typed as the C-level State (state.pxd), and the locals that hold a card, its definition, a player, a stack item
# or an edge typed where every assignment to them reads one (cards[iid], card.info, g.players[p], g.stack[i],
# g.edges[e]), so that their fields are read at fixed offsets and calls within the module are C calls. The functions
# stay what they are in Python.
cimport cython
from rules.engine.model cimport Card, Edge, Item, Player
from rules.engine.tables cimport CardInfo
from rules.engine.state cimport State
# The turn flow's and Arc Burn's steps the handlers call, called in C (issue 35).
from rules.engine.arcburn cimport arc_burn
from rules.engine.flow cimport continue_item, new_item, pass_priority, start_game

cpdef _pay(State g, p, pay)

cpdef _keep(State g, p, args)

@cython.locals(player=Player)
cpdef _mulligan(State g, p, args)

cpdef _first_player(State g, p, args)

cpdef _play_energy(State g, p, args)

@cython.locals(card=Card, info=CardInfo, player=Player, ready=list)
cpdef _tap(State g, p, args)

@cython.locals(card=Card)
cpdef _tap_charge(State g, p, args)

cpdef _spend_charge(State g, p, args)

cpdef _spend(State g, p, Card card, n)

@cython.locals(info=CardInfo)
cpdef _summon(State g, p, args)

cpdef _equip(State g, p, args)

@cython.locals(card=Card)
cpdef _activate(State g, p, args)

@cython.locals(card=Card)
cpdef _react(State g, p, args)

@cython.locals(card=Card)
cpdef _cast(State g, p, args)

@cython.locals(card=Card)
cpdef _add_counter(State g, p, args)

cpdef _choose(State g, p, args)

cpdef _trigger(State g, p, args)

cpdef _decline(State g, p, args)

cpdef _pass(State g, p, args)

cpdef _end_turn(State g, p, args)

cpdef _store_charge(State g, p, args)

cpdef _burn(State g, p, args)

cpdef _absorb(State g, p, args)

cpdef _deflect(State g, p, args)

cpdef _assign_damage(State g, p, args)

cdef dict _FREQUENT

@cython.locals(code=long)
cpdef carry_out(State g, kind, p, args)
