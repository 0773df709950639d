"""Page URLs of the rules app: goldfish games."""
from django.urls import path

from rules import views

app_name = "goldfish"

urlpatterns = [
    path("goldfish/", views.start, name="start"),
    path("goldfish/deck/<str:deck_id>/", views.deck_scores, name="deck"),
    path("goldfish/<str:game_id>/", views.board, name="board"),
    path("goldfish/<str:game_id>/replay/", views.replay, name="replay"),
]
