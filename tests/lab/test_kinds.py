"""A kind of study is one entry in the registry (rules/engine/studykinds.py): the engine's lab plays and sums it, the
site's checks, form and pages read it; and the lab's engine modules are layered, with no import circle."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from cataclysm_site.api_errors import ApiError
from rules.engine import lab, precision
from rules.engine.catalogue import load_catalogue
from rules.engine.simulate import game_seed
from rules.engine.studybase import StudyKind, add, tally_distribution
from rules.engine.studykinds import STUDY_KINDS
from rules.engine.studyrequest import StudyRequest
from rules.lab import services
from rules.play.actors import Actor

ENGINE = Path(__file__).resolve().parents[2] / "rules" / "engine"
LAB_MODULES = ("studyrequest", "studybase", "impact", "studykinds", "paired", "precision", "lab")   # bottom to top


def play_coin(catalogue, study, index, tally, variants):
    add(tally, "", "heads", game_seed(int(study["seed"]), index) % 2)
    tally["counts"].setdefault("/flip", {}).setdefault(str(index % 3), 0)
    tally["counts"]["/flip"][str(index % 3)] += 1


COIN = StudyKind(
    name="coin", label="Toss a coin (no deck)", summary="a coin tossed", decks=(0, 0), play=play_coin,
    results=lambda study, tally: {"games": tally["games"], "heads": tally["sums"]["/heads"],
                                  "flips": tally_distribution(tally, "/flip")},
    players=lambda decks: "", inputs=lambda catalogue, study, request: {"coin": "fair"},
    title=lambda study: "a coin", width=lambda study, tally: 1.0 / tally["games"],
    results_template="lab/results/pyramid.html")


@pytest.fixture
def coin_kind(monkeypatch):
    monkeypatch.setitem(STUDY_KINDS, "coin", COIN)
    monkeypatch.setattr(services, "KINDS", (*services.KINDS, "coin"))


def test_a_new_kind_is_one_entry_that_the_checks_the_engine_and_precision_read(coin_kind, catalogue_db):
    study = services.build_study(Actor(user=None, session_key=""), StudyRequest(kind="coin", games=30, seed=4),
                                 trusted=True)
    assert study["kind"] == "coin" and study["coin"] == "fair" and lab.total_games(study) == 30
    assert services.default_title(study) == "a coin, 30 games"
    whole = lab.results(study, lab.play_games(load_catalogue(), study, 0, 30))
    split = lab.results(study, lab.merge(lab.play_games(load_catalogue(), study, s, n) for s, n in lab.split(30, 7)))
    assert whole == split and whole["games"] == 30 and whole["flips"]["min"] == 0 and whole["flips"]["max"] == 2
    assert 0 < whole["heads"] < 30
    assert precision.width(study, {"games": 4}) == 0.25


def test_a_kind_that_takes_no_deck_refuses_one_from_its_entry(coin_kind, catalogue_db):
    with pytest.raises(ApiError) as refused:
        services.build_study(Actor(user=None, session_key=""),
                             StudyRequest(kind="coin", decks=("starter-talah",), games=3, seed=1))
    assert refused.value.error_code == services.BAD_DECKS and "coin study takes 0 decks" in refused.value.message


def test_the_start_page_offers_every_registered_kind_and_shows_each_its_fields(client, catalogue_db):
    page = client.get("/lab/").content.decode()
    offered = re.findall(r'name="kind" value="([a-z_]+)"', page)
    assert offered == [*STUDY_KINDS, "errata"]   # then an erratum: a paired goldfish or matchup study (issue 33)
    for kind in STUDY_KINDS.values():
        assert f"> {kind.label}</label>" in page
    groups = re.findall(r'data-kinds="([a-z_ ]*)"', page)
    assert "goldfish card_impact errata" in groups and "matchup" in groups and "matrix card_impact" in groups
    assert all(groups), "every field group is shown for at least one kind"


def imports_of(name: str) -> tuple[set[str], list[str]]:
    """The engine modules a lab module imports (relative imports) and any import written inside a function."""
    tree = ast.parse((ENGINE / f"{name}.py").read_text())
    found, hidden = set(), []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            hidden += [f"{name}.{node.name}" for inner in ast.walk(node) if isinstance(inner, (ast.Import,
                                                                                               ast.ImportFrom))]
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found.update([node.module] if node.module else [alias.name for alias in node.names])
    return found, hidden


def test_the_lab_modules_are_layered_with_no_circle_and_no_import_in_a_function():
    for position, name in enumerate(LAB_MODULES):
        found, hidden = imports_of(name)
        assert not hidden, f"imports inside functions: {hidden}"
        above = set(LAB_MODULES[position + 1:])
        assert not found & above, f"{name} imports {sorted(found & above)}, above it"
