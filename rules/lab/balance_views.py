"""Pages of the balance reports (rules/lab/balance.py): start one, read it, download it, compare two. Thin views."""
from __future__ import annotations

import json

from django import forms
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from cards.models import Release
from cards.release_api import requested_release
from cataclysm_site.api_errors import ApiError
from rules.engine.studyrequest import DEFAULT_PLAYER, player_words
from rules.lab import balance
from rules.lab.releases import of_release, release_names, release_slug
from rules.lab.views import page_release
from rules.models import BalanceReport
from rules.play.actors import actor_for
from rules.play.decks import variant_choices


class ReportForm(forms.Form):
    # the menu names each level in words (the values stay the engine's player names)
    level = forms.ChoiceField(choices=[(level, player_words(level)) for level in balance.LEVELS],
                              initial=DEFAULT_PLAYER, label="Who plays both sides")
    games = forms.IntegerField(min_value=1, max_value=balance.MAX_GAMES, initial=100,
                               help_text="Games per pair of starters.")
    impact_games = forms.IntegerField(min_value=1, max_value=balance.MAX_IMPACT_GAMES, initial=50,
                                      help_text="Seeds of each starter's card impact study.")
    variants = forms.MultipleChoiceField(required=False, choices=variant_choices)
    errata = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 3}),
                             help_text='What-if errata as JSON, e.g. {"kalen-vos": {"rarity": "uncommon"}}.')


def get_report(report_id: str) -> BalanceReport:
    report = BalanceReport.objects.filter(pk=report_id).first()
    if report is None:
        raise Http404("No balance report with this id.")
    return report


@require_http_methods(["GET", "POST"])
def reports(request):
    """Start a report, and the latest reports (every report is public: it is made to be shared)."""
    errors: list[str] = []
    form = ReportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            errata = json.loads(data["errata"]) if data["errata"].strip() else None
            report = balance.start_report(actor=actor_for(request, create=True), level=data["level"],
                                          games=data["games"], impact_games=data["impact_games"],
                                          variants=data["variants"], errata=errata)
        except json.JSONDecodeError as exc:
            errors = [f"The errata are not JSON: {exc}"]
        except ApiError as exc:
            errors = [exc.message]
        else:
            return redirect(report)
    status = 400 if request.method == "POST" else 200
    release = page_release(request)
    shown = BalanceReport.objects.all()
    if release is not None:
        shown = of_release(shown.filter(data_hash=release.data_hash), release)
    names, releases = release_names(), list(Release.objects.all())
    shown = list(shown[:30])
    for item in shown:
        item.release_name = names.get(release_slug(item))
    return render(request, "lab/reports.html", {"form": form, "errors": errors, "reports": shown,
                                                "release": release, "releases": releases,
                                                "latest_pair": releases[1::-1] if len(releases) > 1 else None},
                  status=status)


def report(request, report_id):
    data = balance.report_data(get_report(report_id))
    slug = release_slug(data["report"])
    return render(request, "lab/report.html", {**data, "release": Release.objects.filter(slug=slug).first()})


def report_json(request, report_id):
    body = balance.export(balance.report_data(get_report(report_id)))
    response = HttpResponse(json.dumps(body, indent=1), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="balance-{report_id}.json"'
    return response


def compare(request, report_id, other_id):
    before, after = balance.report_data(get_report(report_id)), balance.report_data(get_report(other_id))
    return render(request, "lab/report_compare.html", {
        "before": before, "after": after, "compared": balance.compare(before, after),
        "sides": [{"label": "Before", "data": before}, {"label": "After", "data": after}]})


def release_compare(request, before_slug, after_slug):
    """'Playtest 1.0 vs 1.1': each release's latest balance report at one CPU level (`?level=`, by default the
    newest both have), the matrix and card impact side by side."""
    releases = [page_release_slug(slug) for slug in (before_slug, after_slug)]
    try:
        *pair, levels = balance.release_pair(*releases, request.GET.get("level") or None)
    except ApiError as exc:
        raise Http404(exc.message) from None
    sides = [balance.report_data(report) for report in pair]
    return render(request, "lab/report_compare.html", {
        "before": sides[0], "after": sides[1], "compared": balance.compare(*sides), "releases": releases,
        "level": pair[0].level, "levels": levels,
        "sides": [{"label": f"{r.name} with {player_words(report.level)}", "data": d} for r, report, d in zip(releases, pair, sides)]})


def page_release_slug(slug: str) -> Release:
    try:
        return requested_release(slug)
    except ApiError as exc:
        raise Http404(exc.message) from None
