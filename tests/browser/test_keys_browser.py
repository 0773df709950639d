"""Keyboard play (static/js/keys.js, issue 33) in a real headless Chromium: a goldfish game played over a few turns
with the keyboard alone (number keys for the offered decisions, Tab and Enter to open a card in the hand and play it,
E to end the turn, P to pass priority), and a versus game's turn ended and priority passed by key. Starting a game
(the start page) is done by clicking; every decision after that is a key press."""
import re

import pytest
from playwright.sync_api import expect

from rules.models import GoldfishGame, VersusGame
from tests.browser.helpers import LAPTOP, errors_on, start_goldfish, start_versus
from tests.browser.test_goldfish_browser import PREFERENCE, version

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEY_OF = {"pass": "p", "end_turn": "e"}


def press_and_wait(page, key):
    """Press a key that makes a decision and wait until the page shows the saved result."""
    before = version(page)
    page.keyboard.press(key)
    expect(page.locator("#goldfish")).not_to_have_attribute("data-version", before)
    expect(page.locator("#gf-flash")).to_be_hidden()


def decide_by_key(page, avoid=()):
    """Take the preferred decision on offer by its key (P, E, or the number the button shows); return its kind."""
    buttons = page.locator("#gf-actions .gf-act")
    expect(buttons.first).to_be_visible()
    offered = {}
    for i in range(buttons.count()):
        button = buttons.nth(i)
        kind, number = button.get_attribute("data-kind"), button.get_attribute("data-key")
        if kind in KEY_OF or number:
            offered.setdefault(kind, KEY_OF.get(kind, number))
    choices = [k for k in offered if k not in avoid] or list(offered)
    kind = min(choices, key=lambda k: PREFERENCE.index(k) if k in PREFERENCE else len(PREFERENCE))
    press_and_wait(page, offered[kind])
    return kind


def round_of(page) -> int:
    found = re.search(r"Round (\d+)", page.text_content("#gf-status") or "")
    return int(found.group(1)) if found else 0


def test_a_goldfish_game_is_played_over_several_turns_by_keyboard_alone(page, live_server, catalogue):
    errors = errors_on(page, csp=True)
    page.set_viewport_size(LAPTOP)
    start_goldfish(page, live_server.url, "starter-dr-veylan", 2024)
    expect(page.locator("#goldfish")).to_have_attribute("data-version", re.compile(r"\d+"))

    # "?" shows the key list on the board; Esc hides it again.
    page.keyboard.press("?")
    expect(page.locator("#gf-keys")).to_have_attribute("open", "")
    expect(page.locator("#gf-keys")).to_contain_text("End the turn")
    page.keyboard.press("Escape")
    expect(page.locator("#gf-keys")).not_to_have_attribute("open", "")

    # The opening decisions by their number keys (each offered button shows its number).
    expect(page.locator("#gf-actions .gf-act").first).to_have_attribute("data-key", "1")
    while page.get_attribute("#gf-prompt", "data-kind") != "action":
        decide_by_key(page)

    # A card in the hand by Tab and Enter: H goes to the hand, Tab to its Energy card, Enter opens the card with the
    # focus on its play, Enter plays it.
    page.keyboard.press("h")
    for _ in range(12):
        focused = page.evaluate("[document.activeElement.className, document.activeElement.closest('#gf-hand') !== null]")
        if "type-energy" in focused[0] and "has-actions" in focused[0]:
            break
        assert focused[1], "the focus left the hand before an Energy card"
        page.keyboard.press("Tab")
    in_hand = page.locator("#gf-hand .gf-card").count()
    page.keyboard.press("Enter")
    expect(page.locator("#gf-detail")).to_be_visible()
    expect(page.locator("#gf-detail .gf-act[data-kind=play_energy]")).to_be_focused()
    press_and_wait(page, "Enter")
    expect(page.locator("#gf-hand .gf-card")).to_have_count(in_hand - 1)
    expect(page.locator("#gf-board-body .gf-energy .gf-card")).to_have_count(1)

    # E ends the turn; the rounds go by with P, E and the number keys, playing an Energy card a turn.
    press_and_wait(page, "e")
    kinds = []
    for _ in range(80):
        if round_of(page) >= 3:
            break
        kinds.append(decide_by_key(page))
    assert round_of(page) >= 3, kinds
    game = GoldfishGame.objects.get()
    played = [a for a in game.actions if a.startswith("play_energy.")]
    assert len(played) >= 2 and game.actions.count("end_turn.0") >= 2 and not game.bot_assisted
    expect(page.locator("#gf-board-body .gf-energy .gf-card")).to_have_count(len(played))
    assert errors == []


def test_a_versus_turn_is_ended_and_priority_passed_by_key(page, live_server, catalogue):
    errors = errors_on(page)
    page.set_viewport_size(LAPTOP)
    start_versus(page, live_server.url, "starter-dr-veylan", "starter-elder-maru", 2024)
    expect(page.locator("#goldfish")).to_have_attribute("data-version", re.compile(r"\d+"))
    while page.get_attribute("#gf-prompt", "data-kind") != "action":
        decide_by_key(page)
    rounds = round_of(page)

    # Nothing to pass yet in my own Action Phase: P says so and changes nothing.
    if not page.locator("#gf-actions .gf-act[data-kind=pass]").count():
        before = version(page)
        page.keyboard.press("p")
        expect(page.locator("#gf-flash")).to_have_text("There is no priority to pass now.")
        assert version(page) == before

    # E ends my turn at once; the computer plays its own, then the game comes back to me.
    press_and_wait(page, "e")
    game = VersusGame.objects.get()
    assert "end_turn.0" in game.actions
    # Play on by key (never playing a card, so the computer's spells meet a pass) until a pass by P.
    kinds = []
    for _ in range(60):
        kinds.append(decide_by_key(page, avoid=("summon", "play", "cast", "equip", "tap")))
        if "pass" in kinds and kinds.count("end_turn") >= 2:
            break
    assert "pass" in kinds and kinds.count("end_turn") >= 2, kinds
    assert round_of(page) > rounds
    game = VersusGame.objects.get()
    assert game.actions.count("end_turn.0") >= 3
    assert errors == []


REGION_OF_FOCUS = """() => {
  const at = document.activeElement;
  if (at.closest('#gf-hand .gf-card')) return 'hand';
  if (at.closest('#gf-board-body .gf-card, #vs-opp-body .gf-card, #gf-edges [role=button]')) return 'board';
  if (at.closest('#gf-actions .gf-act')) return 'actions';
  return '';
}"""


def test_tab_reaches_the_hand_then_the_board_then_the_decisions_with_the_layout_unchanged(page, live_server, catalogue):
    """A keyboard player meets their cards first: from the top of a goldfish board, Tab reaches a hand card before
    any board card, and a board card before the decisions, while the eye still finds the Pyramid on the left, the
    boards above the hand in the middle and the decisions on the right."""
    page.set_viewport_size(LAPTOP)
    start_goldfish(page, live_server.url, "starter-dr-veylan", 2024)
    expect(page.locator("#gf-hand .gf-card").first).to_be_visible()
    expect(page.locator("#gf-board-body .gf-card").first).to_be_visible()
    expect(page.locator("#gf-actions .gf-act").first).to_be_visible()
    first = {}
    for step in range(150):
        page.keyboard.press("Tab")
        first.setdefault(page.evaluate(REGION_OF_FOCUS), step)
        if "actions" in first:
            break
    assert "hand" in first and "board" in first and "actions" in first, first
    assert first["hand"] < first["board"] < first["actions"], first

    def box(selector):
        return page.locator(selector).bounding_box()

    pyramid, board, hand, prompt = (box(s) for s in ("#gf-pyramid", ".gf-board", ".gf-handbox", "#gf-prompt"))
    assert pyramid["x"] + pyramid["width"] <= board["x"] and board["x"] + board["width"] <= prompt["x"]
    assert board["y"] + board["height"] <= hand["y"] and abs(hand["x"] - board["x"]) < 1
    assert pyramid["y"] < hand["y"] and prompt["y"] < hand["y"]
