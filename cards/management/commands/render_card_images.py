"""`python manage.py render_card_images [--sizes thumb,full]`: draw every card's image into the disk cache now.

`load_catalogue` starts this in the background, so a catalogue's first visit finds its thumbnails drawn instead of
waiting for 139 of them to be drawn on demand. A card already drawn at its content hash is skipped.
"""
import os

from django.core.management.base import BaseCommand, CommandError

from cards.catalogue import get_catalogue
from cards.images import cached_image_path, card_png
from cards.models import Card
from cards.render import SIZES


class Command(BaseCommand):
    help = "Render every card's images (thumbnails first) into the image cache, skipping those already there."

    def add_arguments(self, parser):
        parser.add_argument("--sizes", default="thumb,full", help="Comma-separated sizes, in order (thumb,full).")
        parser.add_argument("--nice", type=int, default=10, help="Lower this process's priority by this much.")

    def handle(self, *args, sizes="thumb,full", nice=10, **options):
        wanted = [size.strip() for size in sizes.split(",") if size.strip()]
        unknown = [size for size in wanted if size not in SIZES]
        if unknown:
            raise CommandError(f"unknown size(s) {', '.join(unknown)}; choose from {', '.join(SIZES)}")
        if nice:
            os.nice(nice)   # a background job: the site's requests come first
        catalogue = get_catalogue()
        cards = list(Card.objects.exclude(content_hash=""))
        drawn = 0
        for size in wanted:
            for card in cards:
                if card.slug in catalogue.cards and not cached_image_path(card.slug, card.content_hash, size).exists():
                    card_png(card, catalogue, size)
                    drawn += 1
        if options["verbosity"]:
            self.stdout.write(f"Card images: {drawn} drawn, {len(cards) * len(wanted) - drawn} already cached.")
