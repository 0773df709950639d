"""Page URLs of live tables: open or find a table, the board, the leaderboard."""
from django.urls import path

from rules.live import views

app_name = "live"

urlpatterns = [
    path("play/", views.start, name="start"),
    path("play/leaderboard/", views.leaderboard, name="leaderboard"),
    path("play/<str:table_id>/", views.table, name="table"),
    path("play/<str:table_id>/replay/", views.replay, name="replay"),
]
