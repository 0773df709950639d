"""Page URLs of games against the computer."""
from django.urls import path

from rules import versus_views as views

app_name = "versus"

urlpatterns = [
    path("versus/", views.start, name="start"),
    path("versus/matchups/<str:deck_id>/", views.matchups, name="matchups"),
    path("versus/<str:game_id>/", views.board, name="board"),
    path("versus/<str:game_id>/replay/", views.replay, name="replay"),
]
