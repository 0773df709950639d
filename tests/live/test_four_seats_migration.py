"""Migration 0011 (issue 34) keeps every two-player table as it was and fills in its winners and places."""
from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)
BEFORE, AFTER = ("rules", "0010_live_tables"), ("rules", "0011_table_three_and_four_seats")


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


def test_two_player_tables_migrate_unchanged_with_their_winners_and_places():
    old = migrate(BEFORE)
    Table = old.get_model("rules", "Table")
    common = {"invite_token": "t", "seed": 1, "engine_version": "x", "data_hash": "h", "decks": [None, None]}
    Table.objects.create(id="won", status="finished", winner=1, p1_session="a", p2_session="b", **common)
    Table.objects.create(id="drawn", status="finished", winner=None, **common)
    Table.objects.create(id="open", status="open", p1_session="a", **common)
    try:
        new = migrate(AFTER).get_model("rules", "Table")
        rows = {t.pk: t for t in new.objects.all()}
        assert {pk: t.players for pk, t in rows.items()} == {"won": 2, "drawn": 2, "open": 2}
        assert (rows["won"].winners, rows["won"].places, rows["won"].p2_session) == ([1], [2, 1], "b")
        assert (rows["drawn"].winners, rows["drawn"].places) == ([], [1, 1])
        assert (rows["open"].winners, rows["open"].places, rows["open"].p3_session) == ([], [], "")
    finally:
        migrate(("rules", max(n for app, n in MigrationExecutor(connection).loader.graph.leaf_nodes()
                              if app == "rules")))
