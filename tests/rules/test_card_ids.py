"""A card's id tells nothing about any card not yet public (issue 31, item 6).

Card ids are what every mode shows of a card (views, action ids, replays). Until engine 1.1.0 a game numbered its
cards in decklist order before shuffling, and the site keeps decklists sorted by slug, so an opponent who saw a few
cards face up could read off cards never shown ("the card after a seen Kalen Vos is a Kalen Vos") and bound the rest
of the list. Now each player's deck gets its ids in an order drawn from the game's seed, independent of the decklist
and of the shuffled deck: these tests measure it over a couple of thousand set-ups, with tolerances derived from the
sample (five standard errors), so a leak of either kind fails them and chance does not.

Facts the tolerances rest on: for a fixed vector and a uniformly random permutation of another, Pearson's r has mean
0 and variance exactly 1/(n-1) (ties or not), so the mean of N independent games' r has standard error
1/sqrt((n-1)N); the predictors' edges over chance are compared with their own sample's standard error.
"""
from __future__ import annotations

import math
import statistics

import pytest

from rules.engine import DeckSpec, load_scenario, new_game, replay
from tests.rules.conftest import basic_deck, lemurian_deck

GAMES = 2000
SEEN = 15   # cards of a deck counted as face up: the opening hand and the next eight draws
Z = 5.0     # standard errors a measured edge may stray from chance


def sorted_deck(deck: DeckSpec) -> DeckSpec:
    """The decklist as the site stores it: sorted by slug, copies together (the probe's case)."""
    return DeckSpec(deck.hero, tuple(sorted(deck.cards)))


def ranks(values: list) -> list[float]:
    """Ranks 0..n-1, ties given their average rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2
        i = j + 1
    return out


def spearman(xs: list, ys: list) -> float:
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    return sxy / math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))


def draw_order(g, p: int) -> list[int]:
    """A player's hidden cards in the order they come into view: the hand as drawn, then the deck from its top."""
    player = g.players[p]
    return list(player.hand) + list(reversed(player.deck))


def set_ups(cat, games: int = GAMES):
    """(game, player, cards in draw order) for both players of `games` seeded set-ups of two slug-sorted decks."""
    decks = [sorted_deck(basic_deck()), sorted_deck(lemurian_deck())]
    for seed in range(games):
        g = new_game(cat, decks, seed=seed)
        for p in (0, 1):
            yield g, p, decks[p], draw_order(g, p)


def assert_null_correlation(rs: list[float], n: int, what: str) -> None:
    """rs: one r per game between ids and something fixed or shuffled; under independence mean 0, E[r^2] 1/(n-1)."""
    mean = statistics.fmean(rs)
    assert abs(mean) < Z / math.sqrt((n - 1) * len(rs)), f"ids follow {what}: mean Spearman {mean:+.3f}"
    squares = [r * r for r in rs]
    spread = statistics.fmean(squares)
    se = statistics.stdev(squares) / math.sqrt(len(rs))
    assert abs(spread - 1 / (n - 1)) < Z * se + 1e-9, (
        f"ids follow {what} within games: mean Spearman^2 {spread:.4f}, chance {1 / (n - 1):.4f}")


def assert_no_edge(edges: list[float], what: str) -> None:
    """edges: one (predictor's hit rate - chance's) per game; their mean must be 0 within the sample's error."""
    mean = statistics.fmean(edges)
    se = statistics.stdev(edges) / math.sqrt(len(edges))
    assert abs(mean) < Z * se + 1e-9, f"{what} beats chance by {mean:+.3f} a card (standard error {se:.4f})"


def test_ids_do_not_follow_the_decklist(cat):
    by_list, by_draw = [], []
    for g, p, deck, cards in set_ups(cat):
        slug_rank = {slug: i for i, slug in enumerate(sorted(set(deck.cards)))}
        ids = sorted(cards)
        by_list.append(spearman(ids, [slug_rank[g.cards[i].slug] for i in ids]))
        by_draw.append(spearman(cards, list(range(len(cards)))))
    n = len(basic_deck().cards)
    assert_null_correlation(by_list, n, "the decklist's order")
    assert_null_correlation(by_draw, n, "the shuffled deck's order")   # ids must not leak the order either


def test_seen_ids_do_not_predict_unseen_cards(cat):
    """The probe's attack: from the ids of cards seen face up, guess cards never shown. Two guessers, each against
    the chance of the same kind of guess made blind: "the card whose id follows a seen card's is another copy of
    it", and "an unseen card is a copy of the seen card with the nearest id"."""
    follows, nearest = [], []
    for g, p, deck, cards in set_ups(cat):
        seen, unseen = cards[:SEEN], cards[SEEN:]
        unseen_set = set(unseen)
        unseen_slugs = [g.cards[i].slug for i in unseen]
        hits = chance = tries = 0
        for s in seen:
            slug = g.cards[s].slug
            if s + 1 in unseen_set:
                tries += 1
                hits += g.cards[s + 1].slug == slug
                chance += unseen_slugs.count(slug) / len(unseen)
        if tries:
            follows.append((hits - chance) / tries)
        seen_slugs = [g.cards[s].slug for s in seen]
        hits = chance = 0
        for u in unseen:
            slug = g.cards[u].slug
            near = min(seen, key=lambda s: (abs(s - u), s))
            hits += g.cards[near].slug == slug
            chance += seen_slugs.count(slug) / len(seen)   # the same guess with a seen card picked blindly
        nearest.append((hits - chance) / len(unseen))
    assert_no_edge(follows, "guessing the card after a seen one is a copy")
    assert_no_edge(nearest, "guessing an unseen card from the nearest seen id")


def test_ids_are_a_permutation_of_each_owners_numbers(cat):
    """Each player's cards keep a contiguous block of numbers (the Hero, public, first): only which card holds
    which number is drawn, so the deck sizes an id range shows are the deck counts every view shows anyway."""
    decks = [sorted_deck(basic_deck()), sorted_deck(lemurian_deck())]
    g = new_game(cat, decks, seed=5)
    n0, n1 = len(decks[0].cards), len(decks[1].cards)
    assert [c.iid for c in g.cards] == list(range(n0 + n1 + 2))
    assert g.players[0].hero == 0 and g.players[1].hero == n0 + 1
    assert sorted(draw_order(g, 0)) == list(range(1, n0 + 1))
    assert sorted(draw_order(g, 1)) == list(range(n0 + 2, n0 + n1 + 2))
    for p, deck in enumerate(decks):
        assert sorted(g.cards[i].slug for i in draw_order(g, p)) == sorted(deck.cards)


def test_same_seed_same_ids_and_the_record_replays_them(cat):
    decks = [sorted_deck(basic_deck()), sorted_deck(lemurian_deck())]
    a, b = new_game(cat, decks, seed=9), new_game(cat, decks, seed=9)
    assert [c.slug for c in a.cards] == [c.slug for c in b.cards] and a.digest() == b.digest()
    assert [c.slug for c in new_game(cat, decks, seed=10).cards] != [c.slug for c in a.cards]
    while not a.is_over and len(a.action_ids) < 60:
        a.apply(a.legal_actions()[len(a.action_ids) % len(a.legal_actions())])
    assert replay(cat, a.record()).digest() == a.digest()


def test_ids_leave_the_deck_order_as_the_seed_made_it(cat):
    """Drawing the ids uses a generator of its own: the same seed shuffles the same cards into the same places as it
    did before ids were drawn (the numbering of engine 1.0.0, kept for the games saved then)."""
    decks = [sorted_deck(basic_deck()), sorted_deck(lemurian_deck())]
    for seed in range(20):
        new, old = (new_game(cat, decks, seed=seed, card_ids=mode) for mode in ("drawn", "listed"))
        for p in (0, 1):
            assert [new.cards[i].slug for i in draw_order(new, p)] == [old.cards[i].slug for i in draw_order(old, p)]
        assert new.pyramid == old.pyramid


def scenario_data(seed: int) -> dict:
    hand = sorted(basic_deck().cards[14:21])
    deck = sorted(basic_deck().cards[:14] + basic_deck().cards[21:35])
    return {"seed": seed, "phase": "action",
            "players": [{"hero": "dr-veylan", "board": ["dark-current", "kalen-vos"], "hand": hand, "deck": deck,
                         "graveyard": ["arc-volley"]}, None]}


def test_a_scenarios_hidden_cards_get_drawn_ids(cat):
    """A scenario lists a hand and a deck in a fixed order (the deck top first): their ids are drawn from the seed
    over the hand and the deck together, so neither the listing nor which cards were in hand shows; cards in play
    and in the graveyard are public and keep their listed numbers."""
    by_list, in_hand = [], []
    for seed in range(GAMES):
        data = scenario_data(seed)
        g = load_scenario(cat, data)
        player, raw = g.players[0], data["players"][0]
        listed = [("hand", slug) for slug in raw["hand"]] + [("deck", slug) for slug in raw["deck"]]
        hidden = list(player.hand) + list(reversed(player.deck))
        assert sorted(hidden) == list(range(3, 3 + len(listed)))     # after the Hero and the board, before the grave
        by_list.append(spearman(hidden, list(range(len(hidden)))))
        in_hand.append(statistics.fmean(i in player.hand for i in range(3, 3 + len(raw["hand"]))) - 7 / len(listed))
        assert [g.cards[i].slug for i in hidden] == [slug for _, slug in listed]
        assert [g.cards[i].slug for i in player.board] == ["dr-veylan", "dark-current", "kalen-vos"]
        assert player.board == [0, 1, 2] and player.grave == [3 + len(listed)]
    assert_null_correlation(by_list, len(hidden), "the scenario's listing")
    assert_no_edge(in_hand, "guessing the lowest hidden ids are the hand")


def test_a_scenario_replays_with_its_ids(cat):
    g = load_scenario(cat, scenario_data(4))
    for _ in range(30):
        g.apply(g.legal_actions()[0])
    again = replay(cat, g.record())
    assert again.digest() == g.digest()


@pytest.mark.parametrize("mode", ["drawn", "listed"])
def test_the_numbering_is_kept_with_the_state_and_its_record(cat, mode):
    g = new_game(cat, [basic_deck(), None], seed=3, card_ids=mode)
    assert g.card_ids == mode
    assert g.record()["card_ids"] == mode
    assert type(g).from_json(g.to_json(), cat).card_ids == mode
    assert replay(cat, g.record()).digest() == g.digest()


def test_an_unknown_numbering_is_refused(cat):
    from rules.engine import GameDataError
    with pytest.raises(GameDataError, match="card_ids"):
        new_game(cat, [basic_deck(), None], seed=3, card_ids="sorted")
