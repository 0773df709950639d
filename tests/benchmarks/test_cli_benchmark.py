"""`make bench-cli` compares the command line with the engine on the very same games (same decisions) and reports
the ratio of their decisions per second."""
from benchmarks import cli


def test_the_command_and_the_engine_play_the_same_games_and_the_ratio_is_reported():
    report = cli.run("starter-talah", greedy=3, random_games=4, analysis=0, seed=2, repeats=1)
    greedy, random_row = report["rows"]
    assert (greedy["bot"], greedy["games"], random_row["bot"], random_row["games"]) == ("greedy", 3, "random", 4)
    for row in report["rows"]:
        assert row["decisions"] > 0 and row["ratio"] > 0   # the same decisions, checked by the benchmark itself
    assert report["start_up"]["cpu_seconds"] > 0 and "Target:" in cli.format_report(report)
