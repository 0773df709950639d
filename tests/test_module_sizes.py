"""No Python module grows past ~500 lines (issue 24): past that a module holds more than one sub-domain, and a
newcomer cannot find where a thing lives. A module that outgrows it is split by what it does, as `decks/api/`,
`decks/views/`, `cards/render/` and the engine's bots were. Migrations (generated) are not counted.
"""
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("cards", "decks", "rules", "cataclysm_site", "benchmarks")
MAX_LINES = 500


def modules(folder: str) -> list[Path]:
    return sorted(p for p in (ROOT / folder).rglob("*.py") if "migrations" not in p.parts)


@pytest.mark.parametrize("folder", CHECKED)
def test_no_module_is_over_the_size_limit(folder):
    sizes = {str(p.relative_to(ROOT)): len(p.read_text().splitlines()) for p in modules(folder)}
    assert sizes, f"{folder}/ has no Python module: the list of folders is out of date"
    assert {name: n for name, n in sizes.items() if n > MAX_LINES} == {}
