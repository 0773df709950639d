"""The card face renderer: real PNGs of the right size, drawn from data, deterministic, text always inside the box."""
import io

import pytest
from PIL import Image

from cards.render import SIZES, fit_rules_text, render_card, type_line
from rules.engine.catalogue import compile_catalogue, read_data

FACTIONS = [
    "atlantean-fanatic", "atlantean-conservative", "atlantean-otf",
    "lemurian-fanatic", "lemurian-conservative", "lemurian-otf",
]
STRIKE = {"trigger": "use", "keyword": "strike", "amount": 1, "target": "character", "cost": {"DC": 1}}


def person(name, faction="atlantean-fanatic", abilities=(STRIKE,), **extra):
    energy = {"atlantean": "DC", "lemurian": "DR"}[faction.split("-")[0]]
    return {"name": name, "type": "person", "faction": faction, "rarity": "common", "cost": {energy: 1, "CE": 1},
            "abilities": list(abilities), **extra}


@pytest.fixture(scope="module")
def catalogue():
    """A catalogue of test cards compiled with the real rulebook and keywords (independent of cards.yaml)."""
    data = read_data()
    pyramid = [c for c in data["cards"] if c["type"] == "pyramid"]
    cards = [person(f"Test {f}", f) for f in FACTIONS]
    cards += [
        person("Kalen Test", flavor="The first to hear the Pyramid hum."),
        person("Verbose Test", abilities=[STRIKE] * 6, flavor="Too much to say."),
        person("Endless Test", abilities=[STRIKE] * 40),
        {"name": "Test Battery", "type": "battery", "rarity": "rare", "cost": {"CE": 6}},
        {"name": "Test Scene", "type": "scene", "faction": "lemurian-conservative", "rarity": "uncommon",
         "cost": {"LR": 1, "CE": 2}},
    ]
    return compile_catalogue({**data, "cards": cards + pyramid})


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def frame_pixel(image: Image.Image):
    """A pixel of the frame's left edge, halfway down (between the border and the art box)."""
    return image.getpixel((14, image.height // 2))


@pytest.mark.parametrize("size", ["full", "thumb"])
def test_renders_a_png_of_the_named_size(catalogue, size):
    png = render_card(catalogue["kalen-test"], catalogue, size=size)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert decode(png).size == SIZES[size]


def test_full_and_thumb_sizes_are_a_card_and_half_a_card():
    assert SIZES["full"] == (375, 525)
    assert abs(SIZES["thumb"][0] - 375 / 2) <= 1 and abs(SIZES["thumb"][1] - 525 / 2) <= 1


def test_unknown_size_is_refused(catalogue):
    with pytest.raises(ValueError, match="unknown card image size"):
        render_card(catalogue["kalen-test"], catalogue, size="poster")


def test_each_faction_and_neutral_has_its_own_frame_colour(catalogue):
    slugs = [f"test-{f}" for f in FACTIONS] + ["test-battery"]
    colours = {slug: frame_pixel(decode(render_card(catalogue[slug], catalogue))) for slug in slugs}
    assert len(set(colours.values())) == len(slugs), colours


def test_atlantean_frames_are_blue_and_lemurian_fanatic_is_purple(catalogue):
    red, green, blue = frame_pixel(decode(render_card(catalogue["test-atlantean-fanatic"], catalogue)))
    assert blue > red and blue > green
    red, green, blue = frame_pixel(decode(render_card(catalogue["test-lemurian-fanatic"], catalogue)))
    assert red > green and blue > green


def test_same_card_renders_the_same_bytes(catalogue):
    card = catalogue["kalen-test"]
    assert render_card(card, catalogue) == render_card(card, catalogue)


def test_generated_art_is_seeded_by_the_card(catalogue):
    first = decode(render_card(catalogue["test-atlantean-fanatic"], catalogue))
    other = decode(render_card(catalogue["kalen-test"], catalogue))
    art_box = (30, 70, 340, 270)
    assert first.crop(art_box).tobytes() != other.crop(art_box).tobytes()


def test_long_rules_text_shrinks_until_it_fits(catalogue):
    names = tuple(k["name"] for k in catalogue.keywords.values())
    width, height = 600, 280
    short = fit_rules_text("Strike 1 — deal 1 damage to target Person or Hero.", names, width, height)
    long = fit_rules_text("\n".join(["Use (1DC): Strike 1 — deal 1 damage to target Person or Hero."] * 6),
                          names, width, height)
    assert long.height <= height and short.height <= height
    assert long.regular.size < short.regular.size


def test_text_too_long_for_the_smallest_font_is_cut_with_an_ellipsis(catalogue):
    names = tuple(k["name"] for k in catalogue.keywords.values())
    block = fit_rules_text("\n".join(["Use (1DC): Strike 1 — deal 1 damage to target."] * 60), names, 600, 280)
    assert block.height <= 280
    assert block.lines[-1][-1][1].endswith("…")


def test_a_card_with_endless_text_still_renders(catalogue):
    assert decode(render_card(catalogue["endless-test"], catalogue)).size == SIZES["full"]


def test_keyword_names_are_set_in_bold(catalogue):
    names = tuple(k["name"] for k in catalogue.keywords.values())
    block = fit_rules_text("Use (1DC): Strike 1 — deal 1 damage.", names, 600, 280)
    bold = [word for _, word, is_bold in block.lines[0] if is_bold]
    assert bold == ["Use", "Strike"]


def test_uploaded_art_is_cover_cropped_into_the_art_box(catalogue, tmp_path):
    art = tmp_path / "wide.png"
    Image.new("RGB", (1200, 300), (250, 10, 10)).save(art)
    image = decode(render_card(catalogue["kalen-test"], catalogue, art=art))
    # The centre and the four edges of the art box are the art's red: cropped to cover, not letterboxed.
    for point in [(187, 170), (30, 70), (344, 70), (30, 270), (344, 270)]:
        r, g, b = image.getpixel(point)
        assert r > 200 and g < 60 and b < 60, (point, (r, g, b))
    plain = decode(render_card(catalogue["kalen-test"], catalogue))
    assert plain.getpixel((187, 170)) != image.getpixel((187, 170))


def test_unreadable_art_falls_back_to_generated_art(catalogue, tmp_path):
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"not an image")
    card = catalogue["kalen-test"]
    assert render_card(card, catalogue, art=broken) == render_card(card, catalogue)


def test_type_line_names_type_faction_and_rarity(catalogue):
    assert type_line(catalogue["kalen-test"], catalogue) == "Person — Atlantean Fanatic · Common"
    assert type_line(catalogue["test-lemurian-otf"], catalogue) == "Person — Lemurian On-The-Fence · Common"
    assert type_line(catalogue["test-battery"], catalogue) == "Battery · Rare"
