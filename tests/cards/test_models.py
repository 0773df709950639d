"""The catalogue's models: managers that speak the domain, URLs keyed by content, and database invariants."""
import json

import pytest
from django.db import IntegrityError, transaction

from cards.models import Ability, Card, CardCost, EnergyType, Faction, Keyword
from tests.cards.catalogue_data import small_catalogue, small_data_dir  # noqa: F401 - fixtures


def slugs(queryset):
    return sorted(queryset.values_list("slug", flat=True))


def test_managers_speak_the_domain(small_catalogue):
    assert slugs(Card.objects.heroes()) == ["dr-veylan", "elder-maru"]
    fanatic = Faction.objects.get(slug="atlantean-fanatic")
    assert slugs(Card.objects.in_faction(fanatic)) == slugs(Card.objects.in_faction("atlantean-fanatic")) == [
        "dr-veylan", "kalen-vos", "phase-cutter",
    ]
    in_deck = Card.objects.in_deck()
    assert not in_deck.filter(type__slug__in=["hero", "pyramid"]).exists()
    assert in_deck.count() == Card.objects.exclude(type__slug__in=["hero", "pyramid"]).count()


def test_with_related_reads_a_card_list_in_a_fixed_number_of_queries(small_catalogue, django_assert_num_queries):
    with django_assert_num_queries(3):  # cards, their costs, their abilities
        cards = list(Card.objects.with_related())
        for card in cards:
            card.cost, card.type.name, [a.keyword.name for a in card.abilities.all()]
            if card.faction:
                card.faction.civilization.name, card.faction.ideology.name


def test_urls_change_with_the_content_hash(small_catalogue):
    card = Card.objects.get(slug="kalen-vos")
    assert card.get_absolute_url() == "/cards/kalen-vos/"
    assert card.image_url == f"/cards/kalen-vos/image.png?v={card.content_hash}"
    assert card.thumb_url == f"/cards/kalen-vos/thumb.png?v={card.content_hash}"
    assert len(card.content_hash) == 16


def test_cost_lists_energies_in_table_order(small_catalogue):
    assert Card.objects.get(slug="deep-singer").cost == {"DR": 2, "LR": 1, "CE": 1}
    assert Card.objects.get(slug="kalen-vos").cost_total == 2


def test_people_take_hp_from_their_rarity(small_catalogue):
    card = Card.objects.select_related("rarity").get(slug="deep-singer")
    assert card.hp == card.rarity.person_hp


@pytest.mark.parametrize("make", [
    lambda card, dc, kw: CardCost.objects.create(card=card, energy=dc, amount=0),
    lambda card, dc, kw: CardCost.objects.create(card=card, energy=EnergyType.objects.get(code="CE"), amount=1),
    lambda card, dc, kw: Ability.objects.create(card=card, order=9, trigger="use", keyword=kw, amount=0),
    lambda card, dc, kw: Ability.objects.create(card=card, order=9, trigger="sometimes", keyword=kw, amount=1),
    lambda card, dc, kw: Ability.objects.create(card=card, order=0, trigger="use", keyword=kw, amount=1),
])
def test_constraints_refuse_impossible_rows(small_catalogue, make):
    card = Card.objects.get(slug="kalen-vos")  # already costs 1CE and has an ability at order 0
    with pytest.raises(IntegrityError), transaction.atomic():
        make(card, EnergyType.objects.get(code="DC"), Keyword.objects.get(slug="strike"))


@pytest.fixture
def admin_client_logged_in(client, django_user_model):
    user = django_user_model.objects.create_superuser("admin", "admin@example.com", "pw-for-tests-only")
    client.force_login(user)
    return client


def change_form_data(card):
    """Return the admin change form's POST data for a card as it stands."""
    data = {
        "slug": card.slug, "name": card.name, "type": card.type_id, "faction": card.faction_id or "",
        "rarity": card.rarity_id or "", "hp": card.hp or "", "charge": card.charge or "",
        "produces": card.produces_id or "", "flavor": card.flavor, "position": card.position,
    }
    for prefix, rows, fields in (
        ("costs", list(card.costs.all()), ("energy", "amount")),
        ("abilities", list(card.abilities.all()), ("order", "trigger", "keyword", "amount", "target", "cost",
                                                   "synergy")),
    ):
        data.update({f"{prefix}-TOTAL_FORMS": len(rows), f"{prefix}-INITIAL_FORMS": len(rows),
                     f"{prefix}-MIN_NUM_FORMS": 0, f"{prefix}-MAX_NUM_FORMS": 1000})
        for n, row in enumerate(rows):
            data[f"{prefix}-{n}-id"] = row.id
            data[f"{prefix}-{n}-card"] = card.id
            for name in fields:
                value = getattr(row, f"{name}_id", None) if name in ("energy", "keyword") else getattr(row, name)
                data[f"{prefix}-{n}-{name}"] = json.dumps(value) if name == "cost" else ("" if value is None else value)
    return data


def test_admin_lists_searches_and_saving_regenerates_text(small_catalogue, admin_client_logged_in):
    client = admin_client_logged_in
    listing = client.get("/admin/cards/card/", {"q": "Strike", "type__id__exact": Card.objects.get(
        slug="kalen-vos").type_id})
    assert listing.status_code == 200 and "Kalen Vos" in listing.content.decode()

    card = Card.objects.get(slug="kalen-vos")
    old_hash = card.content_hash
    data = change_form_data(card)
    data["abilities-0-amount"] = 4
    response = client.post(f"/admin/cards/card/{card.pk}/change/", data)
    assert response.status_code == 302, response.context["adminform"].errors if response.context else response
    card.refresh_from_db()
    assert card.text.startswith("When card enters play: Strike 4 — deal 4 damage")
    assert card.content_hash != old_hash


def test_admin_refuses_an_ability_cost_with_an_unknown_energy(small_catalogue, admin_client_logged_in):
    card = Card.objects.get(slug="kalen-vos")
    data = change_form_data(card)
    data["abilities-1-cost"] = json.dumps({"XX": 1})
    response = admin_client_logged_in.post(f"/admin/cards/card/{card.pk}/change/", data)
    assert response.status_code == 200 and "unknown energy" in response.content.decode()
    assert Card.objects.get(slug="kalen-vos").text == card.text
