"""`python manage.py goldfish --deck DECK --games N --seed S --bot random|greedy [--seating S] [--workers N] [--json]`.

Play a deck against the goldfish's empty opponent N times and print the statistics: a goldfish study of the lab
(rules/engine/lab.py `run_goldfish`), its chunks played in this process or, with `--workers N` (default every core),
on the lab's process pool (rules/lab/runners.py). DECK is a starter deck (`starter-elder-maru`, or just the Hero's
slug `elder-maru`) or a decklist text file, which is parsed and validated like an import. Same seed, same output, on
any number of workers.
"""
from __future__ import annotations

import gc
import json
import os
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from cards.catalogue import card_def_to_data
from rules.engine.bots import BOTS
from rules.engine.catalogue import Catalogue, load_catalogue
from rules.engine.lab import run_goldfish
from rules.engine.setup import DeckSpec
from rules.engine.simulate import deck_from_counts, starter_deck
from rules.engine.studydata import CARDS
from rules.lab.runners import LocalRunner

BAR_WIDTH = 40
GAMES_A_WORKER = 50   # fewer games than this a worker are not worth starting a process for


def engine_catalogue() -> tuple[Catalogue, str]:
    """The catalogue from the database when it holds one, else from the data files; and which it was."""
    try:
        from cards.catalogue import CatalogueNotLoaded, get_catalogue
        from cards.models import Card

        if Card.objects.exists():
            return get_catalogue(), "database"
    except (DatabaseError, CatalogueNotLoaded):
        pass
    return load_catalogue(), "files"


def resolve_deck(catalogue: Catalogue, value: str) -> tuple[DeckSpec, str, str]:
    """A starter deck by slug or Hero slug, or a decklist file (refused with every problem if it is invalid);
    with its name and where it came from ("starter" or "file")."""
    path = Path(value)
    if path.is_file():
        return _deck_from_file(catalogue, path), path.name, "file"
    try:
        deck = starter_deck(catalogue, value)
    except KeyError:
        known = ", ".join(sorted(catalogue.starter_decks)) or "none"
        raise CommandError(f"deck_not_found: '{value}' is neither a decklist file nor a starter deck "
                           f"(starter decks: {known}; a Hero slug alone also works)") from None
    entry = catalogue.starter_decks.get(value) or catalogue.starter_decks[f"starter-{value}"]
    return deck, str(entry.get("name") or entry["slug"]), "starter"


def _deck_from_file(catalogue: Catalogue, path: Path) -> DeckSpec:
    from decks.textio import parse_decklist
    from decks.validation import validate_deck

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"deck_unreadable: cannot read {path}: {exc}") from exc
    parsed = parse_decklist(text, catalogue)
    if parsed.errors:
        raise CommandError(_problems(f"deck_unreadable: {path} has lines that are not cards", parsed.errors))
    verdict = validate_deck(catalogue, parsed.hero, parsed.counts)
    if not verdict.valid:
        raise CommandError(_problems(f"deck_invalid: {path} is not a legal deck", verdict.errors))
    return deck_from_counts(parsed.hero, parsed.counts)


def _problems(title: str, problems: Any) -> str:
    lines = [title + ":"]
    for problem in problems:
        where = f"line {problem.line}: " if getattr(problem, "line", None) else ""
        lines.append(f"  - {where}[{problem.code}] {problem.message}")
    return "\n".join(lines)


class Command(BaseCommand):
    help = "Play goldfish games (a deck against an empty opponent) with a bot and print Legacy statistics."
    # No system checks: they import every URL, view and API of the site (about half the command's start-up) and
    # check nothing this command uses; `manage.py check` and the server run them.
    requires_system_checks: list = []

    def add_arguments(self, parser):
        parser.add_argument("--deck", required=True,
                            help="A starter deck slug (starter-elder-maru), a Hero slug, or a decklist text file.")
        parser.add_argument("--games", type=int, default=100, help="How many games to play (default 100).")
        parser.add_argument("--seed", type=int, default=0, help="The run's seed: same seed, same games.")
        parser.add_argument("--bot", choices=sorted(BOTS), default="random", help="Who plays the deck.")
        parser.add_argument("--seating", default="side-by-side", help="side-by-side (default) or diagonal.")
        parser.add_argument("--variant", action="append", default=[], dest="variants", metavar="NAME",
                            help="Switch on a rule variant (repeatable): decks/data/variants.yaml.")
        parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                            help="Processes that play the games (default: every core); the output is the same.")
        parser.add_argument("--json", action="store_true", dest="as_json", help="Print exactly one JSON object.")

    def handle(self, *args, deck, games, seed, bot, seating, variants=(), as_json=False, workers=1, **options):
        if games < 1:
            raise CommandError(f"bad_games: --games must be at least 1 (got {games})")
        if workers < 1:
            raise CommandError(f"bad_workers: --workers must be at least 1 (got {workers})")
        catalogue, source = engine_catalogue()
        seatings = sorted(catalogue.rulebook["seatings"])
        if seating not in seatings:
            raise CommandError(f"bad_seating: unknown seating '{seating}' (choose from {', '.join(seatings)})")
        unknown = sorted(set(variants) - set(catalogue.variants))
        if unknown:
            raise CommandError(f"invalid_variant: unknown rule variant {', '.join(unknown)} "
                               f"(choose from {', '.join(sorted(catalogue.variants))})")
        spec, name, kind = resolve_deck(catalogue, deck)
        workers = max(1, min(workers, games // GAMES_A_WORKER or 1))
        # What is loaded so far (Django, the catalogue) lives as long as this process: out of the garbage collector's
        # sight, as in the lab's workers (rules.tasks.prepare_process), the games' collections skip it (about a
        # tenth of a random game's time).
        gc.freeze()
        try:
            stats = run_goldfish(catalogue, spec, games=games, seed=seed, bot=bot, seating=seating,
                                 variants=variants, play_chunks=None if workers == 1 else on_the_pool(
                                     catalogue, source, workers))
        except ValueError as exc:  # GameDataError: a card the catalogue does not know, say
            raise CommandError(f"deck_unplayable: {exc}") from exc
        finally:
            LocalRunner.close()
        stats["deck"].update(name=name, source=kind)
        stats["catalogue"] = source
        if as_json:
            self.stdout.write(json.dumps(stats, sort_keys=True, ensure_ascii=False))
        else:
            self.stdout.write(format_table(stats, catalogue))


def on_the_pool(catalogue: Catalogue, source: str, workers: int):
    """Play a study's chunks on `workers` processes of the lab's pool, with this catalogue: the database's cards
    travel with the study (rules/engine/studydata.py), the files' are the workers' own, checked by their hash."""
    extra = {"data_hash": catalogue.data_hash}
    if source == "database":
        extra[CARDS] = [card_def_to_data(card) for card in catalogue.cards.values()]

    def play(study, chunks):
        return LocalRunner.play_all({**study, **extra}, chunks, workers)
    return play


def format_table(stats: dict, catalogue: Catalogue) -> str:
    """The statistics as a readable plain-text report."""
    deck = stats["deck"]
    hero = catalogue.cards[deck["hero"]].name if deck["hero"] in catalogue.cards else deck["hero"]
    out = [
        f"Goldfish: {deck['name']} ({hero}, {deck['cards']} cards) — {stats['games']} games, bot {stats['bot']}, "
        f"seating {stats['seating']}, seed {stats['seed']}, rules: {', '.join(stats['variants']) or 'as printed'}",
        f"Engine {stats['engine_version']}, card data {stats['data_hash']} (catalogue from the {stats['catalogue']})",
        "",
        f"{'':<22}{'mean':>9}{'median':>9}{'p10':>8}{'p25':>8}{'p75':>8}{'p90':>8}{'min':>7}{'max':>7}",
    ]
    for label, key in (("Legacy", "legacy"), ("Rounds to Cataclysm", "rounds"), ("Actions per game", "actions")):
        d = stats[key]
        out.append(f"{label:<22}{d['mean']:>9.1f}{d['median']:>9.1f}{d['p10']:>8.1f}{d['p25']:>8.1f}"
                   f"{d['p75']:>8.1f}{d['p90']:>8.1f}{d['min']:>7}{d['max']:>7}")
    means = stats["means"]
    kinds = ", ".join(f"{k} {v:g}" for k, v in means["cards_played_by_kind"].items())
    best = stats["best_game"]
    out += [
        "",
        f"{'Hero survival rate':<30}{stats['hero_survival_rate'] * 100:.1f}%",
        f"{'Arc Burn damage (mean)':<30}{means['arc_burn_damage']:g}",
        f"{'Scene damage (mean)':<30}{means['scene_damage']:g}",
        f"{'Discharge damage (mean)':<30}{means['discharge_damage']:g}",
        f"{'Edges discharged (mean)':<30}{means['edges_discharged']:g} "
        f"({means['edges_discharged_adjacent']:g} adjacent to the deck's seat)",
        f"{'Cards played (mean)':<30}{means['cards_played']:g} ({kinds})",
        f"{'Best game':<30}#{best['index']} seed {best['seed']}: Legacy {best['legacy']}",
        "",
        "Legacy histogram",
    ]
    histogram = stats["legacy"]["histogram"]
    top = max(row["count"] for row in histogram) or 1
    for row in histogram:
        span = f"{row['from']}" if row["from"] == row["to"] else f"{row['from']}–{row['to']}"
        bar = "#" * round(row["count"] * BAR_WIDTH / top)
        out.append(f"  {span:>9} | {bar} {row['count']}")
    return "\n".join(out)
