"""Decks follow the set (issue 32): a deck records the release each version was saved under, is told what a later
release changed in the cards it runs (API `changed_cards`, the page's notice linking the release's changelog), and
is judged against the current release — not the unpublished draft — with the release that made it illegal named."""
import importlib

import pytest
from django.apps import apps
from django.test import Client
from django.utils import timezone

import cards.releases
from cards.catalogue import database_data
from cards.models import Card, Faction, Release
from cards.releases import publish
from cards.services import card_refresh_derived
from decks import services
from decks.management.commands.load_starter_decks import STARTER_FILE, read_starter_decks
from decks.models import DeckVersion
from decks.releases import ReleaseRef, changed_cards
from tests.decks.helpers import client_for

pytestmark = pytest.mark.django_db
HERO = "dr-veylan"


@pytest.fixture
def deck(catalogue_db, ann):
    """Ann's legal Dr. Veylan deck (the starter list), saved under Playtest 1.0."""
    row = next(d for d in read_starter_decks(STARTER_FILE) if d["hero"] == HERO)
    return services.deck_create(owner=ann, name="Veylan", hero=HERO, counts=dict(row["counts"]))


def raise_hero_hp() -> tuple[int, int]:
    """Give the Hero one more HP, as a designer would in the admin; return (old, new)."""
    hero = Card.objects.get(slug=HERO)
    old = hero.hp
    hero.hp = old + 1
    hero.save()
    card_refresh_derived(hero)
    return old, old + 1


def move_to_another_civilization(slug: str) -> None:
    """Give a card a faction of another civilization than the Hero's (its deck may then not run it)."""
    card = Card.objects.select_related("faction").get(slug=slug)
    card.faction = Faction.objects.exclude(civilization=card.faction.civilization).order_by("slug").first()
    card.save()
    card_refresh_derived(card)


def page(user, deck) -> str:
    client = Client()
    client.force_login(user)
    response = client.get(deck.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


def a_faction_card(deck) -> str:
    return next(e.card.slug for e in deck.entries.select_related("card") if e.card.faction_id)


def test_a_deck_is_told_what_a_release_changed_in_a_card_it_runs(deck, ann):
    old, new = raise_hero_hp()
    publish("Playtest 1.1", reasons={HERO: "Died by round 4."})
    body = client_for(ann).get(f"/api/decks/{deck.pk}/").json()
    assert body["saved_release"] == "playtest-1-0"
    assert body["changed_cards"] == [{"card": HERO, "release": "playtest-1-1", "change": "changed",
                                      "fields": {"hp": [old, new]}, "reason": "Died by round 4."}]
    assert body["validation"]["valid"] and body["validation"]["release"] == "playtest-1-1"
    html = page(ann, deck)
    assert "Since you saved this deck" in html
    assert f"hp {old} → {new}" in html and 'href="/releases/playtest-1-1/"' in html and "Died by round 4." in html


def test_a_deck_saved_after_the_release_shows_no_changed_cards(deck, ann):
    raise_hero_hp()
    publish("Playtest 1.1")
    client = client_for(ann)
    assert client.patch(f"/api/decks/{deck.pk}/", {"name": "Veylan 1.1"}, format="json").status_code == 200
    body = client.get(f"/api/decks/{deck.pk}/").json()
    assert (body["saved_release"], body["changed_cards"]) == ("playtest-1-1", [])
    assert list(deck.versions.order_by("number").values_list("release__slug", flat=True)) == [
        "playtest-1-0", "playtest-1-1"]
    assert "Since you saved this deck" not in page(ann, deck)
    versions = client.get(f"/api/decks/{deck.pk}/versions/").json()
    assert [(v["number"], v["release"]) for v in versions] == [(2, "playtest-1-1"), (1, "playtest-1-0")]
    assert client.get(f"/api/decks/{deck.pk}/versions/1/").json()["release"] == "playtest-1-0"
    client.force_login(ann)
    history = client.get(f"/decks/{deck.pk}/history/").content.decode()
    assert '<a href="/releases/playtest-1-1/" class="version-release">Playtest 1.1</a>' in history


def test_a_card_removed_in_a_release_makes_the_deck_illegal_with_the_reason(deck, ann, monkeypatch):
    gone = a_faction_card(deck)
    draft = database_data()  # the database keeps a card that decks run (PROTECT): the release is published
    draft["cards"] = [c for c in draft["cards"] if (c.get("slug") or cards.releases.slugify(c["name"])) != gone]
    for starter in draft["starter_decks"]:  # from a set without it, as a release loaded from other files would be
        starter["cards"] = [row for row in starter["cards"] if row["card"] != gone]
    monkeypatch.setattr(cards.releases, "database_data", lambda: draft)
    publish("Playtest 1.1", reasons={gone: "Retired."})
    body = client_for(ann).get(f"/api/decks/{deck.pk}/").json()
    assert not body["validation"]["valid"]
    [error] = [e for e in body["validation"]["errors"] if e["card"] == gone]
    name = Card.objects.get(slug=gone).name
    assert error["code"] == "card_removed"
    assert error["message"] == f"{name} was removed from the card set in Playtest 1.1: take it out of the deck."
    assert [(row["card"], row["change"]) for row in body["changed_cards"]] == [(gone, "removed")]
    html = page(ann, deck)
    assert "Why this deck is not legal" in html and f"{name} was removed from the card set in Playtest 1.1" in html


def test_a_changed_faction_makes_the_deck_illegal_and_names_the_release(deck, ann):
    moved = a_faction_card(deck)
    move_to_another_civilization(moved)
    publish("Playtest 1.1")
    body = client_for(ann).get(f"/api/decks/{deck.pk}/").json()
    [error] = [e for e in body["validation"]["errors"] if e["card"] == moved]
    assert error["code"] == "wrong_faction"
    assert error["message"].endswith(f"({Card.objects.get(slug=moved).name} changed in Playtest 1.1.)")
    assert "faction" in body["changed_cards"][0]["fields"]


def test_an_unpublished_edit_does_not_change_a_decks_legality(deck, ann):
    """Players are judged on the published set: a designer's half-made draft does not make their decks illegal."""
    move_to_another_civilization(a_faction_card(deck))
    body = client_for(ann).get(f"/api/decks/{deck.pk}/").json()
    assert body["validation"]["valid"] and body["validation"]["release"] == "playtest-1-0"
    assert body["changed_cards"] == []
    listed = client_for(ann).get("/api/decks/?mine=true").json()["results"]
    assert [d["validation"]["valid"] for d in listed] == [True]


def test_a_card_of_the_draft_not_yet_published_is_named_as_such(deck, ann):
    hero = Card.objects.get(slug=HERO)
    new = Card.objects.create(**{f.name: getattr(hero, f.name) for f in Card._meta.concrete_fields
                                 if f.name not in ("id", "slug", "name")} | {"slug": "dr-veylan-2",
                                                                          "name": "Dr. Veylan II"})
    card_refresh_derived(new)
    services.deck_update(deck=deck, hero="dr-veylan-2")
    body = client_for(ann).get(f"/api/decks/{deck.pk}/").json()
    [error] = body["validation"]["errors"]
    assert error["code"] == "card_not_released"
    assert error["message"] == ("Dr. Veylan II is not in Playtest 1.0, the current release: it is a new card that "
                                "has not been published yet.")


def test_existing_versions_map_to_the_release_current_when_they_were_saved(deck):
    before = services.deck_create(owner=None, name="Old", hero=HERO, counts={})
    first = Release.objects.get()
    DeckVersion.objects.filter(deck=before).update(created_at=first.published_at - timezone.timedelta(days=1))
    raise_hero_hp()
    later = publish("Playtest 1.1", now=timezone.now() + timezone.timedelta(days=1))
    DeckVersion.objects.update(release=None)
    DeckVersion.objects.filter(deck=deck).update(created_at=later.published_at + timezone.timedelta(hours=1))
    migration = importlib.import_module("decks.migrations.0004_deck_version_release")
    migration.map_versions_to_releases(apps, None)
    assert DeckVersion.objects.get(deck=before).release is None  # saved before releases
    assert DeckVersion.objects.get(deck=deck).release == later


def test_a_deck_saved_before_releases_is_told_every_change_after_the_first():
    history = [(ReleaseRef("a", "A"), [{"card": "x", "change": "added", "fields": {}, "reason": ""}]),
               (ReleaseRef("b", "B"), [{"card": "x", "change": "changed", "fields": {"hp": [1, 2]}, "reason": ""},
                                       {"card": "y", "change": "changed", "fields": {"hp": [1, 2]}, "reason": ""}])]
    assert [(r["card"], r["release"]) for r in changed_cards(["x"], None, history)] == [("x", "b")]
    assert changed_cards(["x"], "b", history) == []
