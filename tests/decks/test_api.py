"""The decks API as a client sees it: validate any list, keep your decks, never touch anyone else's."""

import pytest
from rest_framework import status
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from decks import services
from decks.models import Deck, Visibility

pytestmark = pytest.mark.django_db


def as_cards(counts):
    return [{"card": slug, "count": n} for slug, n in counts.items()]




def client_for(user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def anns_deck(ann, visibility, counts=None, name="Ann's deck"):
    return services.deck_create(owner=ann, name=name, hero="dr-veylan", counts=counts or {"kalen-vos": 3},
                                visibility=visibility)


# --- validate and stats ---------------------------------------------------------------------------------------------

def test_anyone_can_validate_a_legal_json_decklist(catalogue_db, veylan_list):
    response = client_for().post("/api/decks/validate/", {"hero": "dr-veylan", "cards": as_cards(veylan_list)},
                                 format="json")
    assert response.status_code == status.HTTP_200_OK
    body = response.json()
    assert (body["valid"], body["errors"], body["count"]) == (True, [], 45)
    assert {"valid", "errors", "warnings", "count"} <= set(body)


def test_validating_text_reports_every_problem_with_its_code_and_card(catalogue_db):
    text = "Hero: Dr. Veylan\n4 Kalen Vos\n2 Kalen Voss\n"
    body = client_for().post("/api/decks/validate/", {"text": text}, format="json").json()
    assert body["valid"] is False
    by_code = {p["code"]: p for p in body["errors"]}
    assert by_code["copy_limit"]["card"] == "kalen-vos"
    assert by_code["unknown_card"]["line"] == 3
    assert by_code["deck_size"]["count"] == 4
    assert all(set(p) >= {"code", "message", "card"} for p in body["errors"])


def test_a_deck_code_round_trips_through_export_and_validate(starters):
    code = client_for().get("/api/decks/starter-dr-veylan/export/?format=code").json()["content"]
    body = client_for().post("/api/decks/validate/", {"code": code}, format="json").json()
    assert (body["valid"], body["count"], body["hero"]) == (True, 45, "dr-veylan")


def test_a_garbled_deck_code_is_a_400_with_a_code(catalogue_db):
    response = client_for().post("/api/decks/validate/", {"code": "not-a-real-code-at-all"}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "bad_deck_code"


@pytest.mark.parametrize(
    "payload, code",
    [
        ({"text": "1 Kalen Vos\n" * 2000}, "decklist_too_large"),
        ({"hero": "dr-veylan", "cards": [{"card": f"c{i}", "count": 1} for i in range(201)]}, "too_many_cards"),
        ({"hero": "dr-veylan", "cards": "kalen-vos"}, "invalid"),
        ({"hero": "dr-veylan", "cards": [{"card": "kalen-vos", "count": "three"}]}, "invalid"),
        ({"text": "3 Kalen Vos", "cards": []}, "ambiguous_decklist"),
    ],
)
def test_oversized_or_malformed_decklists_get_a_400_with_a_code(catalogue_db, payload, code):
    response = client_for().post("/api/decks/validate/", payload, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == code


def test_stats_measure_the_posted_list(catalogue_db):
    cards = [{"card": "kalen-vos", "count": 3}, {"card": "dark-current", "count": 5}]
    body = client_for().post("/api/decks/stats/", {"hero": "dr-veylan", "cards": cards}, format="json").json()
    assert body["count"] == 8
    stats = body["statistics"]
    assert stats["by_type"]["person"] == 3 and stats["by_type"]["energy"] == 5
    assert sum(point["count"] for point in stats["cost_curve"]) == 3  # Energy is not on the cost curve


# --- decks ---------------------------------------------------------------------------------------------------------

def test_saving_a_deck_needs_an_account(catalogue_db):
    response = client_for().post("/api/decks/", {"name": "X", "hero": "dr-veylan", "cards": []}, format="json")
    assert response.status_code == status.HTTP_403_FORBIDDEN
    assert not Deck.objects.filter(name="X").exists()


def test_a_saved_deck_carries_its_verdict_statistics_and_code(catalogue_db, ann, veylan_list):
    response = client_for(ann).post("/api/decks/", {
        "name": "Sparks", "hero": "dr-veylan", "cards": as_cards(veylan_list), "visibility": "unlisted",
        "description": "Fast.",
    }, format="json")
    assert response.status_code == status.HTTP_201_CREATED
    deck = response.json()
    assert len(deck["id"]) >= 12 and deck["url"] == f"/decks/{deck['id']}/"
    assert (deck["owner"], deck["visibility"], deck["version"], deck["count"]) == ("ann", "unlisted", 1, 45)
    assert deck["validation"]["valid"] is True
    assert deck["statistics"]["count"] == 45 and deck["code"]
    assert {row["card"]: row["count"] for row in deck["cards"]} == veylan_list


def test_a_deck_can_be_saved_from_pasted_text(catalogue_db, ann):
    response = client_for(ann).post("/api/decks/", {"name": "Pasted", "text": "Hero: Talah\n2 Kalen Vos\n"},
                                    format="json")
    assert response.status_code == 201
    deck = response.json()
    assert deck["hero"]["slug"] == "talah"
    assert deck["validation"]["valid"] is False  # a draft: Kalen Vos is not Talah's, and it is 2 cards
    assert "wrong_faction" in {p["code"] for p in deck["validation"]["errors"]}


def test_a_list_with_unreadable_lines_is_not_saved(catalogue_db, ann):
    response = client_for(ann).post("/api/decks/", {"name": "Typo", "text": "3 Kalen Voss"}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "decklist_unreadable" and body["errors"][0]["line"] == 1
    assert not Deck.objects.filter(owner=ann).exists()


def test_nobody_reads_another_users_private_deck(catalogue_db, ann, ben):
    deck = anns_deck(ann, Visibility.PRIVATE)
    for client in (client_for(ben), client_for()):
        for url in (f"/api/decks/{deck.pk}/", f"/api/decks/{deck.pk}/export/?format=text",
                    f"/api/decks/{deck.pk}/versions/", f"/api/decks/{deck.pk}/diff/"):
            response = client.get(url)
            assert response.status_code == status.HTTP_404_NOT_FOUND, url
            assert response.json()["code"] == "not_found"
    assert client_for(ann).get(f"/api/decks/{deck.pk}/").status_code == 200


def test_an_unlisted_deck_opens_by_link_but_is_not_listed(catalogue_db, ann, ben):
    deck = anns_deck(ann, Visibility.UNLISTED)
    assert client_for(ben).get(f"/api/decks/{deck.pk}/").status_code == 200
    listed = [d["id"] for d in client_for(ben).get("/api/decks/").json()["results"]]
    assert deck.pk not in listed
    mine = [d["id"] for d in client_for(ann).get("/api/decks/?mine=1").json()["results"]]
    assert mine == [deck.pk]


def test_nobody_changes_another_users_deck(catalogue_db, ann, ben):
    public, private = anns_deck(ann, Visibility.PUBLIC), anns_deck(ann, Visibility.PRIVATE)
    bens = client_for(ben)
    for method in (bens.patch, bens.put):
        response = method(f"/api/decks/{public.pk}/", {"name": "Mine now", "cards": []}, format="json")
        assert response.status_code == status.HTTP_403_FORBIDDEN
        assert response.json()["code"] == "not_owner"
        assert method(f"/api/decks/{private.pk}/", {"name": "Mine now"}, format="json").status_code == 404
    assert bens.delete(f"/api/decks/{public.pk}/").status_code == 403
    assert bens.post(f"/api/decks/{public.pk}/versions/1/restore/", {}, format="json").status_code == 403
    assert client_for().patch(f"/api/decks/{public.pk}/", {"name": "x"}, format="json").status_code == 403
    assert Deck.objects.get(pk=public.pk).name == "Ann's deck"


def test_starter_decks_are_public_ownerless_and_read_only(starters, ann):
    response = client_for().get("/api/decks/starter-dr-veylan/")
    assert response.status_code == 200
    deck = response.json()
    assert (deck["owner"], deck["is_starter"], deck["visibility"]) == (None, True, "public")
    assert deck["validation"]["valid"] is True
    patch = client_for(ann).patch("/api/decks/starter-dr-veylan/", {"name": "Mine"}, format="json")
    assert patch.status_code == 403


def test_the_owner_edits_with_patch_and_put(catalogue_db, ann, veylan_list):
    deck = anns_deck(ann, Visibility.PRIVATE)
    client = client_for(ann)
    patched = client.patch(f"/api/decks/{deck.pk}/", {"visibility": "public", "version": 1}, format="json").json()
    assert (patched["visibility"], patched["version"], patched["count"]) == ("public", 2, 3)
    put = client.put(f"/api/decks/{deck.pk}/", {"name": "Full", "hero": "dr-veylan", "cards": as_cards(veylan_list),
                                                "version": 2}, format="json").json()
    assert (put["name"], put["version"], put["count"], put["validation"]["valid"]) == ("Full", 3, 45, True)


def test_a_stale_edit_gets_409_with_the_current_deck(catalogue_db, ann):
    deck = anns_deck(ann, Visibility.PRIVATE)
    client = client_for(ann)
    client.patch(f"/api/decks/{deck.pk}/", {"name": "Edited in another tab", "version": 1}, format="json")
    response = client.patch(f"/api/decks/{deck.pk}/", {"name": "Late", "version": 1}, format="json")
    assert response.status_code == status.HTTP_409_CONFLICT
    body = response.json()
    assert body["code"] == "version_conflict"
    assert (body["deck"]["name"], body["deck"]["version"]) == ("Edited in another tab", 2)


def test_the_owner_deletes_a_deck(catalogue_db, ann):
    deck = anns_deck(ann, Visibility.PRIVATE)
    assert client_for(ann).delete(f"/api/decks/{deck.pk}/").status_code == 204
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_versions_diff_and_restore(catalogue_db, ann):
    deck = anns_deck(ann, Visibility.PRIVATE, counts={"kalen-vos": 1, "crackling-jolt": 2})
    client = client_for(ann)
    client.patch(f"/api/decks/{deck.pk}/", {"cards": as_cards({"kalen-vos": 3, "crackling-jolt": 1})}, format="json")
    versions = client.get(f"/api/decks/{deck.pk}/versions/").json()
    assert [v["number"] for v in versions] == [2, 1]
    diff = client.get(f"/api/decks/{deck.pk}/diff/?from=1&to=2").json()
    assert [c["label"] for c in diff["changes"]] == ["+2 Kalen Vos", "−1 Crackling Jolt"]
    old = client.get(f"/api/decks/{deck.pk}/versions/1/").json()
    assert {c["card"]: c["count"] for c in old["cards"]} == {"kalen-vos": 1, "crackling-jolt": 2}
    restored = client.post(f"/api/decks/{deck.pk}/versions/1/restore/", {"version": 2}, format="json").json()
    assert restored["version"] == 3
    assert {c["card"]: c["count"] for c in restored["cards"]} == {"kalen-vos": 1, "crackling-jolt": 2}
    assert client.get(f"/api/decks/{deck.pk}/versions/9/").status_code == 404
    assert client.get(f"/api/decks/{deck.pk}/diff/?from=x").json()["code"] == "bad_version"


def test_export_as_text_and_code(starters):
    client = client_for()
    text = client.get("/api/decks/starter-dr-veylan/export/?format=text").json()
    assert text["format"] == "text" and text["content"].startswith("Hero: Dr. Veylan")
    assert "3 Kalen Vos" in text["content"].splitlines()
    code = client.get("/api/decks/starter-dr-veylan/export/?format=code").json()["content"]
    assert code and all(c.isalnum() or c in "-_" for c in code)
    assert client.get("/api/decks/starter-dr-veylan/export/?format=pdf").json()["code"] == "unknown_export_format"


def test_fork_copies_a_public_deck_into_a_private_one(starters, ann):
    response = client_for(ann).post("/api/decks/starter-talah/fork/", {"name": "My Talah"}, format="json")
    assert response.status_code == 201
    fork = response.json()
    assert (fork["owner"], fork["visibility"], fork["forked_from"], fork["name"]) == (
        "ann", "private", "starter-talah", "My Talah")


def test_the_opening_hand_is_seeded_and_draws_on_demand(starters):
    client = client_for()
    first = client.post("/api/decks/starter-elder-maru/opening-hand/", {"seed": 42}, format="json").json()
    again = client.post("/api/decks/starter-elder-maru/opening-hand/", {"seed": 42, "draws": 2}, format="json").json()
    assert first["kept"] == again["kept"] and len(first["kept"]) == 7
    assert len(again["draws"]) == 2 and first["draws"] == []
    assert 0 <= first["mulligans"] <= 3 and len(first["hands"]) == first["mulligans"] + 1
    fresh = client.post("/api/decks/starter-elder-maru/opening-hand/", {}, format="json").json()
    assert isinstance(fresh["seed"], int)


def test_the_deck_list_costs_the_same_number_of_queries_for_many_decks(catalogue_db, ann, django_assert_max_num_queries):
    for index in range(3):
        anns_deck(ann, Visibility.PUBLIC, name=f"deck {index}")
    client = client_for(ann)
    client.get("/api/decks/")  # warm the compiled catalogue
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    with CaptureQueriesContext(connection) as few:
        client.get("/api/decks/")
    for index in range(3, 12):
        anns_deck(ann, Visibility.PUBLIC, name=f"deck {index}")
    with django_assert_max_num_queries(len(few.captured_queries)):
        response = client.get("/api/decks/")
    assert response.json()["count"] == Deck.objects.public().count() >= 12


def test_list_filters_by_hero_and_card(starters):
    client = client_for()
    by_hero = client.get("/api/decks/?hero=talah").json()["results"]
    assert [d["id"] for d in by_hero] == ["starter-talah"]
    by_card = {d["id"] for d in client.get("/api/decks/?card=kalen-vos").json()["results"]}
    assert "starter-dr-veylan" in by_card and "starter-talah" not in by_card


# --- tokens --------------------------------------------------------------------------------------------------------

def test_a_token_opens_the_api_to_scripts(catalogue_db, ann):
    deck = anns_deck(ann, Visibility.PRIVATE)
    response = APIClient().post("/api/auth/token/", {"username": "ann", "password": "ann-pass-123"}, format="json")
    assert response.status_code == 200
    token = response.json()["token"]
    assert token == Token.objects.get(user=ann).key
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get(f"/api/decks/{deck.pk}/").status_code == 200


def test_the_token_endpoint_does_not_reveal_which_accounts_exist(catalogue_db, ann):
    wrong_password = APIClient().post("/api/auth/token/", {"username": "ann", "password": "nope"}, format="json")
    no_such_user = APIClient().post("/api/auth/token/", {"username": "zed", "password": "nope"}, format="json")
    assert wrong_password.status_code == no_such_user.status_code == 400
    assert wrong_password.json() == no_such_user.json()
    assert wrong_password.json()["code"] == "invalid_credentials"


def test_the_schema_documents_the_deck_endpoints(db):
    schema = APIClient().get("/api/schema/?format=json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    for path in ("/api/decks/validate/", "/api/decks/{deck_id}/", "/api/decks/{deck_id}/versions/{number}/restore/",
                 "/api/auth/token/"):
        assert path in paths, path
    responses = paths["/api/decks/{deck_id}/"]["patch"]["responses"]
    assert {"200", "400", "403", "404", "409"} <= set(responses)


def test_the_token_endpoint_takes_a_form_as_curl_sends_it(catalogue_db, ann):
    response = APIClient().post("/api/auth/token/", "username=ann&password=ann-pass-123",
                                content_type="application/x-www-form-urlencoded")
    assert response.status_code == 200 and response.json()["token"] == Token.objects.get(user=ann).key


@pytest.mark.parametrize("body", [[None, None], "ann", 3])
def test_a_token_request_that_is_not_an_object_is_a_400(db, body):
    response = APIClient().post("/api/auth/token/", body, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid_credentials"


def test_the_decks_api_reads_json_only(catalogue_db):
    response = APIClient().post("/api/decks/validate/", "code=", content_type="application/x-www-form-urlencoded")
    assert response.status_code == status.HTTP_415_UNSUPPORTED_MEDIA_TYPE


@pytest.mark.parametrize("value, expected", [("true", True), ("1", True), ("false", False), ("0", False)])
def test_mine_is_true_or_false(catalogue_db, ann, ben, value, expected):
    anns_deck(ann, Visibility.PRIVATE)
    bens = anns_deck(ben, Visibility.PUBLIC)
    listed = [d["id"] for d in client_for(ben).get("/api/decks/", {"mine": value}).json()["results"]]
    assert (listed == [bens.pk]) if expected else (bens.pk in listed)


@pytest.mark.parametrize("value", ["yes please", "2", "null", "", " "])
def test_any_other_mine_is_a_400_rather_than_everyones_decks(catalogue_db, ann, value):
    """An empty `?mine=` too (the schema says boolean): it listed everyone's decks as if `mine` were false."""
    response = client_for(ann).get("/api/decks/", {"mine": value})
    assert response.status_code == 400 and response.json()["code"] == "bad_filter"
    assert response.json()["message"].startswith("`mine` must be true or false")


def test_a_page_of_decks_past_the_last_is_a_404(catalogue_db, ann):
    response = client_for(ann).get("/api/decks/", {"page": 5})
    assert response.status_code == 404 and response.json()["code"] == "not_found"


@pytest.mark.parametrize("name", [123, ["My Talah"], None])
def test_a_fork_name_must_be_text(starters, ann, name):
    response = client_for(ann).post("/api/decks/starter-talah/fork/", {"name": name}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid"
    assert not Deck.objects.filter(owner=ann).exists()


def test_the_schema_documents_the_refusals_of_list_fork_and_restore(db):
    paths = APIClient().get("/api/schema/?format=json").json()["paths"]
    assert {"400", "404"} <= set(paths["/api/decks/"]["get"]["responses"])
    assert "400" in paths["/api/decks/{deck_id}/fork/"]["post"]["responses"]
    assert "400" in paths["/api/decks/{deck_id}/versions/{number}/restore/"]["post"]["responses"]
