"""Two federations with one owner: ``home``, whose addresses the tests use, and ``away``, the
neighbour whose objects they name. The owner may do anything in either, so only the scoping of
a look-up stops him from reaching ``away``'s objects through ``home``'s addresses.

Every slug of ``away`` is one ``home`` does not have, every number one ``home`` has not
reached (``away`` has shows 1 and 2, ``home`` only 1), and every key is a row of ``away``: a
look-up that lost its federation would find the neighbour's object and answer 200."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User

from matches.booking import match_book, show_create
from matches.models import Match, Show
from matches.tournaments import tournament_create
from matches.webhooks import webhook_add, webhook_test
from promotion import services
from promotion.invitations import invitation_link_create, invitation_send
from promotion.models import (
    Federation,
    Feud,
    Injury,
    Invitation,
    MemberRole,
    Membership,
    Team,
    Title,
    Wrestler,
)
from promotion.sample import sample_card

HOME, AWAY = "home", "away"
SYSTEM = "filsinger"
#: Sample cards (``rules/data/sample/filsinger``), one a wrestler, so that odds can be played.
CARDS = (
    "bastian-holloway",
    "corrigan-vale",
    "dario-quintero",
    "felix-ardent",
    "gideon-pike",
    "hollis-crane",
    "ines-marrow",
    "jonah-whitlock",
)
HOME_WRESTLERS = ("h-ada", "h-bo", "h-cy", "h-di")
AWAY_WRESTLERS = ("a-eve", "a-fay", "a-gus", "a-hal", "a-ivy", "a-jon", "a-kim")
#: A show number ``away`` has and ``home`` has not.
AWAY_SHOW = 2
HOME_SHOW = 1
#: A place on ``away``'s show 2 that ``home``'s show 1 has not (it has one match).
AWAY_POSITION = 3
#: ``away``'s tournament (drawn by hand of four of its fit men); ``home`` has none.
AWAY_CUP = "away-cup"
ON = dt.date(2025, 3, 1)
PAST = dt.date(2025, 1, 10)
ROSTER_MODELS = ("promotion", "matches", "rules")


@dataclass
class Side:
    federation: Federation
    wrestlers: dict[str, Wrestler]
    title: Title
    tag_title: Title
    team: Team
    feud: Feud
    injury: Injury
    shows: list[Show]
    matches: list[Match]
    membership: Membership


@dataclass
class World:
    boss: User
    member: User  # a viewer of ``away`` only (``home`` has another)
    invited: User  # invited to ``home``, not yet answered
    invitation: Invitation
    home: Side
    away: Side


def _side(boss, slug: str, names: tuple[str, ...], shows: int, member) -> Side:
    federation = services.federation_create(
        owner=boss, name=f"{slug.title()} Wrestling", slug=slug, rule_system=SYSTEM
    )
    wrestlers = {}
    for name, card in zip(names, CARDS, strict=False):
        wrestler = services.wrestler_create(
            federation=federation, ring_name=name.split("-")[1].title(), slug=name
        )
        data = sample_card(SYSTEM, card)
        assert data is not None
        services.card_store(
            wrestler=wrestler, system=SYSTEM, data={**data, "name": wrestler.ring_name}
        )
        wrestlers[name] = wrestler
    w = list(wrestlers.values())
    title = services.title_create(federation=federation, name=f"{slug} title", introduced_on=PAST)
    services.title_award(title=title, holder=w[0], on=PAST)
    tag_title = services.title_create(
        federation=federation, name=f"{slug} tag title", introduced_on=PAST, division="tag"
    )
    team = services.team_form(
        federation=federation, name=f"{slug} team", members=[w[0], w[1]], formed_on=PAST
    )
    feud = services.feud_start(federation=federation, sides=[[w[2]], [w[3]]], started_on=PAST)
    injury = services.injury_record(wrestler=w[-1], occurred_on=PAST)
    made = [show_create(federation=federation, seed=n) for n in range(1, shows + 1)]
    booked = []
    # The last show's card: singles matches of the wrestlers not hurt, two by two.
    fit = w[:-1]
    for a, b in zip(fit[0::2], fit[1::2], strict=False):
        booked.append(match_book(show=made[-1], sides=[[a], [b]]))
    membership = services.membership_set(federation=federation, user=member, role=MemberRole.VIEWER)
    return Side(
        federation, wrestlers, title, tag_title, team, feud, injury, made, booked, membership
    )


def build() -> World:
    users = get_user_model().objects
    # (no passwords: the tests sign in with ``force_login``, and hashing one is slow)
    boss, away_member, home_member, invited = (
        users.create(username=name, email=f"{name}@example.com")
        for name in ("boss", "carol", "dave", "erin")
    )
    home = _side(boss, HOME, HOME_WRESTLERS, 1, home_member)
    away = _side(boss, AWAY, AWAY_WRESTLERS, 2, away_member)
    tournament_create(
        federation=away.federation,
        name="Away Cup",
        seeding="hand",
        entrants=[away.wrestlers[name].pk for name in ("a-fay", "a-gus", "a-hal", "a-ivy")],
    )
    invitation = invitation_send(
        federation=home.federation, user=invited, role=MemberRole.VIEWER, invited_by=boss
    )
    # An invitation link of away's (home has none: its id names nothing there).
    invitation_link_create(federation=away.federation, role=MemberRole.BOOKER, created_by=boss)
    # A webhook of away's, with a delivery in its log (home has none).
    webhook = webhook_add(
        federation=away.federation, url="https://hooks.example.com/away", format="json"
    )
    webhook_test(webhook=webhook)
    world = World(boss, away_member, invited, invitation, home, away)
    _check(world)
    return world


def _check(world: World) -> None:
    """The promises of this module's docstring, so that a test naming a neighbour's object
    cannot pass for want of one."""
    home, away = world.home.federation, world.away.federation
    assert not set(away.wrestlers.values_list("slug", flat=True)) & set(
        home.wrestlers.values_list("slug", flat=True)
    )
    for rows in ("titles", "teams"):
        assert not set(getattr(away, rows).values_list("slug", flat=True)) & set(
            getattr(home, rows).values_list("slug", flat=True)
        )
    assert home.shows.filter(number=AWAY_SHOW).count() == 0
    assert away.shows.filter(number=AWAY_SHOW).count() == 1
    assert world.away.shows[-1].matches.filter(position=AWAY_POSITION).exists()
    assert not world.home.shows[-1].matches.filter(position=AWAY_POSITION).exists()
    assert not home.memberships.filter(user=world.member).exists()
    assert away.tournaments.filter(slug=AWAY_CUP).exists()
    assert not home.tournaments.exists()
    assert away.invitation_links.exists() and not home.invitation_links.exists()


def snapshot() -> dict[str, list[tuple]]:
    """Every row of the roster's, the shows' and the cards' tables: what a refused request must
    leave as it was, the neighbour's objects above all."""
    rows = {}
    for label in ROSTER_MODELS:
        for model in apps.get_app_config(label).get_models():
            rows[model._meta.label] = list(model._default_manager.order_by("pk").values_list())
    rows["auth.User"] = list(
        get_user_model().objects.order_by("pk").values_list("pk", "username", "is_active")
    )
    return rows
