"""The lab's pages and API URLs."""
from django.urls import path

from rules.lab import api, balance_views, views

app_name = "lab"

urlpatterns = [
    path("lab/", views.start, name="start"),
    # Balance reports (before the study pages, whose ids would take "reports").
    path("lab/reports/", balance_views.reports, name="reports"),
    path("lab/reports/releases/<slug:before_slug>/<slug:after_slug>/", balance_views.release_compare,
         name="release-compare"),
    path("lab/reports/<str:report_id>/", balance_views.report, name="report"),
    path("lab/reports/<str:report_id>/report.json", balance_views.report_json, name="report-json"),
    path("lab/reports/<str:report_id>/compare/<str:other_id>/", balance_views.compare, name="report-compare"),
    path("lab/<str:sim_id>/", views.study, name="study"),
    path("lab/<str:sim_id>/cancel/", views.cancel, name="cancel"),
    path("lab/<str:sim_id>/apply-errata/", views.apply_errata, name="apply-errata"),
    path("lab/<str:sim_id>/results.<str:fmt>", views.download, name="download"),
]

# The feature's API, mounted under /api/ by rules/api_urls.py (names without a namespace, as the schema has them).
api_urlpatterns = [
    path("simulations/", api.SimulationListView.as_view(), name="api-simulations"),
    path("simulations/<str:sim_id>/", api.SimulationDetailView.as_view(), name="api-simulation"),
    path("simulations/<str:sim_id>/cancel/", api.SimulationCancelView.as_view(), name="api-simulation-cancel"),
    path("simulations/<str:sim_id>/apply-errata/", api.SimulationApplyErrataView.as_view(),
         name="api-simulation-apply-errata"),
]
