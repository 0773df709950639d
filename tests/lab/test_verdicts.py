"""A paired errata study's verdict in words (issue 33), from fixed numbers: the effect before → after, absolute and
relative, whether its interval excludes zero, and how many games the change touched."""
from __future__ import annotations

import pytest

from rules.lab.verdicts import erratum_verdict
from rules.models import Simulation

MATCHUP = {"games": 2000, "paired": True, "games_touched": 706, "measure": "score of deck A (win 1, draw 1/2)",
           "with_errata": {"win_rate": 0.5391, "decks": ["Talah Starter", "Lethan Starter"]},
           "without_errata": {"win_rate": 0.4822, "decks": ["Talah Starter", "Lethan Starter"]},
           "difference": {"mean": 0.0569, "interval": [0.0211, 0.0927]}}
GOLDFISH = {"games": 400, "paired": True, "measure": "legacy", "with_errata": {"legacy": {"mean": 44.04}},
            "without_errata": {"legacy": {"mean": 41.3}}, "difference": {"mean": 2.74, "interval": [-0.96, 6.44]}}


def test_a_matchup_erratum_reads_as_win_rates_points_and_percent_and_a_real_change():
    verdict = erratum_verdict(MATCHUP)
    assert verdict["effect"] == "Talah Starter's win rate 48.2% → 53.9%, +5.7 points (+11.8%)"
    assert verdict["interval"] == "95% interval of the change: +2.1 to +9.3 points"
    assert verdict["real"] and verdict["significance"].startswith("A real change")
    assert verdict["touched"].startswith("The errata changed how 706 of 2,000 games played out (35.3%)")


def test_an_interval_straddling_zero_is_not_called_a_change():
    verdict = erratum_verdict(GOLDFISH)
    assert verdict["effect"] == "Mean Legacy 41.3 → 44.0, +2.7 (+6.6%)"
    assert verdict["interval"] == "95% interval of the change: −1.0 to +6.4"
    assert not verdict["real"]
    assert verdict["significance"].startswith("Not distinguishable from no change at this size")
    assert verdict["touched"] is None   # a study stored before touched games were counted says nothing of them


def test_a_worse_erratum_reads_with_a_minus_sign():
    worse = {**MATCHUP, "with_errata": {**MATCHUP["with_errata"], "win_rate": 0.4222},
             "difference": {"mean": -0.06, "interval": [-0.095, -0.025]}}
    verdict = erratum_verdict(worse)
    assert verdict["effect"] == "Talah Starter's win rate 48.2% → 42.2%, −6.0 points (−12.4%)" and verdict["real"]


@pytest.mark.django_db
def test_the_study_page_puts_the_verdict_first(client, catalogue_db):
    sim = Simulation.objects.create(kind="matchup", title="An erratum", games=2000, seed=1, status="done",
                                    is_public=True, engine="local", results=MATCHUP,
                                    study={"kind": "matchup", "games": 2000, "seed": 1, "paired": True,
                                           "errata": {"kalen-vos": {"abilities": {"2": {"amount": 3}}}},
                                           "errata_diff": [{"card": "kalen-vos", "name": "Kalen Vos",
                                                            "field": "abilities", "before": [{"amount": 1}],
                                                            "after": [{"amount": 3}]}]})
    page = client.get(sim.get_absolute_url()).content.decode()
    assert "An erratum: a changed card against the printed one, on the same seeds · A matchup" in page
    verdict = page[page.index('id="lab-verdict"'):]
    assert "Talah Starter&#x27;s win rate 48.2% → 53.9%, +5.7 points (+11.8%)" in verdict
    assert "A real change" in verdict and "706 of 2,000 games" in verdict
    errata = page[page.index('id="lab-errata"'):]
    assert "<td>Ability 1 · amount</td><td>1</td><td>3</td>" in errata   # the number that changed, not a list
