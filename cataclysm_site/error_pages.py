"""Not-found and server-error answers: the API's JSON error shape under /api/, the site's own pages everywhere else.

Django shows its technical pages instead of the handlers below while DEBUG is on (`make run`): a 404 listing every
URL of the site, a 400 or 500 with a traceback. SiteErrorPagesMiddleware answers with the site's pages in DEBUG too,
so a player trying the local site never sees the workshop; the traceback still goes to the console.
"""
import logging

from django.conf import settings
from django.core.exceptions import BadRequest, PermissionDenied, SuspiciousOperation
from django.http import Http404, JsonResponse
from django.urls import Resolver404, resolve
from django.views import defaults

from cataclysm_site.middleware import API_PREFIX

logger = logging.getLogger("django.request")

NOT_FOUND_MESSAGE = "Nothing at this address."
SERVER_ERROR_MESSAGE = "Something went wrong on our side; it has been logged."


def not_found(request, exception=None):
    """Answer 404 as `{"code": "not_found"}` to API clients, so that they never have to parse a page."""
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"code": "not_found", "message": NOT_FOUND_MESSAGE}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request):
    """Answer 500 as `{"code": "server_error"}` to API clients."""
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"code": "server_error", "message": SERVER_ERROR_MESSAGE}, status=500)
    return defaults.server_error(request)


class SiteErrorPagesMiddleware:
    """In DEBUG, answer unknown addresses and a view's errors with the site's pages, not Django's technical ones.

    It sits after CommonMiddleware, which still turns a 404 into the redirect to the address with a slash. With DEBUG
    off it does nothing: Django calls the handlers of cataclysm_site.urls itself.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if settings.DEBUG:
            try:
                resolve(request.path_info, getattr(request, "urlconf", None))
            except Resolver404 as exc:
                return not_found(request, exc)
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not settings.DEBUG:
            return None
        if isinstance(exception, Http404):
            return not_found(request, exception)
        if isinstance(exception, PermissionDenied):
            return defaults.permission_denied(request, exception)
        if isinstance(exception, (BadRequest, SuspiciousOperation)):
            return defaults.bad_request(request, exception)
        logger.error("Internal Server Error: %s", request.path, exc_info=exception)
        return server_error(request)
