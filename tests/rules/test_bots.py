"""The bots: they only play legal actions, replay per seed, and the greedy bot plays for Legacy."""
from __future__ import annotations

import itertools
from collections import Counter

import pytest

from rules.engine import load_scenario, new_game
from rules.engine.bots import BOTS, get_bot, play_out, play_turn
from rules.engine.catalogue import load_catalogue
from rules.engine.simulate import goldfish_game, starter_deck

SEEDS = (11, 12, 13, 14, 15, 16)


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()


@pytest.fixture(scope="module")
def decks(catalogue):
    return {slug: starter_deck(catalogue, slug) for slug in sorted(catalogue.starter_decks)}


def legacy(state, player=0):
    return state.result()["legacy"][player]


class Checked:
    """Wrap a bot: every choice must be one of the legal actions of the state it was made in."""

    def __init__(self, bot):
        self.bot, self.name, self.choices = bot, bot.name, 0

    def choose(self, state):
        legal_ids = [a.id for a in state.legal_actions()]
        action = self.bot.choose(state)
        assert action.id in legal_ids, f"{self.name} chose {action.id}, not among {legal_ids}"
        self.choices += 1
        return action


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_bots_only_choose_legal_actions_to_the_end_of_a_game(catalogue, decks, bot):
    for index, deck in enumerate(decks.values()):
        state = new_game(catalogue, [deck, None], seed=100 + index)
        checked = Checked(get_bot(bot, index))
        made = play_out(state, checked)
        assert state.is_over and made == checked.choices == len(state.record()["actions"])


def test_two_bots_can_play_a_two_player_game(catalogue, decks):
    state = new_game(catalogue, [decks["starter-dr-veylan"], decks["starter-elder-maru"]], seed=5)
    greedy, rand = Checked(get_bot("greedy", 5)), Checked(get_bot("random", 5))
    steps = 0
    while not state.is_over and steps < 50_000:
        bot = greedy if state.current_player == 0 else rand
        state.apply(bot.choose(state))
        steps += 1
    assert state.is_over
    assert greedy.choices > 0 and rand.choices > 0


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_a_bot_replays_its_game_from_the_same_seed(catalogue, decks, bot):
    deck = decks["starter-talah"]
    first = goldfish_game(catalogue, deck, seed=21, bot=bot)
    again = goldfish_game(catalogue, deck, seed=21, bot=bot)
    assert first.record() == again.record()
    assert first.digest() == again.digest()


def test_play_out_makes_the_random_bots_very_choices(catalogue, decks):
    """play_out runs the random bot in a loop of its own (the simulation hot path): it must play the game that
    asking `RandomBot.choose` and applying its choice one decision at a time plays."""
    for index, deck in enumerate(decks.values()):
        fast = new_game(catalogue, [deck, None], seed=200 + index)
        made = play_out(fast, get_bot("random", index))
        slow = new_game(catalogue, [deck, None], seed=200 + index)
        bot = get_bot("random", index)
        while not slow.is_over:
            slow.apply(bot.choose(slow))
        assert made == len(slow.history)
        assert fast.record() == slow.record() and fast.digest() == slow.digest()


def test_apply_legal_is_apply_for_an_action_from_the_states_own_list(catalogue, decks):
    state = new_game(catalogue, [decks["starter-talah"], None], seed=3)
    twin = state.clone()
    for _ in range(40):
        if state.is_over:
            break
        action = state.legal_actions()[-1]
        state.apply_legal(action)
        twin.apply(action.id)
    assert state.digest() == twin.digest() and state.action_ids == twin.action_ids


def test_random_bot_games_differ_between_seeds(catalogue, decks):
    deck = decks["starter-lethan"]
    histories = {tuple(goldfish_game(catalogue, deck, seed=s, bot="random").record()["actions"]) for s in SEEDS}
    assert len(histories) == len(SEEDS)


def test_random_bot_picks_uniformly_among_the_legal_actions(catalogue, decks):
    state = new_game(catalogue, [decks["starter-mayor-vaelis"], None], seed=3)
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[-1])
    legal = [a.id for a in state.legal_actions()]
    bot = get_bot("random", 9)
    draws = 300 * len(legal)
    seen = Counter(bot.choose(state).id for _ in range(draws))
    assert set(seen) == set(legal)
    assert all(200 <= n <= 400 for n in seen.values()), seen


def test_an_unknown_bot_is_refused_with_a_code():
    with pytest.raises(ValueError, match="bot_unknown"):
        get_bot("clever", 1)


def test_greedy_clearly_outscores_random_on_every_starter_deck(catalogue, decks):
    for slug, deck in decks.items():
        greedy = [legacy(goldfish_game(catalogue, deck, seed=s, bot="greedy")) for s in SEEDS]
        rand = [legacy(goldfish_game(catalogue, deck, seed=s, bot="random")) for s in SEEDS]
        g_mean, r_mean = sum(greedy) / len(SEEDS), sum(rand) / len(SEEDS)
        assert g_mean >= 5 * r_mean and g_mean >= r_mean + 30, (slug, greedy, rand)


def test_play_turn_acts_for_one_player_until_the_turn_moves_on(catalogue, decks):
    state = new_game(catalogue, [decks["starter-elder-maru"], None], seed=8)
    bot = get_bot("greedy", 0)
    play_turn(state, bot)  # setup: who goes first
    assert state.round == 1 and state.current_player == 0
    turns_before = sum(1 for e in state.events if e["type"] == "turn")
    done = play_turn(state, bot)
    assert done and all(a.player == 0 for a in done)
    assert any(a.kind == "end_turn" for a in done)
    assert sum(1 for e in state.events if e["type"] == "end_turn") == 1
    # The goldfish's turn and the Pyramid's passed by themselves: we are in the next round's turn, undecided.
    assert state.round == 2 and sum(1 for e in state.events if e["type"] == "turn") > turns_before


def test_play_turn_and_play_out_do_nothing_once_the_game_is_over(catalogue, decks):
    state = goldfish_game(catalogue, decks["starter-talah"], seed=2, bot="greedy")
    assert play_turn(state, get_bot("greedy")) == []
    assert play_out(state, get_bot("random")) == 0


# ---------------------------------------------------------------- the greedy heuristics, on small boards
def goldfish_board(catalogue, board, *, hero="dr-veylan", hand=(), pool=None, edges=None, phase="action", **kw):
    player = {"hero": hero, "board": list(board), "hand": list(hand), "deck": ["dark-current"] * 5}
    if pool:
        player["pool"] = pool
    data = {"players": [player, None], "phase": phase, **kw}
    if edges is not None:
        data["pyramid"] = {"edges": edges}
    return load_scenario(catalogue, data)


def hero_damage(state, player=0):
    hero = state.view()["players"][player]["hero"]
    return hero["damage"] if hero else None


def test_greedy_stores_leftover_energy_on_a_battery_instead_of_taking_arc_burn(catalogue):
    state = goldfish_board(catalogue, [{"card": "heartstone", "charge": 1}], pool={"DC": 3})
    play_turn(state, get_bot("greedy"))
    battery = state.view()["players"][0]["batteries"][0]
    assert hero_damage(state) == 0 and battery["charge"] == 4
    assert not any(e["type"] == "arc_burn" for e in state.events)


def test_random_play_does_take_arc_burn_on_that_board(catalogue):
    burned = 0
    for seed in range(12):
        state = goldfish_board(catalogue, [{"card": "heartstone", "charge": 1}], pool={"DC": 3})
        play_turn(state, get_bot("random", seed))
        burned += any(e["type"] == "arc_burn" for e in state.events)
    assert burned > 0


def test_greedy_drains_a_scene_before_it_burns_the_hero(catalogue):
    board = [{"card": "arc-gallery", "charge": 1}, {"card": "heartstone", "charge": 0}]
    state = goldfish_board(catalogue, board)
    play_turn(state, get_bot("greedy"))
    scene = state.view()["players"][0]["scenes"][0]
    assert scene["dormant"] and hero_damage(state) == 0


def test_greedy_buys_the_most_expensive_person_it_can_afford(catalogue):
    hand = ["kalen-vos", "voltaic-duelist"]
    state = goldfish_board(catalogue, ["dark-current"] * 3, hand=hand)
    play_turn(state, get_bot("greedy"))
    people = [p["card"] for p in state.view()["players"][0]["people"]]
    assert people == ["voltaic-duelist"]


def test_greedy_deflects_discharge_damage(catalogue):
    # E4 is adjacent only to seat S1 (player 1): deflecting all 10 brings back only what the recombine returns.
    edges = [2, 2, 2, {"charge": 20, "counter": 3}]
    totals = {}
    for bot in ("greedy", "random"):
        damage = []
        for seed in range(6):
            state = goldfish_board(catalogue, [{"card": "heartstone", "charge": 3}], edges=edges, phase="pyramid",
                                   round=2, seed=seed)
            play_turn(state, get_bot(bot, seed))
            view = state.view()["players"][0]
            damage.append(hero_damage(state) + 3 - view["batteries"][0]["charge"])
        totals[bot] = damage
    from rules.engine.tables import tables
    returned = tables(catalogue).recombine_returns(catalogue.rulebook["game"]["discharge_damage"], 1)   # RULINGS 18
    assert all(d <= returned for d in totals["greedy"]), totals
    assert sum(totals["greedy"]) < sum(totals["random"])


def best_cataclysm_legacy(people_hp, hero_hp, damage, mult, equipment):
    """Brute force: the best Legacy any split of the Cataclysm damage leaves (Hero HP, People HP x multiplier)."""
    best = None
    hp = [hero_hp] + people_hp
    for split in itertools.product(*(range(h + 1) for h in hp)):
        if sum(split) != damage:
            continue
        total = hp[0] - split[0]
        for i, h in enumerate(people_hp, start=1):
            left = h - split[i]
            if left > 0:
                total += left * mult[i - 1] + equipment[i - 1]
        best = total if best is None else max(best, total)
    return best


def test_greedy_spreads_cataclysm_damage_for_the_most_legacy(catalogue):
    rb = catalogue.rulebook
    rarity = {r["slug"]: r for r in rb["rarities"]}
    # Hero 18 HP, a Common Person with a Phase Cutter, an Uncommon Person; batteries leave some damage to split.
    board = [{"card": "kalen-vos", "equipment": [{"card": "phase-cutter", "charge": 0}]}, "voltaic-duelist",
             {"card": "heartstone", "charge": 0}]
    hero_hp = catalogue.cards["dr-veylan"].hp
    common, uncommon = rarity["common"], rarity["uncommon"]
    people_hp = [common["person_hp"], uncommon["person_hp"]]
    mult = [common["legacy_multiplier"], uncommon["legacy_multiplier"]]
    for left in (5, hero_hp + 1, hero_hp + 3, hero_hp + 5):
        charge = rb["game"]["cataclysm_damage"] - left
        board[2] = {"card": "heartstone", "charge": charge}
        state = goldfish_board(catalogue, board, edges=[20, 20, 20, 20])
        play_out(state, get_bot("greedy"))
        others = common["legacy_value"] * 1  # the Heartstone survives
        expected = best_cataclysm_legacy(people_hp, hero_hp, left, mult, [common["legacy_value"], 0]) + others
        assert legacy(state) == expected, left


def test_the_greedy_bots_kept_ranking_is_the_ranking_worked_out_afresh(catalogue, decks):
    """The greedy bot keeps its ranking of what to buy in its plan across a payment's Energy taps and Battery
    counters (greedy.py, `kept_plan`): at every decision of seeded games, in duels too, a kept ranking must be the
    one worked out from scratch on the board as it now is."""
    from rules.engine import greedy_value as bots
    from rules.engine.greedy import kept_plan

    def plain(wants):
        return [(w.net, w.req, w.any, w.order, w.verb) for w in wants]

    reused = 0
    names = sorted(decks)
    for index, (first, second) in enumerate([(n, None) for n in names] + list(zip(names, names[1:] + names[:1]))):
        state = new_game(catalogue, [decks[first], decks[second] if second else None], seed=300 + index)
        bot = get_bot("greedy")
        while not state.is_over:
            p = state.current_player
            plan = kept_plan(state, p)   # the plan the bot is about to choose with, kept or fresh
            if plan.ranked is not None:
                kept, demand = plan.ranked
                fresh, fresh_demand = bots._rank_wants(state, p, bots._Side(state, p))
                assert plain(kept) == plain(fresh) and demand == fresh_demand
                reused += 1
            state.apply(bot.choose(state))
    assert reused > 100  # plans are kept across decisions, not only made
