"""What-if errata in the lab (rules/engine/errata.py, rules/engine/paired.py): a study changes cards without touching
the catalogue, plays them as the variant `study-errata`, shows the diff, refuses bad errata naming the path, and a
paired study reports both results and their difference with a 95% interval."""
from __future__ import annotations

import pytest

from cards.catalogue import card_def_to_data
from rules.engine import lab as engine_lab
from rules.engine.catalogue import load_catalogue
from rules.engine.errata import STUDY_ERRATA, ErrataError, with_errata
from rules.engine.simulate import starter_deck
from rules.models import Simulation
from tests.lab.test_api import finished, start

CAT = load_catalogue()
CARDS = [card_def_to_data(card) for card in CAT.cards.values()]


def test_errata_change_the_named_cards_and_everything_derived_from_them():
    changed = with_errata(CAT, CARDS, {"kalen-vos": {"rarity": "uncommon", "abilities": {"2": {"amount": 3}}}})
    kalen = changed["kalen-vos"]
    assert kalen.rarity == "uncommon" and kalen.hp == 4   # a Person's HP follows its rarity (rulebook table)
    assert kalen.abilities[1].amount == 3 and kalen.abilities[0] == CAT["kalen-vos"].abilities[0]
    assert STUDY_ERRATA in changed.variants and CAT["kalen-vos"].rarity == "common"   # the catalogue is untouched
    assert changed.data_hash != CAT.data_hash


@pytest.mark.parametrize("errata, path", [
    ({"nobody": {"hp": 3}}, "errata.nobody"),
    ({"dr-veylan": {"colour": "red"}}, "errata.dr-veylan.colour"),
    ({"dr-veylan": {"hp": 0}}, "errata.dr-veylan.hp"),
    ({"kalen-vos": {"rarity": "mythic"}}, "errata.kalen-vos.rarity"),
    ({"kalen-vos": {"abilities": {"2": {"amount": 99}}}}, "errata.kalen-vos.abilities.2.amount"),
    ({"kalen-vos": {"abilities": {"7": {"amount": 1}}}}, "errata.kalen-vos.abilities.7"),
    ({"kalen-vos": {"cost": {"XX": 1}}}, "errata.kalen-vos.cost.XX"),
    ({"kalen-vos": {"abilities": {"1": {"keyword": "teleport"}}}}, "errata.kalen-vos.abilities.1.keyword"),
    ({"kalen-vos": {"abilities": [{"amount": 1}]}}, "errata.kalen-vos.abilities.1"),
    ({"kalen-vos": {"type": "hero"}}, "errata.kalen-vos.type"),
])
def test_bad_errata_name_the_path_that_is_wrong(errata, path):
    with pytest.raises(ErrataError) as caught:
        with_errata(CAT, CARDS, errata)
    assert caught.value.path == path


# Every field the engine does not play for a card's type: the changes, the path refused, words of the reason, and a
# starter deck that runs the card (every game flips the Pyramid's cards).
NOT_PLAYED = [
    ({"kalen-vos": {"hp": 9}}, "errata.kalen-vos.hp", "a Person's HP comes from its rarity (Common: 2 HP", "dr-veylan"),
    ({"kalen-vos": {"rarity": "rare", "hp": 9}}, "errata.kalen-vos.hp", "(Rare: 6 HP", "dr-veylan"),
    ({"flooded-foundry": {"type": "person", "hp": 9}}, "errata.flooded-foundry.hp", "a Person's HP comes from",
     "dr-veylan"),
    ({"flooded-foundry": {"hp": 9}}, "errata.flooded-foundry.hp", "a scene has no HP", "dr-veylan"),
    ({"heartstone": {"hp": 9}}, "errata.heartstone.hp", "a battery has no HP", "dr-veylan"),
    ({"phase-cutter": {"cost": {"DC": 3}}}, "errata.phase-cutter.cost", "for the equip cost (1 CE", "dr-veylan"),
    ({"thornband": {"cost": {"CE": 3}}}, "errata.thornband.cost", "an enchantment is played by equipping it",
     "high-mystic-nysha"),
    ({"dark-current": {"cost": {"CE": 1}}}, "errata.dark-current.cost", "an Energy card is played for free",
     "dr-veylan"),
    ({"talah": {"cost": {"CE": 1}}}, "errata.talah.cost", "a Hero starts in play", "talah"),
    ({"the-pulse": {"cost": {"CE": 1}}}, "errata.the-pulse.cost", "a Pyramid card is flipped", "talah"),
    ({"heartstone": {"produces": "DC"}}, "errata.heartstone.produces", "only an Energy card produces energy",
     "dr-veylan"),
    ({"kalen-vos": {"produces": "DC"}}, "errata.kalen-vos.produces", "a person never taps", "dr-veylan"),
]


@pytest.mark.parametrize("errata, path, reason, hero", NOT_PLAYED)
def test_an_erratum_the_engine_would_not_play_is_refused_with_its_path_and_why(errata, path, reason, hero):
    """It was accepted, shown in the study's diff ("hp — 4") and silently ignored: a designer concluded that HP does
    not matter. The games prove it ignored: with the field changed in the card data, the same games."""
    from rules.engine.catalogue import compile_catalogue, read_tables

    with pytest.raises(ErrataError) as caught:
        with_errata(CAT, CARDS, errata)
    assert caught.value.path == path and reason in caught.value.message, caught.value.message
    (slug, changes), = errata.items()
    field = path.rsplit(".", 1)[1]
    games = []
    for change in (changes, {k: v for k, v in changes.items() if k != field}):
        cards = [{**raw, **change} if raw["name"] == CAT[slug].name else raw for raw in CARDS]
        catalogue = compile_catalogue({**read_tables(), "cards": cards})
        played = engine_lab.run_goldfish(catalogue, starter_deck(catalogue, f"starter-{hero}"), games=6, seed=7,
                                         bot="greedy")
        games.append({k: v for k, v in played.items() if k != "data_hash"})   # the data differ, the games do not
    assert games[0] == games[1]


def test_the_fields_the_engine_plays_are_still_taken():
    changed = with_errata(CAT, CARDS, {"talah": {"hp": 30}, "kalen-vos": {"cost": {"DC": 2}},
                                       "heartstone": {"cost": {"CE": 1}}, "dark-current": {"produces": "LC"}})
    assert changed["talah"].hp == 30 and changed["kalen-vos"].cost.as_dict() == {"DC": 2}
    assert changed["heartstone"].cost.as_dict() == {"CE": 1} and changed["dark-current"].produces == "LC"


def test_a_study_with_errata_plays_them_and_a_paired_one_reports_the_difference():
    errata = {"dr-veylan": {"hp": 40}}   # his HP left counts for Legacy
    base = {"kind": "goldfish", "games": 12, "seed": 3, "bot": "greedy", "seating": "side-by-side", "variants": [],
            "decks": [{"name": "v", "hero": "dr-veylan", "cards": list(starter_deck(CAT, "starter-dr-veylan").cards)}],
            "cards": CARDS, "data_hash": CAT.data_hash}
    assert engine_lab.study_variants({**base, "errata": errata})[-1] == STUDY_ERRATA
    study = {**base, "errata": errata, "paired": True}
    tallies = [engine_lab.play_games(CAT, study, s, n) for s, n in engine_lab.split(12, 5)]
    result = engine_lab.results(study, engine_lab.merge(tallies))
    plain = engine_lab.results(base, engine_lab.play_games(CAT, base, 0, 12))
    assert result["without_errata"] == plain   # the same seeds without the errata: the plain study's numbers
    low, high = result["difference"]["interval"]
    assert result["difference"]["mean"] > 0 and low <= result["difference"]["mean"] <= high
    assert result["with_errata"]["legacy"]["mean"] - plain["legacy"]["mean"] == pytest.approx(
        result["difference"]["mean"], abs=0.01)


def test_the_api_takes_errata_shows_the_diff_and_refuses_bad_ones_with_the_path(api):
    bad = api.post("/api/simulations/", {"kind": "goldfish", "deck": "starter-talah", "games": 4,
                                         "errata": {"talah": {"hp": -1}}}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "bad_errata"
    assert bad.json()["path"] == "errata.talah.hp" and "errata.talah.hp" in bad.json()["message"]
    unpaired = api.post("/api/simulations/", {"kind": "pyramid", "games": 4, "paired": True}, format="json")
    assert unpaired.status_code == 400 and unpaired.json()["path"] == "paired"
    sim = finished(api, start(api, kind="goldfish", deck="starter-talah", games=8, seed=2,
                              errata={"talah": {"hp": 40}}, paired=True)["id"])
    assert sim["status"] == "done", sim["error"]
    assert sim["study"]["errata_diff"] == [{"card": "talah", "name": "Talah", "field": "hp",
                                            "before": CAT["talah"].hp, "after": 40}]
    assert sim["results"]["paired"] and sim["results"]["difference"]["mean"] > 0
    page = api.get(sim["url"]).content.decode()
    assert 'id="lab-errata"' in page and "Talah" in page


def test_the_api_refuses_an_erratum_it_would_not_play_naming_the_path_and_why(api):
    response = api.post("/api/simulations/", {"kind": "goldfish", "deck": "starter-dr-veylan", "games": 4,
                                              "errata": {"kalen-vos": {"hp": 4}}}, format="json")
    body = response.json()
    assert response.status_code == 400 and body["code"] == "bad_errata" and body["path"] == "errata.kalen-vos.hp"
    assert "a Person's HP comes from its rarity (Common: 2 HP" in body["message"] and "change its rarity" in \
        body["message"]
    assert not Simulation.objects.exists()


@pytest.mark.parametrize("errata", [None, {"talah": {"hp": 40}}, {}, [], "talah", {"talah": {}}, {"talah": 3}])
def test_the_schema_and_the_server_agree_on_what_errata_may_be(api, errata):
    """`"errata": null` was allowed by the schema (no type at all) and refused by the server (400 invalid): now
    null means no errata, and whatever the schema refuses the server refuses too, and the other way round."""
    import jsonschema
    from drf_spectacular.generators import SchemaGenerator

    schema = dict(SchemaGenerator().get_schema(public=True)["components"]["schemas"]["StudyStartRequest"]
                  ["properties"]["errata"])
    nullable = schema.pop("nullable", False)
    allowed = nullable if errata is None else jsonschema.Draft4Validator(schema).is_valid(errata)
    response = api.post("/api/simulations/", {"kind": "goldfish", "deck": "starter-talah", "games": 4, "seed": 1,
                                              "errata": errata}, format="json")
    assert (response.status_code == 202) == allowed, (schema, response.json())
    if errata is None:
        assert "errata" not in response.json()["study"] and "errata" not in response.json()["title"]
    elif not allowed:
        assert response.status_code == 400 and response.json()["code"] == "bad_errata", response.json()


def test_every_study_reports_rules_health_and_flags_games_that_do_not_end_by_themselves(api):
    """Dr. Veylan's greedy goldfish games mostly end by the full circle (RULINGS 39's measure): flagged."""
    deck = {"name": "v", "hero": "dr-veylan", "cards": list(starter_deck(CAT, "starter-dr-veylan").cards)}
    study = {"kind": "goldfish", "games": 30, "seed": 1, "bot": "greedy", "seating": "side-by-side", "variants": [],
             "decks": [deck]}
    health = engine_lab.results(study, engine_lab.merge(
        engine_lab.play_games(CAT, study, s, n) for s, n in engine_lab.split(30, 7)))["rules_health"]
    assert health["games"] == 30 and health["cataclysm_round"]["max"] <= 50
    assert health["by_hero"]["dr-veylan"]["games"] == 30 and health["discharges_per_game"] > 0
    assert health["full_circle_share"] > 0.5 and health["flags"][0]["code"] == "games_do_not_end"
    talah = {**study, "decks": [{**deck, "hero": "talah", "cards": list(starter_deck(CAT, "starter-talah").cards)}]}
    calm = engine_lab.results(talah, engine_lab.play_games(CAT, talah, 0, 30))["rules_health"]
    assert calm["full_circle_share"] == 0 and calm["flags"] == [] and calm["decisions_per_game"] > 0
    duel = finished(api, start(api, kind="matchup", decks=["starter-talah", "starter-dr-veylan"], games=4, seed=1,
                               p1="cpu:hard", p2="cpu:hard")["id"])
    assert set(duel["results"]["rules_health"]["by_hero"]) == {"talah", "dr-veylan"}
    assert 'id="lab-health"' in api.get(duel["url"]).content.decode()


def test_a_study_stops_when_answered_the_same_way_every_time_and_reports_the_games_it_saved(api):
    body = {"kind": "goldfish", "deck": "starter-talah", "games": 2000, "seed": 4, "bot": "random",
            "target_width": 12}
    sim = finished(api, start(api, **body)["id"])
    early = sim["results"]["stopped_early"]
    assert sim["status"] == "done" and early["width"] <= 12 and early["games_saved"] > 0
    assert sim["games_done"] == early["games_played"] == sim["results"]["games"] >= 100
    assert 'id="lab-stopped-early"' in api.get(sim["url"]).content.decode()
    again = finished(api, start(api, **body)["id"])
    assert again["results"] == sim["results"]   # stopped on chunks in order: whichever worker was quicker
    from tests.lab.test_command import simulate
    here = simulate("--kind", "goldfish", "--deck", "starter-talah", "--games", "2000", "--seed", "4",
                    "--bot", "random", "--target-width", "12", "--local")
    assert here["results"] == sim["results"]
    bad = api.post("/api/simulations/", {**body, "target_width": -1}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "bad_target_width"


def test_the_width_a_study_stops_at_is_its_headline_interval():
    from rules.engine import precision
    deck = {"name": "a", "hero": "talah", "cards": list(starter_deck(CAT, "starter-talah").cards)}
    other = {"name": "b", "hero": "lethan", "cards": list(starter_deck(CAT, "starter-lethan").cards)}
    study = {"kind": "matchup", "games": 6, "seed": 1, "p1": "random", "p2": "random", "seating": "side-by-side",
             "variants": [], "decks": [deck, other]}
    tally = engine_lab.play_games(CAT, study, 0, 6)
    low, high = engine_lab.results(study, tally)["interval"]
    assert precision.width(study, tally) == pytest.approx(high - low, abs=1e-3)
    assert precision.answered({**study, "target_width": 1.0}, [tally], engine_lab.merge) is None   # under 100 games


@pytest.mark.parametrize("errata, touched", [
    ({"moss-healer": {"rarity": "rare"}}, lambda n, games: n == 0),   # a card the deck does not run: no game changes
    ({"kalen-vos": {"abilities": {"1": {"amount": 3}}}}, lambda n, games: 0 < n < games),   # only games that draw it
])
def test_a_paired_study_counts_the_games_its_errata_touched(errata, touched):
    study = {"kind": "goldfish", "games": 16, "seed": 3, "bot": "greedy", "seating": "side-by-side", "variants": [],
             "decks": [{"name": "v", "hero": "dr-veylan", "cards": list(starter_deck(CAT, "starter-dr-veylan").cards)}],
             "cards": CARDS, "data_hash": CAT.data_hash, "errata": errata, "paired": True}
    tallies = [engine_lab.play_games(CAT, study, s, n) for s, n in engine_lab.split(16, 5)]
    result = engine_lab.results(study, engine_lab.merge(tallies))
    assert touched(result["games_touched"], 16), result["games_touched"]
