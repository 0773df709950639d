"""`{% goldfish_panel deck as panel %}`: what a deck's goldfish panel shows (high scores, your best, simulations)."""
from django import template

from rules.goldfish import selectors
from rules.goldfish.services import BOTS, MAX_SIMULATED_GAMES
from rules.models import Seating
from rules.play.actors import actor_for
from rules.play.charts import simulation_charts

register = template.Library()


@register.simple_tag(takes_context=True)
def goldfish_panel(context, deck, limit: int = 5) -> dict:
    """Return the deck's best goldfish games, the visitor's best and the latest bulk simulation with its charts."""
    request = context.get("request")
    actor = actor_for(request) if request is not None else None
    latest = selectors.latest_simulations(deck, limit=1)
    simulation = latest[0] if latest else None
    return {
        "scores": selectors.deck_high_scores(deck, limit=limit),
        "best": selectors.personal_best(deck, actor) if actor is not None else None,
        "simulation": simulation,
        "charts": simulation_charts(simulation.stats) if simulation else [],
        "seatings": Seating.choices,
        "bots": BOTS,
        "max_games": MAX_SIMULATED_GAMES,
    }
