"""The rulings and the coverage map name tests that exist, and every open question has its ruling."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CITED = re.compile(r"`(tests/\w+/)?(test_\w+\.py)::(\w+)`")


def cited(doc: str) -> set[tuple[str, str]]:
    return set(CITED.findall((ROOT / "rules" / doc).read_text(encoding="utf-8")))


def test_every_cited_test_exists():
    for folder, module, name in cited("RULINGS.md") | cited("COVERAGE.md"):
        source = (ROOT / (folder or "tests/rules/") / module).read_text(encoding="utf-8")
        assert f"def {name}(" in source, f"{module}::{name} is cited but does not exist"


def test_every_question_has_a_numbered_ruling_with_its_tests():
    text = (ROOT / "rules" / "RULINGS.md").read_text(encoding="utf-8")
    entries = re.split(r"\n### ", text)[1:]
    numbers = [int(e.split(".", 1)[0]) for e in entries]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 26
    for entry in entries:
        assert "**Ruling" in entry and "Pinned by:" in entry, entry.splitlines()[0]
