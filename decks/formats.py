"""Deck-construction formats, read from `decks/data/formats.yaml`.

A format holds the numbers a deck is checked against (size, copy limit, which card types are unlimited, how far an
On-The-Fence Hero reaches). Which card types may be in a deck at all is the rulebook's (`card_types[].in_deck` in
cards/data/rulebook.yaml, read through `Catalogue.in_deck`), which the engine's set-up reads too. They are data so that a rules revision is a new format, not new code.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

import yaml

FORMATS_FILE = Path(__file__).resolve().parent / "data" / "formats.yaml"
DEFAULT_FORMAT = "playtest"


@dataclass(frozen=True, slots=True)
class Format:
    """The deck-building constants of one edition of the rules."""

    slug: str
    name: str
    deck_size: int
    copy_limit: int
    unlimited_types: tuple[str, ...]
    otf_ideology: str
    otf_allows_ideologies: tuple[str, ...]
    min_energy_warning: int
    description: str = ""

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> "Format":
        """Build a format from one YAML row, refusing unknown or missing keys."""
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"format {data.get('slug')!r}: unknown field(s) {sorted(unknown)}")
        values = dict(data)
        for name in ("unlimited_types", "otf_allows_ideologies"):
            values[name] = tuple(values.get(name) or ())
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v for f in fields(self)}


def load_formats(path: Path | str = FORMATS_FILE) -> Mapping[str, Format]:
    """Read every format from the YAML file, keyed by slug."""
    with Path(path).open(encoding="utf-8") as handle:
        rows = yaml.safe_load(handle)["formats"]
    formats: dict[str, Format] = {}
    for row in rows:
        fmt = Format.from_mapping(row)
        if fmt.slug in formats:
            raise ValueError(f"duplicate format slug: {fmt.slug}")
        formats[fmt.slug] = fmt
    return MappingProxyType(formats)


FORMATS: Mapping[str, Format] = load_formats()


def get_format(slug: str = DEFAULT_FORMAT) -> Format:
    """Return the format with this slug (KeyError naming the known ones otherwise)."""
    try:
        return FORMATS[slug]
    except KeyError:
        raise KeyError(f"unknown deck format {slug!r}; known: {', '.join(sorted(FORMATS))}") from None

# (slug, name) pairs for choice fields and the OpenAPI enum of deck formats.
FORMAT_CHOICES = [(slug, fmt.name) for slug, fmt in FORMATS.items()]
