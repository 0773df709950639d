"""Views that exist only for the production tests: a page and API views that query the database, and API views
that carry the default and the "expensive" rate limits."""
from django.contrib.auth import get_user_model
from django.http import HttpResponse
from django.urls import path
from rest_framework.parsers import JSONParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView


def user_count_page(request):
    """Render a page that needs the database."""
    return HttpResponse(f"<!doctype html><title>Users</title><p>{get_user_model().objects.count()} users</p>")


class UserCountApi(APIView):
    """Answer from the database, with the default rate limits; take JSON or an upload (the API's default is JSON)."""

    parser_classes = [JSONParser, MultiPartParser]

    def get(self, request):
        return Response({"users": get_user_model().objects.count()})

    def post(self, request):
        return Response({"received": len(request.data)})


class ExpensiveApi(APIView):
    """Stand in for an endpoint that is costly to answer."""

    throttle_scope = "expensive"

    def get(self, request):
        return Response({"ok": True})


urlpatterns = [
    path("page/", user_count_page),
    path("api/users/", UserCountApi.as_view()),
    path("api/expensive/", ExpensiveApi.as_view()),
]
