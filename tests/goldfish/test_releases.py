"""Every goldfish game keeps its release (issue 32): a card it uses is edited and a new release published, and the
game still replays frame for frame as it was played, resumes and plays on under its own cards, while a new game
plays the new text; each says its release."""
import pytest
from django.core.management import call_command

from cards.catalogue import clear_cache
from cards.models import Card
from cards.services import card_refresh_derived
from rules.models import GoldfishGame
from tests.goldfish.helpers import act, play, start

HERO = "dr-veylan"


def replayed(client, game_id):
    """The replay and every frame of it, as a client reads them."""
    replay = client.get(f"/api/goldfish/{game_id}/replay/").json()
    frames = [client.get(f"/api/goldfish/{game_id}/replay/{step}/").json() for step in range(len(replay["steps"]) + 1)]
    return replay, frames


def hero_hp(game) -> int:
    return game["state"]["players"][0]["hero"]["hp"]


def publish_a_sturdier_hero(extra=5) -> int:
    hero = Card.objects.get(slug=HERO)
    hero.hp += extra
    hero.save()
    card_refresh_derived(hero)
    call_command("publish_release", name="Playtest 1.1", reason=[f"{HERO}=Died too early."], verbosity=0)
    return hero.hp


@pytest.mark.parametrize("fresh_process", [False, True])
def test_an_old_game_replays_identically_after_a_release_and_a_new_game_plays_the_new_text(api, fresh_process):
    game = play(api, start(api, seed=17), 6)
    assert game["release"] == "playtest-1-0" and game["outdated"] is False
    old_hp = hero_hp(game)
    before = replayed(api, game["id"])
    new_hp = publish_a_sturdier_hero()
    if fresh_process:
        clear_cache()  # nothing compiled or kept in memory: the game is rebuilt from its row and its release
    assert replayed(api, game["id"]) == before
    again = api.get(f"/api/goldfish/{game['id']}/").json()
    assert (again["digest"], again["release"], again["outdated"]) == (game["digest"], "playtest-1-0", True)
    assert again["legal_actions"] == game["legal_actions"] and hero_hp(again) == old_hp
    GoldfishGame.objects.filter(pk=game["id"]).update(state={})  # no snapshot: the log replays under its release
    assert api.get(f"/api/goldfish/{game['id']}/").json()["digest"] == game["digest"]
    moved = act(api, again)
    assert moved.status_code == 200 and moved.json()["release"] == "playtest-1-0"
    assert hero_hp(moved.json()) == old_hp and again["cards"][HERO]["hp"] == old_hp
    new = start(api, seed=17)
    assert new["release"] == "playtest-1-1" and hero_hp(new) == new_hp != old_hp
    assert new["cards"][HERO]["hp"] == new_hp


def test_a_game_no_release_holds_is_labelled_and_replays_under_the_current_cards(api):
    game = play(api, start(api, seed=19), 3)
    GoldfishGame.objects.filter(pk=game["id"]).update(data_hash="0123456789abcdef")  # stored before releases
    again = api.get(f"/api/goldfish/{game['id']}/").json()
    assert again["release"] is None and again["digest"] == game["digest"]



def test_a_game_of_an_older_release_is_kept_in_memory_between_decisions_like_a_current_one(api):
    from rules.play import store

    game = play(api, start(api, seed=23), 2)
    publish_a_sturdier_hero()
    store.LIVE_STATES.clear()
    moved = act(api, api.get(f"/api/goldfish/{game['id']}/").json()).json()
    kept = store.take_live(game["id"], moved["version"])
    assert kept is not None and kept.state.digest() == moved["digest"]
    assert kept.state.cat.data_hash == GoldfishGame.objects.get(pk=game["id"]).data_hash
