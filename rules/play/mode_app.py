"""What makes a game mode a Django app of its own, said once for every mode (issue 36: a game feature in one folder).
"""
from django.apps import AppConfig


class ModeConfig(AppConfig):
    """A game mode's app: its folder holds its pages' templates, its static files, its template tags and its commands
    beside its Python. Its label is not `rules` (each mode names its own, `rules_<mode>`): the models it plays on stay
    the rules app's (rules/models.py, rules/migrations/), so no table and no migration moves.

    A mode's apps.py imports this module, not the class: Django takes the one AppConfig class an apps.py holds as
    the app's, and two would leave it guessing."""
