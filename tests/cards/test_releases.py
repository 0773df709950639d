"""Releases (issue 32): the first made by loading the data files, a draft published with a reason per card and
refused when nothing changed, exactly one current, immutable once published, and a release's files written back
that compile to the same hash."""
import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import IntegrityError, transaction

from cards.catalogue import database_data, get_catalogue, read_files
from cards.models import Ability, Card, Release, ReleaseImmutable
from cards.releases import FIRST_RELEASE, ReleaseError, publish, release_catalogue, release_changes, release_data
from cards.services import card_refresh_derived, load_catalogue
from rules.engine.catalogue import compile_catalogue, data_hash

pytestmark = pytest.mark.django_db


def edit_an_amount(slug=None) -> tuple[str, int, int]:
    """Raise the X of a card's first ability that has one (as a designer would in the admin); return what changed."""
    ability = Ability.objects.filter(amount__isnull=False).select_related("card").order_by("card__position").first()
    if slug is not None:
        ability = Ability.objects.filter(card__slug=slug, amount__isnull=False).first()
    old = ability.amount
    ability.amount = old + 1
    ability.save()
    card_refresh_derived(ability.card)
    return ability.card.slug, old, old + 1


def test_loading_a_fresh_database_makes_the_first_release_and_loading_again_makes_none(catalogue_db):
    first = Release.objects.get()
    assert (first.name, first.slug, first.current, first.previous) == (FIRST_RELEASE, "playtest-1-0", True, None)
    assert first.data_hash == get_catalogue().data_hash == data_hash(database_data())
    report = load_catalogue()
    assert report.release is None and Release.objects.count() == 1


def test_the_snapshot_rebuilds_the_set_exactly(catalogue_db):
    release = Release.objects.get()
    assert release_catalogue(release) is get_catalogue()  # the same set: the current compiled catalogue
    rebuilt = compile_catalogue(release_data(release))  # from the payload alone
    assert rebuilt.data_hash == release.data_hash
    assert rebuilt.cards == get_catalogue().cards and rebuilt.pyramid_deck == get_catalogue().pyramid_deck


def test_publishing_an_unchanged_draft_is_refused_and_writes_nothing(catalogue_db):
    with pytest.raises(CommandError, match=r"Nothing changed since Playtest 1.0.*release_unchanged"):
        call_command("publish_release", name="Playtest 1.1", verbosity=0)
    assert list(Release.objects.values_list("slug", "current")) == [("playtest-1-0", True)]


def test_publishing_the_edited_draft_makes_it_current_with_the_reason_and_the_changed_fields(catalogue_db, capsys):
    slug, old, new = edit_an_amount()
    call_command("publish_release", name="Playtest 1.1", notes="Round two.", reason=[f"{slug}=Too weak at {old}."])
    assert f"changed {slug}: abilities — Too weak at {old}." in capsys.readouterr().out
    first, second = Release.objects.get(slug="playtest-1-0"), Release.objects.get(slug="playtest-1-1")
    assert (first.current, second.current, second.previous, second.notes) == (False, True, first, "Round two.")
    assert second.data_hash == get_catalogue().data_hash != first.data_hash
    changes = release_changes(second)
    assert (changes["from"], changes["to"]) == ("playtest-1-0", "playtest-1-1")
    [row] = changes["cards"]
    assert (row["card"], row["change"], row["reason"]) == (slug, "changed", f"Too weak at {old}.")
    before, after = row["fields"]["abilities"]
    assert [a.get("amount") for a in before] != [a.get("amount") for a in after]
    assert release_catalogue(first).data_hash == first.data_hash  # the old set, compiled from its snapshot


def test_a_reason_for_a_card_that_did_not_change_is_refused_and_writes_nothing(catalogue_db):
    edit_an_amount()
    with pytest.raises(CommandError, match="reason_not_a_change"):
        call_command("publish_release", name="Playtest 1.1", reason=["kalen-vos=Just because."], verbosity=0)
    with pytest.raises(CommandError, match="CARD=TEXT"):
        call_command("publish_release", name="Playtest 1.1", reason=["no equals sign"], verbosity=0)
    assert Release.objects.count() == 1


def test_a_taken_name_is_refused(catalogue_db):
    edit_an_amount()
    with pytest.raises(ReleaseError) as caught:
        publish("Playtest 1.0")
    assert caught.value.code == "release_exists" and Release.objects.count() == 1


def test_only_one_release_is_ever_current_and_a_published_one_never_changes(catalogue_db):
    first = Release.objects.get()
    with pytest.raises(IntegrityError), transaction.atomic():
        Release.objects.create(slug="other", name="Other", published_at=first.published_at, data_hash="x",
                               payload="{}", current=True)
    first.notes = "rewritten"
    with pytest.raises(ReleaseImmutable):
        first.save()
    assert Release.objects.get().notes != "rewritten"


def test_a_releases_files_written_back_compile_and_load_to_the_same_hash(catalogue_db, tmp_path):
    first = Release.objects.get()
    edit_an_amount()
    publish("Playtest 1.1")
    with pytest.raises(CommandError, match="release_not_found"):
        call_command("export_catalogue", release="playtest-9", data_dir=str(tmp_path), verbosity=0)
    call_command("export_catalogue", release=first.slug, data_dir=str(tmp_path), verbosity=0)
    assert compile_catalogue(read_files(tmp_path)).data_hash == first.data_hash
    load_catalogue(tmp_path)  # the database's draft is the old release again
    assert data_hash(database_data()) == first.data_hash
    assert not any(Card.objects.filter(content_hash="").values_list("slug", flat=True))
