"""The tables of a federation's document (``promotion.transfer``), in the order they are written:
each model's key in the document, the rows of a federation it holds, and how its foreign keys are
named (natural keys, never database ids); and what the export and the import read of a model's
fields and check constraints."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.db import models

from matches.models import Match, MatchParticipant, Show
from promotion.models import (
    Federation,
    Feud,
    FeudParticipant,
    Injury,
    Membership,
    StandingChange,
    Team,
    TeamMembership,
    Title,
    TitleReign,
    Wrestler,
)
from rules.models import ChartOverride, WrestlerCard


@dataclass(frozen=True)
class Table:
    """One model's rows in the document: its key there, and how its foreign keys are named."""

    key: str
    model: type[models.Model]
    rows: Callable[[Federation], models.QuerySet]
    #: foreign key field -> kind of natural key ("wrestler", "team", "title", "feud", "show",
    #: "match", "user"); the federation's own key is implied and left out.
    refs: dict[str, str] = field(default_factory=dict)


TABLES: tuple[Table, ...] = (
    Table("members", Membership, lambda f: f.memberships.all(), {"user": "user"}),
    Table("wrestlers", Wrestler, lambda f: f.wrestlers.all()),
    Table(
        "cards",
        WrestlerCard,
        lambda f: WrestlerCard.objects.filter(wrestler__federation=f),
        {"wrestler": "wrestler"},
    ),
    Table("chart_overrides", ChartOverride, lambda f: f.chart_overrides.all()),
    Table("teams", Team, lambda f: f.teams.all()),
    Table(
        "team_memberships",
        TeamMembership,
        lambda f: TeamMembership.objects.filter(team__federation=f),
        {"team": "team", "wrestler": "wrestler"},
    ),
    Table("titles", Title, lambda f: f.titles.all()),
    Table("feuds", Feud, lambda f: f.feuds.all()),
    Table(
        "feud_participants",
        FeudParticipant,
        lambda f: FeudParticipant.objects.filter(feud__federation=f),
        {"feud": "feud", "wrestler": "wrestler", "team": "team"},
    ),
    Table("shows", Show, lambda f: f.shows.all()),
    Table(
        "matches",
        Match,
        lambda f: Match.objects.filter(show__federation=f),
        {"show": "show", "title": "title", "feud": "feud"},
    ),
    Table(
        "match_participants",
        MatchParticipant,
        lambda f: MatchParticipant.objects.filter(show__federation=f),
        {"match": "match", "show": "show", "wrestler": "wrestler", "team": "team"},
    ),
    Table(
        "reigns",
        TitleReign,
        lambda f: TitleReign.objects.filter(title__federation=f),
        {
            "title": "title",
            "holder_wrestler": "wrestler",
            "holder_team": "team",
            "won_at": "match",
            "ended_at": "match",
        },
    ),
    Table(
        "injuries",
        Injury,
        lambda f: Injury.objects.filter(wrestler__federation=f),
        {"wrestler": "wrestler", "match": "match"},
    ),
    Table(
        "ledger",
        StandingChange,
        lambda f: StandingChange.objects.filter(wrestler__federation=f),
        {"wrestler": "wrestler", "match": "match", "show": "show"},
    ),
)

#: Fields the database sets itself on a write (``auto_now``/``auto_now_add``); an import puts
#: the document's values back after the rows are created.
AUTO_TIMES = {
    Federation: ["created_at"],
    Membership: ["created_at"],
    WrestlerCard: ["updated_at"],
    ChartOverride: ["updated_at"],
}


def plain_fields(model, refs: Iterable[str] = ()) -> list[models.Field]:
    """Every concrete field but the primary key, the foreign keys and the pictures (a stored
    file's name: the document carries no files, and a copy must never share, and so delete,
    another federation's; promotion/pictures.py)."""
    return [
        f
        for f in model._meta.concrete_fields
        if not f.primary_key
        and not f.is_relation
        and f.name not in refs
        and not isinstance(f, models.FileField)
    ]


def foreign_keys(model) -> list[models.ForeignKey]:
    return [f for f in model._meta.concrete_fields if f.is_relation]


def constraint_fields(model, constraint: models.CheckConstraint) -> list[models.Field] | None:
    """The fields a check constraint reads (``fame`` of ``Q(fame__gte=0)``), when it is made
    of lookups on them alone; else None."""
    if not isinstance(constraint.condition, models.Q):
        return None
    names = set()
    pending = [constraint.condition]
    while pending:
        node = pending.pop()
        for child in node.children:
            if isinstance(child, models.Q):
                pending.append(child)
            elif isinstance(child, tuple):
                names.add(child[0].split("__")[0])
                if isinstance(child[1], models.F):
                    # django-stubs leave out F.name, the field path F was made with.
                    names.add(child[1].name.split("__")[0])  # type: ignore[attr-defined]
            else:
                return None
    fields = {f.name: f for f in model._meta.concrete_fields}
    if not names <= set(fields):
        return None
    return [fields[name] for name in sorted(names)]


def only_field(model, constraint: models.CheckConstraint) -> str | None:
    """The one field a check constraint is about (``fame`` of ``Q(fame__gte=0)``), if one."""
    fields = constraint_fields(model, constraint)
    return fields[0].name if fields and len(fields) == 1 else None
