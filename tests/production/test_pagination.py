"""API lists page with `?page=` and `?page_size=`; no request can ask for more than 100 items at once."""
import pytest
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from cataclysm_site.api_errors import ApiError
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


@pytest.mark.parametrize("value", ["abc", "-5", "0", "1.5", "²"])
def test_a_bad_page_size_is_refused_with_400(value):
    with pytest.raises(ApiError) as refused:
        page_of(f"?page_size={value}")
    assert (refused.value.status_code, refused.value.error_code) == (400, "bad_page_size")


def test_an_empty_page_size_means_the_default(settings):
    assert len(page_of("?page_size=")) == settings.REST_FRAMEWORK["PAGE_SIZE"]


def test_the_schema_says_pages_and_page_sizes_start_at_1():
    parameters = StandardPagination().get_schema_operation_parameters(view=None)
    assert {p["name"]: p["schema"].get("minimum") for p in parameters} == {"page": 1, "page_size": 1}


def test_a_page_past_the_end_is_not_found():
    with pytest.raises(NotFound):
        page_of("?page_size=100&page=4")


def test_it_is_the_default_pagination_of_the_api(settings):
    assert settings.REST_FRAMEWORK["DEFAULT_PAGINATION_CLASS"] == "cataclysm_site.pagination.StandardPagination"
