"""The lab's results pages read as a designer reads (issue 33): no raw template comment, no jargon (the kind's code
name, rulings by number, where the chunks ran, card slugs), and every estimate at one precision with its
interval."""
from __future__ import annotations

import re

from rules.models import Simulation
from tests.lab.test_api import finished, start

ESTIMATE = re.compile(r"-?\d+\.\d\d \(-?\d+\.\d\d to -?\d+\.\d\d\)")   # "13.31 (8.84 to 17.78)"
OLD_FLAG = {"code": "games_do_not_end", "message": "92% of the games ended by the full circle (RULINGS 16): under "
            "these rules and decks most games do not end by themselves."}


def test_no_lab_page_shows_a_template_comment_or_jargon(api):
    studies = [
        dict(kind="goldfish", deck="starter-talah", games=6, seed=1),
        dict(kind="matchup", decks=["starter-talah", "starter-lethan"], games=2, seed=1, p1="random", p2="random"),
        dict(kind="pyramid", games=20, seed=1),
        dict(kind="card_impact", deck="starter-talah", games=2, seed=1),
        dict(kind="goldfish", deck="starter-talah", games=6, seed=1, errata={"talah": {"hp": 40}}, paired=True),
    ]
    pages = {}
    for inputs in studies:   # one at a time: a visitor runs at most two at once
        body = finished(api, start(api, **inputs)["id"])
        assert body["status"] == "done", body["error"]
        pages[body["kind"] + ("-paired" if body["study"].get("paired") else "")] = api.get(body["url"])
    pages["start"], pages["reports"] = api.get("/lab/"), api.get("/lab/reports/")
    for name, response in pages.items():
        page = response.content.decode()
        assert response.status_code == 200 and "{#" not in page and "#}" not in page, name
    for name in ("goldfish", "matchup", "pyramid", "card_impact", "goldfish-paired"):
        page = pages[name].content.decode()
        for jargon in ("card_impact", "RULINGS", "Celery", "process pool", "study-errata"):
            assert jargon not in page, (name, jargon)
        assert 'id="lab-results"' in page, name
    impact = pages["card_impact"].content.decode()
    table = impact[impact.index('id="lab-impact"'):]
    assert ESTIMATE.search(table), "one copy's worth reads 'mean (low to high)' at one precision"
    assert not re.search(r"\d\.\d{3,}", table), "no figure at another precision"
    assert "replaced by dark-current" not in impact and "long games draw more cards" in impact
    paired = pages["goldfish-paired"].content.decode()
    assert ESTIMATE.search(paired[paired.index('id="lab-paired-difference"'):])


def test_a_stored_rules_health_flag_reads_in_plain_words(api):
    sim = finished(api, start(api, kind="pyramid", games=20, seed=1)["id"])
    stored = Simulation.objects.get(pk=sim["id"])
    stored.results["rules_health"]["flags"] = [OLD_FLAG]   # as a study stored it before this change
    stored.save(update_fields=["results"])
    page = api.get(sim["url"]).content.decode()
    assert "RULINGS" not in page
    share = stored.results["rules_health"]["full_circle_share"] * 100   # the study's share, at the rates' precision
    assert f"{share:.1f}% of the games ended only because the Pyramid deck ran out (the full circle)" in page


def test_rates_read_in_percent_to_one_decimal_and_the_full_circle_names_the_hero_that_causes_it(catalogue_db):
    from rules.lab.templatetags.lab_tags import full_circle, percent, percent_interval
    assert percent(0.53914) == "53.9%" and percent_interval([0.48123, 0.5964]) == "48.1–59.6%"
    matrix = {"games": 600, "full_circle_share": 0.3, "by_hero": {
        "talah": {"games": 400, "full_circle_share": 0.425}, "dr-veylan": {"games": 400, "full_circle_share": 0.1}}}
    shown = full_circle(matrix)
    assert shown["cause"]["name"] == "Talah" and [r["hero"] for r in shown["heroes"]] == ["talah", "dr-veylan"]
    low, high = shown["interval"]
    assert low < 0.3 < high and high - low < 0.08
    matchup = {"games": 400, "full_circle_share": 0.765, "by_hero": {
        "talah": {"games": 400, "full_circle_share": 0.765}, "dr-veylan": {"games": 400, "full_circle_share": 0.765}}}
    assert full_circle(matchup)["cause"] is None and full_circle(matchup)["heroes"] == []   # both play every game
