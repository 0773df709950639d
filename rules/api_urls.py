"""API URLs of the rules app (mounted under /api/): each feature's, in this order (the schema lists them so)."""
from rules.goldfish.urls import api_urlpatterns as goldfish
from rules.lab.urls import api_urlpatterns as lab
from rules.versus.urls import api_urlpatterns as versus

urlpatterns = goldfish + lab + versus
