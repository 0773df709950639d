"""What the card set's releases mean for a deck (issue 32; docs/players/decks.md, "When the cards change").

A deck's versions record the release current when each was saved (`DeckVersion.release`). Two things follow:

- `changed_cards`: each card the deck runs (its Hero too) that a release published since the deck was last saved
  changed or removed, with that release and the fields as [old, new]. It reads the per-release changelogs of
  `cards.releases.release_changes` (kept per process: a release never changes) and never diffs cards a second way.
- Legality is judged against the *current release*, not the draft the designers are editing: players build for,
  and are told about, the published set (the draft may hold a half-made change that is never published). When no
  release exists yet (a fresh database before `load_catalogue`) the cards in the database are the only set there is.
  The validator (`decks.validation`) stays pure; `Legality.judge` (`validate` for a saved deck) gives it the
  release's catalogue and then says which release made a problem: a card the release removed, a card not published
  yet, a card changed since the save. Every deck verdict goes through it: the deck's page and API, the deck lists,
  the deckbuilder and `POST /api/decks/validate/`.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping, Sequence

from cards.catalogue import DerivedCache, get_catalogue
from cards.models import Release
from cards.releases import catalogue_for_hash, release_changes
from decks import validation
from decks.formats import FORMATS, Format, get_format
from rules.engine.catalogue import Catalogue

CARD_REMOVED = "card_removed"  # the current release removed a card the deck runs
CARD_NOT_RELEASED = "card_not_released"  # a card of the draft that no release has published yet
_CHANGES = DerivedCache(maxsize=64)  # (release slug, data hash) -> that release's changed cards
_ROW_FIELDS = ("slug", "name", "data_hash", "current")


@dataclass(frozen=True)
class ReleaseRef:
    """A release as a deck names it: slug, name, URL path of its changelog."""

    slug: str
    name: str

    @property
    def url(self) -> str:
        return f"/releases/{self.slug}/"


def release_history() -> list[tuple[ReleaseRef, list[dict[str, Any]]]]:
    """Every release, oldest first, with the cards it changed (one query; each changelog computed once per process).
    The first release's "changes" (every card added) are left out: no deck is told them."""
    return _history()[0]


def _history() -> tuple[list[tuple[ReleaseRef, list[dict[str, Any]]]], tuple[str, str, str] | None]:
    out, current = [], None
    rows = Release.objects.order_by("published_at", "pk").values_list(*_ROW_FIELDS)
    for index, (slug, name, hash_, is_current) in enumerate(rows):
        if is_current:
            current = (slug, name, hash_)
        cards = [] if index == 0 else _CHANGES.get((slug, hash_))
        if cards is None:
            with _CHANGES.computing((slug, hash_)):
                cards = _CHANGES.get((slug, hash_))
                if cards is None:
                    cards = release_changes(Release.objects.select_related("previous").get(slug=slug))["cards"]
                    _CHANGES.put((slug, hash_), cards)
        out.append((ReleaseRef(slug, name), cards))
    return out, current


def changed_cards(runs: Iterable[str], saved_under: str | None,
                  history: Sequence[tuple[ReleaseRef, list[dict[str, Any]]]]) -> list[dict[str, Any]]:
    """Each change to a card in `runs` made by a release published after `saved_under` (a release slug; None: the
    deck was saved before releases, so every release after the first counts), oldest first.

    Pure: `history` is `release_history()`. Rows: {card, release, change ("changed"|"removed"), fields, reason}.
    """
    slugs = [ref.slug for ref, _ in history]
    start = slugs.index(saved_under) + 1 if saved_under in slugs else 1
    wanted = set(runs)
    return [{"card": row["card"], "release": ref.slug, "change": row["change"], "fields": row["fields"],
             "reason": row["reason"]}
            for ref, cards in history[start:] for row in cards if row["card"] in wanted]


def deck_runs(deck) -> list[str]:
    """The slugs of the cards a deck runs, its Hero first."""
    return ([deck.hero.slug] if deck.hero_id else []) + list(deck.counts())


def saved_under(deck) -> str | None:
    """The slug of the release the deck's latest version was saved under (None: before releases)."""
    return deck.versions.filter(number=deck.version).values_list("release__slug", flat=True).first()


@dataclass
class Legality:
    """The set a deck's legality is judged against: the current release (or the database's cards when none).

    Every verdict the site gives on a deck — its page, its API, the deckbuilder's live verdict and
    `POST /api/decks/validate/` (which also judges a pasted or imported list) — comes from `judge`, so none of them
    can judge the draft while another judges the release."""

    release: ReleaseRef | None
    catalogue: Catalogue
    history: list = field(default_factory=list)
    draft: Catalogue | None = None  # the database's cards, to name a card the release does not hold

    @property
    def slug(self) -> str | None:
        """The release's slug, as payloads give it (None: no release yet, the database's cards judged)."""
        return self.release.slug if self.release else None

    def validate(self, deck, changes: Sequence[Mapping[str, Any]] = ()) -> validation.ValidationResult:
        """Validate a saved deck against the release (see `judge`)."""
        return self.judge(deck.hero.slug if deck.hero_id else None, deck.counts(),
                          FORMATS.get(deck.format) or get_format(), changes)

    def judge(self, hero: str | None, counts: Mapping[str, int], fmt: Format | None = None,
              changes: Sequence[Mapping[str, Any]] = ()) -> validation.ValidationResult:
        """Validate a Hero and copies by slug against the release and say which release made each problem."""
        result = validation.validate_deck(self.catalogue, hero, counts, fmt)
        if self.release is None:
            return result
        return explain(result, self.release, self.history, changes, self.draft or self.catalogue)


def current_legality() -> Legality:
    """Return the current release with its compiled catalogue (the draft's itself when the two are the same set)."""
    history, current = _history()
    draft = get_catalogue()
    if current is None:
        return Legality(None, draft, history, draft)
    return Legality(ReleaseRef(current[0], current[1]), catalogue_for_hash(current[2]) or draft, history, draft)


def explain(result: validation.ValidationResult, current: ReleaseRef, history, changes, draft: Catalogue
            ) -> validation.ValidationResult:
    """Rewrite the problems a release caused so that they name it (pure)."""
    removed_in = {row["card"]: ref for ref, cards in history for row in cards if row["change"] == "removed"}
    changed_in = {row["card"]: row["release"] for row in changes if row["change"] == "changed"}
    names = {ref.slug: ref.name for ref, _ in history}

    def name(slug: str) -> str:
        card = draft.cards.get(slug)
        return card.name if card else slug

    def reworded(problem: validation.Problem) -> validation.Problem:
        slug = problem.card or ""
        if problem.code in (validation.UNKNOWN_CARD, validation.HERO_UNKNOWN) and slug in removed_in:
            return replace(problem, code=CARD_REMOVED, message=f"{name(slug)} was removed from the card set in "
                           f"{removed_in[slug].name}: take it out of the deck.")
        if problem.code in (validation.UNKNOWN_CARD, validation.HERO_UNKNOWN) and slug in draft.cards:
            return replace(problem, code=CARD_NOT_RELEASED, message=f"{name(slug)} is not in {current.name}, the "
                           "current release: it is a new card that has not been published yet.")
        if slug in changed_in:
            return replace(problem, message=f"{problem.message} ({name(slug)} changed in "
                           f"{names.get(changed_in[slug], changed_in[slug])}.)")
        return problem

    errors = tuple(reworded(p) for p in result.errors)
    warnings = tuple(reworded(p) for p in result.warnings)
    return replace(result, errors=errors, warnings=warnings)


def notice_lines(changes: Sequence[Mapping[str, Any]], history, draft: Catalogue) -> list[dict[str, Any]]:
    """The deck page's notice: one line per card and release ("Kalen Vos changed in Playtest 1.1 — hp 4 → 5")."""
    refs = {ref.slug: ref for ref, _ in history}
    lines = []
    for row in changes:
        card = draft.cards.get(row["card"])
        parts = [f"{key} {_short(old)} → {_short(new)}" if _plain(old) and _plain(new) else f"{key} changed"
                 for key, (old, new) in row["fields"].items()]
        lines.append({"card": row["card"], "name": card.name if card else row["card"], "change": row["change"],
                      "release": refs[row["release"]], "fields": "; ".join(parts), "reason": row["reason"]})
    return lines


def _plain(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float))


def _short(value: Any) -> str:
    return "—" if value is None else str(value)
