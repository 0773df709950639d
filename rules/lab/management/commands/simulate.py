"""`python manage.py simulate --kind K [--deck D | --decks a,b,...] --games N [--seed S] ... [--local] [--json]`.

The lab's studies from the command line (rules/lab/services.py): `goldfish` (one deck, `--bot greedy|random`), `matchup`
(`--decks a,b`, `--p1`/`--p2` players), `matrix` (`--decks a,b,c,...`), `table` (`--decks a,b,c[,d]`, `--p1` at every
seat, `--teams` for two against two; `--games` in each rotation of the seats) or `pyramid` (no deck; `--variant` picks
the rule set). By default the study runs where the site's run: on the Celery workers of the configured broker, or in a
local process pool on every core; the command follows its progress and prints the results, and the study keeps its
page at /lab/<id>/. `--local` plays the same chunks in this process, one after the other: the same numbers.
Decks are deck ids or starter slugs, as in the API.
"""
from __future__ import annotations

import json
import sys
import time

from django.core.management.base import BaseCommand, CommandError

from cards.catalogue import get_catalogue
from cataclysm_site.api_errors import ApiError
from rules.engine import lab as engine_lab
from rules.engine.studydata import public_study, study_cards_catalogue
from rules.engine.studyrequest import DEFAULT_BOT, DEFAULT_GAMES, DEFAULT_PLAYER, DEFAULT_SEATING, StudyRequest
from rules.lab import services as lab
from rules.models import Simulation
from rules.play.actors import Actor


def composition(text: str) -> list[dict]:
    """`the-pulse=30,the-surge=20` as a Pyramid composition."""
    entries = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        card, _, count = part.partition("=")
        if not count.strip().isdigit():
            raise CommandError(f"bad_pyramid: write the Pyramid as card=count,... (not '{part}')")
        entries.append({"card": card.strip(), "count": int(count)})
    return entries


class Command(BaseCommand):
    help = "Run a designers' study (goldfish, matchup, matrix, table, pyramid) on the lab's workers, or in-process."

    def add_arguments(self, parser):
        parser.add_argument("--kind", choices=engine_lab.KINDS, default="goldfish")
        parser.add_argument("--deck", action="append", default=[], help="A deck id or starter slug (repeatable).")
        parser.add_argument("--decks", default="", help="Several decks, comma-separated.")
        parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help="Games (per pair of decks for a matrix, per seat "
                            "rotation for a table).")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--bot", default=DEFAULT_BOT, help="goldfish: greedy or random.")
        parser.add_argument("--p1", default=DEFAULT_PLAYER, help="Plays the first deck of each pair (a table: every "
                            "seat).")
        parser.add_argument("--p2", default=DEFAULT_PLAYER, help="Plays the second deck of each pair.")
        parser.add_argument("--variant", action="append", default=[], help="A rule variant (repeatable).")
        parser.add_argument("--pyramid", default="", help="A Pyramid composition to study instead of the printed "
                            "deck: card=count,... (e.g. the-pulse=30,the-surge=20)")
        parser.add_argument("--seating", default=DEFAULT_SEATING)
        parser.add_argument("--errata", default=None, type=json.loads,
                            help='What-if errata as JSON, e.g. \'{"kalen-vos": {"rarity": "uncommon"}}\'.')
        parser.add_argument("--paired", action="store_true", help="With --errata: the same seeds without them too.")
        parser.add_argument("--teams", action="store_true", help="table, four decks: the first and third against the "
                            "second and fourth.")
        parser.add_argument("--filler", default=None, help="card_impact: the card that replaces a copy taken out.")
        parser.add_argument("--target-width", type=float, default=None, dest="target_width",
                            help="Stop as soon as the question's 95%% interval is this narrow.")
        parser.add_argument("--local", action="store_true", help="Play every chunk in this process.")
        parser.add_argument("--json", action="store_true", dest="as_json", help="Print exactly one JSON object.")

    def handle(self, *args, kind, deck, decks, games, seed, bot, p1, p2, variant, pyramid, seating, local, as_json,
               errata=None, paired=False, target_width=None, filler=None, teams=False, **options):
        refs = deck + [d.strip() for d in decks.split(",") if d.strip()]
        actor = Actor(user=None, session_key="")
        request = StudyRequest(kind=kind, decks=tuple(refs), games=games, seed=seed, bot=bot, p1=p1, p2=p2,
                               variants=tuple(variant), pyramid_deck=tuple(composition(pyramid)), seating=seating,
                               errata=errata, paired=paired, target_width=target_width, filler=filler, teams=teams)
        try:
            if local:
                report = self.run_here(lab.build_study(actor, request, trusted=True))
            else:
                sim = lab.start_study(actor=actor, request=request, trusted=True)
                report = self.follow(sim, quiet=as_json)
        except ApiError as exc:
            raise CommandError(f"{exc.error_code}: {exc.message}") from exc
        self.stdout.write(json.dumps(report, indent=None if as_json else 1))

    def run_here(self, study: dict) -> dict:
        # the cards (and release tables) the study carries, as a worker plays them: not the draft
        catalogue = study_cards_catalogue(study, get_catalogue)
        total = engine_lab.total_games(study)
        tallies = []
        for start, count in engine_lab.split(total):   # in order: a study with a target_width stops when answered
            tallies.append(engine_lab.play_games(catalogue, study, start, count))
            early = lab.early_results(study, tallies, total) if study.get("target_width") else None
            if early is not None:
                return {"study": public_study(study), "engine": "in-process", "results": early}
        return {"study": public_study(study), "engine": "in-process", "results": engine_lab.results(study, engine_lab.merge(tallies))}

    def follow(self, sim: Simulation, *, quiet: bool) -> dict:
        while sim.status in lab.ACTIVE:
            time.sleep(0.5)
            sim = lab.refresh(sim)
            if not quiet:
                p = lab.progress(sim)
                sys.stderr.write(f"\r{sim.pk}: {p['games_done']}/{p['games']} games"
                                 f" ({p['games_per_second'] or 0} games/s)   ")
        if not quiet:
            sys.stderr.write("\n")
        if sim.status != "done":
            raise CommandError(f"study_{sim.status}: {sim.error or 'the study did not finish'}")
        return {"id": sim.pk, "url": sim.get_absolute_url(), "study": public_study(sim.study), "engine": sim.engine,
                "results": sim.results}
