"""A site migrated but never given its cards answers 503 with what to run, never a 500 (the catalogue is data loaded
by `manage.py load_catalogue`, which `make run` does; an operator who skips it must be told, not shown a stack)."""
import pytest

pytestmark = pytest.mark.django_db


def test_starting_a_versus_game_without_a_catalogue_says_what_to_load(client):
    response = client.post("/api/versus/", {"deck": "starter-veylan"}, content_type="application/json")
    assert response.status_code == 503
    assert response.json()["code"] == "catalogue_not_loaded"
    assert "load_catalogue" in response.json()["message"]


def test_the_versus_page_without_a_catalogue_is_a_503_page(client):
    response = client.get("/versus/")
    assert response.status_code == 503
    assert response["Content-Type"].startswith("text/html")
    assert b"load_catalogue" in response.content
