"""The game's generator: the shuffle draws exactly the numbers `below` would, in the compiled form too (where it runs
on 64-bit C integers: rules/engine/rng.pxd)."""
import random

from rules.engine.rng import Rng


def _shuffled_by_below(rng: Rng, items: list) -> list:
    items = items[:]
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def test_shuffle_draws_what_below_draws():
    for seed in range(400):
        size = random.Random(seed).randrange(0, 130)
        a, b = Rng.from_seed(seed), Rng.from_seed(seed)
        items = list(range(size))
        a.shuffle(items)
        assert items == _shuffled_by_below(b, list(range(size))) and a.state == b.state


def test_shuffle_near_the_top_of_the_state():
    # A state just below 2**64 wraps on the first step: the C arithmetic must wrap exactly as `& _MASK` does.
    for state in ((1 << 64) - 1, (1 << 64) - 0x9E3779B97F4A7C15, 0, 1):
        a, b = Rng(state), Rng(state)
        items = list(range(64))
        a.shuffle(items)
        assert items == _shuffled_by_below(b, list(range(64))) and a.state == b.state
