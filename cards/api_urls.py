"""API URLs of the cards app."""
urlpatterns = []
