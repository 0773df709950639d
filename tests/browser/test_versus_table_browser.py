"""A versus table of three or four in a real headless Chromium (issue 34): start two against two from the start page
on a laptop and see the Pyramid in the middle with the three other boards around it, each named in words; play by
clicking; then a game of three on a phone: your board and the Pyramid, the others one tap away, no sideways scroll;
the accessibility check on both, the replay of a finished table stepped to its end, and "Play again" from it
seating the same computers at their levels on a new seed.

Set SCREENSHOT_DIR to keep screenshots.
"""
import re

import pytest
from django.core.cache import cache
from django.core.management import call_command
from playwright.sync_api import expect

from cards.catalogue import clear_cache
from rules.models import VersusGame
from tests.browser.axe import assert_accessible
from tests.browser.test_goldfish_browser import LAPTOP, PHONE, decide, shot


def no_sideways_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def box(page, selector):
    return page.locator(selector).bounding_box()


def labels_clear_of_their_dots(page):
    """Every seat's label on the Pyramid's figure lies clear of its dot (a side corner's label beside it)."""
    return page.evaluate("""() => {
      const dots = [...document.querySelectorAll('#gf-pyramid-figure circle.gf-seat')].map(e => e.getBoundingClientRect());
      const labels = [...document.querySelectorAll('#gf-pyramid-figure .gf-seat-label')].map(e => e.getBoundingClientRect());
      return dots.length === 4 && dots.every((d, i) => { const t = labels[i];
        return t.right <= d.left || t.left >= d.right || t.bottom <= d.top || t.top >= d.bottom; });
    }""")


def start_from_the_page(page, base, *, more, teams=False):
    """Start a game from the versus page: Elder Maru (easy) and `more` [(deck, level)] as the other computers."""
    page.goto(f"{base}/versus/")
    page.select_option("#id_deck", "starter-dr-veylan")
    page.select_option("#id_opponent", "starter-elder-maru")
    page.check("input[name=difficulty][value=easy]")
    for n, (deck, level) in enumerate(more, start=2):
        page.select_option(f"#id_opponent_{n}", deck)
        page.select_option(f"#id_difficulty_{n}", level)
    if teams:
        page.check("#id_teams")
    page.fill("#id_seed", "77")
    page.click("#vs-start")
    page.wait_for_url(re.compile(r"/versus/[\w-]+/$"))
    expect(page.locator("#goldfish")).to_have_attribute("data-version", re.compile(r"\d+"))
    expect(page.locator("#gf-actions .gf-act").first).to_be_visible()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_table_of_four_on_a_laptop_and_of_three_on_a_phone(page, live_server):
    call_command("load_catalogue", verbosity=0)
    call_command("load_starter_decks", verbosity=0)
    clear_cache()
    cache.clear()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    base = live_server.url

    # Two against two on a laptop: the Pyramid in the middle, the one across above it, the neighbours beside it.
    page.set_viewport_size(LAPTOP)
    start_from_the_page(page, base, more=[("starter-talah", "hard"), ("starter-lethan", "normal")], teams=True)
    game = VersusGame.objects.get()
    assert game.seating == "two-against-two" and [c["difficulty"] for c in game.computers] == ["easy", "hard",
                                                                                                 "normal"]
    expect(page.locator(".vs-seat")).to_have_count(3)
    expect(page.locator("#vs-seat-1-title")).to_contain_text("Computer 1 (easy) · Elder Maru")
    expect(page.locator("#vs-seat-2-title")).to_contain_text("Computer 2 (hard) · Talah")
    expect(page.locator("#vs-seat-2-title")).to_contain_text("your partner")
    expect(page.locator("#vs-seat-3-title")).to_contain_text("Team B")
    expect(page.locator("#gf-board-title")).to_contain_text("Team A")
    pyramid, left, top, right = (box(page, s) for s in ("#gf-pyramid", "#vs-seat-1", "#vs-seat-2", "#vs-seat-3"))
    mine = box(page, ".vs-mine")
    assert top["y"] + top["height"] <= pyramid["y"] <= mine["y"]         # across above, yours below
    assert left["x"] + left["width"] <= pyramid["x"] < pyramid["x"] + pyramid["width"] <= right["x"]  # beside
    for seat in (1, 2, 3):  # the others' hands are face-down cards only, as many as they hold
        expect(page.locator(f"#vs-seat-{seat} .vs-card-back")).not_to_have_count(0)
        expect(page.locator(f"#vs-seat-{seat} .gf-hand")).to_have_count(0)
    expect(page.locator("#gf-hand .gf-card")).not_to_have_count(0)
    labels = page.locator("#gf-pyramid-figure .gf-seat-label")
    expect(labels).to_have_text(["You S1", "C1 S2", "C2 S3", "C3 S4"])
    ys = [labels.nth(i).bounding_box()["y"] for i in range(4)]
    assert ys[0] == max(ys) and ys[2] == min(ys)  # the Pyramid turned: your seat at the bottom, your partner's on top
    assert labels_clear_of_their_dots(page)
    for _ in range(4):  # real decisions by clicking; the computers answer until it is mine again
        decide(page)
    assert VersusGame.objects.get().version >= 4
    # Several computers move between two of my decisions: the log and "just now" say whose each move was.
    whose = [t.strip() for t in page.locator("#gf-log .gf-log-cpu strong").all_inner_texts()]
    assert whose and set(whose) <= {"Computer 1 (easy):", "Computer 2 (hard):", "Computer 3 (normal):"}
    last = page.locator("#vs-last")
    if last.is_visible():
        expect(last).to_contain_text(re.compile(r"The computers just: .*Computer \d: "))
    shot(page, "versus-table-laptop")
    assert_accessible(page, "a versus table of four on a laptop")

    # A table of three on a phone: your board and the Pyramid; each other board one tap away, named in words.
    page.set_viewport_size(PHONE)
    start_from_the_page(page, base, more=[("starter-talah", "hard")])
    expect(page.locator("#gf-board-body .gf-hero-slot")).to_be_visible()
    expect(page.locator("#gf-pyramid-figure svg")).to_be_visible()
    expect(page.locator(".vs-seat")).to_have_count(2)
    for seat in (1, 2):
        expect(page.locator(f"#vs-seat-{seat}")).to_be_hidden()
    assert labels_clear_of_their_dots(page)
    switch = page.get_by_role("button", name="Computer 2 (hard) · Talah")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#vs-seat-2")).to_be_visible()
    expect(page.locator("#vs-seat-1")).to_be_hidden()
    page.get_by_role("button", name="Computer 1 (easy) · Elder Maru").click()
    expect(page.locator("#vs-seat-1")).to_be_visible()
    expect(page.locator("#vs-seat-2")).to_be_hidden()
    for _ in range(3):
        decide(page)
    assert no_sideways_scroll(page)
    shot(page, "versus-table-phone")
    assert_accessible(page, "a versus table of three on a phone")

    # A bot plays the table of three to the Cataclysm; the result names the winner; the replay steps to its end.
    page.set_viewport_size(LAPTOP)
    page.click("#gf-bot-end")
    expect(page.locator("#goldfish")).to_have_attribute("data-status", "finished", timeout=120_000)
    expect(page.locator("#vs-verdict")).to_contain_text(re.compile(r"You win|wins|draw"))
    expect(page.locator("#vs-verdict")).to_contain_text("Computer 2 (hard)")
    three = VersusGame.objects.get(seating="three-players")
    expect(page.locator("#vs-again")).to_have_attribute("href", f"/versus/?again={three.pk}")
    page.click("#gf-replay-link")
    replay = page.locator("#goldfish-replay")
    expect(replay).to_have_attribute("data-step", "0")
    expect(page.locator(".vs-seat")).to_have_count(2)
    page.click("#rp-last")
    steps = len(VersusGame.objects.get(seating="three-players").actions)
    expect(replay).to_have_attribute("data-step", str(steps))
    expect(page.locator("#gf-result")).to_be_visible()
    page.set_viewport_size(PHONE)  # the result's table on a phone: every word whole, on one line
    assert page.evaluate("""() => [...document.querySelectorAll('#gf-breakdown th, #gf-breakdown td')]
      .filter(cell => cell.offsetParent).every(cell => [...cell.querySelectorAll('*'), cell].every(node =>
        [...node.childNodes].filter(t => t.nodeType === 3).every(t => {
          const words = /\\S+/g; let m;
          while ((m = words.exec(t.textContent))) {
            const range = document.createRange();
            range.setStart(t, m.index); range.setEnd(t, m.index + m[0].length);
            if (new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1) return false;
          }
          return true; })))""")
    assert no_sideways_scroll(page)
    page.set_viewport_size(LAPTOP)

    # "Play again" from the replay: the start page with the same computers, each at its level, and a new seed.
    page.click("#vs-again")
    page.wait_for_url(re.compile(r"/versus/\?again="))
    expect(page.locator("#id_opponent")).to_have_value("starter-elder-maru")
    expect(page.locator("input[name=difficulty][value=easy]")).to_be_checked()
    expect(page.locator("#id_opponent_2")).to_have_value("starter-talah")
    expect(page.locator("#id_difficulty_2")).to_have_value("hard")
    expect(page.locator("#id_opponent_3")).to_have_value("")
    expect(page.locator("#id_seed")).to_have_value("")
    page.click("#vs-start")
    page.wait_for_url(re.compile(r"/versus/[\w-]+/$"))
    again = VersusGame.objects.exclude(pk__in=[three.pk, game.pk]).get()
    assert again.seating == "three-players" and again.seed != three.seed
    assert [(c["deck"], c["difficulty"]) for c in again.computers] == [(c["deck"], c["difficulty"])
                                                                       for c in three.computers]
    expect(page.locator("#vs-seat-2-title")).to_contain_text("Computer 2 (hard) · Talah")
    assert errors == []
