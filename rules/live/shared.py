"""What live tables borrow from the goldfish and versus games, in one place.

A table is stored and replayed exactly like a versus game, and shown in the same JSON shape, so it reuses their
public functions rather than copying them; the rest of `rules.live` imports them from here only.
"""
from __future__ import annotations

from rules.selectors import (  # noqa: F401 - re-exported
    SESSION_TOKEN, actor_for, card_entries, card_index, deck_input, describe_action, playable_decks_of, prompt,
    starter_decks, variant_choices, variant_rows,
)
from rules.services import (  # noqa: F401 - re-exported
    GAME_OVER, ILLEGAL_ACTION, INVALID_DECK, MAX_SEED, Actor, action_log, checked_deck, clean_seating, clean_seed,
    clean_variants, deck_spec, goldfish_replay, load_state, snapshot_due,
)
from rules.versus_selectors import view_digest  # noqa: F401 - re-exported
from rules.serializers import (  # noqa: F401,E402 - re-exported: the request and response shapes a table shares
    ActionSerializer, CardEntrySerializer, EventSerializer, FrameSerializer, PromptSerializer, StartSerializer,
    StepSerializer,
)
