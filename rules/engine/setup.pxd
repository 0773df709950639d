# The compiled form's declarations of setup.py (rules/engine/native.py): it declares nothing of its own, and
# cimports the set-up steps of decks.pxd, so that `new_game` calls them in C (once per card of both decks).
from rules.engine.decks cimport add_card, add_cards, check_deck, id_order
