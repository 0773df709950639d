"""The workbench closes the loop (issue 32): a finished paired errata study's errata go into the draft, and the study
becomes the evidence of those cards' next published change.

Staff only. The errata are applied to the draft as it is now (the database's cards, through
`cards.services.write_draft_cards`, so text, content hashes and search words follow), and one `ReleaseEvidence` row
per changed card waits for the next release that changes the card (`cards.releases.publish` takes them): its
changelog links the study and its measured effect. A study is applied once; anything else is refused with a code.
"""
from __future__ import annotations

from typing import Any

from django.db import transaction

from cards.catalogue import card_def_to_data, get_catalogue
from cards.models import ReleaseEvidence
from cards.services import CatalogueDataError, write_draft_cards
from cataclysm_site.api_errors import ApiError
from rules.engine import errata as errata_rules
from rules.models import Simulation, SimulationStatus

STAFF_ONLY, NOT_FINISHED, NOT_ERRATA = "staff_only", "study_not_finished", "not_a_paired_errata_study"
ALREADY_APPLIED, IN_DRAFT, NO_LONGER = "errata_already_applied", "errata_already_in_draft", "errata_do_not_apply"


def measured_effect(sim: Simulation) -> dict[str, Any]:
    """The paired study's effect, as a changelog shows it: the measure, the mean difference (errata minus printed)
    with its 95% interval, and the pairs of games it rests on."""
    results = sim.results or {}
    difference = results.get("difference") or {}
    return {"measure": results.get("measure", ""), "mean": difference.get("mean"),
            "interval": difference.get("interval"), "games": results.get("games")}


def applied(sim: Simulation) -> list[ReleaseEvidence]:
    """The evidence rows this study left (empty: its errata were never added to the draft)."""
    return list(ReleaseEvidence.objects.filter(study=sim.pk).select_related("release"))


def refusal(sim: Simulation, user) -> ApiError | None:
    """Why this user may not add this study's errata to the draft now, or None when they may."""
    if not getattr(user, "is_staff", False):
        return ApiError(STAFF_ONLY, "Only the site's staff add errata to the draft.", status_code=403)
    if not (sim.study.get("errata") and sim.study.get("paired")):
        return ApiError(NOT_ERRATA, "Only a paired errata study measures errata against the printed cards: this "
                        "study has none to add.", status_code=400)
    if sim.status != SimulationStatus.DONE:
        return ApiError(NOT_FINISHED, f"The study is {sim.status}: its errata can be added once it has finished.",
                        status_code=409)
    if ReleaseEvidence.objects.filter(study=sim.pk).exists():
        return ApiError(ALREADY_APPLIED, "This study's errata were added to the draft already.", status_code=409)
    return None


def apply_to_draft(sim: Simulation, user) -> list[str]:
    """Write the study's errata into the draft and record the study as the evidence of each changed card's next
    release; return the cards changed. Raises ApiError (see `refusal`; 409 when the draft holds them already or
    they no longer apply to it)."""
    problem = refusal(sim, user)
    if problem is not None:
        raise problem
    catalogue = get_catalogue()
    cards = [card_def_to_data(card) for card in catalogue.cards.values()]
    try:
        changed = errata_rules.apply(catalogue, cards, sim.study["errata"])
    except errata_rules.ErrataError as exc:
        raise ApiError(NO_LONGER, f"The errata no longer apply to the draft ({exc.path}: {exc.message}).",
                       status_code=409, extra={"path": exc.path}) from None
    erratum = {slug: card for slug, card in zip(catalogue.cards, changed) if slug in sim.study["errata"]}
    with transaction.atomic():
        if ReleaseEvidence.objects.select_for_update().filter(study=sim.pk).exists():   # a double click
            raise ApiError(ALREADY_APPLIED, "This study's errata were added to the draft already.", status_code=409)
        try:
            written = write_draft_cards(erratum)
        except CatalogueDataError as exc:
            raise ApiError(NO_LONGER, f"The errata no longer apply to the draft ({exc}).", status_code=409) from None
        if not written:
            raise ApiError(IN_DRAFT, "The draft already holds these errata: nothing to add.", status_code=409)
        effect = measured_effect(sim)
        ReleaseEvidence.objects.bulk_create(
            ReleaseEvidence(card=slug, study=sim.pk, title=sim.title, url=sim.get_absolute_url(), effect=effect,
                            added_by=user) for slug in written)
    return written
