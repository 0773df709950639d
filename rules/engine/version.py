"""The engine's version: saved games and records carry it, and load only under the same major version.

1.1.0 (issue 31): each deck's cards take their numbers in an order drawn from the seed, no longer in decklist order
(decks.add_cards); a game saved by 1.0.0 is rebuilt with the numbering it was played with (decks.card_ids_for).
"""
ENGINE_VERSION = "1.1.0"
