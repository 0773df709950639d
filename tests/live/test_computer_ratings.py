"""A rated live table with a computer in a seat (issue 35): the level's rating moves beside the person's, once, from
the final places, on the one scale the leaderboard ranks; a known seed leaves it unrated; the replay shows the
computer's decisions like anyone's; and the computer decides from what its seat may see."""
from __future__ import annotations

import random

from cards.models import Release
from rules.engine import GameState
from rules.feedback import stats
from rules.live import ratings, services, states
from rules.live.tables import get_table, level_of
from rules.models import PlayerRating, Table
from rules.play import computers
from tests.feedback.helpers import starter_cards
from tests.live.computer_tables import play_out, table_with_computer
from tests.live.helpers import P1_DECK
from tests.rules.test_quick import scrambled
from tests.versus.rated import signed_in


def test_a_rated_table_moves_the_level_and_the_person_once_from_the_places(catalogue_db, monkeypatch):
    monkeypatch.setattr(services, "clean_seed", lambda seed: 4242)  # a random seed, drawn the same each run
    client, user = signed_in("alice")
    view = table_with_computer(client, level="hard")
    table, _ = play_out(view["id"], seed=8)
    assert table.rated and table.status == "finished"
    level = PlayerRating.objects.get(level="hard", user=None)
    person = PlayerRating.objects.get(user=user)
    assert level.games == person.games == 1
    won = table.places[1] == 1 and table.places[0] != 1
    assert (level.wins, level.losses) == ((1, 0) if won else (0, 1) if table.places[0] == 1 else (0, 0))
    assert (level.mu > 25) == won and (person.mu > 25) == (not won and table.places[0] == 1)
    assert not ratings.record(Table.objects.get(pk=table.pk))  # finishing twice adds nothing
    assert PlayerRating.objects.get(level="hard", user=None).games == 1
    board = client.get("/api/tables/leaderboard/").json()
    assert {row["player"] for row in board} == {"alice", "Computer (hard)"}


def test_a_table_of_three_rates_one_level_and_two_people(catalogue_db):
    alice, _ = signed_in("alice")
    bob, _ = signed_in("bob")
    created = alice.post("/api/tables/", {"deck": "starter-dr-veylan", "players": 3}, format="json").json()
    assert alice.post(f"/api/tables/{created['id']}/computer/", {"seat": 2, "level": "easy"},
                      format="json").status_code == 200
    invite = created["invite_url"].split("invite=", 1)[1]
    assert bob.post(f"/api/tables/{created['id']}/join/", {"deck": "starter-elder-maru", "invite": invite},
                    format="json").json()["status"] == "live"
    table, _ = play_out(created["id"], seed=5)
    assert table.rated
    rows = PlayerRating.objects.all()
    assert sorted((r.level or r.user.username, r.games) for r in rows) == [("alice", 1), ("bob", 1), ("easy", 1)]


def test_a_table_dealt_from_a_chosen_seed_with_a_computer_is_not_rated(catalogue_db):
    client, user = signed_in("alice")
    view = table_with_computer(client, seed=21)
    table, _ = play_out(view["id"])
    assert table.status == "finished" and not table.rated
    assert not PlayerRating.objects.exists()


def test_the_replay_of_a_table_with_a_computer_shows_its_decisions(api):
    view = table_with_computer(api, level="easy", seed=13)
    table, made = play_out(view["id"])
    replay = api.get(f"/api/tables/{view['id']}/replay/").json()
    by_seat = [sum(1 for s in replay["steps"] if s["player"] == seat) for seat in (0, 1)]
    assert by_seat == [made, len(table.actions) - made] and by_seat[1] > 0
    assert replay["actions"][-1] == table.actions[-1]
    frame = api.get(f"/api/tables/{view['id']}/replay/{len(table.actions)}/").json()
    assert frame["of"] == len(table.actions)


def test_the_computer_at_a_live_table_decides_the_same_whatever_the_person_holds(api):
    """The other hand and every deck order scrambled at each of the computer's decisions (tests/rules/test_quick.py's
    twin): the same choice as the live table's, so it read nothing its seat may not see."""
    view = table_with_computer(api, level="quick", seed=17)
    table = get_table(view["id"])
    state: GameState = states.state_of(table).clone()
    draw, person, checked = random.Random(35), random.Random(2), 0
    seed = computers.seat_seed(table.seed, 1)
    while not state.is_over and checked < 25:
        if state.current_player == 0:
            state.apply(person.choice(state.legal_actions()))
            continue
        action, _ = computers.decide("quick", seed, state)
        if len(state.legal_actions()) > 1 and state.players[0].deck:
            assert computers.decide("quick", seed, scrambled(state, 1, draw))[0] == action
            checked += 1
        state.apply(action)
    assert checked == 25 and level_of(table, 1) == "quick"


def test_what_players_saw_counts_the_persons_seat_never_the_computers(catalogue_db):
    """The cards' win rates in people's finished live tables (rules/feedback/stats.py): a table against a computer
    counts the person's deck (a public starter) and never the computer's, public though its starter is too."""
    client, _ = signed_in("alice")
    view = table_with_computer(client, level="easy", seed=12, deck=P1_DECK)
    table, _ = play_out(view["id"])
    assert table.decks[1]["deck_id"] != P1_DECK
    release = Release.objects.get(current=True)
    mine = starter_cards(P1_DECK) - starter_cards(table.decks[1]["deck_id"])
    theirs = starter_cards(table.decks[1]["deck_id"]) - starter_cards(P1_DECK)
    assert mine and theirs
    assert all(stats.card_stats(slug, release)["games"] == 1 for slug in mine)
    assert all(stats.card_stats(slug, release)["games"] == 0 for slug in theirs)
