"""The lab's start form studies an erratum (issue 33): pick a card, change its fields, see what changes, start a
paired study; bad errata are refused with the API's code (`bad_errata`), naming the field, and nothing is created."""
from __future__ import annotations

import html
import re

import pytest

from cards.catalogue import get_catalogue
from rules.lab import services as lab
from rules.models import Simulation

pytestmark = pytest.mark.django_db
BASE = {"kind": "errata", "decks": "starter-dr-veylan", "games": "4", "seed": "1", "bot": "greedy",
        "seating": "side-by-side", "erratum.card": "kalen-vos"}


def post(client, **fields):
    """The start form as the page posts it (the Pyramid deck's printed counts included)."""
    printed = {f"pyramid_{slug}": str(count) for slug, _, count in lab.pyramid_cards(get_catalogue())}
    return client.post("/lab/", {**BASE, **printed, **fields})


def test_picking_a_card_shows_the_fields_the_engine_plays_and_starts_nothing(client, catalogue_db):
    html = client.get("/lab/").content.decode()
    assert 'value="errata"' in html and 'id="id_erratum_card"' in html
    response = post(client, action="pick")
    page = response.content.decode()
    assert response.status_code == 200 and Simulation.objects.count() == 0
    fields = page[page.index('id="lab-erratum-fields"'):page.index('id="lab-erratum-diff"')]
    for name in ("erratum.rarity", "erratum.cost.DC", "erratum.abilities.1.amount", "erratum.abilities.2.amount",
                 "erratum.abilities.2.cost.DC"):
        assert f'name="{name}"' in fields, name
    assert 'name="erratum.hp"' not in fields   # a Person's HP comes from its rarity: not offered
    assert "Nothing changed yet" in page


def test_the_form_shows_what_changes_before_starting(client, catalogue_db):
    page = post(client, action="pick", **{"erratum.abilities.2.amount": "3", "erratum.rarity": "rare"}).content.decode()
    changes = page[page.index('id="lab-erratum-changes"'):]
    assert "Ability 2 · amount: <del>1</del> → <ins>3</ins>" in changes
    assert "Rarity: <del>Common</del> → <ins>Rare</ins>" in changes
    assert Simulation.objects.count() == 0


@pytest.mark.parametrize("fields, kind, decks", [
    ({}, "goldfish", ["Dr. Veylan Starter"]),
    ({"errata_vs": "starter-talah", "p1": "random", "p2": "random"}, "matchup", ["Dr. Veylan Starter", "Talah Starter"]),
])
def test_a_valid_erratum_starts_a_paired_study_of_exactly_the_changes(client, catalogue_db, fields, kind, decks):
    response = post(client, **fields, **{"erratum.cost.DC": "1", "erratum.cost.CE": "2", "erratum.cost.LC": "0",
                                         "erratum.abilities.2.amount": "3", "erratum.abilities.1.amount": "1"})
    sim = Simulation.objects.get()
    try:
        assert response.status_code == 302 and response["Location"] == sim.get_absolute_url()
        assert sim.kind == kind and [d["name"] for d in sim.study["decks"]] == decks
        assert sim.study["paired"] is True
        assert sim.study["errata"] == {"kalen-vos": {"cost": {"DC": 1, "CE": 2}, "abilities": {"2": {"amount": 3}}}}
    finally:
        lab.cancel(sim)


@pytest.mark.parametrize("fields, path, words", [
    ({"erratum.speed": "3"}, "errata.kalen-vos.speed", "unknown field"),
    ({"erratum.abilities.2.amount": "99"}, "errata.kalen-vos.abilities.2.amount", "from 0 to 20"),
    ({"erratum.hp": "9"}, "errata.kalen-vos.hp", "a Person's HP comes from its rarity"),
    ({"erratum.abilities.2.amount": "1", "erratum.cost.DC": "1", "erratum.cost.CE": "1", "erratum.cost.LC": "0"},
     "errata.kalen-vos", "changes nothing"),
    ({}, "errata.kalen-vos", "changes nothing"),
    ({"erratum.card": ""}, "errata", "Pick the card"),
    ({"erratum.card": "nobody", "erratum.hp": "3"}, "errata.nobody", "unknown card"),
])
def test_a_bad_erratum_is_refused_with_the_apis_code_and_nothing_is_created(client, catalogue_db, fields, path, words):
    response = post(client, **fields)
    page = response.content.decode()
    assert response.status_code == 400 and Simulation.objects.count() == 0
    error = re.search(r'<li data-code="bad_errata" data-path="([^"]*)">([^<]*)</li>', page)
    assert error, page[page.find("lab-errors"):][:600]
    message = html.unescape(error.group(2))
    assert error.group(1) == path and words in message
    assert "errata." not in message   # the path said in words: "Kalen Vos · Ability 2 · amount"


def test_the_api_refuses_an_erratum_that_changes_nothing(api):
    response = api.post("/api/simulations/", {"kind": "goldfish", "deck": "starter-talah", "games": 2, "paired": True,
                                              "errata": {"kalen-vos": {"cost": {"DC": 1, "CE": 1}}}}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "bad_errata" and response.json()["path"] == "errata.kalen-vos"
