"""Page URLs of the decks app."""
from django.urls import path, re_path

from decks.views import collection, community, deck, deckbuilder, lists

app_name = "decks"

urlpatterns = [
    path("decks/", lists.deck_list, name="list"),
    path("decks/mine/", lists.my_decks, name="mine"),
    path("decks/new/", deckbuilder.builder, name="new"),
    path("collection/", collection.collection_page, name="collection"),
    path("collection/import/", collection.collection_import, name="collection-import"),
    re_path(r"^collection/export\.(?P<kind>csv|txt)$", collection.collection_export, name="collection-export"),
    path("collection/cards/<slug:slug>/", collection.collection_card, name="collection-card"),
    path("decks/<str:deck_id>/", deck.deck_detail, name="detail"),
    path("decks/<str:deck_id>/proxies.pdf", deck.deck_proxies, name="proxies"),
    path("decks/<str:deck_id>/like/", community.deck_like, name="like"),
    path("decks/<str:deck_id>/tags/", community.deck_tags, name="tags"),
    path("decks/<str:deck_id>/comments/", community.deck_comment, name="comment"),
    path("comments/<int:comment_id>/hide/", community.comment_hide, name="comment-hide"),
    path("comments/<int:comment_id>/report/", community.comment_report, name="comment-report"),
    path("comments/<int:comment_id>/delete/", community.comment_delete, name="comment-delete"),
    path("players/<str:username>/", lists.author_page, name="author"),
    path("decks/<str:deck_id>/edit/", deckbuilder.builder, name="edit"),
    path("decks/<str:deck_id>/history/", deck.deck_history, name="history"),
    path("decks/<str:deck_id>/fork/", deck.deck_fork, name="fork"),
    path("decks/<str:deck_id>/delete/", deck.deck_delete, name="delete"),
    path("decks/<str:deck_id>/versions/<int:number>/restore/", deck.deck_restore, name="restore"),
]
