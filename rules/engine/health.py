"""How a game ended, and the rules' health over many games (pure: no Django).

Every game ends with the Cataclysm, but it comes one of two ways: the four edges lock by themselves (the
rulebook's Cataclysm), or the Pyramid deck comes full circle and locks every edge still open (RULINGS 16), the rule
that exists only so that "Every game ends here" holds. A designer needs to tell them apart: a deck or rule set whose
games mostly end by the full circle is one whose games do not end by themselves. `ending` reads it from a finished
game's log; the result carries it (`scoring.result`), and the pages name it.
"""
from __future__ import annotations

from .state import State

FULL_CIRCLE = "full_circle"
EDGES_LOCKED = "edges_locked"
ENDING_TEXT = {
    EDGES_LOCKED: "The Cataclysm has passed: all four edges locked",
    FULL_CIRCLE: "The Cataclysm has passed by the full circle: the Pyramid deck's last card locked every edge "
                 "(RULINGS 16)",
}


def ending(g: State) -> str | None:
    """How a finished game ended (FULL_CIRCLE or EDGES_LOCKED); None while it goes on."""
    if g.phase != "over":
        return None
    for row in reversed(g.log_rows):   # back to the Pyramid flip (or the turn) that brought the Cataclysm
        kind = row[0]
        if kind == "full_circle":
            return FULL_CIRCLE
        if kind == "pyramid" or kind == "turn":
            break
    return EDGES_LOCKED


# ---------------------------------------------------------------- rules health over a study's games
HEALTH = "health"          # the tally's cell for the study's games (rules/engine/lab.py tallies)
NOT_ENDING = 0.5           # past this share of games ended by the full circle, the games do not end by themselves


def game_facts(g: State) -> dict:
    """What rules health reads from one finished game: its round, how it ended, discharges and decisions."""
    discharges = sum(1 for row in g.log_rows if row[0] == "discharge")
    return {"rounds": g.round, "ending": ending(g), "discharges": discharges, "decisions": len(g.history)}


def tally_game(tally: dict, heroes: tuple, facts: dict) -> None:
    """Add one game's facts to a study's tally (keys under `health`, per Hero under `health:<hero>`), so chunk
    tallies still add up exactly."""
    full = int(facts["ending"] == FULL_CIRCLE)
    counts = tally["counts"].setdefault(f"{HEALTH}/round", {})
    counts[str(facts["rounds"])] = counts.get(str(facts["rounds"]), 0) + 1
    sums = tally["sums"]
    for cell, name, value in ((HEALTH, "games", 1), (HEALTH, "full_circle", full),
                              (HEALTH, "discharges", facts["discharges"]), (HEALTH, "decisions", facts["decisions"])):
        sums[f"{cell}/{name}"] = sums.get(f"{cell}/{name}", 0) + value
    for hero in heroes:
        for name, value in (("games", 1), ("full_circle", full)):
            key = f"{HEALTH}:{hero}/{name}"
            sums[key] = sums.get(key, 0) + value


def summary(tally: dict, distribution) -> dict | None:
    """The study's rules health: the Cataclysm round's distribution, the share ended by the full circle (all games
    and per Hero), discharges and decisions a game, and flags for games that mostly do not end by themselves."""
    sums = tally["sums"]
    n = sums.get(f"{HEALTH}/games", 0)
    if not n:
        return None
    counts = tally["counts"].get(f"{HEALTH}/round", {})
    rounds = distribution([float(v) for v, k in counts.items() for _ in range(k)])
    share = round(sums[f"{HEALTH}/full_circle"] / n, 4)
    heroes = {}
    for key, games in sorted(sums.items()):
        if key.startswith(f"{HEALTH}:") and key.endswith("/games"):
            hero = key[len(HEALTH) + 1:-len("/games")]
            heroes[hero] = {"games": games, "full_circle_share": round(sums[f"{HEALTH}:{hero}/full_circle"] / games, 4)}
    flags = []
    if share > NOT_ENDING:
        flags.append({"code": "games_do_not_end", "message": f"{share:.0%} of the games ended by the full circle "
                      "(RULINGS 16): under these rules and decks most games do not end by themselves."})
    for hero, row in heroes.items():
        if row["full_circle_share"] > NOT_ENDING and share <= NOT_ENDING:
            flags.append({"code": "hero_games_do_not_end", "hero": hero, "message": f"{row['full_circle_share']:.0%} "
                          f"of the games with {hero} ended by the full circle: they mostly do not end by themselves."})
    return {"games": n, "cataclysm_round": rounds, "full_circle_share": share, "by_hero": heroes,
            "discharges_per_game": round(sums[f"{HEALTH}/discharges"] / n, 3),
            "decisions_per_game": round(sums[f"{HEALTH}/decisions"] / n, 1), "flags": flags}
