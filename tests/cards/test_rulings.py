"""A card page lists the rulings that concern the card (by its name or a keyword it uses), in players' words."""
import os

import pytest

from cards.rulings import load_rulings, markdown_html, parse_rulings, rulings_for
from rules.engine.catalogue import compile_catalogue, read_data

RULINGS = """# Rulings

Intro text that belongs to no entry.

## Deck building

## 1. Copy limit
At most 3 copies of a card by name.

## 2. Scene damage timing
Each **Scene** with charge deals 1 damage at its owner's End Phase.

## 3. Ward against discharge
Ward applies to discharge damage too. Kalen Vos is the usual example.

## 4. Batteries and Arc Burn
- Unspent energy may be stored on Batteries.
- Only *untapped* ones.
"""


@pytest.fixture(scope="module")
def catalogue():
    data = read_data()
    pyramid = [c for c in data["cards"] if c["type"] == "pyramid"]
    cards = [
        {"name": "Kalen Vos", "type": "person", "faction": "atlantean-fanatic", "rarity": "common",
         "cost": {"DC": 1, "CE": 1}, "abilities": [{"trigger": "enters", "keyword": "strike", "amount": 1,
                                                    "target": "character"}]},
        {"name": "Tide Wall", "type": "scene", "faction": "lemurian-conservative", "rarity": "common",
         "cost": {"LR": 1, "CE": 1}, "abilities": [{"trigger": "use", "keyword": "ward", "amount": 1,
                                                    "target": "person", "cost": {"CE": 1}}]},
        {"name": "Heartstone", "type": "battery", "rarity": "common", "cost": {"CE": 2}},
    ]
    return compile_catalogue({**data, "cards": cards + pyramid})


@pytest.fixture
def rulings_file(tmp_path):
    path = tmp_path / "RULINGS.md"
    path.write_text(RULINGS, encoding="utf-8")
    return path


def numbers(entries):
    return [e.number for e in entries]


def test_entries_are_the_numbered_sections():
    entries = parse_rulings(RULINGS)
    assert numbers(entries) == [1, 2, 3, 4]
    assert entries[0].title == "Copy limit"
    assert entries[0].body == "At most 3 copies of a card by name."
    assert entries[1].anchor == "ruling-2"


def test_a_missing_file_has_no_rulings(tmp_path, catalogue):
    assert load_rulings(tmp_path / "nope.md") == ()
    assert rulings_for(catalogue["kalen-vos"], catalogue, path=tmp_path / "nope.md") == []


def test_a_card_gets_the_rulings_naming_it(rulings_file, catalogue):
    assert numbers(rulings_for(catalogue["kalen-vos"], catalogue, path=rulings_file)) == [3]


def test_a_card_gets_the_rulings_naming_its_keywords_but_not_the_general_ones_of_its_type(rulings_file, catalogue):
    # Tide Wall is a Scene with a Ward ability: ruling 3 is about Ward; ruling 2, about every Scene, is not its own.
    assert numbers(rulings_for(catalogue["tide-wall"], catalogue, path=rulings_file)) == [3]
    # Ruling 4 is about all Batteries: a plain Battery without keywords has no ruling of its own.
    assert numbers(rulings_for(catalogue["heartstone"], catalogue, path=rulings_file)) == []


def test_a_ruling_is_shown_without_the_workshop_notes():
    body = ("> Rulebook: \"Ward X\".\n\n**Ruling.** Ward stops damage (`rulebook.yaml` `ward.amount`, 1 CE); "
            "a `locked` edge too.\n**Why.** Rules as written.\n"
            "**Where.** `rules/engine/keywords.py`.\n**Pinned by:** `test_keywords.py::test_ward`,\n"
            "`test_keywords.py::test_ward_again`\n\nA last word.")
    entry = parse_rulings(f"## 9. Ward\n{body}")[0]
    shown = str(entry.player_html)
    assert "Ward stops damage; a locked edge too." in shown and "Rules as written." in shown
    assert "A last word." in shown and "Rulebook:" in shown
    for workshop in ("Pinned by", "test_", "Where.", "keywords.py", "rulebook.yaml", "<code>"):
        assert workshop not in shown


def test_no_ruling_of_the_real_file_shows_a_test_name_or_a_file():
    for entry in load_rulings():
        shown = str(entry.player_html)
        assert "test_" not in shown and ".py" not in shown and "Pinned by" not in shown, entry.number


def test_the_file_is_read_again_when_it_changes(rulings_file):
    assert numbers(load_rulings(rulings_file)) == [1, 2, 3, 4]
    rulings_file.write_text(RULINGS + "\n## 5. New ruling\nText.\n", encoding="utf-8")
    stat = rulings_file.stat()
    os.utime(rulings_file, (stat.st_atime, stat.st_mtime + 5))
    assert numbers(load_rulings(rulings_file)) == [1, 2, 3, 4, 5]


def test_ruling_markdown_is_rendered_and_escaped():
    out = markdown_html("A **bold** and *soft* <script>x</script>\n\n- one\n- two")
    assert "<strong>bold</strong>" in out and "<em>soft</em>" in out
    assert "<script>" not in out and "&lt;script&gt;" in out
    assert "<ul><li>one</li><li>two</li></ul>" in out
