# The compiled form's declarations of rng.py (rules/engine/native.py): SplitMix64's constants and the shuffle's
# locals as 64-bit unsigned C integers. C's unsigned arithmetic wraps modulo 2**64, which is what every `& _MASK`
# in rng.py does, so the compiled shuffle draws exactly the numbers the plain one does (tests/rules/test_rng.py).
cimport cython

cdef unsigned long long _MASK, _GAMMA, _MIX1, _MIX2

cdef class Rng:
    cdef public object state

    @cython.locals(state="unsigned long long", z="unsigned long long", value="unsigned long long",
                   last="unsigned long long", n="unsigned long long", i=Py_ssize_t, j=Py_ssize_t)
    cpdef shuffle(self, list items)
