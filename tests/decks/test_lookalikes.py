"""Look-alike names: no username that could pass for another account's, no deck name that is invisible or flips its
text's direction, and no tag filed under another name than the one typed."""
import pytest
from django.contrib.auth.models import User

from decks import community_services, services
from decks.models import Deck, Visibility
from tests.decks.helpers import client_for

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-passphrase-42"


def sign_up(client, username: str):
    return client.post("/accounts/signup/", {"username": username, "password1": PASSWORD, "password2": PASSWORD})


def refusal(response) -> str:
    assert response.status_code == 200, "the form was accepted"
    return response.content.decode()


@pytest.mark.parametrize("username, twin", [
    ("alic\u0435", "alice"),      # Cyrillic е at the end
    ("\u0430dmin", "admin"),      # Cyrillic а at the start
    ("\u0430\u0434min", "admin"),  # two Cyrillic letters
])
def test_sign_up_refuses_a_name_mixing_alphabets_with_look_alike_letters(client, username, twin):
    User.objects.create_user(twin, password=PASSWORD)
    page = refusal(sign_up(client, username))
    assert "mixes alphabets with letters that look alike" in page and "CYRILLIC" in page
    assert not User.objects.filter(username=username).exists()


# I for l, capitals, a full-width a, the Roman numeral ⅼ
@pytest.mark.parametrize("username", ["aIice", "ALICE", "\uff41lice", "a\u217cice"])
def test_sign_up_refuses_a_name_that_could_be_mistaken_for_an_existing_account(client, username):
    User.objects.create_user("alice", password=PASSWORD)
    response = sign_up(client, username)
    page = refusal(response)
    assert "could be mistaken for “alice”" in page or "already exists" in page


def test_an_all_cyrillic_name_that_spells_a_latin_one_is_refused_but_a_cyrillic_name_is_welcome(client):
    User.objects.create_user("aeopc", password=PASSWORD)
    assert "could be mistaken for “aeopc”" in refusal(sign_up(client, "\u0430\u0435\u043e\u0440\u0441"))
    assert sign_up(client, "\u0438\u0432\u0430\u043d").status_code == 302  # иван: nobody's look-alike


def test_sign_up_still_takes_distinct_names_with_accents_or_other_scripts(client):
    User.objects.create_user("alice", password=PASSWORD)
    for username in ["alicia", "jos\u00e9", "\u674e\u5c0f\u9f99"]:
        client.logout()
        assert sign_up(client, username).status_code == 302, username


# --- deck names ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, reason", [
    ("\u200b\u200b", "no visible character"),
    ("\u200b \u2060 \ufeff", "no visible character"),
    ("\u3164", "no visible character"),                    # the Hangul filler, a "letter" that draws nothing
    ("\u202eegdirB kcalB", "text-direction control"),       # a right-to-left override
    ("Tide \u2067Rising\u2069", "text-direction control"),  # an isolate
])
def test_a_deck_name_that_is_invisible_or_flips_direction_is_refused(catalogue_db, name, reason):
    owner = User.objects.create_user("ann", password=PASSWORD)
    response = client_for(owner).post("/api/decks/", {"name": name, "hero": "dr-veylan", "cards": []}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == services.INVALID_NAME and reason in response.json()["message"]
    assert not Deck.objects.filter(owner=owner).exists()


def test_renaming_a_deck_to_an_invisible_name_is_refused_and_a_name_in_any_script_is_kept(catalogue_db):
    owner = User.objects.create_user("ann", password=PASSWORD)
    deck = services.deck_create(owner=owner, name="Tide", hero="dr-veylan", counts={}, visibility=Visibility.PUBLIC)
    client = client_for(owner)
    assert client.patch(f"/api/decks/{deck.pk}/", {"name": "\u200b"}, format="json").status_code == 400
    renamed = client.patch(f"/api/decks/{deck.pk}/", {"name": "\u05d2\u05d0\u05d5\u05ea Tide"}, format="json")
    assert renamed.status_code == 200 and renamed.json()["name"] == "\u05d2\u05d0\u05d5\u05ea Tide"


# --- tags ----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("tag, dropped", [
    ("\u0430ggro", "CYRILLIC SMALL LETTER A"),
    ("c++", "PLUS SIGN"),
    ("ag\u200bgro", "ZERO WIDTH SPACE"),
])
def test_a_tag_that_would_be_stored_as_another_is_refused_with_the_reason(catalogue_db, tag, dropped):
    owner = User.objects.create_user("ann", password=PASSWORD)
    deck = services.deck_create(owner=owner, name="Tide", hero="dr-veylan", counts={}, visibility=Visibility.PUBLIC)
    response = client_for(owner).put(f"/api/decks/{deck.pk}/tags/", {"tags": [tag]}, format="json")
    assert response.status_code == 400 and response.json()["code"] == community_services.INVALID_TAG
    assert dropped in response.json()["message"]
    assert not deck.tags.exists()


def test_tags_with_accents_keep_their_letters(catalogue_db):
    owner = User.objects.create_user("ann", password=PASSWORD)
    deck = services.deck_create(owner=owner, name="Tide", hero="dr-veylan", counts={}, visibility=Visibility.PUBLIC)
    response = client_for(owner).put(f"/api/decks/{deck.pk}/tags/", {"tags": ["Café rush", "aggro"]}, format="json")
    assert response.json() == {"tags": ["aggro", "cafe-rush"]}
