"""Every card of the real catalogue (cards/data) plays: summoned, cast or equipped, its abilities resolved."""
import pytest

from rules.engine import load_scenario
from rules.engine.catalogue import load_catalogue
from rules.engine.effects import check_card
from rules.engine.tables import CONTINUOUS_PASSIVES
from tests.rules.invariants import check_invariants

CAT = load_catalogue()
POOL = {"DC": 6, "LC": 6, "DR": 6, "LR": 6, "CE": 6}
PLAYABLE = sorted(s for s, c in CAT.cards.items() if c.type not in ("pyramid",))


def first(card_type, rarity=None):
    for slug, card in sorted(CAT.cards.items()):
        if card.type == card_type and (rarity is None or card.rarity == rarity):
            return slug
    return None


def hero_for(card):
    for slug, hero in sorted(CAT.cards.items()):
        if hero.type == "hero" and hero.faction == card.faction:
            return slug
    return first("hero")


PERSON, BATTERY = first("person", "common"), first("battery")
GEAR = [g for g in (first("artifact", "common"), first("enchantment", "common")) if g]


def side(hero, **extra):
    board = [{"card": BATTERY, "charge": 3}]
    if PERSON:
        board.insert(0, {"card": PERSON, "equipment": GEAR})
    return {"hero": hero, "board": board, "graveyard": [PERSON] if PERSON else [], "pool": dict(POOL),
            "deck": [first("energy")] * 5, **extra}


def settle(g, limit=400):
    """Make every pending choice (the first option) and pass until the stack is empty."""
    for _ in range(limit):
        if g.is_over or (not g.pending and not g.stack):
            return
        actions = g.legal_actions()
        passes = [a for a in actions if a.kind == "pass"]
        g.apply(passes[0] if passes and not g.pending else actions[0])
    raise AssertionError("the stack never settled")


def use_everything(g, slug):
    """Activate each Use of the card once (and the Uncommon boost), resolving each."""
    for _ in range(6):
        uses = [a for a in g.legal_actions() if a.kind == "activate" and a.args[1] == slug]
        if not uses:
            return
        g.apply(uses[0])
        settle(g)
        check_invariants(g)


def playable(g, slug):
    return [a for a in g.legal_actions() if len(a.args) > 1 and a.args[1] == slug
            and a.kind in ("summon", "play", "equip", "cast", "play_energy")]


@pytest.mark.parametrize("slug", PLAYABLE)
def test_every_card_plays_and_resolves(slug):
    card = CAT[slug]
    hero = slug if card.type == "hero" else hero_for(card)
    foe = next(s for s, c in sorted(CAT.cards.items()) if c.type == "hero" and s != hero)
    me = side(hero, hand=[] if card.type == "hero" else [slug])
    g = load_scenario(CAT, {"players": [me, side(foe)], "pyramid": {"deck": list(CAT.pyramid_deck[:3])}})
    if card.type != "hero":
        plays = playable(g, slug)
        if not plays and card.type == "instant":
            # Counter, Redirect and the like need an ability on the stack: cast it in a reaction window.
            g = load_scenario(CAT, {"players": [me, side(foe)], "active": 1, "first_player": 0,
                                    "pyramid": {"deck": list(CAT.pyramid_deck[:3])}})
            g.apply(next(a for a in g.legal_actions() if a.kind == "activate"))
            while g.pending:
                g.apply(g.legal_actions()[0])
            plays = playable(g, slug)
        assert plays, f"{slug} cannot be played with plenty of energy: {[a.id for a in g.legal_actions()]}"
        g.apply(plays[0])
        settle(g)
        check_invariants(g)
        where = [c.zone for c in g.cards if c.slug == slug and c.owner == 0]
        assert ("graveyard" in where) if card.type == "instant" else ("board" in where or "graveyard" in where)
    use_everything(g, slug)
    assert not g.pending and not g.stack


# Reaction Passives and one-shot Passives alike are triggered in a reaction window (RULINGS 31, 39).
REACTORS = sorted(s for s, c in CAT.cards.items() if c.type != "pyramid" and any(
    a.trigger == "reaction" or (a.trigger == "passive" and a.keyword not in CONTINUOUS_PASSIVES) for a in c.abilities))
PASSIVES = sorted(s for s, c in CAT.cards.items()
                  if c.type != "pyramid" and any(a.trigger == "passive" for a in c.abilities))


def on_board(slug):
    card = CAT[slug]
    if card.type == "hero":
        return {"hero": slug}
    if card.type in ("artifact", "enchantment"):
        return {"board": [{"card": PERSON, "equipment": [slug]}, {"card": BATTERY, "charge": 3}]}
    return {"board": [slug, {"card": PERSON, "equipment": GEAR}, {"card": BATTERY, "charge": 3}]}


@pytest.mark.parametrize("slug", REACTORS)
def test_every_reaction_passive_can_answer_a_declaration(slug):
    mine = {**side(hero_for(CAT[slug])), **on_board(slug)}
    for foe in sorted(s for s, c in CAT.cards.items() if c.type == "hero"):
        theirs = side(foe)
        g = load_scenario(CAT, {"players": [mine, theirs], "active": 1, "first_player": 0,
                                "pyramid": {"deck": list(CAT.pyramid_deck[:3])}})
        opener = [a for a in g.legal_actions() if a.kind == "activate"]
        if not opener:
            continue
        g.apply(opener[0])
        while g.pending:
            g.apply(g.legal_actions()[0])
        reacts = [a for a in g.legal_actions() if a.kind == "react" and a.args[1] == slug]
        if not reacts:
            continue   # nothing it could target against this opener: try another Hero
        g.apply(reacts[0])
        settle(g)
        check_invariants(g)
        return
    pytest.fail(f"no reaction window let {slug} trigger")


@pytest.mark.parametrize("slug", PASSIVES)
def test_every_passive_leaves_the_start_of_the_turn_to_the_action_phase(slug):
    mine = {**side(hero_for(CAT[slug])), **on_board(slug)}
    g = load_scenario(CAT, {"players": [mine, side(first("hero"))], "phase": "turn_start",
                            "pyramid": {"deck": list(CAT.pyramid_deck[:3])}})
    assert g.phase == "action" and g.current_player == 0 and not g.pending and not g.stack   # RULINGS 39
    check_invariants(g)


@pytest.mark.parametrize("slug", sorted(s for s, c in CAT.cards.items() if c.type == "pyramid"))
def test_every_pyramid_card_resolves(slug):
    g = load_scenario(CAT, {"players": [side(first("hero")), None], "phase": "pyramid",
                            "pyramid": {"deck": [slug], "edges": [5, 5, 5, 5]}})
    assert sum(e.charge for e in g.edges) > 20 and g.round == 2


def test_every_catalogue_ability_is_supported_by_the_engine():
    problems = {f"{slug}: {p}" for slug, card in CAT.cards.items() for p in check_card(card, CAT.keywords)}
    assert not problems, sorted(problems)
