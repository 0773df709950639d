"""Page URLs of the rules app."""
urlpatterns = []
