"""Page URLs of the decks app."""
urlpatterns = []
