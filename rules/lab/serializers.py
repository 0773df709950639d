"""Shapes of the lab API (`/api/simulations/`): the request that starts a study and the study as it stands."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from rules.engine.studydata import public_study
from rules.engine.studykinds import KINDS, STUDY_KINDS
from rules.engine.studyrequest import DEFAULT_BOT, DEFAULT_PLAYER, DEFAULT_SEATING, StudyRequest
from rules.lab.evidence import applied
from rules.lab.releases import release_slug
from rules.lab.services import progress


class PyramidEntrySerializer(serializers.Serializer):
    card = serializers.CharField(max_length=60, help_text="A Pyramid card's slug, e.g. the-pulse.")
    count = serializers.IntegerField(min_value=0, max_value=100)


@extend_schema_field({"type": "object", "nullable": True, "minProperties": 1,
                     "additionalProperties": {"type": "object", "minProperties": 1}})
class ErrataField(serializers.JSONField):
    """A study's errata: {card slug: {field: value}}, or null for none (as leaving the key out). The schema says
    what the server takes: a JSON object of non-empty objects or null; anything else is 400 `bad_errata` with its
    path (rules/engine/errata.py checks the rest)."""


class StudyStartSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=KINDS, help_text="; ".join(
        f"{name}: {kind.summary}" for name, kind in STUDY_KINDS.items()) + ".")
    deck = serializers.CharField(required=False, help_text="A deck id or starter slug (goldfish; or the first deck).")
    decks = serializers.ListField(child=serializers.CharField(), required=False, max_length=8,
                                  help_text="Deck ids or starter slugs (matchup: two; matrix: two to eight; table: three or four, "
                                  "in seat order of the first rotation).")
    vs = serializers.CharField(required=False, help_text="The second deck of a matchup (with `deck`).")
    games = serializers.IntegerField(help_text="Games (per pair of decks for a matrix, per seat rotation for a table).")
    seed = serializers.IntegerField(required=False, allow_null=True, help_text="Same inputs and seed, same numbers.")
    bot = serializers.CharField(required=False, default=DEFAULT_BOT, help_text="goldfish: greedy or random.")
    p1 = serializers.CharField(required=False, default=DEFAULT_PLAYER, help_text=(
        "Plays the first deck of each pair (a table: plays at every seat)."))
    p2 = serializers.CharField(required=False, default=DEFAULT_PLAYER, help_text="Plays the second deck of each pair.")
    variants = serializers.ListField(child=serializers.CharField(), required=False, default=list,
                                     help_text="Rule variants by slug (decks/data/variants.yaml).")
    variant = serializers.CharField(required=False, help_text="One rule variant (the same as `variants: [it]`).")
    pyramid_deck = PyramidEntrySerializer(many=True, required=False, max_length=20, help_text=(
        "A Pyramid composition to study instead of the printed deck (10-100 cards), played as the named variant "
        "`study-pyramid`; not with a variant that brings its own Pyramid deck."))
    seating = serializers.CharField(required=False, default=DEFAULT_SEATING)
    errata = ErrataField(required=False, allow_null=True, default=None, help_text=(
        "What-if errata (null or left out: none), played as the named variant `study-errata` without touching the "
        "catalogue: "
        "{card slug: {field: value}}, any field of cards/data/SCHEMA.md that the engine plays for the card's type; "
        "`abilities` a new list or {ability number (1-based): {field: value}}. Bad errata, and a field the engine "
        "would not play (a Person's `hp` comes from its rarity; equipment's, an Energy card's, a Hero's or a Pyramid "
        "card's `cost`; `produces` but on an Energy card): 400 `bad_errata` naming the path and why."))
    paired = serializers.BooleanField(required=False, default=False, help_text=(
        "With errata (goldfish or matchup): play the same seeds with and without them and report both results "
        "and their difference with a 95% interval."))
    teams = serializers.BooleanField(required=False, default=False, help_text=(
        "table, four decks: two against two, the first and third deck (partners in diagonal seats) against the "
        "second and fourth; any other study: 400 `bad_teams`."))
    filler = serializers.CharField(required=False, allow_null=True, default=None, max_length=60, help_text=(
        "card_impact: the card that replaces a copy taken out (default: the deck's most-run Energy card)."))
    target_width = serializers.FloatField(required=False, allow_null=True, default=None, help_text=(
        "Stop when answered: the study ends as soon as the 95% interval of its question (win rate; mean Legacy, mean "
        "round; the paired difference) is this narrow, in the question's units, and reports the games it saved."))
    public = serializers.BooleanField(required=False, default=False, help_text="Anyone with the link may read it.")
    title = serializers.CharField(required=False, allow_blank=True, max_length=200, default="")

    def to_request(self) -> StudyRequest:
        """The validated body as the lab's one request: `deck`, `decks` and `vs` as one list of decks, `variant`
        after `variants`."""
        data = self.validated_data
        decks = ([data["deck"]] if data.get("deck") else []) + list(data.get("decks") or []) + (
            [data["vs"]] if data.get("vs") else [])
        variants = list(data.get("variants") or []) + ([data["variant"]] if data.get("variant") else [])
        return StudyRequest(
            kind=data["kind"], decks=tuple(decks), games=data["games"], seed=data.get("seed"), bot=data["bot"],
            p1=data["p1"], p2=data["p2"], variants=tuple(variants), pyramid_deck=data.get("pyramid_deck") or (),
            seating=data["seating"], errata=data.get("errata"), paired=data["paired"], teams=data["teams"],
            target_width=data.get("target_width"), filler=data.get("filler"), public=data["public"],
            title=data["title"])


class StudySerializer(serializers.Serializer):
    id = serializers.CharField()
    url = serializers.CharField(help_text="The study's page.")
    kind = serializers.CharField()
    title = serializers.CharField()
    status = serializers.ChoiceField(choices=["queued", "running", "done", "failed", "cancelled"])
    progress = serializers.FloatField(help_text="0..1")
    games = serializers.IntegerField()
    games_done = serializers.IntegerField()
    games_per_second = serializers.FloatField(allow_null=True)
    seconds_left = serializers.FloatField(allow_null=True)
    engine = serializers.CharField(help_text="celery (workers on the broker) or local (the embedded process pool)")
    public = serializers.BooleanField()
    release = serializers.CharField(allow_null=True, help_text=(
        "The slug of the release whose cards the study played: the one current when it started (null: played "
        "before releases). Its games always play those cards, resumed or re-run after any later release."))
    applied_to_draft = serializers.ListField(child=serializers.CharField(), help_text=(
        "The cards whose errata staff added to the draft from this paired study (its evidence; [] for none)."))
    study = serializers.JSONField(help_text="The inputs: kind, decks, players, seed, games, variants, seating.")
    results = serializers.JSONField(allow_null=True, help_text="Once done: distributions, win rates with 95% "
                                    "intervals, means (their shape depends on the kind).")
    error = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


def simulation_data(sim) -> dict:
    return {"id": sim.pk, "url": sim.get_absolute_url(), "kind": sim.kind, "title": sim.title,
            "status": sim.status, "engine": sim.engine, "public": sim.is_public, "release": release_slug(sim),
            # only a paired errata study can have been added to the draft: no query for the others
            "applied_to_draft": [row.card for row in applied(sim)] if sim.study.get("paired") else [],
            "study": public_study(sim.study),
            "results": sim.results, "error": sim.error, "created_at": sim.created_at,
            "finished_at": sim.finished_at, **progress(sim)}
