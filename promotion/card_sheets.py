"""The printable wrestler cards: what each sheet shows, read through the rule systems' registry.

A sheet is one wrestler's card for one system, laid out as the printed card is (the templates
under ``templates/print/``): the card in its structured form as its engine reads it back, and,
for an ARM character, the values its engine derives from the sheet (the AGI and STA bonuses,
WDB, Lift, HDB, Reach, Height in Steps, the StunTrack) by the federation's own tables. A
wrestler without a card for the system gets a sheet that says so; a card its engine refuses is
printed as typed, with the engine's first problem beside it.

The roster prints in parts of ``ROSTER_PART`` wrestlers (a federation may have hundreds), each
part one page or PDF of its own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from promotion.models import Federation, Wrestler, WrestlerStatus
from promotion.selectors import federation_tables
from rules import registry
from rules.models import System, WrestlerCard

#: Wrestlers in one part of the roster's cards (a page, a PDF).
ROSTER_PART = 12
#: The layouts: one card a page, or the cards tiled as the printed cards are, two a page.
LAYOUTS = ("page", "tile")
TILE_PER_PAGE = 2

NO_CARD = "{name} has no {system} card yet."
NOT_CHECKED = "This card does not check: {problem}"
UNKNOWN_SYSTEM = "no rule system of that name (systems: {names})"
UNKNOWN_LAYOUT = "no layout of that name (layouts: {names})"


@dataclass
class Sheet:
    """One wrestler's card for one system, as it prints."""

    wrestler: Wrestler
    system: str
    system_title: str
    data: dict[str, Any] = field(default_factory=dict)
    #: Why there is nothing to print (no card), or what the engine refuses in it.
    note: str = ""
    has_card: bool = True
    #: ARM: the values derived from the sheet, as (label, value) pairs, and the arsenal read
    #: in the maneuver catalogue.
    derived: list[tuple[str, Any]] = field(default_factory=list)
    stuntrack: list[tuple[str, int, int]] = field(default_factory=list)
    maneuvers: list[dict[str, Any]] = field(default_factory=list)
    traits: list[tuple[str, str, str]] = field(default_factory=list)
    #: Filsinger: the card's charts by die (1..6), each row the three offense levels' entries
    #: and the three defense levels'.
    grid: list[tuple[int, list[Any], list[Any]]] = field(default_factory=list)


@dataclass
class RosterSheets:
    sheets: list[Sheet]
    #: Wrestlers of the roster without a card for the system (named, not printed).
    without: list[Wrestler]
    total: int
    part: int
    parts: int
    first: int
    last: int


def system_problem(system: str) -> str:
    """Why ``system`` names no printable system ("" if it does)."""
    if system in registry.systems:
        return ""
    return UNKNOWN_SYSTEM.format(names=", ".join(registry.SYSTEM_NAMES))


def layout_problem(layout: str) -> str:
    return "" if layout in LAYOUTS else UNKNOWN_LAYOUT.format(names=", ".join(LAYOUTS))


def _title(system: str) -> str:
    return str(System(system).label) if system in System.values else system


def _first_problem(error: Exception) -> str:
    problems = getattr(error, "problems", None)
    if problems:
        first = problems[0]
        if isinstance(first, tuple | list) and len(first) == 2:
            return f"{first[0]}: {first[1]}"
        return str(first)
    return str(error).splitlines()[0] if str(error) else type(error).__name__


def _sheet(card: WrestlerCard, tables: Any) -> Sheet:
    engine = registry.systems[card.system]
    sheet = Sheet(card.wrestler, card.system, _title(card.system), data=dict(card.data or {}))
    try:
        parsed = engine.parse_card(card.data, tables=tables)
    except ValueError as error:
        sheet.note = NOT_CHECKED.format(problem=_first_problem(error))
        return sheet
    sheet.data = engine.card_to_data(parsed)
    if card.system == "arm":
        _arm_values(sheet, parsed, tables)
    if card.system == "filsinger":
        sheet.grid = filsinger_grid(sheet.data)
    return sheet


def filsinger_grid(data: dict[str, Any]) -> list[tuple[int, list[Any], list[Any]]]:
    """A Filsinger card's charts as the card prints them: a row for each die face, the three
    offense levels on the left, the three defense levels on the right."""

    def column(side: str, level: int) -> list[Any]:
        chart = data.get(side) or {}
        entries = chart.get(str(level), chart.get(level)) if isinstance(chart, dict) else None
        return list(entries) if isinstance(entries, list) else []

    offense = [column("offense", level) for level in (1, 2, 3)]
    defense = [column("defense", level) for level in (1, 2, 3)]

    def at(entries: list[Any], index: int) -> Any:
        return entries[index] if index < len(entries) else None

    return [
        (die, [at(c, die - 1) for c in offense], [at(c, die - 1) for c in defense])
        for die in range(1, 7)
    ]


def _arm_values(sheet: Sheet, parsed: Any, tables: Any) -> None:
    """What the ARM engine derives from the sheet before a match (``rules/arm/compile.py``),
    by the federation's tables: the bonuses by AGI and STA, WDB and Lift by weight (with the
    merits' and flaws' own modifiers), HDB, Reach and Height in Steps by height, Edge by Fame,
    and the StunTrack's levels by TOU and STA."""
    at = tables.attributes
    attrs = parsed.attrs
    lift_mod = wdb_mod = 0
    for kind, names in (("merit", parsed.merits), ("flaw", parsed.flaws)):
        for name in names:
            trait = tables.merits.get(kind, name)
            if trait is None:
                continue
            lift_mod += int(trait.effects.get("lift", 0))
            wdb_mod += int(trait.effects.get("wdb", 0))
            sheet.traits.append((kind.capitalize(), trait.name, trait.note))
    sheet.derived = [
        ("AGI bonus", at.bonus(attrs["AGI"])),
        ("STA bonus", at.bonus(attrs["STA"])),
        ("WDB", at.wdb(parsed.weight) + wdb_mod),
        ("Lift", at.lift(parsed.weight) + lift_mod),
        ("HDB", at.hdb(parsed.height)),
        ("Reach", at.reach(parsed.height)),
        ("Height in Steps", at.height_steps(parsed.height)),
        ("Edge", parsed.edge),
    ]
    track = tables.stuntrack
    breaks = track.breaks(attrs["TOU"], attrs["STA"])
    start = 0
    for name, penalty, end in zip(track.names, track.penalties, breaks, strict=False):
        sheet.stuntrack.append((f"{name} (-{penalty})", start + 1 if start else 0, end))
        start = end
    for entry in parsed.arsenal:
        move = tables.maneuvers.get(entry.maneuver)
        row: dict[str, Any] = {"name": entry.maneuver, "bonus": entry.bonus}
        if move is not None:
            row.update(cls=move.cls, level=move.level, damage=move.damage, target=move.target)
        if parsed.finisher is not None and parsed.finisher.maneuver == entry.maneuver:
            row["finisher"] = parsed.finisher.name
        sheet.maneuvers.append(row)


def _tables(federation: Federation, system: str) -> Any:
    """The federation's tables of ``system``; the defaults where its overrides do not load
    (the card is then printed as the defaults read it: the desk that keeps the overrides
    names their problems)."""
    try:
        return federation_tables(federation=federation, system=system)
    except ValueError:
        return registry.systems[system].load_tables(None)


def _missing(wrestler: Wrestler, system: str) -> Sheet:
    title = _title(system)
    note = NO_CARD.format(name=wrestler.ring_name, system=title)
    return Sheet(wrestler, system, title, note=note, has_card=False)


def wrestler_sheets(*, wrestler: Wrestler, system: str = "") -> list[Sheet]:
    """The wrestler's printable cards: every card he has (in the systems' order: Filsinger,
    Superstar, ARM), or the one of ``system``; a note for a system he has no card for (or for
    a wrestler without any)."""
    cards = wrestler.cards.filter(system__in=list(registry.systems))
    if system:
        cards = cards.filter(system=system)
    order = {name: index for index, name in enumerate(registry.SYSTEM_NAMES)}
    sheets = []
    for card in sorted(cards, key=lambda card: order[card.system]):
        card.wrestler = wrestler
        tables = _tables(wrestler.federation, card.system)
        sheets.append(_sheet(card, tables))
    if not sheets:
        sheets.append(_missing(wrestler, system or wrestler.federation.rule_system))
    return sheets


def roster_sheets(
    *, federation: Federation, system: str, part: int = 1, search: str = ""
) -> RosterSheets:
    """The roster's cards of ``system`` (its active wrestlers, by ring name; those whose ring
    name holds ``search`` if given), part ``part`` of ``ROSTER_PART`` wrestlers (a part before
    the first is the first, one past the last the last)."""
    rows = federation.wrestlers.exclude(status=WrestlerStatus.RETIRED)
    if search:
        rows = rows.filter(ring_name__icontains=search)
    wrestlers = list(
        rows.order_by("ring_name", "pk").only("pk", "ring_name", "slug", "federation_id")
    )
    cards = {
        card.wrestler_id: card
        for card in WrestlerCard.objects.filter(
            wrestler__in=[w.pk for w in wrestlers], system=system
        ).order_by()
    }
    printed = [w for w in wrestlers if w.pk in cards]
    without = [w for w in wrestlers if w.pk not in cards]
    parts = max(1, math.ceil(len(printed) / ROSTER_PART))
    part = min(max(1, part), parts)
    first = (part - 1) * ROSTER_PART
    chosen = printed[first : first + ROSTER_PART]
    tables = _tables(federation, system)
    sheets = []
    for wrestler in chosen:
        wrestler.federation = federation
        card = cards[wrestler.pk]
        card.wrestler = wrestler
        sheets.append(_sheet(card, tables))
    return RosterSheets(
        sheets=sheets,
        without=without,
        total=len(printed),
        part=part,
        parts=parts,
        first=first + 1 if chosen else 0,
        last=first + len(chosen),
    )
