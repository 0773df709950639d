"""The goldfish API: start, act, undo, bot, replay, conflicts, ownership and bad input — one endpoint at a time."""
from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from rest_framework import status
from rest_framework.test import APIClient

from decks import services as deck_services
from decks.models import Visibility
from rules.engine.catalogue import load_catalogue
from rules.models import GoldfishGame

from .helpers import STARTER, act, finish, play, start

pytestmark = pytest.mark.django_db


def starter_counts(hero="dr-veylan"):
    deck = load_catalogue().starter_decks[f"starter-{hero}"]
    return deck["hero"], [{"card": row["card"], "count": row["count"]} for row in deck["cards"]]


# --------------------------------------------------------------------------------------------- starting a game
def test_a_game_starts_from_a_deck_with_the_board_and_the_first_decision(api):
    game = start(api, seed=11)
    assert game["url"] == f"/goldfish/{game['id']}/"
    assert game["version"] == 0 and game["moves"] == 0 and game["status"] == "active" and game["can_act"]
    assert game["deck"]["id"] == STARTER and game["hero"] == "dr-veylan" and game["seed"] == 11
    board = game["state"]
    assert board["players"][0]["hero"]["card"] == "dr-veylan"
    assert len(board["players"][0]["hand"]) == 7 and board["players"][0]["deck_count"] == 38
    assert [e["edge"] for e in board["pyramid"]["edges"]] == ["E1", "E2", "E3", "E4"]
    assert game["prompt"]["kind"] == "first_player"
    assert {a["kind"] for a in game["legal_actions"]} == {"first_player"}
    assert all(a["id"] and a["label"] and a["group"] for a in game["legal_actions"])
    assert "dr-veylan" in game["cards"] and game["cards"]["kalen-vos"]["text"]


def test_a_game_starts_from_a_json_decklist_and_from_pasted_text(api):
    hero, cards = starter_counts("elder-maru")
    from_json = start(api, deck=None, decklist={"hero": hero, "cards": cards}, seed=3)
    assert from_json["deck"] is None and from_json["hero"] == "elder-maru"
    text = "Hero: Elder Maru\n" + "\n".join(f"{c['count']} {c['card']}" for c in cards)
    from_text = start(api, deck=None, text=text, seed=3)
    assert from_text["hero"] == "elder-maru"
    assert from_text["digest"] == from_json["digest"]  # same list, same seed: the same shuffle


def test_the_same_seed_gives_the_same_shuffle_and_another_seed_another(api):
    one, two, three = start(api, seed=5), start(api, seed=5), start(api, seed=6)
    hand = lambda g: [c["card"] for c in g["state"]["players"][0]["hand"]]  # noqa: E731
    assert one["digest"] == two["digest"] and hand(one) == hand(two)
    assert one["digest"] != three["digest"]


def test_a_hand_without_energy_asks_to_keep_or_mulligan(api):
    game = next(g for g in (start(api, seed=seed) for seed in range(60)) if g["prompt"]["kind"] == "mulligan")
    assert not any(c["type"] == "energy" for c in game["state"]["players"][0]["hand"])
    assert {a["kind"] for a in game["legal_actions"]} == {"keep", "mulligan"}
    after = act(api, game, next(a["id"] for a in game["legal_actions"] if a["kind"] == "mulligan")).json()
    assert after["state"]["players"][0]["mulligans"] == 1 and len(after["state"]["players"][0]["hand"]) == 7


def test_the_diagonal_seating_leaves_no_dead_edge(api):
    side, diagonal = start(api, seed=1), start(api, seed=1, seating="diagonal")
    assert [e["dead"] for e in side["state"]["pyramid"]["edges"]].count(True) == 1
    assert not any(e["dead"] for e in diagonal["state"]["pyramid"]["edges"])


def test_an_invalid_deck_is_refused_with_the_validators_errors(api):
    hero, cards = starter_counts()
    response = api.post("/api/goldfish/", {"decklist": {"hero": hero, "cards": cards[:3]}}, format="json")
    assert response.status_code == status.HTTP_400_BAD_REQUEST
    body = response.json()
    assert body["code"] == "invalid_deck"
    assert "deck_size" in {e["code"] for e in body["errors"]}
    assert not GoldfishGame.objects.exists()


def test_an_unreadable_pasted_line_is_one_of_the_errors(api):
    hero, cards = starter_counts()
    text = "Hero: Dr. Veylan\n" + "\n".join(f"{c['count']} {c['card']}" for c in cards) + "\n2 Nonexistent Card"
    response = api.post("/api/goldfish/", {"text": text}, format="json")
    assert response.status_code == 400
    assert "unknown_card" in {e["code"] for e in response.json()["errors"]}


@pytest.mark.parametrize("body, code", [
    ({}, "no_deck"),
    ({"deck": STARTER, "text": "Hero: Dr. Veylan"}, "ambiguous_deck"),
    ({"deck": STARTER, "seating": "in-a-circle"}, "invalid"),
    ({"deck": STARTER, "seed": -1}, "invalid"),
])
def test_bad_start_requests_get_a_code(api, body, code):
    response = api.post("/api/goldfish/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == code


def test_another_users_private_deck_cannot_be_played(api):
    owner = User.objects.create_user("ann", password="pw-ann-123")
    hero, cards = starter_counts()
    deck = deck_services.deck_create(owner=owner, name="Secret", hero=hero,
                                     counts={c["card"]: c["count"] for c in cards}, visibility=Visibility.PRIVATE)
    response = api.post("/api/goldfish/", {"deck": deck.pk}, format="json")
    assert response.status_code == 404
    api.force_login(owner)
    assert api.post("/api/goldfish/", {"deck": deck.pk}, format="json").status_code == 201


def test_an_unknown_game_is_404(api):
    response = api.get("/api/goldfish/no-such-game/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
    assert api.post("/api/goldfish/no-such-game/actions/", {"action": "pass.0"}, format="json").status_code == 404


# --------------------------------------------------------------------------------------------- acting
def test_a_legal_action_is_applied_and_saved(api):
    game = start(api, seed=2)
    response = act(api, game, version=0)
    assert response.status_code == 200
    after = response.json()
    assert after["version"] == 1 and after["moves"] == 1 and after["digest"] != game["digest"]
    saved = GoldfishGame.objects.get(pk=game["id"])
    assert saved.version == 1 and saved.actions == [game["legal_actions"][0]["id"]]


def test_a_stale_action_is_refused_with_the_rule_and_the_game_is_unchanged(api):
    game = start(api, seed=2)
    first = game["legal_actions"][0]["id"]
    after = act(api, game, first).json()
    response = act(api, after, first)  # the first-player choice is no longer on offer
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "illegal_action" and body["rule"] and body["message"] and body["action"] == first
    again = api.get(f"/api/goldfish/{game['id']}/").json()
    assert again["version"] == after["version"] and again["digest"] == after["digest"]


def test_an_unknown_action_id_is_refused(api):
    game = start(api)
    response = act(api, game, "summon.0.999.DC9")
    assert response.status_code == 400 and response.json()["code"] == "illegal_action"
    assert GoldfishGame.objects.get(pk=game["id"]).version == 0


def test_acting_on_an_old_version_is_a_conflict_with_the_current_game(api):
    game = start(api, seed=4)
    after = play(api, game, 2)
    response = act(api, after, version=0)
    assert response.status_code == status.HTTP_409_CONFLICT
    body = response.json()
    assert body["code"] == "conflict" and body["game"]["version"] == 2 and body["game"]["digest"] == after["digest"]


def test_only_the_player_who_started_may_act_others_may_watch(api, other):
    game = start(api, seed=8)
    action = game["legal_actions"][0]["id"]
    for path, body in (("actions/", {"action": action}), ("undo/", {}), ("bot/", {"until": "turn"})):
        response = other.post(f"/api/goldfish/{game['id']}/{path}", body, format="json")
        assert response.status_code == 403, path
        assert response.json()["code"] == "not_owner"
    watched = other.get(f"/api/goldfish/{game['id']}/").json()
    assert watched["can_act"] is False and watched["legal_actions"] == [] and watched["digest"] == game["digest"]
    assert other.get(f"/api/goldfish/{game['id']}/replay/").status_code == 200
    assert GoldfishGame.objects.get(pk=game["id"]).version == 0


def test_a_signed_in_players_game_is_theirs_alone(catalogue_db):
    ann, ben = User.objects.create_user("ann"), User.objects.create_user("ben")
    mine, theirs = APIClient(), APIClient()
    mine.force_login(ann)
    theirs.force_login(ben)
    game = start(mine, seed=9)
    assert GoldfishGame.objects.get(pk=game["id"]).owner == ann
    assert act(theirs, game).status_code == 403
    assert act(mine, game).status_code == 200


def test_an_anonymous_game_stays_yours_after_logging_in(api):
    game = start(api, seed=10)
    api.force_login(User.objects.create_user("cy"))
    assert act(api, game).status_code == 200


def test_my_games_lists_only_mine(api, other):
    mine = start(api)
    start(other)
    listed = api.get("/api/goldfish/").json()
    assert [g["id"] for g in listed] == [mine["id"]]


def test_the_log_can_be_fetched_from_a_sequence_number(api):
    game = play(api, start(api, seed=12), 3)
    count = game["log_count"]
    tail = api.get(f"/api/goldfish/{game['id']}/?log_from=2").json()
    assert tail["log_count"] == count and [e["seq"] for e in tail["log"]] == list(range(2, count))


# --------------------------------------------------------------------------------------------- undo and bot
def test_undo_takes_back_the_last_decision(api):
    game = start(api, seed=13)
    one = play(api, game, 1)
    two = play(api, one, 1)
    response = api.post(f"/api/goldfish/{game['id']}/undo/", {"version": two["version"]}, format="json")
    assert response.status_code == 200
    undone = response.json()
    assert undone["moves"] == 1 and undone["version"] == 3 and undone["digest"] == one["digest"]
    assert GoldfishGame.objects.get(pk=game["id"]).actions == [game["legal_actions"][0]["id"]]


def test_there_is_nothing_to_undo_before_the_first_decision(api):
    game = start(api)
    response = api.post(f"/api/goldfish/{game['id']}/undo/", {}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "nothing_to_undo"


def test_the_bot_plays_the_rest_of_the_turn(api):
    game = play(api, start(api, seed=14), 1)  # who goes first is chosen: it is our Action Phase now
    response = api.post(f"/api/goldfish/{game['id']}/bot/", {"bot": "random", "until": "turn"}, format="json")
    assert response.status_code == 200
    after = response.json()
    assert after["moves"] > game["moves"] and after["bot_assisted"] is True and after["status"] == "active"
    assert after["version"] == game["version"] + 1  # the bot's decisions are saved as one write


def test_the_bot_plays_to_the_cataclysm_and_the_legacy_is_broken_down(api):
    game = finish(api, play(api, start(api, seed=15), 2))
    assert game["status"] == "finished" and game["state"]["is_over"] and game["can_act"] is False
    result = game["result"]
    assert result["final"] and game["legacy"] == result["legacy"][0]
    assert sum(row["value"] for row in result["breakdown"][0]) == game["legacy"]
    assert all(row["reason"] for row in result["breakdown"][0])
    assert game["rounds"] >= 1 and game["finished_at"]
    assert game["record"] == {"deck_best": game["legacy"], "your_best": game["legacy"], "is_record": True}
    # How the Cataclysm came is in the result and the row (RULINGS 16: the full circle is named wherever shown).
    ending = result["ending"]
    assert ending in ("edges_locked", "full_circle") and result["ending_text"].startswith("The Cataclysm has passed")
    assert GoldfishGame.objects.get(pk=game["id"]).ending == ending
    assert ("by the full circle" in result["ending_text"]) == (ending == "full_circle")


def test_a_finished_game_is_final(api):
    game = finish(api, start(api, seed=16))
    assert act(api, game, "end_turn.0").json()["code"] == "illegal_action"
    assert api.post(f"/api/goldfish/{game['id']}/undo/", {}, format="json").json()["code"] == "game_over"
    assert api.post(f"/api/goldfish/{game['id']}/bot/", {}, format="json").json()["code"] == "game_over"


@pytest.mark.parametrize("body", [{"bot": "clever"}, {"until": "forever"}, {"version": -1}])
def test_bad_bot_requests_are_refused(api, body):
    game = start(api)
    assert api.post(f"/api/goldfish/{game['id']}/bot/", body, format="json").status_code == 400


# --------------------------------------------------------------------------------------------- replay
def test_the_replay_rebuilds_the_live_game_step_by_step(api):
    game = finish(api, play(api, start(api, seed=17), 4), bot="random")
    record = GoldfishGame.objects.get(pk=game["id"])
    replay = api.get(f"/api/goldfish/{game['id']}/replay/").json()
    assert replay["seed"] == 17 and replay["seating"] == "side-by-side"
    assert replay["actions"] == record.actions and len(replay["steps"]) == len(record.actions)
    assert replay["decks"][0]["hero"] == "dr-veylan" and replay["decks"][1] is None
    assert replay["digest"] == game["digest"]
    assert replay["steps"][0]["action"] == record.actions[0] and replay["steps"][0]["label"]
    assert replay["steps"][-1]["events_to"] == len(replay["events"]) == game["log_count"]
    last = api.get(f"/api/goldfish/{game['id']}/replay/{len(record.actions)}/").json()
    assert last["digest"] == game["digest"] and last["result"]["legacy"] == game["result"]["legacy"]
    first = api.get(f"/api/goldfish/{game['id']}/replay/0/").json()
    assert first["action"] is None and first["digest"] == start(api, seed=17)["digest"]
    assert api.get(f"/api/goldfish/{game['id']}/replay/{len(record.actions) + 1}/").status_code == 404


def test_a_game_resumes_after_a_restart_from_the_database_alone(api):
    from cards.catalogue import clear_cache
    game = play(api, start(api, seed=18), 5)
    clear_cache()  # a fresh process: no compiled catalogue, nothing in memory
    fresh = APIClient()
    assert fresh.get(f"/api/goldfish/{game['id']}/").json()["digest"] == game["digest"]
    GoldfishGame.objects.filter(pk=game["id"]).update(state={})  # even without the cached state: replay the log
    resumed = api.get(f"/api/goldfish/{game['id']}/").json()
    assert resumed["digest"] == game["digest"] and resumed["legal_actions"] == game["legal_actions"]
    assert act(api, resumed).status_code == 200


# --------------------------------------------------------------------------------------------- scores and simulation
def test_a_decks_high_scores_are_its_best_finished_games(api):
    scores = []
    for seed in (21, 22, 23):
        scores.append(finish(api, start(api, seed=seed), bot="random")["legacy"])
    start(api, seed=24)  # unfinished: no score
    rows = api.get(f"/api/goldfish/decks/{STARTER}/scores/").json()
    assert [r["legacy"] for r in rows] == sorted(scores, reverse=True)
    assert [r["rank"] for r in rows] == [1, 2, 3] and all(r["replay_url"].endswith("/replay/") for r in rows)


def test_bulk_simulation_stores_and_returns_the_statistics(api):
    response = api.post(f"/api/decks/{STARTER}/simulate/", {"games": 4, "bot": "random", "seed": 99}, format="json")
    assert response.status_code == 201
    run = response.json()
    assert run["games"] == 4 and run["bot"] == "random" and run["seed"] == 99 and run["deck"] == STARTER
    assert run["stats"]["games"] == 4 and run["stats"]["legacy"]["histogram"]
    assert [c["title"] for c in run["charts"]] == ["Legacy after the Cataclysm", "Rounds until the Cataclysm"]
    assert sum(bar["count"] for bar in run["charts"][0]["bars"]) == 4
    listed = api.get(f"/api/decks/{STARTER}/simulate/").json()
    assert [r["id"] for r in listed] == [run["id"]]


@pytest.mark.parametrize("body", [{"games": 501}, {"games": 0}, {"bot": "clever"}, {"seating": "nope"}])
def test_bulk_simulation_refuses_bad_requests(api, body):
    assert api.post(f"/api/decks/{STARTER}/simulate/", body, format="json").status_code == 400


def test_bulk_simulation_refuses_an_invalid_deck(catalogue_db):
    owner = User.objects.create_user("dee")
    client = APIClient()
    client.force_login(owner)
    deck = deck_services.deck_create(owner=owner, name="Draft", hero="dr-veylan", counts={"kalen-vos": 3})
    response = client.post(f"/api/decks/{deck.pk}/simulate/", {"games": 2}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid_deck"


def test_the_api_schema_documents_the_goldfish_endpoints(api):
    schema = api.get("/api/schema/?format=json").json()
    paths = schema["paths"]
    for path in ("/api/goldfish/", "/api/goldfish/{game_id}/", "/api/goldfish/{game_id}/actions/",
                 "/api/goldfish/{game_id}/undo/", "/api/goldfish/{game_id}/bot/", "/api/goldfish/{game_id}/replay/",
                 "/api/decks/{deck_id}/simulate/"):
        assert path in paths, path
    responses = paths["/api/goldfish/{game_id}/actions/"]["post"]["responses"]
    assert {"200", "400", "403", "404", "409"} <= set(responses)


@pytest.mark.parametrize("log_from", ["-1", "two", "1.5", "", ["1", "2"]])
def test_a_bad_log_from_is_a_400_not_the_whole_log(api, log_from):
    game = start(api)
    response = api.get(f"/api/goldfish/{game['id']}/", {"log_from": log_from})
    assert response.status_code == 400 and response.json()["code"] == "bad_log_from"


def test_a_log_from_past_the_end_is_an_empty_log(api):
    game = start(api)
    body = api.get(f"/api/goldfish/{game['id']}/", {"log_from": "9" * 40}).json()
    assert body["log"] == [] and body["log_count"] == game["log_count"]


def test_the_schema_lets_plain_400s_leave_out_the_rule_and_the_deck_errors(api):
    game = start(api)
    malformed = api.post(f"/api/goldfish/{game['id']}/actions/", {}, format="json").json()
    no_deck = api.post("/api/goldfish/", {}, format="json").json()
    schema = api.get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]
    assert set(components["IllegalAction"]["required"]) <= set(malformed)
    assert set(components["InvalidDeck"]["required"]) <= set(no_deck)
    bad_field = api.post("/api/goldfish/", {"deck": STARTER, "seating": {}}, format="json").json()
    shapes = {shape["type"] for shape in components["InvalidDeck"]["properties"]["errors"]["oneOf"]}
    assert bad_field["code"] == "invalid" and isinstance(bad_field["errors"], dict) and shapes == {"array", "object"}
    detail = schema["paths"]["/api/goldfish/{game_id}/"]["get"]
    assert "400" in detail["responses"]
    assert next(p for p in detail["parameters"] if p["name"] == "log_from")["schema"]["minimum"] == 0


# --------------------------------------------------------------------------------------------- rule variants
def test_a_game_names_the_rule_variants_it_plays_and_its_record_replays_them(api):
    from rules.engine import replay
    game = start(api, seed=4, variants=["tide", "flares", "tide"])
    assert [v["slug"] for v in game["variants"]] == ["flares", "tide"]
    assert all(v["name"] and v["description"] for v in game["variants"])
    assert game["state"]["pyramid"]["deck_count"] == 50
    row = GoldfishGame.objects.get(pk=game["id"])
    assert row.variants == ["flares", "tide"] and row.record()["variants"] == ["flares", "tide"]
    game = finish(api, game)
    assert game["status"] == "finished"
    assert replay(load_catalogue(), GoldfishGame.objects.get(pk=game["id"]).record()).digest() == game["digest"]
    listed = api.get("/api/goldfish/").json()
    assert next(g for g in listed if g["id"] == game["id"])["variants"] == ["flares", "tide"]


def test_a_game_without_variants_plays_the_printed_rules(api):
    game = start(api, seed=4)
    assert game["variants"] == [] and GoldfishGame.objects.get(pk=game["id"]).variants == []


@pytest.mark.parametrize("variants", [["tides"], ["flares", "nope"], "tide"])
def test_an_unknown_rule_variant_is_refused_and_no_game_is_saved(api, variants):
    response = api.post("/api/goldfish/", {"deck": "starter-dr-veylan", "variants": variants}, format="json")
    assert response.status_code == status.HTTP_400_BAD_REQUEST
    body = response.json()
    assert body["code"] in ("invalid_variant", "invalid") and body["message"]
    assert not GoldfishGame.objects.exists()
