"""API URLs of what players saw, under /api/ beside the cards app's (included by cataclysm_site/urls.py)."""
from django.urls import path

from . import api

urlpatterns = [
    path("cards/<slug:slug>/stats/", api.CardStatsView.as_view(), name="api-card-stats"),
    path("cards/<slug:slug>/notes/", api.CardNotesView.as_view(), name="api-card-notes"),
    path("cards/<slug:slug>/notes/<int:note_id>/", api.CardNoteView.as_view(), name="api-card-note"),
]
