"""The rules app's floor plan holds: each game feature (goldfish, versus, lab) is a package that imports none of the
others, and the shared play layer imports none of them; so a feature can change, or a new one be added, without
touching the rest (ARCHITECTURE.md)."""
import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parent.parent / "rules"
FEATURES = ("goldfish", "versus", "lab")


def imported_modules(package: str) -> dict[str, set[str]]:
    """Every module each file of `rules/<package>/` imports, at any depth (function-level imports included)."""
    out = {}
    for path in sorted((RULES / package).glob("*.py")):
        names = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
        out[path.name] = names
    return out


def reaches(names: set[str], package: str) -> list[str]:
    return sorted(n for n in names if n == f"rules.{package}" or n.startswith(f"rules.{package}."))


@pytest.mark.parametrize("feature", FEATURES)
def test_a_feature_imports_no_other_feature(feature):
    for filename, names in imported_modules(feature).items():
        for other in FEATURES:
            if other != feature:
                assert not reaches(names, other), f"rules/{feature}/{filename} imports rules.{other}"


def test_the_play_layer_imports_no_feature():
    for filename, names in imported_modules("play").items():
        for feature in FEATURES:
            assert not reaches(names, feature), f"rules/play/{filename} imports rules.{feature}"
