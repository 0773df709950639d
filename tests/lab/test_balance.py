"""Balance reports (rules/lab/balance.py): a permanent page per card set and rule set — the starters' matrix at a CPU
level, each starter's card impact table, the rules health, a JSON download — and two reports compared side by side
(before and after an erratum)."""
from __future__ import annotations

import json
import re

import pytest

from cards.catalogue import card_def_to_data, get_catalogue
from cards.releases import publish
from cards.services import write_draft_cards
from rules.models import BalanceReport, Simulation
from tests.lab.conftest import wait_for


def start_report(client, **fields):
    response = client.post("/lab/reports/", {"level": "random", "games": 1, "impact_games": 1, **fields})
    assert response.status_code == 302, response.content.decode()[:2000]
    return BalanceReport.objects.get(pk=response["Location"].rstrip("/").split("/")[-1])


def finished_page(client, report):
    return wait_for(lambda: (lambda page: page if 'data-done="true"' in page else None)(
        client.get(report.get_absolute_url()).content.decode()), timeout=180)


@pytest.mark.django_db(transaction=True)
def test_a_report_and_its_comparison_with_the_same_rules_under_an_erratum(client, catalogue_db):
    before = start_report(client)
    after = start_report(client, errata=json.dumps({"talah": {"hp": 40}}))
    assert len(before.studies["impact"]) == 6 and Simulation.objects.filter(is_public=True).count() == 14
    page = finished_page(client, before)
    assert 'id="report-matrix"' in page and 'id="lab-health"' in page and page.count('id="lab-impact"') == 6
    body = json.loads(client.get(f"{before.get_absolute_url()}report.json").content)
    assert len(body["matrix"]["overall"]) == 6 and set(body["impact"]) == set(before.studies["impact"])
    finished_page(client, after)
    compared = client.get(f"{before.get_absolute_url()}compare/{after.pk}/").content.decode()
    assert 'id="compare-decks"' in compared and 'id="lab-errata"' in compared   # the erratum is shown
    talah = compared[compared.index('id="compare-cards"'):]
    assert "talah" in talah and compared.count("<tr>") >= 6


@pytest.mark.django_db
def test_bad_reports_are_refused_and_an_unknown_one_is_a_404(client, catalogue_db):
    assert client.post("/lab/reports/", {"level": "god", "games": 1, "impact_games": 1}).status_code == 400
    bad = client.post("/lab/reports/", {"level": "random", "games": 1, "impact_games": 1, "errata": "{nope"})
    assert bad.status_code == 400 and "not JSON" in bad.content.decode()
    wrong = client.post("/lab/reports/", {"level": "random", "games": 1, "impact_games": 1,
                                          "errata": json.dumps({"nobody": {"hp": 3}})})
    assert wrong.status_code == 400 and "errata.nobody" in wrong.content.decode()
    assert BalanceReport.objects.count() == 0 and client.get("/lab/reports/nope/").status_code == 404
    assert client.get("/lab/reports/").status_code == 200


@pytest.mark.django_db(transaction=True)
def test_two_releases_compare_side_by_side_by_their_latest_reports(client, catalogue_db):
    before = start_report(client)
    assert client.get("/lab/reports/releases/playtest-1-0/playtest-1-1/").status_code == 404   # no such release yet
    write_draft_cards({"talah": {**card_def_to_data(get_catalogue()["talah"]), "hp": 40}})   # an erratum, in the draft
    publish("Playtest 1.1")
    assert client.get("/lab/reports/releases/playtest-1-0/playtest-1-1/").status_code == 404   # no report of 1.1
    after = start_report(client)
    finished_page(client, before), finished_page(client, after)
    assert json.loads(client.get(f"{after.get_absolute_url()}report.json").content)["release"] == "playtest-1-1"
    page = client.get("/lab/reports/releases/playtest-1-0/playtest-1-1/").content.decode()
    assert "Playtest 1.0 vs Playtest 1.1" in page and page.count('class="lab-matrix"') == 2
    assert 'id="compare-cards"' in page and 'data-card="' in page
    listing = client.get("/lab/reports/").content.decode()
    assert 'id="release-compare-link"' in listing


def report_at(release, level: str, minutes: int) -> BalanceReport:
    """A finished report of `release` at `level`, made `minutes` from now (its studies hold no results: the page
    shows their status)."""
    from django.utils import timezone
    matrix = Simulation.objects.create(kind="matrix", study={"data_hash": release.data_hash}, games=1, seed=1,
                                       status="done", engine="local")
    report = BalanceReport.objects.create(title=f"{release.name} {level}", level=level, data_hash=release.data_hash,
                                          studies={"matrix": matrix.pk, "impact": {}})
    BalanceReport.objects.filter(pk=report.pk).update(created_at=timezone.now() + timezone.timedelta(minutes=minutes))
    return report


@pytest.mark.django_db
def test_two_releases_compare_reports_played_at_the_same_cpu_level(client, catalogue_db):
    """A matrix at another CPU level answers another question: "Playtest 1.0 vs 1.1" pairs reports by level."""
    from cards.models import Release
    first = Release.objects.get()
    write_draft_cards({"talah": {**card_def_to_data(get_catalogue()["talah"]), "hp": 40}})
    second = publish("Playtest 1.1")
    old_hard, old_easy = report_at(first, "cpu:hard", 1), report_at(first, "cpu:easy", 2)
    new_hard, new_random = report_at(second, "cpu:hard", 3), report_at(second, "random", 4)
    url = "/lab/reports/releases/playtest-1-0/playtest-1-1/"

    page = client.get(url).content.decode()   # 1.1's newest level that 1.0 has too: cpu:hard, not random nor easy
    assert f'href="{old_hard.get_absolute_url()}"' in page and f'href="{new_hard.get_absolute_url()}"' in page
    assert old_easy.get_absolute_url() not in page and new_random.get_absolute_url() not in page
    # the level menu names the players in words; its values stay the engine's names
    assert "Playtest 1.0 with the hard computer" in page
    assert '<strong data-level="cpu:hard">the hard computer</strong>' in page

    report_at(second, "cpu:easy", 5)
    page = client.get(url).content.decode()   # now both have easy, the newest: it is the default, hard a link
    assert f'href="{old_easy.get_absolute_url()}"' in page and '<a href="?level=cpu:hard" data-level="cpu:hard">the hard computer</a>' in page
    assert f'href="{new_hard.get_absolute_url()}"' in client.get(f"{url}?level=cpu:hard").content.decode()
    missing = client.get(f"{url}?level=random")   # 1.0 has no report at random
    assert missing.status_code == 404


@pytest.mark.django_db
def test_a_report_names_its_players_in_words_never_by_a_slug(client, catalogue_db, monkeypatch):
    """Issue 33: "Balance at cpu:hard" read like a slug; the title, the level and the menu say "the hard computer"
    (studyrequest.player_words), and the form still posts the engine's name. (Its studies are stubbed: done,
    not played, so no driver is left running.)"""
    from rules.lab import balance

    def stub_study(*, actor, request, trusted):
        return Simulation.objects.create(kind=request.kind, title=f"{request.kind} {request.p1}", games=1, seed=1,
                                         status="done", engine="local", is_public=True,
                                         study={"data_hash": "h", "variants": []})
    monkeypatch.setattr(balance.lab, "start_study", stub_study)
    listing = client.get("/lab/reports/").content.decode()
    assert '<option value="cpu:hard" selected>the hard computer</option>' in listing and ">cpu:" not in listing
    report = start_report(client, level="cpu:hard")
    assert report.level == "cpu:hard" and report.title == "Balance with the hard computer: the rulebook as printed"
    page = client.get(report.get_absolute_url()).content.decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    assert "Balance with the hard computer" in text and "Played by the hard computer on both sides" in text
    assert "The starters' matrix with the hard computer" in text
    assert "cpu:" not in text
