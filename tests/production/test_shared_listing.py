"""The public deck list across server processes: what one process changes, every other one lists at once.

Two gunicorn servers (a worker each, so two processes) serve one database. The list of public decks caches the ids
a browse finds; a deck made private must leave it everywhere at once (every rendering checks visibility again, even
with a cache per process), and with the production cache, which every process shares, a newly public deck joins
every process's list at once too.
"""
import requests

from tests.production.servers import (  # noqa: F401 - fixtures
    prepared_database,
    start_server,
    static_root,
    token_session,
)

DECK_NAME = "Tide That Hides"


def listing(server) -> str:
    response = requests.get(server.url("/decks/"), timeout=30)
    assert response.status_code == 200, response.text[:500]
    return response.text


def new_deck(owner: requests.Session, server, visibility: str) -> dict:
    response = owner.post(server.url("/api/decks/"), timeout=30, json={
        "name": DECK_NAME, "hero": "dr-veylan", "visibility": visibility, "cards": []})
    assert response.status_code == 201, response.text
    return response.json()


def set_visibility(owner: requests.Session, server, deck: dict, visibility: str) -> None:
    response = owner.patch(server.url(f"/api/decks/{deck['id']}/"), json={"visibility": visibility}, timeout=30)
    assert response.status_code == 200, response.text


def test_a_deck_made_private_leaves_the_list_of_another_process_at_once(start_server, prepared_database, static_root):
    database = prepared_database.copy()
    # The worst case: each process with a cache of its own, as the default cache of a development server.
    first = start_server(database, workers=1, DJANGO_CACHE="locmem", DJANGO_STATIC_ROOT=static_root)
    second = start_server(database, workers=1, DJANGO_CACHE="locmem", DJANGO_STATIC_ROOT=static_root)
    owner = token_session(prepared_database.tokens["alice"])
    deck = new_deck(owner, first, "public")
    assert DECK_NAME in listing(second)  # the second process has now cached the browse's ids

    set_visibility(owner, first, deck, "private")
    assert DECK_NAME not in listing(second)
    assert DECK_NAME not in listing(first)


def test_the_production_cache_is_shared_so_a_new_public_deck_is_listed_by_every_process(
        start_server, prepared_database, static_root):
    database = prepared_database.copy()
    first = start_server(database, workers=1, DJANGO_STATIC_ROOT=static_root)  # no DJANGO_CACHE: the default
    second = start_server(database, workers=1, DJANGO_STATIC_ROOT=static_root)
    owner = token_session(prepared_database.tokens["alice"])
    deck = new_deck(owner, first, "private")
    assert DECK_NAME not in listing(second)  # cached by the second process, without the deck

    set_visibility(owner, first, deck, "public")
    assert DECK_NAME in listing(second)
