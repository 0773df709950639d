"""API URLs of the cards app: read-only catalogue viewsets under /api/."""
from rest_framework.routers import SimpleRouter

from . import api

router = SimpleRouter()
router.register("cards", api.CardViewSet, basename="card")
router.register("keywords", api.KeywordViewSet, basename="keyword")
router.register("factions", api.FactionViewSet, basename="faction")
router.register("heroes", api.HeroViewSet, basename="hero")

urlpatterns = router.urls
