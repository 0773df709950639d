"""The lab's pages and API URLs."""
from django.urls import path

from rules.lab import api, views

app_name = "lab"

urlpatterns = [
    path("lab/", views.start, name="start"),
    path("lab/<str:sim_id>/", views.study, name="study"),
    path("lab/<str:sim_id>/cancel/", views.cancel, name="cancel"),
    path("lab/<str:sim_id>/results.<str:fmt>", views.download, name="download"),
]

# The feature's API, mounted under /api/ by rules/api_urls.py (names without a namespace, as the schema has them).
api_urlpatterns = [
    path("simulations/", api.SimulationListView.as_view(), name="api-simulations"),
    path("simulations/<str:sim_id>/", api.SimulationDetailView.as_view(), name="api-simulation"),
    path("simulations/<str:sim_id>/cancel/", api.SimulationCancelView.as_view(), name="api-simulation-cancel"),
]
