"""The sample federation: a fictional federation of the project's own making, kept as YAML.

``promotion/data/sample/federation.yaml`` holds the federation, roster, teams, titles with their
lineages and feuds; ``rules/data/sample/<system>/<slug>.yaml`` holds each wrestler's card for each
rule system. Loading is all-or-nothing.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from importlib import resources
from typing import Any

import yaml
from django.db import transaction

from promotion.models import Federation, Team, Wrestler
from promotion.services import (
    ServiceError,
    card_store,
    federation_create,
    federation_delete,
    feud_start,
    reign_end,
    reign_start,
    team_form,
    team_join,
    title_create,
    wrestler_create,
)
from rules.core.tables import load_data_yaml
from rules.models import System

SAMPLE_ALREADY_LOADED = "A federation with the slug {slug!r} exists already; use --replace."


def sample_data() -> dict[str, Any]:
    text = resources.files("promotion").joinpath("data/sample/federation.yaml").read_text()
    return load_data_yaml(text)


def sample_card(system: str, slug: str) -> dict[str, Any] | None:
    path = resources.files("rules").joinpath(f"data/sample/{system}/{slug}.yaml")
    if not path.is_file():
        return None
    return load_data_yaml(path.read_text())


#: The sample wrestlers whose cards the card editor offers as a starting point.
STARTER_FROM = ("bastian-holloway", "corrigan-vale")
STARTER_NOTE = (
    "# A starting point for {name}: a sample card's layout, with {name}'s name and a placeholder\n"
    "# {what} ({finisher}). Type in {name}'s printed card over it.\n"
)


def _sample_text(system: str, slug: str) -> str | None:
    path = resources.files("rules").joinpath(f"data/sample/{system}/{slug}.yaml")
    return path.read_text() if path.is_file() else None


def _shown(text: str) -> str:
    """``text`` with each character that does not print (a control, a zero-width or
    direction mark, a line or paragraph separator) as its escape ("\\u2028"), as YAML reads it
    in double quotes; letters and signs of any script as typed."""
    return "".join(
        char
        if char.isprintable()
        else f"\\x{ord(char):02X}"
        if ord(char) <= 0xFF
        else f"\\u{ord(char):04X}"
        if ord(char) <= 0xFFFF
        else f"\\U{ord(char):08X}"
        for char in text
    )


def _scalar(value: Any) -> str:
    """``value`` as YAML writes it inside a line of a card (a flow mapping included): plain
    where that reads back the same, else double-quoted. Letters beyond ASCII are written as
    typed ("Zoë", not "Zo\\xEB"); what does not print is escaped (``_shown``), never written
    raw: U+2028 or U+0085 raw would end the line in YAML's reading."""
    plain = isinstance(value, str) and not any(c in value for c in ",{}[]#:\"'")
    if isinstance(value, str) and not (plain and value.isprintable()):
        return '"' + _shown(value.replace("\\", "\\\\").replace('"', '\\"')) + '"'
    text = yaml.safe_dump(value, default_flow_style=True, width=1000, allow_unicode=True).strip()
    if text.endswith("..."):  # (a lone plain scalar's document end)
        text = text[:-3].strip()
    return text


def starter_card(system: str, wrestler: Wrestler) -> str:
    """The card editor's starting text for a wrestler with no card of this system yet: a
    sample card valid for the system, with the wrestler's name and a placeholder finisher (a
    Superstar specialty) of that name instead of the sample wrestler's own, under a comment
    saying so (a YAML comment is part of no card). An ARM sheet takes the roster's alignment,
    height, weight and standing too. The sample file's own text is kept, with its layout and
    its comments (each entry on a line of its own, as printed); only those values change."""
    name = wrestler.ring_name
    for slug in STARTER_FROM:
        text = _sample_text(system, slug)
        if text:
            break
    else:
        return f"system: {system}\nname: {_scalar(name)}\n"
    data = load_data_yaml(text)
    lines: dict[str, Any] = {"name": name}  # top-level lines to change
    what, finisher = "finisher", f"{name} Finisher"
    if system == System.FILSINGER:
        finisher = finisher.upper()  # a finisher is printed in capitals
        old = [
            entry["finisher"]
            for entries in data.get("offense", {}).values()
            for entry in entries
            if isinstance(entry, dict) and "finisher" in entry
        ]
    elif system == System.SUPERSTAR:
        what, finisher = "specialty", f"{name} Special"
        old = [data["specialty"]["name"]]
    else:
        old = [data["finisher"]["name"]]
        if wrestler.alignment in ("face", "heel"):
            lines["alignment"] = wrestler.alignment
        for key, value in (("height", wrestler.height_in), ("weight", wrestler.weight_lb)):
            if value:
                lines[key] = value
        lines.update(fame=wrestler.fame, prestige=wrestler.prestige, heat=wrestler.heat)
    for key, value in lines.items():
        text = re.sub(
            rf"(?m)^({key}:[ \t]*)[^#\n]*?([ \t]*(#.*)?)$",
            _put(value),
            text,
            count=1,
        )
    for was in set(old):
        # The old name as a whole value in the sample's flow entries ("finisher: X,",
        # "name: X}", "move: X,", or a line of its own).
        text = re.sub(rf"(?<=: ){re.escape(was)}(?=[,}}\n])", lambda _m: _scalar(finisher), text)
    # (The note is a comment: a name's line separator, raw, would end it mid-name.)
    note = STARTER_NOTE.format(name=_shown(name), what=what, finisher=_shown(finisher))
    return note + text


def _put(value: Any) -> Callable[[re.Match[str]], str]:
    """A ``re.sub`` replacement putting ``value`` between a line's key and its comment."""
    return lambda m: m.group(1) + _scalar(value) + (m.group(2) or "")


def _date(value) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value))


def _day(value: Any) -> dt.date:
    """A date the sample must give (a team's, a title's, a reign's, a feud's)."""
    day = _date(value)
    if day is None:
        raise ServiceError("The sample leaves out a date it needs.")
    return day


@transaction.atomic
def sample_federation_load(
    *, owner, replace: bool = False, name: str | None = None, slug: str | None = None
) -> Federation:
    """Load the sample federation for ``owner``; ``name`` and ``slug`` rename it (the pages let
    anyone start a federation from the sample under a name of their own)."""
    data = sample_data()
    info = dict(data["federation"])
    if name:
        info["name"] = name
    if slug:
        info["slug"] = slug
    existing = Federation.objects.filter(slug=info["slug"]).first()
    if existing is not None:
        if not replace:
            raise ServiceError(SAMPLE_ALREADY_LOADED.format(slug=info["slug"]))
        federation_delete(federation=existing)

    federation = federation_create(
        owner=owner,
        name=info["name"],
        slug=info["slug"],
        description=info.get("description", ""),
        rule_system=info.get("rule_system", System.FILSINGER),
        rule_options=list(info.get("rule_options") or []),
        show_weekday=info.get("show_day", 5),
        show_time=dt.time.fromisoformat(str(info.get("show_time", "20:00"))),
        time_zone=info.get("time_zone", "UTC"),
        default_venue=info.get("venue", ""),
        is_public=info.get("public", True),
    )

    wrestlers: dict[str, Wrestler] = {}
    for row in data["wrestlers"]:
        wrestlers[row["slug"]] = wrestler_create(
            federation=federation,
            ring_name=row["ring_name"],
            slug=row["slug"],
            alignment=row.get("alignment", "face"),
            pronouns=row.get("pronouns", "he"),
            style=row.get("style", ""),
            status=row.get("status", "active"),
            height_in=row.get("height"),
            weight_lb=row.get("weight"),
            hometown=row.get("hometown", ""),
            debut_on=_date(row.get("debut")),
            fame=row.get("fame", 0),
            prestige=row.get("prestige", 0),
            heat=row.get("heat", 0),
        )

    teams: dict[str, Team] = {}
    for row in data.get("teams", []):
        # Formed by its first members; those who came later join on their own day.
        members = sorted(row["members"], key=lambda m: _day(m["since"]))
        formed_on = _day(members[0]["since"])
        team = team_form(
            federation=federation,
            name=row["name"],
            slug=row["slug"],
            kind=row["kind"],
            members=[wrestlers[m["wrestler"]] for m in members if _day(m["since"]) == formed_on],
            formed_on=formed_on,
        )
        for m in members:
            if _day(m["since"]) != formed_on:
                team_join(team=team, wrestler=wrestlers[m["wrestler"]], on=_day(m["since"]))
        teams[row["slug"]] = team

    def holder_of(slug: str) -> Wrestler | Team:
        try:
            return wrestlers.get(slug) or teams[slug]
        except KeyError:
            raise ServiceError(f"The sample names an unknown wrestler or team {slug!r}.") from None

    for rank, row in enumerate(data.get("titles", []), start=1):
        title = title_create(
            federation=federation,
            name=row["name"],
            slug=row["slug"],
            division=row["division"],
            rank=row.get("rank", rank),
            introduced_on=_day(row["introduced"]),
            rule_system=row.get("rule_system", ""),
        )
        # The lineage from before the federation's first show here, as it was typed in: each
        # reign with its defenses and how it ended (``title_award`` knows no defenses).
        for reign_row in row.get("lineage", []):
            reign = reign_start(
                title=title,
                holder=holder_of(reign_row["holder"]),
                won_on=_day(reign_row["won_on"]),
                won_how=reign_row.get("won_how", ""),
                defenses=reign_row.get("defenses", 0),
            )
            if reign_row.get("ended_on"):
                reign_end(
                    reign=reign,
                    ended_on=_day(reign_row["ended_on"]),
                    reason=reign_row.get("ended_how", "lost"),
                )

    for row in data.get("feuds", []):
        # Hot or building by its heat, as every feud the booker starts (``feud_start``).
        feud_start(
            federation=federation,
            sides=[[holder_of(slug) for slug in side] for side in row["sides"]],
            started_on=_day(row["started_on"]),
            heat=row.get("heat", 1),
            name=row.get("name", ""),
            description=row.get("description", ""),
        )

    for slug, wrestler in wrestlers.items():
        for system in System.values:
            card = sample_card(system, slug)
            if card is not None:
                card_store(wrestler=wrestler, system=system, data=card)
    return federation
