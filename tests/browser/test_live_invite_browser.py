"""An invitation accepted in Chromium, as on lichess: alice opens an invite-only table with a 5+2 clock and sends the
link; her friend opens it on a phone and reads who challenges them and on what terms ("alice challenges you",
her Hero and deck, 5+2), picks a deck and presses Accept; both boards start, both headings name the players by
name and Hero, and the running clock shows its hourglass as a drawn icon."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from cards.catalogue import get_catalogue
from rules.live import services
from rules.play.actors import Actor
from rules.play.decks import deck_input
from tests.browser.axe import assert_accessible
from tests.browser.helpers import PHONE, fits_the_phone, log_in_as, new_page
from tests.live.servers import AsgiServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "invite-pass-4821"
UPDATE_MS = 10000


def test_a_friend_accepts_an_invitation_on_a_phone(browser, django_user_model, catalogue):
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    from cataclysm_site.asgi import application

    alice = django_user_model.objects.create_user("alice", password=PASSWORD)
    deck = deck_input(alice, {"deck": "starter-dr-veylan"}, get_catalogue())[0]
    table = services.open_table(actor=Actor(user=alice), deck=deck, listed=False, clock_minutes=5, increment=2)
    errors: list[str] = []
    # The static files from the app folders (as runserver serves them), the rest (pages, sockets) by the site's app.
    with AsgiServer(ASGIStaticFilesHandler(application)) as server:
        host = new_page(browser, errors=errors, console=True)
        guest = new_page(browser, PHONE, errors=errors, console=True)
        log_in_as(host, server.url, "alice", PASSWORD)
        host.goto(f"{server.url}{table.get_absolute_url()}")
        invite = host.locator("#live-invite").input_value()
        expect(host.locator("#live-conn")).to_have_text("live", timeout=UPDATE_MS)

        guest.goto(invite)
        expect(guest.locator("#live-players")).to_have_text("alice challenges you")
        expect(guest.locator("#live-challenge")).to_contain_text("alice plays Dr. Veylan (Dr. Veylan Starter) · 5+2")
        assert "you are watching" not in guest.inner_text("body")
        fits_the_phone(guest)
        assert_accessible(guest, "an invitation with its clock")
        guest.select_option("#id_deck", "starter-elder-maru")
        guest.click("#live-join")  # "Accept"
        expect(guest.locator("#goldfish")).to_be_visible()
        expect(host.locator("#goldfish")).to_be_visible(timeout=UPDATE_MS)
        for page in (host, guest):
            expect(page.locator("#live-players")).to_contain_text(re.compile(r"alice · Dr\. Veylan.*vs.*Guest · Elder Maru"))
            expect(page.locator("#live-clocks .live-clock.running svg.live-hourglass")).to_be_visible(timeout=UPDATE_MS)
            assert "computer" not in page.inner_text("#goldfish").lower()
            assert_accessible(page, "a timed live table with its clocks")
        fits_the_phone(guest)
    assert errors == []
