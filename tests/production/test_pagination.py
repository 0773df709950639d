"""API lists page with `?page=` and `?page_size=`; no request can ask for more than 100 items at once."""
import pytest
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from cataclysm_site.pagination import StandardPagination

ITEMS = list(range(250))


def page_of(query: str) -> list[int]:
    request = Request(APIRequestFactory().get(f"/api/things/{query}"))
    return StandardPagination().paginate_queryset(ITEMS, request)


def test_the_default_page_is_page_size_items(settings):
    assert page_of("") == ITEMS[: settings.REST_FRAMEWORK["PAGE_SIZE"]]


def test_a_client_chooses_its_page_size():
    assert page_of("?page_size=10&page=3") == ITEMS[20:30]


def test_page_size_is_capped_at_100():
    assert page_of("?page_size=100000") == ITEMS[:100]


@pytest.mark.parametrize("value", ["abc", "-5", "0"])
def test_a_bad_page_size_falls_back_to_the_default(settings, value):
    assert len(page_of(f"?page_size={value}")) == settings.REST_FRAMEWORK["PAGE_SIZE"]


def test_a_page_past_the_end_is_not_found():
    with pytest.raises(NotFound):
        page_of("?page_size=100&page=4")


def test_it_is_the_default_pagination_of_the_api(settings):
    assert settings.REST_FRAMEWORK["DEFAULT_PAGINATION_CLASS"] == "cataclysm_site.pagination.StandardPagination"
