"""The card page's panel of what players saw: `{% card_feedback slug as feedback %}` gives the card's statistics per
release, the releases a note may be about and the visitor's own notes; the cards app's template includes the panel
(`feedback/_card_panel.html`) without importing the rules app."""
from __future__ import annotations

from django import template

from cards.models import CardNote, Release
from rules.feedback import stats

register = template.Library()


@register.simple_tag(takes_context=True)
def card_feedback(context, slug: str) -> dict:
    user = context["request"].user
    mine = (list(CardNote.objects.filter(card=slug, author=user).select_related("release", "addressed_by"))
            if user.is_authenticated else [])
    return {"stats": stats.card_stats_by_release(slug), "bias": stats.BIAS, "mine": mine,
            "releases": list(Release.objects.order_by("-published_at").values_list("slug", "name", "current"))}
