# The compiled form's declarations of payment.py (rules/engine/native.py): the payment search's counters and
# indexes as C integers (a pool holds a few dozen energy at most), its lists as lists, and its recursion a C call.
# The functions stay what they are in Python.
cimport cython

# The module's memos as C-level dicts: `_MEMO.get(key)` on an untyped global is a Python method call (the method
# looked up by name, a bound method made and called: over a thousand instructions a payment search in a random game,
# issue 35); on a dict declared here it is one C look-up. Nothing outside this module reads them.
cdef dict _MEMO, _TEXTS, _CODES, COUNTER_CODES

@cython.locals(rest=list, base=list, out=list, i=Py_ssize_t)
cpdef tuple payments(req, any_, pool)

@cython.locals(i=Py_ssize_t, last=Py_ssize_t, take=Py_ssize_t, take_max=Py_ssize_t, remaining_after=Py_ssize_t)
cpdef _split(Py_ssize_t left, Py_ssize_t start, list rest, list acc, list out)

# What a pool affords (move generation: legal.py cimports these).
cdef class PoolView:
    cdef public object pool, counter_keys, counter_code
    cdef public long funds   # the pool's sum: compared with a card's floors and costs in C
    cdef public list pays
    cpdef tuple pay_for(self, cost_id, req, any_)

# A pool's key packed in a C long (the counts read as C longs: the bounds are in payment.py).
@cython.locals(n=long, key=long)
cpdef pool_key(list pool)

cpdef PoolView pool_view(ctx, list pool)
