"""Deck storage: unguessable ids, who may find or open which deck, and the invariants the database enforces."""
import re

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from cards.models import Card
from decks.models import Deck, DeckCard, DeckVersion, Visibility, new_public_id
from decks.services import deck_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(db):
    return User.objects.create_user("ann", password="x-pass-123"), User.objects.create_user("ben", password="x-pass-123")


def make(owner, visibility, name="Deck"):
    return deck_create(owner=owner, name=name, hero="dr-veylan", counts={"kalen-vos": 2}, visibility=visibility)


def test_public_ids_are_random_url_safe_and_long_enough_to_be_unguessable():
    ids = {new_public_id() for _ in range(200)}
    assert len(ids) == 200
    for deck_id in ids:
        assert re.fullmatch(r"[A-Za-z0-9_-]{12,}", deck_id)


def test_saved_decks_get_a_random_id_not_a_counter(catalogue_db, people):
    first, second = make(people[0], Visibility.PUBLIC), make(people[0], Visibility.PUBLIC)
    assert first.pk != second.pk
    assert not first.pk.isdigit() and len(first.pk) >= 12
    assert first.get_absolute_url() == f"/decks/{first.pk}/"


def test_lists_show_public_decks_and_your_own_but_never_unlisted_or_private_ones_of_others(catalogue_db, people):
    ann, ben = people
    public, unlisted, private = (make(ann, v, v) for v in (Visibility.PUBLIC, Visibility.UNLISTED, Visibility.PRIVATE))
    own_private = make(ben, Visibility.PRIVATE, "ben's")
    users = Deck.objects.filter(owner__isnull=False)  # leave out any starter decks
    assert set(users.public()) == {public}
    assert set(users.visible_to(ben)) == {public, own_private}
    assert set(users.visible_to(ann)) == {public, unlisted, private}


def test_anyone_with_the_link_opens_an_unlisted_deck_but_only_the_owner_a_private_one(catalogue_db, people):
    ann, ben = people
    unlisted, private = make(ann, Visibility.UNLISTED), make(ann, Visibility.PRIVATE)
    anonymous = type("Anonymous", (), {"is_authenticated": False})()
    for user in (ben, anonymous):
        readable = set(Deck.objects.readable_by(user))
        assert unlisted in readable and private not in readable
    assert private in set(Deck.objects.readable_by(ann))


def test_a_card_appears_once_per_deck_with_a_positive_count(catalogue_db, people):
    deck = make(people[0], Visibility.PRIVATE)
    card = Card.objects.get(slug="kalen-vos")
    with pytest.raises(IntegrityError), transaction.atomic():
        DeckCard.objects.create(deck=deck, card=card, count=1)
    other = Card.objects.get(slug="dark-current")
    with pytest.raises(IntegrityError), transaction.atomic():
        DeckCard.objects.create(deck=deck, card=other, count=0)


def test_version_numbers_are_unique_per_deck(catalogue_db, people):
    deck = make(people[0], Visibility.PRIVATE)
    with pytest.raises(IntegrityError), transaction.atomic():
        DeckVersion.objects.create(deck=deck, number=1, name="again", cards={})


def test_with_cards_reads_a_list_of_decks_in_a_fixed_number_of_queries(catalogue_db, people, django_assert_num_queries):
    for index in range(5):
        make(people[0], Visibility.PUBLIC, f"deck {index}")
    with django_assert_num_queries(3):  # decks with Hero and owner, then every card row, then every tag
        decks = list(Deck.objects.owned_by(people[0]).with_cards())
        counts = [deck.counts() for deck in decks]
    assert counts == [{"kalen-vos": 2}] * 5
