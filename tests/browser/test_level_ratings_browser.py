"""The computer's levels rated like people (issue 35), in a real headless Chromium: the level menu says each level's
rating, a signed-in player ticks "Rated" and the game starts rated, and the leaderboard lists the level among the
people, marked as a computer."""
import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from rules.models import PlayerRating, VersusGame
from tests.browser.axe import assert_accessible
from tests.browser.helpers import LAPTOP, errors_on, log_in_as

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_level_menu_says_each_levels_rating_and_a_signed_in_player_starts_a_rated_game(page, live_server,
                                                                                            catalogue):
    errors = errors_on(page, csp=True)
    page.set_viewport_size(LAPTOP)
    base = live_server.url
    PlayerRating.objects.create(level="hard", mu=33.1, sigma=3.0, ordinal=24.1, wins=20, losses=15, draws=2)
    get_user_model().objects.create_user("rater", password="pw-long-enough-1")

    page.goto(f"{base}/versus/")
    hard = page.locator("label", has=page.locator("input[name=difficulty][value=hard]"))
    expect(hard).to_contain_text("Hard: takes the most Legacy it can now and never errs · rated 24.1 over 37 games")
    expect(page.locator("label", has=page.locator("input[name=difficulty][value=easy]"))).to_contain_text(
        "· not yet rated")
    expect(page.locator("#id_difficulty_2 option[value=hard]")).to_have_text(re.compile(r"· rated 24\.1 over 37 games$"))
    expect(page.locator("#vs-rated-signin")).to_be_visible()  # anonymous: casual only, and told how to rate

    log_in_as(page, base, "rater", "pw-long-enough-1")
    page.goto(f"{base}/versus/")
    page.select_option("#id_deck", "starter-dr-veylan")
    page.select_option("#id_opponent", "starter-elder-maru")
    page.check("input[name=difficulty][value=hard]")
    page.check("#id_rated")
    assert_accessible(page, "versus start page: the level menu with ratings, the Rated box")
    page.click("#vs-start")
    page.wait_for_url(re.compile(r"/versus/[\w-]+/$"))
    game = VersusGame.objects.get()
    assert game.rated and game.owner.username == "rater" and game.difficulty == "hard"

    page.goto(f"{base}/play/leaderboard/")
    row = page.locator("#live-leaderboard tbody tr", has_text="Computer (hard)")
    expect(row).to_contain_text("computer")
    expect(row).to_contain_text("24.1")
    assert_accessible(page, "leaderboard with a computer level")
    assert errors == []
