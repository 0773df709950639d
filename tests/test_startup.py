"""What a process pays to start: `manage.py goldfish` and the lab's workers set Django up before a single game, so
Django's set-up imports only what every process needs (issue 24: the command line at engine speed). Serving
(`runserver`'s ASGI server, the admin's modules) is loaded by what serves, not by every command."""
import os
import subprocess
import sys

from daphne.management.commands.runserver import Command as DaphneRunserver
from django.core.management import get_commands, load_command_class

SETUP = ("import os, sys, django; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'cataclysm_site.settings'); "
         "django.setup(); print(' '.join(sorted(m for m in ('twisted', 'daphne.server', 'decks.admin', "
         "'rest_framework.serializers', 'drf_spectacular.plumbing') if m in sys.modules)))")
# DRF's serializers are imported later, by whatever uses them: the site's strict text fields are in place all the same.
LATER = ("import os, django; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'cataclysm_site.settings'); "
         "django.setup(); from rest_framework import serializers; "
         "field = serializers.CharField(); print(field.run_validation('ok'), end=' ')\n"
         "try:\n    field.run_validation(0)\nexcept serializers.ValidationError as e:\n    print(e.detail[0].code)")


def run(code: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout


def test_django_setup_imports_no_server_no_admin_module_and_no_api():
    assert run(SETUP).strip() == ""


def test_an_api_field_imported_after_setup_still_refuses_a_number_for_text():
    assert run(LATER).split() == ["ok", "invalid"]


def test_runserver_serves_asgi_with_websockets():
    command = load_command_class(get_commands()["runserver"], "runserver")
    assert isinstance(command, DaphneRunserver)
