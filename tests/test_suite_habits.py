"""The suite's own habits, held by reading its source (``docs/testing.md``, "The suite's
habits"): every test asserts something, and nothing waits a fixed time where it could wait for
the condition instead.

A test asserts when its body, or a helper of the suite it calls (followed through the helpers
those call), has an ``assert`` (not of a constant), a ``raise``, a ``pytest.raises`` /
``warns`` / ``fail``, a call of a helper named ``assert*``, ``expect*``, ``check_*`` or
``verify_*`` (a mock's ``assert_called_*`` among them), or Playwright's ``expect(...)``. A
helper is followed when it is called by its bare name (``refused(...)``) or through a module of
the suite (``steps.sign_in(...)``). ``time.sleep`` is called only where ``SLEEP_ALLOWED`` says,
with the reason: the bounded waits of ``tests/polling.py``."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
#: Helpers whose names say they check (a call of one counts as an assertion).
CHECKING_PREFIXES = ("assert", "expect", "check_", "verify_")
#: Calls that are assertions by themselves (``pytest.raises``, Playwright's ``expect``).
CHECKING_CALLS = frozenset({"raises", "warns", "fail", "deprecated_call", "expect"})
#: Where ``time.sleep`` may be called (file below ``tests/``, function), and why.
SLEEP_ALLOWED = {
    ("polling.py", "wait_until"): "the bounded wait itself, between two looks",
    ("polling.py", "holds_for"): "the bounded watch itself, between two looks",
    ("e2e/serve.py", "_slow_live_shows"): (
        "makes a match of the served site slow, so that the browser sees a show live: "
        "work being done, not a test waiting"
    ),
}

Function = ast.FunctionDef | ast.AsyncFunctionDef


def read_suite(root: Path = TESTS) -> dict[str, ast.Module]:
    """Every module of the suite by its path below ``root``."""
    return {
        str(path.relative_to(root)): ast.parse(path.read_text(), filename=str(path))
        for path in sorted(root.rglob("*.py"))
        if "__pycache__" not in path.parts
    }


def _body(function: Function) -> list[ast.AST]:
    """Every node of a function's body (its decorators left out)."""
    return [inner for statement in function.body for inner in ast.walk(statement)]


def _called_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _checks_itself(function: Function) -> bool:
    for inner in _body(function):
        if isinstance(inner, ast.Raise):
            return True
        if isinstance(inner, ast.Assert) and not isinstance(inner.test, ast.Constant):
            return True  # (``assert True`` checks nothing)
        if isinstance(inner, ast.Call):
            name = _called_name(inner)
            if name in CHECKING_CALLS or name.startswith(CHECKING_PREFIXES):
                return True
    return False


class Suite:
    def __init__(self, modules: dict[str, ast.Module]):
        self.modules = modules
        self.functions: dict[str, list[Function]] = {}
        #: The names the suite's own modules go by where they are imported.
        self.module_names = {Path(path).stem for path in modules}
        for tree in modules.values():
            for node in ast.walk(tree):
                if isinstance(node, Function):
                    self.functions.setdefault(node.name, []).append(node)
                elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tests"):
                    self.module_names |= {a.asname or a.name for a in node.names}
                elif isinstance(node, ast.Import):
                    self.module_names |= {
                        a.asname or a.name for a in node.names if a.name.startswith("tests")
                    }
        self.checking = self._checking_helpers()

    def calls(self, function: Function) -> set[str]:
        """The helpers ``function`` calls by a bare name or through a module of the suite, not
        the methods of an object (``client.get``)."""
        called = set()
        for inner in _body(function):
            if isinstance(inner, ast.Call):
                func = inner.func
                if isinstance(func, ast.Name):
                    called.add(func.id)
                elif (
                    isinstance(func, ast.Attribute)
                    and isinstance(func.value, ast.Name)
                    and func.value.id in self.module_names
                ):
                    called.add(func.attr)
        return called

    def _checking_helpers(self) -> set[str]:
        """The names of the suite's functions that check something, themselves or through the
        helpers they call (a name stands for every function of the suite so named)."""
        checking = {n for n, defs in self.functions.items() if any(map(_checks_itself, defs))}
        while more := {
            name
            for name, defs in self.functions.items()
            if name not in checking and any(self.calls(d) & checking for d in defs)
        }:
            checking |= more
        return checking

    def tests(self):
        """``(path, function)`` of each test function pytest collects (``test*`` in a
        ``test_*.py`` module, at its top or in a ``Test*`` class)."""
        for path, tree in self.modules.items():
            if not Path(path).name.startswith("test_"):
                continue
            nodes = list(tree.body)
            classes = [c for c in tree.body if isinstance(c, ast.ClassDef)]
            nodes += [n for c in classes if c.name.startswith("Test") for n in c.body]
            for node in nodes:
                if isinstance(node, Function) and node.name.startswith("test"):
                    yield path, node

    def unasserted(self) -> list[str]:
        return [
            f"{path}::{test.name}"
            for path, test in self.tests()
            if not _checks_itself(test) and not self.calls(test) & self.checking
        ]

    def sleeps(self) -> list[str]:
        """``time.sleep(...)`` calls (or a bare ``sleep(...)``) outside ``SLEEP_ALLOWED``, each
        named by the innermost function around it."""
        found = []
        for path, tree in self.modules.items():
            for function in ast.walk(tree):
                if not isinstance(function, Function):
                    continue
                if (path, function.name) in SLEEP_ALLOWED:
                    continue
                found += [
                    f"{path}:{call.lineno} in {function.name}"
                    for call in _own_nodes(function)
                    if isinstance(call, ast.Call) and _is_time_sleep(call)
                ]
        return sorted(found)


def _own_nodes(function: Function):
    """The nodes of ``function``'s body, not those of the functions defined in it."""
    stack: list[ast.AST] = [node for node in function.body if not isinstance(node, Function)]
    while stack:
        node = stack.pop()
        yield node
        stack += [c for c in ast.iter_child_nodes(node) if not isinstance(c, Function)]


def _is_time_sleep(call: ast.Call) -> bool:
    """``time.sleep(...)`` or a bare ``sleep(...)`` (imported from ``time``); not asyncio's,
    nor a page's own wait."""
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr == "sleep" and isinstance(func.value, ast.Name) and func.value.id == "time"
    return isinstance(func, ast.Name) and func.id == "sleep"


def test_every_test_asserts_something():
    found = Suite(read_suite()).unasserted()
    assert not found, (
        "tests that assert nothing (give each an assert, a pytest.raises, or a call of an "
        f"assert*/expect*/check_ helper): {found}"
    )


def test_nothing_waits_a_fixed_time():
    found = Suite(read_suite()).sleeps()
    assert not found, (
        "time.sleep in the suite: wait for the condition with tests/polling.py's wait_until "
        f"(or watch one hold with holds_for) instead: {found}"
    )


# -- the rules themselves, on made-up modules ---------------------------------------------------


def _suite(**sources: str) -> Suite:
    return Suite({path.replace("__", "/") + ".py": ast.parse(s) for path, s in sources.items()})


def test_a_test_that_asserts_nothing_is_named_and_each_way_of_asserting_is_taken():
    suite = _suite(
        helpers="def refused(x):\n    assert x\ndef via(x):\n    refused(x)\n",
        test_made_up=(
            "import pytest\nfrom tests import helpers\n"
            "def test_nothing(client):\n    client.get('/')\n"
            "def test_a_method_of_an_object_is_no_helper(client):\n    client.via('/')\n"
            "def test_assert(x):\n    assert x == 1\n"
            "def test_a_constant_is_no_assertion():\n    assert True\n"
            "def test_raises():\n    with pytest.raises(ValueError):\n        int('x')\n"
            "def test_a_helper_by_its_name():\n    assert_valid(1)\n"
            "def test_playwright(page):\n    expect(page).to_have_title('x')\n"
            "def test_a_mock(mock):\n    mock.assert_called_once()\n"
            "def test_a_helper_of_a_helper():\n    via(1)\n"
            "def test_a_helper_of_a_module():\n    helpers.refused(1)\n"
            "class TestKind:\n    def test_in_a_class(self):\n        print(1)\n"
        ),
    )
    assert suite.unasserted() == [
        "test_made_up.py::test_nothing",
        "test_made_up.py::test_a_method_of_an_object_is_no_helper",
        "test_made_up.py::test_a_constant_is_no_assertion",
        "test_made_up.py::test_in_a_class",
    ]


def test_a_fixed_sleep_is_named_where_it_is_and_the_bounded_waits_are_not():
    suite = _suite(
        polling="import time\ndef wait_until(p):\n    time.sleep(0.1)\n",
        e2e__test_made_up=(
            "import time\nfrom time import sleep\n"
            "def test_waits():\n    def start():\n        sleep(1)\n    time.sleep(2)\n"
            "async def test_async(asyncio):\n    await asyncio.sleep(0)\n"
        ),
    )
    assert suite.sleeps() == [
        "e2e/test_made_up.py:5 in start",
        "e2e/test_made_up.py:6 in test_waits",
    ]
