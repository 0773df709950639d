"""Every verdict on a deck is the current release's (issue 32): its page, its API, the deckbuilder (which cards a Hero
may run, and its live verdict, `POST /api/decks/validate/`, which also judges a pasted or imported list) all judge
the published set, never the draft a designer is editing; after the draft is published they all give the new one."""
import json
import re

import pytest
from django.test import Client

from cards.catalogue import get_catalogue
from cards.models import Card
from cards.releases import publish
from decks import selectors, services
from decks.management.commands.load_starter_decks import STARTER_FILE, read_starter_decks
from decks.textio import format_decklist
from tests.decks.helpers import client_for
from tests.decks.test_releases import HERO, a_faction_card, move_to_another_civilization

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(catalogue_db, ann):
    row = next(d for d in read_starter_decks(STARTER_FILE) if d["hero"] == HERO)
    return services.deck_create(owner=ann, name="Veylan", hero=HERO, counts=dict(row["counts"]))


def verdicts(deck, user, moved: str) -> dict[str, tuple]:
    """(valid, release, the moved card's error codes) from every place that judges the deck."""
    api, page_client = client_for(user), Client()
    page_client.force_login(user)
    listed = {"hero": HERO, "cards": [{"card": slug, "count": n} for slug, n in deck.counts().items()]}
    out = {}
    for name, body in (("validate", listed), ("import", {"text": format_decklist(HERO, deck.counts(), get_catalogue())})):
        answer = api.post("/api/decks/validate/", body, format="json")
        assert answer.status_code == 200, answer.content
        result = answer.json()
        out[name] = (result["valid"], result["release"], [e["code"] for e in result["errors"] if e["card"] == moved])
    result = api.get(f"/api/decks/{deck.pk}/").json()["validation"]
    out["api"] = (result["valid"], result["release"], [e["code"] for e in result["errors"] if e["card"] == moved])
    response = page_client.get(deck.get_absolute_url())
    html = response.content.decode()
    codes = re.findall(r'<li data-code="([a-z_]+)">', html)
    out["page"] = ('id="validity">Valid' in html, response.context["judged_release"].slug,
                   [code for code in codes if code == "wrong_faction"])
    builder = page_client.get(f"/decks/{deck.pk}/edit/").content.decode()
    config = json.loads(re.search(r'<script id="builder-config" type="application/json">(.*?)</script>',
                                  builder, re.S)[1])
    out["builder"] = (moved in config["legal"][HERO],)
    out["selector"] = (selectors.deck_validation(deck).valid,)
    return out


def test_an_unpublished_edit_changes_no_verdict_and_publishing_it_changes_every_one(deck, ann):
    moved = a_faction_card(deck)
    before = verdicts(deck, ann, moved)   # also keeps the validation answers cached under this draft
    legal = {"validate": (True, "playtest-1-0", []), "import": (True, "playtest-1-0", []),
             "api": (True, "playtest-1-0", []), "page": (True, "playtest-1-0", []), "builder": (True,),
             "selector": (True,)}
    assert before == legal

    move_to_another_civilization(moved)   # the designer's draft: the card now belongs to another civilization
    assert verdicts(deck, ann, moved) == legal

    publish("Playtest 1.1", reasons={moved: "Moved to the other coast."})
    after = verdicts(deck, ann, moved)
    illegal = (False, "playtest-1-1", ["wrong_faction"])
    assert after == {"validate": illegal, "import": illegal, "api": illegal, "page": illegal, "builder": (False,),
                     "selector": (False,)}


def test_the_live_verdicts_cards_are_the_releases(deck):
    """The cards the verdict lists (name, faction, cost: what the deckbuilder draws) are the release's too."""
    moved = a_faction_card(deck)
    old = Card.objects.select_related("faction").get(slug=moved).faction.slug
    move_to_another_civilization(moved)
    body = {"hero": HERO, "cards": [{"card": slug, "count": n} for slug, n in deck.counts().items()]}

    def faction() -> str:
        result = client_for(None).post("/api/decks/validate/", body, format="json").json()
        return next(row["faction"] for row in result["cards"] if row["card"] == moved)

    assert faction() == old
    publish("Playtest 1.1")
    assert faction() == Card.objects.select_related("faction").get(slug=moved).faction.slug != old


def test_a_decks_matchups_judge_and_play_the_current_release(deck, ann):
    """The deck's matchups page (the computer playing it against the starters) is a verdict on the deck too."""
    moved = a_faction_card(deck)
    move_to_another_civilization(moved)
    client = Client()
    client.force_login(ann)
    page = client.get(f"/versus/matchups/{deck.pk}/").content.decode()
    assert "This deck cannot be played yet" not in page and 'class="vs-matchup-table"' in page
    publish("Playtest 1.1")
    page = client.get(f"/versus/matchups/{deck.pk}/").content.decode()
    assert "This deck cannot be played yet" in page
