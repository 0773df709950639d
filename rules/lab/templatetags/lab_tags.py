"""The lab's template tags: which fragment shows a kind of study's results (the registry of study kinds,
rules/engine/studykinds.py), and the results' figures in a designer's words — cards and Heroes by name, not slug;
every estimate at one precision with its interval ("13.31 (8.84 to 17.78)"); rules-health flags said plainly."""
from django import template

from cards.catalogue import get_catalogue
from rules.engine.studykinds import STUDY_KINDS

register = template.Library()
DECIMALS = 2   # every mean and interval on the results pages: one precision


@register.filter
def results_template(kind: str) -> str:
    return STUDY_KINDS[kind].results_template


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
    return f"{float(value):.{DECIMALS}f}"


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
def flag_words(flag) -> str:
    """A rules-health flag in plain words (the stored message cites the rulings by number)."""
    share = (flag or {}).get("message", "").split(" ", 1)[0]
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
