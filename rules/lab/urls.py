"""Page URLs of the designers' lab."""
from django.urls import path

from rules import lab_views as views

app_name = "lab"

urlpatterns = [
    path("lab/", views.start, name="start"),
    path("lab/<str:sim_id>/", views.study, name="study"),
    path("lab/<str:sim_id>/cancel/", views.cancel, name="cancel"),
    path("lab/<str:sim_id>/results.<str:fmt>", views.download, name="download"),
]
