"""The collection in the browser's pages: the card page's control, the faction checklist, import and export, and
what a deck page and the public list say about it."""
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from decks import selectors, services

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann_in(client, catalogue_db, ann):
    client.force_login(ann)
    return client


def test_the_card_page_sets_how_many_i_own(ann_in, ann):
    page = ann_in.get("/cards/kalen-vos/").content.decode()
    assert 'id="owned-count"' in page and 'value="0"' in page
    response = ann_in.post("/collection/cards/kalen-vos/", {"count": "3"}, follow=True)
    assert "You own 3 × Kalen Vos." in response.content.decode() and 'value="3"' in response.content.decode()
    bad = ann_in.post("/collection/cards/kalen-vos/", {"count": "lots"}, follow=True)
    assert "whole number from 0 to 99; nothing was changed" in bad.content.decode()
    assert selectors.collection_counts(ann) == {"kalen-vos": 3}


def test_the_card_page_asks_a_visitor_to_log_in(client, catalogue_db):
    page = client.get("/cards/kalen-vos/").content.decode()
    assert "to record how many copies you own" in page and 'id="owned-count"' not in page
    assert client.post("/collection/cards/kalen-vos/", {"count": "3"}).status_code == 302  # to the login page


def test_the_checklist_saves_one_factions_counts(ann_in, ann):
    page = ann_in.get("/collection/?faction=atlantean-fanatic").content.decode()
    assert 'name="count-kalen-vos"' in page and 'name="count-elder-maru"' not in page
    response = ann_in.post("/collection/", {"faction": "atlantean-fanatic", "count-kalen-vos": "3",
                                            "count-dr-veylan": "1"}, follow=True)
    assert "Saved: you own 4 copies of 2" in response.content.decode()
    assert selectors.collection_counts(ann) == {"kalen-vos": 3, "dr-veylan": 1}


def test_a_bad_count_in_the_checklist_saves_nothing_and_says_which(ann_in, ann):
    response = ann_in.post("/collection/", {"faction": "atlantean-fanatic", "count-kalen-vos": "3",
                                            "count-dr-veylan": "-2"})
    assert response.status_code == 400
    assert "Nothing was saved: Dr. Veylan: “-2” is not a number of copies from 0 to 99." in response.content.decode()
    assert selectors.collection_counts(ann) == {}


def test_import_pasted_text_and_an_uploaded_csv_then_export(ann_in, ann):
    ann_in.post("/collection/import/", {"text": "3 Kalen Vos", "mode": "add"})
    upload = SimpleUploadedFile("mine.csv", b"card,count\nArc Gallery,2\nKalen Vos,1\n", content_type="text/csv")
    response = ann_in.post("/collection/import/", {"file": upload, "mode": "add"}, follow=True)
    assert "Imported 3 copies of 2 card(s) (added to your collection)." in response.content.decode()
    assert selectors.collection_counts(ann) == {"kalen-vos": 4, "arc-gallery": 2}
    export = ann_in.get("/collection/export.csv")
    assert export["Content-Disposition"] == 'attachment; filename="collection.csv"'
    assert "4,kalen-vos,Kalen Vos" in export.content.decode()
    assert "2 Arc Gallery" in ann_in.get("/collection/export.txt").content.decode()
    ann_in.post("/collection/import/", {"text": export.content.decode(), "mode": "replace"})
    assert selectors.collection_counts(ann) == {"kalen-vos": 4, "arc-gallery": 2}  # the export reads back


def test_an_import_with_bad_lines_imports_nothing_and_lists_them(ann_in, ann):
    response = ann_in.post("/collection/import/", {"text": "3 Kalen Vos\n2 Kalen Voss\nsomething", "mode": "add"})
    page = response.content.decode()
    assert response.status_code == 400 and "Nothing was imported: 2 lines could not be read." in page
    assert "Line 2: there is no card called &#x27;Kalen Voss&#x27;. Did you mean Kalen Vos?" in page
    assert selectors.collection_counts(ann) == {}
    empty = ann_in.post("/collection/import/", {"text": "  ", "mode": "add"})
    assert "Paste a list or choose a file to import." in empty.content.decode()
    binary = ann_in.post("/collection/import/", {"file": SimpleUploadedFile("x.csv", b"\xff\xfe\x00bad"),
                                                 "mode": "add"})
    assert "The file is not UTF-8 text" in binary.content.decode()


def test_a_bad_import_answers_at_the_import_keeping_the_text_and_the_checklists_faction(ann_in, ann):
    page = ann_in.get("/collection/", {"faction": "lemurian-fanatic"}).content.decode()
    assert 'action="/collection/import/#import-title"' in page
    assert '<input type="hidden" name="faction" value="lemurian-fanatic">' in page
    response = ann_in.post("/collection/import/#import-title", {"text": "2 Kalen Voss", "mode": "add",
                                                                "faction": "lemurian-fanatic"})
    page = response.content.decode()
    assert response.status_code == 400 and "2 Kalen Voss</textarea>" in page
    assert 'class="chip active" aria-current="page">' in page
    assert 'href="?faction=lemurian-fanatic" class="chip active"' in page


def test_no_ownership_is_shown_to_a_player_without_a_collection(ann_in, ann):
    deck = services.deck_create(owner=ann, name="Mine", hero="dr-veylan", counts={"kalen-vos": 3})
    page = ann_in.get(f"/decks/{deck.pk}/").content.decode()
    assert "You own" not in page and 'class="lacking"' not in page
    builder = ann_in.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert 'id="owned-only"' not in builder and '"collection": null' in builder
    services.collection_write(owner=ann, counts={"kalen-vos": 1})
    assert "You own 1/3 — missing" in ann_in.get(f"/decks/{deck.pk}/").content.decode()
    assert 'id="owned-only"' in ann_in.get(f"/decks/{deck.pk}/edit/").content.decode()


def test_the_deck_page_says_what_i_own_and_marks_what_i_lack(ann_in, ann):
    services.collection_write(owner=ann, counts={"kalen-vos": 1, "dr-veylan": 1})
    deck = services.deck_create(owner=ann, name="Mine", hero="dr-veylan", counts={"kalen-vos": 3, "arc-gallery": 1})
    page = ann_in.get(f"/decks/{deck.pk}/").content.decode()
    assert "You own 1/4 — missing: 1 Arc Gallery, 2 Kalen Vos." in page
    assert page.count('class="lacking"') == 2 and "lack 2" in page


def test_the_public_list_filters_to_decks_my_collection_builds(ann_in, ann, client):
    deck = services.deck_create(owner=ann, name="Cheap build", hero="dr-veylan", counts={"kalen-vos": 2},
                                visibility="public")
    assert "Cheap build" not in ann_in.get("/decks/", {"buildable": "on"}).content.decode()
    services.collection_write(owner=ann, counts={"kalen-vos": 2, "dr-veylan": 1})
    page = ann_in.get("/decks/", {"buildable": "on"}).content.decode()
    assert "Cheap build" in page and "starter-elder-maru" not in page and "1 deck" in page
    assert deck.pk in page
