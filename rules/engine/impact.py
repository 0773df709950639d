"""Card impact: what each distinct card of a deck is worth (pure: no Django).

A `card_impact` study plays one deck (the study's first) in goldfish, or against a field of decks (the others, one
after another by game). Game `i` is played on its seed with the deck as built, and (common random numbers) once more
on the same seed for each distinct card with one copy of it replaced by the filler card. It reports per card:
- "game in hand" (17lands): the study's measure in the games where the card was drawn (it left the deck) and where it
  was not, and in the games where it was played (it reached the board or, an Instant, the graveyard);
- its measured effect: the mean, over the seeds, of (the deck as built minus the deck with one copy taken out), with
  its 95% interval — how much one copy adds.
The measure is the deck's Legacy in goldfish and its score against the field (a win 1, a draw ½). Like every other
kind, it also tallies the rules' health of the games with the deck as built (health.py: how often the Pyramid deck
came full circle, and with which Hero), under `rules_health`. The tally adds up exactly across chunks (sums and
counts only), so any split gives the same table.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Any, Mapping

from .catalogue import slugify
from .health import game_facts, summary, tally_game
from .match import play_game
from .setup import DeckSpec
from .simulate import distribution, game_seed, goldfish_game
from .studybase import MAX_DECKS, SCORE, Z95, StudyInputError, StudyKind, deck_names
from .studyrequest import Study, StudyRequest

KIND = "card_impact"
BAD_FILLER = "bad_filler"
COST = 25   # games a seed counts for against the study's limit: the deck as built, then once per distinct card


def distinct(deck: Mapping[str, Any]) -> list[str]:
    """The deck's distinct cards, in the deck's order."""
    return list(dict.fromkeys(deck["cards"]))


def without_one(deck: Mapping[str, Any], slug: str, filler: str) -> DeckSpec:
    cards = list(deck["cards"])
    cards[cards.index(slug)] = filler
    return DeckSpec(deck["hero"], tuple(cards))


def _game(catalogue, study: Study, spec: DeckSpec, index: int, variants: tuple
          ) -> tuple[float, float, Any]:
    """Play game `index` with this version of the deck: (measure, Legacy, final state)."""
    seed = game_seed(int(study["seed"]), index)
    seating = study.get("seating", "side-by-side")
    field = study["decks"][1:]
    if not field:
        state = goldfish_game(catalogue, spec, seed=seed, bot=study.get("bot", "greedy"), seating=seating,
                              variants=variants)
        legacy = state.result()["legacy"][0]
        return float(legacy), float(legacy), state
    foe = field[index % len(field)]
    row = play_game(catalogue, spec, DeckSpec(foe["hero"], tuple(foe["cards"])), p1=study["p1"], p2=study["p2"],
                    seed=seed, a_first=index % 2 == 0, seating=seating, variants=variants, keep_state=True)
    return SCORE[row["outcome"]], float(row["legacy_a"]), row["state"]


def cards_seen(state, player: int) -> tuple[set, set]:
    """The deck's cards drawn (out of the deck by the end) and played (on the board or, spent, in the graveyard): the
    one reading of "drawn" and "played" that card impact studies and the card pages' player statistics share."""
    drawn, played = set(), set()
    for card in state.cards:
        if card.owner != player or card.info.type == "hero":
            continue
        if card.zone != "deck":
            drawn.add(card.slug)
        if card.zone in ("board", "graveyard", "stack"):
            played.add(card.slug)
    return drawn, played


def _add(tally: dict, key: str, value: float) -> None:
    tally["sums"][key] = tally["sums"].get(key, 0) + value


def play(catalogue, study: Study, index: int, tally: dict, variants: tuple = ()) -> None:
    """Play game `index` as built and once per distinct card taken out, and add them to the tally."""
    deck = study["decks"][0]
    filler = study["filler"]
    measure, legacy, state = _game(catalogue, study, DeckSpec(deck["hero"], tuple(deck["cards"])), index, variants)
    field = study["decks"][1:]
    seat = 0 if not field or index % 2 == 0 else 1
    # the rules' health, as the other kinds tally it: the games with the deck as built, by the Heroes at the table
    heroes = (deck["hero"],) + ((field[index % len(field)]["hero"],) if field else ())
    tally_game(tally, heroes, game_facts(state))
    drawn, played = cards_seen(state, seat)
    _add(tally, "/measure", measure)
    _add(tally, "/legacy", legacy)
    for slug in distinct(deck):
        for name, happened in (("drawn", slug in drawn), ("played", slug in played)):
            prefix = f"{slug}/{name}" if happened else f"{slug}/not_{name}"
            _add(tally, f"{prefix}_games", 1)
            _add(tally, f"{prefix}_measure", measure)
        if slug == filler:
            continue
        taken_out, _, _ = _game(catalogue, study, without_one(deck, slug, filler), index, variants)
        difference = measure - taken_out
        _add(tally, f"{slug}/d", difference)
        _add(tally, f"{slug}/d2", difference * difference)


def _rate(sums: Mapping[str, float], key: str) -> dict[str, Any]:
    games = sums.get(f"{key}_games", 0)
    return {"games": games, "mean": round(sums.get(f"{key}_measure", 0) / games, 4) if games else None}


def results(study: Study, tally: Mapping[str, Any]) -> dict[str, Any]:
    """The table, sorted by what a copy adds (most first)."""
    names = {raw.get("slug") or slugify(raw["name"]): raw["name"] for raw in study.get("cards", ())}
    n = tally["games"]
    sums = tally["sums"]
    deck = study["decks"][0]
    rows = []
    for slug in distinct(deck):
        row: dict[str, Any] = {"card": slug, "name": names.get(slug, slug), "copies": deck["cards"].count(slug),
                               "drawn": _rate(sums, f"{slug}/drawn"), "not_drawn": _rate(sums, f"{slug}/not_drawn"),
                               "played": _rate(sums, f"{slug}/played"), "not_played": _rate(sums, f"{slug}/not_played"),
                               "one_copy": None}
        if f"{slug}/d" in sums and n:
            mean = sums[f"{slug}/d"] / n
            variance = max(0.0, (sums[f"{slug}/d2"] - n * mean * mean) / (n - 1)) if n > 1 else 0.0
            width = Z95 * math.sqrt(variance / n)
            row["one_copy"] = {"mean": round(mean, 4), "interval": [round(mean - width, 4), round(mean + width, 4)]}
        rows.append(row)
    rows.sort(key=lambda r: (-(r["one_copy"] or {"mean": -math.inf})["mean"], r["card"]))
    return {"games": n, "measure": "legacy" if not study["decks"][1:] else "score (win 1, draw 1/2)",
            "filler": study["filler"], "mean_measure": round(sums.get("/measure", 0) / n, 4) if n else None,
            "mean_legacy": round(sums.get("/legacy", 0) / n, 3) if n else None, "cards": rows,
            "rules_health": summary(tally, distribution)}


def inputs(catalogue, study: Study, request: StudyRequest) -> dict[str, Any]:
    """The filler (checked: a card a deck may hold; by default the Energy card the deck runs most of, the most
    neutral draw it has), the goldfish bot and the players against the field."""
    filler = request.filler
    if filler is None:
        energy = Counter(slug for slug in study["decks"][0]["cards"] if catalogue.cards[slug].type == "energy")
        if not energy:
            raise StudyInputError(BAD_FILLER, "This deck runs no Energy card: name the `filler` that replaces a copy.")
        filler = energy.most_common(1)[0][0]
    card = catalogue.cards.get(filler)
    if card is None or card.type in ("hero", "pyramid"):
        raise StudyInputError(BAD_FILLER, f"The filler must be a card a deck may hold (a slug, e.g. dark-current), "
                              f"not {filler!r}.", extra={"path": "filler"})
    return {"filler": filler, "bot": request.bot, "p1": request.p1, "p2": request.p2}


CARD_IMPACT = StudyKind(
    name=KIND, label="Card impact: what each card of the first deck is worth (goldfish, or against the other decks)",
    summary="what each card of the first deck is worth, in goldfish or against the other decks",
    decks=(1, MAX_DECKS), play=play, results=results, players=lambda decks: "bot" if decks == 1 else "players",
    inputs=inputs, title=lambda study: f"{deck_names(study)}: card impact", width=lambda study, tally: None,
    weight=COST, fields=("deck", "deck_checks", "bot", "players"), results_template="lab/_impact.html")
