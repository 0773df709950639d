"""`python manage.py match --deck A --vs B --games N --seed S --p1 P --p2 P [--json]`: deck against deck, by bots.

Each P is a player the engine knows (`cpu:easy`, `cpu:normal`, `cpu:hard`, `cpu:expert`, `greedy`, `random`): P1 plays deck A and
P2 deck B, the seats alternating game by game. `--decks a,b,c` plays every pair and prints the matrix. `--table a,b,c[,d]
[--teams]` seats three or four decks at one table (every rotation of the seats, `--games` games each, every seat played
by `--bot`) and reports per deck and per seat (`rules.engine.tablematch`); `--teams` plays the first and third deck
against the second and fourth. Decks are
starter slugs, Hero slugs or decklist files, as for `goldfish`. The games themselves: `rules.engine.match`.
"""
from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from rules.engine.bots import BOTS
from rules.engine.match import play_match, play_matrix
from rules.engine.tablematch import play_table

from .goldfish import engine_catalogue, resolve_deck

DRAWS_NOTE = "win rate counts a draw as half a win; interval: 95% Wilson"
TABLE_DRAWS_NOTE = "win rate counts a draw as each one's share of the game (half between two, a third among " \
    "three); interval: 95% Wilson"


def _percent(value: float) -> str:
    return f"{value * 100:.1f}%"


class Command(BaseCommand):
    help = "Play decks against each other with bots (CPU levels, greedy, random) and print win rates with intervals."

    def add_arguments(self, parser):
        parser.add_argument("--deck", help="Deck A (a starter slug, a Hero slug or a decklist file).")
        parser.add_argument("--vs", help="Deck B.")
        parser.add_argument("--decks", help="Several decks, comma-separated: every pair is played (a matrix).")
        parser.add_argument("--games", type=int, default=20, help="Games per pair and seating (default 20).")
        parser.add_argument("--seed", type=int, default=0, help="The match's seed: same seed, same games.")
        parser.add_argument("--p1", default="cpu:normal", help="Who plays deck A (or the row deck).")
        parser.add_argument("--p2", default="cpu:normal", help="Who plays deck B (or the column deck).")
        parser.add_argument("--seating", default="side-by-side", help="side-by-side (default) or diagonal.")
        parser.add_argument("--both-seatings", action="store_true", help="Play every game in both seatings.")
        parser.add_argument("--table", help="Three or four decks, comma-separated, at one table (every seat rotation).")
        parser.add_argument("--teams", action="store_true", help="With --table of four: first+third vs second+fourth.")
        parser.add_argument("--bot", default="cpu:normal", help="Who plays every seat of a --table.")
        parser.add_argument("--json", action="store_true", dest="as_json", help="Print exactly one JSON object.")

    def handle(self, *args, deck=None, vs=None, decks=None, games=20, seed=0, p1="cpu:normal", p2="cpu:normal",
               seating="side-by-side", both_seatings=False, as_json=False, table=None, teams=False, bot="cpu:normal",
               **options):
        if games < 1:
            raise CommandError(f"bad_games: --games must be at least 1 (got {games})")
        if table is not None or teams:
            self.stdout.write(run_table(table, teams=teams, bot=bot, games=games, seed=seed, as_json=as_json,
                                        others=deck or vs or decks))
            return
        for flag, name in (("--p1", p1), ("--p2", p2)):
            if name not in BOTS:
                raise CommandError(f"bad_player: {flag} '{name}' is not a player (choose from {', '.join(sorted(BOTS))})")
        catalogue, _source = engine_catalogue()
        known = sorted(catalogue.rulebook["seatings"])
        if seating not in known:
            raise CommandError(f"bad_seating: unknown seating '{seating}' (choose from {', '.join(known)})")
        seatings = tuple(known) if both_seatings else (seating,)
        if decks:
            names = [name.strip() for name in decks.split(",") if name.strip()]
            if len(names) < 2 or deck or vs:
                raise CommandError("bad_decks: --decks takes two or more decks, and not with --deck/--vs")
            specs = {}
            for name in names:
                spec, label, _kind = resolve_deck(catalogue, name)
                specs[label] = spec
            result = play_matrix(catalogue, specs, p1=p1, p2=p2, games=games, seed=seed, seatings=seatings)
            self.stdout.write(json.dumps(result, sort_keys=True) if as_json else format_matrix(result))
            return
        if not deck or not vs:
            raise CommandError("no_decks: give --deck A --vs B, or --decks a,b,c")
        spec_a, name_a, _ = resolve_deck(catalogue, deck)
        spec_b, name_b, _ = resolve_deck(catalogue, vs)
        result = play_match(catalogue, spec_a, spec_b, p1=p1, p2=p2, games=games, seed=seed, seatings=seatings)
        result.update(deck=name_a, vs=name_b)
        self.stdout.write(json.dumps(result, sort_keys=True) if as_json else format_match(result))


def format_match(r: dict) -> str:
    low, high = r["interval"]
    return "\n".join([
        f"{r['deck']} ({r['p1']}) vs {r['vs']} ({r['p2']}) — {r['games']} games, seats alternating, "
        f"seating {', '.join(r['seatings'])}, seed {r['seed']}",
        f"  {r['deck']}: {r['wins']} wins, {r['losses']} losses, {r['draws']} draws",
        f"  win rate {_percent(r['win_rate'])} (95% interval {_percent(low)}–{_percent(high)}; {DRAWS_NOTE})",
        f"  mean Legacy {r['mean_legacy_a']} against {r['mean_legacy_b']}",
        f"  rounds {r['rounds']['mean']} (min {r['rounds']['min']}, max {r['rounds']['max']}), "
        f"decisions {r['decisions']['mean']} (min {r['decisions']['min']}, max {r['decisions']['max']})",
    ])


def format_matrix(r: dict) -> str:
    names = r["decks"]
    width = max(len(n) for n in names) + 2
    lines = [f"Matrix: row deck ({r['p1']}) against column deck ({r['p2']}), {r['games_per_pair']} games a pair per "
             f"seating, seed {r['seed']} — {DRAWS_NOTE}", ""]
    lines.append(" " * width + "".join(f"{n[:18]:>22}" for n in names) + f"{'overall':>22}")
    for a in names:
        row = f"{a:<{width}}"
        for b in names:
            if a == b:
                row += f"{'—':>22}"
            else:
                c = r["cells"][a][b]
                row += f"{_percent(c['win_rate']) + ' (' + _percent(c['interval'][0]) + '–' + _percent(c['interval'][1]) + ')':>22}"
        o = r["overall"][a]
        row += f"{_percent(o['win_rate']) + ' (' + _percent(o['interval'][0]) + '–' + _percent(o['interval'][1]) + ')':>22}"
        lines.append(row)
    return "\n".join(lines)


def run_table(table: str | None, *, teams: bool, bot: str, games: int, seed: int, as_json: bool, others) -> str:
    """`--table a,b,c[,d] [--teams]`: check the input (a CommandError with a code for anything wrong), play it."""
    if not table:
        raise CommandError("bad_table: --teams goes with --table a,b,c,d (four decks)")
    if others:
        raise CommandError("bad_table: --table plays one table, not with --deck/--vs/--decks")
    names = [name.strip() for name in table.split(",")]
    if any(not name for name in names):
        raise CommandError(f"bad_table: an empty deck name in --table '{table}'")
    if len(names) not in (3, 4):
        raise CommandError(f"bad_table_size: a table seats three or four decks (got {len(names)})")
    if teams and len(names) != 4:
        raise CommandError(f"bad_teams: --teams plays two against two and needs four decks (got {len(names)})")
    if bot not in BOTS:
        raise CommandError(f"bad_player: --bot '{bot}' is not a player (choose from {', '.join(sorted(BOTS))})")
    catalogue, _source = engine_catalogue()
    specs, labels = [], []
    for name in names:
        spec, label, _kind = resolve_deck(catalogue, name)   # an unknown deck: its own CommandError
        specs.append(spec)
        labels.append(label)
    result = play_table(catalogue, specs, names=_unique(labels), bot=bot, games=games, seed=seed, teams=teams)
    return json.dumps(result, sort_keys=True) if as_json else format_table(result)


def _unique(labels: list[str]) -> list[str]:
    """The same deck twice at a table is two players: number the repeats ("x", "x #2")."""
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label} #{seen[label]}")
    return out


def format_table(r: dict) -> str:
    kind = "two against two" if r["teams"] else f"{len(r['decks'])} players, every one for themself"
    lines = [f"Table of {len(r['decks'])} ({kind}), every seat played by {r['bot']}: {r['games']} games "
             f"({r['games_per_rotation']} in each of {r['rotations']} seat rotations), seed {r['seed']} — {TABLE_DRAWS_NOTE}"]
    groups = [("deck", r["per_deck"]), ("seat", r["per_seat"])] + ([("team", r["per_team"])] if r["teams"] else [])
    for title, cells in groups:
        lines.append(f"  by {title}:")
        for name, c in cells.items():
            low, high = c["interval"]
            lines.append(f"    {name}: {c['wins']} wins, {c['draws']} draws, {c['losses']} losses — win rate "
                         f"{_percent(c['win_rate'])} ({_percent(low)}–{_percent(high)}), mean Legacy {c['mean_legacy']}")
    lines.append(f"  rounds {r['rounds']['mean']} (min {r['rounds']['min']}, max {r['rounds']['max']}), "
                 f"decisions {r['decisions']['mean']} (min {r['decisions']['min']}, max {r['decisions']['max']})")
    return "\n".join(lines)
