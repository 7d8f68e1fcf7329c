"""Reading cards for the commands ``simulate_match`` and ``odds``: YAML files (one card, or a list
under ``cards:``) read with the safe loader, or a wrestler's slug looked up in the database when
there is one; the system each card names; who stands at ringside.

Every bad input ends in a ``CommandError`` (one line, or a short list of problems), never a
traceback; values quoted from the input are clipped.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.apps import apps
from django.core.exceptions import ImproperlyConfigured
from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from rules.core.errors import RulesError, UnknownSystem
from rules.core.safeyaml import YamlError, bad_character, clip, clip_text, load_file
from rules.core.spec import MatchSpec, Participant, Ringside, Side, slugify, split_stipulations
from rules.core.text import DEFAULT_PRONOUNS, PRONOUN_CHOICES, PRONOUNS, counted
from rules.models import WrestlerCard
from rules.registry import get_system, systems

NO_SUCH_CARD = "{arg}: no such card file, and no wrestler with that slug has a card for {system}"
NO_SUCH_FILE = "{arg}: no such card file"
AMBIGUOUS = (
    "{slug}: wrestlers of several federations have that slug ({federations}); "
    "name one with --federation SLUG"
)
NO_FEDERATION = "--federation: no federation {slug}"
#: What a look-up in the database meets where there is none to read: no database configured,
#: no tables yet, or no access in this context (a test without a database).
NO_DATABASE = (DatabaseError, ImproperlyConfigured, RuntimeError)
WRONG_COUNT = "a {match_type} match takes {need} cards ({per_side} a side, side by side); got {got}"
MIXED_SYSTEMS = "the cards are of different rule systems ({found}); a match is played by one"
UNKNOWN_CARD_SYSTEM = "system: {system} is no rule system here (known: {known})"
NO_SYSTEM = "no card names its rule system (system: ...); give --system (systems: {known})"
PRONOUNS_UNKNOWN = "--pronouns: {words} unknown; each card's is one of {known}"
PRONOUNS_COUNT = "--pronouns: {given} given for {cards} cards; give one a card, in their order"
TWICE = "{name} is in this match twice; a wrestler cannot face himself or partner himself"
AT_RINGSIDE = "{name} is wrestling in this match, so cannot stand at ringside as an ally"
SIDES = ("A", "B")
MAX_RUNS = 10_000_000
MAX_TIME_LIMIT = 100_000
MAX_NAME = 100
#: Characters of a card file's path that an error message shows.
MAX_PATH_SHOWN = 240
#: Which options a command-line flag can bring into play, and the reason words that say it is
#: missing (for the notes printed when an option cannot apply).
HINTS = (
    ("ringside_ally", "as an ally", "seat one with --ally A=CARD"),
    ("distractions", "nobody is at ringside", "seat someone with --manager A=NAME or --ally"),
    ("feud_table", "not a feud match", "--feud makes it one"),
    ("tag_on_defense", "relationship", "--relationship partners|group"),
)


@dataclass(frozen=True)
class LoadedCard:
    key: str
    name: str
    card: Any
    where: str
    pronouns: str = DEFAULT_PRONOUNS  # a card file's; a wrestler named by slug has the roster's


@dataclass(frozen=True)
class Built:
    """What a command plays: the system, the spec, and notes on options that cannot apply."""

    system: Any
    spec: MatchSpec
    notes: list[str] = field(default_factory=list)


class RulesCommand(BaseCommand):
    """A command of the rules alone (``simulate_match``, ``odds``, ``card_analysis``): it reads
    card files or a wrestler's card, so the project's system checks (admin, templates, URLs)
    have nothing to say about it, and would cost a third of its start."""

    requires_system_checks: list[str] = []


def systems_help() -> str:
    """ "filsinger (singles, tag), ..." from the registry."""
    return "; ".join(
        f"{name} ({', '.join(system.match_types)})" for name, system in sorted(systems.items())
    )


def options_help() -> str:
    """Each system's options, then the stipulations a match of it can be booked with (which
    ``--rules`` takes too: every bookable match can be played here)."""
    return "; ".join(
        f"{name}: {', '.join(system.option_names)} "
        f"(stipulations: {', '.join(system.stipulation_names)})"
        for name, system in sorted(systems.items())
    )


def command_help(summary: str) -> str:
    return (
        f"{summary} Systems and their match types: {systems_help()}. Cards are YAML files or "
        "wrestlers' slugs, side by side (a singles match takes two, a tag match four, the first "
        "two one side); the system is the one the cards name."
    )


def _side_value(kind: str, raw: str) -> tuple[int, str]:
    side, sep, value = raw.partition("=")
    side = side.strip().upper()
    if not sep or side not in SIDES:
        raise CommandError(f"--{kind} {clip_text(raw)}: give it as A=... or B=... (the side)")
    if not value.strip():
        what = "a card or a wrestler's slug" if kind == "ally" else "a name"
        raise CommandError(f"--{kind} {clip_text(raw)}: nothing after the =; give {what}")
    return SIDES.index(side), value.strip()


def add_federation_argument(parser) -> None:
    parser.add_argument(
        "--federation",
        default=None,
        metavar="SLUG",
        help="the federation whose wrestlers a slug names (needed only when wrestlers of "
        "several federations have that slug)",
    )


def add_common_arguments(parser) -> None:
    parser.add_argument(
        "cards",
        nargs="+",
        metavar="CARD",
        help="card files (YAML: one card, or a list under 'cards:') or wrestler slugs, "
        "side by side",
    )
    parser.add_argument(
        "--system",
        default=None,
        help=f"rule system, in any case: {systems_help()}. Default: the one the cards name",
    )
    parser.add_argument(
        "--match",
        default="singles",
        help=f"match type (default singles): {systems_help()}",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed (default: a random one)")
    parser.add_argument(
        "--rules",
        default="",
        help="optional rules and stipulations, comma-separated; all turns on every optional "
        f"rule (default: the basic game). {options_help()}",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_federation_argument(parser)
    parser.add_argument(
        "--relationship",
        choices=("partners", "group"),
        type=str.lower,
        default=None,
        help="tag teams: regular partners or members of one group (filsinger rule 3)",
    )
    parser.add_argument("--feud", action="store_true", help="a feud match (filsinger rule 8)")
    parser.add_argument(
        "--time-limit",
        type=int,
        default=None,
        help="length limit, in the system's unit (Filsinger turns, Superstar and ARM rounds)",
    )
    parser.add_argument(
        "--ally",
        action="append",
        default=[],
        metavar="SIDE=CARD",
        help="an ally at ringside for side A or B: a card file or a wrestler's slug "
        "(filsinger rule 9 in singles; rule 14 distracts or interferes with his Distractor "
        "rating, 5 without one)",
    )
    parser.add_argument(
        "--pronouns",
        default=None,
        metavar="LIST",
        help="each card's pronouns, in the cards' order, comma-separated: he, she or they "
        "(e.g. --pronouns she,he); default: a wrestler's slug has the roster's, a card file he",
    )
    parser.add_argument(
        "--manager",
        action="append",
        default=[],
        metavar="SIDE=NAME[:RATING]",
        help="a manager or valet at ringside for side A or B, with a Distractor rating "
        "(default 5), e.g. --manager 'B=Jimmy Hart:7' (filsinger rule 14)",
    )


def choose_seed(seed: int | None) -> int:
    return secrets.randbelow(2**31) if seed is None else seed


# ------------------------------------------------------------------------------------ reading


@dataclass
class _Item:
    """One card as read, before its system parses it."""

    data: Any
    where: str
    key: str | None = None  # a database slug; files are keyed by the card's name


def _read_file(arg: str, path: Path) -> list[_Item]:
    try:
        data = load_file(path)
    except YamlError as err:
        raise CommandError(str(err)) from None
    if data is None:
        raise CommandError(f"{arg}: empty; a card is a mapping (system:, name:, ...)")
    if isinstance(data, dict) and "cards" in data:
        others = sorted(str(k) for k in data if k != "cards")
        if others:
            raise CommandError(
                f"{arg}: a file with 'cards:' holds only that list; found {clip(', '.join(others))}"
            )
        items = data["cards"]
        if not isinstance(items, list) or not items:
            raise CommandError(f"{arg}: 'cards' must be a list of cards, got {clip(items)}")
    else:
        items = [data]
    if len(items) == 1:
        return [_Item(items[0], arg)]
    return [_Item(item, f"{arg} (card {i + 1})") for i, item in enumerate(items)]


class Roster:
    """The wrestlers' stored cards, looked up by slug: in the federation of ``--federation``
    (its slug), else in the one federation whose wrestler of that slug has a card. A slug is
    unique only within a federation: one held in several is refused, naming them."""

    def __init__(self, federation: str | None = None):
        self.federation = federation
        if federation is not None:
            federations = apps.get_model("promotion", "Federation").objects
            try:
                known = federations.filter(slug=federation).exists()
            except NO_DATABASE:
                known = False
            if not known:
                raise CommandError(NO_FEDERATION.format(slug=clip(federation)))
        self._found: dict[str, list[tuple[str, str, str, Any, str]]] = {}

    def _rows(self, slug: str) -> list[tuple[str, str, str, Any, str]]:
        """(federation slug, federation name, system, card data, pronouns) of every stored card
        of a wrestler with this slug (in ``federation`` if given); a CommandError when the
        slug is in several federations and none was named."""
        if not re.fullmatch(r"[-a-zA-Z0-9_]{1,100}", slug):
            return []
        if slug not in self._found:
            cards = WrestlerCard.objects.filter(wrestler__slug=slug)
            if self.federation is not None:
                cards = cards.filter(wrestler__federation__slug=self.federation)
            try:
                self._found[slug] = list(
                    cards.order_by("wrestler__federation__slug", "system").values_list(
                        "wrestler__federation__slug",
                        "wrestler__federation__name",
                        "system",
                        "data",
                        "wrestler__pronouns",
                    )
                )
            except NO_DATABASE:  # nobody has a card
                self._found[slug] = []
        rows = self._found[slug]
        federations = dict.fromkeys((fed, name) for fed, name, *_ in rows)
        if len(federations) > 1:
            named = ", ".join(f"{clip_text(name)} ({fed})" for fed, name in federations)
            raise CommandError(AMBIGUOUS.format(slug=clip_text(slug), federations=named))
        return rows

    def cards(self, slug: str) -> dict[str, dict[str, Any]]:
        """The wrestler's stored cards by system, or {} (no such wrestler, no card)."""
        return {system: dict(data) for _fed, _name, system, data, _pron in self._rows(slug)}

    def pronouns(self, slug: str) -> str:
        """The pronouns the roster has for the wrestler with this slug, or the default."""
        rows = self._rows(slug)
        return (rows[0][4] if rows else None) or DEFAULT_PRONOUNS


def _card_system(data: Any) -> str | None:
    value = data.get("system") if isinstance(data, dict) else None
    return value.strip().lower() if isinstance(value, str) and value.strip() else None


def _system_of(
    args_system: str | None, items: list[_Item], slugs: list[str], roster: Roster
) -> Any:
    """The system: --system (any case), else the one every card names."""
    if args_system is not None:
        name = args_system.strip().lower()
        try:
            return get_system(name)
        except UnknownSystem as err:
            raise CommandError(str(err)) from None
    named: dict[str, list[str]] = {}
    for item in items:
        system = _card_system(item.data)
        if system is not None:
            named.setdefault(system, []).append(item.where)
    known = ", ".join(sorted(systems))
    unknown = [
        f"{place}: {UNKNOWN_CARD_SYSTEM.format(system=clip_text(name), known=known)}"
        for name, where in named.items()
        if name not in systems
        for place in where
    ]
    if unknown:  # (before "different systems": a misspelt system is the problem to name)
        raise CommandError("\n".join(unknown))
    if len(named) > 1:
        found = "; ".join(f"{clip_text(name)}: {', '.join(where)}" for name, where in named.items())
        raise CommandError(MIXED_SYSTEMS.format(found=found))
    if named:
        name = next(iter(named))
    else:
        # Only slugs (or cards without system:): the one system all these wrestlers have.
        common: set[str] | None = None
        missing = []
        for slug in slugs:
            have = set(roster.cards(slug))
            if not have:
                missing.append(
                    f"{clip_text(slug)}: no such card file, and no wrestler with "
                    "that slug has a card"
                )
            common = have if common is None else common & have
        if missing:
            raise CommandError("\n".join(missing))
        if not common or len(common) > 1:
            raise CommandError(NO_SYSTEM.format(known=", ".join(sorted(systems))))
        name = common.pop()
    try:
        return get_system(name)
    except UnknownSystem as err:
        raise CommandError(str(err)) from None


def _gather(args: list[str]) -> tuple[list[_Item], list[str], list[str]]:
    """Items read from files, the slugs to look up, and the problems met."""
    items: list[_Item] = []
    slugs: list[str] = []
    problems: list[str] = []
    for arg in args:
        label = clip_text(arg, MAX_PATH_SHOWN)
        path = Path(arg)
        try:
            is_file, exists = path.is_file(), path.exists()
        except (OSError, ValueError):  # a name too long for a path, a NUL byte
            is_file = exists = False
        if is_file:
            try:
                items.extend(_read_file(label, path))
            except CommandError as err:
                problems.append(str(err))
        elif exists:
            problems.append(f"{label}: not a card file")
        elif path.suffix.lower() in (".yaml", ".yml") or "/" in arg or "\\" in arg:
            problems.append(NO_SUCH_FILE.format(arg=label))
        else:
            slugs.append(arg)
            items.append(_Item(None, label, key=arg))
    return items, slugs, problems


def _parse(
    items: list[_Item], system: Any, tables: Any, problems: list[str], roster: Roster
) -> list[LoadedCard]:
    loaded: list[LoadedCard] = []
    for item in items:
        data = item.data
        if item.key is not None:
            data = roster.cards(item.key).get(system.name)
            if data is None:
                problems.append(NO_SUCH_CARD.format(arg=item.where, system=system.name))
                continue
        try:
            card = system.parse_card(data, tables=tables)
        except RulesError as err:
            lines = str(err).splitlines()
            shown = lines[:20] + ([f"... and {len(lines) - 20} more"] if len(lines) > 20 else [])
            problems.append(f"{item.where}: invalid card\n" + _indent("\n".join(shown)))
            continue
        key = item.key or slugify(card.name)
        pronouns = roster.pronouns(item.key) if item.key is not None else DEFAULT_PRONOUNS
        loaded.append(LoadedCard(key, card.name, card, item.where, pronouns))
    return loaded


def load_cards(
    args: list[str], system: Any, tables: Any = None, roster: Roster | None = None
) -> list[LoadedCard]:
    """Cards of one ``system`` from files or slugs (looked up in ``roster``, by default across
    every federation); a CommandError listing every problem."""
    items, _slugs, problems = _gather(args)
    loaded = _parse(items, system, tables, problems, roster or Roster())
    if problems:
        raise CommandError("\n".join(problems))
    return loaded


def _indent(text: str) -> str:
    return "\n".join(f"  {line}" for line in text.splitlines())


def _manager(raw: str) -> tuple[int, Ringside]:
    side, value = _side_value("manager", raw)
    name, rating = value, None
    if ":" in value:
        name, _, given = value.rpartition(":")
        # [0-9], not \d: a digit of another script (U+0667) is no rating on a printed card.
        if not re.fullmatch(r"\s*[0-9]{1,2}\s*", given) or int(given) > 12:
            raise CommandError(
                f"--manager {SIDES[side]}: a Distractor rating is a whole number from 0 to 12, "
                f"not {given.strip()!r} (NAME:RATING, e.g. 'Jimmy Hart:7')"
            )
        rating = int(given)
    bad = bad_character(name)
    if bad is not None or not name.strip() or len(name) > MAX_NAME:
        why = f"holds {bad}" if bad else "must be a name of 1 to 100 characters"
        raise CommandError(f"--manager {SIDES[side]}: the name {why}")
    return side, Ringside(key=slugify(name), name=name.strip(), distractor=rating)


# ------------------------------------------------------------------------------------ building


def build(options: dict[str, Any]) -> Built:
    """The system, the match spec and the notes from the command's arguments; a CommandError
    for every bad input."""
    if options.get("time_limit") is not None and not 1 <= options["time_limit"] <= MAX_TIME_LIMIT:
        raise CommandError(f"--time-limit must be 1 to {MAX_TIME_LIMIT}")
    items, slugs, problems = _gather(options["cards"])
    ally_items: list[tuple[int, list[_Item]]] = []
    for raw in options.get("ally") or ():
        side, value = _side_value("ally", raw)
        found, ally_slugs, ally_problems = _gather([value])
        problems.extend(f"--ally {SIDES[side]}: {p}" for p in ally_problems)
        slugs.extend(ally_slugs)
        ally_items.append((side, found))
    if problems:
        raise CommandError("\n".join(problems))
    roster = Roster(options.get("federation"))
    system = _system_of(
        options.get("system"), items + [i for _, f in ally_items for i in f], slugs, roster
    )
    match_type = str(options.get("match") or "singles").strip().lower()
    if match_type not in system.match_types:
        raise CommandError(
            f"{system.name} has no match type {clip(match_type)} "
            f"(types: {', '.join(system.match_types)})"
        )
    try:
        # A stipulation a match can be booked with (no_dq, ...) is named among the rules.
        given, stipulations = split_stipulations(
            options.get("rules") or "",
            stipulations=system.stipulation_names,
            options=system.option_names,
        )
        rules = system.parse_options(given)
        tables = system.load_tables()
    except RulesError as err:
        raise CommandError(str(err)) from None
    cards = _parse(items, system, tables, problems, roster)
    allies: dict[int, LoadedCard] = {}
    for side, found in ally_items:
        parsed = _parse(found, system, tables, problems, roster)
        if len(found) != 1:
            problems.append(f"--ally {SIDES[side]}: one card, not {len(found)}")
        elif side in allies:
            problems.append(f"--ally {SIDES[side]}: one ally a side")
        elif parsed:
            allies[side] = parsed[0]
    managers: dict[int, Ringside] = {}
    for raw in options.get("manager") or ():
        side, person = _manager(raw)
        if side in managers:
            problems.append(f"--manager {SIDES[side]}: one manager a side")
        managers[side] = person
    if problems:
        raise CommandError("\n".join(problems))
    per_side = system.participants_per_side(match_type)
    # Most match types have two sides; a system may allow more (a battle royal: any number).
    low, high = system.sides_allowed(match_type)
    count = len(cards) // per_side
    if len(cards) % per_side or count < low or (high is not None and count > high):
        need = str(low * per_side) if low == high else f"{low * per_side} or more"
        kind = match_type_words(match_type)
        raise CommandError(
            WRONG_COUNT.format(match_type=kind, need=need, per_side=per_side, got=len(cards))
        )
    seen: set[str] = set()
    for c in cards:
        if c.key in seen:
            raise CommandError(TWICE.format(name=clip_text(c.name)))
        seen.add(c.key)
    for c in allies.values():
        if c.key in seen:
            raise CommandError(AT_RINGSIDE.format(name=clip_text(c.name)))
    told = _pronouns(options.get("pronouns"), len(cards))
    participants = [
        Participant(key=c.key, name=c.name, card=c.card, pronouns=told[i] or c.pronouns)
        for i, c in enumerate(cards)
    ]
    ringside = {i: Ringside(key=a.key, name=a.name, card=a.card) for i, a in allies.items()}
    sides = [
        Side(
            participants=tuple(participants[i * per_side : (i + 1) * per_side]),
            relationship=options.get("relationship"),
            ally=ringside.get(i),
            manager=managers.get(i),
        )
        for i in range(count)
    ]
    spec = MatchSpec(
        match_type=match_type,
        sides=tuple(sides),
        options=rules,
        feud=bool(options.get("feud")),
        time_limit=options.get("time_limit"),
        stipulations=stipulations,
    )
    return Built(system, spec, _notes(system, spec))


def _pronouns(raw: str | None, count: int) -> list[str | None]:
    """``--pronouns``, one a card in the cards' order (None for each when it is not given)."""
    if raw is None:
        return [None] * count
    given = [word.strip().lower() for word in raw.split(",")]
    unknown = [word for word in given if word not in PRONOUNS]
    if unknown:
        raise CommandError(
            PRONOUNS_UNKNOWN.format(
                words=", ".join(clip(w) for w in unknown), known=", ".join(PRONOUN_CHOICES)
            )
        )
    if len(given) != count:
        raise CommandError(PRONOUNS_COUNT.format(given=len(given), cards=count))
    return list(given)


#: A ringside role the system's rules give no part.
RINGSIDE_IGNORED = (
    "note: --{role} cannot apply here: nobody at ringside has a part in {title}'s rules "
    "(the match is played without him)"
)


FEUD_IGNORED = (
    "note: --feud cannot apply here: a feud match plays no differently under {title}'s rules"
)
RELATIONSHIP_IGNORED = (
    "note: --relationship cannot apply here: it is for tag teams (two or more a side)"
)


def _notes(system: Any, spec: MatchSpec) -> list[str]:
    """A line for each chosen option that cannot apply to this match, with how to seat it."""
    notes = []
    for option, reason in system.inapplicable_options(spec).items():
        hint = next(
            (h for name, words, h in HINTS if name == option and words in reason),
            None,
        )
        notes.append(f"note: {option} cannot apply here: {reason}" + (f" ({hint})" if hint else ""))
    for role in ("ally", "manager"):
        if role not in system.ringside_roles and any(getattr(s, role) for s in spec.sides):
            notes.append(RINGSIDE_IGNORED.format(role=role, title=system.title))
    if spec.feud and not system.feud_rules:
        notes.append(FEUD_IGNORED.format(title=system.title))
    if any(s.relationship for s in spec.sides) and all(len(s.participants) < 2 for s in spec.sides):
        notes.append(RELATIONSHIP_IGNORED)
    return notes


#: Match types whose words are not just the code with spaces.
MATCH_TYPE_WORDS = {"three_man_tag": "three-man tag", "texas_death": "Texas death"}


def match_type_words(match_type: str) -> str:
    """A match type in words, as the rest of the output reads ("battle royal", "steel cage")."""
    return MATCH_TYPE_WORDS.get(match_type, match_type.replace("_", " "))


def describe(system, spec: MatchSpec) -> str:
    names = [" & ".join(p.name for p in side.participants) for side in spec.sides]
    # Each option as given, its value included ("cage=pipe", "referee=9"), in the system's order.
    order = {name: i for i, name in enumerate(system.option_names)}
    given = sorted(spec.options, key=lambda o: order.get(o.split("=", 1)[0], len(order)))
    given += stipulations_given(system, spec)
    rules = ", ".join(given) or "basic game"
    if spec.time_limit is not None:
        rules += f"; time limit {counted(spec.time_limit, system.length_unit)}"
    # Only whom the rules give a part: the others are played without (and a note says so).
    ringside = [
        f"{person.name} ({role}, {names[i]})"
        for i, side in enumerate(spec.sides)
        for role, person in (("manager", side.manager), ("ally", side.ally))
        if person is not None and role in system.ringside_roles
    ]
    at = f"; at ringside: {', '.join(ringside)}" if ringside else ""
    kind = match_type_words(spec.match_type)
    return f"{system.title}: {' vs '.join(names)} ({kind}; rules: {rules}{at})"


def stipulations_given(system, spec: MatchSpec) -> list[str]:
    """The match's stipulations by name, in the system's order."""
    return [name for name in system.stipulation_names if spec.stipulations.get(name)]


def guard(fn, *args, **kwargs):
    """Run an engine call, turning its input errors into CommandErrors."""
    try:
        return fn(*args, **kwargs)
    except RulesError as err:
        raise CommandError(str(err)) from None
