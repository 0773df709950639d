"""API URLs of the rules app (mounted under /api/): goldfish games, bulk goldfish simulation of a deck, and games
against the computer (versus)."""
from django.urls import path

from rules import api, lab_api, versus_api

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

urlpatterns += [
    path("simulations/", lab_api.SimulationListView.as_view(), name="api-simulations"),
    path("simulations/<str:sim_id>/", lab_api.SimulationDetailView.as_view(), name="api-simulation"),
    path("simulations/<str:sim_id>/cancel/", lab_api.SimulationCancelView.as_view(), name="api-simulation-cancel"),
    path("versus/", versus_api.VersusListView.as_view(), name="api-versus-list"),
    path("versus/<str:game_id>/", versus_api.VersusDetailView.as_view(), name="api-versus-detail"),
    path("versus/<str:game_id>/actions/", versus_api.VersusActView.as_view(), name="api-versus-act"),
    path("versus/<str:game_id>/continue/", versus_api.VersusContinueView.as_view(), name="api-versus-continue"),
    path("versus/<str:game_id>/bot/", versus_api.VersusBotView.as_view(), name="api-versus-bot"),
    path("versus/<str:game_id>/replay/", versus_api.VersusReplayView.as_view(), name="api-versus-replay"),
    path("versus/<str:game_id>/replay/<int:step>/", versus_api.VersusReplayFrameView.as_view(),
         name="api-versus-replay-frame"),
]
