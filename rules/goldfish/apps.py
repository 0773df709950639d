"""Goldfish as a Django app of its own (`rules.play.mode_app` says what that means)."""
from rules.play import mode_app


class GoldfishConfig(mode_app.ModeConfig):
    name = "rules.goldfish"
    label = "rules_goldfish"
    verbose_name = "Goldfish"
