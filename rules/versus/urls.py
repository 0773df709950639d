"""Versus pages and API URLs."""
from django.urls import path

from rules.versus import api, views

app_name = "versus"

urlpatterns = [
    path("versus/", views.start, name="start"),
    path("versus/matchups/<str:deck_id>/", views.matchups, name="matchups"),
    path("versus/<str:game_id>/", views.board, name="board"),
    path("versus/<str:game_id>/replay/", views.replay, name="replay"),
]

# The feature's API, mounted under /api/ by rules/api_urls.py (names without a namespace, as the schema has them).
api_urlpatterns = [
    path("versus/", api.VersusListView.as_view(), name="api-versus-list"),
    path("versus/<str:game_id>/", api.VersusDetailView.as_view(), name="api-versus-detail"),
    path("versus/<str:game_id>/actions/", api.VersusActView.as_view(), name="api-versus-act"),
    path("versus/<str:game_id>/continue/", api.VersusContinueView.as_view(), name="api-versus-continue"),
    path("versus/<str:game_id>/bot/", api.VersusBotView.as_view(), name="api-versus-bot"),
    path("versus/<str:game_id>/replay/", api.VersusReplayView.as_view(), name="api-versus-replay"),
    path("versus/<str:game_id>/replay/<int:step>/", api.VersusReplayFrameView.as_view(),
         name="api-versus-replay-frame"),
]
