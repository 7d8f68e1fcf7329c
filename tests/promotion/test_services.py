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


def rows_by_model() -> dict[str, set[int]]:
    """The primary keys of every row of every model of the federation's apps."""
    from django.apps import apps

    return {
        model._meta.label: set(model._default_manager.values_list("pk", flat=True))
        for label in ("promotion", "matches", "rules")
        for model in apps.get_app_config(label).get_models()
    }


def test_federation_delete_removes_everything_it_holds(in_process):
    from matches.simulation import show_simulate
    from tests.matches.helpers import book_week, sample_federation

    kept = factories.TitleReignFactory().title.federation
    factories.MatchParticipantFactory(match__show__federation=kept)
    before = rows_by_model()

    federation = sample_federation()
    show = book_week(
        federation,
        scheduled_at=federation.next_show_time(dt.datetime(2026, 9, 1, tzinfo=dt.UTC)),
        seed=3,
    )
    assert show_simulate(show_id=show.pk).status == "completed"
    factories.ChartOverrideFactory(federation=federation)
    factories.FeudParticipantFactory(
        feud__federation=federation, wrestler=federation.wrestlers.first()
    )
    factories.InjuryFactory(wrestler=federation.wrestlers.last())
    federation.memberships.create(user=factories.UserFactory(), role="viewer")
    grown = rows_by_model()
    held = {label for label, pks in grown.items() if pks - before[label]}
    assert held >= {  # the federation holds rows of every kind
        "promotion.Federation",
        "promotion.Membership",
        "promotion.Wrestler",
        "promotion.Team",
        "promotion.TeamMembership",
        "promotion.Title",
        "promotion.TitleReign",
        "promotion.Feud",
        "promotion.FeudParticipant",
        "promotion.Injury",
        "promotion.StandingChange",
        "matches.Show",
        "matches.Match",
        "matches.MatchParticipant",
        "rules.WrestlerCard",
        "rules.ChartOverride",
    }

    services.federation_delete(federation=federation)

    assert rows_by_model() == before  # everything it held is gone; the other federation's stays
