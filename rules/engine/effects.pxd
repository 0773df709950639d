# The compiled form's declarations of effects.py (rules/engine/native.py): the keyword effects with the game state
# typed as the C-level GameState (state.pxd), and the locals that hold a card, its definition, a player, a stack item
# or an edge typed where every assignment to them reads one (cards[iid], card.info, g.players[p], g.stack[i],
# g.edges[e]), so that their fields are read at fixed offsets and calls within the module are C calls. The functions
# stay what they are in Python.
cimport cython
from rules.engine.model cimport Card, Edge, Item, Player
from rules.engine.tables cimport CardInfo
from rules.engine.state cimport GameState

cpdef _in_play(GameState g, ctrl, src, ref)

@cython.locals(card=Card)
cpdef _character(GameState g, ctrl, src, ref)

cpdef _open_edge(GameState g, ctrl, src, ref)

@cython.locals(card=Card)
cpdef _drainable(GameState g, ctrl, src, ref)

cpdef _stealable(GameState g, ctrl, src, ref)

cpdef _common_in_play(GameState g, ctrl, src, ref)

@cython.locals(card=Card)
cpdef _resurrectable(GameState g, ctrl, src, ref)

@cython.locals(card=Card)
cpdef _revivable(GameState g, ctrl, src, ref)

cpdef _stack_item(GameState g, ctrl, src, ref)

cpdef _redirectable(GameState g, ctrl, src, ref)

cpdef _controllable(GameState g, ctrl, src, ref)

cpdef _attach_target(GameState g, ctrl, src, ref)

cpdef _src_name(GameState g, item)

cpdef _damage(GameState g, item, ability, amount, pairs, extra)

cpdef _edge_charge(GameState g, item, ability, amount, pairs, extra)

@cython.locals(card=Card)
cpdef _drain(GameState g, item, ability, amount, pairs, extra)

@cython.locals(card=Card)
cpdef _steal(GameState g, item, ability, amount, pairs, extra)

@cython.locals(card=Card)
cpdef _heal(GameState g, item, ability, amount, pairs, extra)

@cython.locals(card=Card)
cpdef _shield(GameState g, item, ability, amount, pairs, extra)

cpdef _ward(GameState g, item, ability, amount, pairs, extra)

cpdef _fortify(GameState g, item, ability, amount, pairs, extra)

@cython.locals(card=Card)
cpdef _stabilize(GameState g, item, ability, amount, pairs, extra)

cpdef _return_to_play(GameState g, item, ability, amount, pairs, extra)

cpdef _destroy(GameState g, item, ability, amount, pairs, extra)

cpdef _disrupt(GameState g, item, ability, amount, pairs, extra)

cpdef _delay(GameState g, item, ability, amount, pairs, extra)

cpdef _suppress(GameState g, item, ability, amount, pairs, extra)

@cython.locals(card=Card)
cpdef _disable(GameState g, item, ref, until)

cpdef _buff(GameState g, item, ability, amount, pairs, extra)

cpdef _counter(GameState g, item, ability, amount, pairs, extra)

cpdef _redirect(GameState g, item, ability, amount, pairs, extra)

@cython.locals(card=Card)
cpdef _take_control(GameState g, item, ability, amount, pairs, extra)

cpdef _attach(GameState g, item, ability, amount, pairs, extra)

cpdef _unattach(GameState g, item, ability, amount, pairs, extra)

cpdef _nothing(GameState g, item, ability, amount, pairs, extra)

cpdef find_item(GameState g, ref)

cpdef redirect_effect(GameState g, item)

cpdef redirect_options(GameState g, item)

cpdef ability_of(GameState g, item, index)
