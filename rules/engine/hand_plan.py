"""A hand's plan: what move generation reads from a player's hand, kept per game by the hand's contents.

The hand changes far less often than its player is asked, so its offers' makings (one entry per name, its Energy
cards' offers, its cheapest cost, its Instants, its names) are found once per hand and reused; a card drawn or a card
gone is worked out from the plan of the hand before it. Split from legal.py, whose Action Phase and reaction windows
read it (issue 35).
"""
from __future__ import annotations

from .actions import new_action
from .state import State
from .tables import HAND_CAST, HAND_ENERGY


def hand_now(g: State, p: int, player) -> tuple:
    """The plan of player p's hand now (`hand_plan`), found without building the hand's tuple when the hand is the
    one last seen.

    The hand plan was found at every decision by a tuple of the hand, built, hashed and compared as a memo key
    (issue 35). A hand changes far less often than its player is asked (four decisions in five meet the hand last
    seen): the hand last seen and its plan are kept per game in the hand memo under the player's int index (a key
    no hand tuple meets), as (a copy of the hand, its plan), and the hand is compared with that copy (list ==:
    element by element, in C), building the tuple only when they differ. Equal lists make equal tuples, so the plan
    is the one the tuple would find, and the copy is never changed: nothing goes stale."""
    hand = player.hand
    last = g._hand_memo.get(p)
    if last is not None and last[0] == hand:
        return last[1]
    plan = hand_plan(g, p, hand)
    g._hand_memo[p] = (hand[:], plan)
    return plan


NOTHING_TO_PAY = 1 << 30  # the cheapest cost of a hand of Energy cards alone


def hand_plan(g: State, p: int, hand: list[int]) -> tuple:
    """What move generation reads from a hand, memoized per game by the hand's contents, which change far less
    often than the pool (and only player p's own cards are ever in p's hand, so p is fixed by them too):

    - entries: one per name (copies of a card offer the same actions), in hand order, as (iid, slug, info, its
      play_energy Action for an Energy card, else None);
    - the play_energy Actions alone, in hand order;
    - the cheapest total cost of the other cards: a pool holding less pays for none of them;
    - the Instants, as (iid, slug, info), in hand order: all a reaction window reads;
    - the names in it, a frozenset of slugs.
    Nothing else that can change goes into it (an iid never changes name), so it never goes stale. A card drawn
    (appended to a hand met before: over half of the new hands) extends that hand's plan."""
    key = tuple(hand)
    memo = g._hand_memo
    plan = memo.get(key)
    if plan is None:
        if len(memo) > 512:
            memo.clear()
        before = memo.get(key[:-1]) if key else None
        if before is not None:
            plan = memo[key] = plan_with(g, p, before, key[-1])
        else:
            plan = memo[key] = plan_without(g, key, memo.get(p)) or build_plan(g, p, key)
    return plan


def build_plan(g: State, p: int, hand: tuple) -> tuple:
    """The plan of `hand` made card by card (`hand_plan` says what it holds)."""
    cards = g.cards
    ctx = g.tb
    seen: set[str] = set()
    entries = []
    energy = []
    instants = []
    cheapest = NOTHING_TO_PAY
    for iid in hand:
        card = cards[iid]
        slug = card.slug
        if slug in seen:
            continue
        seen.add(slug)
        info = card.info
        if info.hand_code == HAND_ENERGY:
            offer = new_action("play_energy", p, (iid, slug), ctx)
            energy.append(offer)
            entries.append((iid, slug, info, offer))
            continue
        entries.append((iid, slug, info, None))
        if info.total < cheapest:
            cheapest = info.total
        if info.hand_code == HAND_CAST:
            instants.append((iid, slug, info))
    return tuple(entries), tuple(energy), cheapest, tuple(instants), frozenset(seen)


def plan_with(g: State, p: int, plan: tuple, iid: int) -> tuple:
    """A hand's plan with one more card at the end of the hand (what `build_plan` would make of it)."""
    card = g.cards[iid]
    slug = card.slug
    entries, energy, cheapest, instants, names = plan
    if slug in names:
        return plan  # a copy of a name already in hand offers nothing more
    names = names | {slug}
    info = card.info
    if info.hand_code == HAND_ENERGY:
        offer = new_action("play_energy", p, (iid, slug), g.tb)
        return entries + ((iid, slug, info, offer),), energy + (offer,), cheapest, instants, names
    if info.hand_code == HAND_CAST:
        instants = instants + ((iid, slug, info),)
    return entries + ((iid, slug, info, None),), energy, min(cheapest, info.total), instants, names


def plan_without(g: State, hand: tuple, last: tuple | None) -> tuple | None:
    """The plan of `hand` from the plan of the hand last seen (`last`: (that hand, its plan), as `hand_now` keeps
    it), when `hand` is that hand less one card: a card played, cast or discarded, which left `build_plan` to start
    over about once a turn (issue 35's eleventh lever). None when it is not, or when another copy of the card's name
    stays in hand behind it (its name's entry would move to that copy's place): `build_plan` then makes it.

    A later copy of a name leaving changes nothing (its first copy stays and offers the same); the only copy leaving
    takes its entry, its Energy offer or Instant, its name, and the cheapest cost if it was that cost."""
    if last is None:
        return None
    before = last[0]
    n = len(hand)
    if len(before) != n + 1:
        return None
    i = 0
    while i < n and _same(before[i], hand[i]):
        i += 1
    for j in range(i, n):
        if not _same(before[j + 1], hand[j]):
            return None
    gone = before[i]
    plan = last[1]
    entries, energy, cheapest, instants, names = plan
    k = 0
    while k < len(entries) and not _same(entries[k][0], gone):
        k += 1
    if k == len(entries):
        return plan  # a later copy of a name already in hand
    cards = g.cards
    entry = entries[k]
    info = entry[2]
    for j in range(i, n):
        card = cards[hand[j]]
        if card.info is info:
            return None  # a copy stays behind it: the name's entry moves (a name has one definition: tables.py)
    entries = entries[:k] + entries[k + 1:]
    if entry[3] is not None:
        energy = tuple([offer for offer in energy if offer is not entry[3]])
    else:
        if info.hand_code == HAND_CAST:
            instants = tuple([instant for instant in instants if instant[2] is not info])
        if info.total == cheapest:
            cheapest = NOTHING_TO_PAY
            for other in entries:
                info = other[2]
                if other[3] is None and info.total < cheapest:
                    cheapest = info.total
    return entries, energy, cheapest, instants, names - {entry[1]}


def _same(a: int, b: int) -> bool:
    """Whether two card ids are the same card: compared as C longs when compiled, not as Python ints."""
    return a == b
