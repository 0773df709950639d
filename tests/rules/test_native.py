"""The engine's compiled form (rules/engine/native.py) is used only where it is fresh, and never needed: a stale,
missing or unbuildable compiled form leaves the plain package running."""
import importlib
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import rules.engine
from rules.engine import native

ROOT = Path(__file__).resolve().parents[2]


_hash = native.source_hash  # the real one, before a test replaces it


def test_compiled_modules_are_the_compiled_files():
    for name in rules.engine.COMPILED:
        module = importlib.import_module(f"rules.engine.{name}")
        assert module.__file__.endswith(sysconfig.get_config_var("EXT_SUFFIX")), module.__file__


def test_an_edited_module_runs_from_its_source_not_from_a_stale_build(monkeypatch):
    built = native.fresh_modules()
    edited = min(set(native.COMPILED_MODULES) - native.typed_modules())  # one without a .pxd goes back alone
    monkeypatch.setattr(native, "source_hash", lambda name: "edited" if name == edited else _hash(name))
    fresh = native.fresh_modules()
    assert edited not in fresh and set(fresh) == set(built) - {edited}


def test_an_edited_typed_module_takes_every_typed_module_back_to_its_source(monkeypatch):
    # The modules with a .pxd share C-level classes: a compiled legal beside a plain model could not import.
    built = native.fresh_modules()
    if not built:
        pytest.skip("the compiled form is not in use")
    typed = native.typed_modules()
    assert {"model", "tables", "legal"} <= typed <= set(built)
    monkeypatch.setattr(native, "source_hash", lambda name: "edited" if name == "model" else _hash(name))
    fresh = native.fresh_modules()
    assert not typed & set(fresh) and set(fresh) == set(built) - typed


def test_an_edited_declaration_file_makes_every_module_stale(monkeypatch, tmp_path):
    edited = tmp_path / "model.pxd"
    edited.write_text((native.HERE / "model.pxd").read_text() + "\n# edited\n")
    others = [path for path in native.declarations() if path.name != "model.pxd"]
    monkeypatch.setattr(native, "declarations", lambda: sorted(others + [edited]))
    assert native.fresh_modules() == {}


def test_without_a_manifest_nothing_is_compiled(monkeypatch, tmp_path):
    monkeypatch.setattr(native, "MANIFEST", tmp_path / "manifest.json")
    assert native.fresh_modules() == {}


def test_plain_python_can_be_forced(monkeypatch):
    monkeypatch.setenv(native.FORCE_PLAIN, "python")
    assert native.fresh_modules() == {}
    env = {**os.environ, native.FORCE_PLAIN: "python"}
    done = subprocess.run([sys.executable, "-c", "import rules.engine as e, rules.engine.state as s; "
                           "print(len(e.COMPILED), s.__file__.endswith('.py'))"],
                          cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["0", "True"]


def test_a_machine_without_cython_gets_a_clear_refusal_and_keeps_what_it_has(monkeypatch):
    monkeypatch.setitem(sys.modules, "Cython", None)
    monkeypatch.setitem(sys.modules, "Cython.Build", None)
    before = native.fresh_modules()
    with pytest.raises(native.BuildUnavailable, match="Cython"):
        native.build(force=True)
    assert native.fresh_modules() == before


def test_a_machine_without_a_c_compiler_gets_a_clear_refusal(monkeypatch):
    pytest.importorskip("Cython")
    monkeypatch.setenv("CC", "no-such-compiler-here")
    with pytest.raises(native.BuildUnavailable, match="no C compiler"):
        native.build(force=True)
