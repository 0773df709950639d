"""A live table keeps its release (issue 32): a release published mid-game changes nothing of the game, which says
which release it is played under."""
from rest_framework.test import APIClient

from tests.goldfish.test_releases import publish_a_sturdier_hero
from tests.live.helpers import play, seat_table


def test_a_live_game_goes_on_under_its_release_after_a_new_one_is_published(api):
    guest = APIClient()
    table = seat_table(api, guest)
    play([api, guest], table["id"], 4)
    before = api.get(f"/api/tables/{table['id']}/").json()
    assert before["release"] == "playtest-1-0"
    publish_a_sturdier_hero()
    after = api.get(f"/api/tables/{table['id']}/").json()
    assert (after["release"], after["state"], after["legal_actions"]) == (
        "playtest-1-0", before["state"], before["legal_actions"])
    play([api, guest], table["id"], 2)
    assert seat_table(api, APIClient())["release"] == "playtest-1-1"


def test_a_table_seated_while_the_draft_differs_plays_the_release_and_shows_its_cards(api):
    from tests.goldfish.test_release_play import edit_the_hero_in_the_draft
    from tests.goldfish.test_releases import HERO

    released = seat_table(api, APIClient())
    draft_hp = edit_the_hero_in_the_draft()
    table = seat_table(api, APIClient())
    assert table["release"] == "playtest-1-0"
    shown = api.get(f"/api/tables/{table['id']}/").json()["cards"]
    assert HERO in shown and shown[HERO] == released["cards"][HERO] and shown[HERO]["hp"] != draft_hp
