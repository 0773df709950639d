"""What live tables borrow from the goldfish and versus games, in one place.

A table is stored and replayed exactly like a versus game, and shown in the same JSON shape, so it reuses their
public functions rather than copying them; the rest of `rules.live` imports them from here only.
"""
from __future__ import annotations

from rules.play.actors import SESSION_TOKEN, Actor, actor_for  # noqa: F401 - re-exported
from rules.play.decks import (  # noqa: F401 - re-exported
    INVALID_DECK,
    MAX_SEED,
    checked_deck,
    clean_seating,
    clean_seed,
    clean_variants,
    deck_input,
    deck_spec,
    playable_decks_of,
    starter_decks,
    variant_choices,
    variant_rows,
)
from rules.play.payload import (  # noqa: F401 - re-exported
    board_for,
    card_entries,
    card_index,
    describe_action,
    prompt,
    view_digest,
)
from rules.play.serializers import (  # noqa: F401 - re-exported: the request and response shapes a table shares
    ActionSerializer,
    ActSerializer,
    CardEntrySerializer,
    EventSerializer,
    FrameSerializer,
    PromptSerializer,
    StartSerializer,
    StepSerializer,
)
from rules.play.store import (  # noqa: F401 - re-exported
    GAME_OVER,
    ILLEGAL_ACTION,
    conditional_update,
    load_state,
    log_fields,
    replay_game,
)
from rules.play.store import replay_steps as goldfish_replay  # noqa: F401 - re-exported
