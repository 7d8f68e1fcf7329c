"""The ARM engine compiled by mypyc and as pure Python are one engine.

The install compiles ``rules/arm``'s engine where the machine can (``setup.py``) and the rest of
the suite plays whichever this process imported. Here the pure-Python engine plays the corpus
too (in a process of its own), a build older than its source is never used, and where CI says
the compiled engine must run (``RINGSIDE_REQUIRE_COMPILED_ARM=1``) it is the one running.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules.arm import native

ROOT = Path(__file__).resolve().parents[2]
CORPUS_TESTS = "tests/rules/test_arm_corpus.py"


def run_python(code: str, **env: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, **env}
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_compiled_engine_runs_exactly_when_its_build_matches_the_source():
    current = native.built_from() == native.fingerprint() and not os.environ.get(
        native.PURE_VARIABLE
    )
    if os.environ.get("RINGSIDE_REQUIRE_COMPILED_ARM"):
        assert current, f"the install did not compile the ARM engine: {native.describe()}"
    assert native.compiled() is current, native.describe()


def test_the_pure_python_engine_plays_the_corpus_as_recorded():
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", CORPUS_TESTS],
        cwd=ROOT,
        env={**os.environ, native.PURE_VARIABLE: "1"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "14 passed" in done.stdout


def test_the_environment_variable_runs_the_pure_python_engine():
    done = run_python(
        "from rules.arm import native, engine, strategy, compile\n"
        "print(native.describe())\n"
        "print(engine.__file__, strategy.__file__, compile.__file__)",
        **{native.PURE_VARIABLE: "1"},
    )
    assert done.returncode == 0, done.stderr
    described, files = done.stdout.splitlines()
    assert described == "pure Python (RINGSIDE_PURE_ARM is set)"
    assert [Path(name).name for name in files.split()] == [
        "engine.py",
        "strategy.py",
        "compile.py",
    ]


@pytest.fixture
def guard_with(monkeypatch, tmp_path):
    """Runs ``native.guard()`` as a fresh process would, with the build stamp given (None: no
    build), and returns the import hooks it leaves."""

    def run(stamp_text: str | None) -> list:
        stamp = tmp_path / "native.sha"
        if stamp_text is not None:
            stamp.write_text(stamp_text + "\n")
        monkeypatch.setattr(native, "STAMP", stamp)
        monkeypatch.setattr(native, "reason", "")
        monkeypatch.delenv(native.PURE_VARIABLE, raising=False)
        finders = [f for f in sys.meta_path if not isinstance(f, native.PureFinder)]
        monkeypatch.setattr(sys, "meta_path", finders)
        native.guard()
        return [f for f in sys.meta_path if isinstance(f, native.PureFinder)]

    return run


def test_a_build_older_than_its_source_is_not_used(guard_with):
    pure = guard_with("0" * 64)

    assert len(pure) == 1 and sys.meta_path[0] is pure[0]
    assert native.reason == "its source changed since it was compiled (make compiles it anew)"
    spec = pure[0].find_spec("rules.arm.engine")
    assert spec.origin == str(ROOT / "rules/arm/engine.py")
    assert pure[0].find_spec("rules.arm.tables") is None
    assert pure[0].find_spec("rules.filsinger.engine") is None


def test_a_current_build_is_used(guard_with):
    assert guard_with(native.fingerprint()) == []
    assert native.reason == ""


def test_no_build_means_pure_python(guard_with):
    pure = guard_with(None)

    assert len(pure) == 1 and sys.meta_path[0] is pure[0]
    assert native.reason == "it was not compiled at install"


def test_the_fingerprint_changes_with_any_compiled_module(monkeypatch, tmp_path):
    for name in native.MODULES:
        (tmp_path / f"{name}.py").write_text(f"# {name}\n")
    monkeypatch.setattr(native, "HERE", tmp_path)
    before = native.fingerprint()
    for name in native.MODULES:
        (tmp_path / f"{name}.py").write_text(f"# {name}, changed\n")
        after = native.fingerprint()
        assert after != before, name
        before = after


def test_the_compiled_library_calls_its_own_functions_directly():
    """``setup.py`` builds the engine with its functions hidden (``LOCAL_CALLS``): the library
    shows the loader its init function and nothing else, so the engine's calls among its own
    functions are direct (and may be inlined), never through the PLT."""
    if not native.compiled():
        pytest.skip(f"the compiled engine is not running here: {native.describe()}")
    import ctypes

    import rules_arm_native__mypyc as library

    loaded = ctypes.CDLL(library.__file__)
    assert loaded.PyInit_rules_arm_native__mypyc  # exported: Python finds the module by it
    for hidden in ("CPyDef_engine___run", "CPyDef_engine___Match___target", "CPyList_GetItem"):
        with pytest.raises(AttributeError):
            getattr(loaded, hidden)
