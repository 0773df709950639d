"""Page URLs of the decks app."""
from django.urls import path, re_path

from decks import views

app_name = "decks"

urlpatterns = [
    path("decks/", views.deck_list, name="list"),
    path("decks/mine/", views.my_decks, name="mine"),
    path("decks/new/", views.builder, name="new"),
    path("collection/", views.collection_page, name="collection"),
    path("collection/import/", views.collection_import, name="collection-import"),
    re_path(r"^collection/export\.(?P<kind>csv|txt)$", views.collection_export, name="collection-export"),
    path("collection/cards/<slug:slug>/", views.collection_card, name="collection-card"),
    path("decks/<str:deck_id>/", views.deck_detail, name="detail"),
    path("decks/<str:deck_id>/proxies.pdf", views.deck_proxies, name="proxies"),
    path("decks/<str:deck_id>/like/", views.deck_like, name="like"),
    path("decks/<str:deck_id>/tags/", views.deck_tags, name="tags"),
    path("decks/<str:deck_id>/comments/", views.deck_comment, name="comment"),
    path("comments/<int:comment_id>/hide/", views.comment_hide, name="comment-hide"),
    path("comments/<int:comment_id>/report/", views.comment_report, name="comment-report"),
    path("comments/<int:comment_id>/delete/", views.comment_delete, name="comment-delete"),
    path("players/<str:username>/", views.author_page, name="author"),
    path("decks/<str:deck_id>/edit/", views.builder, name="edit"),
    path("decks/<str:deck_id>/history/", views.deck_history, name="history"),
    path("decks/<str:deck_id>/fork/", views.deck_fork, name="fork"),
    path("decks/<str:deck_id>/delete/", views.deck_delete, name="delete"),
    path("decks/<str:deck_id>/versions/<int:number>/restore/", views.deck_restore, name="restore"),
]
