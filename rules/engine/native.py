"""The engine's compiled form: the same Python modules, compiled ahead of time with Cython, used when they are fresh.

Nothing here changes what the engine does. `build()` compiles the hot modules listed in `COMPILED_MODULES`, exactly
as written (Cython's pure-Python mode: no annotations read as types), typed only by the augmenting `.pxd` files
beside them (C-level classes and typed locals, which the plain `.py` files never import), into
`rules/engine/_compiled/`, and records the SHA-256 of each source, the directives and every `.pxd` it compiled with in
`_compiled/manifest.json`. When the package is imported (it imports this module first), `install()` puts a finder
ahead of Python's own that loads `rules.engine.NAME` from its compiled file only if that file was built from the very
sources now on disk by this interpreter; an edited module, a missing build or `CATACLYSM_ENGINE=python` in the
environment falls back to the plain module, one module at a time (the modules with a `.pxd` share their classes'
layouts, so they fall back together). So the plain package always works (a machine without a C compiler or Cython simply runs it), and an edit
is never shadowed by a stale build.

    .venv/bin/python -c 'from rules.engine.native import main; main(["build"])'    compile what is stale
    .venv/bin/python -c 'from rules.engine.native import main; main(["status"])'   which modules run compiled now
    .venv/bin/python -c 'from rules.engine.native import main; main(["clean"])'    remove the compiled form

(scripts/setup.sh runs the build; `-c` rather than `-m`, since the package imports this module before `-m` would.)

The build needs Cython (pinned in pyproject.toml's `compile` extra), a C compiler and the interpreter's headers
(Debian: gcc, python3.11-dev); `build()` raises `BuildUnavailable` when any is missing, and setup.sh carries on with
the plain package.
"""
from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path

PACKAGE = "rules.engine"
HERE = Path(__file__).resolve().parent
BUILD_DIR = HERE / "_compiled"
MANIFEST = BUILD_DIR / "manifest.json"
FORCE_PLAIN = "CATACLYSM_ENGINE"  # =python: import every module from its plain source

# The modules a game's decisions run through (cProfile of random and greedy goldfish games): compiling them is what
# pays. Start-up, data loading, serialisation and the CPU players other than the bots stay plain (compiling them
# would lengthen the build for nothing a game measures).
COMPILED_MODULES = (
    "actions", "arcburn", "bot", "bots", "decisions", "decks", "effects", "execute", "flow", "game", "greedy",
    "greedy_instants", "greedy_pay", "greedy_value", "hand_plan", "legal", "model", "payment", "pyramid", "rng",
    "scoring", "setup", "state", "tables", "targets",
)


# Python's semantics throughout: annotations are not turned into C types or type checks (with Cython's default,
# `data: dict` would refuse a list with TypeError where the plain engine raises its own GameDataError), and a local
# declared as a C-level class (the .pxd files) that holds None raises AttributeError when read, as in Python,
# instead of crashing (nonecheck).
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "nonecheck": True}


class BuildUnavailable(RuntimeError):
    """Cython, a C compiler or the Python headers are missing: the engine runs as plain Python."""


def declarations() -> list[Path]:
    """The `.pxd` files beside the compiled modules: Cython's declarations of their classes as C-level classes and
    of the types of the hottest functions' locals. A module compiled with them reads another's class fields at
    offsets fixed by those files, so every one of them goes into every compiled module's hash."""
    return sorted(path for path in HERE.glob("*.pxd") if path.stem in COMPILED_MODULES)


def source_hash(name: str) -> str:
    """What a compiled module was built from: its source, the compiler directives, and every declaration file (an
    edited `.pxd` makes the whole compiled form stale, since each module's C code depends on the layouts they
    declare)."""
    digest = hashlib.sha256((HERE / f"{name}.py").read_bytes())
    digest.update(json.dumps(DIRECTIVES, sort_keys=True).encode())
    for path in declarations():
        digest.update(b"\0" + path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def typed_modules() -> set[str]:
    """The modules with a declaration file: their compiled forms share C-level classes (a compiled module declaring
    a local as `model.Card` refuses to import beside the plain `model`), so they run compiled together or not at
    all."""
    return {path.stem for path in declarations()}


def _abi() -> str:
    return sys.implementation.cache_tag + (sysconfig.get_config_var("EXT_SUFFIX") or "")


def _read_manifest() -> dict:
    try:
        data = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) and data.get("abi") == _abi() else {}


def _built_fresh() -> dict[str, Path]:
    """Module name -> compiled file, for each compiled module built from the sources now on disk."""
    built = _read_manifest().get("modules", {})
    fresh = {}
    for name, digest in built.items():
        path = BUILD_DIR / f"{name}{sysconfig.get_config_var('EXT_SUFFIX')}"
        if name in COMPILED_MODULES and path.is_file() and (HERE / f"{name}.py").is_file() \
                and source_hash(name) == digest:
            fresh[name] = path
    return fresh


def fresh_modules() -> dict[str, Path]:
    """Module name -> compiled file, for each compiled module that may run compiled now: built from the sources on
    disk, and, for the modules with declaration files, only while all of those are."""
    if os.environ.get(FORCE_PLAIN, "").lower() == "python":
        return {}
    fresh = _built_fresh()
    typed = typed_modules()
    if not typed <= set(fresh):
        fresh = {name: path for name, path in fresh.items() if name not in typed}
    return fresh


class _CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds `rules.engine.NAME` in the compiled form when that module's build is fresh; otherwise defers."""

    def __init__(self, modules: dict[str, Path]):
        self.modules = modules

    def find_spec(self, fullname, path=None, target=None):
        package, _, name = fullname.rpartition(".")
        if package != PACKAGE or name not in self.modules:
            return None
        location = str(self.modules[name])
        return importlib.util.spec_from_file_location(
            fullname, location, loader=importlib.machinery.ExtensionFileLoader(fullname, location))


def install() -> tuple[str, ...]:
    """Load the fresh compiled modules from now on (the package's `__init__` calls this first); return their names."""
    for finder in sys.meta_path:
        if isinstance(finder, _CompiledFinder):
            return tuple(sorted(finder.modules))
    modules = fresh_modules()
    if modules:
        sys.meta_path.insert(0, _CompiledFinder(modules))
    return tuple(sorted(modules))


def build(force: bool = False) -> list[str]:
    """Compile the stale modules of `COMPILED_MODULES`; return the names compiled (none when all are fresh)."""
    try:
        from Cython.Build import cythonize
        from setuptools import Distribution, Extension
    except ImportError as missing:
        raise BuildUnavailable(f"Cython is not installed ({missing})") from None
    include = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not include.is_file():
        raise BuildUnavailable(f"the Python headers are missing ({include})")
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    if shutil.which(compiler.split()[0]) is None:
        raise BuildUnavailable(f"no C compiler ({compiler.split()[0]})")
    manifest = _read_manifest().get("modules", {}) if not force else {}
    fresh = _built_fresh()
    stale = [name for name in COMPILED_MODULES if force or name not in fresh]
    if not stale:
        return []
    BUILD_DIR.mkdir(exist_ok=True)
    # A private work folder, and every file put in place by a rename: two builds at once (make run beside make test)
    # never see each other's half-written files, and a running process keeps the module it loaded.
    work = Path(tempfile.mkdtemp(prefix="work-", dir=BUILD_DIR))
    (work / "rules" / "engine").mkdir(parents=True)
    hashes = {}
    sources = []
    for name in stale:
        # Compiled from a copy, so the C files and the object files never sit beside the plain sources.
        text = (HERE / f"{name}.py").read_bytes()
        hashes[name] = source_hash(name)
        copy = work / "rules" / "engine" / f"{name}.py"
        copy.write_bytes(text)
        sources.append(copy)
    for path in declarations():  # every declaration file, since a stale module may cimport any of them
        (work / "rules" / "engine" / path.name).write_bytes(path.read_bytes())
    for init in (work / "rules" / "__init__.py", work / "rules" / "engine" / "__init__.py"):
        init.touch()
    # -g0: no debug information (the interpreter's own flags ask for it; nothing here uses it).
    extensions = [Extension(f"{PACKAGE}.{p.stem}", [str(p)], extra_compile_args=["-g0"]) for p in sources]
    cwd = os.getcwd()
    os.chdir(work)
    try:
        modules = cythonize(extensions, compiler_directives=DIRECTIVES, quiet=True,
                            nthreads=os.cpu_count() or 1)
        dist = Distribution({"name": "cataclysm-engine-compiled", "ext_modules": modules})
        command = dist.get_command_obj("build_ext")
        command.build_lib = str(work / "lib")
        command.build_temp = str(work / "temp")
        command.parallel = os.cpu_count() or 1
        command.ensure_finalized()
        command.run()
    except Exception as failed:  # a compiler error: the plain package still works
        shutil.rmtree(work, ignore_errors=True)
        raise BuildUnavailable(f"the compiled form could not be built: {failed}") from failed
    finally:
        os.chdir(cwd)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for name in stale:
        os.replace(work / "lib" / "rules" / "engine" / f"{name}{suffix}", BUILD_DIR / f"{name}{suffix}")
        manifest[name] = hashes[name]
    manifest = {name: digest for name, digest in manifest.items() if name in COMPILED_MODULES}
    (work / "manifest.json").write_text(json.dumps({"abi": _abi(), "modules": manifest}, indent=1, sort_keys=True)
                                        + "\n", encoding="utf-8")
    os.replace(work / "manifest.json", MANIFEST)
    shutil.rmtree(work, ignore_errors=True)
    return stale


def clean() -> None:
    shutil.rmtree(BUILD_DIR, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args else "status"
    if command == "build":
        try:
            built = build(force="--force" in args)
        except BuildUnavailable as why:
            print(f"engine: {why}; the engine runs as plain Python", file=sys.stderr)
            return 3
        print(f"engine: compiled {len(built)} module(s): {', '.join(built)}" if built
              else "engine: the compiled form is up to date")
        return 0
    if command == "clean":
        clean()
        return 0
    if command == "status":
        fresh = fresh_modules()
        plain = [name for name in COMPILED_MODULES if name not in fresh]
        print(f"compiled ({len(fresh)}): {', '.join(sorted(fresh)) or '-'}")
        print(f"plain, though listed for compiling ({len(plain)}): {', '.join(plain) or '-'}")
        return 0
    print("usage: python -m rules.engine.native [build [--force]|status|clean]", file=sys.stderr)
    return 2


# Installed as this module is imported (the package's `__init__` imports it before any other engine module): the
# names of the modules running compiled, () when all run as plain Python.
COMPILED = install()


if __name__ == "__main__":
    sys.exit(main())
