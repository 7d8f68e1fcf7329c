"""One loader for every YAML document a user hands the project (card files, card uploads).

The project's own data files are trusted and read with ``yaml.safe_load``; what users type in is
not, so it is read here, refused fast and plainly when it is hostile or malformed:

- a size limit, checked before anything is parsed (``MAX_BYTES`` by default);
- UTF-8 only (a byte-order mark is allowed), a bad byte named by its offset;
- no anchors or aliases (a card never needs them, and they are how "billion laughs" bombs grow);
- no duplicate keys in a mapping (YAML would silently keep the last one);
- nesting at most ``MAX_DEPTH`` deep (checked before the composer recurses);
- no control characters in any text (bidirectional overrides such as U+202E included), except
  tab and line breaks.

Every refusal is a ``YamlError`` whose message names the source, the line where known, and is
short: values quoted in messages are clipped (``clip``).
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.events import AliasEvent, MappingStartEvent, SequenceStartEvent
from yaml.nodes import MappingNode, ScalarNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from rules.core.refusal import Refusal

MAX_BYTES = 256 * 1024
MAX_DEPTH = 32
CLIP = 80

#: Characters refused in any text: C0 and C1 controls other than tab, line feed and carriage
#: return, and the bidirectional formatting characters that can make text display as other
#: text (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069).
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
ALLOWED_CONTROLS = frozenset("\t\n\r")


class YamlError(Refusal, ValueError):
    """A user's YAML refused; the message says why, in one short line."""


def clip(value: Any, limit: int = CLIP) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages about untrusted input."""
    if isinstance(value, str | int | float | bool) or value is None:
        text = repr(value)
    elif isinstance(value, dict):
        text = f"a mapping of {len(value)} entries"
    elif isinstance(value, list | tuple):
        text = f"a list of {len(value)} entries"
    else:
        text = type(value).__name__
    return _short(text, limit)


def clip_text(text: str, limit: int = CLIP) -> str:
    """A name or path from untrusted input as a message shows it: escapes as ``repr`` writes
    them but without its quotes, cut to ``limit`` characters, an ellipsis marking the cut."""
    return _short(repr(text)[1:-1], limit)


def _short(text: str, limit: int = 120) -> str:
    """``text`` (a library's message about untrusted input, say) cut to ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def bad_character(text: str) -> str | None:
    """A description of the first control or bidirectional character in ``text``, or None."""
    for index, char in enumerate(text):
        if char in BIDI or (unicodedata.category(char) == "Cc" and char not in ALLOWED_CONTROLS):
            name = unicodedata.name(char, "control character")
            return f"U+{ord(char):04X} ({name}) at character {index + 1}"
    return None


class _Loader(Reader, Scanner, Parser, Composer, SafeConstructor, Resolver):
    """SafeLoader, refusing aliases, anchors, duplicate keys, deep nesting and control text."""

    def __init__(self, stream: str, max_depth: int):
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self.max_depth = max_depth
        self.depth = 0

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, AliasEvent):
            raise _Refused("aliases (*name) are not accepted", event.start_mark)
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise _Refused("anchors (&name) are not accepted", event.start_mark)
        nests = isinstance(event, MappingStartEvent | SequenceStartEvent)
        if nests:
            self.depth += 1
            if self.depth > self.max_depth:
                raise _Refused(f"nested more than {self.max_depth} levels deep", event.start_mark)
        try:
            node = super().compose_node(parent, index)
        finally:
            if nests:
                self.depth -= 1
        if isinstance(node, ScalarNode):
            problem = bad_character(node.value)
            if problem is not None:
                raise _Refused(f"text holds the control character {problem}", node.start_mark)
        return node

    def construct_mapping(self, node, deep=False):
        if isinstance(node, MappingNode):
            seen: set[Any] = set()
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)
                try:
                    duplicate = key in seen
                except TypeError:
                    raise _Refused(
                        "a key must be plain text or a number", key_node.start_mark
                    ) from None
                if duplicate:
                    raise _Refused(f"the key {clip(key)} appears twice", key_node.start_mark)
                seen.add(key)
        return super().construct_mapping(node, deep=deep)


class _Refused(Exception):
    def __init__(self, message: str, mark):
        self.message = message
        self.mark = mark


def load_text(
    text: str | bytes,
    *,
    source: str = "input",
    max_bytes: int = MAX_BYTES,
    max_depth: int = MAX_DEPTH,
) -> Any:
    """Parse one YAML document from untrusted ``text``; raise ``YamlError`` naming the problem."""
    if isinstance(text, bytes):
        if len(text) > max_bytes:
            raise YamlError(f"{source}: larger than {max_bytes // 1024} KiB; refused unread")
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise YamlError(
                f"{source}: not UTF-8 text (byte {exc.start + 1} is {text[exc.start]:#04x}); "
                "save the file as UTF-8"
            ) from None
    elif len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise YamlError(f"{source}: larger than {max_bytes // 1024} KiB; refused unread")
    try:
        loader = _Loader(text, max_depth)
    except yaml.YAMLError as exc:  # the reader checks every character before any parsing
        problem = str(exc).splitlines()[0]
        raise YamlError(f"{source}: not valid YAML ({_short(problem)})") from None
    try:
        return loader.get_single_data()
    except _Refused as exc:
        raise YamlError(f"{source}, line {exc.mark.line + 1}: {exc.message}") from None
    except (yaml.YAMLError, ConstructorError) as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f", line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise YamlError(f"{source}{where}: not valid YAML ({_short(problem)})") from None
    except RecursionError:
        raise YamlError(f"{source}: nested too deeply") from None
    except (ValueError, TypeError, OverflowError) as exc:
        # A scalar YAML reads but Python cannot hold: an integer of thousands of digits, a
        # date like 2001-13-45.
        raise YamlError(f"{source}: a value cannot be read ({_short(str(exc))})") from None
    finally:
        loader.dispose()


def load_file(path: str | Path, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Read and parse a user's YAML file, refusing it unread when it is over ``max_bytes``."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise YamlError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    return load_text(data, source=str(path), max_bytes=max_bytes, max_depth=max_depth)
