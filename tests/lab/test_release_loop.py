"""The workbench closes the loop (issue 32): staff add a finished paired errata study's errata to the draft, and the
release that publishes them names the study, with its measured effect, as the evidence; everyone else is refused
with a code. Studies and balance reports say the release they were played under and filter by it."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from cards.catalogue import get_catalogue
from cards.models import Card, ReleaseEvidence
from cards.releases import publish
from rules.models import BalanceReport, Simulation
from tests.lab.test_api import finished, start

ERRATA = {"talah": {"hp": 40}}


def client_of(username: str, staff: bool = False) -> APIClient:
    user = get_user_model().objects.create_user(username, password="pw-not-used-1", is_staff=staff)
    client = APIClient()
    client.force_login(user)
    return client


def paired_study(client) -> dict:
    body = finished(client, start(client, kind="goldfish", deck="starter-talah", games=8, seed=2, errata=ERRATA,
                                  paired=True, public=True)["id"])
    assert body["status"] == "done", body["error"]
    return body


def test_staff_add_a_paired_studys_errata_to_the_draft_and_the_release_names_the_study_as_evidence(catalogue_db):
    staff, player = client_of("designer", staff=True), client_of("player")
    sim = paired_study(staff)
    assert sim["release"] == "playtest-1-0" and sim["applied_to_draft"] == []
    url = f"/api/simulations/{sim['id']}/apply-errata/"
    talah = Card.objects.get(slug="talah")
    assert talah.hp != 40

    for stranger in (player, APIClient()):   # a signed-in player, an anonymous visitor
        refused = stranger.post(url)
        assert refused.status_code == 403 and refused.json()["code"] == "staff_only"
    assert Card.objects.get(slug="talah").hp == talah.hp and not ReleaseEvidence.objects.exists()
    page = staff.get(sim["url"]).content.decode()
    assert 'id="lab-apply-errata"' in page and "Add these errata to the draft" in page
    assert 'id="lab-apply-errata"' not in player.get(sim["url"]).content.decode()

    applied = staff.post(url)
    assert applied.status_code == 200, applied.json()
    assert applied.json()["applied_to_draft"] == ["talah"]
    edited = Card.objects.get(slug="talah")   # through cards' services: the derived columns follow
    assert edited.hp == 40 and edited.content_hash != talah.content_hash
    assert get_catalogue()["talah"].hp == 40
    again = staff.post(url)
    assert again.status_code == 409 and again.json()["code"] == "errata_already_applied"

    release = publish("Playtest 1.1", reasons={"talah": "Died too early."})
    changes = staff.get(f"/api/releases/{release.slug}/changes/").json()
    talah_change = next(row for row in changes["cards"] if row["card"] == "talah")
    assert talah_change["fields"]["hp"][1] == 40 and talah_change["reason"] == "Died too early."
    [evidence] = talah_change["evidence"]
    assert evidence["study"] == sim["id"] and evidence["url"] == sim["url"]
    assert evidence["effect"]["mean"] == sim["results"]["difference"]["mean"]
    assert evidence["effect"]["interval"] == sim["results"]["difference"]["interval"]
    assert evidence["effect"]["games"] == 8
    notes = staff.get(f"/releases/{release.slug}/").content.decode()   # the patch notes link the study, with its effect
    assert f'href="{sim["url"]}"' in notes and "8 games" in notes

    after = staff.get(f"/api/simulations/{sim['id']}/").json()
    assert after["release"] == "playtest-1-0"   # it keeps the release it played under
    assert "published in <strong>Playtest 1.1</strong>" in staff.get(sim["url"]).content.decode()


def test_adding_errata_is_refused_with_a_code_for_studies_that_measured_none_or_have_not_finished(catalogue_db):
    staff = client_of("designer", staff=True)
    plain = finished(staff, start(staff, kind="goldfish", deck="starter-talah", games=4, seed=1)["id"])
    refused = staff.post(f"/api/simulations/{plain['id']}/apply-errata/")
    assert refused.status_code == 400 and refused.json()["code"] == "not_a_paired_errata_study"
    sim = paired_study(staff)
    Simulation.objects.filter(pk=sim["id"]).update(status="cancelled")
    refused = staff.post(f"/api/simulations/{sim['id']}/apply-errata/")
    assert refused.status_code == 409 and refused.json()["code"] == "study_not_finished"
    page = staff.post(f"/lab/{sim['id']}/apply-errata/")   # the page's button shows the refusal on the page
    assert page.status_code == 409 and 'data-code="study_not_finished"' in page.content.decode()
    assert Card.objects.get(slug="talah").hp != 40 and not ReleaseEvidence.objects.exists()


def test_studies_and_reports_say_their_release_and_filter_by_it(catalogue_db):
    staff = client_of("designer", staff=True)
    old = paired_study(staff)
    assert staff.post(f"/api/simulations/{old['id']}/apply-errata/").status_code == 200
    publish("Playtest 1.1")
    new = finished(staff, start(staff, kind="pyramid", games=20, seed=1)["id"])
    assert (old["release"], new["release"]) == ("playtest-1-0", "playtest-1-1")
    listed = staff.get("/api/simulations/?release=playtest-1-0").json()
    assert [s["id"] for s in listed] == [old["id"]]
    assert [s["id"] for s in staff.get("/api/simulations/?release=playtest-1-1").json()] == [new["id"]]
    unknown = staff.get("/api/simulations/?release=playtest-9")
    assert unknown.status_code == 404 and unknown.json()["code"] == "release_not_found"
    page = staff.get("/lab/?release=playtest-1-1").content.decode()
    assert new["url"] in page and old["url"] not in page
    assert 'id="lab-release-filter"' in page and '<option value="playtest-1-1" selected>' in page
    assert 'data-release="playtest-1-0"' in staff.get(old["url"]).content.decode()

    hashes = {r["slug"]: r["data_hash"] for r in staff.get("/api/releases/").json()}
    for slug, title in (("playtest-1-0", "Before"), ("playtest-1-1", "After")):
        BalanceReport.objects.create(title=title, level="random", data_hash=hashes[slug], studies={})
    reports = staff.get("/lab/reports/?release=playtest-1-0").content.decode()
    assert ">Before</a>" in reports and ">After</a>" not in reports and "Playtest 1.0" in reports
    assert staff.get("/lab/reports/?release=nope").status_code == 404
