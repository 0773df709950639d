"""Read the rulebook tables and card definitions once per catalogue into fast lookups.

Nothing here restates a rulebook number: every constant comes from `Catalogue.rulebook` (cards/data/rulebook.yaml).
"""
from __future__ import annotations

import sys
from typing import Any, Mapping

from .catalogue import Ability, CardDef, Catalogue, Cost

# The energy pool: the four typed energies, Colorless (from a Colorless Energy card or spent charge) and Buff
# (bonus CE from Buff X, which never Arc Burns: RULINGS 7).
POOL_KEYS = ("DC", "LC", "DR", "LR", "CE", "Buff")
COLORLESS = 4
BUFF = 5
EDGE_NAMES = ("E1", "E2", "E3", "E4")
CONTINUOUS_PASSIVES = frozenset({"fortify", "stabilize", "charge-capacity"})
PERMANENT_TYPES = frozenset({"hero", "person", "scene", "artifact", "enchantment", "battery", "energy"})
EQUIPMENT_TYPES = frozenset({"artifact", "enchantment"})
# The formats beyond the printed two-player game (issue 34, RULINGS 41): three or four players take the rulebook's
# seats in clockwise order (three leave S4 empty); in two against two the partners sit diagonally (S1 and S3 against
# S2 and S4), so every edge lies between the two teams. The printed seatings (rulebook.yaml) seat two.
TABLE_SEATINGS = {"three-players": ("S1", "S2", "S3"), "four-players": ("S1", "S2", "S3", "S4"),
                  "two-against-two": ("S1", "S2", "S3", "S4")}
TEAM_SEATINGS = {"two-against-two": (0, 1, 0, 1)}   # each seat's team; a seating not named here: every one for itself
CHARACTER_TYPES = ("person", "hero")   # the characters: the cards with HP (damage, healing, kills)
CHARGE_TYPES = frozenset({"battery", "scene", "artifact", "enchantment"})
NEVER = 1 << 30  # more energy than any pool holds
# What a card offers from the hand (CardInfo.hand_code), a small int move generation tests without comparing type
# strings (legal.py; issue 35): nothing (a Hero), summon (a Person), play (a Scene or Battery), equip, cast (an
# Instant), play_energy (an Energy card).
HAND_NOTHING, HAND_SUMMON, HAND_PLAY, HAND_EQUIP, HAND_CAST, HAND_ENERGY = range(6)
HAND_CODES = {"energy": HAND_ENERGY, "person": HAND_SUMMON, "scene": HAND_PLAY, "battery": HAND_PLAY,
              "instant": HAND_CAST}   # CardInfo.hand_code by type; equipment is HAND_EQUIP, anything else HAND_NOTHING


class CardInfo:
    """One card definition, flattened for the hot path (ability indexes split by trigger)."""

    __slots__ = (
        "slug", "name", "type", "rarity", "faction", "civilization", "ideology", "hp", "charge", "produces",
        "req", "any", "abilities", "use", "reaction", "enters", "passive_start", "passive_cont", "instant",
        "pyramid", "legacy_mult", "legacy_value", "faction_key", "boost_req", "boost_any", "holds_charge",
        "is_equipment", "definition", "meta", "cost_id", "inert", "total", "use_rows", "react_rows", "is_battery",
        "is_scene", "is_hero", "can_boost", "boost_cost_id", "main_floor", "window_floor", "absorbs", "is_character",
        "hand_code",
    )

    def __repr__(self) -> str:
        return f"<CardInfo {self.slug}>"


class AbilityInfo:
    """One ability of a card definition, as move generation and the bots read it (CardInfo.abilities): the catalogue's
    Ability's fields, copied once. The catalogue's Ability is a frozen dataclass, and reading one of its slots from
    compiled code is a generic attribute look-up (about 75 instructions; the greedy player reads some twenty
    thousand a game); in the compiled form this is a C-level class (tables.pxd), whose fields a typed local reads at
    a fixed offset (issue 35). `printed` is the catalogue's Ability itself."""

    __slots__ = ("trigger", "keyword", "amount", "target", "cost", "charge_cost", "synergy", "printed")

    def __init__(self, ability: Ability):
        self.trigger, self.keyword, self.amount = ability.trigger, ability.keyword, ability.amount
        self.target, self.cost, self.synergy = ability.target, ability.cost, ability.synergy
        self.charge_cost = ability.cost.charge   # a C long (tables.pxd): `cost.charge` is a generic look-up
        self.printed = ability

    def as_dict(self) -> dict[str, Any]:
        return self.printed.as_dict()

    def __repr__(self) -> str:
        return f"<AbilityInfo {self.printed!r}>"


class Tables:
    """Everything the engine reads from a catalogue, computed once."""

    def __init__(self, cat: Catalogue):
        rb: Mapping[str, Any] = cat.rulebook
        game = rb["game"]
        self.cat = cat
        self.hand_size = int(game["hand_size"])
        self.max_mulligans = int(game["max_mulligans"])
        self.edge_count = int(game["edge_count"])
        self.lock_at = int(game["edge_lock_at"])
        self.counter_start = int(game["discharge_counter_start"])
        self.discharge_at = int(game["discharge_at"])
        self.discharge_damage = int(game["discharge_damage"])
        self.cataclysm_damage = int(game["cataclysm_damage"])
        self.seats = {name: tuple(EDGE_NAMES.index(e) for e in row["edges"]) for name, row in rb["seats"].items()}
        self.seatings = {name: tuple(seats) for name, seats in rb["seatings"].items()}
        self.seatings.update(TABLE_SEATINGS)
        self.recombine = {int(k): (int(v["absorbs"]), int(v["returns"])) for k, v in rb["recombine"].items()}
        self.rarities = {r["slug"]: r for r in rb["rarities"]}
        self.factions = {f["slug"]: f for f in rb["factions"]}
        self.colorless_code = rb.get("colorless", "CE")
        eq = rb["equipment"]
        self.attach_req, self.attach_any = cost_vector(Cost.from_mapping(eq["attach_cost"]))
        self.ability_bonus = int(eq["ability_bonus"])
        self.charge_capacity = int(eq["charge_capacity"])
        self.boost_cost = dict(eq["uncommon_boost"]["cost"])
        self.boost_bonus = int(eq["uncommon_boost"]["bonus"])
        self.rare_aura_bonus = int(eq["rare_aura_bonus"])
        self.counter_req, self.counter_any = cost_vector(Cost.from_mapping(rb["battery"]["extra_counter_cost"]))
        self.counter_simple = self.counter_req == (0, 0, 0, 0) and self.counter_any == 1
        self.tiebreakers = tuple(t["slug"] for t in rb.get("tiebreakers", ()))
        self.info: dict[str, CardInfo] = {slug: self._info(card) for slug, card in cat.cards.items()}
        # Distinct cost vectors get small ids, so move generation can compute each one's payments once per state.
        self.costs: list[tuple] = []
        ids: dict[tuple, int] = {}
        for info in self.info.values():
            info.cost_id = self.cost_id((info.req, info.any), ids)
            info.boost_cost_id = self.cost_id((info.boost_req, info.boost_any), ids)
        self._cost_ids = ids
        self.offers_planned = False  # the per-ability rows of move generation: offers.plan_offers
        self.names = {slug: card.name for slug, card in cat.cards.items()}
        # Pool key (payment.pool_key) -> what move generation derives from a pool alone (payment.PoolView): filled as
        # pools are met.
        self.pools: dict[Any, Any] = {}
        # (Hero, cards) of the decks that passed `decks.check_deck` with these tables: checked once, not every game.
        self.decks_checked: set[tuple] = set()

    def cost_id(self, vector: tuple, ids: dict | None = None) -> int:
        """The id of a (typed requirement, Colorless amount) cost vector."""
        ids = self._cost_ids if ids is None else ids
        found = ids.get(vector)
        if found is None:
            found = ids[vector] = len(self.costs)
            self.costs.append(vector)
        return found

    def recombine_absorbs(self, total: int) -> int:
        """What the Pyramid keeps of `total` deflected points: the printed column, t - 2*(t // 3) past it (RULINGS 18)."""
        if total in self.recombine:
            return self.recombine[total][0]
        return total - 2 * (total // 3)

    def recombine_returns(self, total: int, players: int = 2) -> int:
        """Damage returned to each of `players` adjacent players: the rest, shared equally (RULINGS 18)."""
        if players <= 0:
            return 0
        return (total - self.recombine_absorbs(total)) // players

    def faction_cost(self, faction: str | None, spec: Mapping[str, int]) -> tuple[tuple[int, int, int, int], int]:
        """Turn a cost written as F (faction) / S (secondary) / CE counts into a pool requirement."""
        req = [0, 0, 0, 0]
        any_ = int(spec.get("CE", 0))
        row = self.factions.get(faction or "")
        for part, field in (("F", "faction_energy"), ("S", "secondary_energy")):
            amount = int(spec.get(part, 0))
            if not amount:
                continue
            if row is None:
                any_ += amount
            else:
                req[POOL_KEYS.index(row[field])] += amount
        return tuple(req), any_

    def _info(self, card: CardDef) -> CardInfo:
        info = CardInfo()
        info.definition = card
        info.meta = None  # per-ability costs and target checks: offers.plan_offers, once cost ids exist
        # The type interned: the hot paths compare it with literals (`info.type == "energy"`), and an interned
        # string is found equal by identity, not by comparing its characters (a string read from YAML is not).
        info.slug, info.name, info.type, info.rarity = card.slug, card.name, sys.intern(card.type), card.rarity
        info.faction, info.civilization, info.ideology = card.faction, card.civilization, card.ideology
        info.hp = card.hp
        info.charge = card.charge or 0
        info.produces = POOL_KEYS.index(card.produces) if card.produces in POOL_KEYS else (
            COLORLESS if card.produces else -1)
        info.is_equipment = card.type in EQUIPMENT_TYPES
        info.is_battery, info.is_scene = card.type == "battery", card.type == "scene"
        info.is_hero = card.type == "hero"
        info.is_character = card.type in CHARACTER_TYPES   # a flag: the greedy bot's walks of the board test it
        info.can_boost = info.is_equipment and card.rarity == "uncommon"  # Uncommon equipment's boost ability
        info.hand_code = HAND_CODES.get(card.type, HAND_EQUIP if info.is_equipment else HAND_NOTHING)
        if info.is_equipment:
            # RULINGS 27: an Artifact or Enchantment is played by equipping it, for the equip cost alone.
            info.req, info.any = self.attach_req, self.attach_any
        else:
            info.req, info.any = cost_vector(card.cost)
        info.total = sum(info.req) + info.any  # no payment exists from a pool holding less than this
        info.abilities = tuple([AbilityInfo(a) for a in card.abilities])
        by = {t: [] for t in ("use", "reaction", "enters", "passive_start", "passive_cont", "instant", "pyramid")}
        for index, ability in enumerate(card.abilities):
            trigger = ability.trigger
            if trigger == "passive":
                trigger = "passive_cont" if ability.keyword in CONTINUOUS_PASSIVES else "passive_start"
            if trigger in by:
                by[trigger].append(index)
        for key, value in by.items():
            setattr(info, key, tuple(value))
        rarity = self.rarities.get(card.rarity or "")
        info.legacy_mult = int(rarity["legacy_multiplier"]) if rarity else 0
        info.legacy_value = int(rarity["legacy_value"]) if rarity else 0
        faction = self.factions.get(card.faction or "")
        info.faction_key = POOL_KEYS.index(faction["faction_energy"]) if faction else -1
        info.boost_req, info.boost_any = self.faction_cost(card.faction, self.boost_cost)
        info.holds_charge = card.type in CHARGE_TYPES or any(
            a.keyword == "charge-capacity" for a in card.abilities)
        # It may absorb Edge Discharge points in play (RULINGS 19: People and Heroes by their HP left, cards that
        # hold charge by their charge): pyramid.absorb_capacity is 0 for any other card.
        info.absorbs = info.is_character or info.holds_charge
        # Nothing to do with it on the board (no charge to spend, no Use, no reaction, no boost, no continuous
        # Passive): move generation skips it at once, and the continuous Passives are looked for among the others
        # (State._continuous). Energy cards are inert here too: their taps come from the player's index of
        # untapped Energy.
        info.inert = (card.type != "battery" and not info.holds_charge and not info.use
                      and not info.reaction and not info.passive_start and not info.passive_cont
                      and not (info.is_equipment and card.rarity == "uncommon"))
        return info


def cost_vector(cost: Cost) -> tuple[tuple[int, int, int, int], int]:
    """Split a printed cost into typed requirements (DC, LC, DR, LR) and a Colorless amount."""
    req = [0, 0, 0, 0]
    any_ = 0
    for code, amount in cost.energy:
        if code == "CE":
            any_ += amount
        else:
            req[POOL_KEYS.index(code)] += amount
    return tuple(req), any_


_CACHE: dict[int, tuple[Catalogue, Tables]] = {}


def tables(cat: Catalogue) -> Tables:
    """Return the (cached) tables of a catalogue."""
    hit = _CACHE.get(id(cat))
    if hit is not None and hit[0] is cat:
        return hit[1]
    built = Tables(cat)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[id(cat)] = (cat, built)
    return built
