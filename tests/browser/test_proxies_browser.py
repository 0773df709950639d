"""Print-and-play proxies in a real headless Chromium: the deck page's button downloads the deck as a PDF."""
import io

import pytest
from pypdf import PdfReader

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_deck_page_button_downloads_the_proxy_sheet(page, live_server, media, catalogue):
    page.goto(f"{live_server.url}/decks/starter-elder-maru/")
    with page.expect_download() as caught:
        page.click("#deck-proxies")
    download = caught.value
    assert download.suggested_filename == "elder-maru-starter-proxies.pdf"
    reader = PdfReader(io.BytesIO(open(download.path(), "rb").read()))
    assert len(reader.pages) == 6 and all(p.images for p in reader.pages)
