"""The match spec: everything an engine needs to play one match, as frozen values."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from rules.core.errors import SpecError
from rules.core.text import DEFAULT_PRONOUNS, PRONOUN_CHOICES, PRONOUNS

_K = TypeVar("_K")
_V = TypeVar("_V")


class FrozenMap(Mapping[_K, _V]):
    """A small immutable, hashable mapping (stipulations, the tables' charts)."""

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[_K, _V] | Iterable[tuple[_K, _V]] = ()):
        self._data = dict(data)
        self._hash: int | None = None

    def __getitem__(self, key: _K) -> _V:
        return self._data[key]

    def __iter__(self) -> Iterator[_K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"


def slugify(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "wrestler"


@dataclass(frozen=True, slots=True)
class Ringside:
    """Someone at ringside for a side: an ally or a manager/valet (optional rules 9 and 14).

    ``distractor`` is their Distractor rating; None means the card's, or 5 without one.
    """

    key: str
    name: str
    distractor: int | None = None
    card: Any = None


@dataclass(frozen=True, slots=True)
class Participant:
    """A wrestler in the match: a stable ``key`` (the roster slug), a display name, the card.

    ``injured`` and ``pin_modifier`` carry in-ring effects the roster knows about; each
    system says how it applies them (Filsinger: an injured wrestler's PIN rating is 2 higher).

    What the roster knows at show time, for the systems that read it (None outside a show, when
    the card's own figures stand): ``fame``, ``prestige``, ``heat`` and ``edge`` (ARM: Edge at
    match start is Fame // 100), ``champion`` (a reigning champion: Superstar's Eye of the
    Tiger) and ``injuries`` (unhealed injuries the wrestler wrestles through, each a mapping
    with at least ``body_part`` and ``points`` where the system keeps them).

    ``alignment`` is the roster's ("face", "heel" or "tweener"; None outside a show): ARM plays
    a face as a fan favourite and a heel as a rulebreaker whatever the sheet says (a tweener
    as his sheet has him).

    ``pronouns`` is how the play-by-play refers to the wrestler: ``he``, ``she`` or ``they``
    (``rules.core.text.PRONOUNS``); the roster's, or ``he`` for a card played on its own.
    """

    key: str
    name: str
    card: Any
    injured: bool = False
    pin_modifier: int = 0
    fame: int | None = None
    prestige: int | None = None
    heat: int | None = None
    edge: int | None = None
    champion: bool = False
    injuries: tuple[Mapping[str, Any], ...] = ()
    pronouns: str = DEFAULT_PRONOUNS
    alignment: str | None = None

    def __post_init__(self) -> None:
        if self.pronouns not in PRONOUNS:
            raise ValueError(
                f"{self.name}: unknown pronouns {self.pronouns!r}: must be one of "
                f"{', '.join(PRONOUN_CHOICES)}"
            )


@dataclass(frozen=True, slots=True)
class Side:
    """One corner. ``relationship`` ("partners", "group" or None) matters to tag rules."""

    participants: tuple[Participant, ...]
    relationship: str | None = None
    ally: Ringside | None = None
    manager: Ringside | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "participants", tuple(self.participants))


@dataclass(frozen=True, slots=True)
class MatchSpec:
    """One match: its type, its sides, the system's options and the stipulations.

    ``time_limit`` is the length at which the match is a draw, in the system's own unit
    (Filsinger: offensive turns); None takes the system's default.
    """

    match_type: str
    sides: tuple[Side, ...]
    options: Any = frozenset()
    feud: bool = False
    time_limit: int | None = None
    stipulations: Mapping[str, Any] = field(default_factory=FrozenMap)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sides", tuple(self.sides))
        if not isinstance(self.stipulations, FrozenMap):
            object.__setattr__(self, "stipulations", FrozenMap(self.stipulations))

    @property
    def participants(self) -> tuple[Participant, ...]:
        return tuple(p for side in self.sides for p in side.participants)

    @classmethod
    def from_cards(
        cls,
        match_type: str,
        cards: Iterable[Any],
        *,
        per_side: int,
        options: Any = frozenset(),
        **kwargs: Any,
    ) -> MatchSpec:
        """Sides from cards listed side by side (``per_side`` per corner), keyed by name."""
        cards = list(cards)
        seen: dict[str, int] = {}
        participants = []
        for card in cards:
            name = card.name
            key = slugify(name)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] > 1:
                key = f"{key}-{seen[key]}"
            participants.append(Participant(key=key, name=name, card=card))
        sides = tuple(
            Side(participants=tuple(participants[i : i + per_side]))
            for i in range(0, len(participants), per_side)
        )
        return cls(match_type=match_type, sides=sides, options=options, **kwargs)


def check_spec(
    spec: MatchSpec,
    *,
    system: str,
    per_side: Mapping[str, int],
    stipulations: Iterable[str],
    any_sides: Iterable[str] = (),
) -> int:
    """What every engine's ``prepare`` checks first: the match type is one of ``per_side``'s,
    the spec has two sides (two or more for a match type of ``any_sides``, a battle royal),
    each of the type's size, and every stipulation is one of ``stipulations``; raises
    ``SpecError`` naming the first found. Returns the wrestlers a side."""
    match_type = spec.match_type
    if match_type not in per_side:
        raise SpecError(
            f"unknown match type {match_type!r} for {system} (types: {', '.join(per_side)})"
        )
    size = per_side[match_type]
    if match_type in any_sides:
        if len(spec.sides) < 2:
            words = match_type.replace("_", " ")
            raise SpecError(f"a {words} takes two or more wrestlers, got {len(spec.sides)}")
    elif len(spec.sides) != 2:
        raise SpecError(f"a {match_type} match has two sides, got {len(spec.sides)}")
    for i, side in enumerate(spec.sides):
        if len(side.participants) != size:
            raise SpecError(
                f"side {i}: a {match_type} match takes {size} wrestler(s) a side, "
                f"got {len(side.participants)}"
            )
    known = tuple(stipulations)
    unknown = [s for s in spec.stipulations if s not in known]
    if unknown:
        raise SpecError(
            f"unknown stipulation(s) {', '.join(unknown)} ({system} knows {', '.join(known)})"
        )
    return size


def split_stipulations(
    given: str | Iterable[str] | None, *, stipulations: Iterable[str], options: Iterable[str]
) -> tuple[list[str], dict[str, bool]]:
    """Rules named together (the commands' ``--rules``, the API's ``rule_options``) split into
    the system's options and the stipulations a match can be booked with: a name that is one of
    ``stipulations`` and none of ``options`` (ARM's ``no_dq`` is both, and stays an option) is a
    stipulation, on. Names are read as the options read them (any case, ``-`` for ``_``);
    everything else is left, as given, for the system's ``parse_options``."""
    if given is None:
        return [], {}
    items = given.split(",") if isinstance(given, str) else [str(item) for item in given]
    flags = set(stipulations) - set(options)
    rest: list[str] = []
    found: dict[str, bool] = {}
    for item in items:
        name = item.strip().lower().replace("-", "_")
        if name in flags:
            found[name] = True
        else:
            rest.append(item)
    return rest, found
