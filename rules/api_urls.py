"""API URLs of the rules app (mounted under /api/): goldfish games and bulk goldfish simulation of a deck."""
from django.urls import path

from rules import api

urlpatterns = [
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
