"""Balance reports: one permanent, shareable page per card set and rule set (`/lab/reports/<id>/`).

A report starts lab studies (rules/lab/services.py) and reads them back: the six starters' matchup matrix at one CPU level
(its win rates and rules health), and each starter's card impact table in greedy goldfish. A report may carry errata,
played by all its studies, and two reports compare side by side (`compare`): each starter's overall win rate and
full-circle share, and each card's measured worth, before and after.
"""
from __future__ import annotations

from typing import Any

from cards.catalogue import play_catalogue
from cataclysm_site.api_errors import ApiError
from rules.engine.studyrequest import DEFAULT_PLAYER, StudyRequest, player_words
from rules.lab import services as lab
from rules.lab.releases import of_release, release_slug
from rules.models import BalanceReport, Simulation
from rules.play.actors import Actor

LEVELS = ("cpu:easy", "cpu:normal", "cpu:hard", "greedy", "random")
MAX_GAMES = 2000          # games per pair of starters in the matrix
MAX_IMPACT_GAMES = 400    # seeds of each starter's card impact study
BAD_REPORT = "bad_report"
NO_REPORT = "no_report"   # no report to compare: none under a release, or none at a CPU level both releases have


def start_report(*, actor: Actor, level: str = DEFAULT_PLAYER, games: int = 100, impact_games: int = 50,
                 variants: list[str] | None = None, errata: Any = None, title: str = "") -> BalanceReport:
    """Start the report's studies (public: the report is shareable) and save it; 400 for bad inputs."""
    if level not in LEVELS:
        raise ApiError(BAD_REPORT, f"The level is one of: {', '.join(LEVELS)}.", extra={"path": "level"})
    for name, value, most in (("games", games, MAX_GAMES), ("impact_games", impact_games, MAX_IMPACT_GAMES)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
            raise ApiError(BAD_REPORT, f"`{name}` is from 1 to {most}.", extra={"path": name})
    catalogue = play_catalogue()   # the release its studies play (lab.study_card_set)
    starters = sorted(catalogue.starter_decks)
    common = StudyRequest(kind="matrix", decks=tuple(starters), games=games, variants=tuple(variants or ()),
                          public=True, errata=errata or None)
    matrix = lab.start_study(actor=actor, request=common.replace(p1=level, p2=level), trusted=True)
    impact = {slug: lab.start_study(actor=actor, request=common.replace(
        kind="card_impact", decks=(slug,), games=impact_games, bot="greedy"), trusted=True).pk for slug in starters}
    rules = ", ".join(matrix.study.get("variants", [])) or "the rulebook as printed"
    return BalanceReport.objects.create(
        owner=actor.user if getattr(actor.user, "is_authenticated", False) else None,
        title=title or f"Balance with {player_words(level)}: {rules}{' with errata' if errata else ''}", level=level,
        variants=matrix.study.get("variants", []), errata=errata or None, data_hash=matrix.study["data_hash"],
        studies={"matrix": matrix.pk, "impact": impact})


def report_data(report: BalanceReport) -> dict[str, Any]:
    """Each study refreshed (lab.refresh), the matrix and impact results, and whether all are done."""
    ids = [report.studies["matrix"], *report.studies["impact"].values()]
    sims = {sim.pk: lab.refresh(sim) for sim in Simulation.objects.filter(pk__in=ids)}
    matrix = sims[report.studies["matrix"]]
    impacts = [(slug, sims[sim_id]) for slug, sim_id in report.studies["impact"].items()]
    results = matrix.results or {}
    return {"report": report, "matrix": matrix, "impacts": impacts, "health": results.get("rules_health"),
            "done": all(sim.status == "done" for sim in sims.values()),
            "failed": [sim for sim in sims.values() if sim.status in ("failed", "cancelled")],
            "overall": [{"deck": name, **row, "percent": round(100 * row["win_rate"], 1)}
                        for name, row in (results.get("overall") or {}).items()]}


def export(data: dict[str, Any]) -> dict[str, Any]:
    """The report as JSON: its inputs and every study's results."""
    report = data["report"]
    return {"id": report.pk, "title": report.title, "release": release_slug(report), "level": report.level,
            "variants": report.variants,
            "errata": report.errata, "data_hash": report.data_hash, "matrix": data["matrix"].results,
            "impact": {slug: sim.results for slug, sim in data["impacts"]}}


def release_pair(before, after, level: str | None = None) -> tuple[BalanceReport, BalanceReport, list[str]]:
    """"Playtest 1.0 vs 1.1": each release's latest report at one CPU level, and every level both have reports at
    (newest first). A matrix played at another level answers another question, so reports are paired by level:
    `level`, or by default the level of the later release's newest report that the earlier one has a report at too.
    ApiError `no_report` (404) when a release has no report, or none at a level both have."""
    found = [of_release(BalanceReport.objects.filter(data_hash=r.data_hash), r) for r in (before, after)]
    for release, reports in zip((before, after), found):
        if not reports:
            raise ApiError(NO_REPORT, f"No balance report was played under {release.name} yet: start one while it "
                           "is current.", status_code=404)
    earlier = {report.level for report in found[0]}
    levels = list(dict.fromkeys(report.level for report in found[1] if report.level in earlier))
    if not levels or (level is not None and level not in levels):
        asked = f"at {level}" if level else "at the same CPU level"
        raise ApiError(NO_REPORT, f"{before.name} and {after.name} have no balance reports {asked} (levels with a "
                       f"report under both: {', '.join(levels) or 'none'}): start one at the level you want to "
                       "compare.", status_code=404)
    chosen = level or levels[0]
    return (next(r for r in found[0] if r.level == chosen), next(r for r in found[1] if r.level == chosen), levels)


def compare(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Two reports side by side: per starter its overall win rate and full-circle share, per card what one copy
    adds, each before (a) and after (b) with the change."""
    def overall(data):
        return {row["deck"]: row["win_rate"] for row in data["overall"]}

    def heroes(data):
        return (data["health"] or {}).get("by_hero", {})

    def worth(data):
        out = {}
        for slug, sim in data["impacts"]:
            for row in (sim.results or {}).get("cards", []):
                if row["one_copy"]:
                    out[(slug, row["card"])] = (row["name"], row["one_copy"]["mean"])
        return out

    decks = []
    for name in sorted(set(overall(a)) | set(overall(b))):
        before, after = overall(a).get(name), overall(b).get(name)
        decks.append({"deck": name, "before": before, "after": after,
                      "change": round(after - before, 4) if before is not None and after is not None else None})
    circle = [{"hero": hero, "before": heroes(a).get(hero, {}).get("full_circle_share"),
               "after": heroes(b).get(hero, {}).get("full_circle_share")}
              for hero in sorted(set(heroes(a)) | set(heroes(b)))]
    cards = []
    wa, wb = worth(a), worth(b)
    for key in sorted(set(wa) | set(wb)):
        before, after = wa.get(key, (None, None))[1], wb.get(key, (None, None))[1]
        name = (wa.get(key) or wb.get(key))[0]
        cards.append({"starter": key[0], "card": key[1], "name": name, "before": before, "after": after,
                      "change": round(after - before, 4) if before is not None and after is not None else None})
    cards.sort(key=lambda row: -abs(row["change"] or 0))
    return {"decks": decks, "full_circle": circle, "cards": cards}
