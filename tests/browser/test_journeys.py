"""Every journey a player takes, walked in headless Chromium on a laptop (1366 px) and on a phone (390 px): sign-up,
catalogue, card page, deckbuilder, deck page, proxies, goldfish, versus, lab, collection, community, API docs, the
releases (the list, a release's patch notes, an older release's cards, a card's history) and an unknown address.
Each step fails on sideways scrolling, on any console error or uncaught script error, and on a missing element,
and leaves a screenshot in test-results/journeys/<width>/ (gitignored) for a person to look at.
"""
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "test-results" / "journeys"
WIDTHS = {"laptop": {"width": 1366, "height": 800}, "phone": {"width": 390, "height": 844}}
PASSWORD = "journey-pass-4821"


class Journey:
    """Walks the site at one width, checking every step the same way."""

    def __init__(self, page, base, width_name):
        self.page, self.base, self.width = page, base, WIDTHS[width_name]["width"]
        self.folder = RESULTS / width_name
        self.folder.mkdir(parents=True, exist_ok=True)
        self.errors: list[str] = []
        self.expected_errors: list[str] = []
        self.steps = 0
        self.axe_exclude: tuple[str, ...] = ()
        page.on("console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"script: {e}"))

    @property
    def phone(self) -> bool:
        return self.width < 700

    def go(self, path: str):
        self.page.goto(self.base + path)

    def check(self, name: str, *selectors: str):
        """The step's elements are visible, no template code shows, nothing scrolls sideways, no script erred; keep
        a screenshot."""
        self.steps += 1
        self.page.screenshot(path=str(self.folder / f"{self.steps:02d}-{name}.png"), full_page=True)
        for selector in selectors:
            expect(self.page.locator(selector).first).to_be_visible()
        text = self.page.inner_text("body")
        assert "{#" not in text and "{%" not in text, f"{name}: template code shown as text"
        wide = self.page.evaluate("document.documentElement.scrollWidth")
        assert wide <= self.width, f"{name}: the page is {wide} px wide at {self.width} px"
        errors = [e for e in self.errors if not any(allowed in e for allowed in self.expected_errors)]
        assert errors == [], f"{name}: {errors}"
        assert_accessible(self.page, name, exclude=self.axe_exclude)
        self.errors.clear()
        self.expected_errors.clear()

    def open_menu(self):
        """On a phone the header's links are behind "Menu"; on a laptop they are always there."""
        if self.phone:
            expect(self.page.locator(".site-nav")).to_be_hidden()
            self.page.click(".menu-toggle")
        expect(self.page.locator(".site-nav")).to_be_visible()


@pytest.mark.parametrize("width_name", list(WIDTHS))
def test_every_journey_fits_the_screen_without_errors(page, live_server, width_name, media, catalogue):
    page.set_viewport_size(WIDTHS[width_name])
    walk = Journey(page, live_server.url, width_name)
    user = f"walker-{width_name}"

    # The landing page, its header (a menu on a phone) and the way to sign up.
    walk.go("/")
    walk.check("home", ".hero-search", ".faction-tiles", ".brand")
    walk.open_menu()
    walk.check("menu-open", ".site-nav a[href='/cards/']", ".account a[href='/accounts/signup/']")
    assert walk.page.locator(".site-header").bounding_box()["height"] < WIDTHS["phone"]["height"] / 2
    walk.page.click(".account a[href='/accounts/signup/']")
    walk.page.fill("#id_username", user)
    walk.page.fill("#id_password1", PASSWORD)
    walk.page.fill("#id_password2", PASSWORD)
    walk.page.click("form.stack button[type=submit]")
    expect(walk.page.locator(".account .who")).to_have_text(user)
    walk.check("signed-up", ".brand")

    # The catalogue: a search, the table view, a card page with its rulings in players' words.
    walk.go("/cards/?q=kalen")
    walk.check("catalogue-search", ".card-grid a[href='/cards/kalen-vos/']")
    walk.go("/cards/?view=table")
    walk.check("catalogue-table", ".card-table")
    walk.go("/cards/kalen-vos/")
    walk.check("card-page", ".card-image", ".rulings", "#owned-count")
    expect(walk.page.locator(".rulings")).not_to_contain_text("Pinned by")

    # The deckbuilder and a deck's page with its ways onward (goldfish, versus, lab, proxies).
    walk.go("/decks/new/")
    walk.check("deckbuilder", "#card-query", "#hero-options")
    expect(walk.page.locator("#fork-deck")).to_be_hidden()   # nothing to fork before the first save
    walk.go("/decks/starter-dr-veylan/")
    walk.check("deck-page", "a[href*='proxies.pdf']")
    proxies = walk.page.request.get(walk.base + walk.page.locator("a[href*='proxies.pdf']").first.get_attribute("href"))
    assert proxies.ok and proxies.headers["content-type"] == "application/pdf"

    # Community: the public decks.
    walk.go("/decks/")
    walk.check("community", "main h1")

    # Goldfish, then versus against the computer: start a game; the decision and the hand together on a phone.
    walk.go("/goldfish/")
    walk.check("goldfish-start", "button[name=deck][value=starter-dr-veylan]")
    walk.page.click("button[name=deck][value=starter-dr-veylan]")
    game_board(walk, "goldfish", "#gf-prompt")
    walk.go("/versus/")
    walk.check("versus-start", "#id_deck", "#id_opponent", "#vs-start")
    walk.page.check("input[name=difficulty][value=easy]")
    walk.page.click("#vs-start")
    game_board(walk, "versus", "#vs-opp-body")

    # The lab's start form, the collection page, the API's documentation.
    walk.go("/lab/")
    walk.check("lab", "#lab-form", "#lab-start-button")
    walk.go("/collection/")
    walk.check("collection", "main h1")
    walk.go("/api/docs/")
    expect(walk.page.locator("#swagger-ui .info")).to_be_visible(timeout=15_000)
    walk.axe_exclude = ("#swagger-ui",)  # Swagger UI's own widget, as its authors ship it; the page around it is ours
    walk.check("api-docs", "#swagger-ui .info")
    walk.axe_exclude = ()

    # Releases: a designer publishes a change; the list, its patch notes (faces before and after), the older
    # release's cards in the catalogue, and the card's history on its page.
    changed = publish_a_change()
    walk.go("/releases/")
    walk.check("releases", "#release-playtest-1-1", "#release-playtest-1-0 .changed-count")
    walk.go("/releases/playtest-1-1/")
    walk.check("release-page", f"#change-{changed} .face-before", f"#change-{changed} .face-after", ".change-fields")
    walk.go("/cards/?release=playtest-1-0")
    walk.check("catalogue-old-release", "#release-banner", ".card-grid img")
    walk.go(f"/cards/{changed}/")
    walk.check("card-history", "#card-history li")

    # An unknown address: the site's own page (the browser reports the 404 status itself as a console error).
    walk.expected_errors.append("404")
    walk.go("/no-such-page/")
    walk.check("not-found", ".error-page", ".brand")
    expect(walk.page.locator("body")).not_to_contain_text("URLconf")


def publish_a_change() -> str:
    """Raise a card's first ability amount (as a designer would in the admin) and publish it as Playtest 1.1."""
    from cards.models import Ability
    from cards.releases import publish
    from cards.services import card_refresh_derived

    ability = Ability.objects.filter(amount__isnull=False).select_related("card").order_by("card__position").first()
    ability.amount += 1
    ability.save()
    card_refresh_derived(ability.card)
    publish("Playtest 1.1", notes="Round two.", reasons={ability.card.slug: "Too weak."})
    return ability.card.slug


def game_board(walk, kind, *selectors):
    """The game's page has opened with its decisions and the hand, and these sit together."""
    walk.page.wait_for_url(re.compile(rf"/{kind}/[\w-]+/$"))
    expect(walk.page.locator("#gf-actions .gf-act").first).to_be_visible()
    walk.check(f"{kind}-board", "#gf-hand .gf-card", *selectors)
    if walk.phone:   # on a laptop the decision has its own column beside the board, always in view
        decision_and_hand_together(walk)


def decision_and_hand_together(walk):
    """The "What now" buttons and the hand are within half a phone's screen of each other."""
    prompt = walk.page.locator("#gf-prompt").bounding_box()
    hand = walk.page.locator(".gf-handbox").bounding_box()
    gap = abs(hand["y"] - (prompt["y"] + prompt["height"])) if hand["y"] > prompt["y"] else 0
    assert gap < WIDTHS["phone"]["height"] / 2, f"the hand is {gap} px from the decision"
