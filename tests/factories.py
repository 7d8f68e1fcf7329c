"""factory-boy factories, one per model. Use ``.build()`` where no database is needed."""

from __future__ import annotations

import datetime as dt

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.utils import timezone
from factory.django import DjangoModelFactory

from matches.models import Match, MatchParticipant, Show, ShowStatus
from promotion.models import (
    Federation,
    Feud,
    FeudParticipant,
    Injury,
    InjurySource,
    StandingChange,
    Team,
    TeamMembership,
    Title,
    TitleReign,
    Wrestler,
)
from rules.models import ChartOverride, WrestlerCard


class UserFactory(DjangoModelFactory[User]):
    class Meta:
        model = get_user_model()
        django_get_or_create = ["username"]

    username = factory.Sequence(lambda n: f"promoter{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.com")


class FederationFactory(DjangoModelFactory[Federation]):
    class Meta:
        model = Federation

    owner = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Federation {n}")
    slug = factory.Sequence(lambda n: f"federation-{n}")
    rule_system = "filsinger"
    time_zone = "America/Chicago"


class WrestlerFactory(DjangoModelFactory[Wrestler]):
    class Meta:
        model = Wrestler

    federation = factory.SubFactory(FederationFactory)
    ring_name = factory.Sequence(lambda n: f"Wrestler {n}")
    slug = factory.Sequence(lambda n: f"wrestler-{n}")
    alignment = factory.Iterator(["face", "heel", "tweener"])
    style = "brawler"
    height_in = 72
    weight_lb = 230
    fame = 250
    prestige = 150
    heat = 1
    edge = factory.LazyAttribute(lambda w: w.fame // 100)


class TeamFactory(DjangoModelFactory[Team]):
    class Meta:
        model = Team

    federation = factory.SubFactory(FederationFactory)
    name = factory.Sequence(lambda n: f"Team {n}")
    slug = factory.Sequence(lambda n: f"team-{n}")
    kind = "tag_team"
    formed_on = dt.date(2024, 1, 6)


class TeamMembershipFactory(DjangoModelFactory[TeamMembership]):
    class Meta:
        model = TeamMembership

    team = factory.SubFactory(TeamFactory)
    wrestler = factory.SubFactory(
        WrestlerFactory, federation=factory.SelfAttribute("..team.federation")
    )
    started_on = dt.date(2024, 1, 6)


class TitleFactory(DjangoModelFactory[Title]):
    class Meta:
        model = Title

    federation = factory.SubFactory(FederationFactory)
    name = factory.Sequence(lambda n: f"Title {n}")
    slug = factory.Sequence(lambda n: f"title-{n}")
    division = "singles"
    introduced_on = dt.date(2020, 1, 4)


class TitleReignFactory(DjangoModelFactory[TitleReign]):
    class Meta:
        model = TitleReign

    title = factory.SubFactory(TitleFactory)
    holder_wrestler = factory.SubFactory(
        WrestlerFactory, federation=factory.SelfAttribute("..title.federation")
    )
    number = factory.Sequence(lambda n: n + 1)
    won_on = dt.date(2024, 6, 1)
    won_how = "won a tournament"


class FeudFactory(DjangoModelFactory[Feud]):
    class Meta:
        model = Feud

    federation = factory.SubFactory(FederationFactory)
    name = factory.Sequence(lambda n: f"Feud {n}")
    started_on = dt.date(2026, 9, 5)
    heat = 5
    status = "hot"


class FeudParticipantFactory(DjangoModelFactory[FeudParticipant]):
    class Meta:
        model = FeudParticipant

    feud = factory.SubFactory(FeudFactory)
    side = 0
    wrestler = factory.SubFactory(
        WrestlerFactory, federation=factory.SelfAttribute("..feud.federation")
    )


class InjuryFactory(DjangoModelFactory[Injury]):
    class Meta:
        model = Injury

    wrestler = factory.SubFactory(WrestlerFactory)
    occurred_on = dt.date(2026, 11, 6)
    source = InjurySource.MANUAL
    body_part = "knee"
    # Four weeks out: he is kept off cards for the shows of those weeks, whatever the day.
    expected_return = factory.LazyAttribute(lambda row: row.occurred_on + dt.timedelta(weeks=4))
    description = "Torn knee ligament"


class StandingChangeFactory(DjangoModelFactory[StandingChange]):
    class Meta:
        model = StandingChange

    wrestler = factory.SubFactory(WrestlerFactory)
    attribute = "fame"
    delta = 10
    value_after = factory.LazyAttribute(lambda row: row.wrestler.fame)
    reason = "Won the main event"


class ShowFactory(DjangoModelFactory[Show]):
    class Meta:
        model = Show

    federation = factory.SubFactory(FederationFactory)
    name = factory.Sequence(lambda n: f"Friday Night Brawl {n}")
    number = factory.Sequence(lambda n: n + 1)
    scheduled_at = factory.LazyFunction(lambda: timezone.now() + dt.timedelta(days=3))
    venue = "Foundry Hall"
    status = ShowStatus.BOOKED
    seed = factory.Sequence(lambda n: 1000 + n)


class MatchFactory(DjangoModelFactory[Match]):
    class Meta:
        model = Match

    show = factory.SubFactory(ShowFactory)
    position = factory.Sequence(lambda n: n + 1)
    match_type = "singles"
    rule_system = "filsinger"


class MatchParticipantFactory(DjangoModelFactory[MatchParticipant]):
    class Meta:
        model = MatchParticipant

    match = factory.SubFactory(MatchFactory)
    show = factory.SelfAttribute("match.show")
    side = 0
    wrestler = factory.SubFactory(
        WrestlerFactory, federation=factory.SelfAttribute("..match.show.federation")
    )
    role = "in_ring"


class WrestlerCardFactory(DjangoModelFactory[WrestlerCard]):
    class Meta:
        model = WrestlerCard

    wrestler = factory.SubFactory(WrestlerFactory)
    system = "superstar"
    data = factory.LazyAttribute(
        lambda card: {"system": "superstar", "name": card.wrestler.ring_name}
    )


class ChartOverrideFactory(DjangoModelFactory[ChartOverride]):
    class Meta:
        model = ChartOverride

    federation = factory.SubFactory(FederationFactory)
    system = "filsinger"
    chart = "ropes"
    data = factory.LazyFunction(dict)
    note = "The printed chart"


class BookableWrestlerFactory(WrestlerFactory):
    """A wrestler with a card for his federation's rule system, so that he can be booked."""

    class Meta:
        skip_postgeneration_save = True

    @factory.post_generation
    def card(wrestler, create, extracted, **kwargs):
        if create:
            system = extracted or wrestler.federation.rule_system
            WrestlerCard.objects.create(
                wrestler=wrestler,
                system=system,
                data={"system": system, "name": wrestler.ring_name},
                validated=True,
            )
