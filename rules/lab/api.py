"""The lab API: start a study (202), follow it, cancel it, list mine. Thin views over `rules.lab`.

Only the owner (their account, or their browser session when anonymous) sees a private study: anyone else gets 404.
Limits: games per study (more when signed in) -> 400 `bad_games`; studies running at once -> 429 `too_many_studies`.
"""
from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.release_api import requested_release
from decks.serializers import ErrorSerializer
from rules.lab import evidence
from rules.lab import serializers as s
from rules.lab import services as lab
from rules.lab.releases import of_release
from rules.models import Simulation
from rules.play.actors import actor_for

TAGS = ["lab"]
E400 = OpenApiResponse(ErrorSerializer, description="`invalid`, `bad_kind`, `bad_decks`, `bad_games`, `bad_player`, "
                       "`bad_pyramid`, `bad_errata` (with the `path` that is wrong or that the engine would not play), `bad_target_width`, `bad_filler`, "
                       "`bad_teams` (a team game that is not a table of four), "
                       "`invalid_variant`, `bad_seating`, `invalid_deck` (a deck the validator refuses).")
E404 = OpenApiResponse(ErrorSerializer, description="`not_found`: no study (or readable deck) with this id.")
E404_RELEASE = OpenApiResponse(ErrorSerializer, description="`release_not_found`: no release with that slug.")
RELEASE = OpenApiParameter("release", str, description="Only the studies played under this release (its slug).")
E400_APPLY = OpenApiResponse(ErrorSerializer, description="`not_a_paired_errata_study`: no errata measured.")
E403_APPLY = OpenApiResponse(ErrorSerializer, description="`staff_only`: only staff add errata to the draft.")
E409_APPLY = OpenApiResponse(ErrorSerializer, description="`study_not_finished`, `errata_already_applied`, "
                             "`errata_already_in_draft`, `errata_do_not_apply` (the draft changed under them).")
E429 = OpenApiResponse(ErrorSerializer, description="`too_many_studies`: wait for one to finish or cancel it.")


def readable(request, sim_id: str) -> Simulation:
    sim = lab.readable_study(actor_for(request), sim_id)
    if sim is None:
        raise Http404("No study with this id.")
    return sim


def owned(request, sim_id: str) -> Simulation:
    sim = readable(request, sim_id)
    if not actor_for(request).may_act_in(sim):
        raise Http404("No study of yours with this id.")
    return sim


class SimulationListView(APIView):
    permission_classes = [AllowAny]
    throttle_scope = "expensive"   # starting a study: the per-client limit on costly requests (reading too)

    @extend_schema(tags=TAGS, summary="My studies, most recent first", parameters=[RELEASE],
                   responses={200: s.StudySerializer(many=True), 404: E404_RELEASE})
    def get(self, request):
        actor = actor_for(request)
        release = requested_release(request.query_params.get("release"))
        sims = Simulation.objects.of_player(actor.user, actor.session_key)
        if release is not None:
            sims = of_release(sims.filter(study__data_hash=release.data_hash), release)
        sims = sims[:50]
        return Response(s.StudySerializer([s.simulation_data(sim) for sim in sims], many=True).data)

    @extend_schema(tags=TAGS, summary="Start a study: it runs in the background, split into seeded chunks",
                   request=s.StudyStartSerializer,
                   responses={202: s.StudySerializer, 400: E400, 404: E404, 429: E429})
    def post(self, request):
        serializer = s.StudyStartSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        sim = lab.start_study(actor=actor_for(request, create=True), request=serializer.to_request())
        return Response(s.StudySerializer(s.simulation_data(sim)).data, status=status.HTTP_202_ACCEPTED)


class SimulationDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="A study: status, progress and, once done, its results",
                   responses={200: s.StudySerializer, 404: E404})
    def get(self, request, sim_id: str):
        sim = lab.refresh(readable(request, sim_id))
        return Response(s.StudySerializer(s.simulation_data(sim)).data)


class SimulationCancelView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="Cancel my study (a finished one stays as it is)", request=None,
                   responses={200: s.StudySerializer, 404: E404})
    def post(self, request, sim_id: str):
        sim = lab.cancel(lab.refresh(owned(request, sim_id)))
        return Response(s.StudySerializer(s.simulation_data(sim)).data)


class SimulationApplyErrataView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="Add a finished paired errata study's errata to the draft (staff)", request=None,
                   description="Writes the errata into the draft (the database's cards) and records the study as "
                   "the evidence of each changed card's next published release.",
                   responses={200: s.StudySerializer, 400: E400_APPLY, 403: E403_APPLY, 404: E404, 409: E409_APPLY})
    def post(self, request, sim_id: str):
        sim = lab.refresh(readable(request, sim_id))
        evidence.apply_to_draft(sim, request.user)
        return Response(s.StudySerializer(s.simulation_data(sim)).data)
