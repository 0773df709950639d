"""Decklists as a community in a real headless Chromium: a description and comments in Markdown whose card links show
the card on hover, where no script ever runs whatever is posted; likes, tags, hiding and reporting a comment; the
browse page and an author page on a phone."""
import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from decks import services
from decks.models import CommentReport, Visibility
from tests.browser.axe import assert_accessible
from tests.browser.helpers import PHONE, fits_the_phone, log_in_as, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1280, "height": 900}
HOSTILE = ('Try [[Kalen Vos]] <script>window.pwned = 1</script> <img src=x onerror="window.pwned = 2"> '
           '[click me](javascript:window.pwned=3) <a href="javascript:window.pwned=4" id="evil">evil</a> '
           '<svg onload="window.pwned=5"></svg>')


def test_a_public_deck_as_a_community_page_where_no_script_runs(browser, live_server, media, cards):
    ann = User.objects.create_user("ann", password="ann-pass-123")
    User.objects.create_user("ben", password="ben-pass-123")
    deck = services.deck_create(owner=ann, name="Veylan control", hero="dr-veylan", counts={"kalen-vos": 3},
                                visibility=Visibility.PUBLIC,
                                description="## Plan\nKeep **[[Kalen Vos]]** back. " + HOSTILE)
    base = live_server.url
    dialogs = []

    ben_page = new_page(browser, LAPTOP)
    ben_page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    log_in_as(ben_page, base, "ben", "ben-pass-123")
    ben_page.goto(f"{base}/decks/{deck.pk}/")
    description = ben_page.locator("#deck-description")
    expect(description.locator("h3")).to_have_text("Plan")
    link = description.locator("a.card-ref").first
    expect(link).to_have_attribute("href", "/cards/kalen-vos/")
    link.hover()
    expect(ben_page.locator(".card-preview img")).to_have_attribute("src", "/cards/kalen-vos/image.png")
    expect(ben_page.locator(".card-preview")).to_be_visible()

    ben_page.fill("#id_body", HOSTILE)
    ben_page.click("#comment-form button[type=submit]")
    expect(ben_page.locator(".messages")).to_contain_text("Comment posted.")
    comment = ben_page.locator(".comment").first
    expect(comment.locator("a.card-ref")).to_have_text("Kalen Vos")
    expect(comment).to_contain_text("<script>window.pwned = 1</script>")  # shown as text, never run
    posted = ".markdown script, .markdown img, .markdown svg, .markdown [onerror], .markdown [onload]"
    assert ben_page.locator(posted).count() == 0
    assert ben_page.locator("a[href^='javascript']").count() == 0
    expect(comment).to_contain_text("[click me](javascript:window.pwned=3)")  # not a link: text
    assert_accessible(ben_page, "a public deck's page with a comment")
    assert ben_page.evaluate("window.pwned") is None and not dialogs

    ben_page.click("#like-button")
    expect(ben_page.locator("#like-count")).to_have_text("1 like")
    ben_page.close()

    ann_page = new_page(browser, PHONE)
    log_in_as(ann_page, base, "ann", "ann-pass-123")
    ann_page.goto(f"{base}/decks/{deck.pk}/")
    fits_the_phone(ann_page)
    ann_page.fill("#id_tags", "control, " + "x" * 40)
    ann_page.click("#tags-form button[type=submit]")
    expect(ann_page.locator(".messages")).to_contain_text("a tag is 1 to 30")
    ann_page.fill("#id_tags", "control, budget")
    ann_page.click("#tags-form button[type=submit]")
    expect(ann_page.locator("#deck-tags .chip")).to_have_text(["budget", "control"])
    ann_page.locator(".comment summary").first.click()
    ann_page.locator(".comment .report-form input[name=reason]").first.fill("script injection attempt")
    ann_page.locator(".comment .report-form button").first.click()
    expect(ann_page.locator(".messages")).to_contain_text("the staff will look at this comment")
    assert CommentReport.objects.get().reason == "script injection attempt"
    ann_page.locator(".comment .hide-comment").first.click()
    expect(ann_page.locator(".comment").first).to_contain_text("Hidden — only you see it")
    assert ann_page.evaluate("window.pwned") is None

    ann_page.goto(f"{base}/decks/?tag=control&sort=popular-7")
    expect(ann_page.locator(".deck-tile")).to_have_count(1)
    expect(ann_page.locator(".deck-tile .likes")).to_have_text("♥ 1")
    assert_accessible(ann_page, "the public decks, filtered by a tag")
    fits_the_phone(ann_page)
    ann_page.click(".deck-tile .tile-foot a")
    expect(ann_page.locator("#author-summary")).to_contain_text("1 public deck · 1 like received")
    assert_accessible(ann_page, "an author's page")
    fits_the_phone(ann_page)

    visitor = new_page(browser, PHONE)
    visitor.goto(f"{base}/decks/{deck.pk}/")
    expect(visitor.locator(".comment")).to_have_count(0)  # hidden by the owner
    assert visitor.evaluate("window.pwned") is None
