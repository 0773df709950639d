"""Decklists as a community: Markdown with card links, likes, comments (sanitized), tags, authors, the browse feed,
owners hiding comments, reports and the staff's moderation, and the throttle on writes."""
from datetime import timedelta
from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from cards.catalogue import get_catalogue
from decks import community_services, services
from decks.markdown import render_markdown
from decks.models import CommentReport, DeckComment, DeckLike, Visibility
from tests.decks.helpers import client_for

pytestmark = pytest.mark.django_db


def public_deck(owner, name="Shared", hero="dr-veylan", counts=None, description=""):
    return services.deck_create(owner=owner, name=name, hero=hero, counts=counts or {"kalen-vos": 3},
                                visibility=Visibility.PUBLIC, description=description)


# --- Markdown ------------------------------------------------------------------------------------------------------

HOSTILE = [
    "<script>window.pwned = 1</script>",
    "<img src=x onerror=alert(1)>",
    "[click](javascript:alert(1))",
    "<a href=\"javascript:alert(1)\">x</a>",
    "<iframe src=//evil.example></iframe>",
    "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "<svg onload=alert(1)>",
    "[[<img src=x onerror=alert(1)>]]",
    "<div style=\"background:url(javascript:alert(1))\">x</div>",
]


class Elements(HTMLParser):
    """Collect the elements and attributes a browser would build from the HTML (text stays text)."""

    def __init__(self, html):
        super().__init__()
        self.found = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))


@pytest.mark.parametrize("source", HOSTILE)
def test_markdown_never_lets_script_through(catalogue_db, source):
    out = render_markdown(source, get_catalogue())
    for tag, attrs in Elements(out).found:
        assert tag in {"p", "a", "span", "strong", "em", "code"}, out
        assert not any(name.startswith("on") or name == "style" for name in attrs), out
        assert not attrs.get("href", "/").lower().startswith(("javascript:", "data:")), out


def test_card_links_link_the_card_and_carry_its_image(catalogue_db):
    out = render_markdown("Run **three** [[kalen vos]], not [[Kalen Voss]].", get_catalogue())
    assert '<a class="card-ref" href="/cards/kalen-vos/" data-image="/cards/kalen-vos/image.png"' in out
    assert '<span class="card-ref unknown">Kalen Voss</span>' in out and "<strong>three</strong>" in out


# --- likes and popularity ------------------------------------------------------------------------------------------

def test_likes_are_once_per_player_never_on_your_own_or_a_private_deck(catalogue_db, ann, ben):
    deck = public_deck(ann)
    api = client_for(ben)
    assert api.post(f"/api/decks/{deck.pk}/like/").json() == {"liked": True, "likes": 1}
    assert api.post(f"/api/decks/{deck.pk}/like/").json() == {"liked": True, "likes": 1}  # idempotent
    assert client_for(ann).post(f"/api/decks/{deck.pk}/like/").json()["code"] == "own_deck"
    assert api.delete(f"/api/decks/{deck.pk}/like/").json() == {"liked": False, "likes": 0}
    unlisted = services.deck_create(owner=ann, name="Link only", hero="dr-veylan", counts={}, visibility="unlisted")
    assert api.post(f"/api/decks/{unlisted.pk}/like/").json()["code"] == "not_public"
    private = services.deck_create(owner=ann, name="Secret", hero="dr-veylan", counts={})
    assert api.post(f"/api/decks/{private.pk}/like/").status_code == 404  # a private deck is not admitted to exist
    assert client_for().post(f"/api/decks/{deck.pk}/like/").status_code == 403


def test_popular_sorts_count_the_likes_of_the_last_7_or_30_days(catalogue_db, ann):
    old_favourite, new_favourite, quiet = (public_deck(ann, name) for name in ("Old", "New", "Quiet"))
    fans = [User.objects.create_user(f"fan{i}") for i in range(3)]
    for fan in fans:
        community_services.deck_like(user=fan, deck=old_favourite)
    DeckLike.objects.filter(deck=old_favourite).update(created_at=timezone.now() - timedelta(days=20))
    community_services.deck_like(user=fans[0], deck=new_favourite)
    api = client_for()

    def order(sort):
        return [d["name"] for d in api.get("/api/decks/", {"sort": sort}).json()["results"] if d["owner"] == "ann"]

    assert order("popular-7") == ["New", "Old", "Quiet"]  # ties by all-time likes, then recency
    assert order("popular-30")[:2] == ["Old", "New"] and order("likes")[:2] == ["Old", "New"]
    assert order("new") == ["Quiet", "New", "Old"]
    assert api.get("/api/decks/", {"sort": "hot"}).json()["code"] == "bad_sort"
    liked = api.get("/api/decks/", {"sort": "likes"}).json()["results"][0]
    assert liked["likes"] == 3


# --- tags, filters, authors ----------------------------------------------------------------------------------------

def test_tags_file_a_deck_and_filter_the_lists(catalogue_db, ann, ben):
    deck = public_deck(ann)
    api = client_for(ann)
    assert api.put(f"/api/decks/{deck.pk}/tags/", {"tags": ["Aggro", "budget build", "aggro"]},
                   format="json").json() == {"tags": ["aggro", "budget-build"]}
    assert [d["id"] for d in client_for().get("/api/decks/", {"tag": "aggro"}).json()["results"]] == [deck.pk]
    assert client_for().get("/api/decks/", {"tag": "control"}).json()["results"] == []
    too_many = api.put(f"/api/decks/{deck.pk}/tags/", {"tags": [f"t{i}" for i in range(9)]}, format="json")
    assert too_many.status_code == 400
    odd = api.put(f"/api/decks/{deck.pk}/tags/", {"tags": ["!!!"]}, format="json")
    assert odd.json()["code"] == "invalid_tag" and "a tag is 1 to 30" in odd.json()["message"]
    assert client_for(ben).put(f"/api/decks/{deck.pk}/tags/", {"tags": ["mine"]}, format="json").status_code == 403


def test_filter_by_faction_and_author_and_the_author_summary(starters, ann, ben):
    mine = public_deck(ann, hero="elder-maru", counts={})
    community_services.deck_like(user=ben, deck=mine)
    api = client_for()
    faction = mine.hero.faction.slug
    ids = [d["id"] for d in api.get("/api/decks/", {"faction": faction, "page_size": 100}).json()["results"]]
    assert mine.pk in ids and "starter-elder-maru" in ids and "starter-dr-veylan" not in ids
    assert [d["id"] for d in api.get("/api/decks/", {"author": "ann"}).json()["results"]] == [mine.pk]
    summary = api.get("/api/authors/ann/").json()
    assert (summary["username"], summary["decks"], summary["likes_received"]) == ("ann", 1, 1)
    assert api.get("/api/authors/nobody/").status_code == 404
    page = client_for().get("/players/ann/").content.decode()
    assert "1 public deck · 1 like received" in page and mine.name in page


# --- comments, hiding, reports, moderation -------------------------------------------------------------------------

def test_comments_are_markdown_rendered_safe(catalogue_db, ann, ben):
    deck = public_deck(ann)
    api = client_for(ben)
    created = api.post(f"/api/decks/{deck.pk}/comments/", {"body": "Nice **[[Kalen Vos]]** <script>x()</script>"},
                       format="json")
    assert created.status_code == 201
    html = created.json()["html"]
    assert "<strong><a class=\"card-ref\" href=\"/cards/kalen-vos/\"" in html and "<script" not in html
    assert [c["author"] for c in client_for().get(f"/api/decks/{deck.pk}/comments/").json()] == ["ben"]
    empty = api.post(f"/api/decks/{deck.pk}/comments/", {"body": "   "}, format="json")
    assert empty.status_code == 400
    page = client_for().get(f"/decks/{deck.pk}/")
    assert page.status_code == 200


def test_the_owner_hides_a_comment_from_everyone_else(catalogue_db, ann, ben):
    deck = public_deck(ann)
    comment = community_services.comment_create(author=ben, deck=deck, body="spam spam")
    assert client_for(ben).patch(f"/api/comments/{comment.pk}/", {"hidden": True}, format="json").status_code == 403
    assert client_for(ann).patch(f"/api/comments/{comment.pk}/", {"hidden": True}, format="json").json()["hidden"]
    assert client_for(ben).patch(f"/api/comments/{comment.pk}/", {}, format="json").status_code == 403
    assert client_for(ann).patch(f"/api/comments/{comment.pk}/", {}, format="json").json()["hidden"]   # no change
    assert client_for().get(f"/api/decks/{deck.pk}/comments/").json() == []
    assert client_for(ben).get(f"/api/decks/{deck.pk}/comments/").json() == []
    assert [c["hidden"] for c in client_for(ann).get(f"/api/decks/{deck.pk}/comments/").json()] == [True]


def test_reports_reach_the_staff_who_remove_the_comment(catalogue_db, ann, ben, admin_client):
    deck = public_deck(ann)
    comment = community_services.comment_create(author=ben, deck=deck, body="rude words")
    api = client_for(ann)
    assert api.post(f"/api/comments/{comment.pk}/report/", {"reason": "rude"}, format="json").status_code == 201
    assert api.post(f"/api/comments/{comment.pk}/report/", {"reason": "very rude"}, format="json").status_code == 201
    assert CommentReport.objects.get().reason == "very rude"  # one report per player, updated
    own = client_for(ben).post(f"/api/comments/{comment.pk}/report/", {"reason": "oops"}, format="json")
    assert own.json()["code"] == "own_comment"

    listing = admin_client.get("/admin/decks/deckcomment/").content.decode()
    assert "rude words" in listing
    admin_client.post("/admin/decks/deckcomment/", {"action": "remove_comments", "_selected_action": [comment.pk]})
    assert DeckComment.objects.get().removed and CommentReport.objects.get().resolved
    assert client_for(ann).get(f"/api/decks/{deck.pk}/comments/").json() == []
    assert client_for(ann).post(f"/api/comments/{comment.pk}/report/", {"reason": "x"},
                                format="json").status_code == 404


def test_comment_pages_say_what_went_wrong(client, catalogue_db, ann, ben):
    deck = public_deck(ann)
    client.force_login(ben)
    empty = client.post(f"/decks/{deck.pk}/comments/", {"body": ""}, follow=True)
    assert "Write something before posting." in empty.content.decode()
    posted = client.post(f"/decks/{deck.pk}/comments/", {"body": "Try [[Arc Gallery]]"}, follow=True).content.decode()
    assert "Comment posted." in posted and 'href="/cards/arc-gallery/"' in posted
    liked = client.post(f"/decks/{deck.pk}/like/", follow=True).content.decode()
    assert "1 like" in liked and "♥ Liked" in liked
    comment = DeckComment.objects.get()
    no_reason = client.post(f"/comments/{comment.pk}/report/", {"reason": ""}, follow=True).content.decode()
    assert "Say what is wrong with the comment." in no_reason or "own comment" in no_reason


def test_the_browse_page_filters_sorts_and_reflects_a_new_like_at_once(client, starters, ann, ben):
    deck = public_deck(ann, name="Tagged list")
    community_services.deck_set_tags(deck=deck, names="aggro")
    page = client.get("/decks/", {"tag": "aggro"}).content.decode()
    assert "Tagged list" in page and "Elder Maru Starter" not in page and "1 deck" in page
    assert "♥" not in client.get("/decks/", {"sort": "likes"}).content.decode().split("Tagged list")[1][:600]
    community_services.deck_like(user=ben, deck=deck)  # a new generation of the cached feed
    first = client.get("/decks/", {"sort": "likes"}).content.decode()
    assert first.index("Tagged list") < first.index("Starter") and "♥ 1" in first
    bad = client.get("/decks/", {"sort": "hot"}).content.decode()
    assert "Some filters were not understood" in bad


# --- throttling ----------------------------------------------------------------------------------------------------

def test_community_writes_are_throttled_reads_are_not(catalogue_db, ann, ben, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "community": "2/min"}}
    deck = public_deck(ann)
    api = client_for(ben)
    statuses = [api.post(f"/api/decks/{deck.pk}/comments/", {"body": f"n{i}"}, format="json").status_code
                for i in range(3)]
    assert statuses == [201, 201, 429]
    assert all(api.get(f"/api/decks/{deck.pk}/comments/").status_code == 200 for _ in range(5))
