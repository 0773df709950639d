"""The lab's table study (issue 34): three or four decks around one Pyramid, every seat rotation, read by seat
(flank against middle with three), by deck and by team, with the games' length and the rules' health; started from
the API, the page and `manage.py simulate`, refused clearly when the table is wrong."""
from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from decks import services as deck_services
from rules.engine import lab
from rules.engine.catalogue import load_catalogue
from rules.engine.simulate import starter_deck
from rules.engine.tablematch import play_table
from rules.models import Simulation
from tests.lab.test_api import finished, start

CAT = load_catalogue()
TALAH, MARU, LETHAN, VEYLAN = "starter-talah", "starter-elder-maru", "starter-lethan", "starter-dr-veylan"


def deck(slug):
    spec = starter_deck(CAT, slug)
    return {"name": slug, "hero": spec.hero, "cards": list(spec.cards)}


THREE = {"kind": "table", "games": 2, "seed": 7, "p1": "greedy", "decks": [deck(s) for s in (TALAH, MARU, LETHAN)]}
FOUR = {"kind": "table", "games": 1, "seed": 3, "p1": "greedy", "teams": True,
        "decks": [deck(s) for s in (TALAH, MARU, LETHAN, VEYLAN)]}


def whole(study):
    return lab.results(study, lab.play_games(CAT, study, 0, lab.total_games(study)))


def score(row):
    """A row's games won, counting each draw by its share (the win rate times the games)."""
    return row["win_rate"] * row["games"]


def test_a_three_player_table_reads_by_seat_flank_against_middle_by_deck_and_its_length():
    r = whole(THREE)
    assert r["games"] == 6 and r["rotations"] == 3 and r["fair_share"] == pytest.approx(1 / 3, abs=1e-4)
    assert set(r["by_seat"]) == {"S1", "S2", "S3"} and set(r["by_deck"]) == {TALAH, MARU, LETHAN}
    for rows in (r["by_seat"], r["by_deck"]):
        # one game won a game, whoever won it: the seats' (and the decks') win rates add up to the games played
        assert sum(score(row) for row in rows.values()) == pytest.approx(r["games"], abs=1e-3)
        for row in rows.values():
            assert row["games"] == 6 and row["wins"] + row["draws"] + row["losses"] == 6
            assert row["interval"][0] <= row["win_rate"] <= row["interval"][1]
    fm = r["flank_vs_middle"]
    assert fm["middle"] == r["by_seat"]["S2"] and fm["flank"]["games"] == 12   # S1 and S3 pooled
    assert score(fm["flank"]) == pytest.approx(score(r["by_seat"]["S1"]) + score(r["by_seat"]["S3"]), abs=1e-3)
    assert fm["flank"]["interval"][0] <= fm["flank"]["win_rate"] <= fm["flank"]["interval"][1]
    assert fm["verdict"] in ("middle_ahead", "middle_behind", "no_clear_difference")
    assert r["rounds"]["min"] >= 1 and r["decisions_per_game"] > 0
    assert r["rules_health"]["games"] == 6 and set(r["rules_health"]["by_hero"]) == {
        "talah", "elder-maru", "lethan"}


def test_the_study_plays_the_same_games_as_the_match_command():
    """One table, one reading: the study's seats and decks are `manage.py match --table`'s, game for game."""
    r = whole(THREE)
    table = play_table(CAT, [starter_deck(CAT, s) for s in (TALAH, MARU, LETHAN)], names=[TALAH, MARU, LETHAN],
                       bot="greedy", games=2, seed=7)
    assert r["by_seat"] == table["per_seat"]
    assert r["by_deck"] == table["per_deck"]


def test_a_team_table_reads_by_team_and_partners_share_their_result():
    r = whole(FOUR)
    assert r["games"] == 4 and r["teams"] and r["fair_share"] == 0.5
    teams = r["by_team"]
    assert list(teams) == [f"{TALAH} + {LETHAN}", f"{MARU} + {VEYLAN}"]
    assert sum(score(row) for row in teams.values()) == pytest.approx(4, abs=1e-3)   # one game a game
    for a, b in ((TALAH, LETHAN), (MARU, VEYLAN)):
        assert {k: r["by_deck"][a][k] for k in ("wins", "draws", "losses")} == \
               {k: r["by_deck"][b][k] for k in ("wins", "draws", "losses")}
    assert "flank_vs_middle" not in r


@pytest.mark.parametrize("study", [THREE, FOUR], ids=["three", "two-against-two"])
def test_chunks_merged_give_the_numbers_of_one_run(study):
    total = lab.total_games(study)
    for size in (1, 2, total - 1):
        tallies = [json.loads(json.dumps(lab.play_games(CAT, study, start, count)))
                   for start, count in reversed(lab.split(total, size))]
        assert lab.results(study, lab.merge(tallies)) == whole(study)


# ---------------------------------------------------------------- the site: API, page, command
def test_a_table_study_runs_through_the_api_and_its_page_says_it_in_words(api):
    sim = start(api, kind="table", decks=[TALAH, MARU, LETHAN], games=1, seed=4, p1="greedy")
    assert sim["games"] == 3 and "a table of three, the greedy player at every seat" in sim["title"]
    assert sim["title"].endswith("games in each seat rotation")
    body = finished(api, sim["id"])
    assert body["status"] == "done", body["error"]
    assert body["release"] == "playtest-1-0" and body["study"]["seating"] == "three-players"
    results = body["results"]
    assert results["games"] == 3 and sum(score(row) for row in results["by_seat"].values()) == pytest.approx(3, abs=1e-3)
    page = api.get(body["url"]).content.decode()
    middle = results["flank_vs_middle"]["middle"]
    assert "The middle seat (S2, sharing both its edges)" in page
    assert f"{middle['win_rate'] * 100:.1f}% of the games" in page   # percent to one decimal
    assert 'id="lab-by-seat"' in page and 'id="lab-by-deck"' in page and "Rules health" in page
    assert "the middle: E1 shared with S1, E2 with S3" in page and 'id="lab-by-team"' not in page


def test_a_team_table_through_the_api_shows_its_teams(api):
    body = finished(api, start(api, kind="table", decks=[TALAH, MARU, LETHAN, VEYLAN], games=1, seed=2,
                               p1="greedy", teams=True)["id"])
    assert body["status"] == "done" and body["study"]["teams"] and body["study"]["seating"] == "two-against-two"
    assert "two against two" in body["title"]
    page = api.get(body["url"]).content.decode()
    assert 'id="lab-by-team"' in page and "Elder Maru Starter + Dr. Veylan Starter" in page
    assert 'id="lab-middle-seat"' not in page


@pytest.mark.parametrize("body,code", [
    ({"decks": [TALAH, MARU, LETHAN, VEYLAN, "starter-high-mystic-nysha"]}, "bad_decks"),
    ({"decks": [TALAH, MARU]}, "bad_decks"),
    ({"decks": [TALAH, MARU, LETHAN], "teams": True}, "bad_teams"),
    ({"kind": "matchup", "decks": [TALAH, MARU], "teams": True}, "bad_teams"),
    ({"decks": [TALAH, MARU, TALAH]}, "bad_decks"),
    ({"decks": [TALAH, MARU, LETHAN], "games": 0}, "bad_games"),
    ({"decks": [TALAH, MARU, LETHAN], "games": 6_667}, "bad_games"),   # 3 rotations: 20,001 games, over the limit
    ({"decks": [TALAH, MARU, LETHAN], "p1": "cpu:expert"}, "bad_player"),
])
def test_a_wrong_table_is_a_clear_400(api, body, code):
    response = api.post("/api/simulations/", {"kind": "table", "games": 2, **body}, format="json")
    assert response.status_code == 400 and response.json()["code"] == code, response.json()
    assert response.json()["message"] and not Simulation.objects.exists()


def test_an_illegal_deck_at_the_table_is_refused_with_the_validators_code(catalogue_db):
    from django.contrib.auth.models import User
    from rest_framework.test import APIClient
    owner = User.objects.create_user("dee")
    client = APIClient()
    client.force_login(owner)
    draft = deck_services.deck_create(owner=owner, name="Draft", hero="dr-veylan", counts={"kalen-vos": 3})
    response = client.post("/api/simulations/", {"kind": "table", "decks": [TALAH, MARU, str(draft.pk)],
                                                 "games": 1}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid_deck"
    assert not Simulation.objects.exists()


def printed_pyramid() -> dict:
    """The start form's Pyramid counts as the page first shows them: the printed deck."""
    from cards.catalogue import play_catalogue
    from rules.lab.services import pyramid_cards
    return {f"pyramid_{slug}": printed for slug, _, printed in pyramid_cards(play_catalogue())}


def test_the_start_page_offers_the_table_and_starts_one(client, catalogue_db):
    html = client.get("/lab/").content.decode()
    assert 'value="table"' in html and 'id="id_table_deck_4"' in html and 'name="teams"' in html
    seating = html.split('<label for="id_seating">')[0].rsplit("<div", 1)[1]
    assert "table" not in seating and "matchup" in seating   # a table's seats follow from its decks
    response = client.post("/lab/", {"kind": "table", "decks": [TALAH, MARU, LETHAN, ""], "p1": "greedy",
                                     "games": 1, "seed": 5, **printed_pyramid()})
    assert response.status_code == 302
    sim = Simulation.objects.get()
    assert sim.kind == "table" and [d["id"] for d in sim.study["decks"]] == [TALAH, MARU, LETHAN]
    assert sim.games == 3 and sim.study["p1"] == "greedy" and not sim.study["teams"]
    wrong = client.post("/lab/", {"kind": "table", "decks": [TALAH, MARU, LETHAN, ""], "teams": "on", "games": 1,
                                  "seating": "side-by-side", **printed_pyramid()})
    assert wrong.status_code == 400 and 'data-code="bad_teams"' in wrong.content.decode()


@pytest.mark.django_db
def test_the_simulate_command_runs_a_table_and_refuses_a_team_of_three(catalogue_db):
    out = StringIO()
    call_command("simulate", "--kind", "table", "--decks", f"{TALAH},{MARU},{LETHAN},{VEYLAN}", "--teams",
                 "--games", "1", "--seed", "2", "--p1", "greedy", "--local", "--json", stdout=out)
    report = json.loads(out.getvalue())
    assert report["results"]["games"] == 4 and len(report["results"]["by_team"]) == 2
    assert report["study"]["release"] == "playtest-1-0"
    with pytest.raises(CommandError, match="bad_teams"):
        call_command("simulate", "--kind", "table", "--decks", f"{TALAH},{MARU},{LETHAN}", "--teams", "--games", "1",
                     "--local", stdout=StringIO())
