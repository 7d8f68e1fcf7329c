"""Requests sent at once, from threads: each thread its own database connection.

Real concurrency needs a database that lets two connections write at once: PostgreSQL
(``DATABASE_URL``). The embedded default's test database is SQLite in memory, shared between
threads by a cache that answers "table is locked" rather than waiting; there every write is one
after the other anyway (``transaction_mode`` IMMEDIATE), so these tests skip on it."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection, connections

needs_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="concurrent writers need PostgreSQL (DATABASE_URL); SQLite writes one at a time",
)


def at_once(count: int, request: Callable[[], object]) -> list:
    """``request()`` from ``count`` threads released together; their answers, in any order."""
    start = threading.Barrier(count)
    answers: list = [None] * count

    def one(index: int) -> None:
        try:
            start.wait()
            answers[index] = request()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=one, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers
