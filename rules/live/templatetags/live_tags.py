"""`{% live_record user %}`: a player's record and rating at live tables, for pages outside rules/live (the author
page), without their views having to know about tables. `{% unfinished_games user as games %}`: the games a player
left open in every mode (the home page's "Continue your game"), read by the play layer (rules.play.continuing)."""
from django import template

from rules.play.continuing import games_to_continue
from rules.play.ratings import player_record

register = template.Library()


@register.inclusion_tag("live/_record.html")
def live_record(user):
    return {"rating": player_record(user) if user is not None else None}


@register.simple_tag
def unfinished_games(user):
    """The signed-in user's unfinished goldfish and versus games and live tables, newest first."""
    return games_to_continue(user)
