"""A duplicate match is judged over deals: a deal's two games are one unit (benchmarks/duplicate.py)."""
from benchmarks.duplicate import complete, deal_interval, paired, sign_test
from rules.engine.match import wilson


def rows_of(deals: list[tuple[float, float]]) -> list[dict]:
    """Rows of a match: each deal's two games, the tested player in chair 0 and then in chair 1."""
    return [{"seed": 1, "a": "x", "b": "y", "deal": n, "chair": chair, "score": score}
            for n, scores in enumerate(deals) for chair, score in enumerate(scores)]


def test_split_deals_are_luck_that_the_deal_interval_does_not_count_twice():
    """300 deals the deal decided (one game won, one lost) and 30 the player turned, 25 won from both chairs and 5
    lost: over games the Wilson interval still spans half; over deals the player is shown better than even."""
    rows = rows_of([(1.0, 0.0)] * 300 + [(1.0, 1.0)] * 25 + [(0.0, 0.0)] * 5)
    games = [r["score"] for r in rows]
    low, high = wilson(sum(games), len(games))
    assert low < 0.5 < high
    report = paired(rows)
    assert report["deal_score"] == round(sum(games) / len(games), 4)    # the same mean, counted by deal
    assert 0.5 < report["deal_interval"][0] < report["deal_score"] < report["deal_interval"][1]
    assert report["sign_test_p"] < 0.001  # and by the sign test: 25 turned deals won against 5 lost


def test_the_sign_test_is_the_exact_binomial_of_the_turned_deals():
    assert sign_test(9, 1) == 2 * (1 + 10) / 1024
    assert sign_test(5, 5) == 1.0 and sign_test(0, 0) == 1.0
    assert sign_test(39, 15) < 0.01 < sign_test(20, 10)


def test_an_interval_needs_deals_and_an_all_split_match_is_exactly_even():
    assert deal_interval([]) == (0.0, 1.0) and deal_interval([1.0]) == (0.0, 1.0)
    assert deal_interval([0.5] * 50) == (0.5, 0.5)


def test_a_run_cut_short_is_judged_on_its_deals_played_from_both_chairs():
    rows = rows_of([(1.0, 1.0), (0.0, 1.0)])[:-1]   # the second deal's second game never played
    assert [r["deal"] for r in complete(rows)] == [0, 0]
