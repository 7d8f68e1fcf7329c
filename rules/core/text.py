"""Words for the play-by-play that every system uses: names at the start or inside a sentence,
and the article before a move's name."""

from __future__ import annotations


def start_name(name: str) -> str:
    """The name at the start of a sentence ("The Executioner")."""
    return name[:1].upper() + name[1:] if name else name


def mid_name(name: str) -> str:
    """The name inside a sentence: "The Executioner" reads "the Executioner"."""
    if name.startswith("The ") and len(name) > 4 and not name.isupper():
        return "the " + name[4:]
    return name


def article(noun: str) -> str:
    """ "a", "an", "the" (a finisher in capitals) or "" (plurals: "punches", "knees to the gut")."""
    if noun[:1].isupper() and noun.isupper():
        return "the"
    first = noun.split(" ", 1)[0].lower()
    if first.endswith("s") and not first.endswith(("ss", "us", "is")):
        return ""
    return "an" if noun[:1].lower() in "aeiou" else "a"
