"""The rulebook's Example of Play, step by step (Dr. Veylan vs Elder Maru, round 3)."""
from tests.rules.conftest import do, find, iid_of, scenario


def example_board(cat):
    """'Both Heroes are in play. The Pyramid has been running for two rounds.'"""
    p1 = {"hero": "dr-veylan", "board": ["colorless-energy", "dark-current"],
          "hand": ["dark-current", "kalen-vos", "phase-cutter"], "deck": ["kalen-vos", "dark-current"]}
    p2 = {"hero": "elder-maru",
          "board": ["sorella-venn", {"card": "gentle-dissent", "charge": 1}, {"card": "heartstone", "charge": 1},
                    "light-resonance", "light-resonance"],
          "hand": ["deep-roots", "light-resonance"], "deck": ["sorella-venn", "light-resonance"]}
    return scenario(cat, [p1, p2], round=3, first_player=0, active=0, phase="turn_start",
                    pyramid={"edges": [2, 2, 2, 2], "deck": ["the-pulse", "the-surge"]})


def test_example_of_play_full_round(cat):
    g = example_board(cat)
    sorella = iid_of(g, "sorella-venn", player=1, zone="board")
    # Player 1 Turn — Draw Phase: Player 1 draws a card from their deck.
    assert len(g.players[0].hand) == 4 and len(g.players[0].deck) == 1
    assert g.current_player == 0 and g.phase == "action"
    # Action Phase — Play Energy: a Dark Current, for free; it enters untapped.
    do(g, "play_energy", "dark-current")
    assert sum(g.cards[i].slug == "dark-current" and not g.cards[i].tapped for i in g.players[0].board) == 2
    # Summon Person: taps 1DC + 1CE to summon Kalen Vos (Common Person, 2HP).
    do(g, "tap", "dark-current")
    do(g, "tap", "colorless-energy")
    do(g, "summon", "kalen-vos", pay="DC1CE1")
    kalen = iid_of(g, "kalen-vos", zone="board")
    assert g.cards[kalen].hp_left == 2
    # When card enters play: deal 1 damage to a Person or Hero. Player 1 targets Sorella Venn.
    assert g.current_player == 0 and g.pending[-1]["type"] == "target"
    do(g, "target", ref=sorella)
    assert len(g.stack) == 1
    # Reaction Phase: Player 2 responds with Deep Roots (Common Instant, 1LR) on Sorella Venn.
    assert g.current_player == 1
    do(g, "tap", "light-resonance")
    do(g, "cast", "deep-roots", pay="LR1")
    do(g, "target", ref=sorella)
    assert len(g.stack) == 2
    # Both players pass priority. Immunity applies first, then Kalen Vos's trigger: the damage is negated.
    do(g, "pass")
    do(g, "pass")
    assert g.stack == []
    assert g.cards[sorella].damage == 0
    assert g.cards[iid_of(g, "deep-roots")].zone == "graveyard"
    assert any("no longer legal" in e["text"] for e in g.events)
    # Equip Artifact: Player 1 pays 1CE to equip Phase Cutter to Kalen Vos; it stores 1 charge counter.
    do(g, "tap", "dark-current")
    do(g, "equip", "phase-cutter", "kalen-vos", pay="DC1")
    cutter = iid_of(g, "phase-cutter", zone="board")
    assert g.cards[cutter].host == kalen and g.cards[cutter].charge == 1
    # Kalen Vos's use ability now deals 2 damage instead of 1.
    use = g.cards[kalen].info.abilities[1]
    assert use.amount == 1 and g.amount_for(kalen, use, 0) == 2
    # End Phase: no unused energy (no Arc Burn), no Scene damage, no Overload (1 charge on 2 HP).
    hero1 = g.players[0].hero
    do(g, "end_turn")
    assert g.cards[hero1].damage == 0 and g.cards[kalen].zone == "board"
    # Player 2 Turn — draws; plays a Light Resonance for free.
    assert g.active == 1 and len(g.players[1].hand) == 2
    do(g, "play_energy", "light-resonance")
    # Activate Scene: Gentle Dissent (1 charge) — pays 2CE and sacrifices 1 charge: prevent the next 1 damage.
    do(g, "tap", "light-resonance")
    do(g, "tap", "light-resonance")
    dissent = iid_of(g, "gentle-dissent")
    do(g, "activate", "gentle-dissent", pay="LR2")
    do(g, "target", ref=sorella)
    do(g, "pass")
    do(g, "pass")
    assert g.cards[sorella].ward == 1
    # Gentle Dissent now has 0 charge and becomes Dormant.
    assert g.cards[dissent].charge == 0 and g.view()["players"][1]["scenes"][0]["dormant"] is True
    # Charge Battery: pays 1CE to add 1 charge counter to Heartstone: it now holds 2.
    do(g, "tap", "light-resonance")
    do(g, "add_counter", "heartstone")
    assert g.cards[iid_of(g, "heartstone")].charge == 2
    # End Phase: Gentle Dissent is Dormant — no Scene damage. No Arc Burn.
    hero2 = g.players[1].hero
    do(g, "end_turn")
    assert g.cards[hero2].damage == 0
    # Pyramid Turn: The Pulse, add 1 charge to each edge; the card goes to the bottom. The round is over.
    assert [e.charge for e in g.edges] == [3, 3, 3, 3]
    assert g.pyramid == ["the-surge", "the-pulse"]
    assert g.round == 4 and g.active == 0
    # All tapped cards untap at the start of each player's next turn.
    assert not any(g.cards[i].tapped for i in g.players[0].board)
    assert any(g.cards[i].tapped for i in g.players[1].board)


def test_kalen_vos_trigger_damages_without_a_response(cat):
    g = example_board(cat)
    sorella = iid_of(g, "sorella-venn", player=1, zone="board")
    do(g, "play_energy", "dark-current")
    do(g, "tap", "dark-current")
    do(g, "tap", "colorless-energy")
    do(g, "summon", "kalen-vos")
    do(g, "target", ref=sorella)
    do(g, "pass")   # Player 2 does not respond
    do(g, "pass")
    assert g.cards[sorella].damage == 1
    assert find(g, "end_turn")


def test_example_of_play_with_the_card_set_of_cards_yaml():
    """The same round with the real card data (whose Dr. Veylan also has a start-of-turn Passive)."""
    from rules.engine.catalogue import load_catalogue
    real = load_catalogue()
    g = example_board(real)
    sorella = iid_of(g, "sorella-venn", player=1, zone="board")
    # Dr. Veylan's Passive (Accelerate 1) is not asked at the start of his turn: it waits for a Reaction Phase
    # window (RULINGS 39), and in the example he passes in each.
    assert not g.stack and not g.pending
    do(g, "play_energy", "dark-current")
    do(g, "tap", "dark-current")
    do(g, "tap", "colorless-energy")
    do(g, "summon", "kalen-vos", pay="DC1CE1")
    do(g, "target", ref=sorella)
    do(g, "tap", "light-resonance")
    do(g, "cast", "deep-roots", pay="LR1")
    do(g, "target", ref=sorella)
    do(g, "pass")
    do(g, "pass")
    assert g.cards[sorella].damage == 0
    do(g, "tap", "dark-current")
    do(g, "equip", "phase-cutter", "kalen-vos")
    kalen = iid_of(g, "kalen-vos", zone="board")
    assert g.amount_for(kalen, g.cards[kalen].info.abilities[-1], 0) == 2
    do(g, "end_turn")
    assert g.cards[g.players[0].hero].damage == 0
