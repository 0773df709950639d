"""Run one benchmark: `python -m benchmarks [NAME] [--quick] [--json] ...` (NAME defaults to `engine`)."""
from __future__ import annotations

import importlib
import pkgutil
import sys

import benchmarks

DEFAULT = "engine"


def available() -> list[str]:
    """The benchmark modules of this package."""
    return sorted(m.name for m in pkgutil.iter_modules(benchmarks.__path__) if not m.name.startswith("_"))


def main(argv: list[str] | None = None) -> int:
    """Dispatch to `benchmarks.<NAME>.main(rest of argv)`."""
    args = list(sys.argv[1:] if argv is None else argv)
    name = args.pop(0) if args and not args[0].startswith("-") else DEFAULT
    if name not in available():
        print(f"unknown benchmark '{name}' (available: {', '.join(available())})", file=sys.stderr)
        return 2
    module = importlib.import_module(f"benchmarks.{name}")
    return int(module.main(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
