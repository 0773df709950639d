"""Lab studies play the current release (issue 32), never the draft a designer is editing, record it, and are
resumed or re-run under it after any later release: the same seeded numbers, while a new study plays the new text."""
from __future__ import annotations

from django.utils import timezone

from cards.models import Card, Release
from cards.releases import publish
from cards.services import card_refresh_derived
from rules.engine import studydata
from rules.lab import services as lab
from rules.models import Simulation, SimulationChunk
from rules.tasks import play_chunk
from tests.lab.test_api import finished, start
from tests.lab.test_release_loop import client_of

CARD = "talah"   # the Hero of the starter deck the studies play


def edit_draft_hp(delta: int) -> int:
    """A designer's edit in the admin, not published: the Hero's HP; return the new HP."""
    card = Card.objects.get(slug=CARD)
    card.hp += delta
    card.save()
    card_refresh_derived(card)
    return card.hp


def hero_hp(sim: Simulation) -> int:
    return next(raw["hp"] for raw in sim.study[studydata.CARDS] if raw["name"].lower() == CARD)


def test_a_study_plays_the_current_release_and_keeps_it_after_the_next(catalogue_db):
    client = client_of("designer", staff=True)
    first = Release.objects.get()
    printed = Card.objects.get(slug=CARD).hp
    edited = edit_draft_hp(+7)   # a half-made change in the draft: studies do not play it

    body = finished(client, start(client, kind="goldfish", deck="starter-talah", games=24, seed=5)["id"])
    assert body["status"] == "done", body["error"]
    sim = Simulation.objects.get(pk=body["id"])
    assert body["release"] == "playtest-1-0" and sim.study["release"] == "playtest-1-0"
    assert sim.study["data_hash"] == first.data_hash and hero_hp(sim) == printed
    assert studydata.TABLES not in body["study"] and studydata.CARDS not in body["study"]
    results = body["results"]

    publish("Playtest 1.1", reasons={CARD: "Died too early."})   # the edit is published: it changes the study's Hero

    # Resumed: a chunk lost with its worker is played again under the study's own release, whatever is current now.
    lost = sim.chunks.order_by("index").last()
    SimulationChunk.objects.filter(pk=lost.pk).update(tally=None)
    Simulation.objects.filter(pk=sim.pk).update(status="running", results=None, finished_at=None,
                                                games_done=sim.games - lost.count)
    lab.resend_stalled(Simulation.objects.get(pk=sim.pk), timezone.now())
    again = finished(client, sim.pk)
    assert again["status"] == "done" and again["results"] == results and again["release"] == "playtest-1-0"

    # A new study of the same inputs plays the new text and says so.
    new = finished(client, start(client, kind="goldfish", deck="starter-talah", games=24, seed=5)["id"])
    newer = Simulation.objects.get(pk=new["id"])
    assert new["release"] == "playtest-1-1" and hero_hp(newer) == edited
    assert newer.study["data_hash"] == Release.objects.get(current=True).data_hash != first.data_hash
    page = client.get(f"/lab/{sim.pk}/").content.decode()
    assert 'data-release="playtest-1-0"' in page


def test_a_study_compiles_to_its_release_whatever_the_files_tables_say_later(catalogue_db, monkeypatch):
    """The repository's rule tables may change (and be published) after a study started: its chunks play the
    tables of its release, carried with it, and so the same games."""
    client = client_of("designer")
    body = finished(client, start(client, kind="goldfish", deck="starter-talah", games=12, seed=9)["id"])
    sim = Simulation.objects.get(pk=body["id"])
    chunk = sim.chunks.order_by("index").first()
    files = studydata.read_tables

    def tables_of_later_files(data_dir):
        tables = files(data_dir)
        return {**tables, "starter_decks": tables["starter_decks"][:-1]}

    monkeypatch.setattr(studydata, "read_tables", tables_of_later_files)
    studydata._compiled.clear()   # nothing compiled by this process before
    assert play_chunk(sim.study, chunk.start, chunk.count) == chunk.tally


def test_a_study_from_before_studies_recorded_their_release_maps_by_its_hash(catalogue_db):
    client = client_of("designer")
    body = finished(client, start(client, kind="goldfish", deck="starter-talah", games=4, seed=1)["id"])
    sim = Simulation.objects.get(pk=body["id"])
    study = {key: value for key, value in sim.study.items() if key not in ("release", studydata.TABLES)}
    Simulation.objects.filter(pk=sim.pk).update(study=study)
    assert client.get(f"/api/simulations/{sim.pk}/").json()["release"] == "playtest-1-0"
    Simulation.objects.filter(pk=sim.pk).update(study={**study, "data_hash": "0" * 16})
    assert client.get(f"/api/simulations/{sim.pk}/").json()["release"] is None   # played before releases
    assert "played before releases" in client.get(f"/lab/{sim.pk}/").content.decode()
