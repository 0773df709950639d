"""The staff page that publishes the draft (issue 32): /releases/publish/ shows what the admin's edits change against
the current release (each card's face before and after, its fields old → new), asks for a name, notes and a reason
per changed card, and publishes through `cards.releases.publish` — the command's function — or says plainly that
there is nothing to publish. Anyone else is sent to log in or refused; a refusal writes nothing."""
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from cards.catalogue import clear_cache
from cards.models import Card, Release
from tests.cards.test_releases import edit_an_amount

pytestmark = pytest.mark.django_db
PAGE = "/releases/publish/"


@pytest.fixture
def staff(catalogue_db, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    clear_cache()
    client = Client()
    client.force_login(get_user_model().objects.create_user("dana", password="dana-pass-123", is_staff=True))
    yield client
    clear_cache()


def releases() -> list[tuple[str, bool]]:
    return list(Release.objects.order_by("published_at", "pk").values_list("slug", "current"))


def test_an_anonymous_visitor_is_sent_to_log_in_and_a_player_is_refused(catalogue_db):
    edit_an_amount()
    anonymous = Client()
    for response in (anonymous.get(PAGE), anonymous.post(PAGE, {"name": "Playtest 1.1"})):
        assert response.status_code == 302 and response["Location"] == "/accounts/login/?next=/releases/publish/"
    player = Client()
    player.force_login(get_user_model().objects.create_user("pat", password="pat-pass-123"))
    for response in (player.get(PAGE), player.post(PAGE, {"name": "Playtest 1.1"})):
        assert response.status_code == 403 and "You cannot open this page" in response.content.decode()
    assert releases() == [("playtest-1-0", True)]
    assert PAGE not in player.get("/releases/").content.decode()


def test_with_nothing_changed_the_page_says_so_and_offers_no_button_and_a_post_is_refused(staff):
    assert f'href="{PAGE}"' in staff.get("/releases/").content.decode()  # linked for staff
    body = staff.get(PAGE).content.decode()
    assert "Nothing to publish." in body and "publish-button" not in body and 'name="name"' not in body
    response = staff.post(PAGE, {"name": "Playtest 1.1"})
    body = response.content.decode()
    assert response.status_code == 400 and "Nothing changed since Playtest 1.0" in body
    assert "(release_unchanged)" in body and "Nothing to publish." in body
    assert releases() == [("playtest-1-0", True)]


def test_the_page_shows_each_changed_card_before_and_after_with_its_fields_and_a_reason_field(staff):
    slug, old, new = edit_an_amount()
    body = staff.get(PAGE).content.decode()
    assert f'id="change-{slug}"' in body and "1 changed, 0 added, 0 removed." in body
    [(was, now)] = re.findall(r"<dt>abilities \d+ · amount</dt><dd><del>(\d+)</del> → <ins>(\d+)</ins>", body)
    assert (int(was), int(now)) == (old, new)
    before = body.split('class="face-before"')[0].rsplit('src="', 1)[1].split('"')[0]
    after = body.split('class="face-after"')[0].rsplit('src="', 1)[1].split('"')[0]
    assert before.startswith(f"/releases/playtest-1-0/cards/{slug}/image.png?v=")
    assert after == f"/cards/{slug}/image.png?v={Card.objects.get(slug=slug).content_hash}"
    old_face, new_face = staff.get(before), staff.get(after)
    assert old_face.status_code == new_face.status_code == 200 and old_face.content != new_face.content
    assert f'name="reason-{slug}"' in body and "publish-button" in body and 'name="csrfmiddlewaretoken"' in body


def test_publishing_from_the_page_makes_the_current_release_with_the_reasons_and_shows_its_patch_notes(staff):
    slug, old, _ = edit_an_amount()
    form = {"name": "Playtest 1.1", "notes": "Round two.", f"reason-{slug}": f"Too weak at {old}.",
            "draft_hash": re.search(r'name="draft_hash" value="(\w+)"', staff.get(PAGE).content.decode())[1]}
    response = staff.post(PAGE, form)
    assert response.status_code == 302 and response["Location"] == "/releases/playtest-1-1/"
    release = Release.objects.get(current=True)
    assert (release.name, release.notes, release.reasons) == ("Playtest 1.1", "Round two.", {slug: f"Too weak at {old}."})
    assert release.previous.slug == "playtest-1-0"
    page = staff.get(response["Location"]).content.decode()
    assert "Published Playtest 1.1" in page and f"Too weak at {old}." in page and f'id="change-{slug}"' in page
    assert "Nothing to publish." in staff.get(PAGE).content.decode()  # the draft is the current release now


@pytest.mark.parametrize("form, field, code", [
    ({"name": ""}, "name", "release_name_missing"),
    ({"name": "  "}, "name", "release_name_missing"),
    ({"name": "Playtest 1.0"}, "name", "release_exists"),
    ({"name": "Round two", "slug": "playtest-1-0"}, "slug", "release_exists"),
    ({"name": "Publish"}, "name", "release_slug_reserved"),  # /releases/publish/ is this page
    ({"name": "Round two", "slug": "publish"}, "slug", "release_slug_reserved"),
    ({"name": "Round two", "slug": "not a slug!"}, "slug", "invalid"),
])
def test_a_bad_name_or_slug_is_a_clear_form_error_and_writes_nothing(staff, form, field, code):
    edit_an_amount()
    response = staff.post(PAGE, form)
    body = response.content.decode()
    assert response.status_code == 400
    error = re.search(rf'<div class="form-error" role="alert" id="{field}-error">([^<]+)</div>', body)
    assert error, body
    assert code == "invalid" or f"({code})" in error[1]
    assert releases() == [("playtest-1-0", True)] and "publish-button" in body


def test_a_draft_edited_again_since_the_page_was_shown_is_not_published_unseen(staff):
    slug, _, _ = edit_an_amount()
    shown = re.search(r'name="draft_hash" value="(\w+)"', staff.get(PAGE).content.decode())[1]
    other = Card.objects.exclude(slug=slug).filter(abilities__amount__isnull=False).order_by("position").first()
    edit_an_amount(other.slug)
    response = staff.post(PAGE, {"name": "Playtest 1.1", "draft_hash": shown})
    body = response.content.decode()
    assert response.status_code == 400 and "(draft_changed)" in body and f'id="change-{other.slug}"' in body
    assert releases() == [("playtest-1-0", True)]
    fresh = re.search(r'name="draft_hash" value="(\w+)"', body)[1]
    assert fresh != shown  # the page now shows the draft as it is: publishing it again publishes what was shown
    assert staff.post(PAGE, {"name": "Playtest 1.1", "draft_hash": fresh}).status_code == 302


def test_a_reason_for_a_card_the_draft_no_longer_changes_is_refused(staff):
    slug, _, _ = edit_an_amount()
    unchanged = Card.objects.exclude(slug=slug).order_by("position").first().slug
    response = staff.post(PAGE, {"name": "Playtest 1.1", f"reason-{unchanged}": "Why not."})
    assert response.status_code == 302  # a field for no change shown is not on the form: ignored
    assert Release.objects.get(current=True).reasons == {}


def test_a_post_without_the_csrf_token_is_refused(catalogue_db):
    edit_an_amount()
    client = Client(enforce_csrf_checks=True)
    client.force_login(get_user_model().objects.create_user("dana", password="dana-pass-123", is_staff=True))
    assert client.post(PAGE, {"name": "Playtest 1.1"}).status_code == 403
    assert releases() == [("playtest-1-0", True)]


def test_with_no_release_yet_the_page_publishes_the_first_adding_every_card(staff):
    from decks.models import DeckVersion

    DeckVersion.objects.update(release=None)  # a database set up before releases
    Release.objects.all().delete()
    body = staff.get(PAGE).content.decode()
    assert "No release is published yet" in body and f"0 changed, {Card.objects.count()} added, 0 removed." in body
    assert staff.post(PAGE, {"name": "Playtest 1.0"}).status_code == 302
    assert releases() == [("playtest-1-0", True)]
