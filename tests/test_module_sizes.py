"""No Python module outside the rules app grows past ~500 lines (issue 24): past that a module holds more than one
sub-domain, and a newcomer cannot find where a thing lives. A module that outgrows it is split by what it does, as
`decks/api/`, `decks/views/` and `cards/render/` were. Migrations (generated) are not counted; `rules/` keeps its own
floor plan (tests/test_layers.py) and joins this check once its own split has landed.
"""
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("cards", "decks", "cataclysm_site", "benchmarks")
MAX_LINES = 500


def modules(folder: str) -> list[Path]:
    return sorted(p for p in (ROOT / folder).rglob("*.py") if "migrations" not in p.parts)


@pytest.mark.parametrize("folder", CHECKED)
def test_no_module_is_over_the_size_limit(folder):
    sizes = {str(p.relative_to(ROOT)): len(p.read_text().splitlines()) for p in modules(folder)}
    assert sizes, f"{folder}/ has no Python module: the list of folders is out of date"
    assert {name: n for name, n in sizes.items() if n > MAX_LINES} == {}
