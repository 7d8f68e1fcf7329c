"""The access policy as one table: who may do what, at every door (docs/access.md).

Every page action (a URL name and a method), every API operation (a route and a method, the
custom actions too) and every admin action (a registered model's views and actions) has a row
here naming its **rule**: which roles may take it. The rule's answers are written out below,
role by role, for a public and a private federation; ``test_policy.py`` makes every request of
every row as every role and checks the answer, ``test_coverage.py`` holds the table to the doors
that exist (a door without a row fails, and a row without a door), and ``test_roles.py`` holds
the code's role matrix (``promotion.access.ALLOWED``) to the roles written here.

This module is the test's, not the code's: the views name their action where they are
(``federation_page(request, slug, Action.BOOK)``, a viewset's ``write_access``), and this table,
written apart from them, is what they are checked against.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

#: The roles every row is tried with. A stranger is signed in with no role in the federation;
#: the superuser has no membership (he acts as an owner everywhere).
ROLES = ("anonymous", "stranger", "viewer", "booker", "owner", "superuser")
PUBLIC, PRIVATE = "public", "private"
#: Each role's name in the code (``promotion.access.role_of``): none for those without a role.
ROLE_NAMES = {"viewer": "viewer", "booker": "booker", "owner": "owner", "superuser": "owner"}


class Rule(enum.StrEnum):
    """Who may take an action."""

    READ = "read"  # anyone on a public federation; its viewers, bookers and owner on a private one
    BOOK = "book"  # its bookers and owner: book, schedule, run; keep the roster and its desks
    MANAGE = "manage"  # its owner: settings, members, deletion
    ANYONE = "anyone"  # no federation involved: anyone at all
    SIGNED_IN = "signed in"  # no federation involved: anyone signed in
    INVITEE = "invitee"  # the user an invitation names (here, the stranger) and nobody else
    FOLLOW = "follow"  # a button's address opened, not pressed: everyone is sent to its page
    FOLLOW_SIGNED_IN = "follow, signed in"  # as FOLLOW, once signed in (a visitor signs in first)
    SUPERUSER = "superuser"  # the admin, the operations page: superusers only
    # An invitation link's holder (here, a link for a booker): anyone joins with it, signing
    # up on the way if need be, but its federation's owner and a booker already (refused: 400).
    LINK = "link holder"


class Answer(enum.StrEnum):
    OK = "allowed"  # the row's own success: its status, where it leads, what it writes
    NOT_FOUND = "404"
    FORBIDDEN = "403"
    UNAUTHORIZED = "401"  # the API's answer to a visitor who may yet sign in
    SIGN_IN = "sign in"  # a page's answer to a visitor: a redirect to the sign-in page
    ADMIN_SIGN_IN = "admin sign in"  # the admin's: a redirect to its own sign-in page
    TO_PAGE = "to its page"  # a redirect to the page the button is on
    REFUSED = "400"  # the request refused as it stands (its page or body says why)


OK, NOT_FOUND, FORBIDDEN = Answer.OK, Answer.NOT_FOUND, Answer.FORBIDDEN
UNAUTHORIZED, SIGN_IN, ADMIN_SIGN_IN = Answer.UNAUTHORIZED, Answer.SIGN_IN, Answer.ADMIN_SIGN_IN

#: The roles each federation rule lets act, in words (superusers count as owners). The code's
#: matrix, ``promotion.access.ALLOWED``, is held to these by ``test_roles.py``.
MAY: dict[Rule, frozenset[str]] = {
    Rule.READ: frozenset({"viewer", "booker", "owner", "superuser"}),
    Rule.BOOK: frozenset({"booker", "owner", "superuser"}),
    Rule.MANAGE: frozenset({"owner", "superuser"}),
}

# -- the answers, written out: rule -> role -> (on a public federation, on a private one) -------

PAGE_ANSWERS: dict[Rule, dict[str, tuple[Answer, Answer]]] = {
    Rule.READ: {
        "anonymous": (OK, NOT_FOUND),
        "stranger": (OK, NOT_FOUND),
        "viewer": (OK, OK),
        "booker": (OK, OK),
        "owner": (OK, OK),
        "superuser": (OK, OK),
    },
    Rule.BOOK: {
        "anonymous": (SIGN_IN, NOT_FOUND),
        "stranger": (FORBIDDEN, NOT_FOUND),
        "viewer": (FORBIDDEN, FORBIDDEN),
        "booker": (OK, OK),
        "owner": (OK, OK),
        "superuser": (OK, OK),
    },
    Rule.MANAGE: {
        "anonymous": (SIGN_IN, NOT_FOUND),
        "stranger": (FORBIDDEN, NOT_FOUND),
        "viewer": (FORBIDDEN, FORBIDDEN),
        "booker": (FORBIDDEN, FORBIDDEN),
        "owner": (OK, OK),
        "superuser": (OK, OK),
    },
    Rule.ANYONE: dict.fromkeys(ROLES, (OK, OK)),
    Rule.SIGNED_IN: {
        "anonymous": (SIGN_IN, SIGN_IN),
        **dict.fromkeys(ROLES[1:], (OK, OK)),
    },
    Rule.INVITEE: {
        "anonymous": (SIGN_IN, SIGN_IN),
        "stranger": (OK, OK),
        **dict.fromkeys(ROLES[2:], (NOT_FOUND, NOT_FOUND)),
    },
    Rule.FOLLOW: dict.fromkeys(ROLES, (Answer.TO_PAGE, Answer.TO_PAGE)),
    # The operations page (no federation's): a visitor signs in, anyone else but a superuser
    # (an owner too) gets the 403 page.
    Rule.SUPERUSER: {
        "anonymous": (SIGN_IN, SIGN_IN),
        **dict.fromkeys(ROLES[1:-1], (FORBIDDEN, FORBIDDEN)),
        "superuser": (OK, OK),
    },
    Rule.FOLLOW_SIGNED_IN: {
        "anonymous": (SIGN_IN, SIGN_IN),
        **dict.fromkeys(ROLES[1:], (Answer.TO_PAGE, Answer.TO_PAGE)),
    },
    Rule.LINK: {
        **dict.fromkeys(ROLES, (OK, OK)),
        "booker": (Answer.REFUSED, Answer.REFUSED),
        "owner": (Answer.REFUSED, Answer.REFUSED),
    },
}

API_ANSWERS: dict[Rule, dict[str, tuple[Answer, Answer]]] = {
    Rule.READ: PAGE_ANSWERS[Rule.READ],
    Rule.BOOK: {**PAGE_ANSWERS[Rule.BOOK], "anonymous": (UNAUTHORIZED, NOT_FOUND)},
    Rule.MANAGE: {**PAGE_ANSWERS[Rule.MANAGE], "anonymous": (UNAUTHORIZED, NOT_FOUND)},
    Rule.ANYONE: PAGE_ANSWERS[Rule.ANYONE],
    Rule.SIGNED_IN: {
        "anonymous": (UNAUTHORIZED, UNAUTHORIZED),
        **dict.fromkeys(ROLES[1:], (OK, OK)),
    },
    Rule.INVITEE: {
        "anonymous": (UNAUTHORIZED, UNAUTHORIZED),
        "stranger": (OK, OK),
        **dict.fromkeys(ROLES[2:], (NOT_FOUND, NOT_FOUND)),
    },
    # (the API joins the signed-in only: signing up through a link is the join page's)
    Rule.LINK: {**PAGE_ANSWERS[Rule.LINK], "anonymous": (UNAUTHORIZED, UNAUTHORIZED)},
}

#: The admin is for superusers only, whatever their role in a federation; everyone else is sent
#: to its sign-in page. What a superuser may do there is the model admin's own (``ADMIN``).
ADMIN_ANSWERS: dict[Rule, dict[str, tuple[Answer, Answer]]] = {
    Rule.SUPERUSER: {
        **dict.fromkeys(ROLES[:-1], (ADMIN_SIGN_IN, ADMIN_SIGN_IN)),
        "superuser": (OK, OK),
    },
}


class Row(NamedTuple):
    door: str  # "page", "api" or "admin"
    name: str  # a page's URL name; an API route (as the schema writes it); an admin model
    method: str  # GET or POST for pages; the HTTP method for the API; the admin's view
    rule: Rule

    @property
    def key(self) -> str:
        return f"{self.door} {self.method} {self.name}"

    @property
    def federated(self) -> bool:
        """Whether the answer depends on the federation being public or private."""
        return self.rule in MAY


def _pages(rule: Rule, *names: str, post: Rule | None = None) -> list[Row]:
    """GET rows of ``names`` under ``rule``; their POST rows under ``post`` (``rule`` if None:
    a page that reads posts nothing, and answers a POST as it answers a GET)."""
    rows = []
    for name in names:
        rows.append(Row("page", name, "GET", rule))
        rows.append(Row("page", name, "POST", post or rule))
    return rows


def _buttons(rule: Rule, *names: str, opened: Rule = Rule.FOLLOW) -> list[Row]:
    """A button's action: POST under ``rule``; its address opened (GET) leads to its page."""
    return [
        row
        for name in names
        for row in (Row("page", name, "GET", opened), Row("page", name, "POST", rule))
    ]


API_DOCUMENTS = ("api-schema", "api-docs", "api-redoc", "api-redoc-bundle")

PAGES: list[Row] = [
    *_pages(Rule.ANYONE, "home", "health"),
    # The API's documents, under /api/: they answer GET only (a POST is 405 to anyone).
    *(Row("page", name, "GET", Rule.ANYONE) for name in API_DOCUMENTS),
    *_pages(Rule.SIGNED_IN, "federation-create", "federation-found"),
    *_buttons(
        Rule.INVITEE,
        "invitation-accept",
        "invitation-decline",
        opened=Rule.FOLLOW_SIGNED_IN,
    ),
    # An invitation link's page: read by anyone holding the link; posted, it joins.
    Row("page", "join", "GET", Rule.ANYONE),
    Row("page", "join", "POST", Rule.LINK),
    *_pages(
        Rule.READ,
        "federation-detail",
        "roster",
        "roster-print",
        "roster-print-pdf",
        "wrestler-detail",
        "wrestler-print",
        "wrestler-print-pdf",
        "title-list",
        "title-detail",
        "feud-list",
        "injury-list",
        "records",
        "standings",
        "team-list",
        "team-detail",
        "show-archive",
        "show-detail",
        "show-progress",
        "calendar",
        "calendar-feed",
        "federation-feed",
        "tournament-list",
        "tournament-detail",
    ),
    *_pages(
        Rule.BOOK,
        "wrestler-create",
        "wrestler-edit",
        "card-edit",
        "card-builder",
        "card-import",
        "title-create",
        "feud-create",
        "injury-create",
        "team-create",
        "show-create",
        "tournament-create",
    ),
    *_buttons(
        Rule.BOOK,
        "card-check",
        "card-odds",
        "card-builder-check",
        "card-builder-odds",
        "title-vacate",
        "title-award",
        "title-retire",
        "feud-end",
        "injury-heal",
        "team-join",
        "team-leave",
        "team-disband",
        "match-add",
        "match-move",
        "match-remove",
        "show-autobook",
        "show-schedule",
        "show-run",
        "show-retry",
        "show-cancel",
        "week-run",
        "tournament-advance",
        "tournament-cancel",
    ),
    # Pictures: uploaded (or removed) by the button on the wrestler's, title's and show's page.
    *_buttons(Rule.BOOK, "wrestler-photo", "title-belt", "show-poster"),
    # A generated card for a rule system the wrestler has none for (his page's button).
    *_buttons(Rule.BOOK, "card-generate"),
    *_pages(Rule.MANAGE, "federation-settings", "members", "invitation-link-create"),
    *_buttons(Rule.MANAGE, "member-remove", "calendar-token-issue", "calendar-token-revoke"),
    *_pages(Rule.MANAGE, "webhook-add"),
    *_buttons(Rule.MANAGE, "webhook-remove", "webhook-test"),
    *_buttons(Rule.MANAGE, "invitation-link-revoke"),
    *_pages(Rule.SUPERUSER, "operations"),
    *_buttons(Rule.SUPERUSER, "operations-retry"),
]

#: Addresses that are not a federation's door, with why no row names them.
PAGES_WITHOUT_ROWS: dict[str, str] = {
    "media": "uploaded pictures' files, served as files (by the site only in development)",
    "signup": "the accounts' own pages: signing up and in come before any role",
    "login": "the accounts' own pages",
    "logout": "the accounts' own pages",
    "password_change": "the accounts' own pages (the signed-in user's own password)",
    "password_change_done": "the accounts' own pages",
    "password_reset": "the accounts' own pages",
    "password_reset_done": "the accounts' own pages",
    "password_reset_confirm": "the accounts' own pages (a signed token is the key)",
    "password_reset_complete": "the accounts' own pages",
}

F = "/api/v1/federations/{federation_slug}"


def _api(rule: Rule, *operations: str) -> list[Row]:
    """Rows of ``"METHOD route"`` operations (routes below a federation start with ``F``)."""
    rows = []
    for operation in operations:
        method, route = operation.split(" ", 1)
        rows.append(Row("api", route.replace("F/", F + "/"), method, rule))
    return rows


API: list[Row] = [
    *_api(
        Rule.ANYONE,
        "POST /api/v1/auth/token/",
        "GET /api/v1/federations/",
        "GET /api/v1/systems/",
        "GET /api/v1/systems/{name}/",
        "POST /api/v1/systems/{name}/check-card/",
    ),
    *_api(
        Rule.SIGNED_IN,
        "POST /api/v1/federations/",
        "POST /api/v1/federations/import/",
        "POST /api/v1/federations/found/",
        "GET /api/v1/invitations/",
    ),
    *_api(
        Rule.INVITEE,
        "POST /api/v1/invitations/{id}/accept/",
        "POST /api/v1/invitations/{id}/decline/",
    ),
    *_api(Rule.LINK, "POST /api/v1/invitation-links/join/"),
    *_api(
        Rule.READ,
        "GET F/",
        "GET F/wrestlers/",
        "GET F/wrestlers/{slug}/",
        "GET F/wrestlers/{slug}/record/",
        "GET F/wrestlers/{slug}/head-to-head/{opponent}/",
        "GET F/wrestlers/{wrestler_slug}/cards/",
        "GET F/wrestlers/{wrestler_slug}/cards/{system}/",
        "GET F/cards/export/",
        "GET F/teams/",
        "GET F/teams/{slug}/",
        "GET F/titles/",
        "GET F/titles/{slug}/",
        "GET F/titles/{slug}/lineage/",
        "GET F/reigns/",
        "GET F/feuds/",
        "GET F/feuds/{id}/",
        "GET F/injuries/",
        "GET F/injuries/{id}/",
        "GET F/ledger/",
        "GET F/standings/{division}/",
        "GET F/contenders/{division}/",
        "GET F/records/",
        "GET F/shows/",
        "GET F/shows/{number}/",
        "GET F/shows/{number}/progress/",
        "GET F/shows/{number}/recap/",
        "GET F/shows/{show_number}/matches/",
        "GET F/shows/{show_number}/matches/{position}/",
        "GET F/matches/",
        "GET F/tournaments/",
        "GET F/tournaments/{slug}/",
        "POST F/odds/",
        "POST F/exhibition/",
        "GET F/wrestlers/{slug}/photo/",
        "GET F/titles/{slug}/belt/",
        "GET F/shows/{number}/poster/",
    ),
    *_api(
        Rule.BOOK,
        "POST F/wrestlers/{slug}/photo/",
        "DELETE F/wrestlers/{slug}/photo/",
        "POST F/titles/{slug}/belt/",
        "DELETE F/titles/{slug}/belt/",
        "POST F/shows/{number}/poster/",
        "DELETE F/shows/{number}/poster/",
    ),
    *_api(
        Rule.BOOK,
        "GET F/export/",
        "GET F/check/",
        "POST F/wrestlers/",
        "PATCH F/wrestlers/{slug}/",
        "PUT F/wrestlers/{wrestler_slug}/cards/{system}/",
        "DELETE F/wrestlers/{wrestler_slug}/cards/{system}/",
        "POST F/wrestlers/{wrestler_slug}/generate-card/",
        "POST F/cards/import/",
        "POST F/teams/",
        "POST F/teams/{slug}/join/",
        "POST F/teams/{slug}/leave/",
        "POST F/teams/{slug}/disband/",
        "POST F/titles/",
        "POST F/titles/{slug}/vacate/",
        "POST F/titles/{slug}/award/",
        "POST F/titles/{slug}/retire/",
        "POST F/feuds/",
        "POST F/feuds/{id}/end/",
        "POST F/injuries/",
        "POST F/injuries/{id}/heal/",
        "POST F/shows/",
        "PATCH F/shows/{number}/",
        "POST F/shows/{number}/autobook/",
        "POST F/shows/{number}/schedule/",
        "POST F/shows/{number}/run/",
        "POST F/shows/{number}/retry/",
        "POST F/shows/{number}/cancel/",
        "POST F/shows/run-week/",
        "POST F/shows/{show_number}/matches/",
        "DELETE F/shows/{show_number}/matches/{position}/",
        "POST F/shows/{show_number}/matches/{position}/move/",
        "POST F/tournaments/",
        "POST F/tournaments/{slug}/advance/",
        "POST F/tournaments/{slug}/cancel/",
    ),
    *_api(
        Rule.MANAGE,
        "PATCH F/",
        "DELETE F/",
        "GET F/members/",
        "POST F/members/",
        "PATCH F/members/{username}/",
        "DELETE F/members/{username}/",
        "GET F/webhooks/",
        "POST F/webhooks/",
        "DELETE F/webhooks/{id}/",
        "POST F/webhooks/{id}/test/",
        "GET F/webhook-deliveries/",
        "GET F/invitation-links/",
        "POST F/invitation-links/",
        "POST F/invitation-links/{id}/revoke/",
    ),
]


class Admin(NamedTuple):
    """What a superuser may do with one model in the admin: add, change and delete (each True
    or False as the model admin allows), and its actions besides deleting the selected."""

    add: bool = True
    change: bool = True
    delete: bool = True
    actions: tuple[str, ...] = ()
    #: Whether its list offers actions at all (deleting the selected among them).
    selects: bool = True
    #: Its own views besides the admin's usual ones (``ADMIN_VIEWS``), as "name METHOD".
    views: tuple[str, ...] = ()


#: Every model in the admin, as its label; the admin's views of each (``ADMIN_VIEWS``) are rows.
ADMIN: dict[str, Admin] = {
    "auth.Group": Admin(),
    "auth.User": Admin(views=("password_change GET", "password_change POST")),
    "authtoken.TokenProxy": Admin(selects=False),
    "django_celery_beat.PeriodicTask": Admin(
        actions=("enable_tasks", "disable_tasks", "toggle_tasks", "run_tasks")
    ),
    "django_celery_beat.ClockedSchedule": Admin(),
    "django_celery_beat.CrontabSchedule": Admin(),
    "django_celery_beat.SolarSchedule": Admin(),
    "django_celery_beat.IntervalSchedule": Admin(),
    # (django-axes: its records are written by sign-ins, never added by hand)
    "axes.AccessAttempt": Admin(add=False, actions=("cleanup_expired_attempts",)),
    "axes.AccessLog": Admin(add=False),
    "axes.AccessFailureLog": Admin(add=False),
    "rules.WrestlerCard": Admin(),
    "rules.ChartOverride": Admin(),
    "promotion.Federation": Admin(),
    "promotion.Wrestler": Admin(),
    "promotion.Team": Admin(),
    "promotion.Title": Admin(),
    # Reigns are written by matches and the title desk; only how one was won is reworded here.
    "promotion.TitleReign": Admin(add=False, delete=False),
    "promotion.Feud": Admin(),
    "promotion.Injury": Admin(),
    # The ledger is written by the services only; invitations by the services and their user.
    "promotion.StandingChange": Admin(add=False, change=False),
    "promotion.Invitation": Admin(add=False, change=False),
    # Invitation links are made by their owner (the token is not kept): read and revoked here.
    "promotion.InvitationLink": Admin(add=False, change=False, actions=("revoke",)),
    # A show's history is kept: it is cancelled, never deleted.
    "matches.Show": Admin(
        delete=False, actions=("autobook", "schedule", "run_now", "retry", "cancel")
    ),
    # A booked match is removed and booked again, never edited in place.
    "matches.Match": Admin(change=False),
    # A tournament is made by its doors and run by its services: read, advanced, cancelled here.
    "matches.Tournament": Admin(add=False, delete=False, actions=("advance", "cancel")),
    # Webhooks are added by their owner, who alone sees the secret; the log by the deliveries.
    "matches.Webhook": Admin(add=False, change=False),
    "matches.WebhookDelivery": Admin(add=False, change=False, delete=False, selects=False),
}

#: Rows whose allowed request fails for a reason that is not access, as (row key, role): the
#: test expects the failure (strictly: it fails once they work, so the mark goes).
BROKEN: dict[tuple[str, str], str] = {}

#: The admin's views of a model, as rows: a view and its method.
ADMIN_VIEWS = (
    "changelist GET",
    "add GET",
    "add POST",
    "change GET",
    "change POST",
    "delete GET",
    "delete POST",
    "history GET",
)


def _admin_rows() -> list[Row]:
    rows = []
    for label, allowed in ADMIN.items():
        for view in (*ADMIN_VIEWS, *allowed.views):
            rows.append(Row("admin", label, view, Rule.SUPERUSER))
        # (deleting the selected is offered where one may delete, and the list offers actions)
        deleting = ("delete_selected",) if allowed.delete and allowed.selects else ()
        for action in (*deleting, *allowed.actions):
            rows.append(Row("admin", label, f"action:{action} POST", Rule.SUPERUSER))
    return rows


ADMIN_ROWS: list[Row] = [
    Row("admin", "admin", "index GET", Rule.SUPERUSER),
    *_admin_rows(),
]

#: The admin site's own addresses besides its home, with why no row names them.
ADMIN_SITE_WITHOUT_ROWS: dict[str, str] = {
    "login": "signing in comes before any role",
    "logout": "signing out",
    "password_change": "the signed-in user's own password",
    "password_change_done": "the signed-in user's own password",
    "autocomplete": "searches for a model's form: as the model's own views, superusers only",
    "jsi18n": "the admin's translations for its scripts",
    "view_on_site": "a redirect to a row's own page, where that page's rule applies",
    "app_list": "an app's models: as the admin's home, superusers only",
}

TABLE: list[Row] = [*PAGES, *API, *ADMIN_ROWS]


def answer(row: Row, role: str, privacy: str = PUBLIC) -> Answer:
    """What ``role`` gets from ``row`` on a federation that is ``privacy``."""
    grid = {"page": PAGE_ANSWERS, "api": API_ANSWERS, "admin": ADMIN_ANSWERS}[row.door]
    public, private = grid[row.rule][role]
    return public if privacy == PUBLIC else private
