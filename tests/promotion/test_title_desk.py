"""The promoter's title desk: a new title, a champion vacated, stripped or crowned by hand, a title
retired. Each refusal is triggered alone and checked word for word; each change leaves a lineage
that the federation's checker finds clean."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from matches.checks import federation_check
from matches.models import ShowStatus
from promotion import services
from promotion.models import ReignEnd, TitleReign
from promotion.selectors import federation_today
from promotion.services import (
    title_award,
    title_create,
    title_retire,
    title_vacate,
)
from tests import factories
from tests.promotion.refusals import names, refused, signed

pytestmark = pytest.mark.django_db

WON = dt.date(2024, 6, 1)


@pytest.fixture
def champion(federation):
    return signed(federation, "Ada Vance")


@pytest.fixture
def title(federation, champion):
    made = factories.TitleFactory(federation=federation, name="Iron City Title", slug="iron-city")
    factories.TitleReignFactory(title=made, holder_wrestler=champion, number=1, won_on=WON)
    return made


def title_match_on(title, *, status, days_ago):
    """A match for ``title`` on a show of its federation, ``days_ago`` days back."""
    show = factories.ShowFactory(
        federation=title.federation,
        status=status,
        scheduled_at=timezone.now() - dt.timedelta(days=days_ago),
    )
    return factories.MatchFactory(show=show, title=title), show


# -- a new title -------------------------------------------------------------------------------


def test_a_new_title_takes_its_address_from_its_name_and_stands_vacant(federation):
    made = title_create(
        federation=federation,
        name="  Foundry Television Title ",
        introduced_on=dt.date(2026, 1, 2),
        rank=3,
        rule_system="arm",
    )
    made.refresh_from_db()
    assert (made.name, made.slug, made.rank, made.rule_system) == (
        "Foundry Television Title",
        "foundry-television-title",
        3,
        "arm",
    )
    assert made.is_active and made.current_reign is None


@names("TITLE_SLUG_TAKEN")
def test_a_title_address_is_the_federations_own(federation, title):
    message = refused(
        title_create, federation=federation, name="Iron City", introduced_on=WON, slug="iron-city"
    )
    assert message == services.TITLE_SLUG_TAKEN.format(federation=federation, slug="iron-city")
    other = factories.FederationFactory()
    assert title_create(federation=other, name="Iron City", introduced_on=WON, slug="iron-city")


@names("TITLE_NAME_TAKEN")
def test_two_titles_in_use_do_not_share_a_name(federation, title):
    message = refused(
        title_create, federation=federation, name=" iron city TITLE ", introduced_on=WON
    )
    assert message == (
        f"{federation} already has a title named 'Iron City Title'; give this one a name of "
        "its own."
    )
    assert refused(
        title_create, federation=federation, name="Iron  City  title", introduced_on=WON
    ) == (
        f"{federation} already has a title named 'Iron City Title'; give this one a name of "
        "its own."
    )
    assert federation.titles.count() == 1
    # Once retired, its name may be taken up again by a title with a lineage of its own.
    services.title_retire(title=title, on=WON)
    again = title_create(federation=federation, name="Iron City Title", introduced_on=WON)
    assert again.slug == "iron-city-title" and again.current_reign is None


def test_a_name_in_use_is_named_before_the_address_it_would_make(federation, title):
    """Left to make its own address, a clashing name would clash there too: the name is what
    the promoter typed, so the name is what is refused."""
    message = refused(
        title_create, federation=federation, name="IRON CITY title", introduced_on=WON
    )
    assert message.startswith(f"{federation} already has a title named 'Iron City Title'")


def test_a_title_is_renamed_through_its_service_and_a_name_in_use_refused(federation, title):
    other = title_create(federation=federation, name="Foundry Title", introduced_on=WON)
    assert refused(services.title_update, title=other, name="iron  CITY title") == (
        services.TITLE_NAME_TAKEN.format(federation=federation, name="Iron City Title")
    )
    assert refused(services.title_update, title=other, name="  ") == services.TITLE_NAME_REQUIRED
    assert refused(services.title_update, title=other, slug="x") == (
        "These cannot be set here: slug."
    )
    # Its own name, in other capitals, is its own still.
    services.title_update(title=title, name="IRON CITY TITLE ", rank=2)
    title.refresh_from_db()
    assert (title.name, title.rank, title.slug) == ("IRON CITY TITLE", 2, "iron-city")


def test_the_admin_renames_a_title_through_the_service(federation, title, admin_client):
    from django.urls import reverse

    other = title_create(federation=federation, name="Foundry Title", introduced_on=WON)
    url = reverse("admin:promotion_title_change", args=[other.pk])
    data = {"name": "iron city  TITLE", "rank": "2", "rule_system": ""}
    data.update({f"reigns-{k}": v for k, v in (("TOTAL_FORMS", "0"), ("INITIAL_FORMS", "0"))})
    response = admin_client.post(url, data)
    assert response.status_code == 200  # the form again, refused
    assert services.TITLE_NAME_TAKEN.format(
        federation=federation, name="Iron City Title"
    ) in response.content.decode().replace("&#x27;", "'")
    other.refresh_from_db()
    assert other.name == "Foundry Title"
    data["name"] = "Foundry Heritage Title"
    assert admin_client.post(url, data).status_code == 302
    other.refresh_from_db()
    assert (other.name, other.rank) == ("Foundry Heritage Title", 2)


@names("TITLE_NAME_REQUIRED")
def test_a_title_needs_a_name_of_plain_text(federation):
    assert refused(title_create, federation=federation, name=" ", introduced_on=WON) == (
        services.TITLE_NAME_REQUIRED
    )
    message = refused(
        title_create, federation=federation, name="Iron\u202eTitle", introduced_on=WON
    )
    assert message.startswith("Name: ")


# -- vacated or stripped -----------------------------------------------------------------------


@pytest.mark.parametrize("reason", [ReignEnd.VACATED, ReignEnd.STRIPPED, ReignEnd.VACATED_INJURY])
def test_a_champion_vacated_by_hand_ends_his_reign_that_day_for_that_reason(
    title, champion, reason
):
    on = dt.date(2025, 3, 7)
    reign = title_vacate(title=title, on=on, reason=reason)
    reign.refresh_from_db()
    assert (reign.holder_wrestler, reign.ended_on, reign.end_reason) == (champion, on, reason)
    assert title.current_reign is None
    assert federation_check(federation=title.federation) == []


@names("TITLE_VACATE_REASON")
def test_a_reign_is_not_ended_by_hand_as_lost(title):
    message = refused(title_vacate, title=title, on=dt.date(2025, 3, 7), reason=ReignEnd.LOST)
    assert message == services.TITLE_VACATE_REASON.format(reason=ReignEnd.LOST)


@names("TITLE_VACANT_ALREADY")
def test_a_vacant_title_cannot_be_vacated(federation):
    vacant = factories.TitleFactory(federation=federation)
    message = refused(title_vacate, title=vacant, on=dt.date(2025, 3, 7))
    assert message == services.TITLE_VACANT_ALREADY.format(title=vacant)


def test_a_reign_is_not_vacated_before_it_began(title):
    message = refused(title_vacate, title=title, on=WON - dt.timedelta(days=1))
    assert message == services.REIGN_ENDS_BEFORE_START.format(
        ended=WON - dt.timedelta(days=1), won=WON
    )


@names("TITLE_NOT_YET")
def test_a_title_does_not_change_by_hand_on_a_day_still_to_come(title):
    tomorrow = federation_today(title.federation) + dt.timedelta(days=1)
    message = refused(title_vacate, title=title, on=tomorrow)
    assert message == services.TITLE_NOT_YET.format(on=tomorrow)


@names("TITLE_INTRODUCED_NOT_YET")
def test_a_title_is_introduced_on_a_day_that_has_come(federation):
    today = federation_today(federation)
    tomorrow = today + dt.timedelta(days=1)
    message = refused(
        title_create, federation=federation, name="Future Belt", introduced_on=tomorrow
    )
    assert message == (
        f"{tomorrow:%b %-d, %Y} is still to come; a title is introduced on a day that has come."
    )
    assert not federation.titles.filter(name="Future Belt").exists()
    assert title_create(federation=federation, name="Future Belt", introduced_on=today)


@names("TITLE_AT_STAKE")
@pytest.mark.parametrize("status", [ShowStatus.DRAFT, ShowStatus.SCHEDULED, ShowStatus.FAILED])
def test_a_title_at_stake_on_a_show_not_yet_wrestled_stays_as_booked(title, status):
    _, show = title_match_on(title, status=status, days_ago=-3)
    message = refused(title_vacate, title=title, on=federation_today(title.federation))
    assert message == services.TITLE_AT_STAKE.format(
        title=title, show=show, status=show.get_status_display().lower()
    )
    assert title.current_reign is not None


@names("TITLE_LATER_MATCH")
def test_a_title_already_defended_later_is_not_vacated_earlier(title):
    _, show = title_match_on(title, status=ShowStatus.COMPLETED, days_ago=10)
    earlier = show.date - dt.timedelta(days=1)
    message = refused(title_vacate, title=title, on=earlier)
    assert message == services.TITLE_LATER_MATCH.format(title=title, match_on=show.date, on=earlier)
    # On the day of that match or after it, it may.
    assert title_vacate(title=title, on=show.date).ended_on == show.date


def test_a_cancelled_show_holds_nothing_up(title):
    title_match_on(title, status=ShowStatus.CANCELLED, days_ago=-3)
    on = federation_today(title.federation)
    assert title_vacate(title=title, on=on).end_reason == ReignEnd.VACATED


# -- crowned by hand ---------------------------------------------------------------------------


def test_a_vacant_title_is_awarded_as_the_next_reign_of_its_lineage(title, champion, federation):
    title_vacate(title=title, on=dt.date(2025, 1, 3), reason=ReignEnd.VACATED_INJURY)
    other = signed(federation, "Bo Lane")
    reign = title_award(
        title=title, holder=other, on=dt.date(2025, 1, 10), how=" won the Iron Cup final "
    )
    reign.refresh_from_db()
    assert (reign.number, reign.holder_wrestler, reign.holder_reign_number) == (2, other, 1)
    assert (reign.won_on, reign.won_how, reign.ended_on, reign.won_at) == (
        dt.date(2025, 1, 10),
        "won the Iron Cup final",
        None,
        None,
    )
    title_vacate(title=title, on=dt.date(2025, 2, 7))
    again = title_award(title=title, holder=champion, on=dt.date(2025, 2, 7))
    assert (again.number, again.holder_reign_number) == (3, 2)
    assert federation_check(federation=federation) == []


def test_a_title_change_off_the_cards_ends_the_reign_as_lost(title, champion, federation):
    challenger = signed(federation, "Bo Lane")
    on = dt.date(2025, 1, 10)
    reign = title_award(title=title, holder=challenger, on=on, how="pinned Ada at a house show")
    old = TitleReign.objects.get(title=title, number=1)
    assert (old.ended_on, old.end_reason) == (on, ReignEnd.LOST)
    assert (reign.number, reign.holder_wrestler, reign.won_on) == (2, challenger, on)
    assert federation_check(federation=federation) == []


@names("HOLDER_ALREADY")
def test_a_champion_is_not_awarded_his_own_title(title, champion):
    message = refused(title_award, title=title, holder=champion, on=dt.date(2025, 1, 10))
    assert message == services.HOLDER_ALREADY.format(holder=champion, title=title)
    early = WON - dt.timedelta(days=1)
    other = factories.WrestlerFactory(federation=title.federation)
    message = refused(title_award, title=title, holder=other, on=early)
    assert message == services.REIGN_ENDS_BEFORE_START.format(ended=early, won=WON)
    assert TitleReign.objects.filter(title=title).count() == 1


def test_a_title_is_not_awarded_before_its_last_reign_ended(title, federation):
    title_vacate(title=title, on=dt.date(2025, 1, 3))
    other = factories.WrestlerFactory(federation=federation)
    message = refused(title_award, title=title, holder=other, on=dt.date(2025, 1, 2))
    assert message == services.REIGN_BEFORE_PREVIOUS.format(title=title, on=dt.date(2025, 1, 3))


@names("TITLE_BEFORE_INTRODUCED")
def test_a_title_is_not_awarded_before_it_was_introduced(federation):
    vacant = factories.TitleFactory(federation=federation, introduced_on=dt.date(2025, 5, 1))
    holder = factories.WrestlerFactory(federation=federation)
    message = refused(title_award, title=vacant, holder=holder, on=dt.date(2025, 4, 30))
    assert message == services.TITLE_BEFORE_INTRODUCED.format(
        title=vacant, introduced=dt.date(2025, 5, 1), on=dt.date(2025, 4, 30)
    )


@names("HOLDER_RETIRED")
def test_a_retired_wrestler_is_not_crowned(federation):
    vacant = factories.TitleFactory(federation=federation)
    holder = factories.WrestlerFactory(federation=federation, status="retired")
    message = refused(title_award, title=vacant, holder=holder, on=dt.date(2025, 5, 1))
    assert message == services.HOLDER_RETIRED.format(holder=holder)


@names("HOLDER_DISBANDED")
def test_a_tag_title_goes_to_a_team_that_has_not_disbanded(federation):
    tag = factories.TitleFactory(federation=federation, division="tag")
    wrestler = factories.WrestlerFactory(federation=federation)
    message = refused(title_award, title=tag, holder=wrestler, on=dt.date(2025, 5, 1))
    assert message == services.REIGN_WRONG_DIVISION_TAG.format(title=tag)
    team = factories.TeamFactory(federation=federation, disbanded_on=dt.date(2025, 4, 1))
    message = refused(title_award, title=tag, holder=team, on=dt.date(2025, 5, 1))
    assert message == services.HOLDER_DISBANDED.format(holder=team, on=dt.date(2025, 4, 1))


def test_a_champion_of_another_federation_is_refused(federation):
    vacant = factories.TitleFactory(federation=federation)
    stranger = factories.WrestlerFactory()
    message = refused(title_award, title=vacant, holder=stranger, on=dt.date(2025, 5, 1))
    assert message == services.REIGN_OTHER_FEDERATION.format(holder=stranger, title=vacant)


# -- retired -----------------------------------------------------------------------------------


@names("TITLE_RETIRED")
def test_a_retired_title_ends_its_reign_and_takes_no_more_champions(title, federation):
    on = dt.date(2025, 12, 26)
    title_retire(title=title, on=on)
    title.refresh_from_db()
    assert (title.is_active, title.retired_on) == (False, on)
    last = TitleReign.objects.get(title=title)
    assert (last.ended_on, last.end_reason) == (on, ReignEnd.DEACTIVATED)
    assert refused(title_retire, title=title, on=on) == services.TITLE_RETIRED.format(
        title=title, on=on
    )
    holder = signed(federation, "Bo Lane")
    assert refused(title_award, title=title, holder=holder, on=on) == (
        services.TITLE_RETIRED.format(title=title, on=on)
    )
    assert federation_check(federation=federation) == []


def test_a_title_is_not_retired_before_its_champion_won_it(title):
    early = WON - dt.timedelta(days=7)
    message = refused(title_retire, title=title, on=early)
    assert message == services.REIGN_ENDS_BEFORE_START.format(ended=early, won=WON)
    assert title.current_reign is not None


# -- what the first mutation run of the desks found untested ------------------------------------


def test_a_title_defaults_to_rank_one_and_a_name_of_no_letters_to_the_address_title(federation):
    made = title_create(federation=federation, name="World Title", introduced_on=WON)
    assert made.rank == 1
    symbols = title_create(federation=federation, name="!!!", introduced_on=WON)
    assert symbols.slug == "title"


def test_an_award_without_words_has_none_and_hidden_characters_are_refused(title, federation):
    title_vacate(title=title, on=dt.date(2025, 1, 3))
    bo = signed(federation, "Bo Lane")
    message = refused(title_award, title=title, holder=bo, on=dt.date(2025, 1, 10), how="a\u202eb")
    assert message.startswith("How: ")
    assert title_award(title=title, holder=bo, on=dt.date(2025, 1, 10)).won_how == ""


def test_every_reason_to_refuse_a_vacancy_is_named_at_once(title):
    title_match_on(title, status=ShowStatus.SCHEDULED, days_ago=-3)
    tomorrow = timezone.localdate() + dt.timedelta(days=1)
    message = refused(title_vacate, title=title, on=tomorrow)
    assert message.startswith(services.TITLE_NOT_YET.format(on=tomorrow) + " The Iron City Title")
    assert message.endswith("take it off that card first.")


def test_a_day_of_a_show_run_early_has_come_for_the_desk(title):
    """A promoter who ran the coming week's show early may change the lineage on its day: the
    desk's today is the federation's (its last wrestled show's date, when that is later than the
    real date in its zone)."""
    _, show = title_match_on(title, status=ShowStatus.COMPLETED, days_ago=-5)
    assert show.date > timezone.localdate(timezone=title.federation.time_zone)
    later = show.date + dt.timedelta(days=1)
    assert refused(title_vacate, title=title, on=later) == (
        f"{later:%b} {later.day}, {later.year} is still to come; a title changes hands by hand "
        "on a day that has come."
    )
    assert title_vacate(title=title, on=show.date).ended_on == show.date


def test_titles_retired_before_keep_their_last_reign_ended_by_the_retirement(federation):
    """Migration 0015: a retired title's reign written down as vacated the day it was retired
    (as retiring did until then) ended because the title was retired; others keep their ends."""
    import importlib

    from django.apps import apps

    migrate = importlib.import_module(
        "promotion.migrations.0015_reign_end_title_retired"
    ).reigns_ended_by_retirement
    on = dt.date(2025, 12, 26)
    holder = signed(federation, "Bo Lane")
    retired = factories.TitleFactory(federation=federation, is_active=False, retired_on=on)
    active = factories.TitleFactory(federation=federation)
    last, vacated = (
        factories.TitleReignFactory(
            title=title,
            holder_wrestler=holder,
            number=1,
            won_on=WON,
            ended_on=on,
            end_reason=ReignEnd.VACATED,
        )
        for title in (retired, active)
    )
    migrate(apps, None)
    last.refresh_from_db()
    vacated.refresh_from_db()
    assert (last.end_reason, vacated.end_reason) == (ReignEnd.DEACTIVATED, ReignEnd.VACATED)
