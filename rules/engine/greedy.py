"""The greedy bot: a one-step Legacy heuristic over the actions a state offers.

It values everything in Legacy points (`greedy_value.py`, which also holds its Action Phase): it plays its Energy,
drains its Scenes before they burn the Hero, buys what gains the most Legacy for the energy, stores what is left on
Batteries, deflects discharges and puts Cataclysm damage where it costs least, and chooses targets by what they
gain or cost.
"""
from __future__ import annotations

import heapq
from typing import Any

from .actions import Action
from .bot import Bot
from .game import GameState
from .greedy_instants import _buy, endgame, protect_target, wanted
from .greedy_pay import _Plan
from .greedy_value import (
    DAMAGING,
    DISABLING,
    EDGE_ADDING,
    HELPFUL,
    _action_phase,
    _charge_worth,
    _damage_cost,
    _enemy_damage_gain,
    _equipment_value,
    _equipped_charge,
    _first,
    _kill_cost,
    _per_hp,
    _safe_host,
    by_kind,
)
from .pyramid import preventions
from .tables import EDGE_NAMES


class GreedyBot(Bot):
    """A one-step Legacy heuristic; deterministic (the seed is kept only for a uniform interface)."""

    name = "greedy"
    def choose(self, state: GameState) -> Action:
        """It weighs its Instants (`GreedyBefore` does not): a literal, where a class attribute read through the
        instance was a generic look-up at every decision (issue 35)."""
        return _choose(state, True)


def _choose(state: GameState, weighs: bool) -> Action:
    """GreedyBot.choose: a module function, so that in the compiled form the state is a typed local (its legal actions
    a C call) and the bot's class attribute is read once (issue 35)."""
    actions = state.legal_actions()
    if not actions:
        raise ValueError("no legal action: the game is over")
    if len(actions) == 1:
        return actions[0]
    first = actions[0]
    p = first.player   # the current player: every action offered is the deciding player's (tests/rules/invariants.py)
    kinds = by_kind(actions)  # kind -> its actions, in the order offered (one pass serves every test below)
    if _special(kinds):
        special = _special_choice(state, p, actions, kinds, weighs)
        if special is not None:
            return special
    plan = None
    ending = "end_turn" in kinds
    if weighs and (ending or "pass" in kinds):
        plan = kept_plan(state, p)
        cast = _instant_now(state, p, kinds, plan)
        if cast is not None:
            return cast
    if ending:
        return _action_phase(state, p, kinds, plan if plan is not None else kept_plan(state, p))
    if "react" in kinds:
        free = _free_passive(state, kinds["react"])
        if free is not None:
            return free  # a one-shot Passive in a reaction window: always worth its free effect (RULINGS 39)
    if "pass" in kinds:
        return kinds["pass"][0]
    return actions[0]


# The kinds offered only at decisions outside an Action Phase's payment and a plain window: `choose` tests for each of
# them only when one is offered (issue 35's seventh lever: eleven look-ups of the offered kinds at every decision).
SPECIAL = frozenset({"mulligan", "first_player", "spend_charge", "trigger", "target", "assign", "store_charge", "burn",
                     "absorb", "deflect", "assign_damage"})


def _special(kinds: dict) -> bool:
    """Whether any kind offered is one of `SPECIAL` (a loop over the few kinds offered, each hash already known)."""
    for kind in kinds:
        if kind in SPECIAL:
            return True
    return False


def _special_choice(state: GameState, p: int, actions: list, kinds: dict, weighs: bool) -> Action | None:
    """The choice at a decision offering one of the `SPECIAL` kinds (a mulligan, a target, the End Phase's, a
    discharge's, the Cataclysm's), each tested in the order `GreedyBot.choose` always tested them first (`weighs`:
    whether it weighs its Instants). A SPECIAL kind offered always meets one of these tests, so None is never
    returned; were it, `choose` would go on as before."""
    if "mulligan" in kinds:
        return kinds["mulligan"][0]  # only offered for a hand without Energy
    if "first_player" in kinds:
        for a in kinds["first_player"]:   # a loop, not next(...): the compiled form's cpdef takes no generator
            if a.args[0] == p:
                return a
        return actions[0]
    if "spend_charge" in kinds:
        return kinds["spend_charge"][-1]  # all of the charge: the bot taps a card's charge to drain a Scene
    if "trigger" in kinds:
        return kinds["trigger"][0]  # a start-of-turn Passive (a state saved before RULINGS 39 moved them): free
    if "target" in kinds or "assign" in kinds:
        if weighs and "target" in kinds and state.stack:
            shield = protect_target(state, p, actions)
            if shield is not None:
                return shield
        return _choose_target(state, p, actions)
    if "store_charge" in kinds or "burn" in kinds:
        return _arc_burn(state, p, actions)
    if "absorb" in kinds or "deflect" in kinds:
        return _discharge(state, p, actions)
    if "assign_damage" in kinds:
        return _cataclysm(state, p, actions)
    return None


class GreedyBefore(GreedyBot):
    """The greedy player as it was before issue 35: it passes every window but for a free one-shot Passive, and
    casts an Instant only when its Action Phase buys one (Heal or damage). Not a level: the benchmarks measure
    the new greedy player against it (`python -m benchmarks cpu`)."""

    name = "greedy-before"

    def choose(self, state: GameState) -> Action:
        return _choose(state, False)


def _instant_now(state: GameState, p: int, kinds: dict, plan: "_Plan") -> Action | None:
    """`greedy_instants.choose`, with its "nothing worth casting" kept in the plan (`_Plan.calm`): with no reaction
    offered, an Energy tap cannot change it (what is weighed reads neither the pool nor the tapped Energy)."""
    window = "end_turn" not in kinds
    if "react" not in kinds and plan.calm is not None and plan.calm == window:
        return None
    best = wanted(state, p, kinds, window)
    if best is None:
        if "react" not in kinds:
            plan.calm = window
        return None
    return best if isinstance(best, Action) else _buy(state, p, best, kinds)


def _free_passive(state: GameState, reacts: list) -> Action | None:
    """The first one-shot Passive among a window's reactions (they cost nothing; reactions with a cost are left)."""
    cards = state.cards
    for a in reacts:
        if cards[a.args[0]].info.abilities[a.args[2]].trigger == "passive":
            return a
    return None


# ---------------------------------------------------------------- the plan kept across a payment
PLAN_KEYS = ("greedy_plan0", "greedy_plan1", "greedy_plan2", "greedy_plan3")   # a player's plan in the memo


def kept_plan(g: GameState, p: int) -> _Plan:
    """Player p's plan for this decision: the one kept if only Energy taps and Battery counters followed it (and the
    counters left what it counted the same), else a fresh one."""
    memo = g._target_memo
    key = PLAN_KEYS[p]
    history = g.history
    n = len(history)
    last = history[n - 1] if n else None
    plan = memo.get(key)
    if plan is not None:
        counters = _quiet_payment(g, p, history, plan.mark, plan.last, n)
        if counters == 0 or (counters > 0 and _after_counters(g, plan, counters)):
            plan.mark, plan.last = n, last
            return plan
    plan = memo[key] = _Plan(n, last)
    return plan


def _quiet_payment(g: GameState, p: int, history: list, mark: int, last: Any, n: int) -> int:
    """How many Battery counters player p added since the plan was last asked, or -1 where the plan cannot be kept.

    The plan can be kept only if the history still holds `last` at `mark` and every decision after it, at least one,
    is player p's tap of an Energy card or p's counter on a Battery (issue 35's sixth lever), each on a card with no
    Use ability and no equipment (the kept ranking reads the charge and tapped state of those cards alone)."""
    if n <= mark or (mark and history[mark - 1] is not last):
        return -1
    cards = g.cards
    counters = 0
    for i in range(mark, n):
        entry = history[i]
        if not isinstance(entry, Action):
            return -1      # an id (a game read back, an old charge decision): not known to be a tap or a counter
        a = entry          # typed in the compiled form (greedy.pxd)
        if a.player != p:
            return -1
        info = cards[a.args[0]].info
        if info.use or info.is_equipment:
            return -1
        if a.kind == "add_counter":
            if not info.is_battery:
                return -1
            counters += 1
        elif a.kind != "tap":
            return -1
    return counters


def _after_counters(g: GameState, plan: _Plan, counters: int) -> bool:
    """Keep `plan` across `counters` Battery counters of its player (each moves one energy of the pool onto a
    Battery's charge: execute._add_counter), or return False to have it worked out again.

    What a counter changes of what the plan holds: the player's charge in play (`side.charge`, one more a counter),
    and through it whether a counter is still worth a point (`side.charge_worth`), which the ranking reads: the plan
    is kept only while that stays the same; the Battery is neither a Scene nor a card with a Use ability or
    equipment, so the rest of the boards' view and the ranking's reads are unchanged. The pool once every Energy is
    tapped (`vpool`) loses the energy paid: it is counted again. Whether an Instant is worth casting (`calm`) reads
    the player's charge only against what is on the stack and before the Cataclysm (greedy_instants: threats and
    Ward late), so it is kept only when neither applies (a counter changes neither the stack nor the edges)."""
    side = plan.side
    if side is not None:
        charge = side.charge + counters
        if (1.0 if charge < g.tb.cataclysm_damage else 0.0) != side.charge_worth:
            return False
        side.charge = charge
    plan.vpool = None
    if plan.calm is not None and (g.stack or endgame(g)):
        plan.calm = None
    return True


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
    prevented = preventions(g, candidates)   # Fortify, Ward and Stabilize: found once for all the candidates
    for iid in candidates:
        card = cards[iid]
        fort = prevented[iid]   # prevented points cost nothing
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


STOLEN_TO = {"battery": 3.0, "artifact": 1.0, "enchantment": 1.0}   # a stolen charge's worth where it goes


def _score_target(g: GameState, p: int, ref: Any, ctx: dict) -> float:
    """What choosing `ref` gains for player p, in Legacy, for the effect `ctx` describes (`_target_context`)."""
    kw, amount, already = ctx["keyword"], ctx["amount"], ctx["already"]
    if isinstance(ref, str) and ref in EDGE_NAMES:
        return _score_edge(g, p, EDGE_NAMES.index(ref), kw, amount)
    if isinstance(ref, str) and ref.startswith("s"):
        owner = p
        for item in g.stack:   # the first item so named (a loop, not next(...): the compiled form's cpdef)
            if f"s{item.sid}" == ref:
                owner = item.ctrl
                break
        return 1.0 if (owner in g.foes[p]) == (kw == "counter") else -1.0
    if not isinstance(ref, int) or ref < 0:
        return 0.0
    card = g.cards[ref]
    info = card.info
    if card.zone == "graveyard":  # Resurrect / Revive: it comes back under my control
        if info.type == "person":
            return float(info.hp * info.legacy_mult)
        return float(info.legacy_value + info.charge)
    if ctx["second"] and kw == "steal":  # where the stolen charge goes
        return STOLEN_TO.get(info.type, -1.0)
    mine = card.ctrl not in g.foes[p]   # its own, or a partner's (a team game)
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
        value = _kill_cost(g, ref) if info.is_character else info.legacy_value + card.charge
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
        for q in adjacent:   # a loop, not any(...): the compiled form's cpdef takes no generator
            if q != p and not g.players[q].goldfish:
                score += 1.0
                break
        return score + fill
    if kw == "drain":
        removable = max(0, edge.charge - getattr(g, "tide", 0))
        return (1.0 if p in adjacent else 0.3) * min(amount, removable) + 0.1 * fill
    return fill
