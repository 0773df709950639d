"""Builders for the catalogue tests: a small data folder (tests/cards/data/cards.yaml + the real rule tables)."""
import shutil
from pathlib import Path

import pytest
from django.core.management import call_command

from cards.catalogue import clear_cache
from rules.engine.catalogue import DATA_DIR

SMALL_CARDS = Path(__file__).parent / "data" / "cards.yaml"
RULE_FILES = ("rulebook.yaml", "keywords.yaml", "pyramid.yaml")


def make_data_dir(target: Path, cards_file: Path = SMALL_CARDS) -> Path:
    """Copy the real rule tables and a cards file into `target`; return it."""
    target.mkdir(parents=True, exist_ok=True)
    for name in RULE_FILES:
        shutil.copy(DATA_DIR / name, target / name)
    shutil.copy(cards_file, target / "cards.yaml")
    return target


@pytest.fixture
def small_data_dir(tmp_path) -> Path:
    return make_data_dir(tmp_path / "data")


@pytest.fixture
def small_catalogue(db, small_data_dir) -> Path:
    """The small card set loaded into the test database; returns its data folder."""
    clear_cache()
    call_command("load_catalogue", data_dir=str(small_data_dir), verbosity=0)
    yield small_data_dir
    clear_cache()
