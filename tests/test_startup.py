"""What a process pays to start: `manage.py goldfish` and the lab's workers set Django up before a single game, so
Django's set-up imports only what every process needs (issue 24: the command line at engine speed). Serving
(`runserver`'s ASGI server, the admin's modules) is loaded by what serves, not by every command."""
import os
import subprocess
import sys

from daphne.management.commands.runserver import Command as DaphneRunserver
from django.core.management import get_commands, load_command_class

SETUP = ("import os, sys, django; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'cataclysm_site.settings'); "
         "django.setup(); print(' '.join(sorted(m for m in ('twisted', 'daphne.server', 'decks.admin') "
         "if m in sys.modules)))")


def test_django_setup_imports_no_server_and_no_admin_module():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    out = subprocess.run([sys.executable, "-c", SETUP], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == ""


def test_runserver_serves_asgi_with_websockets():
    command = load_command_class(get_commands()["runserver"], "runserver")
    assert isinstance(command, DaphneRunserver)
