"""The lab's start form as a player reads it."""
import re

import pytest

pytestmark = pytest.mark.django_db


def test_the_printed_pyramid_is_listed_without_stray_separators(client, catalogue_db):
    html = client.get("/lab/").content.decode()
    legend = re.search(r"as printed: ([^;]*);", html).group(1)
    assert legend and not legend.rstrip().endswith(",")
    assert all(re.fullmatch(r"\d+ [\w' -]+", part) for part in legend.split(", ")), legend


def test_a_matchup_is_chosen_as_deck_a_and_deck_b_each_with_its_player(client, catalogue_db):
    html = client.get("/lab/", {"deck": ["starter-talah", "starter-lethan"], "kind": "matchup"}).content.decode()
    assert "{#" not in html and "#}" not in html   # no template comment shown as text
    deck_a = html.split('id="id_deck_a"')[1].split("</select>")[0]
    deck_b = html.split('id="id_deck_b"')[1].split("</select>")[0]
    assert '<option value="starter-talah" selected>' in deck_a
    assert '<option value="starter-lethan" selected>' in deck_b
    assert 'name="p1" id="id_p1_matchup"' in html and 'name="p2" id="id_p2_matchup"' in html
