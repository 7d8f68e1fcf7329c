"""Federations and their members: made, changed, deleted; members given a role or removed."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from promotion.models import (
    Federation,
    MemberRole,
    Membership,
    TitleReign,
)
from promotion.services.base import (
    FieldProblem,
    ServiceError,
    _full_clean,
    _only,
    _plain_text_problems,
    _refuse,
    _save_changed,
)

# -- federations, members and wrestlers' profiles ------------------------------------------------

SLUG_TAKEN = "The address (slug) {slug!r} is taken; choose another."
OWNER_NOT_MEMBER = "{user} owns {federation}; an owner needs no membership."
NOT_A_MEMBER = "{user} is not a member of {federation}."
FEDERATION_FIELDS = frozenset(
    {
        "name",
        "description",
        "rule_system",
        "rule_options",
        "show_weekday",
        "show_time",
        "time_zone",
        "default_venue",
        "is_public",
        "card_size",
        "vacate_injured_champion_after_weeks",
    }
)


def federation_create(*, owner, name: str, slug: str, **fields: Any):
    """A new, empty federation owned by ``owner``."""
    fields = _only(fields, FEDERATION_FIELDS)
    _refuse([FieldProblem("name", "Name", m) for m in _plain_text_problems(name)])
    with transaction.atomic():
        if Federation.objects.filter(slug=slug).exists():
            raise ServiceError(SLUG_TAKEN.format(slug=slug))
        federation = Federation(owner=owner, name=name, slug=slug, **fields)
        _full_clean(federation, exclude=["owner"])
        federation.save()
        return federation


def federation_update(*, federation, **fields: Any):
    """Change a federation's settings; only the fields given are written."""
    fields = _only(fields, FEDERATION_FIELDS)
    _refuse([FieldProblem("name", "Name", m) for m in _plain_text_problems(fields.get("name", ""))])
    _save_changed(federation, fields, exclude=["owner", "slug"])
    return federation


def membership_set(*, federation, user, role: str):
    """Give ``user`` a role (booker or viewer) in ``federation``, replacing his old one."""
    if role not in MemberRole.values:
        raise ServiceError(f"Unknown role {role!r}; a member is a booker or a viewer.")
    if federation.owner_id == user.pk:
        raise ServiceError(OWNER_NOT_MEMBER.format(user=user, federation=federation))
    membership, _ = Membership.objects.update_or_create(
        federation=federation, user=user, defaults={"role": role}
    )
    return membership


def membership_remove(*, federation, user) -> None:
    deleted, _ = Membership.objects.filter(federation=federation, user=user).delete()
    if not deleted:
        raise ServiceError(NOT_A_MEMBER.format(user=user, federation=federation))


@transaction.atomic
def federation_delete(*, federation) -> None:
    """Remove a federation and everything it holds. Reigns go first and then the shows, since
    reigns protect the matches they were won at and matches protect titles and wrestlers; a
    tournament's bouts protect its entrants, and its entrants the wrestlers and teams, so the
    bouts go before the tournaments, and these before the roster."""
    TitleReign.objects.filter(title__federation=federation).delete()
    for tournament in federation.tournaments.all():
        tournament.bouts.all().delete()
    federation.tournaments.all().delete()
    federation.shows.all().delete()
    federation.delete()
