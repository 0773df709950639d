"""Page URLs of the cards app."""
urlpatterns = []
