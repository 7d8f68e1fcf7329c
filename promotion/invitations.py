"""Invitations to a federation: a role offered to a user, his to accept or decline.

Nobody becomes a member of a federation without saying yes: a federation import invites the
members its document names (``promotion.transfer``), and the invited user answers from his
home page, or through the API's ``invitations/``. Accepting gives him the role offered (through
``services.membership_set``, as the members' page would); declining keeps the invitation as
answered, and nothing else changes.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from promotion.models import Invitation, MemberRole
from promotion.services import ServiceError, membership_set

ANSWERED = "You have already {answer} this invitation to {federation}."
NOT_YOURS = "This invitation is for another user."
UNKNOWN_ROLE = "Unknown role {role!r}; a member is a booker or a viewer."
OWNER_INVITED = "{user} owns {federation}; the owner needs no invitation."


def pending_invitations(*, user) -> QuerySet[Invitation]:
    """The invitations waiting on ``user``, newest first."""
    if not user.is_authenticated:
        return Invitation.objects.none()
    return (
        Invitation.objects.filter(user=user, accepted_at__isnull=True, declined_at__isnull=True)
        .select_related("federation", "invited_by")
        .order_by("-created_at", "-id")
    )


def invitation_send(*, federation, user, role: str, invited_by=None) -> Invitation:
    """Offer ``user`` a role in ``federation``; one already waiting on him is replaced by this
    one (its role is the one offered last)."""
    if role not in MemberRole.values:
        raise ServiceError(UNKNOWN_ROLE.format(role=role))
    if federation.owner_id == user.pk:
        raise ServiceError(OWNER_INVITED.format(user=user, federation=federation))
    with transaction.atomic():
        invitation, _ = Invitation.objects.update_or_create(
            federation=federation,
            user=user,
            accepted_at__isnull=True,
            declined_at__isnull=True,
            defaults={"role": role, "invited_by": invited_by},
        )
    return invitation


def _answerable(invitation: Invitation, user) -> Invitation:
    """The invitation, locked and read again, if it is ``user``'s and still waiting."""
    current = (
        Invitation.objects.select_for_update().select_related("federation").get(pk=invitation.pk)
    )
    if current.user_id != user.pk:
        raise ServiceError(NOT_YOURS)
    if not current.pending:
        answer = "accepted" if current.accepted_at else "declined"
        raise ServiceError(ANSWERED.format(answer=answer, federation=current.federation))
    return current


@transaction.atomic
def invitation_accept(*, invitation: Invitation, user) -> Invitation:
    """``user`` takes the role offered: he becomes a member of the federation with it."""
    current = _answerable(invitation, user)
    membership_set(federation=current.federation, user=user, role=current.role)
    current.accepted_at = timezone.now()
    current.save(update_fields=["accepted_at"])
    return current


@transaction.atomic
def invitation_decline(*, invitation: Invitation, user) -> Invitation:
    """``user`` says no: the invitation is answered and nothing else changes."""
    current = _answerable(invitation, user)
    current.declined_at = timezone.now()
    current.save(update_fields=["declined_at"])
    return current
