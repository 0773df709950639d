"""The site's own app: the schema's extensions and the API's strict text fields, installed once Django is ready."""
from django.apps import AppConfig


class SiteConfig(AppConfig):
    name = "cataclysm_site"
    verbose_name = "Cataclysm Codex site"

    def ready(self):
        from cataclysm_site import schema  # noqa: F401 - registers the schema extensions
        from cataclysm_site.strict_text import refuse_non_text

        refuse_non_text()
