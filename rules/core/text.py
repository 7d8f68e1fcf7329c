"""Words for the play-by-play that every system uses: names at the start or inside a sentence,
the article before a move's name, and each wrestler's pronouns."""

from __future__ import annotations

from collections.abc import Iterable


def counted(n: int, unit: str) -> str:
    """A count with its unit, given in the plural: ``counted(1, "rounds")`` is "1 round",
    ``counted(3, "rounds")`` "3 rounds" (units whose singular drops the final s: rounds, turns,
    minutes)."""
    return f"{n} {unit[:-1] if n == 1 and unit.endswith('s') else unit}"


def times(n: int) -> str:
    """How often, in words: "once", "twice", "3 times"."""
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st."""
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


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


class Pronouns:
    """How the play-by-play refers to one wrestler: ``he`` (him, his, himself), ``she`` (her,
    her, herself) or ``they`` (them, their, themselves), and the noun for him ("man", "woman",
    "wrestler").

    Sentences name a wrestler as the subject of a verb and use the pronoun only as an object or
    a possessive ("rams him into the apron", "lands on her feet"), so ``they`` never needs a
    verb of its own. ``subject`` is there for the verbs that do not agree (a modal, a past
    tense: "he may be disqualified").
    """

    __slots__ = ("key", "noun", "object", "plural", "possessive", "reflexive", "subject")

    def __init__(
        self, key: str, obj: str, possessive: str, reflexive: str, noun: str, plural: str
    ) -> None:
        self.key = key
        self.subject = key
        self.object = obj
        self.possessive = possessive
        self.reflexive = reflexive
        self.noun = noun
        self.plural = plural

    def __repr__(self) -> str:
        return f"Pronouns({self.key!r})"


#: The pronoun sets a wrestler may have, by their key (a wrestler's ``pronouns``).
PRONOUNS: dict[str, Pronouns] = {
    "he": Pronouns("he", "him", "his", "himself", "man", "men"),
    "she": Pronouns("she", "her", "her", "herself", "woman", "women"),
    "they": Pronouns("they", "them", "their", "themselves", "wrestler", "wrestlers"),
}
#: The keys, in the order forms offer them; ``he`` is the default everywhere.
PRONOUN_CHOICES: tuple[str, ...] = tuple(PRONOUNS)
DEFAULT_PRONOUNS = "he"


def pronouns(key: str | None) -> Pronouns:
    """The pronoun set for ``key`` (``he``, ``she`` or ``they``; None for the default)."""
    if key is None:
        return PRONOUNS[DEFAULT_PRONOUNS]
    try:
        return PRONOUNS[key]
    except KeyError:
        raise ValueError(
            f"unknown pronouns {key!r}: must be one of {', '.join(PRONOUN_CHOICES)}"
        ) from None


def group_noun(keys: Iterable[str], *, plural: bool = True) -> str:
    """What a group of wrestlers is called, by their pronouns: "men" when every one is ``he``,
    "women" when every one is ``she``, otherwise "wrestlers" ("Both men miss", "Neither woman
    can continue"; ``plural=False`` gives "man", "woman" or "wrestler")."""
    found = {pronouns(key).key for key in keys}
    if len(found) == 1:
        (only,) = found
        word = PRONOUNS[only]
    else:
        word = PRONOUNS["they"]
    return word.plural if plural else word.noun


class Named:
    """A wrestler in a sentence template, for ``str.format``: ``{you}`` is the name,
    ``{you:him}`` his object pronoun, ``{you:his}`` his possessive, ``{you:himself}`` the
    reflexive, ``{you:he}`` the subject (only before a verb that does not agree: "may", a past
    tense) and ``{you:man}`` his noun. The specs are written in the ``he`` forms whatever the
    wrestler's pronouns; a capitalised spec (``{you:His}``) starts a sentence."""

    __slots__ = ("name", "pronouns")

    #: The specs a template may use, each to the Pronouns field it reads.
    SPECS: dict[str, str] = {
        "him": "object",
        "his": "possessive",
        "himself": "reflexive",
        "he": "subject",
        "man": "noun",
    }

    def __init__(self, name: str, pronouns_: Pronouns) -> None:
        self.name = name
        self.pronouns = pronouns_

    def __format__(self, spec: str) -> str:
        if not spec:
            return self.name
        field = self.SPECS.get(spec.lower())
        if field is None:
            raise ValueError(
                f"unknown pronoun {spec!r} in a template: use one of {', '.join(self.SPECS)}"
            )
        word: str = getattr(self.pronouns, field)
        return start_name(word) if spec[:1].isupper() else word

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Named({self.name!r}, {self.pronouns!r})"
