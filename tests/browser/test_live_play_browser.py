"""One gesture per play at a live table (issue 33): two players in headless Chromium, the game brought over the API to
the host's Action Phase with a card in hand that the pool cannot pay yet but the untapped Energy cards can; the
card's panel offers "Tap … and play …" (static/js/quick_pay.js, as in goldfish and versus) and one click taps the
energy and plays the card, which both players then see on the board; then E ends the turn (static/js/keys.js).

The site is served by an ASGI server in a thread of the test process (tests/live/servers.py)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from cataclysm_site.asgi import application
from rules.engine.catalogue import ENERGY_ORDER
from rules.live import states
from rules.models import Table
from tests.browser.helpers import LAPTOP, new_page, open_and_join, unthrottled
from tests.browser.test_live_browser import UPDATE_MS, wait_version
from tests.live.servers import AsgiServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYS = ("summon", "play", "cast", "equip")


def payable_by_taps(state, seat: int) -> str | None:
    """The slug of a card in `seat`'s hand that its printed cost makes playable only by tapping Energy cards (the
    pool short of it, the untapped Energy cards of each kind enough), or None."""
    player = state.players[seat]
    untapped: dict[str, int] = {}
    for slug, ids in player.ready.items():
        kind = state.cat[slug].produces
        untapped[kind] = untapped.get(kind, 0) + len(ids)
    pool = dict(zip(ENERGY_ORDER, player.pool))
    for card in player.hand:
        definition = state.cat[state.cards[card].slug]
        cost = dict(definition.cost.energy)
        if definition.type not in ("person", "scene", "battery") or not cost:
            continue
        short = {code: amount - pool.get(code, 0) for code, amount in cost.items() if amount > pool.get(code, 0)}
        if short and all(untapped.get(code, 0) >= n for code, n in short.items()):
            return definition.slug
    return None


def to_a_card_payable_by_taps(table: Table) -> tuple[list[tuple[int, str]], str]:
    """The decisions (seat, action id) that bring the game to the first seat's Action Phase holding a card only
    tapping can pay (Energy played every turn, never tapped, nothing else played), and that card's slug."""
    state = states.state_of(table).clone()
    plan = []
    while len(plan) < 400:
        actions = state.legal_actions()
        kinds = {a.kind: a for a in actions}
        if state.current_player == 0 and "end_turn" in kinds and "play_energy" not in kinds:
            slug = payable_by_taps(state, 0)
            if slug:
                return plan, slug
        action = next((kinds[k] for k in ("keep", "play_energy", "end_turn", "pass") if k in kinds), None)
        action = action or next((a for a in actions if a.kind not in ("tap",) + PLAYS), actions[0])
        plan.append((state.current_player, action.id))
        state.apply(action)
    raise AssertionError("no card payable by tapping came up")


def seat_and_bring_to_the_play(browser, base, errors) -> tuple:
    """Two players at a new table (the host plays Elder Maru first), the game brought over the API to the host's
    Action Phase with a card only tapping can pay; return both pages (not yet on the table), the table, its version
    and the card's name."""
    host, guest = (new_page(browser, LAPTOP, errors) for _ in range(2))
    open_and_join(host, guest, base, "starter-elder-maru", "starter-dr-veylan", seat="first", seed=5)
    table = Table.objects.get()
    plan, slug = to_a_card_payable_by_taps(table)
    version = table.version
    for seat, action in plan:
        answer = (host, guest)[seat].request.post(f"{base}/api/tables/{table.pk}/actions/",
                                                  data={"action": action, "version": version})
        assert answer.status == 200, answer.text()
        version += 1
    return host, guest, table, version, states.state_of(Table.objects.get()).cat[slug].name


def tap_and_play(host, name: str):
    """Once the host's page is live: click the card in its hand, whose panel offers tap-and-pay, and then that button.
    Return the table's decisions before it, the hand's copies of the card (a locator, and how many) and the energy
    the button said it taps."""
    expect(host.locator("#live-conn")).to_have_text("live", timeout=UPDATE_MS)
    before = len(Table.objects.get().actions)
    in_hand = host.locator("#gf-hand .gf-card", has_text=name)
    copies = in_hand.count()
    in_hand.first.click()
    quick = host.locator("#gf-detail .gf-quick-play")
    expect(quick).to_have_text(re.compile(rf"^Tap .+ and play {re.escape(name)}$"))
    expect(host.locator("#gf-detail")).not_to_contain_text("Nothing to do with it now")
    cost = sum(int(n) for n in re.findall(r"(\d+) [A-Z]{2}", quick.inner_text()))
    quick.click()
    return before, in_hand, copies, cost


def played_by_taps(name: str, cost: int, before: int) -> None:
    """Since `before` decisions, the table took exactly `cost` taps and then the card's play."""
    row = Table.objects.get()
    kinds = [a.split(".")[0] for a in row.actions[before:]]
    assert kinds[:-1] == ["tap"] * cost and kinds[-1] in PLAYS, kinds


def test_a_live_player_taps_and_plays_a_card_in_one_click(browser, settings, catalogue):
    unthrottled(settings)
    errors: list[str] = []
    with AsgiServer(application) as server:
        base = server.url
        host, guest, table, version, name = seat_and_bring_to_the_play(browser, base, errors)
        for page in (host, guest):
            page.goto(f"{base}/play/{table.pk}/")
            wait_version(page, version)
        # One click on the card in the hand shows its plays; one more taps the energy and plays it.
        before, in_hand, copies, cost = tap_and_play(host, name)
        expect(in_hand).to_have_count(copies - 1, timeout=UPDATE_MS)
        expect(host.locator("#gf-board-body .gf-card", has_text=name)).not_to_have_count(0)
        expect(guest.locator("#vs-opp-body .gf-card", has_text=name)).not_to_have_count(0, timeout=UPDATE_MS)
        played_by_taps(name, cost, before)
        expect(host.locator("#gf-flash")).to_be_hidden()

        # Keys at a live table: an "e" typed in the chat is a letter of the chat; E on the board ends the turn.
        settled = Table.objects.get().version
        host.fill("#live-chat-text", "")
        host.press("#live-chat-text", "e")
        host.press("#live-chat-text", "Enter")
        expect(guest.locator("#live-chat li").last).to_contain_text("e", timeout=UPDATE_MS)
        assert Table.objects.get().version == settled
        host.locator("#gf-status").click()  # (out of the chat box)
        host.keyboard.press("e")
        wait_version(guest, settled + 1)
        assert Table.objects.get().actions[-1] == "end_turn.0"
        expect(guest.locator("#gf-actions .gf-act").first).to_be_visible(timeout=UPDATE_MS)
    assert errors == []


def test_tap_and_pay_carries_on_when_the_opponent_moves_between_its_steps(browser, settings, catalogue):
    """The opponent offers a draw while the first tap is on its way (held back here): the board moves on under the
    tap, which the server then refuses as stale; the page plans its next step from the board it was sent, taps
    again, pays, and never taps an Energy card twice or shows the stale refusal."""
    unthrottled(settings)
    errors: list[str] = []
    with AsgiServer(application) as server:
        base = server.url
        host, guest, table, version, name = seat_and_bring_to_the_play(browser, base, errors)
        held = []

        def route(ws):
            server_side = ws.connect_to_server()

            def from_page(message):
                if not held and '"tap.' in str(message):
                    held.append((server_side, message))  # the first tap waits until the test lets it go
                else:
                    server_side.send(message)
            ws.on_message(from_page)

        host.route_web_socket(re.compile(r"/ws/tables/"), route)
        host.goto(f"{base}/play/{table.pk}/")
        wait_version(host, version)
        before, in_hand, copies, cost = tap_and_play(host, name)
        for _ in range(200):
            if held:
                break
            host.wait_for_timeout(25)
        assert held, "the first tap never left the page"
        offer = guest.request.post(f"{base}/api/tables/{table.pk}/draw/", data={"version": version})
        assert offer.status == 200, offer.text()
        expect(in_hand).to_have_count(copies - 1, timeout=UPDATE_MS)
        expect(host.locator("#gf-board-body .gf-card", has_text=name)).not_to_have_count(0, timeout=UPDATE_MS)
        played_by_taps(name, cost, before)  # (a draw offer is no decision of the game)
        settled = Table.objects.get().version
        server_side, message = held[0]
        server_side.send(message)  # the stale tap reaches the server now: refused, and nothing changes
        host.wait_for_timeout(500)
        assert Table.objects.get().version == settled
        expect(host.locator("#gf-flash")).to_be_hidden()
    assert errors == []

