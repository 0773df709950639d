# The compiled form's declarations of actions.py (rules/engine/native.py): an Action as a C-level class (issue 35),
# so that a compiled module holding one in a typed local reads its kind, player and arguments at fixed offsets, and
# move generation builds one (`new_action`) with an allocation from a free list and four field writes instead of a
# generic call of `tuple.__new__`. Every field keeps its Python value (`object`); `_id` caches the formatted id.
cimport cython

@cython.final
cdef class Action:   # its free list and no_gc: on the class in actions.py, where Cython reads them
    cdef readonly object kind, player, args, ctx
    cdef object _id

@cython.locals(a=Action)
cpdef Action new_action(kind, player, args, ctx)

cpdef bint _same(Action a, Action b)
