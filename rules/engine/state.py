"""GameState: one point in a game, with the operations the rules are built from.

The public API (legal_actions, apply, clone, to_json, ...) is here; turn flow lives in `flow.py`, move generation in
`legal.py`, move execution in `execute.py`, keyword effects in `effects.py`, the Pyramid in `pyramid.py`.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

from . import ENGINE_VERSION
from .actions import Action
from .catalogue import Catalogue
from .errors import IllegalAction
from .execute import HANDLERS
from .flow import run
from .legal import explain_illegal
from .legal import legal_actions as _legal_actions
from .model import BOARD, DECK, GRAVE, HAND, Card, Edge, Item, Player
from .rng import Rng
from .scoring import result
from .tables import EDGE_NAMES, Tables, tables
from .view import build_view

OVER = "over"

# Decisions that change nothing but an energy pool, the tapped state and charge counters of the card used and the
# untapped-Energy index, and after which no rule runs: nothing triggers on them, and they are only offered to the
# player who has priority in their Action Phase or a reaction window, with nothing pending or queued, so the same
# player decides next and `apply` does not call `run`. Which chosen targets exist reads none of what they change, so
# `apply` keeps move generation's memo of it across these decisions (a "quiet span") and drops it after any other.
QUIET = frozenset({"tap", "tap_charge", "add_counter"})


class GameState:
    """One point in a game of Cataclysm. Build it with `new_game`, `load_scenario`, `replay` or `from_json`."""

    def __init__(self, cat: Catalogue):
        self.cat = cat
        self.tb: Tables = tables(cat)
        self.rng = Rng(0)
        self.seed = 0
        self.seating = "side-by-side"
        self.decks: list[Any] = [None, None]
        self.scenario: Any = None
        self.history: list[str] = []
        self.cards: list[Card] = []
        self.players: list[Player] = []
        self.edges: list[Edge] = []
        self.variants: tuple[str, ...] = ()   # rule variants switched on (decks/data/variants.yaml), sorted
        self.tide_rule = False                # the `tide` variant (RULINGS 16)
        self.full_circle = 50                 # the last round: the Pyramid deck's size (RULINGS 16)
        self.tide = 0
        self.pyramid: list[str] = []
        self.stack: list[Item] = []
        self.building: Item | None = None
        self.priority = -1
        self.passes = 0
        self.resolving = False
        self.tqueue: list[list] = []     # triggers waiting to go on the stack: [controller, source, ability, kind]
        self.pending: list[dict] = []    # decisions waiting for a player, the last one first
        self.assigned: list[dict[int, int]] = [{}, {}]   # damage points being distributed, per player
        self.discharge: dict | None = None
        self.edge_queue: list[int] = []
        self.phase = "mulligan"
        self.active = -1
        self.first = -1
        self.round = 0
        self.tick = 0
        self.mull_idx = 0
        self.next_sid = 1
        self.destroyed = 0
        self.cataclysm_due = False
        self.temp_control = True  # a card may be under temporary control (a hint for the End Phase: flow.step_end)
        self.final: dict | None = None
        self.remaining = [0, 0]
        self.eliminated = [False, False]
        self.log_rows: list[tuple] = []
        self._legal: list[Action] | None = None
        self._target_memo: dict = {}  # memos for the current quiet span: which chosen targets exist (legal.py), the
        # greedy bot's ranking of what to buy (bots.py); emptied by every decision not in QUIET
        self._asked: tuple | None = None  # (item, effect, targets so far, next_need) of the last choice asked for
        self._hand_memo: dict = {}    # hand contents -> one entry per name (legal.py); iids never change name
        self._offer_memo: dict = {}   # (player, card, charge or pay keys) -> the same immutable offers (legal.py)
        self._tap_offers: tuple[dict, dict] = ({}, {})  # per player, Energy card -> its tap offer (legal.py)

    # ------------------------------------------------------------------ public API
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def current_player(self) -> int | None:
        """Who decides now (0 or 1), or None when the game is over."""
        if self.phase == OVER:
            return None
        if self.pending:
            return self.pending[-1]["player"]
        if self.stack or self.building is not None:
            return self.priority if self.priority >= 0 else None
        if self.phase == "action":
            return self.active
        return None

    def legal_actions(self) -> list[Action]:
        """Every decision the current player may make now."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _legal_actions(self)
        return legal

    def apply(self, action: Action | str) -> "GameState":
        """Make a decision (an Action or its id); raise IllegalAction and change nothing if it is not legal now."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _legal_actions(self)
        chosen = None
        for candidate in legal:
            if candidate is action:
                chosen = candidate
                break
        else:
            if isinstance(action, str):
                for candidate in legal:
                    if candidate.id == action:
                        chosen = candidate
                        break
            elif isinstance(action, Action):
                for candidate in legal:
                    if candidate == action:
                        chosen = candidate
                        break
            else:
                raise IllegalAction("actions", f"not an action: {action!r}")
        if chosen is None:
            rule, message = explain_illegal(self, action)
            raise IllegalAction(rule, message)
        return self.apply_legal(chosen)

    def apply_legal(self, chosen: Action) -> "GameState":
        """Make a decision taken from this very state's `legal_actions()` list, skipping the search `apply` makes
        to check it (bots that draw from that list, many thousands of times per simulation, call this)."""
        self._legal = None
        self.history.append(chosen)
        kind, player, args, _ = chosen  # one unpacking: in the compiled form, indexing a tuple subclass is a call
        HANDLERS[kind](self, player, args)
        if kind not in QUIET:
            run(self)
            self._target_memo = {}
        self._legal = None
        return self

    @property
    def action_ids(self) -> list[str]:
        """The ids of every action applied so far."""
        return [h if isinstance(h, str) else h.id for h in self.history]

    def clone(self) -> "GameState":
        """Copy the mutable state (definitions are shared)."""
        g = GameState.__new__(GameState)
        extra = getattr(self, "__dict__", None)  # the plain form keeps every field here; the compiled form, none
        if extra:
            vars(g).update(extra)
        # The fields shared or copied as they are, named, since the compiled form keeps them out of the instance
        # dict (state.pxd).
        (g.cat, g.tb, g.seed, g.seating, g.scenario, g.variants, g.tide_rule, g.full_circle, g.tide, g.priority,
         g.passes, g.resolving, g.phase, g.active, g.first, g.round, g.tick, g.mull_idx, g.next_sid, g.destroyed,
         g.cataclysm_due, g.temp_control, g.final, g._asked, g._hand_memo, g._offer_memo, g._tap_offers) = (
            self.cat, self.tb, self.seed, self.seating, self.scenario, self.variants, self.tide_rule,
            self.full_circle, self.tide, self.priority, self.passes, self.resolving, self.phase, self.active,
            self.first, self.round, self.tick, self.mull_idx, self.next_sid, self.destroyed, self.cataclysm_due,
            self.temp_control, self.final, self._asked, self._hand_memo, self._offer_memo, self._tap_offers)
        g.rng = self.rng.copy()
        g.decks = list(self.decks)
        g.history = self.history[:]
        g.cards = [c.copy() for c in self.cards]
        g.players = [p.copy() for p in self.players]
        g.edges = [e.copy() for e in self.edges]
        g.pyramid = self.pyramid[:]
        g.stack = [i.copy() for i in self.stack]
        g.building = self.building.copy() if self.building is not None else None
        g.tqueue = [list(t) for t in self.tqueue]
        g.pending = [dict(d) for d in self.pending]
        g.assigned = [dict(a) for a in self.assigned]
        g.discharge = None if self.discharge is None else json.loads(json.dumps(self.discharge))
        g.edge_queue = self.edge_queue[:]
        g.remaining = self.remaining[:]
        g.eliminated = self.eliminated[:]
        g.log_rows = self.log_rows[:]
        g._legal = None
        g._target_memo = {}  # not shared: each copy's quiet span ends on its own
        return g

    def to_json(self) -> dict:
        from .serialize import state_to_json
        return state_to_json(self)

    @classmethod
    def from_json(cls, data: dict, catalogue: Catalogue) -> "GameState":
        from .serialize import state_from_json
        return state_from_json(data, catalogue)

    def digest(self) -> str:
        """Hash of the canonical JSON of the game state (the event log excluded)."""
        data = self.to_json()
        data.pop("events", None)
        blob = json.dumps(data, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:32]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # mutable

    def record(self) -> dict:
        """Everything `replay()` needs to rebuild this exact state."""
        out = {
            "engine_version": ENGINE_VERSION,
            "data_hash": self.cat.data_hash,
            "decks": [None if d is None else {"hero": d.hero, "cards": list(d.cards)} for d in self.decks],
            "seating": self.seating,
            "seed": self.seed,
            "variants": list(self.variants),
            "actions": self.action_ids,
        }
        if self.scenario is not None:
            out["scenario"] = self.scenario
        return out

    @property
    def events(self) -> list[dict]:
        """The readable game log: {"seq", "round", "turn", "player", "type", "text"}."""
        return self.events_from(0)

    def events_from(self, start: int) -> list[dict]:
        """`events[start:]`, formatting only those (a client that has the log so far asks for the new ones)."""
        return [{"seq": seq, "round": rnd, "turn": tick, "player": player, "type": kind,
                 "text": template.format(*args) if args else template}
                for seq, (kind, player, rnd, tick, template, args) in enumerate(self.log_rows[start:], start=start)]

    @property
    def event_count(self) -> int:
        """How many events the game has logged (`len(events)`, without formatting them)."""
        return len(self.log_rows)

    def view(self, viewer: int | None = None) -> dict:
        """The board for a UI; with `viewer`, only what that seat may see (the other hand as a count)."""
        return build_view(self, viewer)

    def result(self) -> dict:
        return result(self)

    # ------------------------------------------------------------------ helpers the rules use
    def log(self, kind: str, player: int | None, template: str, *args: Any) -> None:
        self.log_rows.append((kind, player, self.round, self.tick, template, args))

    def name(self, iid: int) -> str:
        return self.cards[iid].info.name

    def opponent(self, p: int) -> int:
        return 1 - p

    def characters(self, p: int) -> list[int]:
        """People and the Hero a player controls."""
        cards = self.cards
        return [i for i in self.players[p].board if cards[i].info.type in ("person", "hero")]

    def of_type(self, p: int, card_type: str) -> list[int]:
        cards = self.cards
        return [i for i in self.players[p].board if cards[i].info.type == card_type]

    def equipment_on(self, person: int) -> list[int]:
        cards = self.cards   # only equipment has a host, and equipment is never inert
        return [i for i in self.players[cards[person].ctrl].actors if cards[i].host == person]

    def is_active_card(self, card: Card) -> bool:
        """A card whose abilities work: in play and not a Dormant Scene."""
        return card.zone == BOARD and not (card.info.type == "scene" and card.charge <= 0)

    def can_activate(self, card: Card) -> bool:
        """Not Disrupted, Delayed or Suppressed, and not Dormant."""
        return card.disabled <= self.tick and self.is_active_card(card)

    def next_turn_tick(self, player: int, nth: int = 1) -> int:
        """The tick at which `player`'s nth next turn begins (a round is: first player, second player, Pyramid)."""
        offset = 1 if player == self.first else 2
        tick = self.tick
        found = 0
        candidate = tick + 1
        while True:
            if (candidate - offset) % 3 == 0:
                found += 1
                if found == nth:
                    return candidate
            candidate += 1

    # ----- card movement
    def draw(self, p: int, n: int = 1) -> int:
        player = self.players[p]
        drawn = 0
        for _ in range(n):
            if not player.deck:
                self.log("draw", p, "Player {0} cannot draw: the deck is empty", p + 1)
                break
            iid = player.deck.pop()
            self.cards[iid].zone = HAND
            player.hand.append(iid)
            drawn += 1
        return drawn

    def enter_play(self, iid: int, ctrl: int, host: int = -1) -> None:
        """Put a card onto its controller's board with its entering charge, and trigger When-enters abilities."""
        card = self.cards[iid]
        info = card.info
        card.reset()
        card.ctrl = ctrl
        card.zone = BOARD
        card.entered = self.tick
        card.host = host
        if info.type == "scene" or info.type == "battery" or info.is_equipment:
            card.charge = info.charge  # RULINGS 8: equipment enters holding its 1 charge counter
        player = self.players[ctrl]
        player.board.append(iid)
        if info.type == "energy":
            player.add_ready(card.slug, iid)
        if not info.inert:
            player.actors.append(iid)
        for index in info.enters:
            self.tqueue.append([ctrl, iid, index, "enters"])

    def remove_from_zone(self, iid: int) -> None:
        card = self.cards[iid]
        zone = card.zone
        if zone == BOARD:
            player = self.players[card.ctrl]
            player.board.remove(iid)
            if card.info.type == "energy" and not card.tapped:
                player.ready[card.slug].remove(iid)
            if not card.info.inert:
                player.actors.remove(iid)
            if player.hero == iid:
                player.hero = -1
        elif zone == HAND:
            self.players[card.owner].hand.remove(iid)
        elif zone == GRAVE:
            self.players[card.owner].grave.remove(iid)
        elif zone == DECK:
            self.players[card.owner].deck.remove(iid)

    def to_graveyard(self, iid: int) -> None:
        card = self.cards[iid]
        self.remove_from_zone(iid)
        card.reset()
        card.ctrl = card.owner
        card.zone = GRAVE
        self.players[card.owner].grave.append(iid)

    def to_hand(self, iid: int) -> None:
        card = self.cards[iid]
        self.remove_from_zone(iid)
        card.reset()
        card.ctrl = card.owner
        card.zone = HAND
        self.players[card.owner].hand.append(iid)

    def destroy(self, iid: int, why: str) -> int:
        """Destroy a card in play (its equipment goes with a Person: RULINGS 9); return how many cards were."""
        card = self.cards[iid]
        if card.zone != BOARD:
            return 0
        count = 0
        if card.info.type == "person":
            for eq in self.equipment_on(iid):
                self.log("destroy", card.ctrl, "{0} goes to the graveyard with {1}", self.name(eq), card.info.name)
                self.to_graveyard(eq)
                count += 1
        if card.info.type == "hero":
            self.log("hero_dies", card.ctrl, "{0} falls ({1}): Hero abilities are lost; the game goes on",
                     card.info.name, why)
        else:
            self.log("destroy", card.ctrl, "{0} is destroyed ({1})", card.info.name, why)
        self.to_graveyard(iid)
        count += 1
        self.destroyed += count
        return count

    def change_control(self, iid: int, new: int, temporary: bool) -> None:
        card = self.cards[iid]
        old = card.ctrl
        if old == new:
            return
        moving = [iid] + (self.equipment_on(iid) if card.info.type == "person" else [])
        for m in moving:
            self.players[old].board.remove(m)
            self.players[new].board.append(m)
            if not self.cards[m].info.inert:
                self.players[old].actors.remove(m)
                self.players[new].actors.append(m)
            self.cards[m].ctrl = new
        if card.info.type == "energy" and not card.tapped:
            self.players[old].ready[card.slug].remove(iid)
            self.players[new].add_ready(card.slug, iid)
        if temporary:
            self.temp_control = True
            if card.temp < 0:
                card.temp = old
        else:
            card.temp = -1

    # ----- damage
    def deal_damage(self, iid: int, amount: int, source: str, *, cataclysm: bool = False,
                    event: str = "damage") -> int:
        """Deal damage from one source: Fortify (Cataclysm only), Ward, then Stabilize prevent; return damage dealt.

        A card without HP (Scene, Battery, equipment, Energy) loses that much charge instead (RULINGS 29).
        """
        card = self.cards[iid]
        if amount <= 0 or card.zone != BOARD:
            return 0
        info = card.info
        if cataclysm:
            fortified = min(amount, self.fortify_total(iid))
            amount -= fortified
        if card.ward > 0 and amount > 0:
            prevented = min(card.ward, amount)
            card.ward = 0
            amount -= prevented
            self.log("ward", card.ctrl, "Ward prevents {0} damage to {1}", prevented, info.name)
        if amount > 0 and info.type in ("person", "hero"):
            amount -= self._stabilize(iid, amount)
        if amount <= 0:
            return 0
        if info.type not in ("person", "hero"):
            lost = min(card.charge, amount)
            card.charge -= lost
            self.log(event, card.ctrl, "{0} takes {1} damage from {2} and loses {3} charge",
                     info.name, amount, source, lost)
            return lost
        card.damage += amount
        self.log(event, card.ctrl, "{0} takes {1} damage from {2}", info.name, amount, source)
        if card.damage >= (info.hp or 0):
            self.destroy(iid, "no HP left")
        return amount

    def fortify_total(self, iid: int) -> int:
        card = self.cards[iid]
        total = card.fortify
        for src, index in self._continuous(card.ctrl, "fortify"):
            if iid in self.continuous_targets(src, self.cards[src].info.abilities[index]):
                total += self.amount_for(src, self.cards[src].info.abilities[index], card.ctrl)
        return total

    def _continuous(self, p: int, keyword: str) -> list[tuple[int, int]]:
        """(card, ability index) of a player's active continuous Passives with this keyword, in board order."""
        cards = self.cards
        out = []
        for src in self.players[p].board:
            if cards[src].info.passive_cont:   # few cards have any
                card = cards[src]
                for index in card.info.passive_cont:
                    if card.info.abilities[index].keyword == keyword and self.is_active_card(card):
                        out.append((src, index))
        return out

    def continuous_targets(self, src: int, ability: Any) -> list[int]:
        card = self.cards[src]
        kind = ability.target
        if kind == "self":
            return [src]
        if kind == "own_hero":
            hero = self.players[card.ctrl].hero
            return [hero] if hero >= 0 else []
        if kind == "equipped_person":
            if card.info.is_equipment:
                return [card.host] if card.host >= 0 else []
            return [src]
        return self.characters(card.ctrl)

    def _battery_of(self, p: int) -> Card | None:
        """The player's first Battery in play, which takes Stabilize's charge (Batteries are never inert)."""
        cards = self.cards
        for i in self.players[p].actors:
            if cards[i].info.type == "battery":
                return cards[i]
        return None

    def stabilize_room(self, iid: int) -> int:
        """How much damage Stabilize could still turn into charge for this card now (what `_stabilize` may take)."""
        card = self.cards[iid]
        if self._battery_of(card.ctrl) is None:
            return 0
        room = card.stab if card.stab > 0 and card.stab_tick == self.tick else 0
        for src, index in self._continuous(card.ctrl, "stabilize"):
            ability = self.cards[src].info.abilities[index]
            if iid not in self.continuous_targets(src, ability):
                continue
            source = self.cards[src]
            used = source.ps_used if source.ps_tick == self.tick else 0
            room += max(0, self.amount_for(src, ability, source.ctrl) - used)
        return room

    def _stabilize(self, iid: int, amount: int) -> int:
        card = self.cards[iid]
        battery = self._battery_of(card.ctrl)
        if battery is None:
            return 0
        converted = 0
        if card.stab > 0 and card.stab_tick == self.tick:
            take = min(card.stab, amount)
            card.stab -= take
            converted += take
        for src, index in self._continuous(card.ctrl, "stabilize"):
            if converted >= amount:
                break
            ability = self.cards[src].info.abilities[index]
            if iid not in self.continuous_targets(src, ability):
                continue
            source = self.cards[src]
            if source.ps_tick != self.tick:
                source.ps_tick, source.ps_used = self.tick, 0
            budget = self.amount_for(src, ability, source.ctrl) - source.ps_used
            take = max(0, min(budget, amount - converted))
            source.ps_used += take
            converted += take
        if converted:
            battery.charge += converted
            self.log("stabilize", card.ctrl, "Stabilize turns {0} damage to {1} into charge on {2}",
                     converted, card.info.name, battery.info.name)
        return converted

    # ----- abilities
    def amount_for(self, src: int, ability: Any, ctrl: int) -> int:
        """X of an ability with its bonuses: equipment (+1 each, Uncommon boost, Rare aura) and Synergy."""
        if ability.amount is None:
            return 0
        amount = ability.amount
        card = self.cards[src]
        tb = self.tb
        if card.info.type == "person" and card.zone == BOARD:
            # Only equipment has a host, and equipment is never inert: the actors index holds all of it.
            cards = self.cards
            actors = self.players[card.ctrl].actors
            equipped = False
            for i in actors:
                eq = cards[i]
                if eq.host == src:
                    equipped = True
                    amount += tb.ability_bonus
                    if eq.boost == self.tick:
                        amount += tb.boost_bonus
            if equipped:
                for i in actors:
                    eq = cards[i]
                    if eq.host >= 0 and eq.info.rarity == "rare":
                        amount += tb.rare_aura_bonus
        if ability.synergy and self.has_synergy(ctrl):
            amount += ability.synergy
        return amount

    def has_synergy(self, p: int) -> bool:
        """On-The-Fence Synergy: the player controls both a Fanatic and a Conservative card."""
        cards = self.cards
        fan = con = False
        for i in self.players[p].board:
            ideology = cards[i].info.ideology
            if ideology == "fanatic":
                if con:
                    return True
                fan = True
            elif ideology == "conservative":
                if fan:
                    return True
                con = True
        return False

    # ----- the Pyramid
    def add_edge(self, e: int, amount: int, source: str) -> int:
        """Add charge to an edge (a locked edge takes none); lock it at 20; return the charge added."""
        edge = self.edges[e]
        if edge.locked or amount <= 0:
            return 0
        before = edge.charge
        edge.charge = min(self.tb.lock_at, edge.charge + amount)
        added = edge.charge - before
        if edge.charge >= self.tb.lock_at:
            self.lock_edge(e)
        return added

    def lock_edge(self, e: int) -> None:
        edge = self.edges[e]
        edge.charge = self.tb.lock_at
        edge.locked = True
        edge.counter = self.tb.counter_start
        edge.locked_tick = self.tick
        self.log("edge_lock", None, "Edge {0} locks at {1} charge; its discharge counter starts at {2}",
                 EDGE_NAMES[e], self.tb.lock_at, edge.counter)
        if all(x.locked for x in self.edges) and self.phase not in ("cataclysm", "cataclysm_apply", OVER):
            self.cataclysm_due = True

    def remove_edge(self, e: int, amount: int) -> int:
        """Drain an edge: a locked edge keeps its charge (RULINGS 30), and none drops below the tide (its variant)."""
        edge = self.edges[e]
        if edge.locked:
            return 0
        new = max(self.tide, edge.charge - amount)
        removed = edge.charge - new
        edge.charge = new
        return removed
