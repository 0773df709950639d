"""Invariants every reachable game state must satisfy (used by the property and golden tests)."""
from __future__ import annotations

import sys

from rules.engine.serialize import check_consistency


def check_invariants(g) -> None:
    tb = g.tb
    check_consistency(g)  # every card in exactly one zone, the one its lists say: cards are conserved
    check_board_indexes(g)
    for edge in g.edges:
        assert 0 <= edge.charge <= tb.lock_at, f"edge charge {edge.charge}"
        assert not edge.locked or edge.charge == tb.lock_at
        assert edge.charge >= g.tide or edge.locked, "an edge fell below the tide"
    for player in g.players:
        assert all(n >= 0 for n in player.pool), f"negative energy {player.pool}"
        for iid in player.board:
            card = g.cards[iid]
            assert card.charge >= 0 and card.damage >= 0
            if card.info.type in ("person", "hero"):
                assert card.hp_left > 0, f"{card.slug} in play with {card.hp_left} HP"
            if card.info.is_equipment:
                host = g.cards[card.host] if card.host >= 0 else None
                assert host is not None and host.zone == "board" and host.info.type == "person", \
                    f"{card.slug} in play but not attached to a Person"
                assert host.ctrl == card.ctrl
        for iid in player.grave:
            assert g.cards[iid].zone == "graveyard"
        if player.hero >= 0:
            assert g.cards[player.hero].info.type == "hero"
    # Every phase is the one object of its name (State.ended tests `phase is OVER`): a literal, or interned.
    assert g.phase is sys.intern(g.phase), f"phase {g.phase!r} is not the engine's own object"
    if not g.is_over:
        assert g.current_player in range(len(g.players)), f"no one to decide in phase {g.phase}"
        assert g.legal_actions(), f"no legal actions in phase {g.phase}"
        # Every decision offered is the deciding player's own (the greedy player reads who decides from the first).
        assert {a.player for a in g.legal_actions()} == {g.current_player}, f"another player's action in {g.phase}"
        assert not g.players[g.current_player].goldfish
    else:
        assert g.legal_actions() == []


def check_board_indexes(g) -> None:
    """The indexes move generation reads instead of scanning the board match a scan of the board: untapped
    Energy by slug (slugs in order, cards in board order) and the cards that may act (in board order)."""
    for player in g.players:
        expected: dict = {}
        for iid in player.board:
            card = g.cards[iid]
            if card.info.type == "energy" and not card.tapped:
                expected.setdefault(card.slug, []).append(iid)
        actual = {slug: iids for slug, iids in player.ready.items() if iids}
        assert actual == expected, (actual, expected)
        assert list(player.ready) == sorted(player.ready), "Energy slugs out of order"
        assert player.actors == [i for i in player.board if not g.cards[i].info.inert], "actor index drifted"
