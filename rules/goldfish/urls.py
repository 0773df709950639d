"""Goldfish pages and API URLs."""
from django.urls import path

from rules.goldfish import api, views

app_name = "goldfish"

urlpatterns = [
    path("goldfish/", views.start, name="start"),
    path("goldfish/deck/<str:deck_id>/", views.deck_scores, name="deck"),
    path("goldfish/<str:game_id>/", views.board, name="board"),
    path("goldfish/<str:game_id>/replay/", views.replay, name="replay"),
]

# The feature's API, mounted under /api/ by rules/api_urls.py (names without a namespace, as the schema has them).
api_urlpatterns = [
    path("goldfish/", api.GoldfishListView.as_view(), name="api-goldfish-list"),
    path("goldfish/decks/<str:deck_id>/scores/", api.DeckHighScoresView.as_view(), name="api-goldfish-scores"),
    path("goldfish/<str:game_id>/", api.GoldfishDetailView.as_view(), name="api-goldfish-detail"),
    path("goldfish/<str:game_id>/actions/", api.GoldfishActView.as_view(), name="api-goldfish-act"),
    path("goldfish/<str:game_id>/undo/", api.GoldfishUndoView.as_view(), name="api-goldfish-undo"),
    path("goldfish/<str:game_id>/bot/", api.GoldfishBotView.as_view(), name="api-goldfish-bot"),
    path("goldfish/<str:game_id>/replay/", api.GoldfishReplayView.as_view(), name="api-goldfish-replay"),
    path("goldfish/<str:game_id>/replay/<int:step>/", api.GoldfishReplayFrameView.as_view(),
         name="api-goldfish-replay-frame"),
    # Under /api/decks/ but served here: the decks app's own routes never match a third path segment.
    path("decks/<str:deck_id>/simulate/", api.DeckSimulateView.as_view(), name="api-deck-simulate"),
]
