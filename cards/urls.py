"""Page URLs of the cards app: the home page, the catalogue, the search help, card pages and card images, and the
releases' patch notes with their card faces."""
from django.urls import path

from . import release_views, views

app_name = "cards"

urlpatterns = [
    path("", views.home, name="home"),
    path("cards/", views.catalogue, name="catalogue"),
    path("cards/syntax/", views.syntax, name="syntax"),
    path("cards/proxies.pdf", views.search_proxies, name="proxies"),
    path("cards/<slug:slug>/", views.card_detail, name="detail"),
    path("cards/<slug:slug>/image.png", views.card_image, {"size": "full"}, name="image"),
    path("cards/<slug:slug>/thumb.png", views.card_image, {"size": "thumb"}, name="thumb"),
    path("releases/", release_views.release_list, name="releases"),
    path("releases/publish/", release_views.release_publish, name="release-publish"),  # before <slug>
    path("releases/<slug:slug>/", release_views.release_detail, name="release"),
    path("releases/<slug:slug>/cards/<slug:card>/image.png", release_views.release_card_image, {"size": "full"},
         name="release-image"),
    path("releases/<slug:slug>/cards/<slug:card>/thumb.png", release_views.release_card_image, {"size": "thumb"},
         name="release-thumb"),
]
