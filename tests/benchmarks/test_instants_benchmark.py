"""`make bench-cpu` reports the Instants the greedy player casts a game, before issue 35 and now, and the new player
against the old in duplicate (benchmarks/instants.py; the figures are the benchmark's to report, not a test's)."""

from tests.benchmarks.helpers import benchmark_report


def test_the_instants_benchmark_counts_casts_before_and_after_and_plays_every_deal_from_both_chairs():
    report = benchmark_report("instants", "--instant-games", "1", "--deals", "1")
    for label in ("before", "after"):
        assert report[label]["goldfish"]["player_games"] == 4         # one game of each of four starters
        assert report[label]["versus"]["player_games"] == 2 * 12      # both seats of every ordered pair
        for where in ("goldfish", "versus"):
            row = report[label][where]
            assert row["instants_cast_per_game"] >= 0
            assert 0 <= row["instants_left_in_hand"] <= row["cards_left_in_hand"]
    for key in ("greedy_vs_before", "hard_vs_before"):
        row = report[key]
        assert row["games"] == 16 * 2    # every ordered pair, a deck against itself too, from both chairs
        assert 0 <= row["interval"][0] <= row["win_rate"] <= row["interval"][1] <= 1
