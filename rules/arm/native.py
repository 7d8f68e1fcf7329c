"""The ARM engine compiled or pure: which one runs, and the guard against a stale build.

``setup.py`` compiles ``MODULES`` with mypyc when the machine can and writes the fingerprint of
the source it compiled to ``native.sha`` beside them. Python would import a compiled module in
preference to its source even after the source changed (an edit, a ``git pull``, a mutant under
``make mutation``), so ``rules.arm`` calls ``guard()`` first: unless the fingerprint matches the
source as it is now, every module of ``MODULES`` is imported from its ``.py`` file. The two run
the same code and give the same dice, decisions and words (``tests/rules/test_arm_native.py``).

``RINGSIDE_PURE_ARM=1`` in the environment runs the pure-Python engine whatever was built.

This file is read by ``setup.py`` before the package can be imported: standard library only.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.util
import os
import sys
from pathlib import Path

#: The modules compiled, in ``rules/arm``.
MODULES = ("compile", "state", "memory", "preparation", "text", "engine", "result", "strategy")
#: mypy's settings for mypyc's build of them (relative to the project): the engine's own, not
#: the project's, whose plugins load Django.
MYPYC_CONFIG = "rules/arm/mypyc.ini"
HERE = Path(__file__).resolve().parent
STAMP = HERE / "native.sha"
PURE_VARIABLE = "RINGSIDE_PURE_ARM"


def fingerprint() -> str:
    """The SHA-256 of the compiled modules' source, as it is now."""
    digest = hashlib.sha256()
    for name in MODULES:
        digest.update(name.encode() + b"\0")
        digest.update((HERE / f"{name}.py").read_bytes())
    return digest.hexdigest()


def built_from() -> str | None:
    """The fingerprint the compiled modules were built from, or None if none were built."""
    try:
        return STAMP.read_text(encoding="ascii").strip() or None
    except OSError:
        return None


class PureFinder(importlib.abc.MetaPathFinder):
    """Imports ``rules.arm.<module>`` of ``MODULES`` from its source, never a compiled file."""

    names = frozenset(f"rules.arm.{name}" for name in MODULES)

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self.names:
            return None
        return importlib.util.spec_from_file_location(
            fullname, HERE / f"{fullname.rpartition('.')[2]}.py"
        )


#: Why the pure-Python engine runs ("" when the compiled one does), set by ``guard()``.
reason = ""


def guard() -> None:
    """Before the first import of an engine module: use the compiled build only if it is current."""
    global reason
    if any(isinstance(finder, PureFinder) for finder in sys.meta_path):
        return
    if os.environ.get(PURE_VARIABLE):
        reason = f"{PURE_VARIABLE} is set"
    else:
        stamp = built_from()
        if stamp is None:
            reason = "it was not compiled at install"
        elif stamp != fingerprint():
            reason = "its source changed since it was compiled (make compiles it anew)"
        else:
            return
    sys.meta_path.insert(0, PureFinder())


def compiled() -> bool:
    """Whether the engine running in this process is the compiled one (every module of it)."""
    return not any(
        (importlib.import_module(f"rules.arm.{name}").__file__ or "").endswith(".py")
        for name in MODULES
    )


def describe() -> str:
    """One line for the bench and the logs."""
    if compiled():
        return "compiled (mypyc)"
    return f"pure Python ({reason or 'no compiled modules found'})"
