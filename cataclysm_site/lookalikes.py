"""Names people read and trust: no look-alike usernames, no invisible or direction-flipping names, no tag changed
behind the user's back.

Look-alikes are judged with the Unicode confusables data of `confusable_homoglyphs` (UTS #39), after NFKC: a name
mixing alphabets with letters that look alike ("alicе" with a Cyrillic е) is refused, and so is a name whose
*skeleton* (every character replaced by the plainest character it can be mistaken for, case folded) is another
account's. Bidirectional overrides, embeddings and isolates (U+202A–U+202E, U+2066–U+2069) make text display in
another order than it is stored, so no name may hold one; a name must also show at least one visible character.
"""
from __future__ import annotations

import unicodedata
from collections import Counter
from functools import lru_cache

from confusable_homoglyphs import categories, confusables

BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Characters of a letter or symbol category that nonetheless draw nothing (Hangul fillers, the blank Braille pattern).
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp", "Mn", "Me"})


def describe(char: str) -> str:
    """Return “x” (LATIN SMALL LETTER X), or U+XXXX for a character that draws nothing."""
    name = unicodedata.name(char, "unnamed")
    shown = f"“{char}”" if unicodedata.category(char) not in INVISIBLE_CATEGORIES else f"U+{ord(char):04X}"
    return f"{shown} ({name})"


def display_problem(text: str) -> str | None:
    """Return why a name cannot be shown as it is typed (a direction control, nothing visible), or None."""
    control = next((char for char in text if char in BIDI_CONTROLS), None)
    if control is not None:
        return f"it holds a text-direction control, {describe(control)}, which makes it display in another order."
    if not any(unicodedata.category(char) not in INVISIBLE_CATEGORIES and char not in BLANK_LETTERS for char in text):
        return "it has no visible character."
    return None


def mixed_script_problem(name: str) -> str | None:
    """Return why a name mixes alphabets with letters that look alike (“alicе”), or None."""
    if not confusables.is_dangerous(name):
        return None
    scripts = [(char, categories.alias(char)) for char in name if categories.alias(char) != "COMMON"]
    main = Counter(script for _, script in scripts).most_common(1)[0][0]
    odd = next(char for char, script in scripts if script != main)  # mixed: some character is of another script
    return f"it mixes alphabets with letters that look alike: {describe(odd)} among {main.title()} letters."


@lru_cache(maxsize=65536)
def skeletons(name: str) -> frozenset[str]:
    """Return what the name could be mistaken for: after NFKC, each character replaced by the plainest character it
    is confusable with (ASCII where there is one), case folded before or after that (“AlIce”, “ALICE” -> “a1ice”)."""
    plainest = _prototypes()

    def plain(text: str) -> str:
        return "".join(plainest.get(char, char) for char in text)

    name = unicodedata.normalize("NFKC", name)
    return frozenset({plain(plain(name).casefold()), plain(name.casefold())})


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """Map every character to the plainest of all the characters it is confusable with, directly or through others
    (the data lists pairs: “I” with “l”, “l” with “1”), preferring printable ASCII."""
    parent: dict[str, str] = {}

    def root(char: str) -> str:
        parent.setdefault(char, char)
        while parent[char] != char:
            parent[char] = parent[parent[char]]
            char = parent[char]
        return char

    for char, glyphs in confusables.confusables_data.items():
        for glyph in glyphs:
            if len(glyph["c"]) == 1 and len(char) == 1:
                parent[root(char)] = root(glyph["c"])
    groups: dict[str, list[str]] = {}
    for char in parent:
        groups.setdefault(root(char), []).append(char)
    plainest = {}
    for members in groups.values():
        best = min(members, key=lambda char: (not (char.isascii() and char.isprintable()), char))
        plainest.update({char: best for char in members})
    return plainest


def lookalike_of(name: str, existing) -> str | None:
    """Return the first of the `existing` names this one could be mistaken for (another name, same skeleton)."""
    mine = skeletons(name)
    return next((other for other in existing if other != name and skeletons(other) & mine), None)


def slug_loss(name: str) -> str | None:
    """Return the first character a tag's slug (ASCII letters, digits, dashes) would silently drop, or None.

    Accents may go (“café” keeps its letters as cafe); a letter with no ASCII form (“а”, Cyrillic) or a sign may not.
    """
    for char in name:
        if char.isspace() or char in "-_":
            continue
        ascii_form = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
        if not ascii_form or not all(c.isalnum() or c in "-_ " for c in ascii_form):
            return char
    return None
