"""`python manage.py load_starter_decks [--file PATH]`: create or update the six public, ownerless starter decks.

Idempotent: a deck whose list already matches the file is left alone (no new version); a changed one gets a new
version, so the history shows what a data edit changed. Each deck's id is its slug, `starter-<hero slug>`.
"""
from pathlib import Path

import yaml
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from cards.catalogue import get_catalogue
from cataclysm_site.api_errors import ApiError
from decks import services
from decks.models import Deck, Visibility
from decks.validation import validate_deck
from rules.engine.catalogue import DATA_DIR

STARTER_FILE = DATA_DIR / "starter_decks.yaml"
STARTER_PREFIX = "starter-"


def read_starter_decks(path: Path) -> list[dict]:
    """Return the decks of the starter file, checking each names its id, Hero and cards."""
    try:
        rows = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("decks") or []
    except (OSError, yaml.YAMLError) as exc:
        raise CommandError(f"cannot read {path}: {exc}") from exc
    decks = []
    for row in rows:
        slug, hero = row.get("slug"), row.get("hero")
        if not slug or not hero or slug != f"{STARTER_PREFIX}{hero}":
            raise CommandError(f"{path}: each deck needs `hero` and `slug: {STARTER_PREFIX}<hero>` (got {slug!r})")
        counts: dict[str, int] = {}
        for entry in row.get("cards") or []:
            counts[entry["card"]] = counts.get(entry["card"], 0) + int(entry["count"])
        decks.append({"slug": slug, "name": row.get("name") or slug, "hero": hero,
                      "description": row.get("description") or "", "counts": counts})
    return decks


class Command(BaseCommand):
    help = "Create or update the public, ownerless starter decks from cards/data/starter_decks.yaml."

    def add_arguments(self, parser):
        parser.add_argument("--file", default=str(STARTER_FILE), help="The starter-deck YAML file.")

    def handle(self, *args, file, **options):
        decks = read_starter_decks(Path(file))
        catalogue = get_catalogue()
        created = updated = unchanged = 0
        with transaction.atomic():
            for row in decks:
                try:
                    outcome = self.load_one(row)
                except ApiError as exc:
                    raise CommandError(f"{row['slug']}: {exc.message}") from exc
                created += outcome == "created"
                updated += outcome == "updated"
                unchanged += outcome == "unchanged"
                result = validate_deck(catalogue, row["hero"], row["counts"])
                if not result.valid:
                    self.stderr.write(f"warning: {row['slug']} is not a legal deck: "
                                      + "; ".join(p.message for p in result.errors))
        if options["verbosity"]:
            self.stdout.write(f"Starter decks: {created} created, {updated} updated, {unchanged} unchanged.")

    def load_one(self, row: dict) -> str:
        deck = Deck.objects.filter(pk=row["slug"]).first()
        fields = {"name": row["name"], "hero": row["hero"], "counts": row["counts"], "description": row["description"]}
        if deck is None:
            services.deck_create(owner=None, deck_id=row["slug"], visibility=Visibility.PUBLIC, **fields)
            return "created"
        if deck.owner_id is not None:
            raise CommandError(f"{row['slug']} belongs to a user; starter decks belong to nobody")
        before = deck.version
        deck = services.deck_update(deck=deck, visibility=Visibility.PUBLIC, note="Starter data updated", **fields)
        return "unchanged" if deck.version == before else "updated"
