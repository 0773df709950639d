"""Goldfish in a real headless Chromium: start from a starter deck, play by clicking, reload, let the bot reach the
Cataclysm, read the Legacy breakdown, and step through the replay — on a laptop screen and a phone-sized one.

Set SCREENSHOT_DIR to keep screenshots of the board, the phone layout, the result and the replay.
"""
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from rules.models import GoldfishGame
from tests.browser.axe import assert_accessible
from tests.browser.helpers import LAPTOP, PHONE, errors_on, start_goldfish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Which decision to click when several are offered: the ones that move a turn along, in this order of preference.
PREFERENCE = ("first_player", "keep", "play_energy", "tap", "summon", "play", "target", "assign", "pass",
              "store_charge", "burn", "absorb", "deflect", "assign_damage", "end_turn")


def shot(page, name):
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"goldfish-{name}.png"), full_page=True)


def version(page):
    return page.get_attribute("#goldfish", "data-version")


def click_and_wait(page, locator):
    """Click something that makes a decision and wait until the page shows the saved result."""
    before = version(page)
    locator.click()
    expect(page.locator("#goldfish")).not_to_have_attribute("data-version", before)
    expect(page.locator("#gf-flash")).to_be_hidden()


def decide(page):
    """Click the preferred legal action the page offers now; return its kind."""
    buttons = page.locator("#gf-actions .gf-act")
    expect(buttons.first).to_be_visible()
    kinds = [buttons.nth(i).get_attribute("data-kind") for i in range(buttons.count())]
    kind = min(kinds, key=lambda k: PREFERENCE.index(k) if k in PREFERENCE else len(PREFERENCE))
    click_and_wait(page, buttons.nth(kinds.index(kind)))
    return kind


def inside(page, selector, width):
    """Every element matching the selector lies within the viewport's width (no sideways scrolling)."""
    boxes = [page.locator(selector).nth(i).bounding_box() for i in range(page.locator(selector).count())]
    return all(box["x"] >= -1 and box["x"] + box["width"] <= width + 1 for box in boxes if box)


def test_goldfish_a_starter_deck_by_clicking_then_bot_replay_and_reload(page, live_server, catalogue):
    csp_errors = errors_on(page, csp=True)
    page.set_viewport_size(LAPTOP)
    base = live_server.url

    # Start from the start page: a starter deck, diagonal seating, a known seed.
    start_goldfish(page, base, "starter-dr-veylan", 2024, seating="diagonal")
    game_url = page.url
    expect(page.locator("#gf-prompt-text")).to_contain_text("Choose who goes first")
    expect(page.locator("#gf-pyramid-figure svg .gf-edge")).to_have_count(4)
    expect(page.locator("#gf-edges li.dead")).to_have_count(0)  # diagonal seating: no dead edge

    # Real decisions by clicking: who goes first, then a card from the hand through its own panel.
    click_and_wait(page, page.get_by_role("button", name="Player 1 goes first"))
    while page.get_attribute("#gf-prompt", "data-kind") != "action":
        decide(page)
    energy_in_hand = page.locator("#gf-hand .gf-card.type-energy.has-actions").first
    energy_in_hand.click()
    detail = page.locator("#gf-detail")
    expect(detail).to_be_visible()
    expect(detail.locator(".gf-act[data-kind=play_energy]")).to_have_count(1)
    click_and_wait(page, detail.locator(".gf-act[data-kind=play_energy]"))
    chip = page.locator("#gf-board-body .gf-card.chip.has-actions").first
    chip.click()
    click_and_wait(page, page.locator("#gf-detail .gf-act[data-kind=tap]"))
    expect(page.locator("#gf-pool")).not_to_contain_text("empty")
    assert_accessible(page, "goldfish board, a card's panel open")
    shot(page, "laptop-turn-1")

    # Play on by clicking until the second round's Action Phase (end turn, Arc Burn, the Pyramid turn...).
    clicks = 0
    while not re.search(r"Round [2-9]", page.text_content("#gf-status") or "") and clicks < 40:
        decide(page)
        clicks += 1
    assert clicks < 40, "the first round never ended"
    mid = GoldfishGame.objects.get()
    assert mid.version >= 5 and not mid.bot_assisted

    # Undo takes back one decision, and the page follows.
    moves_before = len(mid.actions)
    click_and_wait(page, page.locator("#gf-undo"))
    assert len(GoldfishGame.objects.get().actions) == moves_before - 1

    # Reload mid-game: the same state, straight from the database.
    digest, saved_version = page.get_attribute("#goldfish", "data-digest"), version(page)
    page.reload()
    expect(page.locator("#goldfish")).to_have_attribute("data-version", saved_version)
    assert page.get_attribute("#goldfish", "data-digest") == digest

    # A phone-sized window: one column, nothing wider than the screen, a card's actions in a sheet at hand.
    page.set_viewport_size(PHONE)
    expect(page.locator("#gf-prompt")).to_be_visible()
    for selector in ("#gf-prompt", "#gf-pyramid", ".gf-board", ".gf-handbox", "#gf-hand .gf-card", ".gf-tools button"):
        assert inside(page, selector, PHONE["width"]), selector
    page.locator("#gf-hand .gf-card").first.click()
    expect(page.locator("#gf-detail")).to_be_in_viewport()
    assert_accessible(page, "goldfish board on a phone, a card's panel open")
    shot(page, "phone")
    page.locator("#gf-detail-close").click()
    expect(page.locator("#gf-detail")).to_be_hidden()
    page.set_viewport_size(LAPTOP)

    # The bot plays on to the Cataclysm; the Legacy is broken down card by card.
    page.select_option("#gf-bot-name", "greedy")
    page.locator("#gf-bot-end").click()
    breakdown = page.locator("#gf-breakdown")
    expect(breakdown).to_be_visible(timeout=30_000)
    finished = GoldfishGame.objects.get()
    assert finished.status == "finished" and finished.bot_assisted
    values = [int(v) for v in breakdown.locator("tbody td.num").all_text_contents()]
    assert values and sum(values) == finished.legacy
    expect(page.locator("#gf-legacy-total")).to_have_text(str(finished.legacy))
    reasons = breakdown.locator("tbody td:nth-child(3)").all_text_contents()
    assert len(reasons) == len(values) and all(re.search(r"(Hero|Person|Artifact|Enchantment|Scene|Battery)", r)
                                               for r in reasons)
    expect(page.locator("#gf-undo")).to_be_disabled()
    final_digest = page.get_attribute("#goldfish", "data-digest")
    assert_accessible(page, "goldfish result")
    shot(page, "result")

    # The replay: step forwards and backwards, and the last step is the final board.
    page.get_by_role("link", name="Replay this game").click()
    replay = page.locator("#goldfish-replay")
    expect(replay).to_have_attribute("data-step", "0")
    page.click("#rp-next")
    expect(replay).to_have_attribute("data-step", "1")
    expect(page.locator("#rp-what")).to_have_text("You: Player 1 goes first")
    step_one = replay.get_attribute("data-digest")
    page.click("#rp-next")
    expect(replay).to_have_attribute("data-step", "2")
    assert replay.get_attribute("data-digest") != step_one
    page.click("#rp-prev")
    expect(replay).to_have_attribute("data-step", "1")
    assert replay.get_attribute("data-digest") == step_one
    page.keyboard.press("End")
    expect(replay).to_have_attribute("data-step", str(len(finished.actions)))
    assert replay.get_attribute("data-digest") == final_digest
    expect(page.locator("#gf-result")).to_be_visible()
    expect(page.locator("#gf-ending")).to_have_attribute("data-ending", finished.ending)
    shot(page, "replay")

    # Next pressed twice while the replay is still loading (its index held back here) is not lost.
    held = []
    index = re.compile(r"/api/goldfish/[^/]+/replay/$")
    page.route(index, lambda route: held.append(route))
    page.goto(page.url.split("#")[0])
    page.click("#rp-next")
    page.click("#rp-next")
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    held[0].continue_()
    page.unroute(index)
    expect(replay).to_have_attribute("data-step", "2")
    assert replay.get_attribute("data-digest") != step_one

    # The game has a URL anyone can open; the deck's high scores list it.
    page.goto(f"{base}/goldfish/deck/starter-dr-veylan/")
    expect(page.locator(".gf-scores tbody tr")).to_have_count(1)
    assert_accessible(page, "a deck's goldfish high scores")
    expect(page.locator(".gf-scores")).to_contain_text(str(finished.legacy))
    assert game_url.endswith(finished.get_absolute_url())
    assert csp_errors == []


def test_one_click_taps_exactly_the_printed_cost_and_plays_the_card(page, live_server, catalogue):
    """A card the pool cannot pay yet: one button taps the Energy cards its printed cost names, then pays it."""
    errors = errors_on(page)
    page.set_viewport_size(LAPTOP)
    start_goldfish(page, live_server.url, "starter-elder-maru", 3)
    while page.get_attribute("#gf-prompt", "data-kind") != "action":
        decide(page)
    while page.locator("#gf-actions .gf-act[data-kind=play_energy]").count():
        click_and_wait(page, page.locator("#gf-actions .gf-act[data-kind=play_energy]").first)
    untapped = page.locator("#gf-board-body .gf-card.type-energy:not(.tapped)").count()
    page.locator("#gf-hand .gf-card", has_text="Grove Warden").click()
    quick = page.locator("#gf-detail .gf-quick-play")
    expect(quick).to_have_text(re.compile(r"^Tap .+ and play Grove Warden$"))
    cost = sum(int(n) for n in re.findall(r"(\d+) [A-Z]{2}", quick.inner_text()))
    quick.click()
    expect(page.locator("#gf-board-body .gf-card", has_text="Grove Warden")).to_have_count(1)
    expect(page.locator("#gf-hand .gf-card", has_text="Grove Warden")).to_have_count(0)
    assert page.locator("#gf-board-body .gf-card.type-energy:not(.tapped)").count() == untapped - cost
    game = GoldfishGame.objects.get()
    assert [a.split(".")[0] for a in game.actions[-(cost + 1):]] == ["tap"] * cost + ["summon"]
    assert not errors, errors
