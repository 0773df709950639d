"""The site's own app: the API's strict text fields, installed once DRF's serializers are imported."""
from django.apps import AppConfig

from cataclysm_site.on_import import when_imported


def _refuse_non_text() -> None:
    from cataclysm_site.strict_text import refuse_non_text

    refuse_non_text()


class SiteConfig(AppConfig):
    name = "cataclysm_site"
    verbose_name = "Cataclysm Codex site"

    def ready(self):
        # Not imported here: a process that validates no request (manage.py goldfish, a lab worker) never loads
        # DRF's serializers, a sixth of its start-up. The schema's extensions register with the URLs (urls.py).
        when_imported("rest_framework.serializers", _refuse_non_text)
