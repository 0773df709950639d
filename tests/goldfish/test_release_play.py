"""New games play the current release, never the unpublished draft (issue 32; docs/designers/releases.md).

A designer's admin edit is the draft until it is published. A game started meanwhile plays the current release's
cards and records its hash, so it maps to that release and replays frame for frame the same after any further edit
and any later publish. A deck is checked against the release it will play. With no release at all (a database set
up before releases), games play the draft, as before."""
from django.contrib.auth import get_user_model

from cards.catalogue import clear_cache
from cards.models import Card, Faction, Release
from cards.services import card_refresh_derived
from decks.models import DeckVersion
from rules.models import GoldfishGame
from tests.goldfish.helpers import play, start
from tests.goldfish.test_releases import HERO, hero_hp, publish_a_sturdier_hero, replayed

STARTER = ["dark-current"] * 12 + ["light-current"] * 2 + ["colorless-energy"] * 2 + ["heartstone"] * 2


def edit_the_hero_in_the_draft(extra=5) -> int:
    """An admin edit, not published: the draft's hero has `extra` more HP than the release's."""
    hero = Card.objects.get(slug=HERO)
    hero.hp += extra
    hero.save()
    card_refresh_derived(hero)
    return hero.hp


def test_a_new_game_plays_the_current_release_not_the_unpublished_draft(api):
    released_hp = hero_hp(start(api, seed=5))
    draft_hp = edit_the_hero_in_the_draft()
    game = start(api, seed=5)
    assert (game["release"], game["outdated"]) == ("playtest-1-0", False)
    assert hero_hp(game) == game["cards"][HERO]["hp"] == released_hp != draft_hp


def test_a_game_started_while_the_draft_differs_replays_identically_after_more_edits_and_a_publish(api):
    edit_the_hero_in_the_draft()
    game = play(api, start(api, seed=17), 6)
    before = replayed(api, game["id"])
    edit_the_hero_in_the_draft()  # the draft moves on again before it is published
    clear_cache()
    assert replayed(api, game["id"]) == before
    assert api.get(f"/api/goldfish/{game['id']}/").json()["release"] == "playtest-1-0"
    new_hp = publish_a_sturdier_hero(extra=0)  # publishes the draft as it now is
    clear_cache()
    assert replayed(api, game["id"]) == before
    again = api.get(f"/api/goldfish/{game['id']}/").json()
    assert (again["release"], again["digest"], hero_hp(again)) == ("playtest-1-0", game["digest"], hero_hp(game))
    new = start(api, seed=17)
    assert new["release"] == "playtest-1-1" and hero_hp(new) == new_hp != hero_hp(game)


def test_a_deck_legal_only_under_the_draft_is_refused_with_the_releases_reason(api):
    foreign = Card.objects.get(slug="thorn-chanter")  # a Lemurian card: Dr. Veylan's deck may not run it
    foreign.faction = Faction.objects.get(slug="atlantean-fanatic")
    foreign.save()
    card_refresh_derived(foreign)
    counts = {slug: STARTER.count(slug) for slug in STARTER}
    counts.update({"kalen-vos": 3, "crystal-lancer": 3, "riptide-sapper": 2, "current-runner": 2,
                   "overflow-technician": 2, "voltaic-duelist": 2, "spire-saboteur": 1, "pressure-engineer": 1,
                   "chief-artificer-oren": 1, "arc-gallery": 1, "flooded-foundry": 1, "phase-cutter": 2,
                   "crackling-jolt": 2, "short-circuit": 1, "forced-current": 1, "thorn-chanter": 1,
                   "tidewell-cell": 1})
    decklist = {"hero": HERO, "cards": [{"card": slug, "count": n} for slug, n in counts.items()]}
    verdict = api.post("/api/decks/validate/", decklist, format="json").json()   # the deckbuilder says the same
    assert not verdict["valid"] and verdict["release"] == "playtest-1-0"
    assert [(e["code"], e["card"]) for e in verdict["errors"]] == [("wrong_faction", "thorn-chanter")]
    response = api.post("/api/goldfish/", {"decklist": decklist}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid_deck"
    assert [(e["code"], e["card"]) for e in response.json()["errors"]] == [("wrong_faction", "thorn-chanter")]
    call_publish()
    assert api.post("/api/decks/validate/", decklist, format="json").json()["valid"] is True
    assert api.post("/api/goldfish/", {"decklist": decklist}, format="json").status_code == 201


def call_publish():
    from django.core.management import call_command

    call_command("publish_release", name="Playtest 1.1", verbosity=0)


def test_staff_play_the_release_too_and_play_test_a_change_by_publishing_it(api, client):
    staff = get_user_model().objects.create_user("designer", password="pw", is_staff=True)
    api.force_login(staff)
    client.force_login(staff)
    released_hp = hero_hp(start(api, seed=3))
    draft_hp = edit_the_hero_in_the_draft()
    assert hero_hp(start(api, seed=3)) == released_hp  # the API: no game on an unpublished draft, even for staff
    response = client.post("/goldfish/", {"deck": "starter-dr-veylan", "seating": "side-by-side", "seed": "3"})
    assert response.status_code == 302  # the start form too
    from_page = GoldfishGame.objects.filter(owner=staff).latest("created_at")
    assert hero_hp(api.get(f"/api/goldfish/{from_page.pk}/").json()) == released_hp
    call_publish()
    game = start(api, seed=3)
    assert (game["release"], hero_hp(game)) == ("playtest-1-1", draft_hp)


def test_with_no_release_at_all_games_play_the_draft_as_before_releases(api, caplog):
    DeckVersion.objects.update(release=None)   # a database set up before releases: no deck version names one either
    Release.objects.all().delete()
    clear_cache()
    draft_hp = edit_the_hero_in_the_draft()
    game = start(api, seed=5)
    assert (game["release"], hero_hp(game), game["outdated"]) == (None, draft_hp, False)
