"""What every page's scripts must be, whichever page: each one a file some static folder holds, and short (split by
what it does, as the deckbuilder's and the board's are: plain scripts loaded in order, no bundler, CSP 'self')."""
from __future__ import annotations

import re
from pathlib import Path

from django.contrib.staticfiles import finders
from django.template.loader import get_template

MAX_LINES = 250
SCRIPT = re.compile(r"""<script src="\{% static '([^']+)' %\}" defer></script>""")
INCLUDE = re.compile(r"""\{% include "([^"]+)"[^%]*%\}""")


def source(template: str) -> str:
    """The template's text with its includes written out, as the page's scripts come in the page."""
    text = Path(get_template(template).origin.name).read_text()
    return INCLUDE.sub(lambda m: source(m.group(1)), text)


def scripts_of(template: str) -> list[str]:
    """The scripts a page loads, its includes' included, in the order they come."""
    return SCRIPT.findall(source(template))


def assert_short_scripts_that_exist(template: str, names: list[str]) -> None:
    assert names, f"{template} loads no script"
    for name in names:
        found = finders.find(name)
        assert found, f"{template} loads {name}, which no static folder holds"
        lines = len(Path(found).read_text().splitlines())
        assert lines <= MAX_LINES, f"{name} has {lines} lines: split it by what it does"
