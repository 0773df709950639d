"""`manage.py goldfish --workers N` plays a goldfish study's chunks on the lab's own process pool (rules/lab/runners.py),
with the catalogue it was given: the database's cards travel with the study, and the output is the same for any N."""
from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command

from rules.engine.simulate import split
from rules.lab.runners import LocalRunner

pytestmark = pytest.mark.django_db


def goldfish(*args) -> dict:
    out = StringIO()
    call_command("goldfish", *args, "--json", stdout=out)
    return json.loads(out.getvalue())


def test_workers_play_on_the_lab_pool_with_the_database_cards_and_print_the_same(catalogue_db, monkeypatch):
    played = []
    play_all = LocalRunner.play_all.__func__

    def spy(cls, study, chunks, workers):
        played.append((workers, len(study["cards"]), list(chunks)))
        return play_all(cls, study, chunks, workers)

    monkeypatch.setattr(LocalRunner, "play_all", classmethod(spy))
    args = ("--deck", "starter-lethan", "--games", "110", "--seed", "3", "--bot", "random")
    one = goldfish(*args, "--workers", "1")
    two = goldfish(*args, "--workers", "2")
    assert two == one and one["catalogue"] == "database" and one["games"] == 110
    assert [(w, chunks) for w, _, chunks in played] == [(2, split(110))] and played[0][1] > 100
    assert LocalRunner._pool is None   # the command closes the pool it used


def test_the_one_chunker_covers_every_game_once_and_starts_small():
    for games in (1, 7, 20, 999, 10_000, 1_000_000):
        chunks = split(games)
        assert [start for start, _ in chunks] == [sum(n for _, n in chunks[:i]) for i in range(len(chunks))]
        assert sum(n for _, n in chunks) == games and len(chunks) <= max(52, games // 2000 + 2)   # 2,000 at most
        if games >= 1000:   # the first progress shows after a tenth of a chunk
            assert chunks[0][1] == chunks[1][1] == chunks[2][1] // 10
