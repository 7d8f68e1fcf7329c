"""The kind of a move, read from its name, and the play-by-play's sentence for it.

Filsinger cards do not say what kind of move an entry is; the rules play every move alike. The
words do not: a wrestler puts a man *in* a sleeper hold, rolls him *up* in a cradle, hits him
*with* a dropkick. ``rules/data/filsinger/moves.yaml`` (the project's own reading, documented in
docs/rules/filsinger.md) maps the words of a move's name to a kind and each kind to its
sentences; it is checked when it loads. Only the play-by-play reads it (``record=True``), and the
engine keeps each sentence it makes once a match preparation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.core.errors import TableError
from rules.core.tables import read_yaml_resource
from rules.filsinger.text import NAMED_SPECS, template_problems

DATA = "filsinger/moves.yaml"
TEMPLATES = ("move", "finisher", "landed")
#: The placeholders a kind's sentences may use.
MOVE_PLACEHOLDERS: dict[str, tuple[str, ...]] = {
    "attacker": NAMED_SPECS,
    "Attacker": NAMED_SPECS,
    "defender": NAMED_SPECS,
    "Defender": NAMED_SPECS,
    "move": ("",),
}


@dataclass(frozen=True, slots=True)
class MoveKind:
    name: str
    move: str
    finisher: str
    landed: str
    cover: bool = False


@dataclass(frozen=True, slots=True)
class MoveWords:
    kinds: Mapping[str, MoveKind]
    #: A word or a phrase (lower case, single spaces) to the kind it names.
    words: Mapping[str, str]
    default: str
    longest: int

    def kind(self, name: str) -> MoveKind:
        """The kind of the move called ``name``: the last word (or phrase ending there) of the
        name found in the table, else the default kind."""
        tokens = name.lower().split()
        words = self.words
        for end in range(len(tokens), 0, -1):
            for n in range(min(self.longest, end), 0, -1):
                kind = words.get(" ".join(tokens[end - n : end]))
                if kind is not None:
                    return self.kinds[kind]
        return self.kinds[self.default]


def build_move_words(data: Any) -> MoveWords:
    """The table from its YAML data; a ``TableError`` lists every problem by its path."""
    problems: list[tuple[str, str]] = []
    if not isinstance(data, Mapping):
        raise TableError([("moves", "expected a mapping with default, kinds and words")])
    unknown = sorted(set(data) - {"default", "kinds", "words"})
    for key in unknown:
        problems.append((f"moves.{key}", "unknown key (keys: default, kinds, words)"))
    raw_kinds = data.get("kinds")
    if not isinstance(raw_kinds, Mapping) or not raw_kinds:
        raise TableError([*problems, ("moves.kinds", "expected a mapping of kinds")])
    default = data.get("default")
    if not isinstance(default, str) or default not in raw_kinds:
        problems.append(("moves.default", f"expected one of the kinds ({', '.join(raw_kinds)})"))
    fallback = raw_kinds.get(default) if isinstance(default, str) else None
    for name in ("finisher", "landed"):
        if isinstance(fallback, Mapping) and not isinstance(fallback.get(name), str):
            problems.append((f"moves.kinds.{default}.{name}", "the default kind needs it"))
    kinds: dict[str, MoveKind] = {}
    for name, spec in raw_kinds.items():
        path = f"moves.kinds.{name}"
        if not isinstance(spec, Mapping):
            problems.append((path, "expected a mapping with move (and finisher, landed, cover)"))
            continue
        for key in sorted(set(spec) - {*TEMPLATES, "cover"}):
            problems.append((f"{path}.{key}", "unknown key (keys: move, finisher, landed, cover)"))
        texts: dict[str, str] = {}
        for key in TEMPLATES:
            text = spec.get(key)
            if text is None and key != "move":
                text = fallback.get(key, "") if isinstance(fallback, Mapping) else ""
            if not isinstance(text, str) or (key == "move" and not text.strip()):
                problems.append((f"{path}.{key}", "expected a sentence"))
                continue
            if key != "landed":
                for problem in template_problems(text, MOVE_PLACEHOLDERS):
                    problems.append((f"{path}.{key}", problem))
            elif "{" in text or "}" in text:
                problems.append((f"{path}.{key}", "takes no placeholder"))
            texts[key] = text
        cover = spec.get("cover", False)
        if not isinstance(cover, bool):
            problems.append((f"{path}.cover", "expected true or false"))
        if len(texts) == len(TEMPLATES):
            kinds[str(name)] = MoveKind(str(name), cover=bool(cover), **texts)
    words: dict[str, str] = {}
    raw_words = data.get("words") or {}
    if not isinstance(raw_words, Mapping):
        problems.append(("moves.words", "expected a mapping of kind to a list of words"))
        raw_words = {}
    for kind, entries in raw_words.items():
        path = f"moves.words.{kind}"
        if kind not in raw_kinds:
            problems.append((path, f"no such kind (kinds: {', '.join(raw_kinds)})"))
            continue
        if not isinstance(entries, list):
            problems.append((path, "expected a list of words"))
            continue
        for i, word in enumerate(entries):
            if not isinstance(word, str) or not word.strip():
                problems.append((f"{path}[{i}]", "expected a word"))
                continue
            key = " ".join(word.lower().split())
            if key in words and words[key] != kind:
                problems.append((f"{path}[{i}]", f"{word!r} is already a {words[key]}"))
            words[key] = kind
    if problems:
        raise TableError(problems)
    longest = max((len(w.split()) for w in words), default=1)
    return MoveWords(kinds=kinds, words=words, default=str(default), longest=longest)


_DEFAULT: MoveWords | None = None


def move_words() -> MoveWords:
    """The shipped table, loaded and checked once a process."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = build_move_words(read_yaml_resource("rules.data", DATA))
    return _DEFAULT
