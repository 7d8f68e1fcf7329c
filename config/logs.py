"""The log's shape: one JSON object a line when ``RINGSIDE_LOG_JSON`` asks for it, and the show
being wrestled on every line of its work.

``show_logging`` names a show (and its federation) for the lines logged while it is wrestled: a
context variable, so each thread and task sees only its own. ``ShowContextFilter`` copies it onto
every record (``federation`` and ``show``; empty outside a show), and ``JsonFormatter`` writes a
record as one JSON object: ``time`` (UTC, ISO 8601), ``level``, ``logger``, ``message``,
``federation``, ``show`` (the show's id), ``process``, ``thread`` and, for an error, ``exc_info``
(the traceback as one string). Nothing here imports an app: logging is configured before they
load.
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime as dt
import json
import logging
from collections.abc import Iterator
from typing import Any

#: (federation slug, show id) of the show being wrestled, or None.
_show: contextvars.ContextVar[tuple[str, int] | None] = contextvars.ContextVar(
    "ringside_show", default=None
)


def show_context_set(federation: str, show_id: int) -> contextvars.Token:
    """Name the show for the lines logged from here on (``show_context_reset`` ends it)."""
    return _show.set((federation, show_id))


def show_context_reset(token: contextvars.Token) -> None:
    _show.reset(token)


def show_context() -> tuple[str, int] | None:
    return _show.get()


@contextlib.contextmanager
def show_logging(federation: str, show_id: int) -> Iterator[None]:
    """Every line logged inside carries ``federation`` and ``show``."""
    token = show_context_set(federation, show_id)
    try:
        yield
    finally:
        show_context_reset(token)


class ShowContextFilter(logging.Filter):
    """Sets ``record.federation`` and ``record.show`` from the show being wrestled (empty strings
    and None outside one); lets every record through."""

    def filter(self, record: logging.LogRecord) -> bool:
        named = _show.get()
        record.federation = named[0] if named else ""
        record.show = named[1] if named else None
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object a line (see the module's docstring for its keys)."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": dt.datetime.fromtimestamp(record.created, dt.UTC).isoformat(),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "federation": getattr(record, "federation", ""),
            "show": getattr(record, "show", None),
            "process": record.process,
            "thread": record.threadName,
        }
        if record.exc_info:
            entry["exc_info"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["exc_info"] = record.exc_text
        return json.dumps(entry, default=str)
