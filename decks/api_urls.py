"""API URLs of the decks app."""
urlpatterns = []
