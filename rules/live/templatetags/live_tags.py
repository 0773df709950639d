"""`{% live_record user %}`: a player's record and rating at live tables, for pages outside rules/live (the author
page), without their views having to know about tables."""
from django import template

from rules.live.ratings import player_record

register = template.Library()


@register.inclusion_tag("live/_record.html")
def live_record(user):
    return {"rating": player_record(user) if user is not None else None}
