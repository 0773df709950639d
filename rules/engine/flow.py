"""Turn flow: run every automatic step until a player must decide.

Round: each player's turn, clockwise from the first player, then the Pyramid turn (RULINGS 42). A player turn:
untap, draw, Action Phase (with reaction windows, where Passives are triggered), End Phase (Arc Burn, Scene damage,
Overload).
"""
from __future__ import annotations

from .arcburn import arc_burn, has_storage
from .decisions import auto_decide
from .effects import KEYWORDS, TARGET_MODES, find_item, redirect_options
from .model import BOARD, Item
from .pyramid import (
    cataclysm_apply,
    discharge_finish,
    discharge_recombine,
    discharge_start,
    pyramid_turn,
    start_cataclysm,
)
from .state import State
from .targets import fixed_targets, is_legal_target, legal_targets


def run(g: State) -> None:
    """Advance until a (non-goldfish) player must decide, or the game is over."""
    if (g.phase == "action" and not g.pending and not g.stack and g.building is None and not g.tqueue
            and not g.cataclysm_due and not g.players[g.active].goldfish):
        return  # the common case: the active player acts again in their Action Phase
    while True:
        # (A game is over only after its last step, with nothing left waiting: STEPS["over"] stops the loop.)
        if g.cataclysm_due:
            interrupt_for_cataclysm(g)
            continue
        if g.pending:
            if auto_decide(g, g.pending[-1]):
                continue
            return
        if g.building is not None:
            continue_item(g)
            continue
        if g.tqueue:
            process_trigger(g)
            continue
        if g.stack:
            if g.resolving:
                resolve_top(g)
                continue
            if g.players[g.priority].goldfish:
                pass_priority(g, g.priority)
                continue
            return
        # Nothing waits: the phase's automatic step. It returns False when a player must act now, else True. A step
        # that cannot leave anything waiting (no decision, trigger, stack item or Cataclysm: the End Phase, the
        # round's end, the goldfish's turn, a Pyramid turn that locks no last edge) goes straight on to the next
        # phase's step itself, sparing this loop's checks.
        step = STEPS[g.phase]
        if step is None or not step(g):
            return


# ---------------------------------------------------------------- setup
def step_mulligan(g: State) -> bool:
    tb = g.tb
    while g.mull_idx < len(g.players):
        p = g.mull_idx
        player = g.players[p]
        if not player.goldfish and player.mulligans < tb.max_mulligans and not any(
                g.cards[i].info.type == "energy" for i in player.hand):
            g.pending.append({"type": "mulligan", "player": p})
            return True
        g.mull_idx += 1
    g.phase = "first_player"
    return True


def step_first_player(g: State) -> bool:
    real = [p.idx for p in g.players if not p.goldfish]
    if not real:
        start_game(g, 0)
        return True
    if len(real) == 1:
        chooser = real[0]
    elif len(real) == 2:
        chooser = real[g.rng.below(2)]
        g.note("coin", chooser, "Coin toss: Player {0} chooses who goes first", (chooser + 1,))
    else:
        # Three or four players: one seeded draw among them names the chooser (RULINGS 42), as the coin does for two.
        chooser = real[g.rng.below(len(real))]
        g.note("coin", chooser, "Draw for first player: Player {0} chooses who goes first", (chooser + 1,))
    g.pending.append({"type": "first_player", "player": chooser})
    g.phase = "first_player_chosen"
    return True


def start_game(g: State, first: int) -> None:
    g.first = first
    g.active = first
    g.round = 1
    g.phase = "turn_start"
    g.note("first_player", first, "Player {0} goes first", (first + 1,))


# ---------------------------------------------------------------- player turn
def step_turn_start(g: State) -> bool:
    g.tick += 1
    p = g.active
    player = g.players[p]
    g.note("turn", p, "Round {0}: Player {1}'s turn", (g.round, p + 1))
    cards = g.cards
    player.untap_all(cards)
    if player.goldfish:
        # The goldfish draws nothing, has no Passives and never acts: straight on to its End Phase.
        g.phase = "arc_burn"
        return step_arc_burn(g)
    g.draw(p)
    # One-shot Passives are no longer offered here: they "can be triggered once per turn during the Reaction
    # Phase", so reaction windows offer them (legal.py, RULINGS 39).
    g.phase = "action"
    return True


_EMPTY_POOL = (0, 0, 0, 0, 0, 0)


def step_action(g: State) -> bool:
    if g.players[g.active].goldfish:
        g.phase = "arc_burn"
        return True
    return False


def step_arc_burn(g: State) -> bool:
    players = g.players
    active = g.active
    for p in reversed(g.clockwise(active)):   # pending last is asked first: the active player, then clockwise
        pool = players[p].pool
        if pool[0] + pool[1] + pool[2] + pool[3] + pool[4] > 0:   # burnable(g, p)
            if not players[p].goldfish and has_storage(g, p):
                g.pending.append({"type": "arc_burn", "player": p})
            else:
                arc_burn(g, p)
    g.phase = "end"
    if g.pending:
        return True
    return step_end(g)  # nothing to decide (Arc Burn triggers nothing)


def step_end(g: State) -> bool:
    p = g.active
    cards = g.cards
    players = g.players
    player = players[p]
    if player.actors:
        # Scene damage: each Scene with charge deals 1 to its owner's Hero; Scenes that entered this turn are
        # exempt. Scenes hold charge, so they are never inert.
        tick = g.tick
        for iid in list(player.actors):
            card = cards[iid]
            info = card.info
            if info.is_scene and card.zone == BOARD and card.charge > 0 and card.entered != tick:
                if player.hero >= 0:
                    g.deal_damage(player.hero, 1, info.name)
    overload_check(g)
    for q in g.everyone:
        players[q].pool[:] = _EMPTY_POOL
    if g.temp_control:
        # Temporary Take Control ends. The flag is only a hint that some card may be under temporary control
        # (change_control raises it; a new or loaded state starts with it raised); looking clears it.
        g.temp_control = False
        for q in g.everyone:
            for iid in list(players[q].board):
                card = cards[iid]
                if card.temp >= 0 and card.zone == BOARD:
                    back = card.temp
                    card.temp = -1
                    g.change_control(iid, back, temporary=False)
                    g.note("control", back, "{0} returns to Player {1}'s control", (card.info.name, back + 1))
    nxt = g.next_seat(p)
    if nxt != g.first:   # clockwise to the next player; after the last of the round, the Pyramid
        g.active = nxt
        g.phase = "turn_start"
        return step_turn_start(g)
    g.phase = "pyramid"
    return pyramid_turn(g)


def overload_check(g: State) -> None:
    """Overload: a Person whose equipment holds more charge than its remaining HP is destroyed."""
    cards = g.cards
    totals: dict[int, int] | None = None
    for q in g.everyone:
        for iid in g.players[q].actors:   # equipment holds charge, so it is never inert
            card = cards[iid]
            if card.host >= 0:
                host = card.host
                if totals is None:
                    totals = {host: card.charge}
                else:
                    totals[host] = totals.get(host, 0) + card.charge
    if totals is None:
        return
    for person, total in totals.items():
        card = cards[person]
        if card.zone == BOARD and total > card.hp_left:
            g.destroy(person, f"Overload: {total} charge on {card.hp_left} HP")


# ---------------------------------------------------------------- the Pyramid and the end
def step_round_end(g: State) -> bool:
    g.round += 1
    g.active = g.first
    g.phase = "turn_start"
    return step_turn_start(g)


def interrupt_for_cataclysm(g: State) -> None:
    """All four edges are locked: the Cataclysm happens now (RULINGS 22); everything pending is abandoned."""
    g.cataclysm_due = False
    for item in g.stack:
        if item.card >= 0:
            g.to_graveyard(item.card)
    if g.building is not None and g.building.card >= 0:
        g.to_graveyard(g.building.card)
    g.stack.clear()
    g.building = None
    g.pending.clear()
    g.tqueue.clear()
    g.edge_queue.clear()
    g.discharge = None
    g.resolving = False
    g.priority = -1
    g.assigned = [{} for _ in g.players]
    g.phase = "cataclysm"


STEPS = {
    "mulligan": step_mulligan,
    "first_player": step_first_player,
    "first_player_chosen": None,
    "turn_start": step_turn_start,
    "action": step_action,
    "arc_burn": step_arc_burn,
    "end": step_end,
    "pyramid": pyramid_turn,
    "discharge": discharge_start,
    "discharge_recombine": discharge_recombine,
    "discharge_finish": discharge_finish,
    "round_end": step_round_end,
    "cataclysm": start_cataclysm,
    "cataclysm_apply": cataclysm_apply,
    "over": None,
}


# ---------------------------------------------------------------- the stack
def new_item(g: State, ctrl: int, src: int, card: int, kind: str, indexes) -> Item:
    info = g.cards[src].info
    effects = []
    for index in indexes:
        ability = info.abilities[index]
        effects.append([index, g.amount_for(src, ability, ctrl), []])
    item = Item(g.next_sid, ctrl, src, card, kind, effects)
    g.next_sid += 1
    return item


def next_need(g: State, item: Item):
    """The next choice an item being declared still needs: (effect index, mode, options), or None."""
    abilities = g.cards[item.src].info.abilities
    for index, effect in enumerate(item.effects):
        if effect[0] < 0:
            continue
        ability = abilities[effect[0]]
        spec = KEYWORDS.get(ability.keyword)
        if spec is None:
            continue
        mode = TARGET_MODES.get(ability.target, "fixed")
        targets = effect[2]
        if mode == "single":
            if not targets:
                return index, "target", legal_targets(g, item.ctrl, item.src, ability.keyword, ability.target,
                                                      spec.check, item)
            if len(targets) == 1 and spec.second == "steal_dest":
                return index, "target", steal_destinations(g, item, targets[0])
            if len(targets) == 1 and spec.second == "redirect_new":
                target = find_item(g, targets[0])
                return index, "target", (redirect_options(g, target) if target is not None else [])
        elif mode == "distributed":
            if len(targets) < effect[1]:
                options = legal_targets(g, item.ctrl, item.src, ability.keyword, ability.target, spec.check, item)
                if spec.distinct:
                    options = [o for o in options if o not in targets]
                if options:
                    return index, "assign", options
    return None


def steal_destinations(g: State, item: Item, taken_from) -> list[int]:
    cards = g.cards
    return [i for i in g.players[item.ctrl].board if cards[i].info.holds_charge and i != taken_from]


def continue_item(g: State) -> None:
    """Make the choices an item still needs (asking the player when there is a real choice), then declare it."""
    item = g.building
    while True:
        need = next_need(g, item)
        if need is None:
            break
        index, mode, options = need
        if not options:
            item.effects[index][2].append(None)
            continue
        if len(options) == 1 or g.players[item.ctrl].goldfish:
            item.effects[index][2].append(options[0])
            continue
        g.pending.append({"type": mode, "player": item.ctrl, "eff": index})
        # Nothing changes before the player is asked, so move generation reuses these options (legal.py).
        g._asked = (item, index, len(item.effects[index][2]), need)
        return
    g.building = None
    declare(g, item)


def declare(g: State, item: Item) -> None:
    """Put an item on the stack: the next player clockwise gets priority to respond (RULINGS 43)."""
    g.stack.append(item)
    g.priority = g.next_seat(item.ctrl)
    g.passes = 0
    g.resolving = False
    item.text = text = describe_item(g, item)
    g.note("stack", item.ctrl, "{0} goes on the stack{1}", (text, ""))


def describe_item(g: State, item: Item) -> str:
    """"Kalen Vos: Strike 2 → Edge Runner": the event text of an item going on the stack or resolving."""
    cards = g.cards
    info = cards[item.src].info
    parts = []
    for effect in item.effects:
        if effect[0] < 0:
            parts.append("boost")
            continue
        ability = info.abilities[effect[0]]
        text = _keyword_title(ability.keyword)
        if ability.amount is not None:
            text += f" {effect[1]}"
        names = [cards[t].info.name if type(t) is int and t >= 0 else str(t) for t in effect[2] if t is not None]
        if names:
            text += " → " + ", ".join(names)
        parts.append(text)
    return f"{info.name}: {'; '.join(parts)}"


_TITLES: dict[str, str] = {}


def _keyword_title(keyword: str) -> str:
    """"take-control" -> "Take Control", once per keyword (items are described twice each: declared, resolved)."""
    title = _TITLES.get(keyword)
    if title is None:
        title = _TITLES[keyword] = keyword.replace("-", " ").title()
    return title


def pass_priority(g: State, p: int) -> None:
    g.note("pass", p, "Player {0} passes priority", (p + 1,))
    g.passes += 1
    if g.passes >= len(g.players):   # every player in a row: two in the printed game (RULINGS 12, 43)
        g.resolving = True
        g.priority = -1
        if g.passes == 2:
            g.note("resolve", None, "Both players pass: the stack resolves, last in first out", ())
        else:
            g.note("resolve", None, "All players pass: the stack resolves, last in first out", ())
    else:
        g.priority = g.next_seat(p)


def process_trigger(g: State) -> None:
    ctrl, src, index, kind = g.tqueue.pop(0)
    card = g.cards[src]
    if kind == "passive" and not g.is_active_card(card):
        return
    item = new_item(g, ctrl, src, -1, kind, [index])
    ability = card.info.abilities[index]
    spec = KEYWORDS.get(ability.keyword)
    if spec is None:
        return
    if TARGET_MODES.get(ability.target, "fixed") != "fixed":
        options = legal_targets(g, ctrl, src, ability.keyword, ability.target, spec.check, item)
        if not options:
            g.note("fizzle", ctrl, "{0}'s ability has no legal target and does nothing", (card.info.name,))
            return
    g.building = item
    continue_item(g)


def resolve_top(g: State) -> None:
    item = g.stack.pop()
    resolve_item(g, item)
    if item.card >= 0 and g.cards[item.card].zone == "stack":
        g.to_graveyard(item.card)
    if not g.stack:
        g.resolving = False
        g.priority = -1


def resolve_item(g: State, item: Item) -> None:
    text = item.text
    if text is None:
        text = describe_item(g, item)
    g.note("resolve_item", item.ctrl, "{0} resolves", (text,))
    abilities = g.cards[item.src].info.abilities
    for effect in item.effects:
        if effect[0] < 0:
            resolve_boost(g, item)
            continue
        ability = abilities[effect[0]]
        spec = KEYWORDS.get(ability.keyword)
        if spec is None:
            continue
        amount = effect[1]
        mode = TARGET_MODES.get(ability.target, "fixed")
        extra = None
        if mode == "fixed":
            refs = fixed_targets(g, item, ability)
            if ability.keyword in ("fortify", "stabilize") and ability.target == "none":
                refs = g.characters(item.ctrl)
            pairs = [(r, amount) for r in refs if spec.check is None or spec.check(g, item.ctrl, item.src, r)]
        else:
            chosen = effect[2]
            if not chosen or chosen[0] is None:
                g.note("fizzle", item.ctrl, "{0}: no target", (g.name(item.src),))
                continue
            kind, check = ability.target, spec.check
            if mode == "single":
                if not is_legal_target(g, item.ctrl, item.src, kind, check, chosen[0], item):
                    g.note("fizzle", item.ctrl, "{0}: the target is no longer legal; the effect is negated",
                           (g.name(item.src),))
                    continue
                pairs = [(chosen[0], amount)]
                extra = chosen[1] if len(chosen) > 1 else None
            else:
                counts: dict = {}
                for ref in chosen:
                    if ref is not None:
                        counts[ref] = counts.get(ref, 0) + 1
                pairs = [(ref, n) for ref, n in counts.items()
                         if is_legal_target(g, item.ctrl, item.src, kind, check, ref, item)]
        spec.handler(g, item, ability, amount, pairs, extra)


def resolve_boost(g: State, item: Item) -> None:
    eq = g.cards[item.src]
    eq.boost = g.tick
    g.note("boost", item.ctrl, "{0} boosts its Person's abilities by +{1} this turn", (eq.info.name, g.tb.boost_bonus))
