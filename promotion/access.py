"""Who may do what in a federation: the one place pages, the API, the admin and commands ask.

Roles: the federation's **owner** (``Federation.owner``) may do everything, including managing
members; a **booker** (``Membership`` with role booker) may book, schedule, simulate and edit the
roster and cards; a **viewer** may read a private federation. Anyone may read a public
federation. Superusers act as owners everywhere. A private federation is invisible to everyone
else: lists leave it out and single objects answer 404 (``federation_for``), never 403, so that
its existence does not leak.
"""

from __future__ import annotations

import enum

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.http import Http404

from promotion.models import Federation, MemberRole, Membership
from rules.core.errors import Refusal

OWNER = "owner"


class Action(enum.StrEnum):
    READ = "read"  # see the federation, its roster, shows and history
    BOOK = "book"  # book, schedule, simulate, retry, cancel; edit the roster and cards
    MANAGE = "manage"  # settings, members, deletion


#: The roles that allow each action.
ALLOWED: dict[Action, frozenset[str]] = {
    Action.READ: frozenset({OWNER, MemberRole.BOOKER, MemberRole.VIEWER}),
    Action.BOOK: frozenset({OWNER, MemberRole.BOOKER}),
    Action.MANAGE: frozenset({OWNER}),
}

NOT_FOUND = "No such federation."
FORBIDDEN = "Your role in {federation} does not let you {doing}; only {who} may."
#: What each action is, and who may take it, in the words of the refusal.
ACTION_WORDS: dict[Action, tuple[str, str]] = {
    Action.READ: ("see it", "its members"),
    Action.BOOK: ("book its shows or keep its roster", "its owner and bookers"),
    Action.MANAGE: ("change its settings or members", "its owner"),
}


class AccessDenied(Refusal, PermissionError):
    """The user may see the federation but not do this; the message says why. The API answers
    it 403 (401 to a visitor, who may yet sign in); pages answer it 403 too."""

    status_code = 403


def role_of(user, federation: Federation) -> str | None:
    """``"owner"``, ``"booker"``, ``"viewer"`` or None. Superusers count as owners."""
    if user is None or not user.is_authenticated:
        return None
    if user.is_superuser or federation.owner_id == user.pk:
        return OWNER
    return (
        Membership.objects.filter(federation=federation, user=user)
        .values_list("role", flat=True)
        .first()
    )


def is_member(user, federation: Federation) -> bool:
    """Whether ``user`` has a role in the federation (its owner, a booker or a viewer;
    superusers count). Members read what a federation keeps to itself, on the pages and over
    the API alike: the booker's notes on its matches, why a show failed."""
    return role_of(user, federation) is not None


def can(user, federation: Federation, action: Action | str) -> bool:
    action = Action(action)
    if action == Action.READ and federation.is_public:
        return True
    return role_of(user, federation) in ALLOWED[action]


def federations_for(user, action: Action | str = Action.READ) -> QuerySet[Federation]:
    """The federations on which ``user`` may take ``action``, as a queryset to filter further."""
    action = Action(action)
    federations = Federation.objects.all()
    if user is not None and user.is_authenticated and user.is_superuser:
        return federations
    member_roles = [role for role in ALLOWED[action] if role != OWNER]
    allowed = Q(pk__in=[])
    if user is not None and user.is_authenticated:
        allowed = Q(owner=user) | Q(
            Exists(
                Membership.objects.filter(
                    federation=OuterRef("pk"), user=user, role__in=member_roles
                )
            )
        )
    if action == Action.READ:
        allowed |= Q(is_public=True)
    return federations.filter(allowed)


def federation_for(user, slug: str, action: Action | str = Action.READ) -> Federation:
    """The federation ``slug`` if ``user`` may take ``action`` on it.

    Raises ``Http404`` when the user may not even read it (or it does not exist) and
    ``AccessDenied`` when he may read it but not do this."""
    action = Action(action)
    federation = federations_for(user, Action.READ).filter(slug=slug).first()
    if federation is None:
        raise Http404(NOT_FOUND)
    if action != Action.READ and not can(user, federation, action):
        doing, who = ACTION_WORDS[action]
        raise AccessDenied(FORBIDDEN.format(federation=federation, doing=doing, who=who))
    return federation
