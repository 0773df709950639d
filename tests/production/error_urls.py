"""The site's URLs plus views that fail each way a view can, for the error-page tests."""
from django.core.exceptions import BadRequest, PermissionDenied
from django.http import Http404
from django.urls import path

from cataclysm_site.urls import handler404, handler500  # noqa: F401
from cataclysm_site.urls import urlpatterns as site_urlpatterns


def missing(request):
    raise Http404("No such deck")


def forbidden(request):
    raise PermissionDenied


def bad(request):
    raise BadRequest("malformed")


def crash(request):
    raise ValueError("a bug")


urlpatterns = [
    path("fails/missing/", missing),
    path("fails/forbidden/", forbidden),
    path("fails/bad/", bad),
    path("fails/crash/", crash),
    *site_urlpatterns,
]
