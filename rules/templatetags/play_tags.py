"""Template tags of the play layer, for pages outside the game modes (the home page's "Continue your game")."""
from django import template

from rules.play.continuing import games_to_continue

register = template.Library()


@register.simple_tag
def unfinished_games(user):
    """`{% unfinished_games request.user as games %}`: the signed-in user's games left open, in every mode."""
    return games_to_continue(user)
