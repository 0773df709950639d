"""API URLs of the decks app (mounted under /api/), plus the token endpoint for API clients."""
from django.urls import path

from cataclysm_site.accounts import DeleteAccountView, ObtainTokenView, PasswordResetView
from decks.api import collection, community, decklists, saved_decks, versions

urlpatterns = [
    path("auth/token/", ObtainTokenView.as_view(), name="api-token"),
    path("auth/password-reset/", PasswordResetView.as_view(), name="api-password-reset"),
    path("auth/delete-account/", DeleteAccountView.as_view(), name="api-delete-account"),
    path("decks/validate/", decklists.ValidateDecklistView.as_view(), name="api-deck-validate"),
    path("decks/stats/", decklists.DecklistStatsView.as_view(), name="api-deck-stats"),
    path("decks/export/", decklists.DecklistExportView.as_view(), name="api-decklist-export"),
    path("decks/opening-hand/", decklists.DecklistOpeningHandView.as_view(), name="api-decklist-opening-hand"),
    path("decks/", saved_decks.DeckListView.as_view(), name="api-deck-list"),
    path("decks/<str:deck_id>/", saved_decks.DeckDetailView.as_view(), name="api-deck-detail"),
    path("decks/<str:deck_id>/export/", saved_decks.DeckExportView.as_view(), name="api-deck-export"),
    path("decks/<str:deck_id>/fork/", saved_decks.DeckForkView.as_view(), name="api-deck-fork"),
    path("decks/<str:deck_id>/opening-hand/", saved_decks.DeckOpeningHandView.as_view(), name="api-deck-opening-hand"),
    path("decks/<str:deck_id>/versions/", versions.DeckVersionListView.as_view(), name="api-deck-versions"),
    path("decks/<str:deck_id>/versions/<int:number>/", versions.DeckVersionDetailView.as_view(),
         name="api-deck-version"),
    path("decks/<str:deck_id>/versions/<int:number>/restore/", versions.DeckRestoreView.as_view(),
         name="api-deck-restore"),
    path("decks/<str:deck_id>/diff/", versions.DeckDiffView.as_view(), name="api-deck-diff"),
    path("decks/<str:deck_id>/ownership/", collection.DeckOwnershipView.as_view(), name="api-deck-ownership"),
    path("decks/<str:deck_id>/like/", community.DeckLikeView.as_view(), name="api-deck-like"),
    path("decks/<str:deck_id>/tags/", community.DeckTagsView.as_view(), name="api-deck-tags"),
    path("decks/<str:deck_id>/comments/", community.DeckCommentsView.as_view(), name="api-deck-comments"),
    path("comments/<int:comment_id>/", community.CommentDetailView.as_view(), name="api-comment"),
    path("comments/<int:comment_id>/report/", community.CommentReportView.as_view(), name="api-comment-report"),
    path("authors/<str:username>/", community.AuthorView.as_view(), name="api-author"),
    path("collection/", collection.CollectionView.as_view(), name="api-collection"),
    path("collection/export/", collection.CollectionExportView.as_view(), name="api-collection-export"),
]
