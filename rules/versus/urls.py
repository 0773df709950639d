"""Versus pages and API URLs: the ones every mode has (`rules.play.mode_urls`) and a deck's matchups."""
from django.urls import path

from rules.play.mode_urls import game_api, game_pages
from rules.versus import api, views

app_name = "versus"

urlpatterns = game_pages("versus", views, path("versus/matchups/<str:deck_id>/", views.matchups, name="matchups"))

# The feature's API, mounted under /api/ by rules/api_urls.py (names without a namespace, as the schema has them).
api_urlpatterns = [
    path("versus/levels/", api.VersusLevelsView.as_view(), name="api-versus-levels"),  # before a game's <id>
    *game_api("versus", games=api.VersusListView, game=api.VersusDetailView, act=api.VersusActView,
              replay=api.VersusReplayView, replay_frame=api.VersusReplayFrameView,
              writes={"continue": api.VersusContinueView, "bot": api.VersusBotView}),
]
