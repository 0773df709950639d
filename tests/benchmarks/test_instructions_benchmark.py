"""The instruction-count benchmark runs with one command and its arithmetic takes the start-up cost away (counts are
not asserted against a target: speed targets live in the benchmarks, not in tests)."""

import pytest

from benchmarks.instructions import parse_collected, per_game
from tests.benchmarks.helpers import benchmark_report


def test_the_count_is_read_from_what_callgrind_prints():
    stderr = "==41== Events    : Ir\n==41== Collected : 769498706\n==41==\n==41== I   refs:      769,498,706\n"
    assert parse_collected(stderr) == 769_498_706


def test_a_run_that_printed_no_count_is_an_error_not_a_zero():
    with pytest.raises(RuntimeError, match="no instruction count"):
        parse_collected("valgrind: command not found")


def test_per_game_takes_the_start_up_run_away_and_divides_by_every_game():
    assert per_game(base=660_000_000, total=780_000_000, decks=6, games=4) == 5_000_000


def test_the_instruction_benchmark_counts_a_random_game_under_callgrind():
    report = benchmark_report("instructions", "--games", "1", "--bot", "random", timeout=600)
    (row,) = report["bots"]
    assert row["bot"] == "random" and row["games"] == 6
    assert row["decisions_per_game"] > 10
    # a game is millions of instructions; the start-up run (imports, catalogue) is not in it
    assert 1_000_000 < row["instructions_per_game"] < 500_000_000
