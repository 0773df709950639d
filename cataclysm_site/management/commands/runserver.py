"""`manage.py runserver` serves ASGI, WebSockets included (live tables), with daphne's development server.

It is daphne's own command, offered here rather than by listing daphne in INSTALLED_APPS: that would import daphne's
server, and Twisted with it, in every process at start-up (`manage.py goldfish`, the lab's workers, the test run),
about a fifth of a command's start-up. This app comes before django.contrib.staticfiles in INSTALLED_APPS, so its
`runserver` is the one Django runs; static files are still served as staticfiles' command serves them.
"""
from daphne.management.commands.runserver import Command  # noqa: F401
