from django.apps import AppConfig


class FeedbackConfig(AppConfig):
    """What players saw: card statistics from live games and playtest notes (its templates and template tags)."""

    name = "rules.feedback"
    label = "rules_feedback"
    verbose_name = "Card statistics and playtest notes"
