# The compiled form's declarations of model.py (rules/engine/native.py): the same classes as C-level classes, so
# the compiled modules that declare a local as a Card or Player read its fields at a fixed offset instead of looking
# them up by name. Every field keeps its Python value (`object`): a bool stays a bool, -1 and None stay what they
# are; only the containers the engine never replaces by anything else are declared as list or dict. The methods the
# engine calls at every turn are declared with their card locals typed; they stay what they are in Python.
cimport cython
from rules.engine.tables cimport CardInfo

cdef class Card:
    cdef public object slug, zone
    # Always whole numbers and a flag (model.py; serialize.py and scenario.py bound what they read in): C longs and a
    # bint, so that a typed card's counters, ticks and hosts compare and add in C (issue 35's tenth lever).
    cdef public long iid, owner, ctrl, damage, charge, host, entered, shield, ward, fortify, stab, stab_tick
    cdef public long disabled, boost, used_tick, used, temp, ps_tick, ps_used
    cdef public bint tapped
    cdef public CardInfo info   # always one (tables.py): `card.info.X` is then two reads at fixed offsets

    @cython.locals(c=Card)
    cpdef Card copy(self)

@cython.locals(card=Card, out=list, iid=long)
cpdef list hosted(list cards, actors, long person)

@cython.locals(card=Card, out=list, iid=long)
cpdef list characters_in(list cards, list board)

cdef class Player:
    cdef public object idx, goldfish, hero, mulligans, seat, edges
    cdef public list deck, hand, grave, board, pool, actors
    cdef public dict ready, energy

    @cython.locals(card=Card, energy=dict)
    cpdef index_board(self, list cards)
    @cython.locals(card=Card, info=CardInfo)
    cpdef index_ready(self, list cards)
    @cython.locals(card=Card, info=CardInfo, iid=long)
    cpdef untap_all(self, list cards)
    cpdef add_ready(self, slug, iid)
    cpdef add_energy(self, slug, iid, tapped)
    cpdef remove_energy(self, slug, iid, tapped)

cdef class Edge:
    cdef public object idx, charge, locked, counter, locked_tick, adjacent

cdef class Item:
    cdef public object sid, ctrl, src, card, kind, effects, text
