# The compiled form's declarations of game.py (rules/engine/native.py): GameState, the public API, as a C-level class
# built on State (state.pxd), whose fields it shares; the two methods bots call at every decision are `cpdef`, so
# that a compiled caller holding a GameState calls them in C.
cimport cython
from rules.engine.actions cimport Action
from rules.engine.state cimport State
# Move generation and the turn flow, called at every decision: cimported, so that they are C calls, not calls of
# Python objects found in the module's globals (issue 35's third lever).
from rules.engine.flow cimport run
from rules.engine.execute cimport carry_out
from rules.engine.legal cimport legal_actions as _legal_actions

cdef class GameState(State):
    cpdef legal_actions(self)
    @cython.locals(action=Action)
    cpdef apply_legal(self, chosen)
