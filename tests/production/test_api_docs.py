"""The API's documentation page works under the site's content policy and describes the whole API."""
import pytest

pytestmark = pytest.mark.django_db


def test_the_docs_page_has_no_inline_style_or_script(client):
    html = client.get("/api/docs/").content.decode()
    assert "<style" not in html and "style=" not in html
    assert "<script>" not in html
    assert "css/swagger.css" in html


def test_the_schema_describes_every_part_of_the_api(client):
    description = client.get("/api/schema/", headers={"Accept": "application/json"}).json()["info"]["description"]
    for part in ("card", "deck", "collection", "goldfish", "versus", "lab", "account"):
        assert part in description.lower()
