"""The words on a face: the type line, and the rules text wrapped with keyword names in bold, shrunk until it fits
its box (cut with an ellipsis if even the smallest size does not).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from PIL import ImageDraw, ImageFont

from cards.render.fonts import font
from cards.render.geometry import SS
from cards.render.palette import INK
from rules.engine.catalogue import CardDef, Catalogue


def type_line(card: CardDef, catalogue: Catalogue) -> str:
    """Return the card's type line, e.g. "Person — Atlantean Fanatic · Common"."""
    rulebook = catalogue.rulebook
    type_name = _name_of(rulebook.get("card_types", ()), card.type) or card.type.title()
    if card.type == "energy" and card.produces:
        energy = next((e for e in rulebook.get("energy_types", ()) if e["code"] == card.produces), None)
        subtype = energy["name"] if energy else card.produces
    elif card.faction:
        civ = _name_of(rulebook.get("civilizations", ()), card.civilization) or ""
        ideology = _name_of(rulebook.get("ideologies", ()), card.ideology) or ""
        subtype = f"{civ} {ideology}".strip()
    else:
        subtype = ""
    line = f"{type_name} — {subtype}" if subtype else type_name
    rarity = _name_of(rulebook.get("rarities", ()), card.rarity)
    return f"{line} · {rarity}" if rarity else line


def _name_of(rows, slug: str | None) -> str | None:
    if not slug:
        return None
    for row in rows:
        if row.get("slug") == slug:
            return row.get("name")
    return None


Fragment = tuple[str, bool]  # a run of text and whether it is set in bold
Word = list[Fragment]         # fragments printed with no space between them ("Strike" + ":")


@lru_cache(maxsize=32)
def keyword_pattern(names: tuple[str, ...]) -> re.Pattern[str] | None:
    """Return a regex matching any keyword name as a whole word (longest first: "Charge Capacity" over "Charge")."""
    if not names:
        return None
    alternation = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])({alternation})(?![\w-])")


def _words(paragraph: str, pattern: re.Pattern[str] | None) -> list[Word]:
    """Split a paragraph into words, setting keyword names in bold and keeping punctuation on its word."""
    segments: list[Fragment] = []
    pos = 0
    for match in pattern.finditer(paragraph) if pattern else ():
        segments += [(paragraph[pos:match.start()], False), (match.group(0), True)]
        pos = match.end()
    segments.append((paragraph[pos:], False))
    words: list[Word] = [[]]
    for text, bold in segments:
        for part in re.split(r"(\s+)", text):
            if not part:
                continue
            if part.isspace():
                if words[-1]:
                    words.append([])
            else:
                words[-1].append((part, bold))
    return [w for w in words if w]


@dataclass
class Block:
    """Wrapped text ready to draw: lines of positioned words, and the height they take."""

    lines: list[list[tuple[float, str, bool]]]
    line_height: float
    paragraph_breaks: set[int]
    paragraph_gap: float
    regular: ImageFont.FreeTypeFont
    bold: ImageFont.FreeTypeFont

    @property
    def height(self) -> float:
        return len(self.lines) * self.line_height + len(self.paragraph_breaks) * self.paragraph_gap


def wrap(paragraphs: list[list[Word]], regular, bold, width: float, size: int) -> Block:
    space = regular.getlength(" ")
    lines: list[list[tuple[float, str, bool]]] = []
    breaks: set[int] = set()
    for index, words in enumerate(paragraphs):
        if index:
            breaks.add(len(lines))
        line: list[tuple[float, str, bool]] = []
        x = 0.0
        for word in words:
            if len(word) == 1:
                text, is_bold = word[0]
                word = [(piece, is_bold) for piece in _split_long(text, bold if is_bold else regular, width)]
                pieces = [[fragment] for fragment in word]
            else:
                pieces = [word]
            for piece in pieces:
                w = sum((bold if b else regular).getlength(t) for t, b in piece)
                if line and x + space + w > width:
                    lines.append(line)
                    line, x = [], 0.0
                x = x + space if line else 0.0
                for text, is_bold in piece:
                    line.append((x, text, is_bold))
                    x += (bold if is_bold else regular).getlength(text)
        lines.append(line)
    return Block(lines, size * 1.24, breaks, size * 0.45, regular, bold)


def _split_long(word: str, f, width: float) -> list[str]:
    if f.getlength(word) <= width:
        return [word]
    pieces, current = [], ""
    for ch in word:
        if current and f.getlength(current + ch) > width:
            pieces.append(current)
            current = ""
        current += ch
    return pieces + [current]


def fit_rules_text(text: str, keyword_names: tuple[str, ...], width: float, height: float,
                   start: int = 15, smallest: int = 7) -> Block:
    """Wrap the rules text at the largest size (in 1x points) that fits the box, shrinking until it does."""
    pattern = keyword_pattern(keyword_names)
    paragraphs = [_words(p, pattern) for p in text.splitlines() if p.strip()]
    block = None
    for size in range(start, smallest - 1, -1):
        px = size * SS
        block = wrap(paragraphs, font("rules", px), font("rules_bold", px), width, px)
        if block.height <= height:
            return block
    # Even the smallest size overflows: keep the lines that fit and mark the cut.
    assert block is not None
    while len(block.lines) > 1 and block.height > height:
        block.lines.pop()
        block.paragraph_breaks = {b for b in block.paragraph_breaks if b < len(block.lines)}
    last = block.lines[-1]
    if last:
        x, word, is_bold = last[-1]
        last[-1] = (x, word + "…", is_bold)
    return block


def draw_block(draw: ImageDraw.ImageDraw, block: Block, x: float, y: float) -> float:
    for index, line in enumerate(block.lines):
        if index in block.paragraph_breaks:
            y += block.paragraph_gap
        for dx, word, is_bold in line:
            draw.text((x + dx, y), word, font=block.bold if is_bold else block.regular, fill=INK)
        y += block.line_height
    return y
