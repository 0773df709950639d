"""API URLs of the decks app (mounted under /api/), plus the token endpoint for API clients."""
from django.urls import path

from cataclysm_site.accounts import DeleteAccountView, ObtainTokenView, PasswordResetView
from decks import api

urlpatterns = [
    path("auth/token/", ObtainTokenView.as_view(), name="api-token"),
    path("auth/password-reset/", PasswordResetView.as_view(), name="api-password-reset"),
    path("auth/delete-account/", DeleteAccountView.as_view(), name="api-delete-account"),
    path("decks/validate/", api.ValidateDecklistView.as_view(), name="api-deck-validate"),
    path("decks/stats/", api.DecklistStatsView.as_view(), name="api-deck-stats"),
    path("decks/export/", api.DecklistExportView.as_view(), name="api-decklist-export"),
    path("decks/opening-hand/", api.DecklistOpeningHandView.as_view(), name="api-decklist-opening-hand"),
    path("decks/", api.DeckListView.as_view(), name="api-deck-list"),
    path("decks/<str:deck_id>/", api.DeckDetailView.as_view(), name="api-deck-detail"),
    path("decks/<str:deck_id>/export/", api.DeckExportView.as_view(), name="api-deck-export"),
    path("decks/<str:deck_id>/fork/", api.DeckForkView.as_view(), name="api-deck-fork"),
    path("decks/<str:deck_id>/opening-hand/", api.DeckOpeningHandView.as_view(), name="api-deck-opening-hand"),
    path("decks/<str:deck_id>/versions/", api.DeckVersionListView.as_view(), name="api-deck-versions"),
    path("decks/<str:deck_id>/versions/<int:number>/", api.DeckVersionDetailView.as_view(), name="api-deck-version"),
    path("decks/<str:deck_id>/versions/<int:number>/restore/", api.DeckRestoreView.as_view(), name="api-deck-restore"),
    path("decks/<str:deck_id>/diff/", api.DeckDiffView.as_view(), name="api-deck-diff"),
    path("decks/<str:deck_id>/ownership/", api.DeckOwnershipView.as_view(), name="api-deck-ownership"),
    path("decks/<str:deck_id>/like/", api.DeckLikeView.as_view(), name="api-deck-like"),
    path("decks/<str:deck_id>/tags/", api.DeckTagsView.as_view(), name="api-deck-tags"),
    path("decks/<str:deck_id>/comments/", api.DeckCommentsView.as_view(), name="api-deck-comments"),
    path("comments/<int:comment_id>/", api.CommentDetailView.as_view(), name="api-comment"),
    path("comments/<int:comment_id>/report/", api.CommentReportView.as_view(), name="api-comment-report"),
    path("authors/<str:username>/", api.AuthorView.as_view(), name="api-author"),
    path("collection/", api.CollectionView.as_view(), name="api-collection"),
    path("collection/export/", api.CollectionExportView.as_view(), name="api-collection-export"),
]
