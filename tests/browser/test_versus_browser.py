"""Playing against the computer in a real headless Chromium: start from the versus page, make real decisions by
clicking, see the computer's moves with their reasons in the log (its hand only as face-down cards), reload mid-game,
let a bot play to the Cataclysm, read the result, step through the replay, see the deck's record — and the board
on a phone-sized screen without sideways scrolling.

Set SCREENSHOT_DIR to keep screenshots.
"""
import re

import pytest
from playwright.sync_api import expect

from rules.models import VersusGame
from tests.browser.axe import assert_accessible
from tests.browser.helpers import LAPTOP, PHONE, errors_on, start_versus
from tests.browser.test_goldfish_browser import decide, inside, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def no_sideways_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_versus_against_the_computer_by_clicking_reload_bot_to_the_end_and_replay(page, live_server, catalogue):
    errors = errors_on(page, csp=True)
    page.set_viewport_size(LAPTOP)
    base = live_server.url

    page.set_viewport_size(PHONE)  # the start page fits a phone too
    page.goto(f"{base}/versus/")
    assert no_sideways_scroll(page)
    page.set_viewport_size(LAPTOP)

    # The navigation leads to the start page: my deck, the computer's deck, difficulty, seat, seating, seed.
    page.goto(f"{base}/")
    page.get_by_role("link", name="Versus", exact=True).click()  # the header's link (the home page has a card too)
    page.wait_for_url(re.compile(r"/versus/$"))
    start_versus(page, base, "starter-dr-veylan", "starter-elder-maru", 2024, difficulty="normal", seating="diagonal")
    board = page.locator("#goldfish")
    expect(board).to_have_attribute("data-version", re.compile(r"\d+"))
    game = VersusGame.objects.get()
    assert (game.difficulty, game.seat, game.seating, game.seed) == ("normal", 0, "diagonal", 2024)
    expect(page.locator(".gf-title .eyebrow")).not_to_contain_text("seed")  # shown once the game is over

    # The computer's hand is a row of face-down cards, as many as it holds; mine is face up.
    expect(page.locator("#vs-opp-body .vs-card-back")).to_have_count(7)
    expect(page.locator("#vs-opp-hand-count")).to_have_text("7")
    expect(page.locator("#gf-hand .gf-card")).not_to_have_count(0)

    # While a decision is with the server, the page says the computer is thinking.
    held = []
    page.route("**/actions/", lambda route: held.append(route))
    page.locator("#gf-actions .gf-act").first.click()
    expect(page.locator("#vs-thinking")).to_be_visible()
    held[0].continue_()
    page.unroute("**/actions/")
    expect(page.locator("#vs-thinking")).to_be_hidden()

    # Real decisions by clicking, until the computer has played a card: said above the decision in players'
    # words (never the engine's jargon) and marked on the board.
    clicks = 0
    while not page.locator("#vs-last").is_visible() and clicks < 40:
        decide(page)
        clicks += 1
    assert clicks < 40, "the computer never played"
    expect(page.locator("#vs-last")).to_contain_text("The computer just:")
    expect(page.locator("#vs-opp-body .gf-card.cpu-last").first).to_be_visible()
    first_cpu = page.locator("#gf-log .gf-log-cpu").first
    expect(first_cpu).to_contain_text("Computer:")
    expect(first_cpu.locator(".vs-reason")).not_to_be_empty()
    for reason in page.locator("#gf-log .vs-reason").all_inner_texts() + [page.inner_text("#vs-last")]:
        assert not re.search(r"[A-Z]{4,}:|sampled futures|\(a guess\)|the most Legacy now\)", reason), reason
    assert_accessible(page, "versus board after the computer played")
    shot(page, "versus-laptop")

    # Play on by clicking into the second round, then reload: the same game, straight from the database.
    while not re.search(r"Round [2-9]", page.text_content("#gf-status") or "") and clicks < 80:
        decide(page)
        clicks += 1
    assert clicks < 80, "the first round never ended"
    cpu_rows = page.locator("#gf-log .gf-log-cpu").count()
    digest, saved = board.get_attribute("data-digest"), board.get_attribute("data-version")
    page.reload()
    expect(board).to_have_attribute("data-version", saved)
    assert board.get_attribute("data-digest") == digest
    expect(page.locator("#gf-log .gf-log-cpu")).to_have_count(cpu_rows)
    assert not VersusGame.objects.get().bot_assisted

    # A phone: nothing wider than the screen.
    page.set_viewport_size(PHONE)
    expect(page.locator("#gf-prompt")).to_be_visible()
    assert no_sideways_scroll(page)
    for selector in ("#gf-prompt", "#vs-opp", ".gf-handbox", "#gf-hand .gf-card", ".gf-tools button"):
        assert inside(page, selector, PHONE["width"]), selector
    assert_accessible(page, "versus board on a phone")
    shot(page, "versus-phone")
    page.set_viewport_size(LAPTOP)

    # A bot plays for me to the Cataclysm (the computer answers as always); the result says who won.
    page.locator("#gf-bot-end").click()
    expect(page.locator("#vs-verdict")).to_be_visible(timeout=60_000)
    finished = VersusGame.objects.get()
    assert finished.status == "finished" and finished.bot_assisted
    verdict = {"win": "You win", "loss": "The computer wins", "draw": "A draw"}[finished.outcome]
    expect(page.locator("#vs-verdict")).to_contain_text(verdict)
    expect(page.locator("#vs-verdict")).to_contain_text(f"your Legacy {finished.legacy}, the computer's "
                                                        f"{finished.opponent_legacy}")
    # How the Cataclysm came is named (RULINGS 16): "by the full circle" when it did.
    expect(page.locator("#gf-ending")).to_have_attribute("data-ending", finished.ending)
    expect(page.locator("#gf-ending")).to_contain_text("The Cataclysm has passed" + (
        " by the full circle" if finished.ending == "full_circle" else ": all four edges locked"))
    assert_accessible(page, "versus result")
    shot(page, "versus-result")

    # The replay steps through both seats' decisions, with the computer's reasons.
    page.get_by_role("link", name="Replay this game").first.click()
    replay = page.locator("#goldfish-replay")
    expect(replay).to_have_attribute("data-step", "0")
    cpu_step = finished.cpu_moves[0]["step"]
    page.evaluate(f"location.hash = 'step={cpu_step}'")
    page.reload()
    expect(replay).to_have_attribute("data-step", str(cpu_step))
    expect(page.locator("#rp-what")).to_contain_text("Computer: ")
    expect(page.locator("#rp-what")).to_contain_text(finished.cpu_moves[0]["reason"])
    page.keyboard.press("End")
    expect(replay).to_have_attribute("data-step", str(len(finished.actions)))
    expect(page.locator("#gf-result")).to_be_visible()

    # The deck page keeps its record against each difficulty: a game the bot finished counted apart.
    page.goto(f"{base}/decks/starter-dr-veylan/")
    row = page.locator("#versus-record tr[data-difficulty=normal]")
    assert finished.bot_assisted
    full_circle = "1" if finished.ending == "full_circle" else "0"
    expect(row.locator("td")).to_have_text(["0", "0", "0", "1", "1", full_circle])
    assert_accessible(page, "deck page with its versus record")
    assert errors == []
