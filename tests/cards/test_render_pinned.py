"""The card faces are pinned byte for byte: a refactoring of the renderer must draw exactly the same PNGs.

The cards below cover every card type, every rarity, each kind of frame (a faction, On-The-Fence, neutral, an
Energy's own colour, the Pyramid), hit points and charge badges, grouped cost pips, rules text cut with an ellipsis,
flavor text, uploaded art and the thumbnail size. Their digests were taken from the renderer before it was split
into modules. A deliberate change of the drawing bumps `RENDER_VERSION` and updates these digests with it.

The faces are drawn with the DejaVu fonts (`fonts-dejavu`); without them the renderer falls back to Pillow's own font
and draws other (still valid) faces, which this test cannot pin.
"""
import hashlib

import pytest
from PIL import Image

from cards.render import render_card
from cards.render.fonts import FONT_FILES, font_path
from rules.engine.catalogue import compile_catalogue, read_data

STRIKE = {"trigger": "use", "keyword": "strike", "amount": 1, "target": "character", "cost": {"DC": 1}}
ACCELERATE = {"trigger": "passive", "keyword": "accelerate", "amount": 1, "target": "edge"}
CARDS = [
    {"name": "Pin Fanatic", "type": "person", "faction": "atlantean-fanatic", "rarity": "common",
     "cost": {"DC": 1, "CE": 1}, "abilities": [STRIKE], "flavor": "Blue light, quick hands."},
    {"name": "Pin Keeper", "type": "person", "faction": "lemurian-conservative", "rarity": "uncommon",
     "cost": {"LR": 2}, "abilities": [ACCELERATE]},
    {"name": "Pin Wanderer", "type": "person", "faction": "lemurian-otf", "rarity": "rare",
     "cost": {"DR": 1, "LR": 1, "CE": 1}, "abilities": [STRIKE, ACCELERATE], "flavor": "Neither tide nor moon."},
    {"name": "Pin Hero", "type": "hero", "faction": "atlantean-otf", "hp": 18, "abilities": [STRIKE, ACCELERATE],
     "flavor": "Stands where the two currents meet."},
    {"name": "Pin Jolt", "type": "instant", "faction": "lemurian-fanatic", "rarity": "uncommon", "cost": {"DR": 1},
     "abilities": [{"trigger": "instant", "keyword": "strike", "amount": 2, "target": "character"}]},
    {"name": "Pin Cutter", "type": "artifact", "faction": "atlantean-conservative", "rarity": "rare",
     "cost": {"CE": 1}, "flavor": "Half a beat out of step."},
    {"name": "Pin Band", "type": "enchantment", "faction": "lemurian-otf", "rarity": "common", "cost": {"CE": 1}},
    {"name": "Pin Cell", "type": "battery", "rarity": "rare", "cost": {"CE": 6}},
    {"name": "Pin Foundry", "type": "scene", "faction": "atlantean-fanatic", "rarity": "uncommon",
     "cost": {"DC": 1, "CE": 1},
     "abilities": [{"trigger": "use", "keyword": "accelerate", "amount": 1, "target": "edge",
                    "cost": {"DC": 1, "charge": 1}}]},
    {"name": "Pin Current", "type": "energy", "produces": "LR", "flavor": "Slow water, deep roots."},
    {"name": "Pin Pulse", "type": "pyramid", "rarity": "common",
     "abilities": [{"trigger": "pyramid", "keyword": "accelerate", "amount": 1, "target": "all_edges"}]},
    {"name": "Pin Verbose With A Name Too Long For Its Title Bar", "type": "person", "faction": "atlantean-fanatic",
     "rarity": "common", "cost": {"DC": 4, "CE": 3}, "abilities": [STRIKE] * 40, "flavor": "No room for this."},
]

# sha256 of the PNG bytes, by (slug, size, with uploaded art)
PINNED = {
    ("pin-band", "full", False): "dad6ec2eb1c9e98779dbfdd5254d856c56013b9e169313c3963d14d22a2a7c67",
    ("pin-cell", "full", False): "199cd50565830a8bd00319533ee846d9d4969acd993b7e34efa0be129159cff6",
    ("pin-cell", "thumb", False): "9fc100f5d0a1e782877f4a95b3be6a1251c1b0125da3194c13fe9808ec66d0cf",
    ("pin-current", "full", False): "e5a8a1507ad5b4c22cfad54cf5850874759e95e09a43fceca90a36a5e8ee218c",
    ("pin-current", "thumb", False): "4a10ff480defef9042415440479efe443acbff8aaf95f55673d2cf137c5f4718",
    ("pin-cutter", "full", False): "750356f8a4f3899d0c0aeffd3be2241fa9bb697f6b3f45aa88aa2ea5d6724a62",
    ("pin-fanatic", "full", False): "27acc596e03615d01dbb9a41d52aa3f3e2ff583e206348627a947b73741755f8",
    ("pin-fanatic", "full", True): "f2638ee1d4d5f38881ad295612cb9b17f8922af17001cc7c102b8aebe9d1f0de",
    ("pin-fanatic", "thumb", True): "94b5064de86890b73fb629991d61bc64edd8aff8de4678e666a52c6edd367c13",
    ("pin-foundry", "full", False): "a6594e78dc92e12ecfc5e1f81ec466b8e9a94369cab6d78f97f185ed1086b2ef",
    ("pin-hero", "full", False): "aa4b2543159cd307e15f0c72d185b118b2930b08fe6d58f2801ae08c837b2eb8",
    ("pin-hero", "thumb", False): "ebeca4051d3371840227de53a600e37b27d4cdde2c4b25a2eee9587245164f3b",
    ("pin-jolt", "full", False): "f44ae3620f034d9b1b00ecb3a5bee2ce678423f7f126db8c96867c84c07ac48e",
    ("pin-keeper", "full", False): "cd6e5497d032f6184b42c6b9418062648a51f087a182f4c5a4e2ae93fb50754d",
    ("pin-pulse", "full", False): "e0acd7fe6b69f4fa222a8d1c902423e2293456b36147ad666ebee5ee12296160",
    ("pin-verbose-with-a-name-too-long-for-its-title-bar", "full", False):
        "d7ad6fc97814e2ecd8865033e857704e5db1a87cfc3a51efb3d83e2ad319dba1",
    ("pin-wanderer", "full", False): "abe0c103506060dcad7ec1bf08d0dd3ca8fc7385eef5c386844db958ea410e5f",
}


@pytest.fixture(scope="module")
def catalogue():
    if not all(font_path(name) for name in FONT_FILES.values()):
        pytest.skip("the pinned faces were drawn with the DejaVu fonts, which are not installed here (fonts-dejavu)")
    data = read_data()
    pyramid = [c for c in data["cards"] if c["type"] == "pyramid"]
    return compile_catalogue({**data, "cards": CARDS + pyramid})


@pytest.fixture
def uploaded_art(tmp_path):
    """A wide picture of known pixels, so the cover-crop of uploaded art is pinned too."""
    path = tmp_path / "art.png"
    Image.merge("RGB", [Image.linear_gradient("L").resize((640, 240)).rotate(angle)
                        for angle in (0, 90, 180)]).save(path)
    return path


@pytest.mark.parametrize(("slug", "size", "with_art"), sorted(PINNED))
def test_a_card_face_is_drawn_exactly_as_before(catalogue, uploaded_art, slug, size, with_art):
    png = render_card(catalogue[slug], catalogue, art=uploaded_art if with_art else None, size=size)
    assert hashlib.sha256(png).hexdigest() == PINNED[slug, size, with_art]


def test_every_pinned_card_is_one_of_the_cards_above():
    slugs = {slug for slug, _, _ in PINNED}
    assert len(slugs) == len(CARDS)
