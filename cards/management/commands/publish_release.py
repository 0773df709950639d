"""`python manage.py publish_release --name "Playtest 1.1" [--notes TEXT] [--reason CARD=TEXT ...]`: publish the
draft (the database's cards, as the admin edited them) as the new current release (cards.releases.publish, which
the staff page /releases/publish/ calls too)."""
from time import perf_counter

from django.core.management.base import BaseCommand, CommandError

from cards.releases import ReleaseError, card_changes, publish, release_data


def reason_pair(text: str) -> tuple[str, str]:
    card, sep, reason = text.partition("=")
    if not sep or not card.strip() or not reason.strip():
        raise CommandError(f"--reason {text!r}: write it as CARD=TEXT (the card's slug, then why it changed).")
    return card.strip(), reason.strip()


class Command(BaseCommand):
    help = "Publish the database's cards as the new current release, with a reason per changed card."

    def add_arguments(self, parser):
        parser.add_argument("--name", required=True, help='The release\'s name, such as "Playtest 1.1".')
        parser.add_argument("--slug", default=None, help="Its slug (default: from the name).")
        parser.add_argument("--notes", default="", help="The patch notes: what this release is about.")
        parser.add_argument("--reason", action="append", default=[], metavar="CARD=TEXT",
                            help="Why a card changed (repeat for each card).")

    def handle(self, *args, name, slug=None, notes="", reason=(), **options):
        reasons = dict(reason_pair(text) for text in reason)
        started = perf_counter()
        try:
            release = publish(name, notes, reasons, slug=slug)
        except ReleaseError as exc:
            raise CommandError(f"{exc.message} [{exc.code}]") from exc
        seconds = perf_counter() - started
        if options["verbosity"]:
            previous = release.previous
            changes = card_changes(release_data(previous) if previous else None, release_data(release))
            self.stdout.write(f"Published {release.name} ({release.slug}), hash {release.data_hash}: "
                              f"{len(changes)} card(s) changed, in {seconds:.2f} s.")
            for row in changes:
                why = release.reasons.get(row["card"], "no reason given")
                self.stdout.write(f"  {row['change']} {row['card']}: {', '.join(row['fields'])} — {why}")
