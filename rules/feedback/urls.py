"""Page URLs of what players saw (a card's notes), routed before the cards app's card pages."""
from django.urls import path

from . import views

app_name = "feedback"
urlpatterns = [
    path("cards/<slug:slug>/notes/", views.card_notes, name="card-notes"),
    path("cards/<slug:slug>/notes/add/", views.add_note, name="add-note"),
    path("cards/<slug:slug>/notes/<int:note_id>/addressed/", views.address_note, name="address-note"),
]
