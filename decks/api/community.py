"""The community: likes, tags, comments, reports and authors (writes throttled)."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.catalogue import get_catalogue
from cataclysm_site.throttling import AnonRateThrottle, CommunityWriteThrottle, UserRateThrottle
from decks import community_services, selectors
from decks import serializers as s
from decks.api.common import DECK_ID, E403, E404, editable_deck

COMMUNITY_THROTTLES = [AnonRateThrottle, UserRateThrottle, CommunityWriteThrottle]
E400_COMMUNITY = OpenApiResponse(s.ErrorSerializer, description="`not_public` (only public decks take likes and "
                                 "comments), `own_deck`, `own_comment`, `invalid_comment`, `invalid_tag`, "
                                 "`invalid_reason` or `invalid`.")
E429 = OpenApiResponse(s.ErrorSerializer, description="`throttled`: too many writes; wait `Retry-After` seconds.")
COMMENT_ID = OpenApiParameter("comment_id", int, OpenApiParameter.PATH, description="The comment's id.")


class CommunityView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    throttle_classes = COMMUNITY_THROTTLES


class DeckLikeView(CommunityView):
    @extend_schema(tags=["community"], summary="Like (favourite) a public deck", parameters=[DECK_ID], request=None,
                   responses={200: s.LikeSerializer, 400: E400_COMMUNITY, 403: E403, 404: E404, 429: E429})
    def post(self, request, deck_id):
        deck = selectors.get_readable_deck(request.user, deck_id, with_cards=False)
        return Response({"liked": True, "likes": community_services.deck_like(user=request.user, deck=deck)})

    @extend_schema(tags=["community"], summary="Stop liking a deck", parameters=[DECK_ID], request=None,
                   responses={200: s.LikeSerializer, 403: E403, 404: E404, 429: E429})
    def delete(self, request, deck_id):
        deck = selectors.get_readable_deck(request.user, deck_id, with_cards=False)
        likes = community_services.deck_like(user=request.user, deck=deck, liked=False)
        return Response({"liked": False, "likes": likes})


class DeckTagsView(CommunityView):
    @extend_schema(tags=["community"], summary="A deck's tags", parameters=[DECK_ID],
                   responses={200: s.TagsSerializer, 404: E404})
    def get(self, request, deck_id):
        deck = selectors.get_readable_deck(request.user, deck_id, with_cards=False)
        return Response({"tags": sorted(tag.slug for tag in deck.tags.all())})

    @extend_schema(tags=["community"], summary="Set your deck's tags", parameters=[DECK_ID], request=s.TagsSerializer,
                   responses={200: s.TagsSerializer, 400: E400_COMMUNITY, 403: E403, 404: E404, 429: E429})
    def put(self, request, deck_id):
        deck = editable_deck(request, deck_id)
        serializer = s.TagsSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response({"tags": community_services.deck_set_tags(deck=deck, names=serializer.validated_data["tags"])})


class DeckCommentsView(CommunityView):
    @extend_schema(tags=["community"], summary="A deck's comments, oldest first (the owner also sees hidden ones)",
                   parameters=[DECK_ID], responses={200: s.CommentSerializer(many=True), 404: E404})
    def get(self, request, deck_id):
        deck = selectors.get_readable_deck(request.user, deck_id, with_cards=False)
        comments = selectors.deck_community(request.user, deck)["comments"]
        return Response(s.CommentSerializer(comments, many=True, context={"catalogue": get_catalogue()}).data)

    @extend_schema(tags=["community"], summary="Comment on a public deck (Markdown)", parameters=[DECK_ID],
                   request=s.CommentWriteSerializer,
                   responses={201: s.CommentSerializer, 400: E400_COMMUNITY, 403: E403, 404: E404, 429: E429})
    def post(self, request, deck_id):
        deck = selectors.get_readable_deck(request.user, deck_id, with_cards=False)
        serializer = s.CommentWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        comment = community_services.comment_create(author=request.user, deck=deck,
                                                    body=serializer.validated_data["body"])
        return Response(s.CommentSerializer(comment, context={"catalogue": get_catalogue()}).data,
                        status=status.HTTP_201_CREATED)


class CommentDetailView(CommunityView):
    @extend_schema(tags=["community"], summary="Hide a comment on your deck, or show it again",
                   parameters=[COMMENT_ID], request=s.CommentHideSerializer,
                   responses={200: s.CommentSerializer, 400: E400_COMMUNITY, 403: E403, 404: E404, 429: E429})
    def patch(self, request, comment_id):
        comment = selectors.get_comment(comment_id)
        serializer = s.CommentHideSerializer(data=request.data, partial=True)   # PATCH: {} changes nothing
        serializer.is_valid(raise_exception=True)
        community_services.comment_hide(user=request.user, comment=comment,
                              hidden=serializer.validated_data.get("hidden", comment.hidden))
        return Response(s.CommentSerializer(comment, context={"catalogue": get_catalogue()}).data)

    @extend_schema(tags=["community"], summary="Delete your own comment", parameters=[COMMENT_ID],
                   responses={204: None, 403: E403, 404: E404, 429: E429})
    def delete(self, request, comment_id):
        community_services.comment_delete(user=request.user, comment=selectors.get_comment(comment_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class CommentReportView(CommunityView):
    @extend_schema(tags=["community"], summary="Report a comment to the staff", parameters=[COMMENT_ID],
                   request=s.ReportSerializer,
                   responses={201: s.ReportResponseSerializer, 400: E400_COMMUNITY, 403: E403, 404: E404, 429: E429})
    def post(self, request, comment_id):
        serializer = s.ReportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        report = community_services.comment_report(reporter=request.user, comment=selectors.get_comment(comment_id),
                                         reason=serializer.validated_data["reason"])
        return Response({"comment": report.comment_id, "reason": report.reason}, status=status.HTTP_201_CREATED)


class AuthorView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=["community"], summary="A player: public decks, likes received, comments written "
                                               "(list the decks with /api/decks/?author=)",
                   parameters=[OpenApiParameter("username", str, OpenApiParameter.PATH)],
                   responses={200: s.AuthorSerializer, 404: E404})
    def get(self, request, username):
        return Response(selectors.author_summary(selectors.get_author(username)))
