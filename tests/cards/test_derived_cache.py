"""The caches of answers derived from the cards keep the most recently used ones, give a value to change only once,
and are emptied with the compiled catalogue."""
from cards.catalogue import DerivedCache, clear_cache


def test_a_full_cache_forgets_the_least_recently_used_answer():
    cache = DerivedCache(maxsize=2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "a" is now the most recently used: "b" goes first
    cache.put("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (1, None, 3)
    assert len(cache) == 2


def test_a_taken_value_is_no_longer_kept():
    cache = DerivedCache(maxsize=4)
    cache.put("state", {"turn": 1})
    assert cache.take("state") == {"turn": 1}
    assert cache.take("state") is None and cache.get("state") is None


def test_clearing_the_catalogue_empties_the_caches_derived_from_it():
    cache = DerivedCache(maxsize=4)
    cache.put("answer", 42)
    clear_cache()
    assert cache.get("answer") is None and len(cache) == 0
