"""The greedy bot's reckoning in Legacy points (rulebook: Legacy Scoring), and what it buys in its Action Phase.

A stored charge counter is worth about one point (it absorbs one point of Cataclysm damage), a Person its HP x rarity
multiplier, other permanents their flat value. In its Action Phase it plays its Energy, drains its Scenes before they
burn the Hero, and buys what gains the most Legacy for the energy (`_action_phase`); `greedy.GreedyBot` calls it, and
scores targets and damage with the same values.
"""
from __future__ import annotations

from typing import Any, Iterable

from .actions import Action
from .game import GameState
from .greedy_pay import _affordable, _key_rank, _pay_of, _pay_score, _tap_for, _typed_demand
from .tables import AbilityInfo, cost_vector

# Keywords by what they do to the card they hit, seen from the target's controller.
HELPFUL = frozenset({"heal", "shield", "ward", "fortify", "stabilize", "resurrect", "revive", "equip", "attune"})
EDGE_ADDING = frozenset({"accelerate", "charge"})
DAMAGING = frozenset({"strike", "allocate"})
DISABLING = frozenset({"disrupt", "delay", "suppress"})
HERO_LOSS = 6.0          # Legacy-equivalent of losing a Hero before the Cataclysm (its HP and its abilities)
FIRST_BATTERY = 20.0     # a first Battery turns every later unspent energy into charge instead of Arc Burn


def _first(actions: Iterable[Action], kind: str) -> Action:
    return next(a for a in actions if a.kind == kind)


def by_kind(actions: Iterable[Action]) -> dict[str, list[Action]]:
    """The actions grouped by kind, each group in the order offered.

    Plainly: `for a in actions: groups.setdefault(a.kind, []).append(a)`. The legal actions come in runs of one
    kind, so the group is looked up once a run, not once an action (this runs at every decision of the greedy bot):
    `is` tells that the run goes on (each kind is one interned literal; were two equal kinds ever different objects,
    it would only look the same group up again). In the compiled form `a` is a typed local (greedy_value.pxd), so
    its kind is a field read at a fixed offset."""
    groups: dict[str, list[Action]] = {}
    if type(actions) is not list:
        kind = group = None
        for a in actions:
            if a.kind is not kind:
                kind = a.kind
                group = groups.get(kind)
                if group is None:
                    group = groups[kind] = []
            group.append(a)
        return groups
    # A list (the legal actions always are): each run taken whole as one slice (issue 35's seventh lever), and
    # extended only if its kind came in an earlier run.
    offered = actions   # typed as a list in the compiled form (greedy_value.pxd)
    n = len(offered)
    start = 0
    while start < n:
        a = offered[start]
        kind = a.kind
        end = start + 1
        while end < n:
            a = offered[end]
            if a.kind is not kind:
                break
            end += 1
        group = groups.get(kind)
        if group is None:
            groups[kind] = offered[start:end]
        else:
            group.extend(offered[start:end])
        start = end
    return groups


# ---------------------------------------------------------------- what things are worth
def _charge_total(g: GameState, p: int) -> int:
    return sum(g.cards[i].charge for i in g.players[p].board)


def _charge_worth(g: GameState, p: int) -> float:
    """Legacy a stored charge counter is worth: 1 until the charge would absorb the whole Cataclysm."""
    return 1.0 if _charge_total(g, p) < g.tb.cataclysm_damage else 0.0


def _equipped_charge(g: GameState, person: int) -> int:
    """The charge on the equipment a Person carries (a loop over typed locals in the compiled form, not a sum over
    a generator: issue 35's seventh lever)."""
    cards = g.cards
    total = 0
    for e in g.equipment_on(person):
        card = cards[e]
        total += card.charge
    return total


def _equipment_value(g: GameState, person: int) -> int:
    """The Legacy of the equipment a Person carries (a loop, as `_equipped_charge`)."""
    cards = g.cards
    total = 0
    for e in g.equipment_on(person):
        card = cards[e]
        total += card.info.legacy_value
    return total


def _per_hp(info) -> float:
    return 1.0 if info.type == "hero" else float(info.legacy_mult)


def _kill_cost(g: GameState, iid: int) -> float:
    """Legacy lost if one of my characters is destroyed now: its HP's worth, its equipment, a Hero's abilities."""
    card = g.cards[iid]
    if card.info.type == "hero":
        return card.hp_left + HERO_LOSS
    return card.hp_left * card.info.legacy_mult + _equipment_value(g, iid)


def _damage_cost(g: GameState, p: int, iid: int, points: int, already: int = 0) -> float:
    """Legacy lost when my card takes `points` more damage (after `already`), before the Cataclysm."""
    card = g.cards[iid]
    info = card.info
    if info.is_character:
        dealt = max(0, already + points - card.ward) - max(0, already - card.ward)
        hp_after = card.hp_left - max(0, already - card.ward) - dealt
        if hp_after <= 0:
            return _kill_cost(g, iid)
        if info.type == "person" and _equipped_charge(g, iid) > hp_after:
            return _kill_cost(g, iid)  # Overload at the End Phase
        return dealt * _per_hp(info)
    # Cards without HP lose charge instead (a Scene's charge only burns the Hero; an empty card loses nothing).
    lost = max(0, min(card.charge - already, points))
    if info.type == "scene":
        return -0.5 * lost if g.players[p].hero >= 0 else lost * 1.0
    return lost * _charge_worth(g, p)


def _enemy_damage_gain(g: GameState, iid: int, points: int, already: int = 0) -> float:
    card = g.cards[iid]
    info = card.info
    if info.is_character:
        left = card.hp_left - already
        if left <= 0:
            return 0.0
        if points >= left:
            return left * _per_hp(info) + (HERO_LOSS if info.type == "hero" else info.legacy_mult)
        return points * _per_hp(info)
    return float(max(0, min(card.charge - already, points)))


def _entry_harm(info, side: "_Side") -> float:
    """Self-damage a card's When-enters abilities will force when the opponent offers no target."""
    harm = 0.0
    for index in info.enters:
        ability = info.abilities[index]
        if ability.keyword in DAMAGING and ability.target in ("character", "characters", "card", "cards") \
                and not side.opp_chars:
            harm += ability.amount or 0
    return harm


# ---------------------------------------------------------------- the Action Phase
def _action_phase(g: GameState, p: int, by_kind: dict[str, list[Action]], plan: Any) -> Action:
    """`plan`: what the greedy player worked out for this payment (`greedy_pay._Plan`, kept across its Energy taps)."""
    if "play_energy" in by_kind:
        return by_kind["play_energy"][0]
    cards = g.cards
    side = plan.side
    if side is None:
        side = plan.side = _Side(g, p)
    if side.hero_alive and side.charged_scene:
        # A charged Scene burns the Hero every turn: spend its charge now and let it go Dormant (all of it: the
        # amount asked next, GreedyBot takes the largest).
        for a in by_kind.get("tap_charge", ()):
            if cards[a.args[0]].info.is_scene:  # is_scene: type == "scene" (tables.py)
                return a
    buy = _best_purchase(g, p, plan, by_kind)
    if buy is not None:
        return buy
    if side.battery and side.charge_worth > 0:
        # Everything left becomes charge: tap the rest of the Energy and add Battery counters with it.
        if "tap" in by_kind:
            return by_kind["tap"][0]
        # The counter paid with the energy to spend first, then on the earliest card: the first action with the
        # least (_key_rank(pool key), card), as min() with that key picks, written as a loop without a key tuple.
        best, best_rank, best_card = None, 0, 0
        for a in by_kind.get("add_counter", ()):
            iid, _, key = a.args
            rank = _key_rank(key)
            if best is None or rank < best_rank or (rank == best_rank and iid < best_card):
                best, best_rank, best_card = a, rank, iid
        if best is not None:
            return best
    return by_kind["end_turn"][0]


class _Want:
    """Something the bot could buy this turn: its cost, its worth and the legal actions that buy it."""

    __slots__ = ("net", "cost", "req", "any", "actions", "order", "verb")

    def __init__(self, net: float, req: tuple, any_: int, actions: list[Action], order: Any, verb: tuple = (),
                 cost: Any = None):
        self.net, self.req, self.any, self.actions, self.order = net, req, any_, actions, order
        # `cost`: the sum when the caller knows it already (the ranking: `CardInfo.total`, a `meta` row's total)
        self.cost = sum(req) + any_ if cost is None else cost
        self.verb = verb  # (action kind, and what picks its actions out: see _offered)


class _Side:
    """What the bot needs to know about its own side once per decision."""

    __slots__ = ("battery", "charge", "charge_worth", "hero_alive", "mine", "enemies", "enemy_charge", "opp_chars",
                 "charged_scene")

    def __init__(self, g: GameState, p: int):
        self.read(g, p)

    def read(self, g: GameState, p: int) -> None:
        """One walk of each board (this runs at every decision of the Action Phase; a method of its own, not
        `__init__`, so that the compiled form can declare its locals' types: bots.pxd)."""
        cards = g.cards
        battery, charge, mine, charged_scene = False, 0, [], False
        for i in g.players[p].board:
            card = cards[i]
            info = card.info
            charge += card.charge
            if info.is_battery:
                battery = True
            elif info.is_character:
                mine.append(i)
            elif info.is_scene and card.charge > 0:
                charged_scene = True
        enemies, enemy_charge = [], 0
        for q in g.foes[p]:   # every opponent's board (the other player's, in the printed game)
            for i in g.players[q].board:
                card = cards[i]
                enemy_charge += card.charge
                info = card.info
                if info.is_character:
                    enemies.append(i)
        self.battery = battery
        self.charge = charge   # the charge its own cards in play hold (the kept plan adds its Battery counters)
        self.charge_worth = 1.0 if charge < g.tb.cataclysm_damage else 0.0  # _charge_worth, from the same walk
        self.hero_alive = g.players[p].hero >= 0
        self.mine = mine
        self.enemies = enemies
        self.enemy_charge = enemy_charge
        self.opp_chars = bool(enemies)
        # A Scene of its own in play holding charge: only then may an offer spend a Scene's whole charge (the charge
        # a player may spend is that of its own cards in play, at least 1 at a time).
        self.charged_scene = charged_scene


def _best_purchase(g: GameState, p: int, plan: Any, by_kind: dict) -> Action | None:
    """The next step towards the best thing to buy: buy it if the pool pays for it, or tap Energy towards it. The
    ranking and the pool once every Energy is tapped are the plan's, kept across the payment's Energy taps (a tap
    moves one energy from an untapped card to the pool: that pool stays the same)."""
    ranked = plan.ranked
    if ranked is None:
        # Worked out afresh: the plan is what keeps the ranking across a payment (issue 35's seventh lever; the
        # memo of the quiet span this replaced was never found in 120 whole games).
        ranked = plan.ranked = _rank_wants(g, p, plan.side)
        plan.afford = None
    wants, demand = ranked
    vpool = plan.vpool
    if vpool is None:
        player = g.players[p]
        cards = g.cards
        vpool = list(player.pool)  # the pool once every untapped Energy card is tapped (the index of them, by name)
        for iids in player.ready.values():
            if iids:
                vpool[cards[iids[0]].info.produces] += len(iids)
        plan.vpool = vpool
        plan.afford = None
    # Whether that pool pays for each want, kept with the plan (issue 35's seventh lever): `_affordable` reads only
    # the want and `vpool`, and both stay the same objects, unchanged, until the plan counts either again (above).
    afford = plan.afford
    if afford is None:
        afford = plan.afford = [None] * len(wants)
    i = 0
    for want in wants:
        offered = _offered(want, by_kind)
        if offered:
            return _cheapest(g, offered, demand)
        ok = afford[i]
        if ok is None:
            ok = afford[i] = _affordable(want.req, want.any, vpool)
        if ok:
            tap = _tap_for(g, p, want.req, want.any, by_kind.get("tap", ()), demand)
            if tap is not None:
                return tap
        i += 1
    return None


def _cheapest(g: GameState, offered: list[Action], demand: list[int]) -> Action:
    """`min(offered, key=lambda a: (_pay_score(_pay_of(a), demand), -_host_rank(g, a), a.id))` written as a loop:
    the first offer with the least key. The ids are compared only between offers equal on the first two (issue 35's
    fourth lever): formatting an offer's id costs more than the rest of its key, and an offer is mostly alone."""
    best = None
    best_score = best_rank = 0.0
    for a in offered:
        score = _pay_score(_pay_of(a), demand)
        rank = -_host_rank(g, a)
        if best is None or score < best_score or (score == best_score and (
                rank < best_rank or (rank == best_rank and a.id < best.id))):
            best, best_score, best_rank = a, score, rank
    return best


def _rank_wants(g: GameState, p: int, side: "_Side") -> tuple[list[_Want], list[int]]:
    """What is worth buying (cards in hand, Use abilities in play), best first, and the typed energy the hand asks
    for. The greedy player's plan keeps it across a payment's Energy taps and Battery counters.

    A card's energy is its `CardInfo.total` (the sum of its typed requirements and its Colorless amount, worked out
    once by the tables) and a Use ability's cost its `CardInfo.meta` row (the typed requirements, the Colorless
    amount and their sum, worked out once by offers.plan_offers with the same `cost_vector`): the same numbers the
    ranking summed at every call before issue 35's seventh lever."""
    player = g.players[p]
    cards = g.cards
    energy_cost = (1.0 if side.battery else 0.25) * (side.charge_worth or 0.25)
    demand = _typed_demand(g, p)
    wants: list[_Want] = []
    seen: set[str] = set()
    hosts = None
    for iid in player.hand:
        info = cards[iid].info
        if info.slug in seen or info.type == "energy":
            continue
        seen.add(info.slug)
        gain = _card_gain(g, p, info, side)
        if gain is None:
            continue
        net = gain - energy_cost * info.total
        if net <= 0:
            continue
        if info.is_equipment:
            if hosts is None:
                hosts = frozenset([i for i in player.board if cards[i].info.type == "person" and _safe_host(g, i)])
            if not hosts:
                continue
            verb = ("equip", info.slug, hosts)
        else:
            kind = info.type
            verb = ("summon" if kind == "person" else ("cast" if kind == "instant" else "play"), info.slug, None)
        wants.append(_Want(net, info.req, info.any, [], (0, info.slug), verb, info.total))
    for iid, index, ability in usable_abilities(g, p):
        gain = _ability_gain(g, side, iid, ability)
        if gain <= 0:
            continue
        info = cards[iid].info
        row = info.meta[index] if info.meta is not None else None
        if row is not None:
            req, any_, total = row[0], row[1], row[6]
        else:   # tables whose offers were never planned (no GameState built on them): the same figures, summed
            req, any_ = cost_vector(ability.cost)
            total = sum(req) + any_
        net = gain - energy_cost * total
        if net <= 0:
            continue
        wants.append(_Want(net, req, any_, [], (1, info.slug, iid, index), ("activate", iid, index), total))
    if len(wants) > 1:   # nothing to order in one want or none
        wants.sort(key=_want_rank)
    return wants, demand


def _want_rank(w: _Want) -> tuple:
    """Best first: the most net Legacy, then the dearest, then the offer order."""
    return (-w.net, -w.cost, w.order)


def _offered(want: _Want, by_kind: dict) -> list[Action]:
    """The legal actions that buy `want` now (none when the pool cannot pay for it yet)."""
    kind, what, which = want.verb
    activate = kind == "activate"   # what: the card, which: the ability's index
    equip = kind == "equip"         # what: the equipment's name, which: the Persons that may safely carry it
    out = []
    for a in by_kind.get(kind, ()):   # a loop, not a comprehension: the offer is a typed local when compiled
        args = a.args
        if activate:
            if args[0] == what and args[2] == which:
                out.append(a)
        elif args[1] == what and (not equip or args[2] in which):
            out.append(a)
    return out


def usable_abilities(g: GameState, p: int) -> list[tuple[int, int, Any]]:
    """(card, ability index, ability) for each Use ability of player p's cards in play that may be used now and whose
    charge cost its card holds (a Hero's Use abilities do not need it untapped)."""
    cards = g.cards
    out = []
    player = g.players[p]
    for iid in player.actors:  # a card with Use abilities is never inert: the board's actors, in board order
        card = cards[iid]
        info = card.info
        if not info.use or (card.tapped and info.type != "hero") or not g.can_activate(card):
            continue
        for index in info.use:
            ability = info.abilities[index]
            if ability.charge_cost <= card.charge:
                out.append((iid, index, ability))
    return out


def _card_gain(g: GameState, p: int, info, side: _Side) -> float | None:
    """Legacy a card from hand adds if played now (None: not worth playing)."""
    kind = info.type
    if kind == "person":
        return info.hp * info.legacy_mult - _entry_harm(info, side)
    if kind == "battery":
        bonus = 0.0 if side.battery else FIRST_BATTERY
        return info.legacy_value + info.charge * side.charge_worth + bonus
    if kind == "scene":
        return info.legacy_value + info.charge * (1.0 if side.hero_alive else side.charge_worth) \
            - _entry_harm(info, side)
    if info.is_equipment:
        return info.legacy_value + info.charge * side.charge_worth
    if kind == "instant":
        gain = 0.0
        for index in info.instant:
            gain += _ability_gain(g, side, -1, info.abilities[index])
        return gain if gain > 0 else None
    return None


def _ability_gain(g: GameState, side: _Side, src: int, ability) -> float:
    """What an ability is worth now, in Legacy, for its controller (0 when it would only hurt or do nothing)."""
    kw, target, amount = ability.keyword, ability.target, ability.amount or 0
    cards = g.cards
    if kw == "heal":
        if target == "equipped_person":
            pool = [cards[src].host] if src >= 0 and cards[src].host >= 0 else []
        else:
            pool = side.mine
        best = 0.0
        for i in pool:
            card = cards[i]
            damage = card.damage
            if damage:
                best = max(best, min(amount, damage) * _per_hp(card.info))
        return best
    if kw == "buff":
        return float(amount) if side.battery else 0.0
    if kw == "fortify" and target != "none":
        return 0.8 * amount if side.mine else 0.0
    if hits_enemy(ability):
        return 1.5 * amount if side.enemies else 0.0
    if kw == "steal":
        return float(min(amount, side.enemy_charge)) if side.battery else 0.0
    return 0.0


def hits_enemy(ability: AbilityInfo) -> bool:
    """Whether an ability deals damage it may aim at the other side: a Strike or Allocate not limited to its own."""
    return ability.keyword in DAMAGING and not ability.target.startswith("own")


def _safe_host(g: GameState, person: int) -> bool:
    """A Person that can take one more equipment counter without Overload, with a point to spare."""
    card = g.cards[person]
    return card.info.type == "person" and _equipped_charge(g, person) + 1 < card.hp_left + (
        1 if card.info.legacy_mult > 2 else 0)


def _host_rank(g: GameState, a: Action) -> float:
    """Equip the Person the Cataclysm reaches last (the highest Legacy per HP), then the one with most room."""
    if a.kind != "equip":
        return 0.0
    host = g.cards[a.args[2]]
    return host.info.legacy_mult * 100 + host.hp_left - _equipped_charge(g, a.args[2])


# ---------------------------------------------------------------- End Phase: Arc Burn
