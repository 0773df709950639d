"""Card impact studies (rules/engine/impact.py): per distinct card, "game in hand" and the measured effect of one copy
taken out on the same seeds, sorted, in the API, the command line and the study's page."""
from __future__ import annotations

from cards.catalogue import card_def_to_data
from rules.engine import lab as engine_lab
from rules.engine.catalogue import load_catalogue
from rules.engine.impact import without_one
from rules.engine.simulate import starter_deck
from tests.lab.test_api import finished, start

CAT = load_catalogue()


def study(**extra):
    deck = {"name": "t", "hero": "talah", "cards": list(starter_deck(CAT, "starter-talah").cards)}
    return {"kind": "card_impact", "games": 6, "seed": 2, "bot": "random", "seating": "side-by-side",
            "variants": [], "decks": [deck], "filler": "light-resonance",
            "cards": [card_def_to_data(c) for c in CAT.cards.values()], **extra}


def test_each_distinct_card_gets_its_game_in_hand_figures_and_one_copys_effect_whatever_the_split():
    s = study()
    whole = engine_lab.results(s, engine_lab.play_games(CAT, s, 0, 6))
    split = engine_lab.results(s, engine_lab.merge(engine_lab.play_games(CAT, s, a, n)
                                                   for a, n in engine_lab.split(6, 4)))
    assert whole == split
    rows = {r["card"]: r for r in whole["cards"]}
    assert set(rows) == set(s["decks"][0]["cards"]) and whole["games"] == 6
    for row in rows.values():
        assert row["drawn"]["games"] + row["not_drawn"]["games"] == 6
        assert row["played"]["games"] <= row["drawn"]["games"]   # a card is played only once drawn
    assert rows["light-resonance"]["one_copy"] is None   # the filler is not measured against itself
    means = [r["one_copy"]["mean"] for r in whole["cards"] if r["one_copy"]]
    assert means == sorted(means, reverse=True)
    some = next(r for r in whole["cards"] if r["one_copy"])
    low, high = some["one_copy"]["interval"]
    assert low <= some["one_copy"]["mean"] <= high


def test_taking_a_copy_out_replaces_exactly_one_copy_by_the_filler():
    deck = {"hero": "talah", "cards": ["a", "b", "b", "c"]}
    assert without_one(deck, "b", "f").cards == ("a", "f", "b", "c")


def test_a_card_impact_study_against_a_field_through_the_api(api):
    sim = finished(api, start(api, kind="card_impact", decks=["starter-talah", "starter-lethan"], games=2, seed=1,
                              p1="random", p2="random")["id"])
    assert sim["status"] == "done", sim["error"]
    assert sim["results"]["measure"].startswith("score") and sim["study"]["filler"]
    assert 'id="lab-impact"' in api.get(sim["url"]).content.decode()
    bad = api.post("/api/simulations/", {"kind": "card_impact", "deck": "starter-talah", "games": 2,
                                         "filler": "dr-veylan"}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "bad_filler"


def test_card_impact_from_the_command_line(catalogue_db):
    from tests.lab.test_command import simulate
    report = simulate("--kind", "card_impact", "--deck", "starter-talah", "--games", "2", "--bot", "random",
                      "--filler", "light-resonance", "--local")
    assert report["results"]["filler"] == "light-resonance" and report["results"]["cards"]


def test_the_start_form_offers_card_impact_and_starts_one(client, catalogue_db):
    assert 'value="card_impact"' in client.get("/lab/").content.decode()
    response = client.post("/lab/", {"kind": "card_impact", "decks": ["starter-talah"], "games": 1, "bot": "random",
                                     "seating": "side-by-side", "pyramid_the-pulse": 40, "pyramid_the-surge": 10})
    assert response.status_code == 302, response.content.decode()[:1500]


def test_a_card_impact_study_reports_the_full_circle_share_and_shows_it_with_its_interval(client, catalogue_db):
    """Issue 33: like every other kind, card impact tallies the rules' health of the games with the deck as built
    (the share ended by the full circle, per Hero at the table), the same whatever the split, and its page shows it."""
    from rules.models import Simulation
    foe = {"name": "f", "hero": "lethan", "cards": list(starter_deck(CAT, "starter-lethan").cards)}
    s = study(games=4, p1="random", p2="random")
    s["decks"].append(foe)
    whole = engine_lab.results(s, engine_lab.play_games(CAT, s, 0, 4))
    split = engine_lab.results(s, engine_lab.merge(engine_lab.play_games(CAT, s, a, n)
                                                   for a, n in engine_lab.split(4, 3)))
    assert whole == split
    health = whole["rules_health"]
    assert health["games"] == 4 and 0 <= health["full_circle_share"] <= 1
    assert set(health["by_hero"]) == {"talah", "lethan"} and health["by_hero"]["talah"]["games"] == 4
    assert {"cards", "filler", "measure", "mean_measure", "mean_legacy", "games"} <= set(whole)   # as before
    sim = Simulation.objects.create(kind="card_impact", title="Card impact", games=4, seed=2, status="done",
                                    is_public=True, engine="local", results=whole, study=s)
    page = client.get(sim.get_absolute_url()).content.decode()
    assert 'id="lab-impact"' in page and 'id="lab-full-circle"' in page
    full = page[page.index('id="lab-full-circle"'):]
    assert "of 4 games (95% interval" in full[:full.index("</dd>")]
