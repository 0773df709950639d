"""The Celery application: `celery -A cataclysm_site worker` plays the lab's study chunks (rules/tasks.py).

Its settings are the CELERY_* names of cataclysm_site/settings.py (from the environment). Workers need the broker and
the card data files, not the database: a chunk's tally travels back through the result backend. Should something
open a connection in the worker's main process all the same, it is closed before the prefork pool forks, and a pool
process that inherited one says so in the log (cataclysm_site/forking.py).
"""
import os

from celery import Celery
from celery.signals import worker_init, worker_process_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cataclysm_site.settings")

app = Celery("cataclysm_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["rules"])


@worker_init.connect
def close_database_before_forking(**_kwargs) -> None:
    """In the worker's main process, before its pool forks: no connection or pool for a pool process to share."""
    from cataclysm_site.forking import close_before_fork

    close_before_fork("Celery's worker")


@worker_process_init.connect
def prepare_worker_process(**_kwargs) -> None:
    from cataclysm_site.forking import refuse_inherited_connections
    from rules.tasks import prepare_process

    prepare_process()
    refuse_inherited_connections("a Celery pool process")  # Celery logs the error; its Django fix-up then drops them
