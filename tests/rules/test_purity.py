"""The engine is pure Python: importing any of its modules loads no Django."""
import pkgutil
import subprocess
import sys
from pathlib import Path

import rules.engine

ROOT = Path(__file__).resolve().parents[2]


def test_no_engine_module_imports_django():
    modules = [f"rules.engine.{m.name}" for m in pkgutil.iter_modules(rules.engine.__path__)]
    assert "rules.engine.state" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"Django modules imported by the engine: {out.stdout.strip()}"
