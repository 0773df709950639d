"""Deck pages: the public list, "my decks", a deck's permalink, its history, and the deckbuilder.

Views gather what a template shows from `decks.selectors` and hand writes to `decks.services`; the deckbuilder
itself talks to the JSON API from `decks/static/js/deckbuilder/` (builder.js and its parts).

One module per page family: `lists` (public decks, my decks, a player's page), `deck` (a deck's permalink, history,
proxies, fork/restore/delete), `deckbuilder`, `collection` (checklist, import, export), `community` (likes, tags,
comments); `decks/urls.py` routes to them.
"""
