"""Every error a player can meet is the site's own page, with its header and a way back, with DEBUG on (`make run`)
as with DEBUG off: never Django's technical page listing every URL of the site or a traceback."""
import pytest
from django.test import Client

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.production.error_urls")]

ERRORS = [
    ("/no-such-page/", 404, "Nothing at this address"),
    ("/fails/missing/", 404, "Nothing at this address"),
    ("/fails/forbidden/", 403, "You cannot open this page"),
    ("/fails/bad/", 400, "This request cannot be read"),
    ("/fails/crash/", 500, "Something went wrong on our side"),
]
WORKSHOP = ("urlpatterns", "URLconf", "Traceback", "DEBUG = True", "fails/crash/", "a bug")


def assert_site_page(response, status, heading):
    html = response.content.decode()
    assert response.status_code == status
    assert 'class="site-header"' in html and heading in html and 'href="/cards/"' in html
    for word in WORKSHOP:
        assert word not in html


@pytest.mark.parametrize("debug", [True, False], ids=["debug-on", "debug-off"])
@pytest.mark.parametrize("url,status,heading", ERRORS)
def test_every_error_is_the_sites_own_page(settings, url, status, heading, debug):
    settings.DEBUG = debug
    assert_site_page(Client(raise_request_exception=False).get(url), status, heading)


def test_an_unknown_api_address_stays_json_with_debug_on(client, settings):
    settings.DEBUG = True
    response = client.get("/api/no-such-thing/")
    assert response.status_code == 404 and response.json()["code"] == "not_found"


def test_an_address_without_its_slash_still_redirects_with_debug_on(client, settings):
    settings.DEBUG = True
    response = client.get("/decks")
    assert response.status_code == 301 and response["Location"] == "/decks/"


def test_a_known_page_is_served_with_debug_on(client, settings, catalogue_db):
    settings.DEBUG = True
    assert client.get("/cards/syntax/").status_code == 200


def test_the_middlewares_own_refusals_are_site_pages(client):
    response = client.get("/decks/a%00b/", headers={"Accept": "text/html"})
    assert_site_page(response, 404, "No page at this address.")
