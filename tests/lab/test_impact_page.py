"""A card impact study's page explains its table (issue 33): what "drawn vs not drawn" measures and how far it is
from the real effect, "played" only where it differs from "drawn", and a card the bot never played flagged as a
figure about the bot, not the card."""
from __future__ import annotations

import html
import re

import pytest

from rules.models import Simulation

pytestmark = pytest.mark.django_db


def row(card, name, one_copy, drawn, not_drawn, played=None, not_played=None):
    played = played or drawn
    not_played = not_played or not_drawn
    return {"card": card, "name": name, "copies": 2, "one_copy": one_copy, "drawn": drawn, "not_drawn": not_drawn,
            "played": played, "not_played": not_played}


RESULTS = {"games": 200, "measure": "legacy", "filler": "dark-current", "mean_measure": 41.2, "mean_legacy": 41.2,
           "cards": [
               row("kalen-vos", "Kalen Vos", {"mean": 16.0, "interval": [9.5, 22.5]},
                   {"games": 150, "mean": 61.0}, {"games": 50, "mean": -21.0}),
               row("chain-discharge", "Chain Discharge", {"mean": 0.4, "interval": [-1.2, 2.0]},
                   {"games": 120, "mean": 50.0}, {"games": 80, "mean": 30.0},
                   {"games": 0, "mean": None}, {"games": 200, "mean": 41.2}),
               row("dark-current", "Dark Current", None, {"games": 200, "mean": 41.2}, {"games": 0, "mean": None}),
           ]}


def impact_page(client) -> str:
    sim = Simulation.objects.create(kind="card_impact", title="Card impact", games=200, seed=1, status="done",
                                    is_public=True, engine="local", results=RESULTS,
                                    study={"kind": "card_impact", "games": 200, "seed": 1})
    return html.unescape(re.sub(r"<[^>]+>", "", client.get(sim.get_absolute_url()).content.decode()))


def test_a_card_the_bot_never_played_is_flagged_as_measuring_the_bot(client, catalogue_db):
    text = impact_page(client)
    chain = text[text.index("Chain Discharge"):text.index("Dark Current", text.index("Chain Discharge"))]
    assert "The goldfish bot never cast this Instant: its figure measures the bot, not the card." in chain
    kalen = text[text.index("Kalen Vos"):text.index("Chain Discharge")]
    assert "never" not in kalen and "as drawn" in kalen   # played in the games it was drawn: no second figure


def test_drawn_vs_not_drawn_is_explained_with_its_bias(client, catalogue_db):
    text = " ".join(impact_page(client).split())
    assert "Because long games draw more cards and score more, this gap is biased upward" in text
    # (82 - 16) and (20 - 0.4): the gap overstates the real effect by their mean
    assert "overstates the real effect by +42.80 on average" in text
    assert "for Kalen Vos: drawn vs not drawn +82.00, real effect +16.00" in text
    assert "one in twenty misses the true value by chance" in text
    assert "card_impact" not in text and "dark-current" not in text
    assert "Rules health" not in text   # stored before card impact tallied health: the page simply omits it
