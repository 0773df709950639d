# The compiled form's declarations of arcburn.py (rules/engine/native.py): Arc Burn with the game state typed as the
# C-level State (state.pxd) and the card walk's locals typed, as in flow.pxd.
cimport cython
from rules.engine.model cimport Card
from rules.engine.tables cimport CardInfo
from rules.engine.state cimport State

cpdef burnable(State g, p)

@cython.locals(card=Card, cards=list, info=CardInfo)
cpdef storage_cards(State g, p, first=*)

cpdef has_storage(State g, p)

cpdef arc_burn(State g, p)
