"""Goldfish as a Django app of its own: its folder holds its pages' templates, its static files, its template tags and
its commands beside its Python (issue 36: a game feature in one folder). Its label is not `rules`: the models it
plays on stay the rules app's (rules/models.py, rules/migrations/), so no table and no migration moves."""
from django.apps import AppConfig


class GoldfishConfig(AppConfig):
    name = "rules.goldfish"
    label = "rules_goldfish"
    verbose_name = "Goldfish"
