"""The phone-width check the page tests share (helpers.fits_the_phone): it must fail on a page that stays wider than
a 390 px phone, naming what is too wide, and pass a page that is wider only for a moment, as a page drawing an update
can be (the live table's end screen once measured wider on a loaded CI run and passed when run again)."""
import pytest

from tests.browser.helpers import PHONE, fits_the_phone

pytestmark = pytest.mark.browser


def test_a_page_that_stays_too_wide_fails_naming_the_element(page):
    page.set_viewport_size(PHONE)
    page.set_content('<body style="margin:0"><p id="wide" class="score" style="width:420px">Legacy 65-2</p></body>')
    with pytest.raises(AssertionError) as err:
        fits_the_phone(page, settle_ms=300)
    width, named = err.value.args[0]
    assert width == 420
    assert named == ["p#wide.score (right 420 px): Legacy 65-2"]


def test_a_page_wider_only_for_a_moment_fits(page):
    page.set_viewport_size(PHONE)
    page.set_content('<body style="margin:0"><p id="wide" style="width:420px">drawing</p><script>'
                     'setTimeout(() => { document.getElementById("wide").style.width = "100px"; }, 400)</script></body>')
    assert page.evaluate("document.documentElement.scrollWidth") == 420
    fits_the_phone(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
