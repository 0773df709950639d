"""Deck statistics and opening-hand odds, exact where they can be and seeded where they are simulated.

The odds follow the rulebook's setup: "Draw 7 cards as your opening hand. Mulligan: If your opening hand has no
Energy cards, you may mulligan up to 3 times. Each mulligan shuffles your hand back and redraws 7 cards." The hand
size and the mulligan limit are read from `rulebook.yaml` (`game.hand_size`, `game.max_mulligans`).

Turn-by-turn odds are for the FIRST player, who (engine ruling 13) does not draw on turn 1: by turn N they have seen
the opening hand plus N - 1 draws. That is the worse seat; the second player sees one card more. The mulligan-aware
odds assume the player mulligans whenever the rule allows it (no Energy card in hand, fewer than 3 mulligans).
"""
from __future__ import annotations

import random
from fractions import Fraction
from math import comb
from typing import Any, Iterable, Mapping, Sequence

from rules.engine.catalogue import ENERGY_ORDER, Catalogue

from .validation import card_energy_types, energy_name, is_count, is_energy

DRAWS_PER_TURN = 1  # "Draw Phase: Draw 1 card from your deck."
TURNS = 10
PLACES = 4


# --- exact probabilities (all Fractions) ---------------------------------------------------------------------------

def p_none(deck_size: int, successes: int, drawn: int) -> Fraction:
    """Return P(no success among `drawn` cards of a shuffled deck holding `successes` of them) — hypergeometric."""
    drawn = min(drawn, deck_size)
    return Fraction(comb(deck_size - successes, drawn), comb(deck_size, drawn))


def p_at_least_one(deck_size: int, successes: int, drawn: int) -> Fraction:
    """Return P(at least one success among `drawn` cards)."""
    return 1 - p_none(deck_size, successes, drawn)


def p_each_type(deck_size: int, type_counts: Sequence[int], drawn: int) -> Fraction:
    """Return P(at least one card of every type among `drawn` cards): inclusion-exclusion over the types missed."""
    drawn = min(drawn, deck_size)
    total = 0
    for mask in range(1 << len(type_counts)):
        missed = sum(k for i, k in enumerate(type_counts) if mask >> i & 1)
        sign = -1 if bin(mask).count("1") % 2 else 1
        total += sign * comb(deck_size - missed, drawn)
    return Fraction(total, comb(deck_size, drawn))


def p_energy_within_mulligans(p_energy: Fraction, mulligans: int) -> Fraction:
    """Return P(holding an Energy card after at most `mulligans` mulligans): 1 - (1 - p)^(k + 1)."""
    return 1 - (1 - p_energy) ** (mulligans + 1)


def p_each_type_kept(
    deck_size: int,
    type_counts: Sequence[int],
    energy_cards: int,
    drawn: int,
    *,
    hand_size: int,
    max_mulligans: int,
) -> Fraction:
    """Return P(every type among the first `drawn` cards of the KEPT shuffle), mulliganing whenever allowed.

    `energy_cards` counts every Energy card (the mulligan looks for any), `type_counts` the Energy cards of each type
    wanted. Each try is a fresh shuffle; tries 0..m-1 are kept only with an Energy card in the hand (event A), try m
    always. So P = P(E and A) * (1 + q + ... + q^(m-1)) + q^m * P(E), with q = P(not A), and
    P(E and not A) = q * P(every type among the next drawn - hand cards of the N - hand left, all Energy still there).
    """
    hand = min(hand_size, deck_size)
    q = p_none(deck_size, energy_cards, hand)
    every = p_each_type(deck_size, type_counts, drawn)
    every_without_hand_energy = q * p_each_type(deck_size - hand, type_counts, max(drawn - hand, 0)) if q else 0
    every_with_hand_energy = every - every_without_hand_energy
    return every_with_hand_energy * sum(q**i for i in range(max_mulligans)) + q**max_mulligans * every


def cards_seen(turn: int, hand_size: int) -> int:
    """Return how many cards the first player has seen by `turn` (no draw on their turn 1, ruling 13)."""
    return hand_size + DRAWS_PER_TURN * (turn - 1)


# --- the deck in numbers -------------------------------------------------------------------------------------------

def _rounded(value: Fraction) -> float:
    return round(float(value), PLACES)


def _deck(catalogue: Catalogue, counts: Mapping[str, int]) -> list[tuple[str, int]]:
    return sorted((slug, n) for slug, n in counts.items() if isinstance(slug, str) and is_count(n))


def _game(catalogue: Catalogue) -> tuple[int, int]:
    game = catalogue.rulebook["game"]
    return int(game["hand_size"]), int(game["max_mulligans"])


def _energy_rows(catalogue: Catalogue, deck: Iterable[tuple[str, int]]) -> list[dict[str, Any]]:
    needed = dict.fromkeys(ENERGY_ORDER, 0)
    provided = dict.fromkeys(ENERGY_ORDER, 0)
    for slug, n in deck:
        card = catalogue.cards.get(slug)
        if card is None:
            continue
        if is_energy(card):
            if card.produces in provided:
                provided[card.produces] += n
        else:
            for code, amount in card.cost.energy:
                needed[code] += amount * n
    return [
        {"code": code, "name": energy_name(catalogue, code), "needed": needed[code], "provided": provided[code]}
        for code in ENERGY_ORDER
    ]


def deck_types_used(catalogue: Catalogue, hero: str | None, deck: Iterable[tuple[str, int]]) -> list[str]:
    """Return the energy types other than Colorless that the deck's costs and its Hero's abilities name."""
    cards = [catalogue.cards[slug] for slug, _ in deck if slug in catalogue.cards]
    if hero in catalogue.cards:
        cards.append(catalogue.cards[hero])
    used = set().union(*(card_energy_types(catalogue, c) for c in cards if not is_energy(c)))
    return [code for code in ENERGY_ORDER if code in used]


def deck_statistics(catalogue: Catalogue, hero: str | None, counts: Mapping[str, int]) -> dict[str, Any]:
    """Describe a deck for the deckbuilder: curve, type and rarity mix, energy balance and opening-hand odds.

    Odds are exact (hypergeometric, by `math.comb`), rounded to 4 places. Turn-by-turn odds are the first player's,
    who does not draw on turn 1 (engine ruling 13); see the module docstring for the mulligan assumption.
    """
    deck = _deck(catalogue, counts)
    size = sum(n for _, n in deck)
    hand_size, max_mulligans = _game(catalogue)
    curve: dict[int, int] = {}
    by_type: dict[str, int] = {row["slug"]: 0 for row in catalogue.rulebook["card_types"] if row["in_deck"]}
    by_rarity: dict[str, int] = {row["slug"]: 0 for row in catalogue.rulebook["rarities"]}
    unknown = []
    for slug, n in deck:
        card = catalogue.cards.get(slug)
        if card is None:
            unknown.append(slug)
            continue
        by_type[card.type] = by_type.get(card.type, 0) + n
        rarity = card.rarity or "none"
        by_rarity[rarity] = by_rarity.get(rarity, 0) + n
        if not is_energy(card):
            curve[card.cost.total] = curve.get(card.cost.total, 0) + n
    energy_rows = _energy_rows(catalogue, deck)
    energy_cards = sum(n for slug, n in deck if is_energy(catalogue.cards.get(slug)))
    types = deck_types_used(catalogue, hero, deck)
    type_counts = [next(r["provided"] for r in energy_rows if r["code"] == code) for code in types]
    p_energy = p_at_least_one(size, energy_cards, hand_size) if size else Fraction(0)
    return {
        "hero": hero,
        "count": size,
        "cost_curve": _curve(curve),
        "by_type": by_type,
        "by_rarity": by_rarity,
        "energy": energy_rows,
        "energy_cards": energy_cards,
        "opening_hand": {
            "hand_size": hand_size,
            "max_mulligans": max_mulligans,
            "p_energy": _rounded(p_energy),
            "p_energy_within_mulligans": [
                {"mulligans": k, "p": _rounded(p_energy_within_mulligans(p_energy, k))}
                for k in range(max_mulligans + 1)
            ],
        },
        "energy_by_turn": {
            "types": types,
            "first_player_draws_on_turn_1": False,
            "turns": [
                _turn_row(size, type_counts, energy_cards, turn, hand_size, max_mulligans)
                for turn in range(1, TURNS + 1)
            ],
        },
        "unknown_cards": unknown,
    }


def _curve(curve: Mapping[int, int]) -> list[dict[str, int]]:
    """Return the cost curve with every cost from the cheapest to the dearest, gaps as zero."""
    return [{"cost": c, "count": curve.get(c, 0)} for c in range(min(curve, default=0), max(curve, default=-1) + 1)]


def _turn_row(size: int, type_counts: list[int], energy_cards: int, turn: int, hand: int, mulls: int) -> dict[str, Any]:
    seen = cards_seen(turn, hand)
    if not size:
        plain = kept = Fraction(0 if type_counts else 1)
    else:
        plain = p_each_type(size, type_counts, seen)
        kept = p_each_type_kept(size, type_counts, energy_cards, seen, hand_size=hand, max_mulligans=mulls)
    return {"turn": turn, "cards_seen": min(seen, size), "p": _rounded(plain), "p_with_mulligans": _rounded(kept)}


# --- the opening hand, simulated -----------------------------------------------------------------------------------

def simulate_opening(catalogue: Catalogue, counts: Mapping[str, int], *, seed: int, draws: int = 0) -> dict[str, Any]:
    """Deal a seeded opening hand by the mulligan rule, then `draws` more cards; the same seed deals the same game.

    Shuffle and draw the hand; while it holds no Energy card and fewer than the allowed mulligans were taken, shuffle
    it back and draw again. Returns every hand seen, the kept hand, the mulligans taken and the next cards drawn
    (fewer than `draws` if the deck runs out).
    """
    if draws < 0:
        raise ValueError("draws must be 0 or more")
    hand_size, max_mulligans = _game(catalogue)
    cards = [slug for slug, n in _deck(catalogue, counts) for _ in range(n)]
    rng = random.Random(seed)
    hands: list[list[str]] = []
    while True:
        library = list(cards)
        rng.shuffle(library)
        hand, library = library[:hand_size], library[hand_size:]
        hands.append(hand)
        has_energy = any(is_energy(catalogue.cards.get(slug)) for slug in hand)
        if has_energy or len(hands) > max_mulligans:
            break
    return {
        "seed": seed,
        "hands": hands,
        "kept": hand,
        "mulligans": len(hands) - 1,
        "has_energy": has_energy,
        "draws": library[:draws],
    }
