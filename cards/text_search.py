"""Word search in card text: the same answers on SQLite and PostgreSQL; PostgreSQL reads them from a full-text index.

A search term matches a card when its words appear in the column in that order, one after another, the last one as
the start of a word: `kal` finds "Kalen Vos", `"enters play"` finds "enters play" and "enters player", `alen`
finds nothing. Both databases must give exactly the same answers, so neither tokenizes on its own: each searchable
column has a companion column of normalized words (`words_of`: lowercase ASCII letters and digits, accents
stripped, one space between words and one at each end), filled wherever the card's text is written. Then:

- PostgreSQL matches `to_tsvector('simple', <words>) @@ to_tsquery('simple', 'enters <-> play:*')`, served by a
  GIN index on that expression (migration `0002`); the 'simple' parser reads our normalized words back exactly
  as they are, one lexeme each, with consecutive positions.
- Any other database (SQLite, the embedded default) matches `<words> LIKE '% enters play%'`: the same condition,
  since every word starts after a space.
"""
from __future__ import annotations

import re
import unicodedata

from django.db import models
from django.db.models import Lookup

TSVECTOR = "to_tsvector('simple'::regconfig, {column})"  # the indexed expression (see migration 0002)
_WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    """Return the words of `text` as search sees them: lowercase ASCII letters and digits, accents stripped."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _WORD.findall(plain.lower())


def words_of(text: str) -> str:
    """Return the value of a words column for `text`: its words, space-separated, with a space at each end."""
    found = words(text)
    return f" {' '.join(found)} " if found else ""


class WordsField(models.TextField):
    """A column of normalized words (`words_of`), derived from another column and searched with `__words`."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("blank", True)
        kwargs.setdefault("editable", False)
        kwargs.setdefault("default", "")
        super().__init__(*args, **kwargs)


@WordsField.register_lookup
class Words(Lookup):
    """`column__words="enters pla"`: the column holds these words in a row, the last as a word's start."""

    lookup_name = "words"
    prepare_rhs = False  # the term stays as typed: `_terms` reads its words

    def _terms(self) -> list[str]:
        return words(str(self.rhs))

    def as_sql(self, compiler, connection):
        lhs, lhs_params = self.process_lhs(compiler, connection)
        terms = self._terms()
        if not terms:
            return "1 = 0", []  # a term with no letters or digits names no word: it matches no card
        return f"{lhs} LIKE %s", [*lhs_params, f"% {' '.join(terms)}%"]

    def as_postgresql(self, compiler, connection):
        lhs, lhs_params = self.process_lhs(compiler, connection)
        terms = self._terms()
        if not terms:
            return "1 = 0", []
        query = " <-> ".join(terms) + ":*"
        return f"{TSVECTOR.format(column=lhs)} @@ to_tsquery('simple'::regconfig, %s)", [*lhs_params, query]
