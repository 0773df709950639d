"""A JSON-able description of the board for a UI: the whole of it, or what one seat may see (`viewer`).

The rules keep a hand and every deck's order secret: a seat's view shows the other seat's hand only as a count
(`hand_count`; there is no `hand` list) and no deck ever shows more than its count. Everything else on the table
(the board, graveyards, pools, the stack, pending decisions) is public to both seats. `viewer=SPECTATOR` is the
public view, what someone in neither seat may see: every hand a count. Every mode builds what it sends a seat or a
spectator from these views (`rules.play.payload.board_for`).
"""
from __future__ import annotations

from .flow import describe_item
from .state import State
from .tables import EDGE_NAMES, POOL_KEYS

SPECTATOR = -1  # the viewer in neither seat: `build_view(g, SPECTATOR)` shows no hand


def _card(g: State, iid: int) -> dict:
    card = g.cards[iid]
    info = card.info
    out = {"id": iid, "card": card.slug, "name": info.name, "type": info.type, "rarity": info.rarity,
           "tapped": card.tapped, "owner": card.owner, "controller": card.ctrl}
    if info.is_character:
        out.update(hp=card.hp_left, max_hp=info.hp, damage=card.damage)
    if info.holds_charge:
        out["charge"] = card.charge
    if info.type == "scene":
        out["dormant"] = card.charge <= 0
        out["entered_this_turn"] = card.entered == g.tick
    statuses = []
    if card.shield >= g.tick:
        statuses.append("shielded")
    if card.ward:
        statuses.append(f"ward {card.ward}")
    if card.fortify:
        statuses.append(f"fortify {card.fortify}")
    if card.disabled > g.tick:
        statuses.append("cannot activate abilities")
    if card.temp >= 0:
        statuses.append("borrowed until end of turn")
    if statuses:
        out["statuses"] = statuses
    return out


def _last_flipped(g: State) -> dict | None:
    """The Pyramid card flipped last (public: the log says it), or None before the first Pyramid turn. A flip puts
    the card on the bottom of the deck (pyramid.pyramid_turn), so the last one flipped is the deck's last card."""
    if not g.pyramid or not any(row[0] == "pyramid" for row in reversed(g.log_rows)):
        return None
    slug = g.pyramid[-1]
    return {"card": slug, "name": g.tb.info[slug].name}


def build_view(g: State, viewer: int | None = None, shown: frozenset[int] = frozenset()) -> dict:
    """The board; with `viewer` (a seat) only what that seat may see: every other hand becomes a count (with
    `SPECTATOR`, every hand). `shown` names seats whose hand a viewer is shown besides their own (a mode's rules may
    reveal some seats but not all, e.g. a finished table's public decks): at a table of three or four, one seat's
    hand or all of them is not enough. Without a viewer (the whole board) every hand is shown anyway."""
    players = []
    for p, player in enumerate(g.players):
        cards = g.cards
        board = player.board
        people = []
        for iid in board:
            if cards[iid].info.type == "person":
                entry = _card(g, iid)
                entry["equipment"] = [_card(g, e) for e in g.equipment_on(iid)]
                entry["equipped_charge"] = sum(cards[e].charge for e in g.equipment_on(iid))
                people.append(entry)
        players.append({
            "player": p,
            "goldfish": player.goldfish,
            "seat": player.seat,
            "edges": [EDGE_NAMES[e] for e in player.edges],
            "hero": _card(g, player.hero) if player.hero >= 0 else None,
            "people": people,
            "scenes": [_card(g, i) for i in board if cards[i].info.type == "scene"],
            "batteries": [_card(g, i) for i in board if cards[i].info.type == "battery"],
            "energy": [_card(g, i) for i in board if cards[i].info.type == "energy"],
            "pool": {POOL_KEYS[i]: n for i, n in enumerate(player.pool)},
            "hand": [_card(g, i) for i in player.hand],
            "hand_count": len(player.hand),
            "deck_count": len(player.deck),
            "graveyard": [_card(g, i) for i in player.grave],
            "mulligans": player.mulligans,
        })
        if g.teams:
            players[-1]["team"] = g.teams[p]
        if viewer is not None and p != viewer and p not in shown:
            del players[-1]["hand"]  # a secret, a partner's too (RULINGS 46): only how many cards
    edges = []
    for edge in g.edges:
        edges.append({"edge": EDGE_NAMES[edge.idx], "charge": edge.charge, "max": g.tb.lock_at,
                      "locked": edge.locked, "discharge_counter": edge.counter if edge.locked else None,
                      "discharge_at": g.tb.discharge_at, "adjacent": list(edge.adjacent),
                      "dead": not edge.adjacent})
    stack = [{"sid": item.sid, "controller": item.ctrl, "text": describe_item(g, item)} for item in g.stack]
    pending = dict(g.pending[-1]) if g.pending else None
    if pending is not None and g.building is not None:
        pending["declaring"] = describe_item(g, g.building)
    return {
        "round": g.round,
        "turn": g.tick,
        "phase": g.phase,
        "active_player": g.active if g.active >= 0 else None,
        "first_player": g.first if g.first >= 0 else None,
        "current_player": g.current_player,
        "priority": g.priority if g.stack else None,
        "players": players,
        "pyramid": {"edges": edges, "tide": g.tide, "deck_count": len(g.pyramid), "last_flipped": _last_flipped(g)},
        "stack": stack,
        "pending": pending,
        "is_over": g.is_over,
    }
