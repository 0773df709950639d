"""A player's collection as text and CSV, and what a deck needs from it (pure: the compiled catalogue, no Django).

Text is the decklist format (`3 Kalen Vos`, `Kalen Vos x3`, slugs, comments, headers), read by `decks.textio`, so a
decklist pasted as a collection means "I own these". CSV has a header naming a count column (count, quantity, qty,
owned, copies) and a card column (card, name, slug); without one, rows are read as `count,card`. Every row or line
that cannot be read is a `Problem` with its line number, never a silent drop.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any, Mapping

from rules.engine.catalogue import Catalogue

from .textio import format_decklist, parse_decklist
from .validation import BAD_COUNT, Problem

MAX_COPIES = 99
COUNT_COLUMNS = ("count", "quantity", "qty", "owned", "copies", "amount")
CARD_COLUMNS = ("card", "name", "slug", "card name")
NOT_COLLECTIBLE = "not_collectible"
CSV_HEADER = ("count", "card", "name", "type", "faction")


def collectible(card) -> bool:
    """Return whether a card can be in a collection (Pyramid cards belong to the game, not to a player)."""
    return card is not None and card.type != "pyramid"


@dataclass(frozen=True)
class ParsedCollection:
    counts: dict[str, int]
    errors: tuple[Problem, ...]


def parse_collection_text(text: str, catalogue: Catalogue) -> ParsedCollection:
    """Read a collection written like a decklist: a Hero line counts as one copy of that Hero."""
    parsed = parse_decklist(text, catalogue)
    counts = dict(parsed.counts)
    if parsed.hero:
        counts[parsed.hero] = counts.get(parsed.hero, 0) + 1
    errors = [p for p in parsed.errors if p.code != "hero_conflict"]
    for problem in parsed.errors:  # a second Hero line is one more Hero owned, not a conflict
        if problem.code == "hero_conflict" and problem.card:
            counts[problem.card] = counts.get(problem.card, 0) + 1
    return _checked(counts, errors, catalogue)


def _checked(counts: dict[str, int], errors: list[Problem], catalogue: Catalogue) -> ParsedCollection:
    kept = {}
    for slug, count in counts.items():
        card = catalogue.cards.get(slug)
        if not collectible(card):
            errors.append(Problem(NOT_COLLECTIBLE, f"{card.name if card else slug} is not a card a player owns.",
                                  card=slug))
        elif count > MAX_COPIES:
            errors.append(Problem(BAD_COUNT, f"{count} copies of {card.name}: a collection holds at most "
                                             f"{MAX_COPIES} of a card.", card=slug, count=count))
        else:
            kept[slug] = count
    return ParsedCollection(kept, tuple(sorted(errors, key=lambda p: p.line or 0)))


def _csv_columns(header: list[str]) -> tuple[int, int] | None:
    names = [cell.strip().lower() for cell in header]
    count = next((i for i, name in enumerate(names) if name in COUNT_COLUMNS), None)
    card = next((i for i, name in enumerate(names) if name in CARD_COLUMNS), None)
    return (count, card) if count is not None and card is not None else None


def parse_collection_csv(text: str, catalogue: Catalogue) -> ParsedCollection:
    """Read a CSV collection; each row becomes a `count card` line read as text, keeping its line number."""
    try:
        rows = list(csv.reader(io.StringIO(text)))
    except csv.Error as exc:
        return ParsedCollection({}, (Problem("bad_csv", f"The CSV cannot be read: {exc}."),))
    columns = _csv_columns(rows[0]) if rows else None
    lines = [""] if columns else []
    count_at, card_at = columns or (0, 1)
    for row in rows[1:] if columns else rows:
        cells = [cell.strip() for cell in row]
        if not any(cells):
            lines.append("")
        elif len(cells) <= max(count_at, card_at):
            lines.append(" ".join(cells))  # one cell: read as a text line ("3 Kalen Vos" or just a name)
        else:
            lines.append(f"{cells[count_at]} {cells[card_at]}")
    return parse_collection_text("\n".join(lines), catalogue)


def looks_like_csv(text: str) -> bool:
    first = next((line for line in text.splitlines() if line.strip()), "")
    return "," in first


def parse_collection(text: str, catalogue: Catalogue) -> ParsedCollection:
    """Read a collection as CSV when its first line has commas, else as text."""
    return parse_collection_csv(text, catalogue) if looks_like_csv(text) else parse_collection_text(text, catalogue)


def format_collection_text(counts: Mapping[str, int], catalogue: Catalogue) -> str:
    """Write a collection as text (by card type, like a decklist; it reads back to the same counts)."""
    return format_decklist(None, counts, catalogue) if counts else "# Your collection is empty\n"


def format_collection_csv(counts: Mapping[str, int], catalogue: Catalogue) -> str:
    """Write a collection as CSV: count, card slug, name, type, faction; sorted by name."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    rows = sorted(((catalogue.cards[slug], count) for slug, count in counts.items() if slug in catalogue.cards),
                  key=lambda item: item[0].name.lower())
    for card, count in rows:
        writer.writerow((count, card.slug, card.name, card.type, card.faction or ""))
    return out.getvalue()


# --- what a deck needs ---------------------------------------------------------------------------------------------

def deck_ownership(hero: str | None, counts: Mapping[str, int], owned: Mapping[str, int],
                   catalogue: Catalogue) -> dict[str, Any]:
    """Return how much of a deck a collection covers: "you own 41/45 — missing: 2 Kalen Vos, …"."""
    total = sum(counts.values())
    missing = []
    for slug, count in counts.items():
        lacking = count - min(count, owned.get(slug, 0))
        if lacking:
            card = catalogue.cards.get(slug)
            missing.append({"card": slug, "name": card.name if card else slug, "missing": lacking,
                            "owned": owned.get(slug, 0), "needed": count})
    missing.sort(key=lambda row: row["name"].lower())
    hero_card = catalogue.cards.get(hero) if hero else None
    hero_owned = hero is None or owned.get(hero, 0) >= 1
    return {
        "owned": total - sum(row["missing"] for row in missing),
        "total": total,
        "missing": missing,
        "hero": hero,
        "hero_name": hero_card.name if hero_card else hero,
        "hero_owned": hero_owned,
        "buildable": hero_owned and not missing,
        "summary": ownership_summary(total, missing, None if hero_owned else (hero_card.name if hero_card else hero)),
    }


def ownership_summary(total: int, missing: list[dict[str, Any]], missing_hero: str | None) -> str:
    owned = total - sum(row["missing"] for row in missing)
    parts = ([f"the Hero {missing_hero}"] if missing_hero else []) + [f"{row['missing']} {row['name']}"
                                                                      for row in missing]
    if not parts:
        return f"You own {owned}/{total}: you can build this deck from your collection."
    return f"You own {owned}/{total} — missing: {', '.join(parts)}."
