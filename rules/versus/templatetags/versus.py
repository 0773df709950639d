"""The versus pages' tags: `{% versus_record deck as rows %}`, a deck's win/loss record against the computer (by
difficulty, and by table of three or four); and a game in words for its headings and lists, every computer named
(`game|versus_levels`, `game|versus_opponents`, `game|versus_score`: rules.versus.table)."""
from django import template

from rules.versus import selectors as versus_selectors
from rules.versus import table

register = template.Library()


@register.simple_tag
def versus_record(deck) -> list[dict]:
    return versus_selectors.deck_record(deck)


register.filter("versus_levels", table.levels_in_words)
register.filter("versus_opponents", table.opponents_in_words)
register.filter("versus_score", table.score_in_words)
