"""The deck pages' scripts (issue 36): the deckbuilder is a handful of short files by concern, not one 1,000-line
script a newcomer must read whole. Each page loads files that exist (a missing one would leave a dead page, with no
error on the server) in the order they need: the helpers first, the builder that wires the parts last."""
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 250
SCRIPT = re.compile(r"""<script src="\{% static '([^']+)' %\}" defer></script>""")


def scripts_of(template: str) -> list[str]:
    return SCRIPT.findall((ROOT / "templates" / "decks" / template).read_text())


@pytest.mark.parametrize("template", ["builder.html", "detail.html", "history.html"])
def test_each_deck_page_loads_short_scripts_that_exist(template):
    names = scripts_of(template)
    assert names, f"{template} loads no script"
    for name in names:
        found = finders.find(name)
        assert found, f"{template} loads {name}, which no static folder holds"
        lines = len(Path(found).read_text().splitlines())
        assert lines <= MAX_LINES, f"{name} has {lines} lines: split it by what it does"


def test_the_deckbuilder_loads_its_helpers_first_and_wires_the_parts_last():
    names = [Path(name).stem for name in scripts_of("builder.html")]
    assert names[0] == "util" and names[-1] == "builder"
    parts = {p.stem for p in (ROOT / "decks" / "static" / "js" / "deckbuilder").glob("*.js")} - {"deck_page"}
    assert set(names) == parts, "every part of the deckbuilder is loaded by its page, and only those"
