"""The matchup benchmark tells how a deck's games against another end (issue 35: why the expert cannot reach 75%)."""
import subprocess
import sys

from rules.engine.health import ENDING_TEXT
from tests.benchmarks.helpers import ROOT, benchmark_report


def test_each_deck_plays_the_other_from_both_chairs_and_every_game_is_counted_once():
    report = benchmark_report("matchup", "--games", "1", "--level", "greedy", "--decks", "starter-talah")
    assert report["against"] == "starter-dr-veylan" and len(report["matchups"]) == 1
    m = report["matchups"][0]
    assert m["deck"] == "starter-talah" and m["games"] == 2
    assert m["won"] + m["drawn"] + m["lost"] == 2 == sum(m["endings"].values())
    assert set(m["endings"]) <= set(ENDING_TEXT)   # the Cataclysm (every edge locked) or the full circle
    assert 0 <= m["ended_with_none_of_its_own"] <= 2 and all(x >= 0 for x in m["characters_left"] + m["legacy"])


def test_a_deck_outside_the_starters_is_refused():
    done = subprocess.run([sys.executable, "-m", "benchmarks", "matchup", "--decks", "no-such-deck"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--decks" in done.stderr
