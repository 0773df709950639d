# The compiled form's declarations of execute.py (rules/engine/native.py): the decisions' handlers with the game state
# typed as the C-level GameState (state.pxd), and the locals that hold a card, its definition, a player, a stack item
# or an edge typed where every assignment to them reads one (cards[iid], card.info, g.players[p], g.stack[i],
# g.edges[e]), so that their fields are read at fixed offsets and calls within the module are C calls. The functions
# stay what they are in Python.
cimport cython
from rules.engine.model cimport Card, Edge, Item, Player
from rules.engine.tables cimport CardInfo
from rules.engine.state cimport GameState

cpdef _pay(GameState g, p, pay)

cpdef _keep(GameState g, p, args)

@cython.locals(player=Player)
cpdef _mulligan(GameState g, p, args)

cpdef _first_player(GameState g, p, args)

cpdef _play_energy(GameState g, p, args)

@cython.locals(card=Card, info=CardInfo, player=Player)
cpdef _tap(GameState g, p, args)

@cython.locals(card=Card)
cpdef _tap_charge(GameState g, p, args)

@cython.locals(info=CardInfo)
cpdef _summon(GameState g, p, args)

cpdef _equip(GameState g, p, args)

@cython.locals(card=Card)
cpdef _activate(GameState g, p, args)

@cython.locals(card=Card)
cpdef _react(GameState g, p, args)

@cython.locals(card=Card)
cpdef _cast(GameState g, p, args)

@cython.locals(card=Card)
cpdef _add_counter(GameState g, p, args)

cpdef _choose(GameState g, p, args)

cpdef _trigger(GameState g, p, args)

cpdef _decline(GameState g, p, args)

cpdef _pass(GameState g, p, args)

cpdef _end_turn(GameState g, p, args)

cpdef _store_charge(GameState g, p, args)

cpdef _burn(GameState g, p, args)

cpdef _absorb(GameState g, p, args)

cpdef _deflect(GameState g, p, args)

cpdef _assign_damage(GameState g, p, args)
