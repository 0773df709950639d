"""The digest a game payload carries ("equal digests, equal games"): the engine's `GameState.digest()`, a hash of the
whole state's canonical JSON, computed at most once per saved version of a game.

It costs many times a decision (a whole `to_json`, a sorted `json.dumps` and a SHA-256: `make bench-roundtrip`), so
the play layer computes it only when a payload asks for it, and never twice for one version: a write that serialises
the state for its snapshot leaves that JSON here (`remember_snapshot`), to be hashed if the digest is asked for, and
the digest is then kept per version of the game, so a second response for the same version (a reload, a conflict's
answer, the computer with nothing to do, the replay of a finished game) takes it from there. The key holds the game's log length and last decision and the card data, so a row changed outside a
versioned write, or a game rebuilt under other cards, never meets another state's digest.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, Mapping

from cards.catalogue import DerivedCache
from rules.engine import GameState

DIGESTS = DerivedCache(maxsize=256)  # by digest_key(game, state): the digest, or the snapshot JSON to hash for it


def canonical_digest(data: Any) -> str:
    """Hash of the canonical JSON of `data` (sorted keys, no spaces): the engine's digest recipe."""
    blob = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:32]


def json_digest(snapshot: Mapping[str, Any]) -> str:
    """`GameState.digest()` of the state whose `to_json()` is `snapshot` (the event log is left out, as there)."""
    return canonical_digest({key: value for key, value in snapshot.items() if key != "events"})


def view_digest(view: dict) -> str:
    """Hash of what a seat is shown: what an unfinished game with hidden cards carries instead of the full digest."""
    return canonical_digest(view)


def digest_key(game, state: GameState) -> tuple:
    actions = game.actions
    return (game._meta.label, game.pk, game.version, len(actions), actions[-1] if actions else None,
            state.cat.data_hash)


def remember_snapshot(game, state: GameState, snapshot: Mapping[str, Any]) -> None:
    """Keep the JSON a write just serialised of `state` (its `to_json()`): the digest, if asked for, hashes it."""
    DIGESTS.put(digest_key(game, state), snapshot)


def game_digest(game, state: GameState) -> str:
    """The digest of `state`, the game's state at its saved version: kept, else from the snapshot JSON its write
    left, else from the state; computed once and kept."""
    key = digest_key(game, state)
    found = DIGESTS.get(key)
    if not isinstance(found, str):
        found = state.digest() if found is None else json_digest(found)
        DIGESTS.put(key, found)
    return found
