# The compiled form's declarations of effects.py (rules/engine/native.py): the keyword effects with the game state
# typed as the C-level State (state.pxd), and the locals that hold a card, its definition, a player, a stack item
# or an edge typed where every assignment to them reads one (cards[iid], card.info, g.players[p], g.stack[i],
# g.edges[e]), so that their fields are read at fixed offsets and calls within the module are C calls. The functions
# stay what they are in Python.
cimport cython
from rules.engine.model cimport Card, Edge, Item, Player
from rules.engine.tables cimport CardInfo
from rules.engine.state cimport State

@cython.locals(card=Card)
cpdef _in_play(State g, ctrl, src, ref)

@cython.locals(card=Card)
cpdef _character(State g, ctrl, src, ref)

cpdef _open_edge(State g, ctrl, src, ref)

@cython.locals(card=Card)
cpdef _drainable(State g, ctrl, src, ref)

cpdef _stealable(State g, ctrl, src, ref)

cpdef _common_in_play(State g, ctrl, src, ref)

@cython.locals(card=Card)
cpdef _resurrectable(State g, ctrl, src, ref)

@cython.locals(card=Card)
cpdef _revivable(State g, ctrl, src, ref)

cpdef _stack_item(State g, ctrl, src, ref)

cpdef _redirectable(State g, ctrl, src, ref)

cpdef _controllable(State g, ctrl, src, ref)

cpdef _attach_target(State g, ctrl, src, ref)

cpdef _src_name(State g, item)

cpdef _damage(State g, item, ability, amount, pairs, extra)

cpdef _edge_charge(State g, item, ability, amount, pairs, extra)

@cython.locals(card=Card)
cpdef _drain(State g, item, ability, amount, pairs, extra)

@cython.locals(card=Card)
cpdef _steal(State g, item, ability, amount, pairs, extra)

@cython.locals(card=Card)
cpdef _heal(State g, item, ability, amount, pairs, extra)

@cython.locals(card=Card)
cpdef _shield(State g, item, ability, amount, pairs, extra)

cpdef _ward(State g, item, ability, amount, pairs, extra)

cpdef _fortify(State g, item, ability, amount, pairs, extra)

@cython.locals(card=Card)
cpdef _stabilize(State g, item, ability, amount, pairs, extra)

cpdef _return_to_play(State g, item, ability, amount, pairs, extra)

cpdef _destroy(State g, item, ability, amount, pairs, extra)

cpdef _disrupt(State g, item, ability, amount, pairs, extra)

cpdef _delay(State g, item, ability, amount, pairs, extra)

cpdef _suppress(State g, item, ability, amount, pairs, extra)

@cython.locals(card=Card)
cpdef _disable(State g, item, ref, until)

cpdef _buff(State g, item, ability, amount, pairs, extra)

cpdef _counter(State g, item, ability, amount, pairs, extra)

cpdef _redirect(State g, item, ability, amount, pairs, extra)

@cython.locals(card=Card)
cpdef _take_control(State g, item, ability, amount, pairs, extra)

cpdef _attach(State g, item, ability, amount, pairs, extra)

cpdef _unattach(State g, item, ability, amount, pairs, extra)

cpdef _nothing(State g, item, ability, amount, pairs, extra)

cpdef find_item(State g, ref)

cpdef redirect_effect(State g, item)

cpdef redirect_options(State g, item)

cpdef ability_of(State g, item, index)
