"""Golden playthroughs: the same seeds must play out exactly as recorded (regenerate: see golden_games.py)."""
import difflib

import pytest

from tests.rules.golden_games import GAMES, GOLDEN_DIR, playthrough


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough_has_not_diverged(cat, name):
    expected = (GOLDEN_DIR / f"{name}.txt").read_text(encoding="utf-8")
    actual = playthrough(cat, name)
    if actual != expected:
        diff = "".join(list(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                                 "golden", "now"))[:60])
        pytest.fail(f"{name} diverged from its golden record "
                    f"(if intended: .venv/bin/python -m tests.rules.golden_games):\n{diff}")
