"""Playtest notes (issue 32: what players saw): a signed-in player leaves a note on a card, tagged with a release and
optionally a game as evidence (their own or a public one); designers read every note per card and release on one
page and mark a note addressed by a release."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from cards.models import CardNote
from decks import services as deck_services
from decks.models import Visibility
from tests.feedback.helpers import ONLY_P1, finished_table, signed_in
from tests.goldfish.helpers import start
from tests.goldfish.test_releases import publish_a_sturdier_hero
from tests.live.test_privacy import starter_counts

CARD = sorted(ONLY_P1)[0]
URL = f"/api/cards/{CARD}/notes/"


def post(client, **body):
    return client.post(URL, {"text": "Too strong on turn 2.", **body}, format="json")


def test_a_note_is_posted_listed_per_release_and_marked_addressed(catalogue_db):
    ann, designer = signed_in("ann"), signed_in("dana", staff=True)
    first = post(ann, text="**Too strong** on turn 2 with [[Dr. Veylan]].")
    assert first.status_code == 201, first.json()
    note = first.json()
    assert (note["release"], note["author"], note["addressed_by"], note["card"]) == ("playtest-1-0", "ann", None, CARD)
    assert "<strong>Too strong</strong>" in note["html"] and "<script" not in note["html"]
    publish_a_sturdier_hero()
    second = post(ann, text="Still strong.").json()
    assert second["release"] == "playtest-1-1"
    assert [n["id"] for n in APIClient().get(URL).json()] == [second["id"], note["id"]]  # newest release first
    assert [n["id"] for n in APIClient().get(f"{URL}?release=playtest-1-0").json()] == [note["id"]]

    marked = designer.patch(f"{URL}{note['id']}/", {"addressed_by": "playtest-1-1"}, format="json")
    assert marked.status_code == 200 and marked.json()["addressed_by"] == "playtest-1-1"
    assert CardNote.objects.get(pk=note["id"]).addressed_by.slug == "playtest-1-1"
    earlier = designer.patch(f"{URL}{second['id']}/", {"addressed_by": "playtest-1-0"}, format="json")
    assert (earlier.status_code, earlier.json()["code"]) == (400, "release_before_note")
    assert ann.patch(f"{URL}{note['id']}/", {"addressed_by": None}, format="json").status_code == 403
    reopened = designer.patch(f"{URL}{note['id']}/", {"addressed_by": None}, format="json")
    assert reopened.json()["addressed_by"] is None

    page = designer.get(f"/cards/{CARD}/notes/")
    text = page.content.decode()
    assert page.status_code == 200
    assert text.index("Playtest 1.1") < text.index("Still strong.") < text.index("Playtest 1.0") < text.index(
        "<strong>Too strong</strong>")
    assert ann.get(f"/cards/{CARD}/notes/").status_code == 403
    answer = designer.post(f"/cards/{CARD}/notes/{second['id']}/addressed/", {"addressed_by": "playtest-1-1"},
                           format="multipart")
    assert answer.status_code == 302, answer.content
    assert CardNote.objects.get(pk=second["id"]).addressed_by.slug == "playtest-1-1"


def test_anonymous_visitors_and_bad_notes_are_refused_with_a_code(catalogue_db):
    anonymous = post(APIClient())
    assert anonymous.status_code in (401, 403) and anonymous.json()["code"] == "not_authenticated"
    ann = signed_in("ann")
    assert post(ann, text="").json()["code"] == "invalid"
    assert post(ann, text="   ").status_code == 400
    assert post(ann, release="playtest-9").json()["code"] == "release_not_found"
    assert post(ann, game_id="abc").json()["code"] == "bad_game"
    assert ann.post("/api/cards/no-such-card/notes/", {"text": "x"}, format="json").json()["code"] == "card_not_found"
    assert not CardNote.objects.exists()


def test_a_game_as_evidence_must_be_the_authors_own_or_public(catalogue_db):
    ann, bob, carl = signed_in("ann"), signed_in("bob"), signed_in("carl")
    private_table = finished_table(bob, carl, seed=3, decisions=6, resigns=carl, listed=False)
    public_table = finished_table(bob, carl, seed=4, decisions=6, resigns=carl)
    refused = post(ann, game_kind="live", game_id=private_table)
    assert (refused.status_code, refused.json()["code"]) == (400, "game_not_visible")
    assert post(ann, game_kind="live", game_id="no-such-table").json()["code"] == "game_not_visible"
    assert post(bob, game_kind="live", game_id=private_table).status_code == 201      # his own
    shown = post(ann, game_kind="live", game_id=public_table)                         # a listed table
    assert shown.status_code == 201 and shown.json()["game_id"] == public_table

    hero, counts = starter_counts("starter-dr-veylan")
    from django.contrib.auth.models import User
    secret = deck_services.deck_create(owner=User.objects.get(username="bob"), name="Bob's secret", hero=hero,
                                       counts=counts, visibility=Visibility.PRIVATE)
    game = start(bob, deck=secret.pk, seed=2)["id"]
    refused = post(ann, game_kind="goldfish", game_id=game)
    assert (refused.status_code, refused.json()["code"]) == (400, "game_not_visible")
    assert post(bob, game_kind="goldfish", game_id=game).status_code == 201
    assert post(ann, game_kind="live", game_id=public_table, release="playtest-1-0").status_code == 201
    assert CardNote.objects.filter(author__username="ann").count() == 2


@pytest.mark.parametrize("signed", [True, False])
def test_the_card_page_offers_the_note_form_to_signed_in_players(catalogue_db, signed):
    client = signed_in("ann") if signed else APIClient()
    page = client.get(f"/cards/{CARD}/").content.decode()
    assert ('name="text"' in page) is signed and ("leave the designers a playtest note" in page) is not signed
    answer = client.post(f"/cards/{CARD}/notes/add/", {"text": "Seen it win alone.", "release": "playtest-1-0",
                                                       "game_kind": "live", "game_id": ""}, format="multipart")
    assert answer.status_code == 302
    assert CardNote.objects.filter(card=CARD, release__slug="playtest-1-0").count() == (1 if signed else 0)
    if signed:
        assert "Seen it win alone." in client.get(f"/cards/{CARD}/").content.decode()


def test_notes_are_rate_limited_like_community_writes_reads_are_not(catalogue_db, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "community": "2/min"}}
    ann = signed_in("ann")
    assert [post(ann, text=f"n{i}").status_code for i in range(3)] == [201, 201, 429]
    form = ann.post(f"/cards/{CARD}/notes/add/", {"text": "one more"}, format="multipart")
    assert form.status_code == 429 and CardNote.objects.count() == 2
    assert all(ann.get(URL).status_code == 200 for _ in range(4))
