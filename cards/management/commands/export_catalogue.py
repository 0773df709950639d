"""`python manage.py export_catalogue [--data-dir DIR]`: write the database's cards back to the data files."""
from django.core.management.base import BaseCommand

from cards.services import export_catalogue


class Command(BaseCommand):
    help = "Write every card in the database back to cards/data/cards.yaml and pyramid.yaml."

    def add_arguments(self, parser):
        parser.add_argument("--data-dir", default=None, help="Folder to write into (default: cards/data).")

    def handle(self, *args, data_dir=None, **options):
        report = export_catalogue(data_dir)
        if options["verbosity"]:
            self.stdout.write(report.summary())
