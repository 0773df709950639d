"""Play a friend in a real headless Chromium on a 390 px phone: one player opens a table, a second opens the invite
link and sits down, both make decisions by clicking and see each other's within moments (WebSockets), a third
watches with no hand shown, they chat; a bot plays both seats over the API to a few decisions before the end, the
two phones click the last ones (one reloading on the way) and all three see the end screen, then the replay.

The site is served by an ASGI server in a thread of the test process (tests/live/servers.py). Set SCREENSHOT_DIR to
keep screenshots."""
from __future__ import annotations

import random
import re

import pytest
from django.core.cache import cache
from django.core.management import call_command
from playwright.sync_api import expect

from cards.catalogue import clear_cache
from cataclysm_site.asgi import application
from rules.live import states
from rules.models import Table
from tests.browser.axe import assert_accessible
from tests.browser.helpers import PHONE, fits_the_phone
from tests.browser.test_goldfish_browser import shot
from tests.live.servers import AsgiServer

UPDATE_MS = 10000  # generous for a loaded 2-core machine; updates normally arrive within a few tens of ms
CLICKED = 4  # the last decisions of the game, clicked on the phones (the rest is played over the API)


def game_to_the_end(table: Table, seed: int = 7, most: int = 1000) -> list[tuple[int, str]]:
    """A whole game from the table's position, (seat, action id) per decision: a seeded random player (it rarely
    ends its turn early, so the Cataclysm comes sooner) until the game is over. About one such game in three runs
    past 2,000 decisions (3,000 to 3,800), each one posted and drawn on three phones: a CI run on PostgreSQL spent
    half an hour on one. The table's seed is random, so the player's seed moves on until its game ends within
    `most` decisions (seven games in ten do at once)."""
    for tried in range(seed, seed + 50):
        state = states.state_of(table).clone()
        rng = random.Random(tried)
        plan = []
        while not state.is_over and len(plan) <= most:
            actions = state.legal_actions()
            playing = [a for a in actions if a.kind not in ("end_turn", "mulligan")]
            action = rng.choice(playing if playing and rng.random() < 0.7 else actions)
            plan.append((state.current_player, action.id))
            state.apply(action)
        if state.is_over:
            assert len(plan) > CLICKED
            return plan
    raise AssertionError(f"no game from this table ended within {most} decisions")


def board_version(page) -> int:
    return int(page.locator("#goldfish").get_attribute("data-version") or -1)


def wait_version(page, version: int) -> None:
    expect(page.locator("#goldfish")).to_have_attribute("data-version", str(version), timeout=UPDATE_MS)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_two_players_and_a_spectator_play_live_on_phones(browser, settings):
    # The bot below plays a whole game's decisions (often more than 300) over HTTP within seconds, from one address:
    # more than the API's per-client limit lets through, which is not what this test is about (tests/decks and
    # tests/live check the limits). The rates are read at request time (cataclysm_site/throttling.py).
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {**rates, "anon": "100000/min", "user": "100000/min"}}
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
        assert_accessible(host, "play a friend: the start page")
        host.select_option("#id_deck", "starter-dr-veylan")
        host.check("input[name=seat][value=first]")
        host.click("#live-open")
        host.wait_for_url(re.compile(r"/play/[\w-]+/$"))
        invite = host.locator("#live-invite").input_value()
        assert "?invite=" in invite
        expect(host.locator("#live-conn")).to_have_text("live", timeout=UPDATE_MS)
        assert_accessible(host, "an open table waiting for a friend")

        # The friend opens the invite link, picks a deck and sits down; the host's page turns into the board.
        guest.goto(invite)
        assert_accessible(guest, "an invitation")
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
        assert_accessible(host, "a live table, a player's board")
        assert_accessible(watcher, "a live table, a spectator's board")

        # The chat reaches the other player and the spectator.
        host.fill("#live-chat-text", "Good luck, **have fun**")
        host.press("#live-chat-text", "Enter")
        for page in (guest, watcher):
            expect(page.locator("#live-chat li").last).to_contain_text("have fun", timeout=UPDATE_MS)
        assert guest.locator("#live-chat li strong", has_text="have fun").count() == 1
        assert_accessible(guest, "a live table with the chat")

        # A fast bot plays both seats over the HTTP API (each with its browser's own session) up to a few decisions
        # before the Cataclysm; the pages follow over their sockets. The plan is a game played out in advance from
        # the table's own seed, so the last decisions are known and are clicked on the phones.
        plan = game_to_the_end(table)
        version = Table.objects.get().version
        for seat, action in plan[:-CLICKED]:
            answer = (host, guest)[seat].request.post(f"{base}/api/tables/{table.pk}/actions/",
                                                      data={"action": action, "version": version})
            assert answer.status == 200, answer.text()
            version += 1
            for page in pages:  # each page follows every decision
                wait_version(page, version)
        # What happened, arriving over the socket, was spoken in each page's live region: the spectator's page never
        # acts, so words there came over the socket. (Not always a "Player N" line: the last decision may end on a
        # trigger, "Hearth Singer: Ward 1 → Moss Healer goes on the stack.", which is what the log says too.)
        for page in pages:
            expect(page.locator("#gf-announce[aria-live=polite] p").last).to_have_text(re.compile(r"\w+.*[.!?…]$"))
        for step, (seat, action) in enumerate(plan[-CLICKED:]):
            for page in pages:
                wait_version(page, version)
            assert watcher.locator("#gf-actions .gf-act").count() == 0
            (host, guest)[seat].locator(f'#gf-actions .gf-act[data-action="{action}"]').first.click()
            version += 1
            for page in pages:
                wait_version(page, version)
            if step == 1:  # the guest reloads near the end and resumes where the game is
                guest.reload()
                wait_version(guest, version)
        row = Table.objects.get()
        assert (row.status, row.end, len(row.actions)) == ("finished", "cataclysm", len(plan))
        ending = ("The Cataclysm has come: a draw" if row.winner is None
                  else f"Player {row.winner + 1} wins after the Cataclysm")

        # The end screen on all three phones: the result, the Legacy breakdown, the replay link and the rematch.
        for page in pages:
            expect(page.locator("#live-end")).to_be_visible(timeout=UPDATE_MS)
            expect(page.locator("#live-end-text")).to_contain_text(ending)
            expect(page.locator("#live-end-text")).to_contain_text(f"Legacy {row.legacy[0]}–{row.legacy[1]}")
            expect(page.locator("#gf-breakdown")).to_be_visible()
            expect(page.locator("#live-replay")).to_have_attribute("href", f"/play/{row.pk}/replay/")
            fits_the_phone(page)
        for page in (host, guest):
            expect(page.locator("#live-rematch")).to_have_text("Rematch (seats swapped)")
        assert watcher.locator("#live-rematch").count() == 0
        assert_accessible(guest, "a finished live table's end screen")
        shot(guest, "live-over")

        # The replay: every decision of both players, named as players.
        host.click("#live-replay")
        host.wait_for_url(re.compile(r"/replay/$"))
        expect(host.locator("#rp-step")).to_contain_text("Step 0")
        host.click("#rp-next")  # at once, as an impatient player would: the step is taken once the replay has loaded
        expect(host.locator("#rp-what")).to_have_text(re.compile(r"^Player [12]: "))
        expect(host.locator("#vs-opp-title")).to_have_text("Player 2's board · Guest · Elder Maru")
        fits_the_phone(host)
    assert errors == []
