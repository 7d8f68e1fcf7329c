"""The standings ledger: Fame, Prestige, Heat and Edge move only here, each with its row."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.db.models import F

from promotion.db import lock_roster
from promotion.models import (
    Standing,
    StandingChange,
    Wrestler,
)
from promotion.services.base import ServiceError

UNKNOWN_STANDING = "Unknown standing {attribute!r}; it is one of fame, prestige, heat, edge."


def standing_change(
    *,
    wrestler: Wrestler,
    attribute: str,
    delta: int,
    reason: str,
    match=None,
    show=None,
    at: dt.datetime | None = None,
) -> StandingChange:
    """Move one of Fame, Prestige, Heat or Edge and write the ledger row that explains it."""
    if attribute not in Standing.values:
        raise ServiceError(UNKNOWN_STANDING.format(attribute=attribute))
    with transaction.atomic():
        lock_roster(wrestler.federation_id)
        Wrestler.objects.filter(pk=wrestler.pk).update(**{attribute: F(attribute) + delta})
        value_after = Wrestler.objects.values_list(attribute, flat=True).get(pk=wrestler.pk)
        setattr(wrestler, attribute, value_after)
        fields: dict[str, Any] = {
            "wrestler": wrestler,
            "attribute": attribute,
            "delta": delta,
            "value_after": value_after,
            "reason": reason,
            "match": match,
            "show": show,
        }
        if at is not None:
            fields["created_at"] = at
        return StandingChange.objects.create(**fields)
