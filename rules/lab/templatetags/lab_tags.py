"""The lab's template tags: which fragment shows a kind of study's results (the registry of study kinds,
rules/engine/studykinds.py), and the results' figures in a designer's words — cards and Heroes by name, not slug;
one precision per kind of figure: every mean and its interval to 2 decimals ("13.31 (8.84 to 17.78)"), every rate
and its interval in percent to 1 ("53.9% (48.1–59.6%)"); rules-health flags said plainly; a paired errata study's
verdict (rules/lab/verdicts.py) and a card impact table's notes (rules/lab/impactview.py)."""
from django import template

from cards.catalogue import get_catalogue
from rules.engine.errata import STUDY_ERRATA
from rules.engine.match import wilson
from rules.engine.studykinds import STUDY_KINDS
from rules.engine.studyrequest import player_words as engine_player_words
from rules.lab.errataform import diff_rows
from rules.lab.impactview import impact_table
from rules.lab.verdicts import erratum_verdict, signed

register = template.Library()
DECIMALS = 2   # every mean and interval on the results pages: one precision
PERCENT_DECIMALS = 1   # every rate and its interval, in percent


@register.filter
def results_template(kind: str) -> str:
    return STUDY_KINDS[kind].results_template


@register.filter
def player_words(player: str | None) -> str:
    """"cpu:hard" -> "the hard computer": a player as the pages say it (studyrequest.player_words), never a slug."""
    return engine_player_words(player)


@register.filter
def kind_label(kind: str) -> str:
    """"card_impact" -> "What each card of a deck adds": the kind's name as the start form says it."""
    found = STUDY_KINDS.get(kind)
    return found.label if found else kind


@register.filter
def card_name(slug: str) -> str:
    """A card's (or Hero's) name for its slug; the slug itself for a card the current set no longer holds."""
    card = get_catalogue().cards.get(slug) if slug else None
    return card.name if card is not None else slug


@register.filter
def figure(value) -> str:
    """A mean, at the results pages' one precision ("—" for none)."""
    if value is None or value == "":
        return "—"
    text = f"{float(value):.{DECIMALS}f}"
    return text[1:] if float(text) == 0 and text.startswith("-") else text   # never "-0.00"


@register.filter
def estimate(row) -> str:
    """{"mean", "interval"} as "13.31 (8.84 to 17.78)": the mean and its 95% interval at one precision."""
    if not row or row.get("mean") is None:
        return "—"
    interval = row.get("interval")
    if not interval:
        return figure(row["mean"])
    return f"{figure(row['mean'])} ({figure(interval[0])} to {figure(interval[1])})"


@register.filter
def excludes_zero(row) -> bool:
    interval = (row or {}).get("interval") or (0, 0)
    return interval[0] > 0 or interval[1] < 0


@register.filter
def flag_words(flag, health=None) -> str:
    """A rules-health flag in plain words (the stored message cites the rulings by number), its share at the rates'
    precision when the study's `health` is given."""
    share = (flag or {}).get("message", "").split(" ", 1)[0]
    if health and flag.get("code") == "games_do_not_end":
        share = percent(health.get("full_circle_share"))
    elif health and flag.get("code") == "hero_games_do_not_end" and flag.get("hero") in health.get("by_hero", {}):
        share = percent(health["by_hero"][flag["hero"]]["full_circle_share"])
    if flag.get("code") == "games_do_not_end":
        return f"{share} of the games ended only because the Pyramid deck ran out (the full circle): under these " \
               "rules and decks most games do not end by themselves."
    if flag.get("code") == "hero_games_do_not_end":
        return f"{share} of the games with {card_name(flag.get('hero'))} ended only because the Pyramid deck ran " \
               "out: they mostly do not end by themselves."
    return flag.get("message", "")


@register.filter
def deck_name(slug: str) -> str:
    """A starter deck's name for its slug (balance reports key their card impact studies by starter)."""
    deck = get_catalogue().starter_decks.get(slug)
    return deck.get("name", slug) if deck is not None else slug


@register.filter
def signed_figure(value) -> str:
    """A difference at the means' precision, with its sign ("+82.40", "−3.10")."""
    return "—" if value is None else signed(float(value), DECIMALS)


@register.filter
def percent(value) -> str:
    """A rate (0..1) in percent at one precision: 0.5391 -> "53.9%"."""
    if value is None or value == "":
        return "—"
    return f"{float(value) * 100:.{PERCENT_DECIMALS}f}%"


@register.filter
def percent_interval(interval) -> str:
    """A rate's 95% interval in percent: [0.481, 0.596] -> "48.1–59.6%"."""
    if not interval:
        return "—"
    low, high = (float(v) * 100 for v in interval)
    return f"{low:.{PERCENT_DECIMALS}f}–{high:.{PERCENT_DECIMALS}f}%"


@register.filter
def full_circle(health) -> dict:
    """The share of games ended by the full circle with its 95% interval, and each Hero's, the highest first. A Hero
    causes it when its games end that way more than any other's beyond doubt (its interval above the others'
    shares); in a matchup both Heroes play every game, so neither does."""
    def row(share, games):
        return {"share": share, "interval": wilson(round(share * games), games), "games": games}
    heroes = [{"hero": hero, "name": card_name(hero), **row(r["full_circle_share"], r["games"])}
              for hero, r in (health.get("by_hero") or {}).items()]
    heroes.sort(key=lambda r: -r["share"])
    cause = heroes[0] if len(heroes) > 1 and all(heroes[0]["interval"][0] > r["share"] for r in heroes[1:]) else None
    # in a matchup every game counts for both Heroes: their shares are the study's, not worth listing
    alike = len({r["share"] for r in heroes}) <= 1
    return {**row(health["full_circle_share"], health["games"]), "heroes": [] if alike else heroes, "cause": cause}


@register.filter
def verdict(results) -> dict:
    return erratum_verdict(results or {})


@register.filter
def explained_impact(results) -> dict:
    cards = get_catalogue().cards
    return impact_table(results or {}, {row["card"]: getattr(cards.get(row["card"]), "type", None)
                                        for row in (results or {}).get("cards") or ()})


@register.filter
def leaf_diff(rows) -> list:
    """A study's stored errata diff, one row per number or word that changed (rules/lab/errataform.diff_rows)."""
    return diff_rows(rows or [])


@register.filter
def variant_name(slug: str) -> str:
    """A rule variant's name for its slug (decks/data/variants.yaml); the study's own Pyramid deck and errata as
    words."""
    if slug == STUDY_ERRATA:
        return "the study's errata"
    variant = get_catalogue().variants.get(slug)
    return variant.name if variant is not None else slug.replace("-", " ")


SEAT_PLACES = {   # where each seat sits at the table (RULINGS 41): which edges it has alone and which it shares
    3: {"S1": "a flank: E4 its own, E1 shared with S2", "S2": "the middle: E1 shared with S1, E2 with S3",
        "S3": "a flank: E3 its own, E2 shared with S2"},
    4: {"S1": "E4 with S4, E1 with S2", "S2": "E1 with S1, E2 with S3", "S3": "E2 with S2, E3 with S4",
        "S4": "E3 with S3, E4 with S1"},
}


@register.filter
def seat_place(seat: str, players) -> str:
    """"the middle: E1 shared with S1, E2 with S3": a seat of a table of `players` in words."""
    return SEAT_PLACES.get(int(players or 0), {}).get(seat, "")
