"""Per card and release, the card's win rates in people's finished live tables (issue 32: what players saw): games,
drawn and not drawn, played and not played, with counts and Wilson 95% intervals, and the bias said in words."""
from __future__ import annotations

import pytest

from cards.models import Release
from rules.feedback import stats
from rules.live import states
from rules.models import Table
from tests.feedback.helpers import ONLY_P1, finished_table, signed_in
from tests.goldfish.test_releases import publish_a_sturdier_hero


def test_the_wilson_interval_is_the_textbook_one():
    assert stats.wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert stats.wilson(0, 3) == pytest.approx((0.0, 0.5615), abs=1e-4)
    assert stats.wilson(3, 3) == pytest.approx((0.4385, 1.0), abs=1e-4)
    assert stats.wilson(0, 0) is None


def drawn_and_played(table_id: str, seat: int, slug: str) -> tuple[bool, bool]:
    """Read from the table's final state, as a player would from its replay's last frame."""
    state = states.state_of(Table.objects.get(pk=table_id))
    zones = [card.zone for card in state.cards if card.owner == seat and card.slug == slug]
    return any(z != "deck" for z in zones), any(z in ("board", "graveyard", "stack") for z in zones)


@pytest.fixture
def three_tables(catalogue_db):
    """Ann hosts (Player 1) three tables against Bob: she wins the first (Bob resigns), loses the other two."""
    ann, bob = signed_in("ann"), signed_in("bob")
    return [finished_table(ann, bob, seed=seed, decisions=decisions, resigns=resigns)
            for seed, decisions, resigns in ((5, 30, bob), (6, 12, ann), (7, 20, ann))]


def test_a_cards_games_drawn_and_played_win_rates_with_counts_and_intervals(three_tables):
    release = Release.objects.get(current=True)
    for slug in sorted(ONLY_P1):
        row = stats.card_stats(slug, release)
        seen = [drawn_and_played(t, 0, slug) for t in three_tables]
        wins = [1.0, 0.0, 0.0]
        assert (row["release"], row["tables"], row["games"]) == ("playtest-1-0", 3, 3)
        assert row["overall"] == {"games": 3, "wins": 1.0, "win_rate": 0.3333, "interval": [0.0615, 0.7923]}
        for group, index, happened in (("drawn", 0, True), ("not_drawn", 0, False), ("played", 1, True),
                                       ("not_played", 1, False)):
            games = [w for s, w in zip(seen, wins) if s[index] is happened]
            expected = sum(games) / len(games) if games else None
            assert row[group]["games"] == len(games), (slug, group)
            assert row[group]["wins"] == sum(games)
            assert row[group]["win_rate"] == (round(expected, 4) if games else None)
            if games:
                low, high = row[group]["interval"]
                assert 0 <= low <= expected <= high <= 1
                assert (low, high) == stats.wilson(sum(games), len(games))
            else:
                assert row[group]["interval"] is None
    every = [stats.card_stats(slug, release) for slug in ONLY_P1]
    assert any(r["drawn"]["games"] for r in every) and any(r["played"]["games"] for r in every)
    assert any(r["not_drawn"]["games"] for r in every)  # a 40-odd card deck never draws all of it in 30 decisions


def test_each_release_counts_only_its_own_tables_and_a_new_table_is_counted(three_tables):
    slug = sorted(ONLY_P1)[0]
    publish_a_sturdier_hero()
    old, new = Release.objects.get(slug="playtest-1-0"), Release.objects.get(slug="playtest-1-1")
    assert stats.card_stats(slug, new)["games"] == 0
    cid, dee = signed_in("cid"), signed_in("dee")
    finished_table(cid, dee, seed=9, decisions=8, resigns=dee)
    assert (stats.card_stats(slug, new)["games"], stats.card_stats(slug, new)["overall"]["wins"]) == (1, 1.0)
    assert stats.card_stats(slug, old)["games"] == 3
    by_release = stats.card_stats_by_release(slug)
    assert [r["release"] for r in by_release] == ["playtest-1-1", "playtest-1-0"]


def test_the_card_page_and_the_api_show_the_rates_and_say_the_bias(three_tables, client):
    slug = sorted(ONLY_P1)[0]
    page = client.get(f"/cards/{slug}/").content.decode()
    assert "In people&#x27;s live games" in page or "In people's live games" in page
    assert "Playtest 1.0" in page and "of 3 tables" in page
    assert "cards drawn more in long games look better" in page and "control" in page
    body = client.get(f"/api/cards/{slug}/stats/").json()
    assert [r["release"] for r in body] == ["playtest-1-0"] and body[0]["games"] == 3
    assert "control cards" in body[0]["bias"]
    assert client.get(f"/api/cards/{slug}/stats/?release=nope").json()["code"] == "release_not_found"
    assert client.get("/api/cards/no-such-card/stats/").status_code == 404


def test_a_private_deck_or_a_pasted_list_adds_nothing_to_the_statistics(catalogue_db):
    """Its cards are its player's secret after the game too (rules/live/privacy.py): a tally of one table would
    tell the opponent which cards it ran."""
    from django.contrib.auth.models import User

    from decks import services as deck_services
    from decks.models import Visibility
    from tests.live.test_privacy import starter_counts

    ann, bob = signed_in("ann"), signed_in("bob")
    hero, counts = starter_counts("starter-dr-veylan")
    deck = deck_services.deck_create(owner=User.objects.get(username="ann"), name="Ann's", hero=hero, counts=counts,
                                     visibility=Visibility.PRIVATE)
    finished_table(ann, bob, seed=5, decisions=10, resigns=bob, deck=deck.pk)
    release = Release.objects.get(current=True)
    slug = sorted(ONLY_P1)[0]
    assert (stats.card_stats(slug, release)["tables"], stats.card_stats(slug, release)["games"]) == (1, 0)
    deck_services.deck_update(deck=deck, visibility=Visibility.PUBLIC)
    assert stats.card_stats(slug, release)["games"] == 1
