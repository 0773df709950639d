"""The card data a lab study plays, carried with the study (pure: no Django).

A study plays the catalogue as it was in the database when it started (admin edits included), not whatever card
files a worker happens to have: `build_study` (rules/lab/services.py) stores the cards in data-file form (cards/data/SCHEMA.md)
under the study's `cards` key, next to their `data_hash`, and every chunk's message carries them. A worker compiles
them with the repository's rule tables once per `data_hash` and keeps a few compiled catalogues, so a worker serving
studies of several card sets (before and after an edit) compiles each once. A study saved before this (no `cards`)
plays the worker's own files, checked against its `data_hash` as before.

A study of a release (issue 32: new studies play the current release) also carries the release's rule tables under
`tables`, as YAML (JSON would turn the rulebook's number keys into text and change the hash): the repository's files
may hold tables not published yet, or published since, and the study must compile to its release's hash whatever
the files say, today and after any later release. A study without `tables` compiles with the files' tables.
"""
from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from typing import Any, Callable, Mapping

import yaml

from .catalogue import DATA_DIR, Catalogue, compile_catalogue, read_tables

CARDS = "cards"
TABLES = "tables"   # the release's rule tables, as YAML text
KEEP = 4   # compiled catalogues a process keeps (one per card set in use)

_compiled: "OrderedDict[str, Catalogue]" = OrderedDict()


class CatalogueMismatch(RuntimeError):
    """The card data a worker would play are not the study's."""


def public_study(study: Mapping[str, Any]) -> dict[str, Any]:
    """The study as pages and the API show it: without its card data and rule tables (some 60 KB that are the
    release's)."""
    return {key: value for key, value in study.items() if key not in (CARDS, TABLES)}


def study_tables(study: Mapping[str, Any]) -> dict[str, Any]:
    """The rule tables the study's cards compile with: its release's (`tables`), else the repository's files'."""
    text = study.get(TABLES)
    return dict(_read_tables_text(text)) if text else read_tables(DATA_DIR)


@lru_cache(maxsize=KEEP)
def _read_tables_text(text: str) -> dict[str, Any]:
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def study_cards_catalogue(study: Mapping[str, Any], fallback: Callable[[], Catalogue]) -> Catalogue:
    """The catalogue a study's chunk plays: its own cards compiled (cached by `data_hash`), or `fallback()` (the
    worker's files) for a study that carries none; either way it must be the study's `data_hash`."""
    wanted = study.get("data_hash")
    cards = study.get(CARDS)
    if cards is None:
        catalogue = fallback()
    else:
        catalogue = _compiled.get(wanted) if wanted else None
        if catalogue is None:
            catalogue = compile_catalogue({**study_tables(study), "cards": list(cards)})
            _compiled[catalogue.data_hash] = catalogue
            while len(_compiled) > KEEP:
                _compiled.popitem(last=False)
        else:
            _compiled.move_to_end(wanted)
    if wanted and catalogue.data_hash != wanted:
        raise CatalogueMismatch(f"catalogue_mismatch: this worker's card data ({catalogue.data_hash}) are not the "
                                f"study's ({wanted}); run every worker from the same rule tables")
    return catalogue
