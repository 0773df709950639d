"""Oversize request bodies get a clear 413, never a 500, before anything reads them."""
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.production.urls")]


def json_body(size: int) -> str:
    """Return a JSON document of exactly `size` bytes."""
    padding = size - len(json.dumps({"deck": ""}))
    return json.dumps({"deck": "x" * padding})


def test_an_oversize_json_body_gets_413_in_the_error_shape(client, settings):
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    response = client.post("/api/users/", json_body(limit + 1), content_type="application/json")
    assert response.status_code == 413
    body = response.json()
    assert body["code"] == "request_too_large"
    assert str(limit) in body["message"]


def test_the_default_limit_is_256_kilobytes(client):
    assert client.post("/api/users/", json_body(256 * 1024), content_type="application/json").status_code == 200
    assert client.post("/api/users/", json_body(256 * 1024 + 1), content_type="application/json").status_code == 413


def test_a_body_at_the_limit_reaches_the_view(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = client.post("/api/users/", json_body(1000), content_type="application/json")
    assert response.status_code == 200
    assert response.json() == {"received": 1}


def test_an_oversize_form_post_to_a_page_gets_a_413_page(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = client.post("/page/", "name=" + "x" * 1000, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 413
    assert response["Content-Type"].startswith("text/html")
    assert b"at most 1000 bytes" in response.content


def test_uploads_have_their_own_larger_limit(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    settings.MAX_UPLOAD_SIZE = 5000
    small = SimpleUploadedFile("list.txt", b"x" * 3000)
    assert client.post("/api/users/", {"file": small}).status_code == 200
    large = SimpleUploadedFile("list.txt", b"x" * 5000)
    response = client.post("/api/users/", {"file": large})
    assert response.status_code == 413
    assert response.json()["code"] == "request_too_large"
