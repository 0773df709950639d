"""Not-found and server-error answers: the API's JSON error shape under /api/, Django's pages everywhere else."""
from django.http import JsonResponse
from django.views import defaults

from cataclysm_site.middleware import API_PREFIX

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
