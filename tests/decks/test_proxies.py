"""Print-and-play proxies: a deck or a search as a PDF of real-size card faces, nine a page, with cut marks."""
import io
import re

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm

from cards.views import MAX_PROXY_CARDS
from decks import proxies, services
from decks.models import Deck, Visibility

pytestmark = pytest.mark.django_db

STARTER = "starter-dr-veylan"


def pdf_of(response):
    assert response.status_code == 200, response.content[:200]
    assert response["Content-Type"] == "application/pdf"
    return PdfReader(io.BytesIO(response.content))


def test_a_deck_prints_its_hero_and_every_copy_nine_a_page_on_a4(client, starters):
    deck = Deck.objects.get(pk=STARTER)
    total = 1 + sum(e.count for e in deck.entries.all())   # the Hero and the 45 cards
    response = client.get(f"/decks/{STARTER}/proxies.pdf")
    reader = pdf_of(response)
    assert 'attachment; filename="dr-veylan-starter-proxies.pdf"' == response["Content-Disposition"]
    assert len(reader.pages) == -(-total // proxies.PER_PAGE) == 6
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (round(A4[0]), round(A4[1]))
    for page in reader.pages:
        assert page.images   # card faces placed on every page
    # Each face is drawn at 63 x 88 mm (the image matrices of the page's drawing commands), nine on a full page,
    # and each card has its eight cut marks.
    content = reader.pages[0].get_contents().get_data().decode("latin-1")
    sizes = [(float(w), float(h)) for w, h in re.findall(r"q\s+(\S+) 0 0 (\S+) \S+ \S+ cm\s+/\S+ Do", content)]
    assert len(sizes) == 9 and all(w == pytest.approx(63 * mm, abs=0.01) and h == pytest.approx(88 * mm, abs=0.01)
                                   for w, h in sizes)
    assert content.count(" l S") == 9 * 8


def test_letter_paper_and_a_paper_we_do_not_print_on(client, starters):
    box = pdf_of(client.get(f"/decks/{STARTER}/proxies.pdf?paper=letter")).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (round(LETTER[0]), round(LETTER[1]))
    response = client.get(f"/decks/{STARTER}/proxies.pdf?paper=a3")
    assert response.status_code == 400 and b"Paper is one of" in response.content


def test_someone_elses_private_deck_does_not_print(client, starters, ann, ben):
    deck = services.deck_create(owner=ann, name="Secret plan", hero="dr-veylan", counts={"kalen-vos": 3},
                                visibility=Visibility.PRIVATE)
    client.force_login(ben)
    assert client.get(f"/decks/{deck.pk}/proxies.pdf").status_code == 404
    client.force_login(ann)
    assert len(pdf_of(client.get(f"/decks/{deck.pk}/proxies.pdf")).pages) == 1   # Hero + 3 copies


def test_a_search_prints_each_card_it_finds_once(client, starters):
    response = client.get("/cards/proxies.pdf", {"q": "t:person r:rare civ:atlantean"})
    reader = pdf_of(response)
    found = client.get("/api/cards/", {"q": "t:person r:rare civ:atlantean"}).json()["count"]
    assert 0 < found <= 9 and len(reader.pages) == 1


def test_a_search_that_cannot_print_says_why(client, starters):
    bad = client.get("/cards/proxies.pdf", {"q": "(("})
    assert bad.status_code == 400 and b"bad_query" in bad.content
    too_many = client.get("/cards/proxies.pdf")
    assert too_many.status_code == 400 and f"more than {MAX_PROXY_CARDS}".encode() in too_many.content
    none = client.get("/cards/proxies.pdf", {"q": "name:zzzzzz"})
    assert none.status_code == 400 and b"No card matches" in none.content


def test_the_deck_page_and_the_catalogue_offer_the_pdf(client, starters):
    assert f'href="/decks/{STARTER}/proxies.pdf"' in client.get(f"/decks/{STARTER}/").content.decode()
    page = client.get("/cards/", {"q": "t:person r:rare"}).content.decode()
    assert 'id="search-proxies" href="/cards/proxies.pdf?q=t%3Aperson+r%3Arare"' in page


def test_the_catalogue_offers_proxies_only_for_a_search_that_can_print(client, starters):
    everything = client.get("/cards/").content.decode()
    assert 'id="search-proxies"' not in everything
    assert f"Proxies print for {MAX_PROXY_CARDS} cards or fewer" in everything


def test_proxy_pdf_refuses_nothing_to_print():
    with pytest.raises(ValueError):
        proxies.proxy_pdf([])
