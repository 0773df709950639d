"""`{% include sim.kind|results_template %}`: the page fragment a kind of study shows its results with (the
registry of study kinds, rules/engine/studykinds.py), wherever a study's results are shown."""
from django import template

from rules.engine.studykinds import STUDY_KINDS

register = template.Library()


@register.filter
def results_template(kind: str) -> str:
    return STUDY_KINDS[kind].results_template
