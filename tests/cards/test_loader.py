"""Loading the data files is idempotent, follows edits, keeps art; exporting writes the same data back."""
import shutil

import pytest
import yaml
from django.core.management import CommandError, call_command

from cards.catalogue import clear_cache, get_catalogue, read_files
from cards.models import Ability, Card, CardCost, Faction, Keyword
from cards.services import CatalogueDataError, card_refresh_derived, export_catalogue, load_catalogue
from rules.engine.catalogue import DATA_DIR, read_data
from rules.engine.catalogue import load_catalogue as compile_files
from tests.cards.catalogue_data import make_data_dir, small_catalogue, small_data_dir  # noqa: F401 - fixtures


def counts():
    return {model.__name__: model.objects.count() for model in (Card, CardCost, Ability, Faction, Keyword)}


def snapshot():
    return {c.slug: (c.content_hash, c.updated_at, c.text) for c in Card.objects.all()}


def edit_cards(data_dir, change):
    path = data_dir / "cards.yaml"
    data = yaml.safe_load(path.read_text())
    change({card["name"]: card for card in data["cards"]}, data["cards"])
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


def test_loading_twice_changes_nothing(small_catalogue):
    before, state = counts(), snapshot()
    report = load_catalogue(small_catalogue)
    assert not report.changed and report.unchanged == len(state)
    assert counts() == before and snapshot() == state


def test_loading_fills_every_table_from_the_files(small_catalogue):
    files = compile_files(small_catalogue)
    assert Card.objects.count() == len(files.cards)
    assert Keyword.objects.count() == len(files.keywords)
    assert Faction.objects.count() == len(files.rulebook["factions"])
    assert set(Faction.objects.get(slug="lemurian-otf").energy_types.values_list("code", flat=True)) == {"LR", "DR"}
    assert CardCost.objects.filter(card__slug="deep-singer").count() == 3


def test_reloading_an_edited_file_updates_only_that_card(small_catalogue):
    state = snapshot()

    def change(by_name, cards):
        by_name["Kalen Vos"]["abilities"][1]["amount"] = 2
        by_name["Kalen Vos"]["cost"] = {"DC": 2}
    edit_cards(small_catalogue, change)

    report = load_catalogue(small_catalogue)
    assert report.updated == ["kalen-vos"] and not report.created
    kalen = Card.objects.get(slug="kalen-vos")
    assert "Use (1DC): Strike 2 — deal 2 damage" in kalen.text
    assert kalen.cost == {"DC": 2} and kalen.cost_total == 2
    assert kalen.abilities.count() == 2 and kalen.content_hash != state["kalen-vos"][0]
    assert {slug: s for slug, s in snapshot().items() if slug != "kalen-vos"} == {
        slug: s for slug, s in state.items() if slug != "kalen-vos"}


def test_reloading_keeps_uploaded_art_and_the_hash_follows_it(small_catalogue):
    Card.objects.filter(slug="kalen-vos").update(art="card-art/kalen.png")
    card_refresh_derived(Card.objects.get(slug="kalen-vos"))
    with_art = Card.objects.get(slug="kalen-vos").content_hash
    assert not load_catalogue(small_catalogue).changed

    edit_cards(small_catalogue, lambda by_name, cards: by_name["Kalen Vos"].update(flavor="New words."))
    load_catalogue(small_catalogue)
    kalen = Card.objects.get(slug="kalen-vos")
    assert kalen.art.name == "card-art/kalen.png" and kalen.flavor == "New words."
    assert kalen.content_hash != with_art


def test_cards_missing_from_the_files_are_kept_unless_pruned(small_catalogue):
    edit_cards(small_catalogue, lambda by_name, cards: cards.remove(by_name["Heartstone"]))
    report = load_catalogue(small_catalogue)
    assert report.missing == ["heartstone"] and Card.objects.filter(slug="heartstone").exists()
    report = load_catalogue(small_catalogue, prune=True)
    assert report.pruned == ["heartstone"] and not Card.objects.filter(slug="heartstone").exists()


@pytest.mark.parametrize("change, fragment", [
    (lambda by_name: by_name["Kalen Vos"]["abilities"][0].update(keyword="smite"), "unknown keyword 'smite'"),
    (lambda by_name: by_name["Kalen Vos"]["abilities"][0].update(target="moon"), "unknown target 'moon'"),
    (lambda by_name: by_name["Kalen Vos"]["abilities"][0].update(trigger="dusk"), "unknown trigger 'dusk'"),
    (lambda by_name: by_name["Kalen Vos"].update(faction="atlantean-pirate"), "atlantean-pirate"),
    (lambda by_name: by_name["Kalen Vos"].update(cost={"XX": 1}), "XX"),
])
def test_bad_data_is_refused_with_the_card_named(small_catalogue, change, fragment):
    state = snapshot()
    edit_cards(small_catalogue, lambda by_name, cards: change(by_name))
    with pytest.raises(CatalogueDataError) as caught:
        load_catalogue(small_catalogue)
    assert fragment in str(caught.value)
    with pytest.raises(CommandError):
        call_command("load_catalogue", data_dir=str(small_catalogue), verbosity=0)
    assert snapshot() == state


def test_export_over_the_files_rewrites_them_byte_for_byte(small_catalogue, tmp_path):
    out = shutil.copytree(small_catalogue, tmp_path / "out")
    export_catalogue(out)
    for name in ("cards.yaml", "pyramid.yaml"):
        assert (out / name).read_text() == (small_catalogue / name).read_text(), name


def test_export_into_an_empty_file_writes_loadable_yaml(small_catalogue, tmp_path):
    out = make_data_dir(tmp_path / "out")
    (out / "cards.yaml").write_text("cards: []\n")
    export_catalogue(out)
    assert dict(compile_files(out).cards) == dict(compile_files(small_catalogue).cards)


def test_export_round_trip_of_the_real_card_set(db, tmp_path):
    source = make_data_dir(tmp_path / "source", DATA_DIR / "cards.yaml")
    load_catalogue(source)
    out = tmp_path / "out"
    shutil.copytree(source, out)
    export_catalogue(out)
    assert dict(compile_files(out).cards) == dict(compile_files(source).cards)
    assert (out / "cards.yaml").read_text().startswith((source / "cards.yaml").read_text().split("cards:")[0])
    assert not load_catalogue(out).changed


def test_admin_edits_regenerate_text_and_hash(small_catalogue):
    kalen = Card.objects.get(slug="kalen-vos")
    old_hash = kalen.content_hash
    Ability.objects.filter(card=kalen, order=0).update(amount=3)
    kalen = card_refresh_derived(kalen)
    assert kalen.text.startswith("When card enters play: Strike 3 — deal 3 damage")
    assert kalen.abilities.get(order=0).text == kalen.text.split("\n")[0]
    assert kalen.content_hash != old_hash


def test_the_database_catalogue_matches_the_files_and_follows_edits(small_catalogue, django_assert_num_queries):
    clear_cache()
    catalogue = get_catalogue()
    assert dict(catalogue.cards) == dict(compile_files(small_catalogue).cards)
    assert len(catalogue.pyramid_deck) == len(compile_files(small_catalogue).pyramid_deck)
    with django_assert_num_queries(1):
        assert get_catalogue() is catalogue

    kalen = Card.objects.get(slug="kalen-vos")
    Ability.objects.filter(card=kalen, order=0).update(amount=3)
    card_refresh_derived(kalen)
    assert get_catalogue()["kalen-vos"].abilities[0].amount == 3


def test_the_command_prints_a_summary(small_catalogue, capsys):
    call_command("load_catalogue", data_dir=str(small_catalogue))
    out = capsys.readouterr().out
    assert f"{Card.objects.count()} unchanged" in out


def test_the_fast_reader_reads_what_the_engine_reads(small_data_dir):
    assert read_files(small_data_dir) == read_data(small_data_dir)
    assert read_files(DATA_DIR) == read_data(DATA_DIR)
