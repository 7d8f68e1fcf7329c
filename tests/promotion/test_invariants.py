"""Each schema invariant refuses the violating write, on SQLite and PostgreSQL alike."""

import datetime as dt

import pytest
from django.db import IntegrityError, transaction

from promotion.models import ReignEnd
from tests import factories

pytestmark = pytest.mark.django_db


def refused(write):
    with pytest.raises(IntegrityError), transaction.atomic():
        write()


def test_a_title_has_at_most_one_open_reign():
    reign = factories.TitleReignFactory(number=1)
    refused(lambda: factories.TitleReignFactory(title=reign.title, number=2))


def test_closed_reigns_may_accompany_the_open_one():
    reign = factories.TitleReignFactory(
        number=1, ended_on=dt.date(2024, 9, 1), end_reason=ReignEnd.LOST
    )
    factories.TitleReignFactory(title=reign.title, number=2, won_on=dt.date(2024, 9, 1))
    assert reign.title.reigns.count() == 2


def test_a_reign_cannot_end_before_it_starts():
    refused(
        lambda: factories.TitleReignFactory(
            won_on=dt.date(2024, 6, 1), ended_on=dt.date(2024, 5, 31), end_reason=ReignEnd.LOST
        )
    )


def test_an_ended_reign_needs_a_reason():
    refused(lambda: factories.TitleReignFactory(ended_on=dt.date(2024, 7, 1), end_reason=""))


def test_a_reign_has_exactly_one_holder():
    title = factories.TitleFactory()
    team = factories.TeamFactory(federation=title.federation)
    wrestler = factories.WrestlerFactory(federation=title.federation)
    refused(
        lambda: factories.TitleReignFactory(title=title, holder_wrestler=wrestler, holder_team=team)
    )
    refused(lambda: factories.TitleReignFactory(title=title, holder_wrestler=None))


def test_reign_numbers_are_unique_within_a_title():
    reign = factories.TitleReignFactory(
        number=1, ended_on=dt.date(2024, 9, 1), end_reason=ReignEnd.LOST
    )
    refused(lambda: factories.TitleReignFactory(title=reign.title, number=1))


def test_a_wrestler_appears_at_most_once_on_a_show():
    participant = factories.MatchParticipantFactory()
    # (Another place on the card than the first match's, whatever the factory's sequence gave.)
    other_match = factories.MatchFactory(
        show=participant.show, position=participant.match.position + 1
    )
    refused(
        lambda: factories.MatchParticipantFactory(
            match=other_match, wrestler=participant.wrestler, side=1
        )
    )


def test_the_participant_show_is_filled_from_the_match():
    match = factories.MatchFactory()
    wrestler = factories.WrestlerFactory(federation=match.show.federation)
    from matches.models import MatchParticipant

    participant = MatchParticipant.objects.create(match=match, side=0, wrestler=wrestler)
    assert participant.show_id == match.show_id
    refused(lambda: MatchParticipant.objects.create(match=match, side=1, wrestler=wrestler))


def test_positions_on_a_card_are_unique():
    match = factories.MatchFactory(position=1)
    refused(lambda: factories.MatchFactory(show=match.show, position=1))


def test_positions_start_at_one():
    refused(lambda: factories.MatchFactory(position=0))


def test_a_completed_match_has_a_method():
    refused(lambda: factories.MatchFactory(status="completed", method=""))


def test_show_numbers_are_unique_within_a_federation():
    show = factories.ShowFactory(number=7)
    refused(lambda: factories.ShowFactory(federation=show.federation, number=7))


def test_a_wrestler_has_one_card_per_system():
    card = factories.WrestlerCardFactory()
    refused(lambda: factories.WrestlerCardFactory(wrestler=card.wrestler, system=card.system))


def test_slugs_are_unique_within_a_federation():
    wrestler = factories.WrestlerFactory()
    refused(lambda: factories.WrestlerFactory(federation=wrestler.federation, slug=wrestler.slug))


def test_one_open_membership_per_team_and_wrestler():
    membership = factories.TeamMembershipFactory()
    refused(
        lambda: factories.TeamMembershipFactory(team=membership.team, wrestler=membership.wrestler)
    )


def test_feud_heat_is_at_most_ten_and_an_ended_feud_has_an_end_date():
    refused(lambda: factories.FeudFactory(heat=11))
    refused(lambda: factories.FeudFactory(status="ended", ended_on=None))


def test_an_injury_heals_after_it_happens():
    refused(
        lambda: factories.InjuryFactory(
            occurred_on=dt.date(2026, 11, 6), healed_on=dt.date(2026, 11, 1)
        )
    )


def test_every_model_has_a_working_factory():
    for factory in (
        factories.FederationFactory,
        factories.WrestlerFactory,
        factories.TeamFactory,
        factories.TeamMembershipFactory,
        factories.TitleFactory,
        factories.TitleReignFactory,
        factories.FeudFactory,
        factories.FeudParticipantFactory,
        factories.InjuryFactory,
        factories.StandingChangeFactory,
        factories.ShowFactory,
        factories.MatchFactory,
        factories.MatchParticipantFactory,
        factories.WrestlerCardFactory,
        factories.ChartOverrideFactory,
    ):
        instance = factory()
        assert instance.pk is not None
        assert str(instance)
