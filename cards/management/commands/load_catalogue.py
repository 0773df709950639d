"""`python manage.py load_catalogue [--data-dir DIR] [--prune]`: load the card data files into the database."""
from django.core.management.base import BaseCommand, CommandError

from cards.services import CatalogueDataError, load_catalogue


class Command(BaseCommand):
    help = "Load (idempotently) the rulebook tables and every card from cards/data/*.yaml into the database."

    def add_arguments(self, parser):
        parser.add_argument("--data-dir", default=None, help="Folder holding the data files (default: cards/data).")
        parser.add_argument("--prune", action="store_true", help="Delete cards that are not in the data files.")

    def handle(self, *args, data_dir=None, prune=False, **options):
        try:
            report = load_catalogue(data_dir, prune=prune)
        except CatalogueDataError as exc:
            raise CommandError(str(exc)) from exc
        if options["verbosity"]:
            self.stdout.write(report.summary())
