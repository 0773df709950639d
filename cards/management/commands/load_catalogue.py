"""`python manage.py load_catalogue [--data-dir DIR] [--prune] [--images background|now|skip]`: load the card data
files into the database, then draw the card images ahead (in the background by default, so the command stays quick
and no visitor waits for thumbnails drawn on demand)."""
import subprocess
import sys

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from cards.services import CatalogueDataError, load_catalogue

IMAGE_MODES = ("background", "now", "skip")


def render_images_in_background() -> subprocess.Popen:
    """Start `render_card_images` as a detached process with this one's settings and environment."""
    return subprocess.Popen(
        [sys.executable, str(settings.BASE_DIR / "manage.py"), "render_card_images", "--verbosity", "0"],
        cwd=settings.BASE_DIR, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, start_new_session=True,
    )


class Command(BaseCommand):
    help = "Load (idempotently) the rulebook tables and every card from cards/data/*.yaml into the database."

    def add_arguments(self, parser):
        parser.add_argument("--data-dir", default=None, help="Folder holding the data files (default: cards/data).")
        parser.add_argument("--prune", action="store_true", help="Delete cards that are not in the data files.")
        parser.add_argument("--images", choices=IMAGE_MODES, default=None,
                            help="Draw the card images ahead: in the background (the default), now, or skip it.")

    def handle(self, *args, data_dir=None, prune=False, images=None, **options):
        try:
            report = load_catalogue(data_dir, prune=prune)
        except CatalogueDataError as exc:
            raise CommandError(str(exc)) from exc
        if options["verbosity"]:
            self.stdout.write(report.summary())
        images = images or getattr(settings, "CARD_IMAGES_AHEAD", "background")
        if images == "now":
            call_command("render_card_images", verbosity=options["verbosity"], nice=0)
        elif images == "background":
            render_images_in_background()
            if options["verbosity"]:
                self.stdout.write("Card images: being drawn in the background (render_card_images).")
