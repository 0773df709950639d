"""The `goldfish` and `run_scenario` management commands."""
from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
import yaml
from django.core.management import call_command
from django.core.management.base import CommandError

from decks.textio import format_decklist
from rules.engine.catalogue import load_catalogue

pytestmark = pytest.mark.django_db  # the commands look for a catalogue in the database first

SCENARIOS = Path(__file__).resolve().parents[2] / "rules" / "scenarios"
EXAMPLE = SCENARIOS / "example_of_play.json"
EXAMPLE_ACTIONS = SCENARIOS / "example_of_play.actions.txt"


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def goldfish_json(*args) -> dict:
    text = run("goldfish", *args, "--json")
    assert text.count("\n") <= 1, "--json prints exactly one JSON object"
    return json.loads(text)


def starter_counts(slug="starter-elder-maru"):
    entry = load_catalogue().starter_decks[slug]
    return entry["hero"], {row["card"]: row["count"] for row in entry["cards"]}


# ---------------------------------------------------------------- goldfish
def test_goldfish_json_reports_the_run():
    stats = goldfish_json("--deck", "starter-elder-maru", "--games", "3", "--seed", "5", "--bot", "greedy")
    assert stats["games"] == 3 and stats["seed"] == 5 and stats["bot"] == "greedy"
    assert stats["deck"]["hero"] == "elder-maru" and stats["deck"]["source"] == "starter"
    assert stats["catalogue"] == "files"  # the test database holds no catalogue
    assert sum(row["count"] for row in stats["legacy"]["histogram"]) == 3


def test_goldfish_same_seed_same_output_and_a_hero_slug_names_its_starter_deck():
    args = ("--deck", "starter-talah", "--games", "2", "--seed", "9", "--json")
    first = run("goldfish", *args)
    assert run("goldfish", *args) == first
    by_hero = run("goldfish", "--deck", "talah", "--games", "2", "--seed", "9", "--json")
    assert by_hero == first
    assert run("goldfish", "--deck", "talah", "--games", "2", "--seed", "10", "--json") != first


def test_goldfish_gives_the_same_output_on_one_worker_or_several():
    args = ("--deck", "starter-talah", "--games", "120", "--seed", "4", "--bot", "random", "--json")
    one = run("goldfish", *args, "--workers", "1")
    assert run("goldfish", *args, "--workers", "2") == one
    assert json.loads(one)["games"] == 120


def test_goldfish_refuses_no_workers():
    with pytest.raises(CommandError, match="bad_workers"):
        run("goldfish", "--deck", "talah", "--games", "2", "--workers", "0")


def test_goldfish_prints_a_readable_table():
    text = run("goldfish", "--deck", "lethan", "--games", "2", "--seed", "1", "--seating", "diagonal")
    for expected in ("Lethan Starter", "seating diagonal", "Legacy", "Rounds to Cataclysm", "Hero survival rate",
                     "Arc Burn damage", "Legacy histogram"):
        assert expected in text
    assert not text.lstrip().startswith("{")


def test_goldfish_plays_a_valid_decklist_file(tmp_path):
    hero, counts = starter_counts()
    path = tmp_path / "maru.txt"
    path.write_text(format_decklist(hero, counts, load_catalogue()), encoding="utf-8")
    stats = goldfish_json("--deck", str(path), "--games", "2", "--seed", "3")
    assert stats["deck"] == {"hero": hero, "cards": 45, "name": "maru.txt", "source": "file"}


def test_goldfish_refuses_an_invalid_decklist_with_its_errors(tmp_path):
    hero, counts = starter_counts()
    removed = counts.pop("deep-roots")
    counts["kalen-vos"] = removed - 1  # a card short, and an Atlantean Fanatic card in a Lemurian deck
    path = tmp_path / "bad.txt"
    path.write_text(format_decklist(hero, counts, load_catalogue()), encoding="utf-8")
    with pytest.raises(CommandError) as caught:
        run("goldfish", "--deck", str(path), "--games", "1")
    message = str(caught.value)
    assert "deck_invalid" in message and "deck_size" in message and "wrong_faction" in message


def test_goldfish_refuses_a_decklist_with_unreadable_lines(tmp_path):
    path = tmp_path / "typo.txt"
    path.write_text("Hero: Elder Maru\n3 Sorela Ven\n42 Light Resonance\n", encoding="utf-8")
    with pytest.raises(CommandError, match="deck_unreadable") as caught:
        run("goldfish", "--deck", str(path))
    assert "line 2" in str(caught.value)


@pytest.mark.parametrize("args, code", [
    (("--deck", "starter-nobody"), "deck_not_found"),
    (("--deck", "talah", "--games", "0"), "bad_games"),
    (("--deck", "talah", "--seating", "circle"), "bad_seating"),
])
def test_goldfish_refuses_bad_arguments(args, code):
    with pytest.raises(CommandError, match=code):
        run("goldfish", *args)


def test_goldfish_uses_the_database_catalogue_when_it_is_loaded(catalogue_db):
    stats = goldfish_json("--deck", "elder-maru", "--games", "1", "--seed", "2")
    assert stats["catalogue"] == "database"
    assert stats["games"] == 1


# ---------------------------------------------------------------- run_scenario
def example_output(actions=EXAMPLE_ACTIONS) -> dict:
    return json.loads(run("run_scenario", str(EXAMPLE), "--actions", str(actions)))


def test_run_scenario_plays_the_example_of_play():
    out = example_output()
    wanted = [line for line in EXAMPLE_ACTIONS.read_text().splitlines() if line and not line.startswith("#")]
    assert len(out["applied"]) == len(wanted)
    texts = [e["text"] for e in out["events"]]
    assert any("Kalen Vos" in t and "negated" in t for t in texts)  # Deep Roots made Sorella Venn immune
    maru = out["state"]["players"][1]
    sorella = maru["people"][0]
    assert sorella["card"] == "sorella-venn" and sorella["damage"] == 0 and "ward 1" in sorella["statuses"]
    assert maru["scenes"][0]["dormant"] and maru["batteries"][0]["charge"] == 2
    veylan = out["state"]["players"][0]
    assert veylan["people"][0]["card"] == "kalen-vos"
    assert [e["card"] for e in veylan["people"][0]["equipment"]] == ["phase-cutter"]
    assert any(e["type"] == "pyramid" and "The Pulse" in e["text"] for e in out["events"])
    assert out["state"]["round"] == 4 and out["state"]["current_player"] == 0
    # Round 4 begins in Dr. Veylan's Action Phase: his Passive waits for a Reaction Phase window (RULINGS 39).
    kinds = {a["kind"] for a in out["legal_actions"]}
    assert "end_turn" in kinds and not kinds & {"trigger", "decline", "react"}


def test_run_scenario_takes_a_json_list_of_ids_or_labels(tmp_path):
    labels = [line for line in EXAMPLE_ACTIONS.read_text().splitlines() if line and not line.startswith("#")]
    first = example_output()
    ids = [row["id"] for row in first["applied"]]
    mixed = ids[:5] + labels[5:]
    path = tmp_path / "actions.json"
    path.write_text(json.dumps(mixed), encoding="utf-8")
    assert example_output(path)["state"] == first["state"]


def test_run_scenario_without_actions_prints_the_first_decision():
    out = json.loads(run("run_scenario", str(EXAMPLE)))
    assert out["applied"] == [] and out["legal_actions"]
    assert out["state"]["round"] == 3


def test_run_scenario_names_an_illegal_action_and_the_legal_ones(tmp_path):
    path = tmp_path / "actions.txt"
    path.write_text("Play Dark Current\nTap Dark Current for energy\nPass priority\n", encoding="utf-8")
    with pytest.raises(CommandError) as caught:
        run("run_scenario", str(EXAMPLE), "--actions", str(path))
    message = str(caught.value)
    assert "action_illegal" in message and "#3 'Pass priority'" in message   # nothing on the stack to pass over
    assert "End the turn" in message  # the legal choices are listed


def test_run_scenario_refuses_a_broken_scenario(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text(json.dumps({"players": [{"hero": "nobody"}, None]}), encoding="utf-8")
    with pytest.raises(CommandError, match="scenario_invalid"):
        run("run_scenario", str(path))
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CommandError, match="scenario_unreadable"):
        run("run_scenario", str(path))


def test_run_scenario_reads_yaml_scenarios_too(tmp_path):
    path = tmp_path / "example.yaml"
    path.write_text(yaml.safe_dump(json.loads(EXAMPLE.read_text())), encoding="utf-8")
    out = json.loads(run("run_scenario", str(path), "--actions", str(EXAMPLE_ACTIONS)))
    assert out["state"] == example_output()["state"]


def test_run_scenario_prints_json_with_the_error_and_the_legal_actions_on_an_illegal_action(tmp_path):
    path = tmp_path / "actions.txt"
    path.write_text("Play Dark Current\nTap Dark Current for energy\nTap Dark Current for energy\nSummon Kalen Vos (pay 2 DC)\nPass priority\n", encoding="utf-8")
    out = StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("run_scenario", str(EXAMPLE), "--actions", str(path), stdout=out)
    assert caught.value.returncode == 1
    printed = json.loads(out.getvalue())
    assert printed["error"]["code"] == "action_illegal" and printed["error"]["number"] == 5
    assert printed["error"]["action"] == "Pass priority"
    assert {a["kind"] for a in printed["legal_actions"]} == {"target"}   # Kalen Vos's target is being chosen
    assert [a["label"] for a in printed["applied"]][-1] == "Summon Kalen Vos (pay 2 DC)"


def test_run_scenario_traces_every_action_and_scores_a_game_that_is_not_over(tmp_path):
    path = tmp_path / "actions.txt"
    path.write_text("Play Dark Current\nTap Dark Current for energy\nTap Dark Current for energy\nSummon Kalen Vos (pay 2 DC)\nTarget Sorella Venn\n", encoding="utf-8")
    printed = json.loads(run("run_scenario", str(EXAMPLE), "--actions", str(path), "--trace", "--score"))
    assert [t["action"] for t in printed["trace"]] == [a["id"] for a in printed["applied"]]
    assert printed["trace"][0]["state"]["stack"] == [] and printed["trace"][-1]["state"]["stack"]
    assert printed["result"]["final"] is False and printed["result"]["breakdown"][0]


def test_run_scenario_expect_passes_quietly_and_fails_with_a_readable_diff(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"round": 3, "cards": {"P1 dr-veylan": {"damage": 0}}, "over": False}))
    printed = json.loads(run("run_scenario", str(EXAMPLE), "--expect", str(good)))
    assert printed["expect"] == {"file": str(good), "ok": True, "differences": []}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"round": 9, "cards": {"P1 dr-veylan": {"damage": 3}, "P2 nope": {"zone": "board"}},
                               "edges": {"E1": {"locked": True}}}))
    with pytest.raises(CommandError) as caught:
        run("run_scenario", str(EXAMPLE), "--expect", str(bad))
    message = str(caught.value)
    assert caught.value.returncode == 1 and message.startswith("expectation_failed")
    for line in ("round: expected 9, got 3", "cards.P1 dr-veylan.damage: expected 3, got 0",
                 "cards.P2 nope: expected a card, there is none", "edges.E1.locked: expected True, got False"):
        assert line in message
    typo = tmp_path / "typo.json"
    typo.write_text(json.dumps({"rnd": 3}))
    with pytest.raises(CommandError, match="expectation_invalid.*unknown key 'rnd'"):
        run("run_scenario", str(EXAMPLE), "--expect", str(typo))
