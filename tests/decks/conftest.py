"""Fixtures shared by the deck tests: two users, and the catalogue with the starter decks."""
import pytest
from django.contrib.auth.models import User

from decks.management.commands.load_starter_decks import STARTER_FILE, read_starter_decks


@pytest.fixture
def starters(catalogue_db):
    """The catalogue and the six starter decks (the root `catalogue_db` loads both)."""
    return catalogue_db


@pytest.fixture
def ann(db):
    return User.objects.create_user("ann", password="ann-pass-123")


@pytest.fixture
def ben(db):
    return User.objects.create_user("ben", password="ben-pass-123")


@pytest.fixture
def veylan_list():
    """The Dr. Veylan starter list from the data file, {slug: count}: a legal 45-card deck."""
    row = next(d for d in read_starter_decks(STARTER_FILE) if d["hero"] == "dr-veylan")
    return dict(row["counts"])
