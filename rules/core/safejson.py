"""One loader for every JSON document a user hands the project (API bodies, federation files).

``json.loads`` alone takes what a hostile client sends and fails deep inside: a document nested
100,000 deep ends in ``RecursionError``, an integer of 5,000 digits in ``ValueError``, ``1e400``
becomes an infinity that overflows the first integer conversion. Here each is refused plainly,
as a ``JsonError`` whose message says what is wrong and where (a JSON path such as
``$.shows[3].matches``):

- a size limit, checked before anything is parsed (when the caller gives one);
- UTF-8 only (a byte-order mark is allowed);
- nesting at most ``MAX_DEPTH`` deep;
- integers within ``INT_BOUND`` either way (what the database's 64-bit columns hold);
- numbers finite: no ``NaN``, ``Infinity``, nor a float that overflows to one.
"""

from __future__ import annotations

import json
import math
from typing import Any

from rules.core.refusal import Refusal

MAX_DEPTH = 64
#: Integers must lie strictly within this, either way (a signed 64-bit column holds them).
INT_BOUND = 2**63


class JsonError(Refusal, ValueError):
    """A user's JSON refused; the message says why and where, in one short line."""

    def __init__(self, message: str, path: str = ""):
        super().__init__(message)
        self.path = path


def _refuse_constant(name: str) -> Any:
    raise JsonError(f"{name} is not a number JSON allows; send a finite number.")


def load_json(
    data: bytes | str,
    *,
    source: str = "the document",
    max_bytes: int | None = None,
    max_depth: int = MAX_DEPTH,
) -> Any:
    """The parsed document, or a ``JsonError`` naming the first thing wrong with it."""
    size = len(data.encode() if isinstance(data, str) else data)
    if max_bytes is not None and size > max_bytes:
        raise JsonError(
            f"{source} is {size:,} bytes; the limit is {max_bytes:,} bytes.",
        )
    if isinstance(data, bytes | bytearray):
        try:
            text = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise JsonError(f"{source} is not UTF-8 (a bad byte at offset {exc.start}).") from None
    else:
        text = data
    try:
        document = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise JsonError(f"{source} is nested deeper than {max_depth} levels.") from None
    except JsonError:
        raise
    except json.JSONDecodeError as exc:
        raise JsonError(
            f"{source} is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})."
        ) from None
    except ValueError:  # an integer of more digits than Python converts (4,300)
        raise JsonError(f"{source} holds an integer of thousands of digits.") from None
    check_bounds(document, source=source, max_depth=max_depth)
    return document


def check_bounds(document: Any, *, source: str = "the document", max_depth: int = MAX_DEPTH):
    """Refuse a parsed document nested deeper than ``max_depth`` or holding a number out of
    bounds. Iterative: a document of any depth is walked without recursion."""
    stack: list[tuple[Any, int, tuple[str | int, ...]]] = [(document, 1, ())]
    while stack:
        value, depth, path = stack.pop()
        kind = type(value)
        if kind is dict or kind is list:
            if depth > max_depth:
                where = json_path(path)
                raise JsonError(
                    f"{source} is nested deeper than {max_depth} levels (at {where}).", where
                )
            items = value.items() if kind is dict else enumerate(value)
            for key, item in items:
                if type(item) in (dict, list, int, float):
                    stack.append((item, depth + 1, (*path, key)))
        elif kind is int:
            if not -INT_BOUND < value < INT_BOUND:
                where = json_path(path)
                raise JsonError(
                    f"{source} holds an integer out of range at {where} (at most "
                    f"{INT_BOUND - 1:,} either way).",
                    where,
                )
        elif kind is float and not math.isfinite(value):
            where = json_path(path)
            raise JsonError(
                f"{source} holds a number too large to be finite at {where}.",
                where,
            )


def json_path(path: tuple[str | int, ...]) -> str:
    """``("shows", 3, "matches")`` as ``$.shows[3].matches``."""
    text = "$"
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text
