"""The rules app's floor plan holds: each game feature (goldfish, versus, live, lab, and what players saw: feedback)
is a package that imports none of the others, and the shared play layer imports none of them; so a feature can
change, or a new one be added, without touching the rest (ARCHITECTURE.md); what two of them share is in the play
layer (as `rules.play.seats`, the public seats of a live table, for live and feedback). Every mode draws the
boards it sends through the play layer's `board_for`."""
import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parent.parent / "rules"
FEATURES = ("goldfish", "versus", "live", "lab", "feedback")


def imported_modules(package: str) -> dict[str, set[str]]:
    """Every module each file of `rules/<package>/` imports, at any depth (function-level imports included), its
    template tags and commands included (`templatetags/`, `management/commands/`: a mode's folder holds them)."""
    out = {}
    for path in sorted((RULES / package).rglob("*.py")):
        names = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
        out[str(path.relative_to(RULES / package))] = names
    return out


def reaches(names: set[str], package: str) -> list[str]:
    return sorted(n for n in names if n == f"rules.{package}" or n.startswith(f"rules.{package}."))


@pytest.mark.parametrize("feature", FEATURES)
def test_a_feature_imports_no_other_feature(feature):
    for filename, names in imported_modules(feature).items():
        for other in FEATURES:
            if other != feature:
                assert not reaches(names, other), f"rules/{feature}/{filename} imports rules.{other}"


def test_the_play_layer_imports_no_feature():
    for filename, names in imported_modules("play").items():
        for feature in FEATURES:
            assert not reaches(names, feature), f"rules/play/{filename} imports rules.{feature}"


# Live's reads (what a seat or a spectator is shown, its replay, whose secrets, the clocks' arithmetic, the states kept,
# the row and its seats, the API's shapes) import none of its writes: what both need sits below both
# (rules/live/tables.py), so a read never reaches a write by an import.
LIVE_READS = ("selectors.py", "replay.py", "privacy.py", "clock.py", "states.py", "tables.py", "serializers.py")


@pytest.mark.parametrize("filename", LIVE_READS)
def test_lives_reads_import_none_of_its_writes(filename):
    assert not reaches(imported_modules("live")[filename], "live.services"), \
        f"rules/live/{filename} imports rules.live.services: move what both need into rules/live/tables.py"


# ---------------------------------------------------------------- hidden cards: one mechanism, the engine's
# Every mode builds the board it sends through rules.play.payload.board_for, the engine's view for the viewer; only
# that module asks the engine for a view or names a hand. Modules let through, with the reason:
OWN_BOARDS = {
    "play/payload.py": "board_for itself, and card_index reading a view's zones",
    "management/commands/run_scenario.py": "a designer's tool printing a scenario's whole state, sent to no viewer",
}


def board_bypasses(path: Path) -> list[str]:
    """Where a module draws a board itself: a call of some object's `.view(...)` (the engine's GameState.view; a
    method of its own, `self.view()`, is none), the engine's view module imported, or a view's "hand" named (taken
    out, put back, read) in code."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "view"
                and not (isinstance(node.func.value, ast.Name) and node.func.value.id == "self")):
            found.append(f"line {node.lineno}: calls .view()")
        elif isinstance(node, ast.ImportFrom) and node.module in ("rules.engine.view", "rules.engine"):
            found += [f"line {node.lineno}: imports {a.name}" for a in node.names if a.name in ("build_view", "view")]
        elif isinstance(node, ast.Constant) and node.value == "hand":
            found.append(f"line {node.lineno}: names a view's \"hand\"")
    return found


def test_every_mode_draws_its_boards_through_the_play_layer():
    """A mode (any package of rules/ but the engine, a new one too) never takes a hand out of a view nor asks the
    engine for one: it calls `board_for` with its viewer, so it cannot forget a hand."""
    for path in sorted(RULES.rglob("*.py")):
        name = str(path.relative_to(RULES))
        if name.startswith("engine/") or "migrations" in path.parts or name in OWN_BOARDS:
            continue
        assert board_bypasses(path) == [], f"rules/{name} draws a board itself: use rules.play.payload.board_for"


# ---------------------------------------------------------------- the engine's layers (rules/ENGINE.md, ARCHITECTURE.md)
ENGINE = RULES / "engine"

# Bottom first. A module imports only modules of its own layer or of a layer below it, and within a layer the modules
# import each other without a circle (the circle test below). A new module goes into the layer of what it is.
ENGINE_LAYERS = (
    ("values and data", {"version", "errors", "native", "rng", "catalogue", "tables", "payment", "actions", "model"}),
    ("the state", {"state", "decks"}),
    ("the rules", {"targets", "effects", "health", "scoring", "pyramid", "arcburn", "decisions", "flow", "legal",
                   "hand_plan", "execute", "view", "offers"}),
    ("the game (the public GameState) and its codec", {"serialize", "game"}),
    ("games built, loaded and replayed", {"setup", "scenario", "records", "expect"}),
    ("players", {"bot", "greedy_pay", "greedy_value", "greedy_instants", "greedy", "bots", "ladder", "cpu",
                 "evaluation", "expert", "quick", "plans"}),
    ("bulk play and studies", {"simulate", "match", "tablematch", "lab", "paired", "impact", "precision", "errata",
                               "studydata", "studybase", "studykinds", "studyrequest", "studytable"}),
    ("the package", {"__init__"}),
)

# Imports let through, as (importer, imported): none since the lab work took paired's function-level
# `from . import lab` away. A new one needs its reason beside it here.
KNOWN_ENGINE_EXCEPTIONS: set[tuple[str, str]] = set()


def _engine_targets(node: ast.AST, modules: set[str]) -> set[str]:
    """The engine modules an import statement names: `from .x import y`, `from . import x`, `rules.engine.x`; an
    import of a name from the package itself (`from . import ENGINE_VERSION`) names `__init__`."""
    if isinstance(node, ast.Import):
        return {alias.name.split(".")[2] for alias in node.names
                if alias.name.startswith("rules.engine.") and alias.name.split(".")[2] in modules}
    if not isinstance(node, ast.ImportFrom):
        return set()
    if node.level == 1:
        base = node.module
    elif node.level == 0 and node.module and (node.module + ".").startswith("rules.engine."):
        base = node.module[len("rules.engine"):].lstrip(".") or None
    else:
        return set()
    if base:
        return {base.split(".")[0]}
    return {alias.name if alias.name in modules else "__init__" for alias in node.names}


def engine_imports() -> dict[str, list[tuple[str, int, str]]]:
    """Module -> every engine import in it, at any depth (TYPE_CHECKING blocks and function bodies included), as
    (imported module, line, where): "top" among the imports that open the module, "late" for a module-level import
    after its first other statement, "nested" for one inside a function, class or block."""
    modules = {path.stem for path in ENGINE.glob("*.py")}
    out: dict[str, list[tuple[str, int, str]]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = []
        opening = True
        for index, stmt in enumerate(tree.body):
            is_import = isinstance(stmt, (ast.Import, ast.ImportFrom))
            docstring = index == 0 and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
            if not is_import and not docstring:
                opening = False
            for node in ast.walk(stmt):
                where = ("top" if opening else "late") if node is stmt else "nested"
                found.extend((target, node.lineno, where) for target in _engine_targets(node, modules))
        out[path.stem] = found
    return out


def _engine_graph() -> dict[str, set[str]]:
    return {module: {target for target, _, _ in found if (module, target) not in KNOWN_ENGINE_EXCEPTIONS}
            for module, found in engine_imports().items()}


def test_every_engine_module_has_one_layer():
    placed = [module for _, modules in ENGINE_LAYERS for module in modules]
    assert len(placed) == len(set(placed)), "a module is in two layers of ENGINE_LAYERS"
    missing = sorted(set(engine_imports()) - set(placed))
    assert not missing, f"rules/engine/{missing[0]}.py is in no layer: add it to ENGINE_LAYERS (tests/test_layers.py)"
    gone = sorted(set(placed) - set(engine_imports()))
    assert not gone, f"ENGINE_LAYERS lists {gone[0]}, which rules/engine no longer has: take it out"


def test_the_engine_imports_only_downward():
    layer = {module: (n, name) for n, (name, modules) in enumerate(ENGINE_LAYERS) for module in modules}
    for module, targets in _engine_graph().items():
        for target in sorted(targets):
            if module in layer and target in layer and layer[target][0] > layer[module][0]:
                pytest.fail(f"rules/engine/{module}.py ({layer[module][1]}) imports {target} from a layer above it "
                            f"({layer[target][1]}): the engine imports downward only (ENGINE_LAYERS)")


def test_the_engine_has_no_import_circle():
    graph = _engine_graph()
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            circle = path[path.index(module):] + [module]
            pytest.fail(f"import circle in rules/engine: {' -> '.join(circle)}")
        if module in done:
            return
        for target in sorted(graph.get(module, ())):
            visit(target, path + [module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])


def test_engine_imports_open_their_module():
    """No import hidden in a function, a class, a TYPE_CHECKING block or below the module's first statement (the
    way a circle is dodged): every engine import is among the imports that open the module."""
    for module, found in engine_imports().items():
        for target, line, where in found:
            if where != "top" and (module, target) not in KNOWN_ENGINE_EXCEPTIONS:
                pytest.fail(f"rules/engine/{module}.py:{line} imports {target} "
                            f"{'inside a function, class or block' if where == 'nested' else 'below other code'}: "
                            f"import it at the top (a circle it would close means a layer is wrong)")
