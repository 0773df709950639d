"""A game mode is one folder (issue 36): `rules/<mode>/` is a Django app that holds its pages' templates, its static
files, its template tags and its commands beside its Python, so adding or changing a mode touches that folder (and
its tests), not eight places across the tree. Django finds them there by name (APP_DIRS, the staticfiles finders,
the template libraries, the command list): the names the pages use — `goldfish/board.html`, `js/goldfish.js`,
`{% load goldfish %}`, `manage.py simulate` — stay the same. The models and migrations are the next step: they are
still in `rules/models.py` and `rules/migrations/` (ARCHITECTURE.md)."""
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.staticfiles import finders
from django.core.management import get_commands
from django.template.backends.django import get_installed_libraries
from django.template.loader import get_template

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"

# What each mode's folder holds, as the names its pages and users call it by. The board's scripts are a module of
# their own in the site's static/js/board/ (tests/test_board_scripts.py); its style, quick-pay and keyboard helpers and
# fragments are still goldfish's, and the versus and live pages draw them too. The commands of the engine (goldfish,
# match, run_scenario) serve every mode from the command line and stay in the rules app.
MODES = {
    "goldfish": {"templates": ("goldfish/start.html", "goldfish/board.html", "goldfish/replay.html",
                               "goldfish/deck.html", "goldfish/_board_sections.html"),
                 "static": ("js/goldfish.js", "css/goldfish.css", "js/quick_pay.js", "js/keys.js", "css/keys.css", "js/summary.js"),
                 "libraries": ("goldfish",), "commands": ()},
    "versus": {"templates": ("versus/start.html", "versus/board.html", "versus/replay.html", "versus/matchups.html"),
               "static": ("js/cpu_words.js",), "libraries": ("versus",), "commands": ()},
    "live": {"templates": ("live/start.html", "live/table.html", "live/replay.html", "live/leaderboard.html"),
             "static": ("js/live_socket.js", "js/live_words.js", "js/live.js", "css/live.css"), "libraries": ("live_tags",), "commands": ()},
    "lab": {"templates": ("lab/start.html", "lab/study.html", "lab/reports.html", "lab/results/goldfish.html"),
            "static": ("js/lab.js", "css/lab.css"), "libraries": ("lab_tags",), "commands": ("simulate",)},
}


def inside(path: str | Path, folder: Path) -> bool:
    return Path(path).resolve().is_relative_to(folder)


@pytest.mark.parametrize("mode", MODES)
def test_each_mode_is_an_installed_app_of_its_own(mode):
    config = apps.get_containing_app_config(f"rules.{mode}.views")
    assert config is not None and config.name == f"rules.{mode}", f"rules/{mode}/ is not an installed app"
    assert Path(config.path) == RULES / mode
    assert list(config.get_models()) == []  # its models are still the rules app's (rules/models.py)


@pytest.mark.parametrize("mode", MODES)
def test_a_modes_templates_are_found_in_its_folder(mode):
    for name in MODES[mode]["templates"]:
        assert inside(get_template(name).origin.name, RULES / mode / "templates"), name


@pytest.mark.parametrize("mode", MODES)
def test_a_modes_static_files_are_found_in_its_folder_at_the_same_url(mode):
    for name in MODES[mode]["static"]:
        found = finders.find(name, find_all=True)
        assert found, f"no static file {name}"
        assert [p for p in found if not inside(p, RULES / mode / "static")] == [], name


@pytest.mark.parametrize("mode", MODES)
def test_a_modes_template_tags_and_commands_are_in_its_folder(mode):
    libraries = get_installed_libraries()
    for name in MODES[mode]["libraries"]:
        assert libraries[name] == f"rules.{mode}.templatetags.{name}"
    commands = get_commands()
    for name in MODES[mode]["commands"]:
        assert commands[name] == f"rules.{mode}", name


def test_nothing_outside_the_modes_folders_is_named_for_a_mode():
    """The site's own templates/ and static/ hold the site's, the catalogue's and the decks' files only; the rules
    app keeps no template tags (each is its mode's)."""
    left = [str(path.relative_to(ROOT)) for folder in ("templates", "static") for path in (ROOT / folder).rglob("*")
            if any(part.split(".")[0] in MODES for part in path.relative_to(ROOT / folder).parts)]
    assert left == []
    assert [name for name, module in get_installed_libraries().items() if module.startswith("rules.templatetags")] == []
