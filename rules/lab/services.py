"""The designers' lab: start a study, follow it, cancel it (the pages, the API and `manage.py simulate` call these).

A study is split into seeded chunks (rules/engine/lab.py), each one task. With a broker configured the tasks go to
Celery workers (rules/tasks.py), on as many machines as share the broker; without one, to a process pool of this
web process on every core (the embedded default, `LocalRunner`; both runners in rules/lab/runners.py). Each chunk's
tally is stored on its row (`refresh`) within a second by the driver of the process that sent it (`drive`, run by
runners.Driver: nobody need look), or by any look at the study, so nothing finished is lost; a chunk whose worker
died is played again by another (acks_late), and a chunk of the embedded pool lost with its server is submitted
again. The result is the merge of the tallies: the same numbers for the same inputs and seed, however the
study was split or spread.
"""
from __future__ import annotations

import itertools
import math
from typing import Any, Mapping, Sequence

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from cards.catalogue import card_def_to_data, play_catalogue
from cards.models import Release
from cards.releases import dump_payload, release_data
from cataclysm_site.api_errors import ApiError
from decks import selectors as deck_selectors
from rules.engine import errata as errata_rules
from rules.engine import lab as engine_lab
from rules.engine import precision, studydata, studytable
from rules.engine.bots import BOTS
from rules.engine.cpu import offered
from rules.engine.paired import PAIRED_KINDS
from rules.engine.studybase import StudyInputError
from rules.engine.studykinds import STUDY_KINDS
from rules.engine.studyrequest import PYRAMID_SIZE, Study, StudyRequest
from rules.lab.runners import Driver, LocalRunner, runner  # noqa: F401 - LocalRunner: where the tests close the pool
from rules.models import Simulation, SimulationChunk, SimulationStatus
from rules.play.actors import Actor
from rules.play.decks import checked_deck, clean_seating, clean_seed, clean_variants, deck_spec

KINDS = engine_lab.KINDS   # the registry of study kinds (rules/engine/studykinds.py) says what each one takes
GOLDFISH_BOTS = ("greedy", "random")
STUDY_PLAYERS = ("random", "greedy", *offered("studies").values())   # the CPU levels' registry says which
ACTIVE = (SimulationStatus.QUEUED, SimulationStatus.RUNNING)
RETRY_UNKNOWN = 10   # Retry-After of too_many_studies while no running study can say when it ends
BAD_KIND, BAD_GAMES, BAD_PLAYER, BAD_DECKS, TOO_MANY = "bad_kind", "bad_games", "bad_player", "bad_decks", \
    "too_many_studies"
BAD_PYRAMID = "bad_pyramid"
BAD_ERRATA = "bad_errata"
BAD_TARGET = "bad_target_width"
BAD_TEAMS = studytable.BAD_TEAMS


# ---------------------------------------------------------------- starting
def start_study(*, actor: Actor, request: StudyRequest, trusted: bool = False) -> Simulation:
    """Check the request, save the study and its chunks, and queue the chunks once saved. `trusted` (the command
    line, balance reports) lifts the per-visitor limits."""
    study = build_study(actor, request, trusted=trusted)
    if not trusted:
        refuse_too_many(actor)
    total = engine_lab.total_games(study)
    run = runner()
    with transaction.atomic():
        sim = Simulation.objects.create(
            owner=actor.user if getattr(actor.user, "is_authenticated", False) else None,
            session_key=actor.session_key or "", is_public=bool(request.public), kind=request.kind, study=study,
            games=total, seed=study["seed"], engine=run.name, title=request.title or default_title(study))
        SimulationChunk.objects.bulk_create(
            SimulationChunk(simulation=sim, index=i, start=start, count=count, task_id=run.new_task_id())
            for i, (start, count) in enumerate(engine_lab.split(total)))
        transaction.on_commit(lambda: submit_all(sim))
    return sim


def refuse_too_many(actor: Actor) -> None:
    """429 `too_many_studies` when the visitor already has LAB_MAX_RUNNING studies not finished, counted after
    storing what their workers finished (a study done but not yet collected no longer counts), with a Retry-After
    of the soonest end the running ones foresee."""
    mine = Simulation.objects.of_player(actor.user, actor.session_key).filter(status__in=ACTIVE)
    running = [sim for sim in map(refresh, mine) if sim.status in ACTIVE]
    if len(running) < settings.LAB_MAX_RUNNING:
        return
    ends = [left for sim in running if (left := progress(sim)["seconds_left"]) is not None]
    raise ApiError(TOO_MANY, f"At most {settings.LAB_MAX_RUNNING} studies may run at once: wait for one to finish or "
                   "cancel it.", status_code=429, retry_after=min(max(1, math.ceil(min(ends))), 3600) if ends
                   else RETRY_UNKNOWN)


def build_study(actor: Actor, request: StudyRequest, *, trusted: bool = False) -> dict[str, Any]:
    """The engine's description of the study (rules/engine/lab.py), or a 400 naming what is wrong."""
    kind, decks, games = request.kind, list(request.decks), request.games
    if kind not in KINDS:
        raise ApiError(BAD_KIND, f"A study is one of: {', '.join(KINDS)}.")
    study_kind = STUDY_KINDS[kind]
    wanted = study_kind.decks
    if not wanted[0] <= len(decks) <= wanted[1]:
        count = str(wanted[0]) if wanted[0] == wanted[1] else f"{wanted[0]} to {wanted[1]}"
        raise ApiError(BAD_DECKS, f"A {kind} study takes {count} deck{'s' if wanted[1] != 1 else ''}.")
    limit = settings.LAB_MAX_GAMES if trusted or getattr(actor.user, "is_authenticated", False) \
        else settings.LAB_MAX_GAMES_ANONYMOUS
    per = study_kind.pairs_of_games(len(decks)) * study_kind.weight
    too_many = request.games_error(per, limit)
    if too_many:
        extra = "" if getattr(actor.user, "is_authenticated", False) else " (sign in for more)"
        raise ApiError(BAD_GAMES, f"{too_many}{extra}; a matrix plays `games` for each pair of decks, a table in "
                       f"each rotation of its seats, a card impact study counts {STUDY_KINDS['card_impact'].weight} "
                       "a seed.")
    players = study_kind.players(len(decks))
    if players == "bot" and request.bot not in GOLDFISH_BOTS:
        raise ApiError(BAD_PLAYER, f"A goldfish study's bot is one of: {', '.join(GOLDFISH_BOTS)}.")
    if request.teams and players != "table":
        raise ApiError(BAD_TEAMS, "Only a table study plays two against two (`teams`).")
    if players in ("players", "table"):
        for player in (request.p1, request.p2) if players == "players" else (request.p1,):
            if player not in STUDY_PLAYERS:
                known = ", ".join(STUDY_PLAYERS)
                why = " (the expert thinks about a second a decision: too slow for a study)" if player in BOTS else ""
                raise ApiError(BAD_PLAYER, f"Players are one of: {known}{why}.")
    if len(set(decks)) < len(decks):
        raise ApiError(BAD_DECKS, "A deck appears twice: a study's decks must all differ.")
    catalogue, release, tables = study_card_set()
    entries = []
    for ref in decks:
        deck = deck_selectors.get_readable_deck(actor.user, ref)
        hero, counts = checked_deck(catalogue, deck=deck, hero=None, counts=None)
        entries.append({"name": deck.name, "id": str(deck.pk), "hero": hero,
                        "cards": list(deck_spec(hero, counts).cards)})
    names = [e["name"] for e in entries]
    for entry in entries:   # the results name decks: two decks of the same name are told apart by their ids
        if names.count(entry["name"]) > 1:
            entry["name"] = f"{entry['name']} ({entry['id']})"
    study: Study = {
        "kind": kind, "games": games, "seed": clean_seed(request.seed), "decks": entries,
        "seating": clean_seating(request.seating), "variants": clean_variants(catalogue, list(request.variants)),
        "data_hash": catalogue.data_hash, "release": release,
        # The current release's cards (and rule tables), played by every worker (rules/engine/studydata.py).
        studydata.CARDS: [card_def_to_data(card) for card in catalogue.cards.values()],
    }
    if tables is not None:
        study[studydata.TABLES] = tables
    composition = clean_pyramid(catalogue, request.pyramid_deck, study["variants"])
    if composition:
        study["pyramid_deck"] = composition
    if request.errata is not None or request.paired:
        study.update(errata_fields(catalogue, study, kind, request.errata, request.paired))
    if request.target_width is not None:
        too_wide = request.target_width_error()
        if too_wide:
            raise ApiError(BAD_TARGET, too_wide)
        study["target_width"] = float(request.target_width)
    try:
        study.update(study_kind.inputs(catalogue, study, request))
    except StudyInputError as exc:
        raise ApiError(exc.code, exc.message, extra=exc.extra) from None
    return study


_TABLES: dict[str, str] = {}   # a release's rule tables as a study carries them, by its data hash


def study_card_set():
    """(catalogue, release slug, rule tables) a new study plays: the current release's, as new games do
    (`cards.catalogue.play_catalogue`), never the draft the designers are editing (measure an edit of the draft with
    what-if errata). The study records the release and carries its cards and tables, so its chunks play them however
    the set or the files change later. With no release yet: the database's cards and the files' tables, no release."""
    catalogue = play_catalogue()
    release = Release.objects.filter(current=True, data_hash=catalogue.data_hash).first()
    if release is None:
        return catalogue, None, None
    tables = _TABLES.get(release.data_hash)
    if tables is None:
        data = release_data(release)
        data.pop("cards")
        tables = _TABLES[release.data_hash] = dump_payload(data)
    return catalogue, release.slug, tables


def pyramid_cards(catalogue) -> list[tuple[str, str, int]]:
    """(slug, name, copies in the printed Pyramid deck) of every Pyramid card: what a composition may hold."""
    printed = catalogue.pyramid_deck
    return [(slug, card.name, printed.count(slug)) for slug, card in catalogue.cards.items() if card.type == "pyramid"]


def clean_pyramid(catalogue, entries: Sequence[Mapping] | None, variants: list[str]) -> list[dict[str, Any]]:
    """A study's own Pyramid composition, checked; [] for none or for the printed deck itself (the printed rules)."""
    if not entries:
        return []
    known = {slug: printed for slug, _, printed in pyramid_cards(catalogue)}
    counts: dict[str, int] = {}
    for entry in entries:
        slug, count = entry.get("card"), entry.get("count")
        if slug not in known:
            raise ApiError(BAD_PYRAMID, f"'{slug}' is not a Pyramid card (Pyramid cards: {', '.join(known)}).")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0 or slug in counts:
            raise ApiError(BAD_PYRAMID, f"Give each Pyramid card once, with a count of 0 or more ({slug}).")
        counts[slug] = count
    total = sum(counts.values())
    if not PYRAMID_SIZE[0] <= total <= PYRAMID_SIZE[1]:
        raise ApiError(BAD_PYRAMID, f"A Pyramid deck holds {PYRAMID_SIZE[0]} to {PYRAMID_SIZE[1]} cards "
                       f"(this one {total}).")
    if {s: n for s, n in counts.items() if n} == {s: n for s, n in known.items() if n}:
        return []
    replacing = [v for v in variants if catalogue.variants[v].pyramid_deck is not None]
    if replacing:
        raise ApiError(BAD_PYRAMID, f"The variant {replacing[0]} brings its own Pyramid deck: choose it or a "
                       "composition, not both.")
    return [{"card": s, "count": n} for s, n in counts.items() if n]


def errata_fields(catalogue, study: Study, kind: str, errata: Any, paired: bool) -> dict[str, Any]:
    """The study's what-if errata (rules/engine/errata.py), checked and with their diff, or a 400 naming the path
    that is wrong; `paired` plays the same seeds without them too (rules/engine/paired.py)."""
    if paired and (not errata or kind not in PAIRED_KINDS):
        raise ApiError(BAD_ERRATA, f"A paired study compares errata with the printed cards: it needs `errata` and is "
                       f"a {' or '.join(PAIRED_KINDS)} study.", extra={"path": "paired"})
    empty = [slug for slug, changes in (errata.items() if isinstance(errata, Mapping) else ()) if changes == {}]
    if empty:
        raise ApiError(BAD_ERRATA, f"errata.{empty[0]}: changes nothing: no field of the card is changed.",
                       extra={"path": f"errata.{empty[0]}"})
    try:
        errata_rules.with_errata(catalogue, study[studydata.CARDS], errata, studydata.study_tables(study))
    except errata_rules.ErrataError as exc:
        raise ApiError(BAD_ERRATA, f"{exc.path}: {exc.message}", extra={"path": exc.path}) from None
    changed = errata_rules.apply(catalogue, study[studydata.CARDS], errata)
    diff = errata_rules.diff(study[studydata.CARDS], changed)
    unchanged = [slug for slug in errata if slug not in {row["card"] for row in diff}]
    if unchanged:   # a study of a card as printed would measure nothing and read as "no difference"
        raise ApiError(BAD_ERRATA, f"errata.{unchanged[0]}: changes nothing: every field given is as printed.",
                       extra={"path": f"errata.{unchanged[0]}"})
    return {"errata": errata, "errata_diff": diff, "paired": paired}


def default_title(study: Study) -> str:
    rules = ", ".join(study.get("variants", []) + (["errata" + (", paired" if study.get("paired") else "")]
                                                   if study.get("errata") else []))
    if study.get("pyramid_deck"):
        rules = ", ".join(filter(None, [rules, "Pyramid " + " + ".join(
            f"{e['count']} {e['card'].removeprefix('the-')}" for e in study["pyramid_deck"])]))
    kind = STUDY_KINDS[study["kind"]]
    return f"{kind.title(study)}{' (' + rules + ')' if rules else ''}, {study['games']:,} games{kind.games_unit}"


# ---------------------------------------------------------------- following
def refresh(sim: Simulation) -> Simulation:
    """Store the tallies of the chunks played since the last look; finish the study when all are in."""
    if sim.status not in ACTIVE:
        return sim
    run = runner()
    pending = list(sim.chunks.filter(tally__isnull=True))
    failure = ""
    stored = []
    for chunk in pending:
        state, value = run.poll(chunk.task_id, sim.study, chunk.start, chunk.count)
        if state == "done":
            SimulationChunk.objects.filter(pk=chunk.pk, tally__isnull=True).update(tally=value)
            stored.append(chunk.task_id)
        elif state == "failed":
            failure = str(value)
    run.forget(stored)
    done = sim.chunks.filter(tally__isnull=False)
    fields: dict[str, Any] = {"games_done": sum(c.count for c in done)}
    if fields["games_done"] and sim.started_at is None:
        fields["started_at"] = timezone.now()
    if failure:
        run.revoke([c.task_id for c in pending])
        fields.update(status=SimulationStatus.FAILED, error=failure, finished_at=timezone.now())
    elif fields["games_done"] >= sim.games:
        tally = engine_lab.merge(c.tally for c in sim.chunks.order_by("index"))
        fields.update(status=SimulationStatus.DONE, results=engine_lab.results(sim.study, tally),
                      finished_at=timezone.now())
    elif sim.study.get("target_width") and (early := early_results(
            sim.study, [c.tally for c in sim.chunks.order_by("index")], sim.games)) is not None:
        run.revoke([c.task_id for c in sim.chunks.filter(tally__isnull=True)])   # answered: the rest is not needed
        fields.update(status=SimulationStatus.DONE, results=early, games_done=early["games"],
                      finished_at=timezone.now())
    elif fields["games_done"]:
        fields["status"] = SimulationStatus.RUNNING
    now = timezone.now()
    if fields["games_done"] > sim.games_done or sim.progress_at is None:
        fields["progress_at"] = now
    elif not failure and ((now - sim.progress_at).total_seconds() > settings.LAB_STALL_SECONDS
                          or run.lost(sim.pk, sim.chunks.filter(tally__isnull=True).values_list("task_id", flat=True))):
        resend_stalled(sim, now)
    Simulation.objects.filter(pk=sim.pk, status__in=ACTIVE).update(**fields)
    sim.refresh_from_db()
    if sim.status in ACTIVE:
        Driver.ensure(drive)   # a study looked at after a restart moves on by itself again
    return sim


def drive() -> bool:
    """One round of the driver (runners.Driver): store what the workers finished for every active study this process
    moves on (on Celery, every one; on the embedded pool, those with chunks in its pool); whether any is still
    active, so that the driver goes on."""
    run = runner()
    active = False
    for sim in run.driven(Simulation.objects.filter(status__in=ACTIVE, engine=run.name)):
        active = refresh(sim).status in ACTIVE or active
    return active or run.busy()


def early_results(study: Study, tallies: list, planned: int) -> dict[str, Any] | None:
    """The results of a study answered to its `target_width` by its first chunks played in order (None: not yet),
    with the games it saved (rules/engine/precision.py)."""
    prefix = list(itertools.takewhile(lambda t: t is not None, tallies))
    found = precision.answered(study, prefix, engine_lab.merge)
    if found is None:
        return None
    chunks, tally, width = found
    return {**engine_lab.results(study, tally), "stopped_early": {
        "target_width": study["target_width"], "width": width, "games_played": tally["games"],
        "games_planned": planned, "games_saved": planned - tally["games"]}}


def resend_stalled(sim: Simulation, now) -> None:
    """The broker lost the study's chunks, or none has come in for LAB_STALL_SECONDS: send the unplayed ones again,
    under new task ids.

    Acknowledging late already replays a chunk whose worker died; this covers what it cannot: a broker restarted
    without persistence (its queue and finished results gone), noticed at the next look by the study's mark being
    gone from it (`CeleryRunner.lost`), and anything else that leaves a study silent. A chunk that was merely slow
    is played twice, and only one tally is kept: the numbers do not change. Only the one look that moves
    `progress_at` resends.
    """
    if not Simulation.objects.filter(pk=sim.pk, progress_at=sim.progress_at).update(progress_at=now):
        return
    run = runner()
    stalled = list(sim.chunks.filter(tally__isnull=True))
    run.revoke([c.task_id for c in stalled])
    run.mark_sent(sim.pk)
    for chunk in stalled:
        chunk.task_id = run.new_task_id()
        chunk.save(update_fields=["task_id"])
        run.submit(chunk.task_id, sim.study, chunk.start, chunk.count)
    Driver.ensure(drive)


def cancel(sim: Simulation) -> Simulation:
    if sim.status in ACTIVE:
        runner().revoke(list(sim.chunks.filter(tally__isnull=True).values_list("task_id", flat=True)))
        Simulation.objects.filter(pk=sim.pk, status__in=ACTIVE).update(status=SimulationStatus.CANCELLED,
                                                                       finished_at=timezone.now())
        sim.refresh_from_db()
    return sim


def progress(sim: Simulation) -> dict[str, Any]:
    """Games done, the share done, games a second and the seconds left (from the first chunk's start)."""
    share = sim.games_done / sim.games if sim.games else 1.0
    out: dict[str, Any] = {"games_done": sim.games_done, "games": sim.games, "progress": round(share, 4),
                           "games_per_second": None, "seconds_left": None}
    end = sim.finished_at or timezone.now()
    if sim.games_done and sim.created_at:
        elapsed = max(0.001, (end - sim.created_at).total_seconds())
        rate = sim.games_done / elapsed
        out["games_per_second"] = round(rate, 1)
        if sim.status in ACTIVE:
            out["seconds_left"] = round((sim.games - sim.games_done) / rate, 1)
    return out


def may_read(actor: Actor, sim: Simulation) -> bool:
    return sim.is_public or actor.may_act_in(sim)


def readable_study(actor: Actor, sim_id: str) -> Simulation | None:
    """The study if this visitor may read it (theirs, or public); None for no study and for someone else's."""
    sim = Simulation.objects.filter(pk=sim_id).first()
    return sim if sim is not None and may_read(actor, sim) else None


def submit_all(sim: Simulation) -> None:
    """Send a new study's chunks (once its rows are committed) and have this process move it on by itself."""
    run = runner()
    run.mark_sent(sim.pk)
    for chunk in sim.chunks.all():
        run.submit(chunk.task_id, sim.study, chunk.start, chunk.count)
    Driver.ensure(drive)
