"""The deck pages' scripts (issue 36): the deckbuilder is a handful of short files by concern, not one 1,000-line
script a newcomer must read whole. Each page loads files that exist (a missing one would leave a dead page, with no
error on the server) in the order they need: the helpers first, the builder that wires the parts last."""
from pathlib import Path

import pytest

from tests import page_scripts
from tests.page_scripts import assert_short_scripts_that_exist

ROOT = Path(__file__).resolve().parents[2]


def scripts_of(template: str) -> list[str]:
    return page_scripts.scripts_of(f"decks/{template}")


@pytest.mark.parametrize("template", ["builder.html", "detail.html", "history.html"])
def test_each_deck_page_loads_short_scripts_that_exist(template):
    assert_short_scripts_that_exist(template, scripts_of(template))


def test_the_deckbuilder_loads_its_helpers_first_and_wires_the_parts_last():
    names = [Path(name).stem for name in scripts_of("builder.html")]
    assert names[0] == "util" and names[-1] == "builder"
    parts = {p.stem for p in (ROOT / "decks" / "static" / "js" / "deckbuilder").glob("*.js")} - {"deck_page"}
    assert set(names) == parts, "every part of the deckbuilder is loaded by its page, and only those"
