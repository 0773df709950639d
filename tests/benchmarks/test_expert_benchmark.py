"""The expert benchmark plays the duplicate format: every deal from both chairs, so a deal the decks or the seed
decide counts one win and one loss whoever plays, and the hard player in the expert's chairs would score exactly
half (the rates themselves are the benchmark's to report, not a test's to assert)."""

from benchmarks.expert import schedule
from tests.benchmarks.helpers import benchmark_report


def test_every_deal_is_played_from_both_chairs_with_the_same_decks_and_seed():
    games = schedule(("starter-talah", "starter-elder-maru"), deals=3, budget=10, seeds=(1, 2))
    assert len(games) == 2 * 2 * 2 * 3 * 2    # run seeds x ordered pairs (each against itself too) x deals x chairs
    deals: dict[tuple, list[int]] = {}
    for a, b, deal, chair, budget, seed, mode in games:
        deals.setdefault((seed, a, b, deal), []).append(chair)
    assert all(sorted(chairs) == [0, 1] for chairs in deals.values())
    assert (1, "starter-talah", "starter-talah", 0) in deals and (2, "starter-elder-maru", "starter-talah", 2) in deals


def test_a_run_cut_short_has_met_every_pairing_and_seed_alike():
    """Games go deal by deal: the first 16 games of two decks and two seeds are every pairing's first deal, from both
    chairs, under both seeds — a run stopped there has not played one pairing only."""
    games = schedule(("starter-talah", "starter-elder-maru"), deals=3, budget=10, seeds=(1, 2))
    first = games[:16]
    assert {(seed, a, b, chair) for a, b, deal, chair, _, seed, _ in first} == {
        (seed, a, b, chair) for seed in (1, 2) for a in ("starter-talah", "starter-elder-maru")
        for b in ("starter-talah", "starter-elder-maru") for chair in (0, 1)}
    assert {deal for _, _, deal, *_ in first} == {0}


def test_the_expert_benchmark_reports_a_win_rate_with_its_interval_and_the_deals_it_turned():
    report = benchmark_report("expert", "--games", "1", "--budget", "30", "--narrow", "--decks", "starter-talah")
    assert report["games"] == 2 and report["deals"] == 1
    assert 0 <= report["interval"][0] <= report["win_rate"] <= report["interval"][1] <= 1
    # one deal from both chairs: both won, both lost, or split (one each; a draw is half)
    both = report["deals_won_from_both_chairs"] + report["deals_lost_from_both_chairs"]
    assert (both == 1) == (report["win_rate"] in (0.0, 1.0))
    assert report["ms_per_searched_decision"] > 0 and report["searched_per_game"] > 0
    # issue 35's bound is read at the p90 of the CPU a decision; each pairing's deals are told apart
    assert 0 <= report["p90_decision_ms"] <= report["p90_searched_decision_ms"]
    assert report["deals_by_pair_won_split_lost"] == {"starter-talah/starter-talah": [
        report["deals_won_from_both_chairs"], 1 - both, report["deals_lost_from_both_chairs"]]}


def test_a_run_keeps_each_game_as_it_ends_and_plays_another_search_player(tmp_path):
    rows = tmp_path / "rows.jsonl"
    report = benchmark_report("expert", "--games", "1", "--player", "cpu:quick", "--decks", "starter-talah",
                              "--rows", str(rows), "--workers", "1")
    kept = [line for line in rows.read_text().splitlines() if line]
    assert report["mode"] == {"player": "cpu:quick"} and len(kept) == report["games"] == 2


def test_the_ceiling_searches_the_true_future_and_the_narrow_search_fewer_kinds_of_decision():
    from benchmarks.expert import NARROW, Clairvoyant, make_expert
    from rules.engine.expert import SEARCHED, ExpertPlayer
    plain = make_expert({}, 1, 100)
    assert type(plain) is ExpertPlayer and plain.searched == SEARCHED and plain.max_candidates == 12
    narrow = make_expert({"narrow": True}, 1, 100)
    assert narrow.searched == NARROW and narrow.max_candidates == 6
    widened = {"first_player", "store_charge", "burn"}
    assert widened <= SEARCHED and not widened & NARROW
    ceiling = make_expert({"ceiling": True}, 1, 100)
    assert isinstance(ceiling, Clairvoyant) and ceiling.max_worlds == ceiling.min_worlds == 1


def test_the_ceiling_player_plays_its_candidates_out_in_the_real_future():
    """Against the deterministic hard player, the one future it samples is the game itself: the hidden cards and
    the generator are the true ones, not drawn afresh."""
    from benchmarks.expert import Clairvoyant
    from rules.engine import new_game
    from rules.engine.catalogue import load_catalogue
    from rules.engine.simulate import starter_deck
    catalogue = load_catalogue()
    g = new_game(catalogue, [starter_deck(catalogue, "talah"), starter_deck(catalogue, "elder-maru")], seed=4)
    world = Clairvoyant(4).sample(g, g.current_player, None)
    assert world.digest() == g.digest() and world is not g


def test_the_plans_ceiling_searches_two_steps_of_its_own_turn_in_the_true_future():
    """`--ceiling --player plans`: the second level of search measured where one future is exact; any other player
    with --ceiling is refused with what is allowed, not run as a plain player."""
    import pytest

    from benchmarks.expert import PlanClairvoyant, main, make_expert
    from rules.engine import new_game
    from rules.engine.catalogue import load_catalogue
    from rules.engine.simulate import starter_deck
    ceiling = make_expert({"ceiling": True, "player": "plans"}, 1, 100)
    assert isinstance(ceiling, PlanClairvoyant) and ceiling.max_worlds == ceiling.min_worlds == 1
    catalogue = load_catalogue()
    g = new_game(catalogue, [starter_deck(catalogue, "talah"), starter_deck(catalogue, "elder-maru")], seed=4)
    assert ceiling.sample(g, g.current_player, None).digest() == g.digest()
    with pytest.raises(SystemExit) as refused:
        main(["--ceiling", "--player", "deep", "--games", "1"])
    assert refused.value.code == 2
