"""Reading cards for the commands: YAML files (one card or a ``cards:`` list), or a wrestler's
slug looked up in the database when there is one."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from django.core.management.base import CommandError

from rules.core.errors import CardError, OptionError, SpecError, UnknownSystem
from rules.core.spec import MatchSpec, Participant, Side, slugify
from rules.registry import get_system

NO_SUCH_CARD = "{arg}: no such card file, and no wrestler with that slug has a {system} card"
WRONG_COUNT = "a {match_type} match takes {need} cards ({per_side} a side, side by side); got {got}"


@dataclass(frozen=True)
class LoadedCard:
    key: str
    name: str
    card: Any


def add_common_arguments(parser) -> None:
    parser.add_argument("cards", nargs="+", metavar="CARD", help="card files or wrestler slugs")
    parser.add_argument("--system", required=True, help="rule system (e.g. filsinger)")
    parser.add_argument("--match", default="singles", help="match type (default: singles)")
    parser.add_argument("--seed", type=int, default=None, help="seed (default: a random one)")
    parser.add_argument("--rules", default="", help="optional rules, comma-separated, or all")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument(
        "--relationship",
        choices=("partners", "group"),
        default=None,
        help="tag teams: regular partners or members of one group",
    )
    parser.add_argument("--feud", action="store_true", help="a feud match")
    parser.add_argument("--time-limit", type=int, default=None, help="length limit (turns)")


def choose_seed(seed: int | None) -> int:
    return secrets.randbelow(2**31) if seed is None else seed


def _card_from_db(arg: str, system_name: str) -> dict[str, Any] | None:
    try:
        from rules import models
    except Exception:  # no database models available
        return None
    model = getattr(models, "WrestlerCard", None) or getattr(models, "StoredCard", None)
    if model is None:
        return None
    try:
        row = model.objects.filter(wrestler__slug=arg, system=system_name).first()
    except Exception:  # no database, or no tables yet
        return None
    return None if row is None else dict(row.data)


def load_cards(args: list[str], system) -> list[LoadedCard]:
    loaded: list[LoadedCard] = []
    problems: list[str] = []
    for arg in args:
        path = Path(arg)
        if path.is_file():
            try:
                data = yaml.safe_load(path.read_text(encoding="utf-8"))
            except (OSError, yaml.YAMLError) as err:
                raise CommandError(f"{arg}: cannot read YAML: {err}") from err
            items = data["cards"] if isinstance(data, dict) and "cards" in data else [data]
            if not isinstance(items, list):
                raise CommandError(f"{arg}: 'cards' must be a list of cards")
            for i, item in enumerate(items):
                where = arg if len(items) == 1 else f"{arg} (card {i + 1})"
                try:
                    card = system.parse_card(item)
                except CardError as err:
                    problems.append(f"{where}: invalid card\n" + _indent(str(err)))
                    continue
                loaded.append(LoadedCard(slugify(card.name), card.name, card))
        else:
            data = _card_from_db(arg, system.name)
            if data is None:
                problems.append(NO_SUCH_CARD.format(arg=arg, system=system.name))
                continue
            try:
                card = system.parse_card(data)
            except CardError as err:
                problems.append(f"{arg}: invalid card\n" + _indent(str(err)))
                continue
            loaded.append(LoadedCard(arg, card.name, card))
    if problems:
        raise CommandError("\n".join(problems))
    return loaded


def _indent(text: str) -> str:
    return "\n".join(f"  {line}" for line in text.splitlines())


def build(options: dict[str, Any]) -> tuple[Any, MatchSpec]:
    """The system and the match spec from the command's arguments, or a CommandError."""
    try:
        system = get_system(options["system"])
    except UnknownSystem as err:
        raise CommandError(str(err)) from err
    match_type = options["match"]
    if match_type not in system.match_types:
        raise CommandError(
            f"{system.name} has no match type {match_type!r} "
            f"(types: {', '.join(system.match_types)})"
        )
    try:
        rules = system.parse_options(options["rules"])
    except OptionError as err:
        raise CommandError(str(err)) from err
    per_side = system.participants_per_side(match_type)
    cards = load_cards(options["cards"], system)
    if len(cards) != 2 * per_side:
        raise CommandError(
            WRONG_COUNT.format(
                match_type=match_type, need=2 * per_side, per_side=per_side, got=len(cards)
            )
        )
    seen: dict[str, int] = {}
    participants = []
    for c in cards:
        seen[c.key] = seen.get(c.key, 0) + 1
        key = c.key if seen[c.key] == 1 else f"{c.key}-{seen[c.key]}"
        participants.append(Participant(key=key, name=c.name, card=c.card))
    sides = tuple(
        Side(
            participants=tuple(participants[i : i + per_side]), relationship=options["relationship"]
        )
        for i in range(0, len(participants), per_side)
    )
    spec = MatchSpec(
        match_type=match_type,
        sides=sides,
        options=rules,
        feud=options["feud"],
        time_limit=options["time_limit"],
    )
    return system, spec


def describe(system, spec: MatchSpec) -> str:
    names = [" & ".join(p.name for p in side.participants) for side in spec.sides]
    rules = ", ".join(o for o in system.option_names if o in spec.options) or "basic game"
    return f"{system.title}: {' vs '.join(names)} ({spec.match_type}; rules: {rules})"


def guard(fn, *args, **kwargs):
    """Run an engine call, turning its input errors into CommandErrors."""
    try:
        return fn(*args, **kwargs)
    except (SpecError, CardError, OptionError) as err:
        raise CommandError(str(err)) from err
