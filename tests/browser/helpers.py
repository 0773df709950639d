"""Steps the page tests share: the catalogue loaded, log in through the form, pages in their own contexts, and
checks that a page fits a phone. The fixtures that wrap the setup steps are in conftest.py."""
import re

from playwright.sync_api import expect

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 800}


def log_in_as(page, base, username, password):
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("form.stack button[type=submit]")
    expect(page.locator(".account .who")).to_have_text(username)


# The elements that reach past the page's right edge, innermost first, each named by its tag, id, classes and text,
# so that a failure says what is too wide (a game's content differs from run to run: a live table's seed is drawn).
_TOO_WIDE = """(width) => {
  const wide = [...document.body.querySelectorAll("*")].filter(e => e.getBoundingClientRect().right > width + 0.5);
  return wide.filter(e => !wide.some(o => o !== e && e.contains(o))).slice(0, 8).map(e =>
    e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + [...e.classList].map(c => "." + c).join("") +
    " (right " + Math.round(e.getBoundingClientRect().right) + " px): " + (e.textContent || "").trim().slice(0, 80));
}"""


def fits_the_phone(page, settle_ms: int = 3000):
    """Nothing on the page is wider than a 390 px phone (no sideways scrolling), once it has settled: like
    Playwright's own assertions, the check is retried for up to `settle_ms`, since a page that has just drawn an
    update can measure wider for a frame (a live table's end screen once did on a loaded CI machine, and passed
    when run again). A page that stays too wide fails, naming the elements that reach past the edge."""
    waited = 0
    while (width := page.evaluate("document.documentElement.scrollWidth")) > PHONE["width"] and waited < settle_ms:
        page.wait_for_timeout(100)
        waited += 100
    assert width <= PHONE["width"], (width, page.evaluate(_TOO_WIDE, PHONE["width"]))


def load_the_catalogue(starters: bool = True):
    """The catalogue (and, unless `starters` is False, the starter decks) in the live server's database, with every
    cache emptied. Tests that count or list decks load the cards alone."""
    from django.core.cache import cache
    from django.core.management import call_command

    from cards.catalogue import clear_cache

    call_command("load_catalogue", verbosity=0)
    if starters:
        call_command("load_starter_decks", verbosity=0)
    clear_cache()
    cache.clear()


def errors_on(page, csp: bool = False, console: bool = False, errors: list | None = None) -> list[str]:
    """The list (`errors`, or a new one) that collects every uncaught script error on `page` and, with `csp`, every
    Content Security Policy breach its console reports, or with `console` every error it logs: a test ends by
    asserting it empty."""
    errors = [] if errors is None else errors
    page.on("pageerror", lambda e: errors.append(str(e)))
    if csp or console:
        page.on("console", lambda m: errors.append(m.text) if (m.type == "error" if console else
                                                               "Content Security Policy" in m.text) else None)
    return errors


def new_page(browser, viewport=None, errors: list | None = None, console: bool = False):
    """A page in a context of its own (its own cookies: another visitor), at `viewport` if given; with `errors`,
    every uncaught script error on it (and with `console`, every error it logs) is appended there."""
    page = (browser.new_context(viewport=viewport) if viewport else browser.new_context()).new_page()
    if errors is not None:
        errors_on(page, console=console, errors=errors)
    return page


def unthrottled(settings):
    """Lift the API's anonymous and per-user rates, for tests that post many moves in a row."""
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {**rates, "anon": "100000/min", "user": "100000/min"}}


def open_and_join(host, guest, base, host_deck: str, guest_deck: str, **table) -> dict:
    """The host opens a live table over the API with `host_deck` (and `table`'s fields: seat, seed), the guest joins
    it with `guest_deck` through its invitation; return the table as the host was answered."""
    opened = host.request.post(f"{base}/api/tables/", data={"deck": host_deck, **table})
    assert opened.status == 201, opened.text()
    created = opened.json()
    joined = guest.request.post(f"{base}/api/tables/{created['id']}/join/",
                                data={"deck": guest_deck, "invite": created["invite_url"].split("invite=")[1]})
    assert joined.status == 200, joined.text()
    return created


def start_goldfish(page, base, deck: str, seed: int, seating: str | None = None):
    """From the goldfish start page, a game of the starter `deck` with `seed` (and `seating`): on its page."""
    page.goto(f"{base}/goldfish/")
    if seating:
        page.check(f"input[name=seating][value={seating}]")
    page.fill("#id_seed", str(seed))
    page.click(f"button[name=deck][value={deck}]")
    page.wait_for_url(re.compile(r"/goldfish/[\w-]+/$"))


def start_versus(page, base, deck: str, opponent: str, seed: int, difficulty: str | None = None,
                 seating: str | None = None):
    """From the versus start page, `deck` in the first seat against the computer's `opponent` with `seed` (at
    `difficulty` and `seating`, or the form's own): on the game's page."""
    page.goto(f"{base}/versus/")
    page.select_option("#id_deck", deck)
    page.select_option("#id_opponent", opponent)
    if difficulty:
        page.check(f"input[name=difficulty][value={difficulty}]")
    page.check("input[name=seat][value=first]")
    if seating:
        page.check(f"input[name=seating][value={seating}]")
    page.fill("#id_seed", str(seed))
    page.click("#vs-start")
    page.wait_for_url(re.compile(r"/versus/[\w-]+/$"))
