"""The Pyramid turn, Edge Discharge with absorb/deflect and the recombine, and the Cataclysm."""
from __future__ import annotations

from .model import BOARD
from .scoring import result
from .state import State
from .tables import EDGE_NAMES


def pyramid_turn(g: State) -> bool:
    """Flip the top Pyramid card, resolve it (no responses), put it on the bottom; advance discharge counters."""
    g.tick += 1
    tick = g.tick
    g.active = -1
    pyramid = g.pyramid
    slug = pyramid.pop(0)
    pyramid.append(slug)
    info = g.tb.info[slug]
    g.note("pyramid", None, "Pyramid turn: {0} is flipped", (info.name,))
    abilities = info.abilities
    for index in info.pyramid:   # its abilities with the "pyramid" trigger, in order
        resolve_pyramid_ability(g, abilities[index])
    if g.round >= g.full_circle and not g.cataclysm_due:
        # RULINGS 16: "Every game ends here." The deck's last card of its first cycle locks every edge still open.
        g.note("full_circle", None, "The Pyramid deck has come full circle: every edge locks", ())
        for e, edge in enumerate(g.edges):
            if not edge.locked:
                g.lock_edge(e)
    if g.cataclysm_due:
        return True
    discharge_at = g.tb.discharge_at
    queue = []
    for edge in g.edges:
        if edge.locked:
            if edge.locked_tick < tick:
                edge.counter += 1
                g.note("counter", None, "Edge {0}'s discharge counter advances to {1}",
                       (EDGE_NAMES[edge.idx], edge.counter))
            if edge.counter >= discharge_at:
                queue.append(edge.idx)
    g.edge_queue = queue
    g.phase = "discharge"
    return discharge_start(g)  # nothing waits (the Pyramid's abilities trigger nothing): straight on


def resolve_pyramid_ability(g: State, ability) -> None:
    amount = ability.amount or 0
    keyword = ability.keyword
    lock_at = g.tb.lock_at
    if g.tide_rule and ability.target == "all_edges" and keyword == "accelerate":
        # The `tide` variant (RULINGS 16): charge the Pyramid adds to every edge raises a floor no edge falls below.
        g.tide = min(lock_at, g.tide + amount)
    edges = g.edges
    for ref in _pyramid_refs(g, ability):
        e = _EDGE_INDEX[ref]
        edge = edges[e]
        if keyword == "accelerate":
            if edge.locked:
                g.note("edge", None, "Edge {0} is locked and takes no more charge", (ref,))
                continue
            added = g.add_edge(e, amount, "the Pyramid")
            g.note("edge", None, "Edge {0} gains {1} charge ({2}/{3})", (ref, added, edge.charge, lock_at))
        elif keyword == "drain":
            removed = g.remove_edge(e, amount)
            g.note("edge", None, "Edge {0} loses {1} charge ({2}/{3})", (ref, removed, edge.charge, lock_at))


_EDGE_INDEX = {name: e for e, name in enumerate(EDGE_NAMES)}


def _pyramid_refs(g: State, ability) -> tuple[str, ...]:
    kind = ability.target
    if kind == "all_edges":
        return EDGE_NAMES
    if kind in EDGE_NAMES:
        return (kind,)
    if kind == "lowest_edge":
        best = min(range(len(g.edges)), key=lambda e: (g.edges[e].charge, e))
        return (EDGE_NAMES[best],)
    return ()


# ---------------------------------------------------------------- Edge Discharge
def absorb_capacity(g: State, p: int, iid: int) -> int:
    """How many more discharge points a card can absorb (RULINGS 19): HP left, or charge held."""
    card = g.cards[iid]
    if card.zone != BOARD:
        return 0
    info = card.info
    if info.type == "person" or info.type == "hero":
        room = (info.hp or 0) - card.damage   # its HP left
    elif info.holds_charge:
        room = card.charge
    else:
        return 0
    return max(0, room - g.assigned[p].get(iid, 0))


def has_absorber(g: State, p: int) -> bool:
    """Whether any of a player's cards can absorb more discharge points (absorb_capacity > 0)."""
    cards = g.cards
    for iid in g.players[p].board:
        if cards[iid].info.absorbs and absorb_capacity(g, p, iid) > 0:   # absorbs: it may have any capacity
            return True
    return False


def turn_order(g: State, players) -> list[int]:
    """Players in the round's order: clockwise from the first player."""
    n = len(g.players)
    first = g.first if g.first >= 0 else 0
    return sorted(players, key=lambda p: (p - first) % n)


def discharge_start(g: State) -> bool:
    if not g.edge_queue:
        g.phase = "round_end"
        return True
    e = g.edge_queue[0]
    edge = g.edges[e]
    g.destroyed = 0
    g.assigned = [{} for _ in g.players]
    g.discharge = {"edge": e, "deflected": [0] * len(g.players), "returns": 0}
    if not edge.adjacent:
        g.note("discharge", None, "Edge {0} discharges: a dead edge, it harms no one", (EDGE_NAMES[e],))
    else:
        g.note("discharge", None, "Edge {0} discharges: {1} damage to each adjacent player", (EDGE_NAMES[e],
               g.tb.discharge_damage))
    for p in reversed(turn_order(g, edge.adjacent)):
        player = g.players[p]
        if player.goldfish or not has_absorber(g, p):
            g.discharge["deflected"][p] = g.tb.discharge_damage
            g.note("deflect", p, "Player {0} deflects all {1} damage", (p + 1, g.tb.discharge_damage))
        else:
            g.pending.append({"type": "discharge", "player": p, "left": g.tb.discharge_damage, "returned": False})
    g.phase = "discharge_recombine"
    return True


def apply_assigned(g: State, source: str) -> None:
    """Apply the points each player put on their cards: damage to People and Heroes, charge lost elsewhere."""
    for p in g.everyone:
        for iid, points in list(g.assigned[p].items()):
            card = g.cards[iid]
            if card.zone != BOARD:
                continue
            if card.info.is_character:
                g.deal_damage(iid, points, source)
            else:
                lost = min(card.charge, points)
                card.charge -= lost
                g.note("absorb", p, "{0} absorbs {1} damage with its charge", (card.info.name, lost))
    g.assigned = [{} for _ in g.players]


def discharge_recombine(g: State) -> bool:
    d = g.discharge
    apply_assigned(g, "the Edge Discharge")
    edge = g.edges[d["edge"]]
    total = sum(d["deflected"])
    returns = g.tb.recombine_returns(total, len(edge.adjacent))
    d["returns"] = returns
    if total:
        g.note("recombine", None, "Recombine: {0} deflected; the Pyramid absorbs {1} and returns {2} to each "
               "adjacent player", (total, total - returns * len(edge.adjacent), returns))
    if returns:
        for p in reversed(turn_order(g, edge.adjacent)):
            if g.players[p].goldfish or not has_absorber(g, p):
                g.note("returned", p, "Player {0} has nothing to absorb the {1} returned damage", (p + 1, returns))
            else:
                g.pending.append({"type": "discharge", "player": p, "left": returns, "returned": True})
    g.phase = "discharge_finish"
    return True


def discharge_finish(g: State) -> bool:
    d = g.discharge
    apply_assigned(g, "the recombined discharge")
    e = d["edge"]
    edge = g.edges[e]
    reset = max(g.destroyed, g.tide)
    edge.locked = False
    edge.counter = 0
    edge.locked_tick = -1
    edge.charge = min(reset, g.tb.lock_at)
    if g.tide_rule:
        g.note("edge_reset", None, "Edge {0} resets to {1} ({2} cards destroyed, tide {3})", (EDGE_NAMES[e],
               edge.charge, g.destroyed, g.tide))
    else:
        g.note("edge_reset", None, "Edge {0} resets to {1} ({2} cards destroyed)", (EDGE_NAMES[e], edge.charge,
               g.destroyed, g.tide))
    if edge.charge >= g.tb.lock_at:
        g.lock_edge(e)
    g.discharge = None
    g.edge_queue.pop(0)
    g.phase = "discharge"
    return True


# ---------------------------------------------------------------- the Cataclysm
def start_cataclysm(g: State) -> bool:
    """All four edges discharge at once: each player faces 80, less the charge they stored (RULINGS 23)."""
    g.note("cataclysm", None, "THE CATACLYSM: all four edges are locked", ())
    g.active = -1
    g.assigned = [{} for _ in g.players]
    for p in g.everyone:
        player = g.players[p]
        g.eliminated[p] = player.goldfish or (player.hero < 0 and not player.board)
        charge = sum(g.cards[i].charge for i in player.board)
        g.remaining[p] = max(0, g.tb.cataclysm_damage - charge)
        if g.eliminated[p]:
            g.note("eliminated", p, "Player {0} has no Hero and no cards: eliminated", (p + 1,))
        else:
            g.note("cataclysm", p, "Player {0}'s {1} charge absorbs {2} damage; {3} remains", (p + 1, charge,
                   min(charge, g.tb.cataclysm_damage), g.remaining[p]))
    for p in g.everyone:
        for i in g.players[p].board:
            g.cards[i].charge = 0
    for p in reversed(g.everyone):
        if not g.eliminated[p] and g.remaining[p] > 0:
            g.pending.append({"type": "cataclysm", "player": p, "left": g.remaining[p]})
    order = g.clockwise(g.first) if g.first >= 0 else list(g.everyone)
    g.pending.sort(key=lambda d: -order.index(d["player"]))
    g.phase = "cataclysm_apply"
    return True


def cataclysm_capacity(g: State, p: int, iid: int) -> int:
    """The Cataclysm damage a Person or Hero can still be given: what kills it, prevention included (RULINGS 38).

    The points put on a card are dealt as one source, so Fortify, Ward and Stabilize all prevent from them (as
    `deal_damage` applies them); a card is only full when the points left after prevention would destroy it.
    """
    card = g.cards[iid]
    if card.zone != BOARD or not card.info.is_character:
        return 0
    prevention = g.fortify_total(iid) + card.ward + g.stabilize_room(iid)
    return max(0, card.hp_left + prevention - g.assigned[p].get(iid, 0))


def cataclysm_capacities(g: State, p: int, iids: list[int]) -> dict[int, int]:
    """`cataclysm_capacity` of each card of `iids`, in their order, worked out together: each decision of the
    Cataclysm asks it for every character three times over (the forced step, the offers, the greedy player's
    plan), and one card at a time each found the board's continuous Fortify and Stabilize Passives, their targets
    and amounts again (6% of a greedy game; issue 35's fourth lever). The same figures, card by card."""
    cards = g.cards
    assigned = g.assigned[p]
    out = {}
    keep = []
    for iid in iids:
        card = cards[iid]
        if card.zone != BOARD or not card.info.is_character:
            out[iid] = 0
        else:
            out[iid] = -1   # its place in the order; worked out below
            keep.append(iid)
    for iid, prevention in preventions(g, keep).items():
        card = cards[iid]
        out[iid] = max(0, card.hp_left + prevention - assigned.get(iid, 0))
    return out


def preventions(g: State, iids: list[int]) -> dict[int, int]:
    """What Fortify, Ward and Stabilize would prevent of damage to each card of `iids` now: for each card,
    `g.fortify_total(iid) + card.ward + g.stabilize_room(iid)`, with the continuous Passives of each controller
    found once for all the cards."""
    cards = g.cards
    tick = g.tick
    found: dict = {}   # controller -> (Fortify by card, Stabilize room by card or None without a Battery)
    out = {}
    for iid in iids:
        card = cards[iid]
        ctrl = card.ctrl
        bonus = found.get(ctrl)
        if bonus is None:
            bonus = found[ctrl] = _continuous_prevention(g, ctrl)
        fortify, stabilize = bonus
        total = card.fortify + fortify.get(iid, 0) + card.ward
        if stabilize is not None:
            total += (card.stab if card.stab > 0 and card.stab_tick == tick else 0) + stabilize.get(iid, 0)
        out[iid] = total
    return out


def _continuous_prevention(g: State, ctrl: int) -> tuple:
    """What a controller's continuous Fortify and Stabilize Passives add to each card they reach, as
    `State.fortify_total` and `State.stabilize_room` count them (a card counted once per Passive)."""
    cards = g.cards
    fortify: dict = {}
    for src, index in g._continuous(ctrl, "fortify"):
        ability = cards[src].info.abilities[index]
        reached = set(g.continuous_targets(src, ability))
        if reached:
            amount = g.amount_for(src, ability, ctrl)
            for iid in reached:
                fortify[iid] = fortify.get(iid, 0) + amount
    if g._battery_of(ctrl) is None:
        return fortify, None
    stabilize: dict = {}
    tick = g.tick
    for src, index in g._continuous(ctrl, "stabilize"):
        ability = cards[src].info.abilities[index]
        reached = set(g.continuous_targets(src, ability))
        if reached:
            source = cards[src]
            used = source.ps_used if source.ps_tick == tick else 0
            room = max(0, g.amount_for(src, ability, source.ctrl) - used)
            for iid in reached:
                stabilize[iid] = stabilize.get(iid, 0) + room
    return fortify, stabilize


def cataclysm_apply(g: State) -> bool:
    for p in g.everyone:
        for iid, points in list(g.assigned[p].items()):
            if g.cards[iid].zone == BOARD:
                g.deal_damage(iid, points, "the Cataclysm", cataclysm=True)
    g.assigned = [{} for _ in g.players]
    g.phase = "over"
    g.final = result(g)
    res = g.final
    passed = res["ending_text"]   # names the full circle when it brought the Cataclysm (RULINGS 16)
    if len(g.players) > 2:
        # Three or four players, or two teams (RULINGS 45): every Legacy, then who survives or shares the draw.
        legacy = "–".join([str(x) for x in res["legacy"]])
        winners = " and ".join(["Player " + str(p + 1) for p in res["winners"]])
        if res["winner"] is not None or res.get("winning_team") is not None:
            g.note("game_over", res["winner"], "{0}. Legacy {1}: {2} survive{3}", (passed, legacy, winners,
                   "s" if len(res["winners"]) == 1 else ""))
        else:
            g.note("game_over", None, "{0}. Legacy {1}: a draw between {2}", (passed, legacy, winners))
    elif res["winner"] is None:
        g.note("game_over", None, "{0}. Legacy {1}–{2}: a draw", (passed, *res["legacy"]))
    else:
        g.note("game_over", res["winner"], "{0}. Legacy {1}–{2}: Player {3} survives",
               (passed, res["legacy"][0], res["legacy"][1], res["winner"] + 1))
    return True
