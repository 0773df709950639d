"""Golden playthroughs: fixed-seed random games written out as text, to catch any change in the rules' outcome.

Regenerate after an intended rules change (and review the diff):
    .venv/bin/python -m tests.rules.golden_games
"""
from __future__ import annotations

import sys
from pathlib import Path

from rules.engine import new_game
from rules.engine.rng import Rng

GOLDEN_DIR = Path(__file__).parent / "golden"

# name -> (seed, seating, opponent is the goldfish?)
GAMES = {
    "goldfish_seed1": (1, "side-by-side", True),
    "duel_side_by_side_seed2": (2, "side-by-side", False),
    "duel_diagonal_seed3": (3, "diagonal", False),
    "table_three_players_seed4": (4, "three-players", False),   # RULINGS 41–47: a table of three
    "table_two_against_two_seed5": (5, "two-against-two", False),
}


def playthrough(cat, name: str) -> str:
    """Play a golden game with a seeded chooser (not Python's random) and write its log."""
    from tests.rules.conftest import basic_deck, lemurian_deck
    seed, seating, goldfish = GAMES[name]
    decks = [basic_deck(), None if goldfish else lemurian_deck()]
    players = len(g_seats(cat, seating))
    if players > 2:   # a table: the two decks alternate around it
        decks = [basic_deck() if p % 2 == 0 else lemurian_deck() for p in range(players)]
    g = new_game(cat, decks, seating=seating, seed=seed)
    chooser = Rng.from_seed(seed * 7919 + 1)
    kind = "goldfish" if goldfish else "two decks" if players == 2 else f"{players} decks"
    lines = [f"# golden game {name}: seed {seed}, {seating}, {kind}"]
    shown = 0
    while not g.is_over:
        actions = g.legal_actions()
        action = actions[chooser.below(len(actions))]
        lines.append(f">> P{action.player + 1} {action.id} | {action.label}")
        g.apply(action)
        events = g.events
        for event in events[shown:]:
            lines.append(f"   [{event['round']}.{event['turn']}] {event['text']}")
        shown = len(events)
    result = g.result()
    lines.append(f"RESULT legacy={result['legacy']} winner={result['winner']} tiebreak={result['tiebreak']} "
                 f"eliminated={result['eliminated']}")
    if players > 2:
        lines.append(f"TABLE winners={result['winners']} team_legacy={result.get('team_legacy')}")
    for p, rows in enumerate(result["breakdown"]):
        for row in rows:
            lines.append(f"  P{p + 1} {row['name']}: {row['value']} ({row['reason']})")
    lines.append(f"DIGEST {g.digest()}")
    return "\n".join(lines) + "\n"


def g_seats(cat, seating: str) -> tuple:
    """The seats a seating fills."""
    from rules.engine.tables import tables
    return tables(cat).seatings[seating]


def main() -> None:
    from tests.rules.conftest import rules_catalogue
    cat = rules_catalogue()
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name in GAMES:
        (GOLDEN_DIR / f"{name}.txt").write_text(playthrough(cat, name), encoding="utf-8")
        print(f"wrote {GOLDEN_DIR / name}.txt", file=sys.stderr)


if __name__ == "__main__":
    main()
