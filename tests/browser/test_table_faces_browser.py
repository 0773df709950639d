"""The table shows the cards (issue 33), in a real headless Chromium at 1366 and 390 px: the hand and the board as
card faces that load, the full face on hover (on a phone, touch and hold) and gone with Escape, a target chosen by
clicking the card on the board, and the last move's cards marked; in goldfish, versus and at a live table.

Set SCREENSHOT_DIR to keep screenshots."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from cataclysm_site.asgi import application
from rules.models import GoldfishGame, VersusGame
from tests.browser.helpers import errors_on, load_the_catalogue, start_goldfish, start_versus
from tests.browser.test_goldfish_browser import LAPTOP, PHONE, click_and_wait, shot
from tests.live.servers import AsgiServer

# The decisions that lead, with the starter decks and seed 2024, to Dr. Veylan's Strike asking for its target.
TOWARDS_A_TARGET = ("first_player", "keep", "play_energy", "tap", "activate", "summon", "play", "pass", "end_turn")


def until(page, script, tries=100):
    """Wait until the page's expression is true (polled from here: the pages' CSP forbids wait_for_function's eval)."""
    for _ in range(tries):
        if page.evaluate(script):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"never true: {script}")


def faces_loaded(page, selector):
    """How many card faces match, and whether every one of them has loaded (naturalWidth > 0)."""
    return page.eval_on_selector_all(
        selector, "imgs => [imgs.length, imgs.every(i => i.complete && i.naturalWidth > 0 && i.alt.length > 0)]")


def hand_shows_faces(page):
    expect(page.locator("#gf-hand .gf-card img.cx-face").first).to_be_visible()
    # In one step in the page: a live table's board may be drawn again between two steps from here (the socket's
    # first update repeats what the page loaded), which detaches the faces a step from here would hold.
    sizes = page.eval_on_selector_all("#gf-hand img.cx-face", """imgs => imgs.map(i => {
        i.scrollIntoView({block: "nearest"});
        return [i.getAttribute("loading"), i.getAttribute("width"), i.getAttribute("height")];
    })""")
    assert sizes and all(size == ["lazy", "188", "263"] for size in sizes), sizes
    until(page, "[...document.querySelectorAll('#gf-hand img.cx-face')].every(i => i.complete)")
    count, loaded = faces_loaded(page, "#gf-hand img.cx-face")
    assert count == page.locator("#gf-hand .gf-card").count() and count > 0 and loaded
    names = page.locator("#gf-hand img.cx-face").evaluate_all("imgs => imgs.map(i => i.alt)")
    assert names == [n.strip() for n in page.locator("#gf-hand .gf-card-name").all_text_contents()]


def full_face_on_hover_or_hold(page, phone):
    """A card's full face: on hover (a laptop) or touch and hold (a phone); Escape puts it away."""
    card = page.locator("#gf-hand .gf-card").first
    name = card.locator(".gf-card-name").inner_text()
    pop = page.locator("#cx-face-pop")
    if phone:
        box = card.bounding_box()
        at = {"pointerType": "touch", "isPrimary": True, "clientX": box["x"] + 20, "clientY": box["y"] + 20}
        card.dispatch_event("pointerdown", at)
        expect(pop).to_be_visible()
        card.dispatch_event("pointerup", at)
    else:
        card.hover()
        expect(pop).to_be_visible()
    image = pop.locator("img")
    expect(image).to_have_attribute("alt", re.compile("^" + re.escape(name) + ": "))  # its rules text follows
    until(page, "document.querySelector('#cx-face-pop img').naturalWidth > 0")
    assert image.evaluate("i => i.naturalWidth") == 375
    assert page.locator("#gf-detail").is_hidden()  # showing the face does not choose the card
    page.keyboard.press("Escape")
    expect(pop).to_be_hidden()


def decide_towards_a_target(page, watch=None):
    """Click the legal actions in TOWARDS_A_TARGET's order until a decision asks for a target; return whether the
    `watch` selector matched after any of the clicks."""
    seen = False
    for _ in range(40):
        seen = seen or bool(watch and page.locator(watch).count())
        if page.get_attribute("#gf-prompt", "data-kind") == "target":
            return seen
        buttons = page.locator("#gf-actions .gf-act")
        expect(buttons.first).to_be_visible()
        kinds = [buttons.nth(i).get_attribute("data-kind") for i in range(buttons.count())]
        kind = min(kinds, key=lambda k: TOWARDS_A_TARGET.index(k) if k in TOWARDS_A_TARGET else len(TOWARDS_A_TARGET))
        click_and_wait(page, buttons.nth(kinds.index(kind)))
    raise AssertionError("no decision asked for a target")


def choose_the_target_on_the_board(page, board, model):
    """Click a highlighted card on the board: that target is chosen, and marked as the last move."""
    targets = page.locator(f"{board} .gf-card.targetable")
    expect(targets.first).to_be_visible()
    offered = page.locator("#gf-actions .gf-act[data-kind=target]").count()
    assert targets.count() >= 1 and offered >= 1  # the buttons stay, for the keyboard and screen readers
    chosen = targets.first
    card_id = chosen.get_attribute("data-card")
    shot(page, f"target-{board.strip('#')}")
    click_and_wait(page, chosen)
    taken = [a for a in model.objects.get().actions if a.startswith("target.")]
    assert taken and taken[-1].endswith("." + card_id)
    expect(page.locator(f'.gf-card[data-card="{card_id}"]').first).to_have_class(re.compile(r"\blast-move\b"))


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("screen", [LAPTOP, PHONE], ids=["1366", "390"])
def test_goldfish_shows_faces_and_takes_a_target_clicked_on_the_board(page, live_server, screen):
    load_the_catalogue()
    errors = errors_on(page, csp=True)
    page.set_viewport_size(screen)
    start_goldfish(page, live_server.url, "starter-dr-veylan", 2024)
    hand_shows_faces(page)
    full_face_on_hover_or_hold(page, phone=screen is PHONE)
    click_and_wait(page, page.get_by_role("button", name="Player 1 goes first"))
    click_and_wait(page, page.locator("#gf-actions .gf-act[data-kind=play_energy]").first)
    played = page.locator("#gf-board-body .gf-card.type-energy.last-move")
    expect(played).to_have_count(1)  # the card just played is marked
    decide_towards_a_target(page)
    choose_the_target_on_the_board(page, "#gf-board-body", GoldfishGame)
    count, loaded = faces_loaded(page, "#gf-board-body .gf-card.with-face img.cx-face")
    assert count >= 3 and loaded  # the Hero and the People on the board are faces too
    assert page.evaluate("document.documentElement.scrollWidth") <= screen["width"]
    shot(page, f"faces-goldfish-{screen['width']}")
    assert errors == []


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("screen", [LAPTOP, PHONE], ids=["1366", "390"])
def test_versus_shows_faces_marks_the_computers_moves_and_takes_a_target_on_its_board(page, live_server, screen):
    load_the_catalogue()
    errors = errors_on(page)
    page.set_viewport_size(screen)
    start_versus(page, live_server.url, "starter-dr-veylan", "starter-elder-maru", 2024, difficulty="normal", seating="diagonal")
    hand_shows_faces(page)
    full_face_on_hover_or_hold(page, phone=screen is PHONE)
    # On the way, the computer plays: what its moves touched on its board is marked, and its cards are faces.
    assert decide_towards_a_target(page, watch="#vs-opp-body .gf-card.last-move")
    count, loaded = faces_loaded(page, "#vs-opp-body .gf-card.with-face img.cx-face")
    assert count >= 2 and loaded
    choose_the_target_on_the_board(page, "#vs-opp-body", VersusGame)
    assert page.evaluate("document.documentElement.scrollWidth") <= screen["width"]
    shot(page, f"faces-versus-{screen['width']}")
    assert errors == []


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_live_table_shows_faces_and_marks_the_opponents_move(browser):
    load_the_catalogue()
    with AsgiServer(application) as server:
        host, guest = (browser.new_context(viewport=LAPTOP).new_page() for _ in range(2))
        host.goto(f"{server.url}/play/")
        host.select_option("#id_deck", "starter-dr-veylan")
        host.check("input[name=seat][value=first]")
        host.click("#live-open")
        host.wait_for_url(re.compile(r"/play/[\w-]+/$"))
        invite = host.locator("#live-invite").input_value()
        guest.goto(invite)
        guest.select_option("#id_deck", "starter-elder-maru")
        guest.click("#live-join")
        for page in (host, guest):
            expect(page.locator("#goldfish")).to_be_visible(timeout=10_000)
            hand_shows_faces(page)
        # Whoever is to play first plays an Energy card: the other sees it on their opponent's board, face and marked.
        mover = None
        for _ in range(20):
            ready = [page for page in (host, guest) if page.locator("#gf-actions .gf-act[data-kind=play_energy]").count()]
            if ready:
                mover = ready[0]
                break
            for page in (host, guest):
                button = page.locator("#gf-actions .gf-act[data-kind=first_player], #gf-actions .gf-act[data-kind=keep]")
                if button.count():
                    version = page.get_attribute("#goldfish", "data-version")
                    button.first.click()
                    expect(page.locator("#goldfish")).not_to_have_attribute("data-version", version, timeout=10_000)
            host.wait_for_timeout(200)
        assert mover is not None, "no one came to play an Energy card"
        other = guest if mover is host else host
        mover.locator("#gf-actions .gf-act[data-kind=play_energy]").first.click()
        expect(other.locator("#vs-opp-body .gf-card.type-energy.last-move")).to_have_count(1, timeout=10_000)
        hero = "Dr. Veylan" if mover is host else "Elder Maru"
        expect(other.locator("#vs-opp-body .gf-hero-slot img.cx-face")).to_have_attribute("alt", hero)
        shot(other, "faces-live")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_goldfish_takes_an_edge_clicked_on_the_pyramid(page, live_server):
    """An ability that asks for an edge (Dr. Veylan's starter deck, seed 2: Overflow Technician's Drain 1) highlights the
    edges it may target on the Pyramid diagram; clicking one there takes that decision, as its button would."""
    load_the_catalogue()
    errors = errors_on(page)
    page.set_viewport_size(LAPTOP)
    start_goldfish(page, live_server.url, "starter-dr-veylan", 2)
    decide_towards_a_target(page)
    edges = page.locator("#gf-pyramid-figure g.gf-edge.targetable")
    expect(edges).to_have_count(4)
    assert page.locator("#gf-actions .gf-act[data-kind=target]").count() == 4  # the buttons stay, for the keyboard
    chosen = edges.filter(has=page.locator("text.gf-edge-label", has_text=re.compile(r"^E2 ")))
    expect(chosen).to_have_count(1)
    shot(page, "target-edge")
    click_and_wait(page, chosen.locator("line.gf-edge-track"))
    taken = [a for a in GoldfishGame.objects.get().actions if a.startswith("target.")]
    assert taken and taken[-1].endswith(".E2")
    assert page.get_attribute("#gf-prompt", "data-kind") != "target"
    expect(page.locator("#gf-pyramid-figure g.gf-edge.targetable")).to_have_count(0)
    assert errors == []
