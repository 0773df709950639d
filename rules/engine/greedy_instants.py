"""The greedy bot's Instants and paid reactions (issue 35): cast where they pay, held where nothing does.

Before issue 35 the greedy player passed every reaction window (but for free one-shot Passives) and valued an Instant
in its Action Phase only for Heal and damage, so in goldfish it cast 0.1 Instants a game and nearly every card left
in hand at the end was an Instant: the lab's card impact for an Instant measured the bot, not the card. Now, in every
window and at the start of its Action Phase, it weighs each Instant in hand and each paid reaction offered:

- against what the other side has on the stack (`threats`): Shield on the card the most Legacy is aimed at, Ward
  against damage, Heal that keeps a unit alive, Counter on the whole item;
- damage that kills an enemy character (its Legacy and the kill's bonus);
- before the Cataclysm (`endgame`), anything that still gains Legacy: an Instant kept to the end is worth nothing.

It casts the best one whose worth passes the energy it costs and `HOLD` (what keeping an Instant for a later, better
window is worth), tapping Energy towards it first if need be; otherwise it holds. It reads only its own hand and
the public board. Cheap by design: greedy is the play-out policy of the harder levels and of the lab, so the
common case (no Instant in hand, nothing on the stack) returns after one look at the hand.
"""
from __future__ import annotations

from typing import Any

from .actions import Action
from .game import GameState
from .greedy_pay import _affordable, _tap_for, _typed_demand
from .greedy_value import (
    DAMAGING,
    DISABLING,
    _charge_worth,
    _cheapest,
    _damage_cost,
    _enemy_damage_gain,
    _kill_cost,
    _per_hp,
    hits_enemy,
)
from .tables import HAND_CAST, CardInfo

LATE_MARGIN = 2       # an edge this close to locking locks within a Pyramid turn or two (about 1 charge a turn)
HOLD = 1.0            # Legacy an Instant kept in hand is worth before the endgame: most are never needed later
WINDOW_ENERGY = 0.5   # Legacy a unit of energy costs in a window (Energy tapped on the other turn untaps for mine)
MULTI = ("edges", "characters", "cards")   # targets that take one point per choice (Allocate), not the amount
PROTECTS = frozenset({"shield", "ward", "heal", "counter"})


def endgame(g: GameState) -> bool:
    """Whether the Cataclysm is about to come: every edge locked or within `LATE_MARGIN` of locking, or the
    Pyramid's last rounds (RULINGS 16). An Instant still in hand then is worth nothing."""
    if g.cataclysm_due or g.round >= g.full_circle - 1:
        return True
    near = g.tb.lock_at - LATE_MARGIN
    for edge in g.edges:
        if not edge.locked and edge.charge < near:
            return False
    return True


def threats(g: GameState, p: int) -> dict[int, list[float]]:
    """What the other side's items on the stack would cost me, per card of mine: [all harm, damage points]."""
    out: dict[int, list[float]] = {}
    cards = g.cards
    foes = g.foes[p]
    for item in g.stack:
        if item.ctrl not in foes:
            continue
        abilities = cards[item.src].info.abilities
        for effect in item.effects:
            if effect[0] < 0:
                continue
            ability = abilities[effect[0]]
            per = 1 if ability.target in MULTI else max(1, effect[1])
            for t in effect[2]:
                if type(t) is not int or t < 0 or cards[t].ctrl != p:
                    continue
                row = out.setdefault(t, [0.0, 0])
                if ability.keyword in DAMAGING:
                    row[1] += per
                else:
                    row[0] += _other_harm(g, p, t, ability.keyword, per)
    for t, row in out.items():
        if row[1]:
            row[0] += _damage_cost(g, p, t, row[1])
    return out


def _other_harm(g: GameState, p: int, t: int, kw: str, points: int) -> float:
    card = g.cards[t]
    info = card.info
    if kw == "destroy":
        return _kill_cost(g, t) if info.is_character else float(info.legacy_value + card.charge)
    if kw in ("drain", "steal"):
        return min(card.charge, points) * _charge_worth(g, p)
    if kw in DISABLING:
        return 0.5 if (info.use or info.reaction) else 0.0
    if kw in ("take-control", "unequip", "unattune"):
        return info.legacy_value + 1.0
    return 0.0


def worth(g: GameState, p: int, ability, threat: dict[int, list[float]], late: bool) -> float:
    """What one ability of an Instant or reaction gains now, in Legacy, for player p."""
    kw, amount = ability.keyword, ability.amount or 0
    if kw == "shield":
        return max((row[0] for row in threat.values()), default=0.0)
    if kw == "counter":
        return sum(row[0] for row in threat.values())
    if kw == "ward":
        saved = max((row[0] - _damage_cost(g, p, t, max(0, row[1] - amount))
                     for t, row in threat.items() if row[1]), default=0.0)
        return max(saved, _ward_late(g, p, amount) if late else 0.0)
    if kw == "heal":
        saved = max((_heal_saves(g, p, t, row, amount) for t, row in threat.items()), default=0.0)
        return max(saved, _heal_now(g, p, amount) if late else 0.0)
    if hits_enemy(ability):
        return _best_hit(g, p, amount, late)
    return 0.0


def _heal_saves(g: GameState, p: int, t: int, row: list, amount: int) -> float:
    """The harm a Heal on t takes out of the damage coming its way: only when it keeps the card alive."""
    card = g.cards[t]
    if not row[1] or not card.info.is_character or not card.damage:
        return 0.0
    healed = min(amount, card.damage)
    dealt = max(0, row[1] - card.ward)
    if dealt >= card.hp_left + healed:
        return 0.0  # it dies all the same
    return max(0.0, _damage_cost(g, p, t, row[1]) - dealt * _per_hp(card.info))


def _heal_now(g: GameState, p: int, amount: int) -> float:
    """The most Legacy a Heal of `amount` restores on one of my characters now (0.0 with none): the max over them,
    written as a loop (the compiled form's cpdef takes no generator; issue 35's seventh lever)."""
    cards = g.cards
    best = None
    for i in g.players[p].board:
        card = cards[i]
        info = card.info
        if info.is_character:
            value = min(amount, card.damage) * _per_hp(info)
            if best is None or value > best:
                best = value
    return 0.0 if best is None else best


def _ward_late(g: GameState, p: int, amount: int) -> float:
    """Ward before the Cataclysm: the points of it my stored charge will not absorb, on my Hero."""
    if g.players[p].hero < 0:
        return 0.0
    charge = sum(g.cards[i].charge for i in g.players[p].board)
    return float(min(amount, max(0, g.tb.cataclysm_damage - charge)))


def _best_hit(g: GameState, p: int, amount: int, late: bool) -> float:
    """Damage on the other side: what a kill gains (or, before the Cataclysm, any damage's Legacy)."""
    cards = g.cards
    tick = g.tick
    best = 0.0
    for q in g.foes[p]:
        for i in g.players[q].board:
            card = cards[i]
            if not card.info.is_character or card.shield >= tick:
                continue
            if late or card.hp_left + card.ward <= amount:
                best = max(best, _enemy_damage_gain(g, i, max(0, amount - card.ward)))
    return best


def choose(g: GameState, p: int, kinds: dict[str, list[Action]], window: bool) -> Action | None:
    """The cast, paid reaction or Energy tap that an Instant worth casting now asks for; None to hold."""
    best = wanted(g, p, kinds, window)
    if best is None:
        return None
    if isinstance(best, Action):
        return best
    return _buy(g, p, best, kinds)


def wanted(g: GameState, p: int, kinds: dict[str, list[Action]], window: bool) -> Any:
    """The Instant in hand (its card info) or paid reaction (its action) worth casting now, or None.

    It runs at every decision of an Action Phase and every window, mostly with Instants held in hand and nothing to
    answer: then only an Instant that deals damage can pay (by killing), and the others are not weighed at all.
    Without reactions offered it reads neither the pool nor which Energy is tapped (the greedy player's kept plan
    relies on it: greedy_pay._Plan)."""
    cards = g.cards
    reacts = [a for a in kinds["react"] if cards[a.args[0]].info.abilities[a.args[2]].trigger != "passive"] \
        if "react" in kinds else ()
    hand = []
    player = g.players[p]
    for i in player.hand:   # a loop, so the compiled form reads each card's offer code at a fixed offset
        card = cards[i]
        info = card.info
        if info.hand_code == HAND_CAST:   # an Instant (tables.HAND_CODES), compared as an int
            hand.append(i)
    if not hand and not reacts:
        return None
    threat = threats(g, p) if g.stack else {}
    late = endgame(g)
    if not threat and not late:
        hits = []
        for i in hand:
            card = cards[i]
            if _hits(card.info):
                hits.append(i)
        hand = hits
        if not hand and not reacts:
            return None
        for q in g.foes[p]:   # a loop, not any(...): the compiled form's cpdef takes no generator
            if g.players[q].board:
                break
        else:
            return None  # no enemy character to kill and nothing to answer: hold
    return _weigh(g, p, window, hand, reacts, threat, late)


_HITS: dict[str, bool] = {}


def _hits(info: CardInfo) -> bool:
    """Whether an Instant deals damage to the other side (kept by name: a card's abilities never change)."""
    found = _HITS.get(info.slug)
    if found is None:
        found = False
        for i in info.instant:   # a loop, not any(...): the compiled form's cpdef takes no generator
            if hits_enemy(info.abilities[i]):
                found = True
                break
        _HITS[info.slug] = found
    return found


def _weigh(g: GameState, p: int, window: bool, hand: list, reacts, threat: dict, late: bool) -> Any:
    """The best Instant in hand (its card info) or paid reaction (its action) worth casting now, or None."""
    cards = g.cards
    per_energy = WINDOW_ENERGY if window else 1.0
    best: Any = None
    best_net = 0.0 if late else HOLD
    seen: set = set()
    for iid in hand:
        info = cards[iid].info
        if info.slug in seen:
            continue
        seen.add(info.slug)
        gain = 0.0
        for i in info.instant:
            gain += worth(g, p, info.abilities[i], threat, late)
        net = gain - per_energy * (sum(info.req) + info.any)
        if net > best_net:
            best, best_net = info, net
    for a in reacts:
        ability = cards[a.args[0]].info.abilities[a.args[2]]
        net = worth(g, p, ability, threat, late) - per_energy * sum(a.args[3])
        if net > best_net:
            best, best_net = a, net
    return best


def _buy(g: GameState, p: int, info, kinds: dict[str, list[Action]]) -> Action | None:
    """Cast the Instant if the pool pays for it, else tap the next Energy towards it (None: it cannot be paid)."""
    demand = _typed_demand(g, p)
    offered = [a for a in kinds.get("cast", ()) if a.args[1] == info.slug]
    if offered:
        return _cheapest(g, offered, demand)
    player = g.players[p]
    vpool = list(player.pool)
    for iids in player.ready.values():
        if iids:
            vpool[g.cards[iids[0]].info.produces] += len(iids)
    if not _affordable(info.req, info.any, vpool):
        return None
    return _tap_for(g, p, info.req, info.any, kinds.get("tap", ()), demand)


def protect_target(g: GameState, p: int, actions: list[Action]) -> Action | None:
    """The target of my Shield, Ward or Heal being cast against a threat: the card the threat costs most."""
    item = g.building
    if item is None or not g.stack or item.ctrl != p:
        return None
    pending = g.pending[-1] if g.pending else {}
    if "eff" not in pending:
        return None
    ability = g.cards[item.src].info.abilities[item.effects[pending["eff"]][0]]
    if ability.keyword not in PROTECTS:
        return None
    threat = threats(g, p)
    best, best_harm = None, 0.0
    for a in actions:
        if a.kind == "target" and type(a.args[2]) is int and a.args[2] in threat:
            harm = threat[a.args[2]][0]
            if harm > best_harm:
                best, best_harm = a, harm
    return best
