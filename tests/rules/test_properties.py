"""Property tests: random legal play from random seeds always ends cleanly, keeps every invariant, and
round-trips through JSON and replay."""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import GameState, new_game, replay
from rules.engine.rng import Rng
from tests.rules.conftest import basic_deck, lemurian_deck, rules_catalogue
from tests.rules.invariants import check_invariants

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play(seed: int, seating: str, goldfish: bool, check_every: int = 1, roundtrip_every: int = 0):
    cat = rules_catalogue()
    g = new_game(cat, [basic_deck(), None if goldfish else lemurian_deck()], seating=seating, seed=seed)
    chooser = Rng.from_seed(seed + 12345)
    steps = 0
    while not g.is_over:
        assert steps < 20000, "a game that does not end"
        actions = g.legal_actions()
        g.apply(actions[chooser.below(len(actions))])
        steps += 1
        if check_every and steps % check_every == 0:
            check_invariants(g)
        if roundtrip_every and steps % roundtrip_every == 0:
            again = GameState.from_json(json.loads(json.dumps(g.to_json())), cat)
            assert again == g
    check_invariants(g)
    return g


@settings(max_examples=12, **SETTINGS)
@given(seed=st.integers(0, 2**32), goldfish=st.booleans())
def test_random_games_end_and_keep_the_invariants(seed, goldfish):
    g = play(seed, "side-by-side", goldfish)
    result = g.result()
    assert result["final"] and len(result["legacy"]) == 2 and result["tiebreak"] in (None, "deck", "hero", "draw")
    assert result["eliminated"][1] == goldfish or not goldfish


@pytest.mark.slow
@settings(max_examples=30, **SETTINGS)
@given(seed=st.integers(0, 2**32), seating=st.sampled_from(["side-by-side", "diagonal"]), goldfish=st.booleans())
def test_random_games_round_trip_and_replay_exactly(seed, seating, goldfish):
    g = play(seed, seating, goldfish, check_every=1, roundtrip_every=7)
    cat = rules_catalogue()
    assert GameState.from_json(json.loads(json.dumps(g.to_json())), cat) == g
    assert replay(cat, json.loads(json.dumps(g.record()))).digest() == g.digest()


@pytest.mark.slow
@settings(max_examples=30, **SETTINGS)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400))
def test_clone_and_json_midgame_continue_identically(seed, steps):
    cat = rules_catalogue()
    g = new_game(cat, [basic_deck(), lemurian_deck()], seed=seed)
    chooser = Rng.from_seed(seed)
    for _ in range(steps):
        if g.is_over:
            break
        actions = g.legal_actions()
        g.apply(actions[chooser.below(len(actions))])
    copies = [g.clone(), GameState.from_json(json.loads(json.dumps(g.to_json())), cat)]
    for other in copies:
        assert [a.id for a in other.legal_actions()] == [a.id for a in g.legal_actions()]
    tail = Rng.from_seed(seed + 1)
    picks = []
    for _ in range(60):
        if g.is_over:
            break
        actions = g.legal_actions()
        pick = actions[tail.below(len(actions))].id
        picks.append(pick)
        g.apply(pick)
    for other in copies:
        for pick in picks:
            other.apply(pick)
        assert other.digest() == g.digest()


def _target_pairs(cat) -> list[tuple[str, str]]:
    """Every (keyword, target kind) a catalogue card chooses a target for."""
    from rules.engine.effects import KEYWORDS, target_mode
    return sorted({(a.keyword, a.target) for card in cat.cards.values() for a in card.abilities
                   if a.keyword in KEYWORDS and target_mode(a.target) != "fixed"})


@settings(max_examples=8, **SETTINGS)
@given(seed=st.integers(0, 2**32), goldfish=st.booleans())
def test_the_quick_target_check_agrees_with_the_full_target_list(seed, goldfish):
    """Move generation asks `any_target` whether an ability has a target; it must agree with `legal_targets`."""
    from rules.engine.effects import KEYWORDS
    from rules.engine.targets import any_target, legal_targets
    cat = rules_catalogue()
    pairs = _target_pairs(cat)
    g = new_game(cat, [basic_deck(), None if goldfish else lemurian_deck()], seed=seed)
    chooser = Rng.from_seed(seed)
    steps = 0
    while not g.is_over:
        if steps % 9 == 0:
            for p in (0, 1):
                for src in g.players[p].board:
                    for keyword, kind in pairs:
                        check = KEYWORDS[keyword].check
                        full = legal_targets(g, p, src, keyword, kind, check, first_only=True)
                        assert any_target(g, p, src, keyword, kind, check) == bool(full), (keyword, kind, src)
        actions = g.legal_actions()
        g.apply(actions[chooser.below(len(actions))])
        steps += 1


@settings(max_examples=10, **SETTINGS)
@given(seed=st.integers(0, 2**32), goldfish=st.booleans())
def test_after_a_quiet_decision_no_rule_has_anything_to_do(seed, goldfish):
    """`apply` skips the automatic steps after a tap, a charge spend or a Battery counter (state.QUIET): running
    them anyway must change nothing, and the same player must decide next."""
    from rules.engine.flow import run
    from rules.engine.state import QUIET

    cat = rules_catalogue()
    g = new_game(cat, [basic_deck(), None if goldfish else lemurian_deck()], seed=seed)
    chooser = Rng.from_seed(seed + 777)
    quiet = 0
    while not g.is_over:
        actions = g.legal_actions()
        action = actions[chooser.below(len(actions))]
        g.apply(action)
        if action.kind in QUIET:
            quiet += 1
            assert g.current_player == action.player
            ran = g.clone()
            run(ran)
            assert ran.to_json() == g.to_json() and ran.event_count == g.event_count
    assert quiet > 0


TABLES = {"three-players": 3, "four-players": 4, "two-against-two": 4}


@settings(max_examples=8, **SETTINGS)
@given(seed=st.integers(0, 2**32), seating=st.sampled_from(sorted(TABLES)))
def test_random_table_games_end_keep_the_invariants_and_hide_other_hands(seed, seating):
    """Random legal play at a table of three or four (RULINGS 41–47): the game ends, every state keeps the
    invariants, a seat's view never shows another hand (a partner's included), a decision is only ever the deciding
    player's, and the Legacy adds up (a team's is its players' sum)."""
    cat = rules_catalogue()
    n = TABLES[seating]
    decks = [basic_deck() if p % 2 == 0 else lemurian_deck() for p in range(n)]
    g = new_game(cat, decks, seating=seating, seed=seed)
    chooser = Rng.from_seed(seed + 54321)
    steps = 0
    while not g.is_over:
        assert steps < 30000, "a game that does not end"
        actions = g.legal_actions()
        assert {a.player for a in actions} == {g.current_player}
        if steps % 9 == 0:
            check_invariants(g)
            for seat in range(n):
                players = g.view(seat)["players"]
                assert [p for p, entry in enumerate(players) if "hand" in entry] == [seat]
        g.apply(actions[chooser.below(len(actions))])
        steps += 1
    check_invariants(g)
    result = g.result()
    assert result["final"] and len(result["legacy"]) == n
    assert result["legacy"] == [sum(row["value"] for row in rows) for rows in result["breakdown"]]
    assert result["winners"] and set(result["winners"]) <= set(range(n))
    if seating == "two-against-two":
        assert result["team_legacy"] == [result["legacy"][0] + result["legacy"][2],
                                         result["legacy"][1] + result["legacy"][3]]
    assert GameState.from_json(json.loads(json.dumps(g.to_json())), cat) == g
    assert replay(cat, json.loads(json.dumps(g.record()))).digest() == g.digest()
