"""Play a friend in a real headless Chromium on a 390 px phone: one player opens a table, a second opens the invite
link and sits down, both make decisions by clicking and see each other's within moments (WebSockets), a third
watches with no hand shown, one reloads mid-game and resumes, they chat, one resigns and all three see the result,
then the replay.

The site is served by an ASGI server in a thread of the test process (tests/live/servers.py). Set SCREENSHOT_DIR to
keep screenshots."""
from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.core.management import call_command
from playwright.sync_api import expect

from cards.catalogue import clear_cache
from cataclysm_site.asgi import application
from rules.models import Table
from tests.browser.helpers import PHONE, fits_the_phone
from tests.browser.test_goldfish_browser import shot
from tests.live.servers import AsgiServer

UPDATE_MS = 10000  # generous for a loaded 2-core machine; updates normally arrive within a few tens of ms


def board_version(page) -> int:
    return int(page.locator("#goldfish").get_attribute("data-version") or -1)


def wait_version(page, version: int) -> None:
    expect(page.locator("#goldfish")).to_have_attribute("data-version", str(version), timeout=UPDATE_MS)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_two_players_and_a_spectator_play_live_on_phones(browser):
    call_command("load_catalogue", verbosity=0)
    call_command("load_starter_decks", verbosity=0)
    clear_cache()
    cache.clear()
    errors: list[str] = []
    pages = []
    with AsgiServer(application) as server:
        for _ in range(3):
            context = browser.new_context(viewport=PHONE)
            page = context.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
            pages.append(page)
        host, guest, watcher = pages
        base = server.url

        # The host opens a listed table from the deck page's link.
        host.goto(f"{base}/decks/starter-dr-veylan/")
        host.click("#deck-play-friend")
        host.wait_for_url(re.compile(r"/play/\?deck="))
        fits_the_phone(host)
        host.select_option("#id_deck", "starter-dr-veylan")
        host.check("input[name=seat][value=first]")
        host.click("#live-open")
        host.wait_for_url(re.compile(r"/play/[\w-]+/$"))
        invite = host.locator("#live-invite").input_value()
        assert "?invite=" in invite
        expect(host.locator("#live-conn")).to_have_text("live", timeout=UPDATE_MS)

        # The friend opens the invite link, picks a deck and sits down; the host's page turns into the board.
        guest.goto(invite)
        guest.select_option("#id_deck", "starter-elder-maru")
        guest.click("#live-join")
        expect(guest.locator("#goldfish")).to_be_visible()
        expect(host.locator("#goldfish")).to_be_visible(timeout=UPDATE_MS)
        table = Table.objects.get()
        watcher.goto(f"{base}/play/{table.pk}/")
        expect(watcher.locator("#gf-status")).not_to_have_text("Loading…")
        assert watcher.locator("#gf-hand").is_hidden()
        assert "computer" not in watcher.locator("#gf-pyramid").inner_text().lower()
        assert "computer" not in host.locator("#gf-pyramid").inner_text().lower()
        expect(watcher.locator("#gf-actions")).to_contain_text("only the two players at this table can act")

        # Decisions by clicking, whoever must decide; the other two pages follow over their sockets.
        for step in range(8):
            version = Table.objects.get().version
            for page in pages:
                wait_version(page, version)
            deciding = next(p for p in (host, guest) if p.locator("#gf-actions .gf-act").count())
            assert watcher.locator("#gf-actions .gf-act").count() == 0
            buttons = deciding.locator("#gf-actions .gf-act")
            kinds = [buttons.nth(i).get_attribute("data-kind") for i in range(buttons.count())]
            choice = next((i for i, k in enumerate(kinds) if k not in ("end_turn", "mulligan")), 0)
            buttons.nth(choice).click()
            for page in pages:
                wait_version(page, version + 1)
            if step == 3:  # the guest reloads mid-game and resumes where the game is
                guest.reload()
                wait_version(guest, version + 1)
                expect(guest.locator("#live-conn")).to_have_text("live", timeout=UPDATE_MS)
        assert len(Table.objects.get().actions) >= 8

        shot(guest, "live-player"), shot(watcher, "live-spectator")

        # The chat reaches the other player and the spectator.
        host.fill("#live-chat-text", "Good luck, **have fun**")
        host.press("#live-chat-text", "Enter")
        for page in (guest, watcher):
            expect(page.locator("#live-chat li").last).to_contain_text("have fun", timeout=UPDATE_MS)
        assert guest.locator("#live-chat li strong", has_text="have fun").count() == 1

        # The host resigns: everyone sees the result.
        host.once("dialog", lambda dialog: dialog.accept())
        host.click("#live-resign")
        for page in pages:
            expect(page.locator("#live-end")).to_be_visible(timeout=UPDATE_MS)
            expect(page.locator("#live-end-text")).to_contain_text("Player 2 wins by resignation")
            fits_the_phone(page)
        shot(guest, "live-over")
        assert Table.objects.get().end == "resigned"

        # The replay: every decision of both players, named as players.
        host.click("#live-replay")
        host.wait_for_url(re.compile(r"/replay/$"))
        expect(host.locator("#rp-step")).to_contain_text("Step 0")
        host.click("#rp-next")
        expect(host.locator("#rp-what")).to_have_text(re.compile(r"^Player [12]: "))
        expect(host.locator("#vs-opp-title")).to_have_text("Player 2's board")
        fits_the_phone(host)
    assert errors == []
