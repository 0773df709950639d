"""Versus as a Django app of its own (`rules.play.mode_app` says what that means)."""
from rules.play import mode_app


class VersusConfig(mode_app.ModeConfig):
    name = "rules.versus"
    label = "rules_versus"
    verbose_name = "Versus"
