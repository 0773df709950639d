"""API URLs of the cards app: read-only catalogue viewsets and the releases under /api/."""
from django.urls import path
from rest_framework.routers import SimpleRouter

from . import api, release_api

router = SimpleRouter()
router.register("cards", api.CardViewSet, basename="card")
router.register("keywords", api.KeywordViewSet, basename="keyword")
router.register("factions", api.FactionViewSet, basename="faction")
router.register("heroes", api.HeroViewSet, basename="hero")

urlpatterns = router.urls + [
    path("releases/", release_api.ReleaseListView.as_view(), name="api-release-list"),
    path("releases/<slug:slug>/changes/", release_api.ReleaseChangesView.as_view(), name="api-release-changes"),
    path("releases/<slug:slug>/cards.json", release_api.ReleaseCardsView.as_view(), name="api-release-cards"),
]
