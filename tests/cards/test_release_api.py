"""The releases API (issue 32): the list, a release's changelog with the fields and the reason, every card of a
release in one file, and an unknown release answered 404 with a code."""
import pytest
from django.core.management import call_command

from cards.models import Card
from cards.services import card_refresh_derived

pytestmark = pytest.mark.django_db


def test_the_list_the_changelog_and_the_bulk_file_follow_a_published_release(api):
    [first] = api.get("/api/releases/").json()
    assert (first["slug"], first["name"], first["current"]) == ("playtest-1-0", "Playtest 1.0", True)
    assert set(first) == {"slug", "name", "published_at", "data_hash", "current", "notes"}
    opening = api.get("/api/releases/playtest-1-0/changes/").json()
    assert (opening["from"], opening["to"]) == (None, "playtest-1-0")
    assert {row["change"] for row in opening["cards"]} == {"added"} and len(opening["cards"]) == Card.objects.count()
    hero = Card.objects.get(slug="dr-veylan")
    old_hp = hero.hp
    hero.hp += 2
    hero.save()
    card_refresh_derived(hero)
    call_command("publish_release", name="Playtest 1.1", reason=["dr-veylan=Sturdier."], verbosity=0)
    newest, oldest = api.get("/api/releases/").json()
    assert (newest["slug"], newest["current"], oldest["current"]) == ("playtest-1-1", True, False)
    assert api.get("/api/releases/playtest-1-1/changes/").json() == {"from": "playtest-1-0", "to": "playtest-1-1",
        "cards": [{"card": "dr-veylan", "change": "changed", "fields": {"hp": [old_hp, old_hp + 2]},
                   "reason": "Sturdier.", "evidence": []}]}   # no lab study behind it (tests/lab/test_release_loop.py)
    old = {c["slug"]: c for c in api.get("/api/releases/playtest-1-0/cards.json").json()["cards"]}
    new = api.get("/api/releases/playtest-1-1/cards.json").json()
    assert new["data_hash"] == newest["data_hash"] and len(new["cards"]) == len(old) == Card.objects.count()
    assert (old["dr-veylan"]["hp"], {c["slug"]: c for c in new["cards"]}["dr-veylan"]["hp"]) == (old_hp, old_hp + 2)
    assert all(card["text"] is not None for card in new["cards"])


@pytest.mark.parametrize("path", ["/api/releases/playtest-9/changes/", "/api/releases/playtest-9/cards.json"])
def test_an_unknown_release_is_a_404_with_a_code(api, path):
    response = api.get(path)
    assert response.status_code == 404 and response.json()["code"] == "release_not_found"
    assert "playtest-1-0" in response.json()["message"]
