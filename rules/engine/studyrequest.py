"""What a designer asks the lab for (pure: no Django): one typed, immutable `StudyRequest` with its 17 fields.

Every entry point builds one from what it was given (the API's `StudyStartSerializer.to_request`, the lab page's
`StudyForm.to_request`, `manage.py simulate`, a balance report) and hands it to `rules.lab.services.start_study`; the
checks that read it (`build_study`) and the kinds' own inputs (`StudyKind.inputs`) take it whole. So each field's
default is written once, here (a study's players `cpu:hard` included), and so are the ranges it is checked against
(`games_error`, `target_width_error`): a new field is one line here and one in each entry point that offers it.

The request is not what a study stores: `build_study` turns it into the engine's description (its decks' cards, the
release's cards, the kind's own fields), the mapping that workers play. `from_json` reads the request back from that
stored mapping (any study saved before this class, too) or from `to_json`'s output.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Mapping, TypedDict

from .cpu import LEVELS

DEFAULT_PLAYER = "cpu:hard"       # who plays each deck of a matchup, a matrix or card impact against the field
DEFAULT_BOT = "greedy"            # who plays a goldfish deck
DEFAULT_SEATING = "side-by-side"
DEFAULT_GAMES = 1000              # what the page and the command offer (the API asks for it)
TARGET_WIDTH = (0, 1000)          # a `target_width` is more than the first, at most the second
PYRAMID_SIZE = (10, 100)          # cards in a study's own Pyramid deck: the full circle comes after this many rounds
BOT_WORDS = {"greedy": "the greedy player", "random": "the random player"}


@dataclasses.dataclass(frozen=True)
class StudyRequest:
    """A study as asked for, before any check against the decks, cards and limits (`build_study` does those)."""

    kind: str
    games: int
    decks: tuple[str, ...] = ()                  # deck ids or starter slugs, in order
    seed: int | None = None                      # None: a seed is drawn
    bot: str = DEFAULT_BOT
    p1: str = DEFAULT_PLAYER
    p2: str = DEFAULT_PLAYER
    variants: tuple[str, ...] = ()
    pyramid_deck: tuple[Mapping[str, Any], ...] = ()   # [{"card", "count"}]: none, the printed Pyramid deck
    seating: str = DEFAULT_SEATING
    errata: Any = None                           # {card slug: {field: value}}, checked by rules/engine/errata.py
    paired: bool = False
    teams: bool = False                          # a table of four: the first and third deck against the others
    target_width: float | None = None
    filler: str | None = None
    public: bool = False
    title: str = ""                              # "": the default title (`study_title`)

    def __post_init__(self):
        # lists as given by JSON or a form become tuples: the request cannot be changed on its way down
        for name in ("decks", "variants", "pyramid_deck"):
            object.__setattr__(self, name, tuple(getattr(self, name) or ()))

    def to_json(self) -> dict[str, Any]:
        """The request as JSON-able data (lists for tuples): `from_json` reads it back equal."""
        data = dataclasses.asdict(self)
        return {**data, "decks": list(self.decks), "variants": list(self.variants),
                "pyramid_deck": [dict(entry) for entry in self.pyramid_deck]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "StudyRequest":
        """A request from `to_json`'s output or from a stored study (rules/engine/lab.py's mapping, whose decks are
        entries {"name", "id", "hero", "cards"}: their ids, or their names where a study stored none). A field left
        out takes its default; keys that are not fields (the study's cards, its results) are ignored."""
        fields = {f.name for f in dataclasses.fields(cls)}
        values = {key: value for key, value in data.items() if key in fields}
        values["decks"] = tuple(d if isinstance(d, str) else str(d.get("id") or d["name"])
                                for d in data.get("decks") or ())
        return cls(**values)

    def replace(self, **changes: Any) -> "StudyRequest":
        return dataclasses.replace(self, **changes)

    def games_error(self, per_game: int, limit: int) -> str | None:
        """Why `games` is out of range (None: it is not), where each asked game plays `per_game` and a study plays
        at most `limit`."""
        games = self.games
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games * per_game <= limit:
            return f"A study plays from 1 to {limit:,} games in all"
        return None

    def target_width_error(self) -> str | None:
        width = self.target_width
        if width is None:
            return None
        if isinstance(width, bool) or not isinstance(width, (int, float)) \
                or not TARGET_WIDTH[0] < width <= TARGET_WIDTH[1]:
            return ("`target_width` is the 95% interval's width to stop at, in the question's units (0.02: two "
                    "points of win rate; Legacy or rounds for goldfish and Pyramid studies): more than "
                    f"{TARGET_WIDTH[0]}, at most {TARGET_WIDTH[1]}.")
        return None



class StudyDeck(TypedDict, total=False):
    name: str      # as the results name it (with its id when two decks share a name)
    id: str
    hero: str
    cards: list[str]


class Study(TypedDict, total=False):
    """What a study stores and every worker plays: built once from a `StudyRequest` by `build_study` (the site) or
    `goldfish_study` (rules/engine/lab.py), then JSON in the database and in each chunk's message. A kind may add
    its own keys (`StudyKind.inputs`); a study saved before a key existed lacks it, so readers use `.get`."""

    kind: str
    games: int
    seed: int
    decks: list[StudyDeck]
    seating: str
    variants: list[str]
    bot: str                        # goldfish and card impact
    p1: str                         # matchups, matrices, card impact against a field; a table's every seat
    p2: str
    filler: str                     # card impact
    pyramid_deck: list[dict]        # [{"card", "count"}]
    errata: dict                    # what-if errata, their `errata_diff` and whether `paired` (errata.py, paired.py)
    errata_diff: list[dict]
    paired: bool
    teams: bool                     # a table study (studytable.py): two against two
    target_width: float             # precision.py
    data_hash: str
    release: str | None
    cards: list[dict]               # the card data it plays (studydata.py)
    tables: str

def player_words(player: str | None) -> str:
    """A player as the pages say it: "cpu:hard" -> "the hard computer", "greedy" -> "the greedy player"."""
    if player in BOT_WORDS:
        return BOT_WORDS[player]
    level = (player or "").removeprefix("cpu:")
    if player and player.startswith("cpu:") and level in LEVELS:
        return f"the {LEVELS[level]['label'].lower()} computer"
    return str(player)


def players_words(study: Mapping[str, Any]) -> str:
    """"the greedy player vs the hard computer": who plays the first and the second deck of each pair."""
    return f"{player_words(study.get('p1'))} vs {player_words(study.get('p2'))}"
