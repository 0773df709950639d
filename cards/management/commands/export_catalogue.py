"""`python manage.py export_catalogue [--data-dir DIR] [--release SLUG]`: write the database's cards back to the
data files, or every data file of one release (cards.releases.export_release)."""
from django.core.management.base import BaseCommand, CommandError

from cards.releases import ReleaseError, export_release, get_release
from cards.services import export_catalogue


class Command(BaseCommand):
    help = "Write every card in the database back to cards/data/cards.yaml and pyramid.yaml, or a release's files."

    def add_arguments(self, parser):
        parser.add_argument("--data-dir", default=None, help="Folder to write into (default: cards/data).")
        parser.add_argument("--release", default=None, metavar="SLUG",
                            help="Write this release's data files (every table, not only the cards).")

    def handle(self, *args, data_dir=None, release=None, **options):
        if release is not None:
            try:
                files = export_release(get_release(release), data_dir)
            except ReleaseError as exc:
                raise CommandError(f"{exc.message} [{exc.code}]") from exc
            if options["verbosity"]:
                self.stdout.write(f"Wrote release {release} to {', '.join(str(path) for path in files)}.")
            return
        report = export_catalogue(data_dir)
        if options["verbosity"]:
            self.stdout.write(report.summary())
