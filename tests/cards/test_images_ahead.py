"""Card images are drawn ahead, so no visit waits for them: `load_catalogue` starts the drawing in the background
(the command itself stays quick), and `render_card_images` fills the cache that the image views then serve."""
import subprocess

import pytest
from django.core.management import CommandError, call_command

from cards import images
from cards.models import Card

pytestmark = pytest.mark.django_db


def test_load_catalogue_starts_the_drawing_in_the_background_and_returns(settings, monkeypatch):
    started = []

    class FakePopen:
        def __init__(self, args, **kwargs):
            started.append((args, kwargs))

    monkeypatch.setattr(subprocess, "Popen", FakePopen)
    settings.CARD_IMAGES_AHEAD = "background"
    call_command("load_catalogue", verbosity=0)
    assert len(started) == 1
    args, kwargs = started[0]
    assert args[-3:] == ["render_card_images", "--verbosity", "0"] and kwargs["start_new_session"] is True
    call_command("load_catalogue", verbosity=0, images="skip")
    assert len(started) == 1


def test_thumbnails_drawn_ahead_are_served_without_drawing(client, settings, tmp_path, monkeypatch):
    settings.MEDIA_ROOT = tmp_path / "media"
    call_command("load_catalogue", verbosity=0, images="skip")
    call_command("render_card_images", verbosity=0, sizes="thumb", nice=0)
    cards = list(Card.objects.all())
    assert all(images.cached_image_path(c.slug, c.content_hash, "thumb").exists() for c in cards)

    def no_drawing(*args, **kwargs):
        raise AssertionError("a thumbnail was drawn on demand")

    monkeypatch.setattr(images, "render_card", no_drawing)
    response = client.get(cards[0].thumb_url)
    assert response.status_code == 200 and response["Content-Type"] == "image/png"


def test_an_unknown_size_is_refused():
    with pytest.raises(CommandError, match="unknown size"):
        call_command("render_card_images", sizes="poster")

