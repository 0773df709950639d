"""The mutable pieces of a game: card instances, players, Pyramid edges and stack items."""
from __future__ import annotations

from .tables import CardInfo

# Card zones.
DECK, HAND, BOARD, GRAVE = "deck", "hand", "board", "graveyard"

_CARD_FIELDS = (
    "iid", "slug", "owner", "ctrl", "zone", "damage", "tapped", "charge", "host", "entered", "shield", "ward",
    "fortify", "stab", "stab_tick", "disabled", "boost", "used_tick", "used", "temp", "ps_tick", "ps_used",
)


class Card:
    """One physical card in a game: where it is and everything that has happened to it."""

    __slots__ = _CARD_FIELDS + ("info",)
    FIELDS = _CARD_FIELDS

    def __init__(self, iid: int, slug: str, info: CardInfo, owner: int, zone: str):
        self.iid = iid
        self.slug = slug
        self.info = info
        self.owner = owner
        self.ctrl = owner
        self.zone = zone
        self.reset()

    def reset(self) -> None:
        """Forget everything that happened in play (a card leaving play starts fresh)."""
        self.damage = 0
        self.tapped = False
        self.charge = 0
        self.host = -1          # the Person an Artifact/Enchantment is attached to
        self.entered = -1       # the turn (tick) it entered play
        self.shield = -1        # shielded through this tick
        self.ward = 0           # damage prevented from the next source
        self.fortify = 0        # Cataclysm damage it absorbs less (from one-shot Fortify)
        self.stab = 0           # Stabilize left this turn (from one-shot Stabilize) ...
        self.stab_tick = -1     # ... granted on this tick
        self.disabled = 0       # cannot activate abilities while the tick is below this
        self.boost = -1         # Uncommon equipment boost active on this tick
        self.used_tick = -1     # reaction Passives used this turn: a bit mask of ability indexes ...
        self.used = 0           # ... valid on used_tick
        self.temp = -1          # temporary Take Control: the controller it returns to at end of turn
        self.ps_tick = -1       # continuous Stabilize of this card used this turn ...
        self.ps_used = 0

    def copy(self) -> "Card":
        """The same card in a cloned state (the definition shared). Every field is named, so that the compiled form
        copies each as a C value (model.pxd); a loop of getattr and setattr by name boxed and unboxed every C long.
        tests/rules/test_tenth_lever.py checks the copy against `FIELDS`."""
        c = Card.__new__(Card)
        c.iid, c.slug, c.owner, c.ctrl, c.zone, c.info = self.iid, self.slug, self.owner, self.ctrl, self.zone, self.info
        c.damage, c.tapped, c.charge, c.host, c.entered = self.damage, self.tapped, self.charge, self.host, self.entered
        c.shield, c.ward, c.fortify, c.stab, c.stab_tick = self.shield, self.ward, self.fortify, self.stab, self.stab_tick
        c.disabled, c.boost, c.used_tick, c.used = self.disabled, self.boost, self.used_tick, self.used
        c.temp, c.ps_tick, c.ps_used = self.temp, self.ps_tick, self.ps_used
        return c

    @property
    def hp_left(self) -> int:
        return (self.info.hp or 0) - self.damage

    def to_json(self) -> dict:
        return {name: getattr(self, name) for name in _CARD_FIELDS}


def hosted(cards: list, actors: list, person: int) -> list[int]:
    """The cards among `actors` attached to `person`, in board order (`State.equipment_on`). A loop, not a
    comprehension, so that the compiled form reads each card's host at a fixed offset (model.pxd)."""
    out = []
    for iid in actors:
        card = cards[iid]
        if card.host == person:
            out.append(iid)
    return out


def characters_in(cards: list, board: list) -> list[int]:
    """The People and Heroes among `board`, in board order (`State.characters`): a loop, as `hosted`."""
    out = []
    for iid in board:
        card = cards[iid]
        if card.info.is_character:
            out.append(iid)
    return out


class Player:
    """One seat: its zones, energy pool and Hero."""

    __slots__ = ("idx", "goldfish", "hero", "deck", "hand", "grave", "board", "pool", "mulligans", "seat", "edges",
                 "ready", "actors", "energy")

    def __init__(self, idx: int, goldfish: bool, seat: str, edges: tuple[int, ...]):
        self.idx = idx
        self.goldfish = goldfish
        self.hero = -1
        self.deck: list[int] = []     # top of the deck is the END of the list
        self.hand: list[int] = []
        self.grave: list[int] = []
        self.board: list[int] = []    # every card in play it controls, in the order they entered
        self.ready: dict[str, list[int]] = {}   # its untapped Energy cards in play, by slug in slug order (an index)
        self.actors: list[int] = []             # its board cards that may act (not inert), in board order (an index)
        # Every Energy card it has in play, tapped or not, by slug in slug order, each slug's in board order: what
        # `ready` becomes when its turn starts (an index). Never changed in place (a change puts a new dict and
        # tuples), so a copy of the player shares it.
        self.energy: dict[str, tuple[int, ...]] = {}
        self.pool = [0, 0, 0, 0, 0, 0]
        self.mulligans = 0
        self.seat = seat
        self.edges = edges

    def copy(self) -> "Player":
        p = Player.__new__(Player)
        p.idx, p.goldfish, p.hero, p.seat, p.edges = self.idx, self.goldfish, self.hero, self.seat, self.edges
        p.deck, p.hand, p.grave, p.board = self.deck[:], self.hand[:], self.grave[:], self.board[:]
        p.pool = self.pool[:]
        p.mulligans = self.mulligans
        p.ready = {slug: iids[:] for slug, iids in self.ready.items()}
        p.actors = self.actors[:]
        p.energy = self.energy
        return p

    def index_board(self, cards: list) -> None:
        """Rebuild the board's indexes (untapped Energy by slug, cards that may act): move generation reads these
        instead of scanning every card in play after every decision."""
        self.index_ready(cards)
        self.actors = [iid for iid in self.board if not cards[iid].info.inert]
        energy: dict[str, tuple[int, ...]] = {}
        for iid in self.board:
            card = cards[iid]
            if card.info.type == "energy":
                energy[card.slug] = energy.get(card.slug, ()) + (iid,)
        self.energy = dict(sorted(energy.items()))

    def index_ready(self, cards: list) -> None:
        """Rebuild the index of untapped Energy alone (untapping changes no card's place among the actors)."""
        ready: dict[str, list[int]] = {}
        for iid in self.board:
            card = cards[iid]
            info = card.info
            if info.type == "energy" and not card.tapped:
                found = ready.get(card.slug)
                if found is None:
                    ready[card.slug] = [iid]
                else:
                    found.append(iid)
        self.ready = dict(sorted(ready.items())) if len(ready) > 1 else ready

    def untap_all(self, cards: list) -> list[int]:
        """The start of the player's turn: untap every card in play and index its untapped Energy, now all of its
        Energy in play (`energy`, kept as cards enter and leave: issue 35's sixth lever; `index_ready` walked the
        board, compared every card's type and sorted the slugs at every turn's start); return the cards in play with
        one-shot Passives, in board order."""
        starts = []
        for iid in self.board:
            card = cards[iid]
            card.tapped = False
            info = card.info
            if info.passive_start:
                starts.append(iid)
        self.ready = {slug: list(iids) for slug, iids in self.energy.items()}
        return starts

    def add_energy(self, slug: str, iid: int, tapped: bool) -> None:
        """An Energy card comes onto this board (last in board order): add it to `energy`, and to `ready` if it is
        untapped."""
        if not tapped:
            self.add_ready(slug, iid)
        energy = dict(self.energy)
        kept = energy.get(slug)
        if kept is None:
            energy[slug] = (iid,)
            self.energy = dict(sorted(energy.items())) if len(energy) > 1 else energy
        else:
            energy[slug] = kept + (iid,)
            self.energy = energy

    def remove_energy(self, slug: str, iid: int, tapped: bool) -> None:
        """An Energy card leaves this board: take it out of `energy` (a slug with none left goes), and out of `ready`
        if it is untapped."""
        if not tapped:
            self.ready[slug].remove(iid)
        energy = dict(self.energy)
        left = tuple([i for i in energy[slug] if i != iid])
        if left:
            energy[slug] = left
        else:
            del energy[slug]
        self.energy = energy

    def add_ready(self, slug: str, iid: int) -> None:
        """Index an untapped Energy card, keeping the slugs in order (the order actions are offered in)."""
        ready = self.ready
        if slug in ready:
            ready[slug].append(iid)
        else:
            ready[slug] = [iid]
            if len(ready) > 1:
                self.ready = dict(sorted(ready.items()))

    def to_json(self) -> dict:
        return {
            "goldfish": self.goldfish, "hero": self.hero, "deck": self.deck, "hand": self.hand,
            "graveyard": self.grave, "board": self.board, "pool": self.pool, "mulligans": self.mulligans,
            "seat": self.seat,
        }


class Edge:
    """One Pyramid edge: charge out of 20, lock and discharge counter."""

    __slots__ = ("idx", "charge", "locked", "counter", "locked_tick", "adjacent")

    def __init__(self, idx: int, adjacent: tuple[int, ...]):
        self.idx = idx
        self.charge = 0
        self.locked = False
        self.counter = 0
        self.locked_tick = -1
        self.adjacent = adjacent

    def copy(self) -> "Edge":
        e = Edge.__new__(Edge)
        e.idx, e.charge, e.locked, e.counter, e.locked_tick, e.adjacent = (
            self.idx, self.charge, self.locked, self.counter, self.locked_tick, self.adjacent)
        return e

    def to_json(self) -> dict:
        return {"charge": self.charge, "locked": self.locked, "counter": self.counter,
                "locked_tick": self.locked_tick}


class Item:
    """An ability or Instant on the stack (or being declared): who, from what, and each effect's targets."""

    __slots__ = ("sid", "ctrl", "src", "card", "kind", "effects", "text")

    def __init__(self, sid: int, ctrl: int, src: int, card: int, kind: str, effects: list):
        self.sid = sid
        self.ctrl = ctrl
        self.src = src          # the card whose ability this is (an Instant: the Instant itself)
        self.card = card        # an Instant card travelling on the stack, else -1
        self.kind = kind        # enters use reaction passive instant boost
        self.effects = effects  # [[ability index, amount, [targets...]], ...]
        self.text = None        # its description once declared, for the event of its resolution (Redirect clears it)

    def copy(self) -> "Item":
        return Item(self.sid, self.ctrl, self.src, self.card, self.kind,
                    [[e[0], e[1], list(e[2])] for e in self.effects])

    def to_json(self) -> dict:
        return {"sid": self.sid, "ctrl": self.ctrl, "src": self.src, "card": self.card, "kind": self.kind,
                "effects": [[e[0], e[1], list(e[2])] for e in self.effects]}

    @classmethod
    def from_json(cls, data: dict) -> "Item":
        return cls(int(data["sid"]), int(data["ctrl"]), int(data["src"]), int(data["card"]), str(data["kind"]),
                   [[int(e[0]), int(e[1]), list(e[2])] for e in data["effects"]])
