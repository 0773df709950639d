"""Deck writes: every save is a whole new version or nothing, stale edits are refused, history can be restored."""
from io import StringIO
from pathlib import Path

import pytest
import yaml
from django.core.management import call_command

from cataclysm_site.api_errors import ApiError
from decks import selectors, services
from decks.management.commands.load_starter_decks import STARTER_FILE
from decks.models import Deck, DeckVersion, Visibility

pytestmark = pytest.mark.django_db


def test_a_new_deck_is_version_one_with_its_list_recorded(catalogue_db, ann, veylan_list):
    deck = services.deck_create(owner=ann, name="Sparks", hero="dr-veylan", counts=veylan_list)
    assert deck.version == 1
    assert deck.counts() == veylan_list
    assert selectors.deck_validation(deck).valid
    first = DeckVersion.objects.get(deck=deck)
    assert (first.number, first.hero, first.cards, first.name) == (1, "dr-veylan", veylan_list, "Sparks")


def test_an_illegal_deck_is_kept_as_a_draft_and_judged_invalid(catalogue_db, ann):
    deck = services.deck_create(owner=ann, name="Draft", hero="dr-veylan", counts={"kalen-vos": 5})
    result = selectors.deck_validation(deck)
    assert not result.valid
    assert {p.code for p in result.errors} >= {"deck_size", "copy_limit"}


def test_a_draft_may_not_have_chosen_its_hero_yet(catalogue_db, ann):
    deck = services.deck_create(owner=ann, name="Ideas", hero=None, counts={"kalen-vos": 1})
    assert deck.hero is None
    assert "hero_missing" in {p.code for p in selectors.deck_validation(deck).errors}


def test_each_change_is_a_new_version_and_the_old_list_is_kept(catalogue_db, ann, veylan_list):
    deck = services.deck_create(owner=ann, name="Sparks", hero="dr-veylan", counts=veylan_list)
    changed = {**veylan_list, "kalen-vos": 1}
    deck = services.deck_update(deck=deck, author=ann, expected_version=1, counts=changed)
    assert deck.version == 2
    assert DeckVersion.objects.get(deck=deck, number=1).cards == veylan_list
    assert DeckVersion.objects.get(deck=deck, number=2).cards == changed


def test_saving_without_changes_makes_no_new_version(catalogue_db, ann, veylan_list):
    deck = services.deck_create(owner=ann, name="Sparks", hero="dr-veylan", counts=veylan_list)
    deck = services.deck_update(deck=deck, name="Sparks", counts=dict(veylan_list))
    assert deck.version == 1
    assert DeckVersion.objects.filter(deck=deck).count() == 1


def test_an_edit_of_a_stale_version_is_refused_and_changes_nothing(catalogue_db, ann, veylan_list):
    deck = services.deck_create(owner=ann, name="Sparks", hero="dr-veylan", counts=veylan_list)
    services.deck_update(deck=deck, name="Sparks II")
    with pytest.raises(services.VersionConflict) as conflict:
        services.deck_update(deck=deck, expected_version=1, name="Mine wins")
    assert conflict.value.status_code == 409
    assert conflict.value.deck.version == 2
    assert Deck.objects.get(pk=deck.pk).name == "Sparks II"


def test_a_failed_save_leaves_no_half_written_deck(catalogue_db, ann, veylan_list):
    deck = services.deck_create(owner=ann, name="Sparks", hero="dr-veylan", counts=veylan_list)
    with pytest.raises(ApiError) as error:
        services.deck_update(deck=deck, name="Renamed", counts={"kalen-vos": 2, "no-such-card": 1})
    assert error.value.error_code == services.UNKNOWN_CARD
    fresh = Deck.objects.get(pk=deck.pk)
    assert (fresh.name, fresh.version, fresh.counts()) == ("Sparks", 1, veylan_list)
    assert DeckVersion.objects.filter(deck=deck).count() == 1


@pytest.mark.parametrize(
    "counts, code",
    [
        ({"kalen-vos": 0}, services.INVALID_COUNT),
        ({"kalen-vos": 100}, services.INVALID_COUNT),
        ({f"card-{i}": 1 for i in range(201)}, services.TOO_MANY_CARDS),
        ({"not-a-card": 1}, services.UNKNOWN_CARD),
    ],
)
def test_lists_that_cannot_be_stored_are_refused_with_a_code(catalogue_db, ann, counts, code):
    with pytest.raises(ApiError) as error:
        services.deck_create(owner=ann, name="Bad", hero="dr-veylan", counts=counts)
    assert error.value.error_code == code
    assert not Deck.objects.filter(owner=ann).exists()


def test_only_a_hero_can_lead_a_deck(catalogue_db, ann):
    with pytest.raises(ApiError) as error:
        services.deck_create(owner=ann, name="Bad", hero="kalen-vos", counts={})
    assert error.value.error_code == services.NOT_A_HERO


def test_a_fork_is_a_private_copy_owned_by_the_forker(catalogue_db, ann, veylan_list):
    starter = services.deck_create(owner=None, name="Starter", hero="dr-veylan", counts=veylan_list,
                                   visibility=Visibility.PUBLIC, deck_id="starter-test")
    fork = services.deck_fork(deck=starter, owner=ann)
    assert fork.pk != starter.pk
    assert (fork.owner, fork.visibility, fork.forked_from_id) == (ann, Visibility.PRIVATE, starter.pk)
    assert fork.counts() == veylan_list and fork.hero == starter.hero
    assert Deck.objects.get(pk=starter.pk).version == 1  # the original is untouched


def test_restoring_a_version_saves_its_list_as_the_newest_version(catalogue_db, ann, veylan_list):
    deck = services.deck_create(owner=ann, name="Sparks", hero="dr-veylan", counts=veylan_list)
    services.deck_update(deck=deck, name="Gutted", counts={"kalen-vos": 3})
    deck = services.deck_restore_version(deck=deck, number=1, author=ann, expected_version=2)
    assert deck.version == 3
    assert (deck.name, deck.counts()) == ("Sparks", veylan_list)
    assert DeckVersion.objects.get(deck=deck, number=2).cards == {"kalen-vos": 3}  # nothing is lost
    assert DeckVersion.objects.get(deck=deck, number=3).note == "Restored version 1"


def test_restoring_a_version_that_does_not_exist_is_a_404(catalogue_db, ann):
    deck = services.deck_create(owner=ann, name="Sparks", hero="dr-veylan", counts={})
    with pytest.raises(ApiError) as error:
        services.deck_restore_version(deck=deck, number=7)
    assert (error.value.error_code, error.value.status_code) == (services.VERSION_NOT_FOUND, 404)


def test_the_diff_between_versions_names_each_card_added_and_removed(catalogue_db, ann):
    deck = services.deck_create(owner=ann, name="A", hero="dr-veylan", counts={"kalen-vos": 1, "crackling-jolt": 2})
    services.deck_update(deck=deck, counts={"kalen-vos": 3, "crackling-jolt": 1})
    old, new = selectors.get_version(deck, 1), selectors.get_version(deck, 2)
    diff = selectors.version_diff(old, new)
    assert [c["label"] for c in diff["changes"]] == ["+2 Kalen Vos", "−1 Crackling Jolt"]
    assert (diff["added"], diff["removed"]) == (2, 1)


def test_starter_decks_load_as_six_public_ownerless_legal_decks(catalogue_db):
    call_command("load_starter_decks", stdout=StringIO())
    starters = Deck.objects.filter(pk__startswith="starter-").with_cards()
    heroes = {deck.hero.slug for deck in starters}
    assert len(heroes) == 6 and {deck.pk for deck in starters} == {f"starter-{h}" for h in heroes}
    for deck in starters:
        assert deck.owner is None and deck.visibility == Visibility.PUBLIC
        assert selectors.deck_validation(deck).valid, deck.pk


def test_loading_starter_decks_again_changes_nothing(catalogue_db):
    call_command("load_starter_decks", stdout=StringIO())
    out = StringIO()
    call_command("load_starter_decks", stdout=out)
    assert "0 created, 0 updated, 6 unchanged" in out.getvalue()
    assert set(Deck.objects.values_list("version", flat=True)) == {1}


def test_an_edited_starter_file_updates_the_deck_as_a_new_version(catalogue_db, tmp_path: Path):
    call_command("load_starter_decks", stdout=StringIO())
    data = yaml.safe_load(STARTER_FILE.read_text(encoding="utf-8"))
    data["decks"][0]["name"] = "Renamed starter"
    edited = tmp_path / "starters.yaml"
    edited.write_text(yaml.safe_dump(data), encoding="utf-8")
    call_command("load_starter_decks", file=str(edited), stdout=StringIO())
    deck = Deck.objects.get(pk=data["decks"][0]["slug"])
    assert (deck.name, deck.version) == ("Renamed starter", 2)
