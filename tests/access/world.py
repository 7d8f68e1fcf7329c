"""The world every row of the access table is tried in: the sample federation with a user in
each role and one of every kind of object a door names, built once per test module (each test
then runs in a transaction rolled back after it, so an allowed write never reaches the next)."""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
from dataclasses import dataclass, field
from typing import Any

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.utils import timezone

from matches.booking import match_book, show_create
from matches.models import Show, Webhook, WebhookDelivery
from matches.tournaments import tournament_create
from promotion import selectors, services
from promotion.invitations import invitation_link_create
from promotion.models import (
    Federation,
    Invitation,
    InvitationLink,
    MemberRole,
    Membership,
    Team,
    Title,
)
from promotion.sample import sample_federation_load

SLUG = "copperline"
#: Tables a request may write whatever it is answered (a session signed in, a sign-in
#: attempt logged); everything else must be as it was after a refused request.
NOT_THE_WORLD = frozenset({"sessions.Session", "axes.AccessLog", "axes.AccessAttempt"})


@dataclass
class World:
    federation: Federation
    users: dict[str, Any]
    today: dt.date
    #: Each signed-in role's session key (its cookie's value).
    sessions: dict[str, str]
    ids: dict[str, Any] = field(default_factory=dict)

    def __getattr__(self, name: str):
        try:
            return self.__dict__["ids"][name]
        except KeyError:
            raise AttributeError(name) from None


def build() -> World:
    """Users in each role, the sample federation (owned by ``owner``), a booked show with its
    card and an empty one, a hand-made injury, an invitation to the stranger, and a row for each
    model the admin lists."""
    User = get_user_model()
    users: dict[str, Any] = {"anonymous": None}
    for name in ("stranger", "viewer", "booker", "owner"):
        users[name] = User.objects.create_user(name, f"{name}@example.com", "a long pass phrase")
    users["superuser"] = User.objects.create_superuser(
        "root", "root@example.com", "a long pass phrase"
    )
    # Each user signed in once, here: a test's client takes his session's cookie (signing in
    # for each of thousands of requests would cost more than the requests).
    sessions = {}
    for role, user in users.items():
        if user is not None:
            client = Client()
            client.force_login(user)
            sessions[role] = client.cookies[settings.SESSION_COOKIE_NAME].value
    federation = sample_federation_load(owner=users["owner"])
    Membership.objects.create(federation=federation, user=users["booker"], role=MemberRole.BOOKER)
    Membership.objects.create(federation=federation, user=users["viewer"], role=MemberRole.VIEWER)
    today = selectors.federation_today(federation)
    world = World(federation=federation, users=users, today=today, sessions=sessions)

    booked = show_create(federation=federation, seed=11)
    empty = show_create(federation=federation, seed=12)
    wrestlers = list(federation.wrestlers.order_by("slug"))
    in_teams = set(
        federation.teams.filter(memberships__ended_on__isnull=True).values_list(
            "memberships__wrestler", flat=True
        )
    )
    in_feuds = set(federation.feuds.values_list("participants__wrestler", flat=True))
    champions = set(
        federation.titles.filter(reigns__ended_on__isnull=True).values_list(
            "reigns__holder_wrestler", flat=True
        )
    )
    free = [w for w in wrestlers if w.pk not in in_teams | in_feuds | champions]
    # Two singles matches on the booked show, of men nothing else names (no team, feud or
    # title), so that every desk may act on the rest; the free men after them stay unbooked.
    match_book(show=booked, sides=[[free[0]], [free[1]]])
    match_book(show=booked, sides=[[free[2]], [free[3]]])
    free = free[4:]
    hurt = free[0]
    injury = services.injury_record(
        wrestler=hurt, occurred_on=today - dt.timedelta(days=1), body_part="knee"
    )
    team = federation.teams.filter(memberships__ended_on__isnull=True).order_by("slug")[0]
    member = team.memberships.filter(ended_on__isnull=True).order_by("pk")[0].wrestler
    champion_title = federation.titles.filter(reigns__ended_on__isnull=True).order_by("rank")[0]
    feud = federation.feuds.order_by("pk")[0]
    invitation = Invitation.objects.create(
        federation=federation, user=users["stranger"], role=MemberRole.VIEWER
    )
    match = booked.matches.order_by("position")[0]
    webhook = Webhook.objects.create(
        federation=federation, url="https://hooks.example.com/copperline", format="json"
    )
    # An invitation link for a booker (its token kept here: the site keeps only its hash).
    link, link_token = invitation_link_create(
        federation=federation, role=MemberRole.BOOKER, created_by=users["owner"]
    )
    # A tournament drawn by hand of champions and feuding men (none on the booked show, none
    # hurt, none a desk acts on), its first round not booked.
    tournament = tournament_create(
        federation=federation,
        name="Copper Cup",
        seeding="hand",
        entrants=[w.pk for w in wrestlers if w.pk in champions | in_feuds][:4],
    )
    world.ids.update(
        tournament=tournament.slug,
        booked=booked.number,
        empty=empty.number,
        match=match.pk,
        matches=booked.matches.count(),
        wrestler=wrestlers[0].slug,
        opponent=wrestlers[1].slug,
        free=free[1].slug,
        free_other=free[2].slug,
        free_pk=free[1].pk,
        free_other_pk=free[2].pk,
        hurt=hurt.slug,
        injury=injury.pk,
        team=team.slug,
        team_member=member.slug,
        title=champion_title.slug,
        vacant_title=None,
        feud=feud.pk,
        invitation=invitation.pk,
        webhook=webhook.pk,
        link=link.pk,
        link_token=link_token,
        viewer_membership=Membership.objects.get(user=users["viewer"]).pk,
        champion_reign=champion_title.reigns.get(ended_on__isnull=True).pk,
    )
    world.ids["admin"] = _admin_rows(world)
    return world


def _admin_rows(world: World) -> dict[str, int]:
    """One row of each model the admin lists (made here where the sample has none)."""
    from axes.models import AccessAttempt, AccessFailureLog, AccessLog
    from django.contrib.auth.models import Group
    from django_celery_beat.models import (
        ClockedSchedule,
        CrontabSchedule,
        IntervalSchedule,
        PeriodicTask,
        SolarSchedule,
    )
    from rest_framework.authtoken.models import Token

    from rules.models import ChartOverride, WrestlerCard

    stranger = world.users["stranger"]
    now = timezone.now()
    made = {
        "auth.Group": Group.objects.create(name="scouts"),
        "auth.User": stranger,
        "authtoken.TokenProxy": Token.objects.create(user=stranger).user,  # (keyed by its user)
        "django_celery_beat.ClockedSchedule": ClockedSchedule.objects.create(clocked_time=now),
        "django_celery_beat.CrontabSchedule": CrontabSchedule.objects.create(minute="5"),
        "django_celery_beat.SolarSchedule": SolarSchedule.objects.create(
            event="sunrise", latitude=51.5, longitude=-0.1
        ),
        "django_celery_beat.IntervalSchedule": IntervalSchedule.objects.create(
            every=9, period="hours"
        ),
        "axes.AccessAttempt": AccessAttempt.objects.create(
            username="someone", ip_address="10.0.0.9", failures_since_start=1
        ),
        "axes.AccessLog": AccessLog.objects.create(username="someone", ip_address="10.0.0.9"),
        "axes.AccessFailureLog": AccessFailureLog.objects.create(
            username="someone", ip_address="10.0.0.9"
        ),
    }
    # (one of its own: the beat schedules the data migrations make are not there when the
    # tables are made from the models, as under mutation testing)
    made["django_celery_beat.PeriodicTask"] = PeriodicTask.objects.create(
        name="access table",
        task="matches.dispatch_due_shows",
        interval=made["django_celery_beat.IntervalSchedule"],
    )
    federation = world.federation
    made["rules.WrestlerCard"] = WrestlerCard.objects.filter(
        wrestler__federation=federation
    ).order_by("pk")[0]
    # Rows the admin may delete (nothing protected hangs on them) in a federation of their own:
    # an override there would change the sample's odds, and deleting a sample's title would
    # delete its reigns, which no one may.
    elsewhere = Federation.objects.create(
        owner=world.users["superuser"], name="Elsewhere", slug="elsewhere", is_public=False
    )
    made["rules.ChartOverride"] = ChartOverride.objects.create(
        federation=elsewhere, system="filsinger", chart="ropes", data={}
    )
    made["promotion.Federation"] = elsewhere
    made["promotion.Wrestler"] = federation.wrestlers.get(slug=world.free_other)
    made["promotion.Team"] = Team.objects.create(federation=elsewhere, name="Odd Pair", slug="odd")
    made["promotion.Title"] = Title.objects.create(
        federation=elsewhere, name="Odd Cup", slug="odd-cup", introduced_on=world.today
    )
    made["promotion.TitleReign"] = federation.titles.get(slug=world.title).reigns.get(
        pk=world.champion_reign
    )
    made["promotion.Feud"] = federation.feuds.get(pk=world.feud)
    made["promotion.Injury"] = federation.wrestlers.get(slug=world.hurt).injuries.get()
    made["promotion.StandingChange"] = (
        apps.get_model("promotion", "StandingChange")
        .objects.filter(wrestler__federation=federation)
        .order_by("pk")[0]
    )
    made["promotion.Invitation"] = Invitation.objects.get(pk=world.invitation)
    made["promotion.InvitationLink"] = InvitationLink.objects.get(pk=world.link)
    made["matches.Show"] = Show.objects.get(federation=federation, number=world.empty)
    made["matches.Match"] = Show.objects.get(
        federation=federation, number=world.booked
    ).matches.get(pk=world.match)
    made["matches.Tournament"] = federation.tournaments.get(slug=world.tournament)
    made["matches.Webhook"] = Webhook.objects.get(pk=world.webhook)
    made["matches.WebhookDelivery"] = WebhookDelivery.objects.create(
        webhook=made["matches.Webhook"], kind="test"
    )
    return {label: row.pk for label, row in made.items()}


def digest() -> str:
    """A fingerprint of every row of every table (but ``NOT_THE_WORLD``): equal before and after
    a request when it wrote nothing. (Rows are read as the database gives them and sorted here:
    quicker than a query set per model, and blind to the order a database keeps them in.)"""
    found = hashlib.sha256()
    with connection.cursor() as cursor:
        for table in _tables():
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
            found.update(table.encode())
            for row in sorted(map(repr, cursor.fetchall())):
                found.update(row.encode())
    return found.hexdigest()


@functools.cache
def _tables() -> tuple[str, ...]:
    return tuple(
        sorted(
            {
                model._meta.db_table
                for model in apps.get_models(include_auto_created=True)
                if model._meta.label not in NOT_THE_WORLD
                and not model._meta.proxy
                and model._meta.managed
            }
        )
    )
