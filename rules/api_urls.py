"""API URLs of the rules app."""
urlpatterns = []
