"""The lab's pages: `/lab/` (start a study, my studies) and `/lab/<id>/` (live progress, results, downloads)."""
from __future__ import annotations

import csv
import io
import json

from django import forms
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from cards.catalogue import play_catalogue
from cards.models import Release
from cards.release_api import requested_release
from cataclysm_site.api_errors import ApiError
from rules.engine.studydata import public_study
from rules.engine.studykinds import KINDS, STUDY_KINDS
from rules.engine.studyrequest import DEFAULT_BOT, DEFAULT_GAMES, DEFAULT_PLAYER, StudyRequest, player_words
from rules.lab import api as lab_api
from rules.lab import errataform, evidence
from rules.lab import services as lab
from rules.lab.releases import of_release, release_slug
from rules.models import Seating, Simulation
from rules.play.actors import actor_for
from rules.play.charts import histogram_chart
from rules.play.decks import opponent_decks, variant_choices


class StudyForm(forms.Form):
    kind = forms.ChoiceField(choices=[(k, k) for k in (*KINDS, errataform.KIND)], initial="goldfish")
    decks = forms.MultipleChoiceField(required=False, choices=())
    errata_vs = forms.ChoiceField(required=False, choices=())   # an erratum's opponent (none: goldfish)
    games = forms.IntegerField(min_value=1, initial=DEFAULT_GAMES)
    seed = forms.IntegerField(required=False, min_value=0)
    # Not required: the page sends only the fields the chosen kind of study uses (static/js/lab.js).
    # The players in words ("the hard computer"), sent as the engine's names; the request holds their defaults.
    bot = forms.ChoiceField(choices=[(b, player_words(b)) for b in lab.GOLDFISH_BOTS], initial=DEFAULT_BOT,
                            required=False)
    p1 = forms.ChoiceField(choices=[(p, player_words(p)) for p in lab.STUDY_PLAYERS], initial=DEFAULT_PLAYER,
                           required=False)
    p2 = forms.ChoiceField(choices=[(p, player_words(p)) for p in lab.STUDY_PLAYERS], initial=DEFAULT_PLAYER,
                           required=False)
    variants = forms.MultipleChoiceField(required=False, choices=variant_choices)
    seating = forms.ChoiceField(choices=Seating.choices, initial=Seating.SIDE_BY_SIDE, required=False)
    teams = forms.BooleanField(required=False)   # a table of four: two against two
    public = forms.BooleanField(required=False)

    def __init__(self, data=None, *args, decks=(), **kwargs):
        if data is not None and "" in data.getlist("decks"):   # a table's empty fourth seat: three players
            data = data.copy()
            data.setlist("decks", [d for d in data.getlist("decks") if d])
        super().__init__(data, *args, **kwargs)
        self.fields["decks"].choices = [(str(d.pk), d.name) for d in decks]
        self.fields["errata_vs"].choices = [("", "")] + self.fields["decks"].choices
        self.pyramid = lab.pyramid_cards(play_catalogue())   # the release studies play
        for slug, name, printed in self.pyramid:   # the Pyramid deck's composition, the printed one to start with
            self.fields[f"pyramid_{slug}"] = forms.IntegerField(label=name, min_value=0, max_value=100,
                                                                initial=printed, required=False)

    def pyramid_fields(self):
        return [(self[f"pyramid_{slug}"], printed) for slug, _, printed in self.pyramid]

    def printed_composition(self) -> str:
        """"30 The Pulse, 10 The Surge": the printed counts, skipping cards the printed deck does not hold."""
        return ", ".join(f"{printed} {name}" for _, name, printed in self.pyramid if printed)

    def composition(self) -> list[dict]:
        return [{"card": slug, "count": self.cleaned_data.get(f"pyramid_{slug}") or 0} for slug, _, _ in self.pyramid]

    def to_request(self, posted) -> StudyRequest:
        """The valid form as the lab's one request; a player or seating the page did not send (its kind does not use
        it: a table's seats follow from its decks) takes the request's default. ApiError for an erratum without a
        card (`study_choices`)."""
        data = self.cleaned_data
        chosen = {name: data[name] for name in ("bot", "p1", "p2", "seating") if data[name]}
        return StudyRequest(**study_choices(data, posted), **chosen, games=data["games"], seed=data.get("seed"),
                            variants=data["variants"], pyramid_deck=self.composition(), teams=data["teams"],
                            public=data["public"])


@require_http_methods(["GET", "POST"])
def start(request):
    """The start form (a deck page's "Simulate" link preselects its deck) and my studies. An erratum's "Edit this
    card" (`action=pick`) shows the picked card's fields and starts nothing."""
    decks = opponent_decks(request.user)
    errors: list[dict] = []
    if request.method == "POST":
        form = StudyForm(request.POST, decks=decks)
        if form.is_valid() and request.POST.get("action") != "pick":
            try:
                sim = lab.start_study(actor=actor_for(request, create=True), request=form.to_request(request.POST))
            except ApiError as exc:
                catalogue = play_catalogue()
                errors = [errataform.error_row(catalogue, exc.error_code, exc.message, exc.extra)] + [
                    {"code": p.get("code", exc.error_code), "message": p["message"]} for p in exc.extra.get("errors", [])]
            else:
                return redirect(sim)
    else:
        form = StudyForm(initial={"decks": request.GET.getlist("deck"), "kind": request.GET.get("kind", "goldfish")},
                         decks=decks)
    actor = actor_for(request)
    release = page_release(request)
    studies = Simulation.objects.of_player(actor.user, actor.session_key)
    if release is not None:
        studies = of_release(studies.filter(study__data_hash=release.data_hash), release)
    status = 400 if request.method == "POST" and (errors or form.errors) else 200
    return render(request, "lab/start.html", {"form": form, "decks": decks, "errors": errors, "studies": studies[:30],
                                              "kinds": kinds(), "shown_for": shown_for(),
                                              "erratum": erratum_editor(request.POST or request.GET),
                                              "releases": Release.objects.all(), "release": release},
                  status=status)


def study_choices(data: dict, posted) -> dict:
    """The kind, decks and errata the form asks for: an erratum is a paired goldfish study of its deck, or a paired
    matchup when an opponent is chosen, of the errata built from the form (errataform.posted_errata)."""
    kind = data["kind"]
    if kind != errataform.KIND:
        # a kind that takes no deck (the Pyramid) sends none: the form keeps them, unsent
        return {"kind": kind, "decks": data["decks"] if STUDY_KINDS[kind].decks[1] else []}
    slug, errata = errataform.posted_errata(play_catalogue(), posted)
    if not slug:
        raise ApiError(lab.BAD_ERRATA, "Pick the card to change.", extra={"path": "errata"})
    vs = [data["errata_vs"]] if data.get("errata_vs") else []
    return {"kind": "matchup" if vs else "goldfish", "decks": data["decks"][:1] + vs, "errata": errata,
            "paired": True}


def erratum_editor(params) -> dict:
    """The erratum editor's choices, the picked card's fields and what they change (errataform.py)."""
    catalogue = play_catalogue()
    slug = params.get(errataform.CARD) or ""
    posted = params if errataform.fields_for(params, slug) else {}
    fields = errataform.editor_fields(catalogue, slug, posted) if slug in catalogue.cards else []
    return {"choices": errataform.card_choices(catalogue), "card": slug, "fields": fields,
            "diff": [f for f in fields if f["changed"]], "label": errataform.LABEL}


def kinds() -> list[dict]:
    """The start form's kinds: the registry's (rules/engine/studykinds.py), then an erratum (a paired study)."""
    return [{"name": k.name, "label": k.label} for k in STUDY_KINDS.values()] + [
        {"name": errataform.KIND, "label": errataform.LABEL}]


def page_release(request):
    """The release a page's `?release=` filters by (None: all); an unknown one is a 404 page."""
    try:
        return requested_release(request.GET.get("release"))
    except ApiError as exc:
        raise Http404(exc.message) from None


def shown_for() -> dict[str, str]:
    """Each field group of the start form -> the kinds that use it, as the page's `data-kinds` (static/js/lab.js
    shows a group only for its kinds)."""
    groups: dict[str, list[str]] = {}
    for name, fields in [(k.name, k.fields) for k in STUDY_KINDS.values()] + [(errataform.KIND,
                                                                                errataform.FIELD_GROUPS)]:
        for group in fields:
            groups.setdefault(group, []).append(name)
        if "table" not in fields:   # a table's seats follow from its decks (RULINGS 41): no seating to choose
            groups.setdefault("seating", []).append(name)
    return {group: " ".join(names) for group, names in groups.items()}


def study(request, sim_id, *, apply_error: ApiError | None = None):
    """One study: a live progress bar while it runs (static/js/lab.js polls the API), then its results; to staff, a
    finished paired errata study offers "Add these errata to the draft" (rules/lab/evidence.py)."""
    sim = lab.refresh(lab_api.readable(request, sim_id))
    results = sim.results or {}
    charts = [histogram_chart(title, results.get(key)) for title, key in
              (("Legacy after the Cataclysm", "legacy"), ("Round of the Cataclysm", "rounds")) if results.get(key)]
    slug = release_slug(sim)
    return render(request, "lab/study.html", {
        "sim": sim, "progress": lab.progress(sim), "results": results, "charts": charts,
        "is_owner": actor_for(request).may_act_in(sim), "kind_label": kind_label(sim),
        "release": Release.objects.filter(slug=slug).first() if slug else None,
        "applied": evidence.applied(sim), "may_apply": evidence.refusal(sim, request.user) is None,
        "apply_error": apply_error,
    }, status=apply_error.status_code if apply_error else 200)


def kind_label(sim) -> str:
    """What the study is, as the start form offered it: a paired errata study is "An erratum", in its kind."""
    label = STUDY_KINDS[sim.kind].label
    return f"{errataform.LABEL} · {label}" if sim.study.get("paired") and sim.study.get("errata") else label


@require_POST
def apply_errata(request, sim_id):
    """Staff add a finished paired errata study's errata to the draft; a refusal shows on the study's page."""
    sim = lab.refresh(lab_api.readable(request, sim_id))
    try:
        evidence.apply_to_draft(sim, request.user)
    except ApiError as exc:
        return study(request, sim_id, apply_error=exc)
    return redirect(sim)


@require_POST
def cancel(request, sim_id):
    sim = lab_api.owned(request, sim_id)
    lab.cancel(lab.refresh(sim))
    return redirect(sim)


def download(request, sim_id, fmt):
    """The results as JSON (everything) or CSV (one row per figure)."""
    if fmt not in ("json", "csv"):
        raise Http404("Results come as results.json or results.csv.")
    sim = lab_api.readable(request, sim_id)
    body = {"id": sim.pk, "title": sim.title, "release": release_slug(sim), "study": public_study(sim.study),
            "status": sim.status,
            "results": sim.results}
    if fmt == "json":
        response = HttpResponse(json.dumps(body, indent=1), content_type="application/json")
    else:
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["figure", "value"])
        for key, value in flatten(sim.results or {}):
            writer.writerow([key, value])
        response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="study-{sim.pk}.{fmt}"'
    return response


def flatten(value, prefix=""):
    """(dotted name, value) for every number and text in nested results (histograms as name.i.field)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from flatten(item, f"{prefix}{key}.")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from flatten(item, f"{prefix}{index}.")
    else:
        yield prefix.rstrip("."), value
