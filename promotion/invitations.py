"""Invitations to a federation: a role offered to a user, or a link that anyone may use once.

Nobody becomes a member of a federation without saying yes: a federation import invites the
members its document names (``promotion.transfer``), and the invited user answers from his
home page, or through the API's ``invitations/``. Accepting gives him the role offered (through
``services.membership_set``, as the members' page would); declining keeps the invitation as
answered, and nothing else changes.

An invitation link (``InvitationLink``) names no user: its owner makes one for a role, and the
first person to open it either signs up and joins in one step (``invitation_link_sign_up``) or,
signed in already, joins (``invitation_link_accept``). A link is used once, expires (seven days
unless its owner chose between one and thirty) and may be revoked until it is used. Its token
is random (256 bits) and only its SHA-256 is stored: the link is shown once, when it is made.
Used, expired or revoked, it is refused by a ``LinkClosed`` that says which.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from typing import Any

from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from promotion.models import Invitation, InvitationLink, MemberRole, Membership
from promotion.services import ServiceError, membership_set
from promotion.validators import plain_text

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


# -- invitation links ----------------------------------------------------------------------------

#: How long a link lasts unless its owner says otherwise, and the bounds he may choose within.
LINK_DAYS_DEFAULT = 7
LINK_DAYS_MIN = 1
LINK_DAYS_MAX = 30
#: How many links may wait at once in one federation (made, not used, revoked or expired).
LINK_PENDING_MAX = 50

LINK_DAYS_OUT_OF_BOUNDS = "A link lasts from {low} to {high} days, not {days}."
LINK_TOO_MANY = "{federation} has {count} links waiting already; revoke some before making another."
LINK_UNKNOWN = "This invitation link is not one of ours: check that it was copied whole."
LINK_USED = (
    "This invitation link has been used already: it lets one person join. Ask {by} for a new one."
)
LINK_EXPIRED = "This invitation link expired on {when:%Y-%m-%d %H:%M} UTC. Ask {by} for a new one."
LINK_REVOKED = "This invitation link was revoked on {when:%Y-%m-%d}. Ask {by} for a new one."
LINK_OWNER = "You own {federation}: the owner needs no invitation."
LINK_ALREADY_MEMBER = (
    "You are a {role} of {federation} already; this link offers the {offered} role, "
    "which would not add to yours. Pass it on to the person it was meant for."
)
LINK_REVOKE_USED = "This link was used by {user} on {when:%Y-%m-%d}; it cannot be revoked."
LINK_REVOKE_AGAIN = "This link was revoked already."
USERNAME_TAKEN = "That username is taken; choose another, or sign in and open the link again."
#: (as the sign-up page says it: one account an address, so that a password reset finds one)
EMAIL_TAKEN = "An account with this e-mail address exists already; reset its password instead."

#: The roles from least to most: a link never lowers a member's role.
_RANK = {MemberRole.VIEWER.value: 1, MemberRole.BOOKER.value: 2}


class LinkClosed(ServiceError):
    """An invitation link that cannot be used: ``reason`` is ``unknown`` (answered 404),
    ``used``, ``expired`` or ``revoked`` (answered 410, Gone)."""

    status_code = 410

    def __init__(self, message: str, reason: str):
        super().__init__(message)
        self.reason = reason
        if reason == "unknown":
            self.status_code = 404


def _field(field: str, message: str) -> ServiceError:
    error = ServiceError(message)
    error.by_field = ((field, message),)
    return error


def link_token_hash(token: str) -> str:
    """What is stored of a link's token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def link_state(link: InvitationLink, now: dt.datetime | None = None) -> str:
    """``used``, ``revoked``, ``expired`` or ``pending``, in that order of precedence."""
    now = now or timezone.now()
    if link.used_at is not None:
        return "used"
    if link.revoked_at is not None:
        return "revoked"
    if link.expires_at <= now:
        return "expired"
    return "pending"


def invitation_links(*, federation) -> QuerySet[InvitationLink]:
    """The federation's links, newest first, with who made, used and revoked each."""
    return federation.invitation_links.select_related(
        "created_by", "used_by", "revoked_by"
    ).order_by("-created_at", "-id")


def _pending_links(federation, now: dt.datetime) -> QuerySet[InvitationLink]:
    return federation.invitation_links.filter(
        used_at__isnull=True, revoked_at__isnull=True, expires_at__gt=now
    )


@transaction.atomic
def invitation_link_create(
    *, federation, role: str, created_by=None, days: Any = LINK_DAYS_DEFAULT
) -> tuple[InvitationLink, str]:
    """A new link to ``federation`` for ``role``, lasting ``days``; returns it and its token,
    which is not kept (only its hash is) and so is shown this once."""
    problems = []
    if role not in MemberRole.values:
        problems.append(("role", UNKNOWN_ROLE.format(role=role)))
    if days is None:
        days = LINK_DAYS_DEFAULT
    if (
        isinstance(days, bool)
        or not isinstance(days, int)
        or not LINK_DAYS_MIN <= days <= LINK_DAYS_MAX
    ):
        problems.append(
            (
                "days",
                LINK_DAYS_OUT_OF_BOUNDS.format(low=LINK_DAYS_MIN, high=LINK_DAYS_MAX, days=days),
            )
        )
    if problems:
        error = ServiceError(" ".join(message for _, message in problems))
        error.by_field = tuple(problems)
        raise error
    now = timezone.now()
    # (the federation's row locked: two owners' tabs cannot both pass the cap)
    type(federation).objects.select_for_update().filter(pk=federation.pk).first()
    count = _pending_links(federation, now).count()
    if count >= LINK_PENDING_MAX:
        raise ServiceError(LINK_TOO_MANY.format(federation=federation, count=count))
    token = secrets.token_urlsafe(32)
    link = InvitationLink.objects.create(
        federation=federation,
        role=role,
        token_hash=link_token_hash(token),
        created_by=created_by,
        expires_at=now + dt.timedelta(days=days),
    )
    return link, token


@transaction.atomic
def invitation_link_revoke(*, link: InvitationLink, by=None) -> InvitationLink:
    """Close ``link`` before it is used; a used link stays as it was (its member is removed on
    the members page, not here)."""
    current = InvitationLink.objects.select_for_update().get(pk=link.pk)
    if current.used_at is not None:
        raise ServiceError(LINK_REVOKE_USED.format(user=current.used_by, when=current.used_at))
    if current.revoked_at is not None:
        raise ServiceError(LINK_REVOKE_AGAIN)
    current.revoked_at = timezone.now()
    current.revoked_by = by
    current.save(update_fields=["revoked_at", "revoked_by"])
    return current


def _closed(link: InvitationLink, state: str) -> LinkClosed:
    by = link.created_by or link.federation.owner
    if state == "used":
        return LinkClosed(LINK_USED.format(by=by), "used")
    if state == "revoked":
        return LinkClosed(LINK_REVOKED.format(by=by, when=link.revoked_at), "revoked")
    return LinkClosed(LINK_EXPIRED.format(by=by, when=link.expires_at), "expired")


def invitation_link_open(token: str, *, lock: bool = False) -> InvitationLink:
    """The link ``token`` opens, if it may still be used; else a ``LinkClosed`` saying why."""
    rows = InvitationLink.objects.select_related("federation", "federation__owner", "created_by")
    if lock:
        rows = rows.select_for_update(of=("self",))
    link = rows.filter(token_hash=link_token_hash(str(token or ""))).first()
    if link is None:
        raise LinkClosed(LINK_UNKNOWN, "unknown")
    state = link_state(link)
    if state != "pending":
        raise _closed(link, state)
    return link


def _join(link: InvitationLink, user) -> Membership:
    federation = link.federation
    if federation.owner_id == user.pk:
        raise ServiceError(LINK_OWNER.format(federation=federation))
    held = Membership.objects.filter(federation=federation, user=user).first()
    if held is not None and _RANK[held.role] >= _RANK[link.role]:
        raise ServiceError(
            LINK_ALREADY_MEMBER.format(
                role=held.get_role_display().lower(),
                federation=federation,
                offered=link.get_role_display().lower(),
            )
        )
    membership = membership_set(federation=federation, user=user, role=link.role)
    link.used_at = timezone.now()
    link.used_by = user
    link.save(update_fields=["used_at", "used_by"])
    return membership


@transaction.atomic
def invitation_link_accept(*, token: str, user) -> Membership:
    """``user``, signed in, joins with the link's role; the link is used. A member already is
    refused where the link would not raise his role (it stays for the person it was meant for)."""
    return _join(invitation_link_open(token, lock=True), user)


def _sign_up_problems(username: str, password: str, email: str) -> list[tuple[str, str]]:
    user_model = get_user_model()
    problems: list[tuple[str, str]] = []
    username_field = user_model._meta.get_field("username")
    try:
        username_field.clean(username, None)
        plain_text(username)
    except ValidationError as exc:
        problems.extend(("username", message) for message in exc.messages)
    else:
        if user_model.objects.filter(username__iexact=username).exists():
            problems.append(("username", USERNAME_TAKEN))
    if email:
        try:
            user_model._meta.get_field("email").clean(email, None)
            plain_text(email)
        except ValidationError as exc:
            problems.extend(("email", message) for message in exc.messages)
        else:
            if user_model.objects.filter(email__iexact=email).exists():
                problems.append(("email", EMAIL_TAKEN))
    try:
        password_validation.validate_password(password, user_model(username=username, email=email))
    except ValidationError as exc:
        problems.extend(("password", message) for message in exc.messages)
    return problems


@transaction.atomic
def invitation_link_sign_up(*, token: str, username: str, password: str, email: str = ""):
    """A new account, made and joined with the link's role in one step; the link is used. The
    password passes the site's validators (``AUTH_PASSWORD_VALIDATORS``). Returns the user and
    his membership; nothing is written if any part is refused."""
    link = invitation_link_open(token, lock=True)
    problems = _sign_up_problems(username, password, email)
    if problems:
        error = ServiceError(" ".join(message for _, message in problems))
        error.by_field = tuple(problems)
        raise error
    try:
        with transaction.atomic():
            user = get_user_model().objects.create_user(
                username=username, email=email, password=password
            )
    except IntegrityError as exc:  # (the same name taken at the same moment)
        raise _field("username", USERNAME_TAKEN) from exc
    return user, _join(link, user)


def invitation_links_shown(*, federation, limit: int = 50) -> list[InvitationLink]:
    """The federation's latest links for its members page, each with its ``state``
    (``link_state``) read at one moment."""
    now = timezone.now()
    links = list(invitation_links(federation=federation)[:limit])
    for link in links:
        link.state = link_state(link, now)  # type: ignore[attr-defined]
    return links
