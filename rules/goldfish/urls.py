"""Goldfish pages and API URLs: the ones every mode has (`rules.play.mode_urls`) and the deck's scores and runs."""
from django.urls import path

from rules.goldfish import api, views
from rules.play.mode_urls import game_api, game_pages

app_name = "goldfish"

urlpatterns = game_pages("goldfish", views, path("goldfish/deck/<str:deck_id>/", views.deck_scores, name="deck"))

# The feature's API, mounted under /api/ by rules/api_urls.py (names without a namespace, as the schema has them).
api_urlpatterns = [
    path("goldfish/decks/<str:deck_id>/scores/", api.DeckHighScoresView.as_view(), name="api-goldfish-scores"),
    *game_api("goldfish", games=api.GoldfishListView, game=api.GoldfishDetailView, act=api.GoldfishActView,
              replay=api.GoldfishReplayView, replay_frame=api.GoldfishReplayFrameView,
              writes={"undo": api.GoldfishUndoView, "bot": api.GoldfishBotView}),
    # Under /api/decks/ but served here: the decks app's own routes never match a third path segment.
    path("decks/<str:deck_id>/simulate/", api.DeckSimulateView.as_view(), name="api-deck-simulate"),
]
