"""`{% versus_record deck as rows %}`: a deck's win/loss record against the computer, by difficulty."""
from django import template

from rules.versus import selectors as versus_selectors

register = template.Library()


@register.simple_tag
def versus_record(deck) -> list[dict]:
    return versus_selectors.deck_record(deck)
