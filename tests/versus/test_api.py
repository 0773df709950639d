"""The versus API as a client uses it: start against the computer, act (the computer answers in the same write, with
its reasons), resume, conflicts, ownership, clear 400s, the request cap, the replay and the recorded result."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from decks.models import Deck
from rules.engine import replay as engine_replay
from rules.engine.bots import get_bot
from rules.goldfish import services
from rules.models import VersusGame
from rules.play import store
from rules.versus import services as versus
from rules.versus.selectors import deck_record
from tests.versus.helpers import CPU_DECK, MINE, act, finish, start

SHAPE = {"id", "state", "legal_actions", "log", "cpu_moves", "version", "can_act", "prompt", "result", "cards"}


def test_start_answers_the_goldfish_shape_with_the_computer_seated_and_its_hand_a_count(api):
    game = start(api, seed=11, difficulty="hard", seating="diagonal")
    assert SHAPE <= set(game)
    assert (game["difficulty"], game["seat"], game["cpu_seat"], game["seating"]) == ("hard", 0, 1, "diagonal")
    me, cpu = game["state"]["players"]
    state = store.load_state(VersusGame.objects.get())
    assert len(me["hand"]) == me["hand_count"] == len(state.players[0].hand)
    assert "hand" not in cpu and cpu["hand_count"] == len(state.players[1].hand) > 0
    assert game["seed"] is None  # with the decklists it would give away the computer's shuffle
    assert game["can_act"] and game["legal_actions"] and all(a["player"] == 0 for a in game["legal_actions"])
    assert game["opponent"]["id"] == CPU_DECK and game["deck"]["id"] == MINE


def test_sitting_second_the_computer_plays_first_decisions_until_mine(api):
    for seed in range(12):  # some seed lets the computer (Player 1) win the coin toss and choose
        game = start(api, seed=seed, seat="second")
        me = game["state"]["players"][1]
        assert game["seat"] == 1 and me["hand_count"] == len(me["hand"])
        assert "hand" not in game["state"]["players"][0]
        assert game["can_act"] and game["state"]["current_player"] == 1
        if game["cpu_moves"]:
            assert all(m["player"] == 0 and m["reason"] for m in game["cpu_moves"])
            return
    pytest.fail("the computer never made the first decision")


def cpu_replies_are_its_own_choices(game_row: VersusGame):
    """Each logged CPU move is what a fresh CPU of that difficulty chooses in the state before it, for that reason."""
    record = game_row.record()
    for move in game_row.cpu_moves:
        record["actions"] = game_row.actions[:move["step"] - 1]
        state = engine_replay(services.play_catalogue(), record)
        bot = get_bot(versus.CPU_BOTS[game_row.difficulty], versus.cpu_seed(game_row.seed))
        assert bot.choose(state).id == move["action"] == game_row.actions[move["step"] - 1]
        assert getattr(bot, "last_reason", "") == move["reason"]


def test_my_decision_and_the_computers_answers_are_one_write_and_resume_after_a_reload(api):
    game = start(api, seed=3)
    version = game["version"]
    while not game["cpu_moves"]:
        response = act(api, game, version=game["version"], log_from=game["log_count"])
        assert response.status_code == 200, response.json()
        game = response.json()
        assert game["version"] == version + 1  # the visitor's move and every CPU reply: one saved version
        version = game["version"]
    assert game["can_act"] or game["status"] == "finished"  # the computer played until it was my decision again
    assert all(m["reason"] and m["label"] for m in game["cpu_moves"])
    row = VersusGame.objects.get(pk=game["id"])
    assert row.cpu_moves[-len(game["cpu_moves"]):] == game["cpu_moves"]
    cpu_replies_are_its_own_choices(row)
    again = api.get(f"/api/versus/{game['id']}/").json()  # a reload: the same game from the database
    assert (again["digest"], again["version"], again["state"]) == (game["digest"], game["version"], game["state"])


def test_a_stale_version_is_a_conflict_with_the_current_game(api):
    game = start(api, seed=4)
    assert act(api, game, version=game["version"]).status_code == 200
    response = act(api, game, version=game["version"])
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "conflict" and body["game"]["version"] == game["version"] + 1
    assert "hand" not in body["game"]["state"]["players"][1]


def test_only_the_player_who_started_may_act_others_watch_without_actions(api, other):
    game = start(api, seed=5)
    response = act(other, game)
    assert response.status_code == 403 and response.json()["code"] == "not_owner"
    watched = other.get(f"/api/versus/{game['id']}/").json()
    assert not watched["can_act"] and watched["legal_actions"] == [] and not watched["is_owner"]
    assert other.post(f"/api/versus/{game['id']}/bot/", {"until": "end"}, format="json").status_code == 403
    assert other.get("/api/versus/").json() == []
    assert [g["id"] for g in api.get("/api/versus/").json()] == [game["id"]]
    assert api.get("/api/versus/nope/").status_code == 404
    assert api.post("/api/versus/nope/actions/", {"action": "keep"}, format="json").status_code == 404


@pytest.mark.parametrize("body, status, code", [
    ({"difficulty": "godlike"}, 400, "invalid"),
    ({"seat": "third"}, 400, "invalid"),
    ({"opponent": ""}, 400, "invalid"),
    ({"opponent": "no-such-deck"}, 404, "not_found"),
    ({"deck": None}, 400, "no_deck"),
    ({"seed": -1}, 400, "invalid"),
])
def test_bad_starts_are_clear_400s_or_404s_and_create_nothing(api, body, status, code):
    response = api.post("/api/versus/", {"deck": MINE, "opponent": CPU_DECK, **body}, format="json")
    assert response.status_code == status, response.json()
    assert response.json()["code"] == code and response.json()["message"]
    assert not VersusGame.objects.exists()


def test_the_computer_cannot_play_an_illegal_deck_nor_someone_elses_private_one(api, catalogue_db):
    owner = get_user_model().objects.create_user("maker", password="pw-long-enough-1")
    broken = Deck.objects.create(owner=owner, name="Too small", hero=Deck.objects.get(pk=MINE).hero,
                                 visibility="public")
    response = api.post("/api/versus/", {"deck": MINE, "opponent": broken.pk}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_deck" and "computer's deck" in response.json()["message"]
    hidden = Deck.objects.create(owner=owner, name="Secret", hero=broken.hero, visibility="private")
    assert api.post("/api/versus/", {"deck": MINE, "opponent": hidden.pk}, format="json").status_code == 404
    assert not VersusGame.objects.exists()


def test_illegal_and_out_of_turn_actions_are_refused_and_change_nothing(api, monkeypatch):
    game = start(api, seed=6)
    response = act(api, game, "summon.9999")
    assert response.status_code == 400 and response.json()["code"] == "illegal_action"
    # A request stops the computer at its cap; then it is not my decision until it goes on.
    monkeypatch.setattr(versus, "MAX_CPU_STEPS", 1)
    for _ in range(40):
        response = act(api, game, log_from=game["log_count"])
        assert response.status_code == 200
        game = response.json()
        if game["cpu_to_move"]:
            break
    assert game["cpu_to_move"] and not game["can_act"] and game["prompt"]["kind"] == "wait"
    refused = act(api, game, "end_turn.0")
    assert refused.status_code == 400 and refused.json()["code"] == "not_your_decision"
    assert VersusGame.objects.get().version == game["version"]
    monkeypatch.undo()
    going_on = api.post(f"/api/versus/{game['id']}/continue/", {"version": game["version"]}, format="json").json()
    assert not going_on["cpu_to_move"] and going_on["version"] == game["version"] + 1
    cpu_replies_are_its_own_choices(VersusGame.objects.get())


def test_finishing_records_the_result_the_deck_record_and_reveals_the_seed(api):
    game = finish(api, start(api, seed=8))
    row = VersusGame.objects.get()
    result = game["result"]
    assert game["status"] == "finished" and result["final"]
    assert (row.legacy, row.opponent_legacy) == (result["legacy"][0], result["legacy"][1])
    assert row.winner == result["winner"] and row.rounds == game["rounds"] and row.bot_assisted
    assert row.outcome == {None: "draw", 0: "win", 1: "loss"}[result["winner"]] == game["outcome"]
    assert game["seed"] == 8 and "hand" in game["state"]["players"][1]  # nothing is secret after the end
    normal = {r["difficulty"]: r for r in deck_record(Deck.objects.get(pk=MINE))}["normal"]
    # the bot played it to the end: counted apart, not as the player's own win, loss or draw
    assert normal["games"] == 1 and normal["bot_games"] == 1
    assert normal["wins"] == normal["losses"] == normal["draws"] == 0
    over = act(api, game, "end_turn.0")
    assert over.status_code == 400 and over.json()["code"] == "game_over"
    cpu_replies_are_its_own_choices(row)
    VersusGame.objects.filter(pk=row.pk).update(bot_assisted=False)   # as if played to the end by hand
    normal = {r["difficulty"]: r for r in deck_record(Deck.objects.get(pk=MINE))}["normal"]
    assert normal["bot_games"] == 0 and normal[{"win": "wins", "loss": "losses", "draw": "draws"}[row.outcome]] == 1


def test_the_replay_steps_through_both_seats_and_ends_on_the_final_board(api):
    game = finish(api, start(api, seed=9))
    index = api.get(f"/api/versus/{game['id']}/replay/").json()
    assert len(index["steps"]) == len(index["actions"]) == game["moves"]
    assert {s["player"] for s in index["steps"]} == {0, 1}
    assert index["seed"] == 9 and index["decks"][1]["cards"]  # public after the end
    assert index["digest"] == game["digest"]
    first_cpu = index["cpu_moves"][0]
    frame = api.get(f"/api/versus/{game['id']}/replay/{first_cpu['step']}/").json()
    assert frame["action"]["player"] == 1 and frame["action"]["action"] == first_cpu["action"]
    last = api.get(f"/api/versus/{game['id']}/replay/{len(index['steps'])}/").json()
    assert last["digest"] == game["digest"] and last["result"]["final"]
    assert api.get(f"/api/versus/{game['id']}/replay/{len(index['steps']) + 1}/").status_code == 404


def test_an_account_game_belongs_to_the_account(catalogue_db):
    user = get_user_model().objects.create_user("player", password="pw-long-enough-1")
    mine = APIClient()
    mine.force_authenticate(user)
    game = start(mine, seed=10)
    assert VersusGame.objects.get().owner == user
    assert act(mine, game).status_code == 200
    assert act(APIClient(), game).status_code == 403


def test_a_slow_computer_is_stopped_by_the_time_budget_and_goes_on_one_decision_a_request(api, monkeypatch):
    monkeypatch.setattr(versus, "CPU_SECONDS", 0.0)  # as if every decision took longer than a request may
    game = start(api, seed=14)
    while not game["cpu_to_move"]:
        game = act(api, game, log_from=game["log_count"]).json()
        assert len(game["cpu_moves"]) <= 1
    for _ in range(3):
        before = len(VersusGame.objects.get().cpu_moves)
        game = api.post(f"/api/versus/{game['id']}/continue/", {}, format="json").json()
        assert len(VersusGame.objects.get().cpu_moves) == before + 1
        if not game["cpu_to_move"]:
            break


def test_an_unknown_difficulty_is_refused_and_the_five_levels_are_offered(api):
    response = api.post("/api/versus/", {"deck": "starter-dr-veylan", "opponent": "starter-elder-maru",
                                         "difficulty": "nightmare"}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"]["difficulty"] == ['"nightmare" is not a valid choice.']
    assert not VersusGame.objects.exists()
    assert list(versus.CPU_BOTS) == ["easy", "normal", "hard", "quick", "expert"]
    with pytest.raises(versus.ApiError) as refused:
        versus.clean_difficulty("nightmare")
    assert refused.value.error_code == "bad_difficulty" and "easy, normal, hard, quick, expert" in refused.value.message


def test_the_expert_searches_and_says_so_in_its_reasons(api):
    """At expert the computer's moves come from the search, with its reasons, and are a fresh expert's choices."""
    game = start(api, deck="starter-talah", opponent="starter-mayor-vaelis", seed=5, difficulty="expert",
                 seat="second")
    reasons: list[str] = []
    for _ in range(60):
        reasons += [move["reason"] for move in game["cpu_moves"]]
        if any("sampled futures" in r for r in reasons) or game["status"] == "finished":
            break
        if game["cpu_to_move"]:
            game = api.post(f"/api/versus/{game['id']}/continue/", {}, format="json").json()
        else:
            game = act(api, game, version=game["version"]).json()
    assert any(r.startswith("EXPERT: ") and "sampled futures" in r for r in reasons), reasons
    cpu_replies_are_its_own_choices(VersusGame.objects.get())


def test_a_game_against_the_computer_plays_and_records_its_rule_variants(api):
    response = api.post("/api/versus/", {"deck": "starter-dr-veylan", "opponent": "starter-elder-maru",
                                         "difficulty": "easy", "seed": 3, "variants": ["tide"]}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["variants"] == ["tide"]
    row = VersusGame.objects.get()
    assert row.variants == ["tide"] and row.record()["variants"] == ["tide"]
    assert engine_replay(services.play_catalogue(), row.record()).variants == ("tide",)
    refused = api.post("/api/versus/", {"deck": "starter-dr-veylan", "opponent": "starter-elder-maru",
                                        "variants": ["nope"]}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "invalid_variant"
    assert VersusGame.objects.count() == 1


def test_a_game_ended_by_the_full_circle_says_so_in_its_row_and_the_decks_record(api, client):
    """RULINGS 16: how the Cataclysm came is recorded with the result and counted in the deck's record."""
    from django.utils import timezone

    from rules.engine import load_scenario
    from rules.engine.bots import play_out
    game = finish(api, start(api, seed=8))
    row = VersusGame.objects.get()
    assert row.ending == game["result"]["ending"] and row.ending in ("edges_locked", "full_circle")
    state = load_scenario(services.play_catalogue(), {
        "players": [{"hero": "dr-veylan"}, {"hero": "elder-maru"}], "phase": "pyramid", "round": 50,
        "pyramid": {"edges": [20, 3, 9, 0], "deck": ["the-pulse"] * 5}})
    play_out(state, get_bot("greedy"))
    fields = versus.result_fields(row, state, timezone.now())
    assert fields["ending"] == "full_circle" and state.result()["ending_text"].startswith(
        "The Cataclysm has passed by the full circle")
    VersusGame.objects.filter(pk=row.pk).update(**fields)
    normal = {r["difficulty"]: r for r in deck_record(Deck.objects.get(pk=MINE))}["normal"]
    assert (normal["games"], normal["full_circle"]) == (1, 1)
    page = client.get(Deck.objects.get(pk=MINE).get_absolute_url()).content.decode()
    assert "By the full circle" in page
    replay = client.get(f"/versus/{row.pk}/replay/").content.decode()
    assert 'id="vs-ending-full-circle"' in replay
