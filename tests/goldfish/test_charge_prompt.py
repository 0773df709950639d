"""The play page's words for the decision issue 35 added: how much of a card's charge to spend."""
from rules.play.payload import ACTION_GROUPS, prompt
from tests.rules.conftest import do, rules_catalogue, scenario


def test_the_page_asks_how_much_of_the_named_cards_charge_to_spend():
    g = scenario(rules_catalogue(), [{"hero": "dr-veylan", "board": [{"card": "tidewell-cell", "charge": 3}]}, None],
                 pyramid={"deck": ["the-pulse"]})
    do(g, "tap_charge", "tidewell-cell")
    said = prompt(g, g.view(0), seat=0)
    assert said == {"kind": "charge", "text": "Spend how much of Tidewell Cell's 3 charge as CE?"}
    assert {a.kind for a in g.legal_actions()} == {"spend_charge"} and ACTION_GROUPS["spend_charge"] == "Spend charge"
