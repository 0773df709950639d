"""`manage.py simulate`: the same study from the command line, on the lab's engine or in this process (`--local`),
gives the same numbers; bad input is a clear error, not a traceback."""
from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from rules.models import Simulation


def simulate(*args):
    out = io.StringIO()
    call_command("simulate", *args, "--json", stdout=out, stderr=io.StringIO())
    return json.loads(out.getvalue())


def test_a_study_from_the_command_line_matches_the_same_study_in_process(catalogue_db):
    args = ("--kind", "goldfish", "--deck", "starter-talah", "--games", "24", "--seed", "9", "--bot", "greedy")
    here = simulate(*args, "--local")
    assert here["engine"] == "in-process" and Simulation.objects.count() == 0
    queued = simulate(*args)
    assert queued["engine"] == "local" and queued["url"] == f"/lab/{queued['id']}/"
    assert queued["results"] == here["results"] and queued["results"]["games"] == 24
    assert Simulation.objects.get(pk=queued["id"]).status == "done"


def test_a_study_in_process_plays_the_current_release_not_the_draft(catalogue_db):
    """`--local` plays the cards the study carries (the current release's), as the lab's workers do."""
    from cards.models import Card
    args = ("--kind", "goldfish", "--deck", "starter-talah", "--games", "12", "--seed", "9", "--local")
    before = simulate(*args)
    talah = Card.objects.get(slug="talah")
    talah.hp += 30   # a draft edit, not published: the Hero's HP left counts for Legacy
    talah.save()
    assert simulate(*args)["results"] == before["results"]


def test_a_matrix_from_the_command_line(catalogue_db):
    report = simulate("--kind", "matrix", "--decks", "starter-talah,starter-lethan,starter-elder-maru",
                      "--games", "2", "--p1", "greedy", "--p2", "greedy", "--local")
    assert report["results"]["games"] == 6 and len(report["results"]["overall"]) == 3


@pytest.mark.parametrize("args,code", [
    (("--kind", "matchup", "--deck", "starter-talah"), "bad_decks"),
    (("--kind", "pyramid", "--variant", "moon"), "invalid_variant"),
    (("--kind", "goldfish", "--deck", "starter-talah", "--bot", "cpu:expert"), "bad_player"),
])
def test_bad_input_is_a_command_error_naming_its_code(catalogue_db, args, code):
    with pytest.raises(CommandError, match=code):
        call_command("simulate", *args, "--games", "5", "--local", stdout=io.StringIO())


def test_errata_from_the_command_line_paired_and_refused_with_the_path(catalogue_db):
    report = simulate("--kind", "goldfish", "--deck", "starter-talah", "--games", "6", "--seed", "2",
                      "--errata", '{"talah": {"hp": 40}}', "--paired", "--local")
    assert report["results"]["paired"] and report["results"]["difference"]["mean"] > 0
    assert "cards" not in report["study"] and report["study"]["errata_diff"][0]["field"] == "hp"
    with pytest.raises(CommandError, match="bad_errata: errata.talah.wings"):
        simulate("--kind", "goldfish", "--deck", "starter-talah", "--games", "2", "--errata",
                 '{"talah": {"wings": 2}}', "--local")
