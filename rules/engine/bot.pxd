# The compiled form's declarations of bot.py (rules/engine/native.py): the random bot's draw as a C function that
# holds the state in a typed local, so that asking its legal actions is a C call of GameState's `cpdef` method.
cimport cython
from rules.engine.game cimport GameState

cdef tuple _BIT_LENGTH

@cython.locals(gs=GameState, n=Py_ssize_t, k=Py_ssize_t, r=Py_ssize_t)
cdef _draw(state, getrandbits)
