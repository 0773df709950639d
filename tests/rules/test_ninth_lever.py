"""Issue 35's ninth lever: fields the compiled form declares with a C type (tables.pxd, model.pxd) so that they are
read at fixed offsets. Such a field refuses (TypeError) or converts a value of another type, and the plain form,
which the engine falls back to, would not: so each must hold exactly that type in the plain form too, for every card
of the catalogue (the Pyramid's included), or the two forms could stop playing the same games.

- CardInfo's flags (bints: Python reads them back as True or False), its offer code (a C long), its requirements and
  ability indexes (tuples), its abilities (AbilityInfo, each copying its catalogue Ability field for field);
- a Card's definition (a CardInfo).
"""
from __future__ import annotations

import pytest

from rules.engine.catalogue import Ability
from rules.engine.setup import new_game
from rules.engine.tables import HAND_CODES, AbilityInfo, CardInfo, tables

FLAGS = ("holds_charge", "is_equipment", "inert", "is_battery", "is_scene", "is_hero", "can_boost", "absorbs",
         "is_character")
TUPLES = ("req", "abilities", "use", "reaction", "enters", "passive_start", "passive_cont", "instant")


@pytest.fixture(scope="module")
def infos(catalogue):
    return list(tables(catalogue).info.values())   # every card of the catalogue, the Pyramid's included


def test_every_flag_is_a_bool_and_every_index_a_tuple(infos):
    assert len(infos) > 100
    for info in infos:
        assert isinstance(info, CardInfo)
        for name in FLAGS:
            assert type(getattr(info, name)) is bool, (info.slug, name)
        for name in TUPLES:
            assert type(getattr(info, name)) is tuple, (info.slug, name)
        assert type(info.hand_code) is int and 0 <= info.hand_code <= max(HAND_CODES.values()), info.slug


def test_an_ability_as_the_engine_reads_it_is_the_printed_one(infos, catalogue):
    seen = 0
    for info in infos:
        printed = catalogue.cards[info.slug].abilities
        assert len(info.abilities) == len(printed)
        for mine, theirs in zip(info.abilities, printed):
            assert isinstance(mine, AbilityInfo) and isinstance(theirs, Ability)
            assert mine.printed is theirs
            for name in ("trigger", "keyword", "amount", "target", "cost", "synergy"):
                assert getattr(mine, name) == getattr(theirs, name), (info.slug, name)
            assert mine.as_dict() == theirs.as_dict()
            seen += 1
    assert seen > 100


def test_every_card_of_a_game_holds_its_definition(catalogue, decks):
    g = new_game(catalogue, decks[:2], seed=3)
    assert g.cards
    for card in g.cards:
        assert isinstance(card.info, CardInfo) and card.info.slug == card.slug
