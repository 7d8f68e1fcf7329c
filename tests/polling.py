"""Bounded waits: for a condition to come (``wait_until``), or watching one hold for a while
(``holds_for``). The suite waits only through these (``tests/test_suite_habits.py``): a fixed
sleep is either too short on a loaded machine or longer than it needs to be."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def wait_until(
    predicate: Callable[[], T], *, timeout: float, every: float = 0.05, what: str = ""
) -> T:
    """``predicate()`` once it is truthy, looked at every ``every`` seconds; ``TimeoutError``
    naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout:g}s waiting for {what or predicate}")
        time.sleep(every)


def holds_for(
    predicate: Callable[[], object], *, seconds: float, every: float = 0.1, what: str = ""
) -> None:
    """Watch ``predicate()`` stay truthy for ``seconds``: an ``AssertionError`` naming
    ``what`` as soon as it does not (a test that something does *not* happen in a while)."""
    deadline = time.monotonic() + seconds
    while True:
        assert predicate(), f"{what or predicate} stopped holding"
        if time.monotonic() > deadline:
            return
        time.sleep(every)
