"""The Celery application: `celery -A cataclysm_site worker` plays the lab's study chunks (rules/tasks.py).

Its settings are the CELERY_* names of cataclysm_site/settings.py (from the environment). Workers need the broker and
the card data files, not the database: a chunk's tally travels back through the result backend.
"""
import os

from celery import Celery
from celery.signals import worker_process_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cataclysm_site.settings")

app = Celery("cataclysm_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["rules"])



@worker_process_init.connect
def prepare_worker_process(**_kwargs) -> None:
    from rules.tasks import prepare_process

    prepare_process()
