"""Bots that play from `state.legal_actions()`: a seeded uniform-random player and a greedy Legacy heuristic.

`get_bot(name, seed)` builds one; `play_turn` and `play_out` let it act for the rest of a turn or a game. A bot only
ever returns one of the actions the engine offers, so whatever it does is legal.

The greedy bot values everything in Legacy points (rulebook: Legacy Scoring): a stored charge counter is worth about
one point (it absorbs one point of Cataclysm damage), a Person its HP x rarity multiplier, other permanents their
flat value. It plays its Energy, drains its Scenes before they burn the Hero, buys what gains the most Legacy for the
energy, stores what is left on Batteries, deflects discharges and puts Cataclysm damage where it costs least.
"""
from __future__ import annotations

import heapq
import random
from typing import Any, Iterable

from .actions import Action
from .game import GameState
from .legal import legal_actions as generate_actions
from .tables import BUFF, COLORLESS, EDGE_NAMES, cost_vector

# Keywords by what they do to the card they hit, seen from the target's controller.
HELPFUL = frozenset({"heal", "shield", "ward", "fortify", "stabilize", "resurrect", "revive", "equip", "attune"})
EDGE_ADDING = frozenset({"accelerate", "charge"})
DAMAGING = frozenset({"strike", "allocate"})
DISABLING = frozenset({"disrupt", "delay", "suppress"})
CHARACTERS = ("person", "hero")
HERO_LOSS = 6.0          # Legacy-equivalent of losing a Hero before the Cataclysm (its HP and its abilities)
FIRST_BATTERY = 20.0     # a first Battery turns every later unspent energy into charge instead of Arc Burn
UNKNOWN_NAME = "bot_unknown"


class Bot:
    """A player that picks one of the legal actions of a state."""

    name = "bot"

    def __init__(self, seed: int = 0):
        self.seed = int(seed)

    def choose(self, state: GameState) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} seed={self.seed}>"


class RandomBot(Bot):
    """Uniformly random among the legal actions, from its own seeded generator (same seed, same game)."""

    name = "random"

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.rng = random.Random(self.seed)
        # randrange(n) is _randbelow(n) after argument checks; calling it directly draws the very same numbers
        # and spares the checks on the hot path (the engine benchmark's random games).
        self._below = getattr(self.rng, "_randbelow", self.rng.randrange)

    def choose(self, state: GameState) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no legal action: the game is over")
        return actions[self._below(len(actions))]


class GreedyBot(Bot):
    """A one-step Legacy heuristic; deterministic (the seed is kept only for a uniform interface)."""

    name = "greedy"

    def choose(self, state: GameState) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no legal action: the game is over")
        if len(actions) == 1:
            return actions[0]
        p = state.current_player
        kinds = by_kind(actions)  # kind -> its actions, in the order offered (one pass serves every test below)
        if "mulligan" in kinds:
            return kinds["mulligan"][0]  # only offered for a hand without Energy
        if "first_player" in kinds:
            return next((a for a in kinds["first_player"] if a.args[0] == p), actions[0])
        if "trigger" in kinds:
            return kinds["trigger"][0]  # a start-of-turn Passive (a state saved before RULINGS 39 moved them): free
        if "target" in kinds or "assign" in kinds:
            return _choose_target(state, p, actions)
        if "store_charge" in kinds or "burn" in kinds:
            return _arc_burn(state, p, actions)
        if "absorb" in kinds or "deflect" in kinds:
            return _discharge(state, p, actions)
        if "assign_damage" in kinds:
            return _cataclysm(state, p, actions)
        if "end_turn" in kinds:
            return _action_phase(state, p, kinds)
        if "react" in kinds:
            free = _free_passive(state, kinds["react"])
            if free is not None:
                return free  # a one-shot Passive in a reaction window: always worth its free effect (RULINGS 39)
        if "pass" in kinds:
            return kinds["pass"][0]
        return actions[0]


def _free_passive(state: GameState, reacts: list) -> Action | None:
    """The first one-shot Passive among a window's reactions (they cost nothing; reactions with a cost are left)."""
    cards = state.cards
    for a in reacts:
        if cards[a.args[0]].info.abilities[a.args[2]].trigger == "passive":
            return a
    return None


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}




def get_bot(name: str, seed: int = 0) -> Bot:
    """Build a bot by name ("random" or "greedy"); raise ValueError naming the known ones otherwise."""
    cls = BOTS.get(name)
    if cls is None:
        raise ValueError(f"{UNKNOWN_NAME}: unknown bot '{name}' (choose from {', '.join(sorted(BOTS))})")
    return cls(seed)


def play_turn(state: GameState, bot: Bot, *, max_actions: int = 10_000) -> list[Action]:
    """Let the bot act for the player deciding now until the turn moves on (to another player, the Pyramid or a
    new turn) or the game ends; return the actions applied."""
    done: list[Action] = []
    if state.is_over:
        return done
    player, turn = state.current_player, _turn_of(state)
    while not state.is_over and state.current_player == player and _turn_of(state) == turn:
        if len(done) >= max_actions:
            raise RuntimeError(f"bot_stalled: {bot.name} took {max_actions} actions in one turn")
        action = bot.choose(state)
        state.apply(action)
        done.append(action)
    return done


def play_out(state: GameState, bot: Bot, *, max_actions: int = 100_000) -> int:
    """Let the bot make every decision (for both seats) until the game is over; return how many it made."""
    if type(bot) is RandomBot:
        return _play_out_random(state, bot, max_actions)
    count = 0
    while not state.is_over:
        if count >= max_actions:
            raise RuntimeError(f"bot_stalled: the game did not end within {max_actions} actions")
        state.apply(bot.choose(state))
        count += 1
    return count


def _play_out_random(state: GameState, bot: RandomBot, max_actions: int) -> int:
    """`play_out` for the random bot, which bulk simulation and the engine benchmark run by the thousand: the same
    choices as `RandomBot.choose` (`Random._randbelow` written out: the very same draws from the same generator),
    applied with `apply_legal`, since an action picked from the state's own list needs no search to be checked."""
    getrandbits = bot.rng.getrandbits
    apply_legal = state.apply_legal  # leaves no list cached: each state's list is generated afresh below
    count = 0
    while state.phase != "over":
        if count >= max_actions:
            raise RuntimeError(f"bot_stalled: the game did not end within {max_actions} actions")
        actions = state._legal = generate_actions(state)
        n = len(actions)
        if not n:
            raise ValueError("no legal action: the game is over")
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        apply_legal(actions[r])
        count += 1
    return count


def _turn_of(state: GameState) -> Any:
    tick = getattr(state, "tick", None)
    return tick if tick is not None else state.view()["turn"]


def _first(actions: Iterable[Action], kind: str) -> Action:
    return next(a for a in actions if a.kind == kind)


def by_kind(actions: Iterable[Action]) -> dict[str, list[Action]]:
    """The actions grouped by kind, each group in the order offered.

    Plainly: `for a in actions: groups.setdefault(a.kind, []).append(a)`. The legal actions come in runs of one
    kind, so the group is looked up once a run, not once an action (this runs at every decision of the greedy bot):
    `is` tells that the run goes on (each kind is one interned literal; were two equal kinds ever different objects,
    it would only look the same group up again). The kind is read by name: in the compiled form `a[0]` on a tuple
    subclass goes through a Python-level call (the sequence slot CPython gives such a class) and costs three times
    the named field's descriptor."""
    groups: dict[str, list[Action]] = {}
    kind = group = None
    for a in actions:
        if a.kind is not kind:
            kind = a.kind
            group = groups.get(kind)
            if group is None:
                group = groups[kind] = []
        group.append(a)
    return groups


# ---------------------------------------------------------------- what things are worth
def _charge_total(g: GameState, p: int) -> int:
    return sum(g.cards[i].charge for i in g.players[p].board)


def _charge_worth(g: GameState, p: int) -> float:
    """Legacy a stored charge counter is worth: 1 until the charge would absorb the whole Cataclysm."""
    return 1.0 if _charge_total(g, p) < g.tb.cataclysm_damage else 0.0


def _equipped_charge(g: GameState, person: int) -> int:
    return sum(g.cards[e].charge for e in g.equipment_on(person))


def _equipment_value(g: GameState, person: int) -> int:
    return sum(g.cards[e].info.legacy_value for e in g.equipment_on(person))


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
    if info.type in CHARACTERS:
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
    if info.type in CHARACTERS:
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
def _action_phase(g: GameState, p: int, by_kind: dict[str, list[Action]]) -> Action:
    if "play_energy" in by_kind:
        return by_kind["play_energy"][0]
    cards = g.cards
    if g.players[p].hero >= 0:
        # A charged Scene burns the Hero every turn: spend its charge now and let it go Dormant.
        for a in by_kind.get("tap_charge", ()):
            args = a.args
            card = cards[args[0]]
            info = card.info
            if info.is_scene and args[2] == card.charge:  # is_scene: type == "scene" (tables.py)
                return a
    side = _Side(g, p)
    plan = _best_purchase(g, p, side, by_kind)
    if plan is not None:
        return plan
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


def _key_rank(key: int) -> int:
    """Spend Buff first (it expires), then Colorless, then typed energy."""
    return 0 if key == BUFF else (1 if key == COLORLESS else 2 + key)


class _Want:
    """Something the bot could buy this turn: its cost, its worth and the legal actions that buy it."""

    __slots__ = ("net", "cost", "req", "any", "actions", "order", "verb")

    def __init__(self, net: float, req: tuple, any_: int, actions: list[Action], order: Any, verb: tuple = ()):
        self.net, self.req, self.any, self.actions, self.order = net, req, any_, actions, order
        self.cost = sum(req) + any_
        self.verb = verb  # (action kind, and what picks its actions out: see _offered)


class _Side:
    """What the bot needs to know about its own side once per decision."""

    __slots__ = ("battery", "charge_worth", "hero_alive", "mine", "enemies", "enemy_charge", "opp_chars")

    def __init__(self, g: GameState, p: int):
        self.read(g, p)

    def read(self, g: GameState, p: int) -> None:
        """One walk of each board (this runs at every decision of the Action Phase; a method of its own, not
        `__init__`, so that the compiled form can declare its locals' types: bots.pxd)."""
        cards = g.cards
        battery, charge, mine = False, 0, []
        for i in g.players[p].board:
            card = cards[i]
            info = card.info
            charge += card.charge
            if info.is_battery:
                battery = True
            elif info.type in CHARACTERS:
                mine.append(i)
        enemies, enemy_charge = [], 0
        for i in g.players[1 - p].board:
            card = cards[i]
            enemy_charge += card.charge
            info = card.info
            if info.type in CHARACTERS:
                enemies.append(i)
        self.battery = battery
        self.charge_worth = 1.0 if charge < g.tb.cataclysm_damage else 0.0  # _charge_worth, from the same walk
        self.hero_alive = g.players[p].hero >= 0
        self.mine = mine
        self.enemies = enemies
        self.enemy_charge = enemy_charge
        self.opp_chars = bool(enemies)


def _best_purchase(g: GameState, p: int, side: "_Side", by_kind: dict) -> Action | None:
    """The next step towards the best thing to buy: buy it if the pool pays for it, or tap Energy towards it."""
    player = g.players[p]
    cards = g.cards
    wants, demand = _ranked_wants(g, p, side)
    vpool = list(player.pool)  # the pool once every untapped Energy card is tapped (the index of them, by name)
    for iids in player.ready.values():
        if iids:
            vpool[cards[iids[0]].info.produces] += len(iids)
    for want in wants:
        offered = _offered(want, by_kind)
        if offered:
            return min(offered, key=lambda a: (_pay_score(_pay_of(a), demand), -_host_rank(g, a), a.id))
        if _affordable(want.req, want.any, vpool):
            tap = _tap_for(g, p, want, by_kind.get("tap", ()), demand)
            if tap is not None:
                return tap
    return None


def _ranked_wants(g: GameState, p: int, side: "_Side") -> tuple[list[_Want], list[int]]:
    """What is worth buying (cards in hand, Use abilities in play), best first, and the typed energy the hand asks
    for. Most decisions of an Action Phase follow a tap or a charge counter (state.QUIET), which changes neither the
    hand nor the board's abilities: the ranking is kept in the state's memo for the quiet span (`_target_memo`,
    emptied by every other decision) and reused while nothing it reads has changed — whether a charge counter is
    still worth a point, the charge the other side holds, and the charge and tapped state of each card in play with
    a Use ability or equipment."""
    cards = g.cards
    reads = [side.charge_worth, side.enemy_charge]
    for iid in g.players[p].actors:  # every card that can hold charge or has a Use ability is an actor
        card = cards[iid]
        info = card.info
        if info.use or info.is_equipment:
            reads.append((iid, card.charge, card.tapped))
    key = ("greedy_wants", p)
    memo = g._target_memo
    kept = memo.get(key)
    if kept is not None and kept[0] == reads:
        return kept[1]
    ranked = _rank_wants(g, p, side)
    memo[key] = (reads, ranked)
    return ranked


def _rank_wants(g: GameState, p: int, side: "_Side") -> tuple[list[_Want], list[int]]:
    """`_ranked_wants` worked out afresh."""
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
        net = gain - energy_cost * (sum(info.req) + info.any)
        if net <= 0:
            continue
        if info.is_equipment:
            if hosts is None:
                hosts = frozenset(i for i in player.board if cards[i].info.type == "person" and _safe_host(g, i))
            if not hosts:
                continue
            verb = ("equip", info.slug, hosts)
        else:
            verb = ({"person": "summon", "instant": "cast"}.get(info.type, "play"), info.slug, None)
        wants.append(_Want(net, info.req, info.any, [], (0, info.slug), verb))
    for iid, index, ability in usable_abilities(g, p):
        gain = _ability_gain(g, side, iid, ability)
        if gain <= 0:
            continue
        req, any_ = cost_vector(ability.cost)
        net = gain - energy_cost * (sum(req) + any_)
        if net <= 0:
            continue
        wants.append(_Want(net, req, any_, [], (1, cards[iid].info.slug, iid, index), ("activate", iid, index)))
    wants.sort(key=lambda w: (-w.net, -w.cost, w.order))
    return wants, demand


def _offered(want: _Want, by_kind: dict) -> list[Action]:
    """The legal actions that buy `want` now (none when the pool cannot pay for it yet)."""
    kind, what, which = want.verb
    if kind == "activate":  # what: the card, which: the ability's index
        return [a for a in by_kind.get(kind, ()) if a.args[0] == what and a.args[2] == which]
    if kind == "equip":     # what: the equipment's name, which: the Persons that may safely carry it
        return [a for a in by_kind.get(kind, ()) if a.args[1] == what and a.args[2] in which]
    return [a for a in by_kind.get(kind, ()) if a.args[1] == what]


def usable_abilities(g: GameState, p: int) -> Iterable[tuple[int, int, Any]]:
    """(card, ability index, ability) for each Use ability of player p's cards in play that may be used now and whose
    charge cost its card holds (a Hero's Use abilities do not need it untapped)."""
    cards = g.cards
    for iid in g.players[p].actors:  # a card with Use abilities is never inert: the board's actors, in board order
        card = cards[iid]
        info = card.info
        if not info.use or (card.tapped and info.type != "hero") or not g.can_activate(card):
            continue
        for index in info.use:
            ability = info.abilities[index]
            if ability.cost.charge <= card.charge:
                yield iid, index, ability


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
            damage = cards[i].damage
            if damage:
                best = max(best, min(amount, damage) * _per_hp(cards[i].info))
        return best
    if kw == "buff":
        return float(amount) if side.battery else 0.0
    if kw == "fortify" and target != "none":
        return 0.8 * amount if side.mine else 0.0
    if kw in DAMAGING and not target.startswith("own"):
        return 1.5 * amount if side.enemies else 0.0
    if kw == "steal":
        return float(min(amount, side.enemy_charge)) if side.battery else 0.0
    return 0.0


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


def _typed_demand(g: GameState, p: int) -> list[int]:
    """How much of each typed energy the cards in hand and the board's abilities ask for."""
    demand = [0, 0, 0, 0]
    cards = g.cards
    for iid in g.players[p].hand:
        for i, n in enumerate(cards[iid].info.req):
            demand[i] += n
    return demand


def _affordable(req: tuple, any_: int, pool: list[int]) -> bool:
    left = 0
    for i in range(4):
        if pool[i] < req[i]:
            return False
        left += pool[i] - req[i]
    return left + sum(pool[4:]) >= any_


def _pay_of(a: Action) -> tuple:
    if a.kind == "equip":
        return a.args[4]
    if a.kind == "activate":
        return a.args[3]
    return a.args[2]


def _pay_score(pay: tuple, demand: list[int]) -> float:
    """Prefer payments that keep the energy the rest of the hand needs."""
    score = 0.0
    for key, n in enumerate(pay):
        if n:
            score += n * (0 if key == BUFF else 1 if key == COLORLESS else 2 + demand[key])
    return score


def _tap_for(g: GameState, p: int, want: _Want, taps: Iterable[Action], demand: list[int]) -> Action | None:
    """The next Energy to tap towards paying for `want`."""
    pool = g.players[p].pool
    cards = g.cards
    by_type: dict[int, Action] = {}
    for a in taps:
        by_type.setdefault(cards[a.args[0]].info.produces, a)
    for key in range(4):
        if pool[key] < want.req[key]:
            return by_type.get(key)
    spare = sum(pool[k] - want.req[k] for k in range(4)) + sum(pool[4:])
    if spare >= want.any:
        return None
    if COLORLESS in by_type:
        return by_type[COLORLESS]
    typed = [k for k in by_type if k < 4]
    if not typed:
        return None
    return by_type[min(typed, key=lambda k: (demand[k] - want.req[k], k))]


# ---------------------------------------------------------------- End Phase: Arc Burn
def _arc_burn(g: GameState, p: int, actions: list[Action]) -> Action:
    cards = g.cards
    hero_alive = g.players[p].hero >= 0
    best, best_rank = None, None
    for a in actions:
        if a.kind != "store_charge":
            continue
        card = cards[a.args[1]]
        info = card.info
        if info.type == "battery":
            rank = 0
        elif info.is_equipment:
            if card.host < 0 or not _safe_host_store(g, card.host):
                continue
            rank = 1
        elif info.type == "scene":
            if hero_alive and card.charge == 0 and card.entered != g.tick:
                continue  # a Dormant Scene would wake up and burn the Hero every turn
            rank = 2
        else:
            rank = 3
        if best_rank is None or rank < best_rank:
            best, best_rank = a, rank
    return best if best is not None else _first(actions, "burn")


def _safe_host_store(g: GameState, person: int) -> bool:
    card = g.cards[person]
    return _equipped_charge(g, person) + 1 <= card.hp_left - 1


# ---------------------------------------------------------------- Edge Discharge
def _discharge(g: GameState, p: int, actions: list[Action]) -> Action:
    cards = g.cards
    hero_alive = g.players[p].hero >= 0
    if hero_alive:
        # Damage a charged Scene absorbs costs nothing: the Scene only goes Dormant sooner.
        scenes = [a for a in actions if a.kind == "absorb" and cards[a.args[0]].info.type == "scene"]
        if scenes:
            return max(scenes, key=lambda a: (a.args[2], -a.args[0]))
    deflects = [a for a in actions if a.kind == "deflect"]
    if deflects:
        # The recombine returns about a third of what is deflected: always cheaper than absorbing.
        return max(deflects, key=lambda a: a.args[0])
    best, best_cost = None, None
    for a in actions:
        if a.kind != "absorb":
            continue
        iid, n = a.args[0], a.args[2]
        cost = _damage_cost(g, p, iid, n, g.assigned[p].get(iid, 0)) / n
        key = (cost, -n, iid)
        if best_cost is None or key < best_cost:
            best, best_cost = a, key
    return best if best is not None else actions[0]


# ---------------------------------------------------------------- the Cataclysm
def _cataclysm(g: GameState, p: int, actions: list[Action]) -> Action:
    """Put the damage where it costs the least Legacy: prevention first, then the cheapest HP, kills last."""
    options: dict[int, dict[int, Action]] = {}
    for a in actions:
        if a.kind == "assign_damage":
            options.setdefault(a.args[0], {})[a.args[2]] = a
    left = g.pending[-1]["left"] if g.pending and "left" in g.pending[-1] else max(
        max(o) for o in options.values())
    plan = cataclysm_plan(g, p, left, list(options))
    for iid, points in plan:
        choice = options[iid]
        biggest = max(choice)
        return choice[biggest] if points >= biggest else choice[min(choice)]
    return actions[0]


def cataclysm_plan(g: GameState, p: int, left: int, candidates: list[int]) -> list[tuple[int, int]]:
    """Split `left` damage among my characters at least Legacy cost; return [(card, points)] in order of cost.

    Each point's cost: 0 while Fortify, Ward or Stabilize prevents it, then the card's Legacy per HP, and for the killing point also its
    equipment. Costs never fall along a card, so taking the cheapest next point each time is optimal.
    """
    cards = g.cards
    assigned = g.assigned[p] if hasattr(g, "assigned") else {}
    steps: dict[int, list[float]] = {}
    for iid in candidates:
        card = cards[iid]
        fort = g.fortify_total(iid) + card.ward + g.stabilize_room(iid)   # prevented points cost nothing
        done = assigned.get(iid, 0)
        per = _per_hp(card.info)
        kill = _equipment_value(g, iid) if card.info.type == "person" else 0.0
        seq = [0.0] * fort + [per] * max(0, card.hp_left - 1) + ([per + kill + 0.01] if card.hp_left > 0 else [])
        steps[iid] = seq[done:]
    heap = [(seq[0], iid, 0) for iid, seq in steps.items() if seq]
    heapq.heapify(heap)
    taken: dict[int, int] = {}
    first_seen: list[int] = []
    while left > 0 and heap:
        cost, iid, k = heapq.heappop(heap)
        if iid not in taken:
            first_seen.append(iid)
        taken[iid] = taken.get(iid, 0) + 1
        left -= 1
        if k + 1 < len(steps[iid]):
            heapq.heappush(heap, (steps[iid][k + 1], iid, k + 1))
    return [(iid, taken[iid]) for iid in first_seen]


# ---------------------------------------------------------------- targets
def _choose_target(g: GameState, p: int, actions: list[Action]) -> Action:
    context = _target_context(g)
    best, best_score = actions[0], None
    for position, a in enumerate(actions):
        if a.kind not in ("target", "assign"):
            continue
        score = _score_target(g, p, a.args[2], context)
        key = (score, -position)
        if best_score is None or key > best_score:
            best, best_score = a, key
    return best


def _target_context(g: GameState) -> dict:
    """The keyword and amount of the effect being targeted, and the points it already put on each target."""
    item = getattr(g, "building", None)
    pending = g.pending[-1] if getattr(g, "pending", None) else {}
    if item is None or "eff" not in pending:
        return {"keyword": None, "amount": 1, "already": {}, "second": False, "src": -1}
    effect = item.effects[pending["eff"]]
    ability = g.cards[item.src].info.abilities[effect[0]]
    chosen = [t for t in effect[2] if t is not None]
    already: dict = {}
    for t in chosen:
        already[t] = already.get(t, 0) + 1
    single = ability.target not in ("edges", "characters", "cards")
    return {"keyword": ability.keyword, "amount": 1 if not single else max(1, effect[1]), "already": already,
            "second": single and bool(chosen), "src": item.src}


def _score_target(g: GameState, p: int, ref: Any, ctx: dict) -> float:
    kw, amount, already = ctx["keyword"], ctx["amount"], ctx["already"]
    if isinstance(ref, str) and ref in EDGE_NAMES:
        return _score_edge(g, p, EDGE_NAMES.index(ref), kw, amount)
    if isinstance(ref, str) and ref.startswith("s"):
        owner = next((item.ctrl for item in g.stack if f"s{item.sid}" == ref), p)
        return 1.0 if (owner != p) == (kw == "counter") else -1.0
    if not isinstance(ref, int) or ref < 0:
        return 0.0
    card = g.cards[ref]
    info = card.info
    if card.zone == "graveyard":  # Resurrect / Revive: it comes back under my control
        if info.type == "person":
            return float(info.hp * info.legacy_mult)
        return float(info.legacy_value + info.charge)
    if ctx["second"] and kw == "steal":  # where the stolen charge goes
        return {"battery": 3.0, "artifact": 1.0, "enchantment": 1.0}.get(info.type, -1.0)
    mine = card.ctrl == p
    done = already.get(ref, 0)
    if kw in DAMAGING:
        return -_damage_cost(g, p, ref, amount, done) if mine else _enemy_damage_gain(g, ref, amount, done)
    if kw in ("drain", "steal"):
        lost = max(0, min(card.charge - done, amount))
        if not mine:
            return float(lost)
        if info.type == "scene" and g.players[p].hero >= 0:
            return 0.5 * lost
        return -lost * _charge_worth(g, p) - 0.01
    if kw == "destroy":
        value = _kill_cost(g, ref) if info.type in CHARACTERS else info.legacy_value + card.charge
        return -value if mine else value
    if kw in DISABLING:
        useful = bool(info.use or info.reaction or info.passive_start)
        return (-0.5 if useful else -0.01) if mine else (1.0 if useful else 0.1)
    if kw in ("unequip", "unattune", "take-control"):
        return -info.legacy_value - 1.0 if mine else info.legacy_value + 1.0
    if kw in HELPFUL:
        sign = 1.0 if mine else -1.0
        if kw == "heal":
            return sign * min(amount, card.damage) * _per_hp(info)
        if kw in ("equip", "attune"):
            return sign * (1.0 if _safe_host(g, ref) else -1.0) * (info.legacy_mult or 1)
        if info.type == "hero":
            return sign * 2.0
        return sign * (1.0 + (info.legacy_mult or 0) * 0.1)
    return 0.0


def _score_edge(g: GameState, p: int, e: int, kw: str | None, amount: int) -> float:
    edge = g.edges[e]
    adjacent = edge.adjacent
    fill = edge.charge / max(1, g.tb.lock_at)
    if kw in EDGE_ADDING:
        # Push the edges that discharge on someone else (or on no one); each lock also resets that edge.
        score = -2.0 if p in adjacent else 0.5
        if any(q != p and not g.players[q].goldfish for q in adjacent):
            score += 1.0
        return score + fill
    if kw == "drain":
        removable = max(0, edge.charge - getattr(g, "tide", 0))
        return (1.0 if p in adjacent else 0.3) * min(amount, removable) + 0.1 * fill
    return fill
