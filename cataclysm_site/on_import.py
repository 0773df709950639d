"""Run a function right after a module is first imported, by whatever imports it.

What the site changes in a library must hold in every process that uses it, but not cost the processes that never
do: Django runs `AppConfig.ready()` in all of them, and importing DRF's serializers there, only to adjust a field,
took a sixth of a second from every `manage.py goldfish` and lab worker, which never validate a request. A finder
placed first on `sys.meta_path` waits for the module's name, lets the usual finders load it, and then calls the
function once (and leaves `sys.meta_path`); when the module is already imported the function runs at once.
"""
from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from collections.abc import Callable


def when_imported(name: str, then: Callable[[], None]) -> None:
    """Call `then()` once `name` has been imported (now, if it already has)."""
    if name in sys.modules:
        then()
    else:
        sys.meta_path.insert(0, _Waiting(name, then))


class _Waiting(importlib.abc.MetaPathFinder):
    def __init__(self, name: str, then: Callable[[], None]):
        self.name, self.then = name, then

    def find_spec(self, fullname, path=None, target=None):
        if fullname != self.name:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        if spec is not None and spec.loader is not None:
            spec.loader = _Then(spec.loader, self.then)
        return spec


class _Then(importlib.abc.Loader):
    """The module's own loader, then the function; the module keeps its own loader as `__loader__`."""

    def __init__(self, loader, then: Callable[[], None]):
        self.loader, self.then = loader, then

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module):
        module.__loader__ = module.__spec__.loader = self.loader
        self.loader.exec_module(module)
        self.then()
