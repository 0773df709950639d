"""The 360-game check: 30 seeded goldfish games of each starter deck with each bot (random, greedy), each reduced to
its final digest and a hash of its history, recorded in data/seeded_games.json.

A speed change must leave every one of these games exactly as it was; so must the compiled form of the engine
(rules/engine/native.py) against the plain one. Regenerate only after a deliberate rules or card-data change (and
say which in the commit):
    .venv/bin/python -m tests.rules.seeded_games
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

RECORD = Path(__file__).parent / "data" / "seeded_games.json"
BOTS = ("random", "greedy")
SEEDS = 30


def fingerprints() -> dict:
    """{"data_hash": ..., "games": {"bot/deck/seed": [digest, history hash]}} for the 360 games, as played now."""
    from rules.engine.catalogue import load_catalogue
    from rules.engine.simulate import goldfish_game, starter_deck

    catalogue = load_catalogue()
    games = {}
    for bot in BOTS:
        for slug in sorted(catalogue.starter_decks):
            deck = starter_deck(catalogue, slug)
            for seed in range(SEEDS):
                state = goldfish_game(catalogue, deck, seed=seed, bot=bot)
                history = hashlib.sha256("\n".join(state.action_ids).encode()).hexdigest()[:16]
                games[f"{bot}/{slug}/{seed}"] = [state.digest()[:16], history]
    return {"data_hash": catalogue.data_hash, "games": games}


def main() -> None:
    if sys.argv[1:] == ["--print"]:  # the games as this process plays them, for a test in another process
        print(json.dumps(fingerprints(), sort_keys=True))
        return
    RECORD.write_text(json.dumps(fingerprints(), indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {RECORD}", file=sys.stderr)


if __name__ == "__main__":
    main()
