import datetime as dt

import pytest
from django.db.models import Sum

from promotion import services
from promotion.models import ReignEnd
from tests import factories

pytestmark = pytest.mark.django_db


def test_reign_start_closes_the_open_reign_at_the_same_date():
    title = factories.TitleFactory()
    first = services.reign_start(
        title=title,
        holder=factories.WrestlerFactory(federation=title.federation),
        won_on=dt.date(2025, 1, 4),
    )
    challenger = factories.WrestlerFactory(federation=title.federation)
    second = services.reign_start(title=title, holder=challenger, won_on=dt.date(2025, 3, 1))
    first.refresh_from_db()
    assert (first.ended_on, first.end_reason) == (dt.date(2025, 3, 1), ReignEnd.LOST)
    assert (second.number, second.holder_reign_number, second.holder) == (2, 1, challenger)


def test_a_returning_champion_counts_his_reigns():
    title = factories.TitleFactory()
    a, b = factories.WrestlerFactory.create_batch(2, federation=title.federation)
    services.reign_start(title=title, holder=a, won_on=dt.date(2025, 1, 4))
    services.reign_start(title=title, holder=b, won_on=dt.date(2025, 2, 4))
    third = services.reign_start(title=title, holder=a, won_on=dt.date(2025, 3, 4))
    assert (third.number, third.holder_reign_number) == (3, 2)


def test_a_team_cannot_hold_a_singles_title():
    title = factories.TitleFactory(division="singles")
    team = factories.TeamFactory(federation=title.federation)
    with pytest.raises(services.ServiceError, match="singles title"):
        services.reign_start(title=title, holder=team, won_on=dt.date(2025, 1, 4))


def test_a_wrestler_cannot_hold_a_tag_title():
    title = factories.TitleFactory(division="tag")
    wrestler = factories.WrestlerFactory(federation=title.federation)
    with pytest.raises(services.ServiceError, match="tag-team title"):
        services.reign_start(title=title, holder=wrestler, won_on=dt.date(2025, 1, 4))


def test_a_champion_of_another_federation_is_refused():
    title = factories.TitleFactory()
    outsider = factories.WrestlerFactory()
    with pytest.raises(services.ServiceError, match="does not belong"):
        services.reign_start(title=title, holder=outsider, won_on=dt.date(2025, 1, 4))


def test_a_reign_cannot_start_inside_the_previous_one():
    title = factories.TitleFactory()
    a, b = factories.WrestlerFactory.create_batch(2, federation=title.federation)
    reign = services.reign_start(title=title, holder=a, won_on=dt.date(2025, 1, 4))
    services.reign_end(reign=reign, ended_on=dt.date(2025, 5, 1), reason=ReignEnd.VACATED)
    with pytest.raises(services.ServiceError, match="cannot start before"):
        services.reign_start(title=title, holder=b, won_on=dt.date(2025, 4, 1))


def test_standing_changes_are_written_to_the_ledger_and_add_up():
    federation = factories.FederationFactory()
    wrestler = services.wrestler_create(
        federation=federation, ring_name="Corrigan Vale", slug="corrigan-vale", fame=340
    )
    services.standing_change(wrestler=wrestler, attribute="fame", delta=25, reason="Won by pin")
    services.standing_change(wrestler=wrestler, attribute="fame", delta=-5, reason="Lost by DQ")
    wrestler.refresh_from_db()
    total = wrestler.standing_changes.filter(attribute="fame").aggregate(t=Sum("delta"))["t"]
    assert wrestler.fame == total == 360
    assert wrestler.edge == 3
    assert wrestler.standing_changes.last().value_after == 360


def test_an_unknown_standing_is_refused():
    wrestler = factories.WrestlerFactory()
    with pytest.raises(services.ServiceError, match="Unknown standing"):
        services.standing_change(wrestler=wrestler, attribute="charisma", delta=1, reason="?")


def test_federation_delete_removes_everything_it_holds():
    reign = factories.TitleReignFactory()
    federation = reign.title.federation
    factories.MatchParticipantFactory(match__show__federation=federation)
    services.federation_delete(federation=federation)
    assert not type(federation).objects.filter(pk=federation.pk).exists()
