"""The catalogue API: filters and the query syntax, clear 400s, ordering, pagination and a fixed query count."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import include, path
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator
from rest_framework import status
from rest_framework.test import APIClient

from cards.models import Card, Faction, Keyword
from tests.cards.catalogue_data import small_catalogue, small_data_dir  # noqa: F401 - fixtures

CARD_FIELDS = {"slug", "name", "type", "faction", "rarity", "cost", "hp", "charge", "text", "abilities",
               "image_url", "thumb_url", "url"}


@pytest.fixture
def api():
    return APIClient()


def names(response):
    return [card["slug"] for card in response.json()["results"]]


def test_list_is_paginated_and_shows_each_card_fully(small_catalogue, api):
    response = api.get("/api/cards/")
    assert response.status_code == status.HTTP_200_OK
    body = response.json()
    assert set(body) == {"count", "next", "previous", "results"}
    assert body["count"] == Card.objects.count() == len(body["results"])
    kalen = next(card for card in body["results"] if card["slug"] == "kalen-vos")
    assert set(kalen) == CARD_FIELDS
    db_kalen = Card.objects.get(slug="kalen-vos")
    assert kalen["cost"] == {"DC": 1, "CE": 1} and kalen["type"] == "person" and kalen["faction"] == "atlantean-fanatic"
    assert kalen["image_url"] == db_kalen.image_url and kalen["url"] == "/cards/kalen-vos/"
    assert kalen["abilities"][1] == {"trigger": "use", "keyword": "strike", "amount": 1, "target": "character",
                                     "cost": {"DC": 1}, "synergy": 0, "text": db_kalen.text.split("\n")[1]}


@pytest.mark.parametrize("params, expected", [
    ({"civilization": "lemurian", "type": "person"}, ["deep-singer", "fence-walker"]),
    ({"ideology": "otf"}, ["fence-walker"]),
    ({"faction": "atlantean-fanatic", "type": "artifact,hero"}, ["dr-veylan", "phase-cutter"]),
    ({"rarity": "rare"}, ["deep-singer", "moon-circlet"]),
    ({"energy": "dr"}, ["deep-singer", "moon-circlet"]),
    ({"keyword": "strike"}, ["dr-veylan", "kalen-vos"]),
    ({"q": "strike>=2"}, ["dr-veylan"]),
    ({"q": "t:people -civ:lem"}, ["kalen-vos"]),
    ({"q": "k:heal or k:drain", "ordering": "-cost"}, ["moon-circlet", "fence-walker", "elder-maru"]),
])
def test_filters_and_queries(small_catalogue, api, params, expected):
    response = api.get("/api/cards/", params)
    assert response.status_code == status.HTTP_200_OK
    assert names(response) == (expected if "ordering" in params else sorted(expected))


def test_ordering(small_catalogue, api):
    costs = [Card.objects.get(slug=slug).cost_total for slug in names(api.get("/api/cards/", {"ordering": "cost"}))]
    assert costs == sorted(costs)
    listed = names(api.get("/api/cards/", {"ordering": "-name"}))
    assert listed == sorted(listed, reverse=True)


@pytest.mark.parametrize("params, code, fragment", [
    ({"q": "civ:atlantis"}, "bad_query", "atlantis"),
    ({"q": "(t:hero"}, "bad_query", "never closed"),
    ({"q": "colour:red"}, "bad_query", "unknown field 'colour'"),
    ({"civilization": "atlantis"}, "bad_filter", "atlantis"),
    ({"type": "spell"}, "bad_filter", "spell"),
    ({"keyword": "smite"}, "bad_filter", "smite"),
    ({"ordering": "colour"}, "bad_ordering", "colour"),
    ({"page_size": "lots"}, "bad_page_size", "lots"),
    ({"page_size": "0"}, "bad_page_size", "0"),
])
def test_bad_input_is_a_400_naming_the_problem(small_catalogue, api, params, code, fragment):
    response = api.get("/api/cards/", params)
    assert response.status_code == status.HTTP_400_BAD_REQUEST
    body = response.json()
    assert body["code"] == code and fragment in body["message"]


def test_a_bad_query_reports_where_the_problem_is(small_catalogue, api):
    body = api.get("/api/cards/", {"q": "t:hero civ:xx"}).json()
    assert body["position"] == len("t:hero civ:")


def test_page_size_is_honoured_and_capped(catalogue_db, api):
    total = Card.objects.count()
    body = api.get("/api/cards/", {"page_size": 2}).json()
    assert len(body["results"]) == 2 and body["count"] == total and "page_size=2" in body["next"]
    body = api.get("/api/cards/", {"page_size": 1000}).json()
    assert len(body["results"]) == min(total, 100)


def test_list_runs_the_same_queries_whatever_the_page_size(catalogue_db, api, django_assert_max_num_queries):
    counts = []
    for page_size in (2, 50):
        with CaptureQueriesContext(connection) as captured:
            assert len(api.get("/api/cards/", {"page_size": page_size, "q": "-t:energy"}).json()["results"]) \
                == page_size
        counts.append(len(captured.captured_queries))
    assert counts[0] == counts[1]
    with django_assert_max_num_queries(4):  # count, cards, costs, abilities
        api.get("/api/cards/", {"page_size": 100})


def test_detail_has_reminders_and_unknown_slugs_are_404(small_catalogue, api):
    body = api.get("/api/cards/phase-cutter/").json()
    assert body["civilization"] == "atlantean" and body["ideology"] == "fanatic"
    assert {"Equip", "Charge Capacity"} <= {r["keyword"] for r in body["reminders"]}
    response = api.get("/api/cards/no-such-card/")
    assert response.status_code == status.HTTP_404_NOT_FOUND and response.json()["code"] == "not_found"


def test_keywords_factions_and_heroes(small_catalogue, api):
    keywords = api.get("/api/keywords/").json()
    assert len(keywords) == Keyword.objects.count()
    assert next(k for k in keywords if k["slug"] == "strike")["takes_amount"] is True
    factions = {f["slug"]: f for f in api.get("/api/factions/").json()}
    assert len(factions) == Faction.objects.count()
    assert factions["atlantean-fanatic"]["hero"]["slug"] == "dr-veylan"
    assert factions["lemurian-otf"]["energies"] == ["LR", "DR"]  # faction energy first, as in rulebook.yaml
    assert factions["atlantean-otf"]["hero"] is None
    heroes = api.get("/api/heroes/").json()
    assert [h["slug"] for h in heroes] == ["dr-veylan", "elder-maru"]


def test_lists_of_keywords_factions_and_heroes_run_fixed_queries(catalogue_db, api, django_assert_max_num_queries):
    with django_assert_max_num_queries(1):
        api.get("/api/keywords/")
    with django_assert_max_num_queries(3):  # factions, energies, heroes
        api.get("/api/factions/")
    with django_assert_max_num_queries(3):  # heroes, costs, abilities
        api.get("/api/heroes/")


def test_schema_of_the_catalogue_endpoints_generates_without_warnings(db):
    GENERATOR_STATS.reset()
    generator = SchemaGenerator(patterns=[path("api/", include("cards.api_urls"))])
    schema = generator.get_schema(request=None, public=True)
    assert not GENERATOR_STATS, (dict(GENERATOR_STATS._warn_cache), dict(GENERATOR_STATS._error_cache))
    paths = schema["paths"]
    assert {"/api/cards/", "/api/cards/{slug}/", "/api/keywords/", "/api/factions/", "/api/heroes/"} <= set(paths)
    assert "400" in paths["/api/cards/"]["get"]["responses"]
    assert {p["name"] for p in paths["/api/cards/"]["get"]["parameters"]} >= {
        "civilization", "faction", "ideology", "type", "rarity", "energy", "keyword", "q", "ordering", "page_size"}


def test_an_energy_card_has_no_civilization_or_ideology_and_the_schema_allows_null(small_catalogue, api):
    body = api.get("/api/cards/colorless-energy/").json()
    assert (body["civilization"], body["ideology"]) == (None, None)
    generator = SchemaGenerator(patterns=[path("api/", include("cards.api_urls"))])
    detail = generator.get_schema(request=None, public=True)["components"]["schemas"]["CardDetail"]["properties"]
    assert detail["civilization"]["nullable"] and detail["ideology"]["nullable"]


def test_a_page_past_the_last_is_a_documented_json_404(small_catalogue, api):
    response = api.get("/api/cards/", {"page": 99})
    assert response.status_code == status.HTTP_404_NOT_FOUND and response.json()["code"] == "not_found"
    generator = SchemaGenerator(patterns=[path("api/", include("cards.api_urls"))])
    assert "404" in generator.get_schema(request=None, public=True)["paths"]["/api/cards/"]["get"]["responses"]
