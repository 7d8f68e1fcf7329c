"""Wrestlers' cards and a federation's chart overrides: normalised, stored, imported whole."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from promotion import validators
from promotion.models import (
    Wrestler,
)
from promotion.selectors import federation_tables
from promotion.services.base import ServiceError
from promotion.services.wrestlers import wrestler_create
from rules import registry
from rules.core.errors import CardError, ProblemsError, TableError
from rules.core.safeyaml import clip
from rules.core.spec import slugify
from rules.models import ChartOverride, System, WrestlerCard

UNKNOWN_SYSTEM = "Unknown rule system {system!r}; known systems: {known}."


def card_normalise(
    *, system: str, data: Mapping[str, Any], federation=None
) -> tuple[dict[str, Any], bool]:
    """A card in its normalised form and whether its engine checked it.

    The card is checked against every chart its system can consult under any option, as the
    federation plays them (its chart overrides merged in; the defaults without a federation), so
    that a card that is stored can never crash a show. Raises the engine's ``CardError`` (a
    ``ValueError`` listing every problem by path) for an invalid card; cards of systems whose
    engine has not landed pass through unchecked.
    """
    if system not in System.values:
        raise ServiceError(UNKNOWN_SYSTEM.format(system=system, known=", ".join(System.values)))
    engine = registry.systems.get(system)
    if engine is None:
        return dict(data), False
    tables = federation_tables(federation=federation, system=system)
    return engine.card_to_data(engine.parse_card(data, tables=tables)), True


def card_store(*, wrestler: Wrestler, system: str, data: Mapping[str, Any]) -> WrestlerCard:
    """Store (or replace) a wrestler's card for one system.

    Where the system's engine has landed the card is validated by it (against the wrestler's
    federation's charts) and stored in its normalised form; an invalid card raises the engine's
    ``CardError`` listing every problem, and nothing is written. Cards of systems without an
    engine yet are stored as given, waiting.
    """
    normalised, validated = card_normalise(system=system, data=data, federation=wrestler.federation)
    card, _ = WrestlerCard.objects.update_or_create(
        wrestler=wrestler, system=system, defaults={"data": normalised, "validated": validated}
    )
    return card


CHART_BREAKS_CARDS = "With this chart, {count} stored card(s) would no longer play:"


def chart_override_save(
    *, federation, system: str, chart: str, data: Any, note: str = ""
) -> ChartOverride:
    """Replace one of a rule system's charts for a federation (the printed chart, say).

    The chart is checked by its engine, and every card the federation's wrestlers hold for that
    system is checked against the charts as they would be: a chart that would leave a stored card
    unplayable (a Choice Situations column a card names, removed) is refused with each card's
    problems, and nothing is written."""
    engine = registry.systems.get(system)
    if engine is None:
        raise ServiceError(UNKNOWN_SYSTEM.format(system=system, known=", ".join(registry.systems)))
    overrides = {
        o.chart: o.data
        for o in ChartOverride.objects.filter(federation=federation, system=system)
        if o.chart != chart
    }
    overrides[chart] = data
    try:
        tables = engine.load_tables(overrides)
    except (TableError, ValueError) as exc:
        raise ServiceError(str(exc)) from None
    problems: list[str] = []
    cards = WrestlerCard.objects.filter(wrestler__federation=federation, system=system)
    for card in cards.select_related("wrestler").order_by("wrestler__ring_name"):
        try:
            engine.parse_card(card.data, tables=tables)
        except CardError as exc:
            problems.extend(f"{card.wrestler}: {line}" for line in str(exc).splitlines())
    if problems:
        count = len({line.split(":", 1)[0] for line in problems})
        raise ServiceError("\n".join([CHART_BREAKS_CARDS.format(count=count), *problems]))
    override, _ = ChartOverride.objects.update_or_create(
        federation=federation, system=system, chart=chart, defaults={"data": data, "note": note}
    )
    return override


class CardImportError(ServiceError):
    """Cards refused whole. ``located`` lists every problem as ``(file, path, message)``, the
    path within the file's YAML (``cards[0].offense.1[2].level``; empty: the file as a whole);
    ``problems`` the same as lines naming the file and the path (``x.yaml: cards[0].name: ...``);
    ``by_field`` each by its path alone, as the API names it (its body is the one file).
    """

    def __init__(self, located: list[tuple[str, str, str]]):
        self.located = list(located)
        self.by_field = tuple((path, message) for _, path, message in self.located)
        self.problems = [": ".join(part for part in problem if part) for problem in self.located]
        super().__init__("\n".join(self.problems))


NO_SUCH_WRESTLER = "no wrestler with the {field} {value} here: sign the wrestler first"
CARD_NAMES_NOBODY = (
    "required: a card names its wrestler, by slug: (his address) or name: (his ring name)"
)
CARD_SYSTEM_REQUIRED = "required: the card's rule system, one of {known}"
RING_NAME_SHARED = (
    "{count} wrestlers are called {name} here ({slugs}): name the one you mean by slug:"
)


def _within(label: str, path: str) -> str:
    """A path inside a card (``offense.1``) from the card's place in its file (``cards[2]``)."""
    return f"{label}.{path}" if label and path else label or path


def _in_words(count: int) -> str:
    return {2: "two", 3: "three", 4: "four"}.get(count, str(count))


def cards_import(
    *, federation, documents: list[tuple[str, Any]], sign: bool = False
) -> list[WrestlerCard]:
    """Store the cards of several YAML documents, all or nothing.

    ``documents`` pairs a source name (the file) with its parsed YAML: one card, or a list under
    ``cards:``. Each card names its system and its wrestler by ``slug:`` or by ``name:`` (the ring
    name, case and spacing aside as ``validators.name_key`` reads it). A name that more than
    one wrestler of the roster goes by (rows stored before a ring name was one wrestler's) names
    nobody: the card must give the slug. Every card is checked (against the federation's charts)
    before any is written, and the error lists every problem found, an unknown wrestler with the
    card's own problems. With ``sign``, a card naming nobody on the roster signs a new wrestler
    under that name (his starting Fame and Prestige as ``wrestler_create`` gives them).
    """
    wrestlers = {w.slug: w for w in federation.wrestlers.order_by("slug")}
    by_name: dict[str, list[Wrestler]] = {}
    for each in wrestlers.values():
        by_name.setdefault(validators.name_key(each.ring_name), []).append(each)
    known = ", ".join(System.values)
    problems: list[tuple[str, str, str]] = []
    accepted: list[tuple[Wrestler | tuple[str, str], str, dict]] = []
    seen: set[tuple[Any, str]] = set()
    for source, document in documents:
        if isinstance(document, dict) and "cards" in document:
            entries = document["cards"]
            if not isinstance(entries, list):
                problems.append((source, "cards", "must be a list of cards"))
                continue
            labelled = [(f"cards[{i}]", entry) for i, entry in enumerate(entries)]
        else:
            labelled = [("", document)]
        for label, entry in labelled:
            if not isinstance(entry, dict):
                problems.append((source, label, f"a card must be a mapping, got {clip(entry)}"))
                continue
            data = dict(entry)
            slug = data.pop("slug", None)
            name = data.get("name")
            system = data.get("system")
            if isinstance(system, str):
                system = system.strip().lower()
                data["system"] = system
            card_problems: list[tuple[str, str]] = []  # (path within the card, message)
            if slug is not None and not isinstance(slug, str):
                card_problems.append(("slug", f"must be text, got {clip(slug)}"))
                slug = None
            if system is None:
                card_problems.append(("system", CARD_SYSTEM_REQUIRED.format(known=known)))
            elif not isinstance(system, str) or system not in System.values:
                card_problems.append(("system", f"must be one of {known}, got {clip(system)}"))
                system = None
            else:
                try:
                    data, _ = card_normalise(system=system, data=data, federation=federation)
                except ProblemsError as exc:
                    card_problems += exc.problems
                except ValueError as exc:
                    card_problems += [("", line) for line in str(exc).splitlines()]
            ring_name = name.strip() if isinstance(name, str) else ""
            named = bool(ring_name)
            wrestler: Wrestler | tuple[str, str] | None = None
            shared: list[Wrestler] = []
            if slug:
                wrestler = wrestlers.get(slug)
            elif named:
                found = by_name.get(validators.name_key(name), [])
                if len(found) == 1:
                    wrestler = found[0]
                shared = found if len(found) > 1 else []
            if shared:
                shared_by = ", ".join(w.slug for w in shared)
                message = RING_NAME_SHARED.format(
                    count=_in_words(len(shared)), name=clip(name), slugs=shared_by
                )
                card_problems.append(("name", message))
            elif wrestler is None:
                if sign and named:
                    wrestler = (ring_name, slug or slugify(ring_name))
                elif not slug and not name:
                    card_problems.append(("name", CARD_NAMES_NOBODY))
                else:
                    field, value = ("slug", slug) if slug else ("name", name)
                    card_problems.append(
                        (field, NO_SUCH_WRESTLER.format(field=field, value=clip(value)))
                    )
            if wrestler is not None and system is not None:
                key = (wrestler.pk if isinstance(wrestler, Wrestler) else wrestler, system)
                if key in seen:
                    card_problems.append(("system", f"a second {system} card for {name or slug}"))
                seen.add(key)
            problems += [(source, _within(label, path), why) for path, why in card_problems]
            if not card_problems and wrestler is not None and system is not None:
                accepted.append((wrestler, system, data))  # (else a problem is named above)
    if problems:
        raise CardImportError(problems)
    with transaction.atomic():
        signed: dict[str, Wrestler] = {}
        stored = []
        for wrestler, system, data in accepted:
            if not isinstance(wrestler, Wrestler):
                ring_name, new_slug = wrestler
                if new_slug not in signed:
                    signed[new_slug] = wrestler_create(
                        federation=federation, ring_name=ring_name, slug=new_slug
                    )
                wrestler = signed[new_slug]
            stored.append(card_store(wrestler=wrestler, system=system, data=data))
        return stored
