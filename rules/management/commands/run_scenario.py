"""`python manage.py run_scenario FILE [--actions FILE] [--expect FILE] [--trace] [--score]`: play a rules scenario.

Load a scenario (rules/SCENARIOS.md, JSON or YAML), play its actions and print the outcome as one JSON object. The
actions file is a JSON list, or one action per line (blank lines and `#` comments skipped); each action is an action
id or its exact label. An action that is not legal stops the run: the JSON then holds `error` (code, rule, message,
the action) and the `legal_actions` of that moment, and the command exits with status 1. `--trace` adds the board
after every action, `--score` the Legacy and tiebreak breakdown even before the Cataclysm, and `--expect` compares
the outcome with an expectation file (rules/SCENARIOS.md, Expectations): every difference is listed, readable, and
the command exits with status 1.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from django.core.management.base import BaseCommand, CommandError

from rules.engine import GameState, load_scenario
from rules.engine.errors import GameDataError, IllegalAction
from rules.engine.expect import check

from .goldfish import engine_catalogue

TOO_DEEP = "{code}: {path} nests lists and mappings too deeply to read (deeper than Python's recursion limit)"


def read_scenario(path: Path) -> Any:
    """Parse a scenario file: JSON for `.json`, YAML (a superset of JSON) otherwise."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"scenario_unreadable: cannot read {path}: {exc}") from exc
    try:
        return json.loads(text) if path.suffix.lower() == ".json" else yaml.safe_load(text)
    except RecursionError:  # both parsers recurse once per level: a crafted file would end in a traceback
        raise CommandError(TOO_DEEP.format(code="scenario_unreadable", path=path)) from None
    except (ValueError, yaml.YAMLError) as exc:
        raise CommandError(f"scenario_unreadable: {path} is not valid {path.suffix.lstrip('.') or 'YAML'}: "
                           f"{exc}") from exc


def read_actions(path: Path) -> list[str]:
    """Read the actions to play: a JSON list of strings, or one per line."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"actions_unreadable: cannot read {path}: {exc}") from exc
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            data = json.loads(stripped)
        except RecursionError:
            raise CommandError(TOO_DEEP.format(code="actions_unreadable", path=path)) from None
        except ValueError as exc:
            raise CommandError(f"actions_unreadable: {path} is not a valid JSON list: {exc}") from exc
        if not all(isinstance(item, str) for item in data):
            raise CommandError(f"actions_unreadable: {path} must list action ids or labels as strings")
        return [item.strip() for item in data]
    lines = (line.strip() for line in text.splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def find_action(state: GameState, wanted: str):
    """The legal action with this id, or else with exactly this label; a CommandError naming the legal ones."""
    legal = state.legal_actions()
    for action in legal:
        if action.id == wanted:
            return action
    by_label = [a for a in legal if a.label == wanted]
    if len(by_label) == 1:
        return by_label[0]
    if by_label:
        ids = ", ".join(a.id for a in by_label)
        raise CommandError(f"action_ambiguous: the label '{wanted}' names {len(by_label)} legal actions; "
                           f"use an id instead ({ids})")
    return None


def _legal_list(state: GameState) -> str:
    legal = state.legal_actions()
    if not legal:
        return "  (none: the game is over)" if state.is_over else "  (none)"
    return "\n".join(f"  {a.id}  —  {a.label}" for a in legal)


class Command(BaseCommand):
    help = "Load a rules scenario, play a list of actions, and print the state, legal actions and events as JSON."

    def add_arguments(self, parser):
        parser.add_argument("scenario", help="The scenario file (JSON or YAML; format: rules/SCENARIOS.md).")
        parser.add_argument("--actions", default=None,
                            help="Actions to play: a JSON list or one per line, each an action id or exact label.")
        parser.add_argument("--expect", default=None, help="An expectation file: exit 1 with a diff if it differs.")
        parser.add_argument("--trace", action="store_true", help="Include the board after every action.")
        parser.add_argument("--score", action="store_true",
                            help="Include the Legacy and tiebreak breakdown, even of a game that is not over.")

    def handle(self, *args, scenario, actions=None, expect=None, trace=False, score=False, **options):
        catalogue, _source = engine_catalogue()
        data = read_scenario(Path(scenario))
        expected = read_scenario(Path(expect)) if expect else None
        try:
            state = load_scenario(catalogue, data)
        except GameDataError as exc:
            raise CommandError(f"scenario_invalid: {scenario}: {exc}") from exc
        out: dict[str, Any] = {"scenario": str(scenario), "applied": []}
        if trace:
            out["trace"] = []
        for number, wanted in enumerate(read_actions(Path(actions)) if actions else [], start=1):
            action = find_action(state, wanted)
            error = None
            if action is None:
                error = {"code": "action_illegal", "rule": None, "action": wanted, "number": number,
                         "message": f"action #{number} '{wanted}' is not a legal action id or label now"}
            else:
                try:
                    state.apply(action)
                except IllegalAction as exc:   # legal_actions offered it: an engine bug worth reporting
                    error = {"code": "action_illegal", "rule": exc.rule, "action": wanted, "number": number,
                             "message": f"action #{number} '{wanted}': {exc}"}
            if error is not None:
                out.update(error=error, legal_actions=[a.to_dict() for a in state.legal_actions()])
                self.stdout.write(json.dumps(out, indent=2, ensure_ascii=False, default=str))
                raise CommandError(f"action_illegal: {error['message']}. Legal actions:\n{_legal_list(state)}", returncode=1)
            out["applied"].append({"id": action.id, "label": action.label})
            if trace:
                out["trace"].append({"action": action.id, "state": state.view()})
        out.update(state=state.view(), legal_actions=[a.to_dict() for a in state.legal_actions()],
                   events=state.events)
        if state.is_over or score:
            out["result"] = state.result()
        differences = None
        if expected is not None:
            try:
                differences = check(state, expected)
            except GameDataError as exc:
                raise CommandError(f"expectation_invalid: {expect}: {exc}") from exc
            out["expect"] = {"file": str(expect), "ok": not differences, "differences": differences}
        self.stdout.write(json.dumps(out, indent=2, ensure_ascii=False, default=str))
        if differences:
            lines = "\n".join(f"  - {d}" for d in differences)
            raise CommandError(f"expectation_failed: {scenario} differs from {expect}:\n{lines}", returncode=1)
