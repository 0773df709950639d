"""Read the project's rulings (`rules/RULINGS.md`) and find the ones that concern a card, for its page.

RULINGS.md holds numbered entries written as `## N. Title` sections. A card's rulings are the entries that name the
card or a keyword it uses: naming its type ("People") would give a plain common two dozen general rulings. A card
page shows a ruling in players' words (`player_html`): the workshop's notes — where the code is ("Where.") and the
tests that pin it ("Pinned by:") — stay in RULINGS.md. The parsed file is cached until its mtime changes.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

from django.utils.safestring import SafeString, mark_safe

from rules.engine.catalogue import CardDef, Catalogue

RULINGS_PATH = Path(__file__).resolve().parents[1] / "rules" / "RULINGS.md"
HEADING = re.compile(r"^#{2,3}\s+(\d+)\.\s*(.+?)\s*$")

# The labels of an entry's paragraphs that speak to the project's developers, not to players.
WORKSHOP_LABELS = re.compile(r"^\*\*(Where\.|Pinned by:)\*\*")
LABEL = re.compile(r"^\*\*[A-Z][\w ]*[.:]\*\*")
# A parenthesis holding `code` points at a file or a field: "(`rulebook.yaml` `equipment.attach_cost`, 1 CE)".
CODE_ASIDE = re.compile(r"\s*\([^()]*`[^()]*\)")


@dataclass(frozen=True)
class Ruling:
    """One numbered entry of RULINGS.md."""

    number: int
    title: str
    body: str

    @property
    def anchor(self) -> str:
        return f"ruling-{self.number}"

    @property
    def text(self) -> str:
        return f"{self.title}\n{self.body}"

    @property
    def player_body(self) -> str:
        """The entry without its workshop paragraphs and file references, and code set as plain words."""
        return player_text(self.body)

    @property
    def player_html(self) -> SafeString:
        return markdown_html(self.player_body)


def player_text(body: str) -> str:
    """Drop the "Where." and "Pinned by:" paragraphs (up to the next labelled paragraph or blank line) and asides
    naming files; unwrap the remaining `code` spans, which name engine fields players know as plain words."""
    kept: list[str] = []
    dropping = False
    for line in body.splitlines():
        stripped = line.strip()
        if WORKSHOP_LABELS.match(stripped):
            dropping = True
            continue
        if not stripped or LABEL.match(stripped):
            dropping = False
        if not dropping:
            kept.append(line)
    text = CODE_ASIDE.sub("", "\n".join(kept))
    return re.sub(r"`([^`]+)`", r"\1", text).strip()


_cache: dict[Path, tuple[float, tuple[Ruling, ...]]] = {}


def parse_rulings(text: str) -> tuple[Ruling, ...]:
    """Split RULINGS.md into its numbered `## N. Title` or `### N. Title` entries (text before the first entry is ignored)."""
    entries: list[Ruling] = []
    number, title, body = None, "", []
    for line in text.splitlines():
        match = HEADING.match(line)
        if match or line.startswith("#"):
            if number is not None:
                entries.append(Ruling(number, title, "\n".join(body).strip()))
            number, title, body = (int(match.group(1)), match.group(2), []) if match else (None, "", [])
        elif number is not None:
            body.append(line)
    if number is not None:
        entries.append(Ruling(number, title, "\n".join(body).strip()))
    return tuple(entries)


def load_rulings(path: Path | str | None = None) -> tuple[Ruling, ...]:
    """Return the parsed entries of RULINGS.md (none if the file does not exist), re-reading it when it changes."""
    path = Path(path) if path else RULINGS_PATH
    try:
        mtime = path.stat().st_mtime
    except FileNotFoundError:
        _cache.pop(path, None)
        return ()
    cached = _cache.get(path)
    if cached and cached[0] == mtime:
        return cached[1]
    entries = parse_rulings(path.read_text(encoding="utf-8"))
    _cache[path] = (mtime, entries)
    return entries


def card_terms(card_def: CardDef, catalogue: Catalogue) -> tuple[str, ...]:
    """Return the words that make a ruling concern this card: its name and its keywords' names."""
    terms = [card_def.name]
    # Keywords only, not triggers: "Use" or "When card enters play" would bring in every general timing ruling.
    slugs = {a.keyword for a in card_def.abilities}
    if any(a.synergy for a in card_def.abilities):
        slugs.add("synergy")
    for slug in sorted(slugs):
        keyword = catalogue.keywords.get(slug)
        if keyword:
            terms.append(str(keyword["name"]))
    return tuple(dict.fromkeys(terms))


def _pattern(terms: tuple[str, ...]) -> re.Pattern[str]:
    alternation = "|".join(re.escape(t) for t in sorted(terms, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternation})(?![\w-])")


def rulings_for(card_def: CardDef, catalogue: Catalogue, *, path: Path | str | None = None) -> list[Ruling]:
    """Return the rulings that mention the card's name or a keyword it uses, in file order."""
    entries = load_rulings(path)
    if not entries:
        return []
    pattern = _pattern(card_terms(card_def, catalogue))
    return [entry for entry in entries if pattern.search(entry.text)]


_INLINE = (
    (re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
    (re.compile(r"\*\*(.+?)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"<em>\1</em>"),
)


def _inline(text: str) -> str:
    out = html.escape(text, quote=False)
    for pattern, replacement in _INLINE:
        out = pattern.sub(replacement, out)
    return out


def markdown_html(text: str) -> SafeString:
    """Render the small Markdown subset RULINGS.md uses (paragraphs, lists, quotes, bold, italics, code) safely."""
    parts: list[str] = []
    paragraph: list[str] = []
    items: list[str] = []
    list_tag = ""

    def flush() -> None:
        nonlocal paragraph, items, list_tag
        if paragraph:
            parts.append(f"<p>{_inline(' '.join(paragraph))}</p>")
            paragraph = []
        if items:
            parts.append(f"<{list_tag}>" + "".join(f"<li>{_inline(i)}</li>" for i in items) + f"</{list_tag}>")
            items, list_tag = [], ""

    for raw in text.splitlines():
        line = raw.strip()
        bullet = re.match(r"^[-*]\s+(.*)", line)
        numbered = re.match(r"^\d+[.)]\s+(.*)", line)
        if not line:
            flush()
        elif bullet or numbered:
            tag = "ul" if bullet else "ol"
            if paragraph or (items and list_tag != tag):
                flush()
            list_tag = tag
            items.append((bullet or numbered).group(1))
        elif line.startswith(">"):
            flush()
            parts.append(f"<blockquote>{_inline(line.lstrip('> '))}</blockquote>")
        elif line.startswith("#"):
            flush()
            parts.append(f"<h4>{_inline(line.lstrip('# '))}</h4>")
        elif items and raw.startswith((" ", "\t")):
            items[-1] += " " + line
        else:
            if items:
                flush()
            paragraph.append(line)
    flush()
    return mark_safe("".join(parts))
