"""Two writers at once never lose an update silently: one wins, the other is told 409 with the current state.

Each test races real requests — threads with clients of their own, released together by a barrier — against a
production server with several worker processes, on the database engine the suite runs on (SQLite, then
PostgreSQL), so the race is decided by the database's own locking, as in production.
"""
import threading

import pytest
import requests

from tests.production.servers import prepared_database, start_server, token_session  # noqa: F401 - fixtures

ROUNDS = 4
WORKERS = 3


def race(*requests_to_send):
    """Send the requests at the same moment, each from its own thread and client; return the responses in order."""
    barrier = threading.Barrier(len(requests_to_send))
    responses: list[requests.Response | BaseException | None] = [None] * len(requests_to_send)

    def send(index, call):
        barrier.wait()
        try:
            responses[index] = call()
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            responses[index] = exc

    threads = [threading.Thread(target=send, args=(i, call)) for i, call in enumerate(requests_to_send)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert all(isinstance(r, requests.Response) for r in responses), responses
    return responses


def outcome(responses) -> list[tuple[int, str | None]]:
    return sorted((r.status_code, r.json().get("code") if r.status_code >= 400 else None) for r in responses)


@pytest.fixture
def deck_server(start_server):
    return start_server(workers=WORKERS)


def new_deck(server, token: str) -> dict:
    response = token_session(token).post(server.url("/api/decks/starter-talah/fork/"), json={"name": "Raced"})
    assert response.status_code == 201, response.text
    return response.json()


def test_two_saves_of_the_same_deck_version_one_wins_one_gets_409(deck_server, prepared_database):
    token = prepared_database.tokens["alice"]
    deck = new_deck(deck_server, token)
    url = deck_server.url(f"/api/decks/{deck['id']}/")
    for round_ in range(ROUNDS):
        version = token_session(token).get(url).json()["version"]
        names = [f"Left {round_}", f"Right {round_}"]
        left, right = (token_session(token) for _ in names)

        responses = race(
            lambda: left.patch(url, json={"name": names[0], "version": version}),
            lambda: right.patch(url, json={"name": names[1], "version": version}),
        )

        assert outcome(responses) == [(200, None), (409, "version_conflict")]
        winner = next(r for r in responses if r.status_code == 200).json()
        loser = next(r for r in responses if r.status_code == 409).json()
        assert winner["version"] == version + 1
        assert loser["deck"]["version"] == version + 1  # the loser is shown the deck as it now is
        saved = token_session(token).get(url).json()
        assert (saved["name"], saved["version"]) == (winner["name"], version + 1)
        history = token_session(token).get(url + "versions/").json()
        assert [v["number"] for v in history][:2] == [version + 1, version]


def test_two_saves_without_a_version_are_both_kept_in_the_history(deck_server, prepared_database):
    token = prepared_database.tokens["alice"]
    deck = new_deck(deck_server, token)
    url = deck_server.url(f"/api/decks/{deck['id']}/")
    names = ["Blind left", "Blind right"]
    left, right = token_session(token), token_session(token)

    responses = race(lambda: left.patch(url, json={"name": names[0]}),
                     lambda: right.patch(url, json={"name": names[1]}))

    assert outcome(responses) == [(200, None), (200, None)]
    saved = token_session(token).get(url).json()
    assert saved["version"] == deck["version"] + 2  # two saves, two versions: the later one is current
    history = token_session(token).get(url + "versions/").json()
    recorded = {v["name"] for v in history if v["number"] > deck["version"]}
    assert recorded == set(names)


def start_game(server, player: requests.Session) -> dict:
    response = player.post(server.url("/api/goldfish/"), json={"deck": "starter-talah", "seed": 5})
    assert response.status_code == 201, response.text
    return response.json()


def same_player(player: requests.Session) -> requests.Session:
    """Return another client of the same anonymous player: its own connection, the same session cookie."""
    twin = requests.Session()
    twin.cookies.update(player.cookies)
    return twin


def test_two_actions_on_the_same_game_version_one_wins_one_gets_409(deck_server):
    player = requests.Session()
    game = start_game(deck_server, player)
    url = deck_server.url(f"/api/goldfish/{game['id']}/actions/")
    for _ in range(ROUNDS):
        version, choices = game["version"], [a["id"] for a in game["legal_actions"]]
        left, right = same_player(player), same_player(player)

        responses = race(
            lambda: left.post(url, json={"action": choices[0], "version": version}),
            lambda: right.post(url, json={"action": choices[-1], "version": version}),
        )

        assert outcome(responses) == [(200, None), (409, "conflict")]
        winner = next(r for r in responses if r.status_code == 200).json()
        loser = next(r for r in responses if r.status_code == 409).json()
        assert winner["version"] == loser["game"]["version"] == version + 1  # the loser sees the game as it is
        game = player.get(deck_server.url(f"/api/goldfish/{game['id']}/")).json()
        assert (game["version"], game["moves"], game["digest"]) == (version + 1, winner["moves"], winner["digest"])


def test_racing_actions_without_a_version_never_lose_a_decision(deck_server):
    player = requests.Session()
    game = start_game(deck_server, player)
    url = deck_server.url(f"/api/goldfish/{game['id']}/actions/")
    for _ in range(ROUNDS):
        version, choice = game["version"], game["legal_actions"][0]["id"]
        left, right = same_player(player), same_player(player)

        responses = race(lambda: left.post(url, json={"action": choice}),
                         lambda: right.post(url, json={"action": choice}))

        accepted = [r for r in responses if r.status_code == 200]
        refused = {r.json()["code"] for r in responses if r.status_code != 200}
        assert len(accepted) >= 1 and refused <= {"conflict", "illegal_action"}, outcome(responses)
        game = player.get(deck_server.url(f"/api/goldfish/{game['id']}/")).json()
        assert game["version"] == version + len(accepted)  # every 200 is one saved decision, no more, no less
        assert game["moves"] == len(player.get(deck_server.url(f"/api/goldfish/{game['id']}/replay/")).json()
                                    ["actions"])
