"""API URLs of live tables (mounted under /api/)."""
from django.urls import path

from rules.live import api

urlpatterns = [
    path("tables/", api.TableListView.as_view(), name="api-tables"),
    path("tables/leaderboard/", api.LeaderboardView.as_view(), name="api-tables-leaderboard"),
    path("tables/<str:table_id>/", api.TableDetailView.as_view(), name="api-table-detail"),
    path("tables/<str:table_id>/join/", api.TableJoinView.as_view(), name="api-table-join"),
    path("tables/<str:table_id>/actions/", api.TableActView.as_view(), name="api-table-act"),
    path("tables/<str:table_id>/resign/", api.TableResignView.as_view(), name="api-table-resign"),
    path("tables/<str:table_id>/draw/", api.TableDrawView.as_view(), name="api-table-draw"),
    path("tables/<str:table_id>/claim/", api.TableClaimView.as_view(), name="api-table-claim"),
    path("tables/<str:table_id>/computer/", api.TableComputerView.as_view(), name="api-table-computer"),
    path("tables/<str:table_id>/computer/<int:seat>/", api.TableComputerSeatView.as_view(),
         name="api-table-computer-seat"),
    path("tables/<str:table_id>/rematch/", api.TableRematchView.as_view(), name="api-table-rematch"),
    path("tables/<str:table_id>/chat/", api.TableChatView.as_view(), name="api-table-chat"),
    path("tables/<str:table_id>/mute/", api.TableMuteView.as_view(), name="api-table-mute"),
    path("tables/<str:table_id>/replay/", api.TableReplayView.as_view(), name="api-table-replay"),
    path("tables/<str:table_id>/replay/<int:step>/", api.TableReplayFrameView.as_view(), name="api-table-replay-frame"),
]
