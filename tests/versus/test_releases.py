"""A game against the computer keeps its release (issue 32): after a card it uses is edited and a new release
published, its replay is the same, step for step, and it says which release it is played under."""
from tests.goldfish.test_releases import HERO, publish_a_sturdier_hero
from tests.versus.helpers import act, start


def test_a_versus_game_replays_and_resumes_under_its_release(api):
    game = start(api, seed=31)
    for _ in range(3):
        response = act(api, game)
        assert response.status_code == 200, response.json()
        game = response.json()
    assert game["release"] == "playtest-1-0"
    replay = api.get(f"/api/versus/{game['id']}/replay/").json()
    publish_a_sturdier_hero()
    assert api.get(f"/api/versus/{game['id']}/replay/").json() == replay
    again = api.get(f"/api/versus/{game['id']}/").json()
    assert (again["digest"], again["release"], again["outdated"]) == (game["digest"], "playtest-1-0", True)
    assert again["cards"][HERO] == replay["cards"][HERO]
    assert start(api, seed=31)["release"] == "playtest-1-1"


def test_a_versus_game_started_while_the_draft_differs_plays_the_release_and_replays_after_the_publish(api):
    from cards.catalogue import clear_cache
    from tests.goldfish.test_release_play import edit_the_hero_in_the_draft

    released = start(api, seed=37)
    edit_the_hero_in_the_draft()
    game = start(api, seed=37)
    assert (game["release"], game["outdated"], game["cards"][HERO]) == ("playtest-1-0", False,
                                                                        released["cards"][HERO])
    replay = api.get(f"/api/versus/{game['id']}/replay/").json()
    publish_a_sturdier_hero(extra=0)
    clear_cache()
    assert api.get(f"/api/versus/{game['id']}/replay/").json() == replay
    assert api.get(f"/api/versus/{game['id']}/").json()["release"] == "playtest-1-0"
