"""The game state: the data of one point in a game, and the operations the rules are built from.

The engine's bottom layer: `State` holds the cards, players, edges, stack and phase, and the primitives every rule
module uses (draw, enter play, destroy, damage, edges...), none of which runs a rule of its own. The rule modules
above it (flow, legal, execute, effects, pyramid...) take a `State` and import this module downward; `game.py`
completes it into `GameState`, the public API (legal_actions, apply, clone, to_json...), on top of them.
"""
from __future__ import annotations

from typing import Any

from .actions import Action
from .catalogue import Catalogue
from .model import BOARD, DECK, GRAVE, HAND, Card, Edge, Item, Player, characters_in, hosted
from .rng import Rng
from .tables import EDGE_NAMES, Tables, tables

OVER = "over"

# Decisions that change nothing but an energy pool, the tapped state and charge counters of the card used and the
# untapped-Energy index, and after which no rule runs: nothing triggers on them, and they are only offered to the
# player who has priority in their Action Phase or a reaction window, with nothing pending or queued, so the same
# player decides next and `apply` does not call `run`. Which chosen targets exist reads none of what they change, so
# `apply` keeps move generation's memo of it across these decisions (a "quiet span") and drops it after any other.
QUIET = frozenset({"tap", "tap_charge", "spend_charge", "add_counter"})


class State:
    """One point in a game of Cataclysm, as data and primitives; `game.GameState` is the whole of it."""

    def __init__(self, cat: Catalogue):
        self.cat = cat
        self.tb: Tables = tables(cat)
        self.rng = Rng(0)
        self.seed = 0
        self.seating = "side-by-side"
        self.decks: list[Any] = [None, None]
        self.scenario: Any = None
        self.card_ids = "drawn"   # how the cards were numbered at set-up: decks.CARD_IDS
        self.history: list[str] = []
        self.cards: list[Card] = []
        self.players: list[Player] = []
        self.edges: list[Edge] = []
        # The format (issue 34): the seats clockwise, each one's team (if a team game), each one's opponents.
        self.everyone: tuple[int, ...] = (0, 1)
        self.teams: tuple[int, ...] = ()
        self.foes: list[tuple[int, ...]] = [(1,), (0,)]
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
        self.active, self.first, self.round, self.tick = -1, -1, 0, 0   # the turn's clock (C longs: state.pxd)
        self.mull_idx, self.next_sid, self.destroyed = 0, 1, 0
        self.cataclysm_due = False
        self.temp_control = True  # a card may be under temporary control (a hint for the End Phase: flow.step_end)
        self.final: dict | None = None
        self.remaining = [0, 0]
        self.eliminated = [False, False]
        self.log_rows: list[tuple] = []
        self._legal: list[Action] | None = None
        self._target_memo: dict = {}  # the quiet span's memos (targets: legal.py; the greedy plan), emptied off QUIET
        self._asked: tuple | None = None  # (item, effect, targets so far, next_need) of the last choice asked for
        self._hand_memo: dict = {}    # hand tuple -> its plan; player index -> (hand last seen, plan) (legal.py)
        self._offer_memo: list = [None, None] * 2  # per player, its end-the-turn and pass offers (legal.py)
        self._tap_offers: tuple[list, list] = ([], [])  # per player, card id -> its tap or spend-charge offer (legal.py)
        self._counter_memo: tuple[list, list] = ([], [])  # per player, Battery id -> {keys' code -> its counter offers}

    # ------------------------------------------------------------------ where the game is
    @property
    def is_over(self) -> bool:
        return self.ended()

    def ended(self) -> bool:
        """Whether the game is over (asked at every decision): its phase is `OVER` itself. Every phase set is a literal
        or interned when read in (serialize.py, scenario.py); compiled, `==` compared unequal strs in full (issue 35)."""
        return self.phase is OVER

    @property
    def current_player(self) -> int | None:
        """Who decides now (0 or 1), or None when the game is over."""
        if self.phase is OVER:
            return None
        if self.pending:
            return self.pending[-1]["player"]
        if self.stack or self.building is not None:
            return self.priority if self.priority >= 0 else None
        if self.phase == "action":
            return self.active
        return None

    @property
    def action_ids(self) -> list[str]:
        """The ids of every action applied so far."""
        return [h if isinstance(h, str) else h.id for h in self.history]

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

    # ------------------------------------------------------------------ helpers the rules use
    def note(self, kind: str, player: int | None, template: str, args: tuple) -> None:
        """An event's row, its arguments as one tuple: a C call when compiled (state.pxd), unlike `*args` (issue 35)."""
        self.log_rows.append((kind, player, self.round, self.tick, template, args))

    def name(self, iid: int) -> str:
        return self.cards[iid].info.name

    def opponent(self, p: int) -> int:
        """The first opponent after `p` clockwise (in a two-player game, the other player)."""
        return self.foes[p][0]

    def next_seat(self, p: int) -> int:
        """The player after `p` clockwise (turns and priority pass clockwise: RULINGS 42, 43)."""
        p += 1
        return 0 if p == len(self.players) else p

    def clockwise(self, start: int) -> list[int]:
        """Every player in clockwise order from `start` (the round's order when `start` is the first player)."""
        n = len(self.players)
        return [(start + k) % n for k in range(n)]

    def characters(self, p: int) -> list[int]:
        """People and the Hero a player controls."""
        player = self.players[p]   # typed when compiled (state.pxd), as is every card read below
        return characters_in(self.cards, player.board)

    def of_type(self, p: int, card_type: str) -> list[int]:
        cards = self.cards
        return [i for i in self.players[p].board if cards[i].info.type == card_type]

    def equipment_on(self, person: int) -> list[int]:
        player = self.players[self.cards[person].ctrl]   # only equipment has a host, and it is never inert
        return hosted(self.cards, player.actors, person)

    def is_active_card(self, card: Card) -> bool:
        """A card whose abilities work: in play and not a Dormant Scene."""
        info = card.info
        return card.zone == BOARD and not (info.is_scene and card.charge <= 0)   # is_scene: type == "scene"

    def can_activate(self, card: Card) -> bool:
        """Not Disrupted, Delayed or Suppressed, and not Dormant."""
        return card.disabled <= self.tick and self.is_active_card(card)

    def next_turn_tick(self, player: int, nth: int = 1) -> int:
        """The tick at which `player`'s nth next turn begins (a round is: each player's turn clockwise from the first
        player, then the Pyramid's: n + 1 turns)."""
        n = len(self.players)
        offset = (player - self.first) % n + 1 if self.first >= 0 else 2
        period = n + 1
        tick = self.tick
        found = 0
        candidate = tick + 1
        while True:
            if (candidate - offset) % period == 0:
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
                self.note("draw", p, "Player {0} cannot draw: the deck is empty", (p + 1,))
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
        if info.is_scene or info.is_battery or info.is_equipment:
            card.charge = info.charge  # RULINGS 8: equipment enters holding its 1 charge counter
        player = self.players[ctrl]
        player.board.append(iid)
        if info.type == "energy":
            player.add_energy(card.slug, iid, False)
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
            if card.info.type == "energy":
                player.remove_energy(card.slug, iid, card.tapped)
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
                self.note("destroy", card.ctrl, "{0} goes to the graveyard with {1}", (self.name(eq), card.info.name))
                self.to_graveyard(eq)
                count += 1
        if card.info.type == "hero":
            self.note("hero_dies", card.ctrl, "{0} falls ({1}): Hero abilities are lost; the game goes on",
                      (card.info.name, why))
        else:
            self.note("destroy", card.ctrl, "{0} is destroyed ({1})", (card.info.name, why))
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
        if card.info.type == "energy":
            self.players[old].remove_energy(card.slug, iid, card.tapped)
            self.players[new].add_energy(card.slug, iid, card.tapped)
        if temporary:
            self.temp_control = True
            if card.temp < 0:
                card.temp = old
        else:
            card.temp = -1

    # ----- damage
    def deal_damage(self, iid: int, amount: int, source: str, cataclysm: bool = False, event: str = "damage") -> int:
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
            self.note("ward", card.ctrl, "Ward prevents {0} damage to {1}", (prevented, info.name))
        if amount > 0 and info.is_character:
            amount -= self._stabilize(iid, amount)
        if amount <= 0:
            return 0
        if not info.is_character:
            lost = min(card.charge, amount)
            card.charge -= lost
            self.note(event, card.ctrl, "{0} takes {1} damage from {2} and loses {3} charge",
                      (info.name, amount, source, lost))
            return lost
        card.damage += amount
        self.note(event, card.ctrl, "{0} takes {1} damage from {2}", (info.name, amount, source))
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
        """(card, ability index) of a player's active continuous Passives with this keyword, in board order.

        A card with a continuous Passive is never inert (tables.py), so the board's actors (in board order) hold
        every one of them: the walk skips the Energy and the other cards that do nothing."""
        cards = self.cards
        out = []
        for src in self.players[p].actors:
            card = cards[src]
            info = card.info   # a typed local in the compiled form (state.pxd): the walk reads fixed offsets
            if info.passive_cont:   # few cards have any
                for index in info.passive_cont:
                    if info.abilities[index].keyword == keyword and self.is_active_card(card):
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
            card = cards[i]
            info = card.info
            if info.is_battery:   # type == "battery" (tables.py)
                return card
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
            self.note("stabilize", card.ctrl, "Stabilize turns {0} damage to {1} into charge on {2}",
                      (converted, card.info.name, battery.info.name))
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
            card = cards[i]
            info = card.info   # typed locals in the compiled form (state.pxd): fixed offsets, not look-ups by name
            if info.ideology == "fanatic":
                fan = True
            elif info.ideology == "conservative":
                con = True
            if fan and con:
                return True
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
        self.note("edge_lock", None, "Edge {0} locks at {1} charge; its discharge counter starts at {2}",
                  (EDGE_NAMES[e], self.tb.lock_at, edge.counter))
        # every Edge locked (a comprehension, not all() over a generator: a cpdef method may hold no closure)
        if not [x for x in self.edges if not x.locked] and self.phase not in ("cataclysm", "cataclysm_apply", OVER):
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
