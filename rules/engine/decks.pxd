# The compiled form's declarations of decks.py (rules/engine/native.py): the set-up steps a game's start calls for
# each deck and each card, as C functions that setup.pxd cimports, so that setting a game up calls them in C.
# (seat_players holds a generator expression, which a cpdef function cannot: it stays a Python-level call.)
from rules.engine.state cimport State

cpdef check_deck(State g, spec, p)

cpdef add_card(State g, slug, owner, zone)

cpdef add_cards(State g, list slugs, owner, list zones, order)

cpdef id_order(State g, card_ids)
