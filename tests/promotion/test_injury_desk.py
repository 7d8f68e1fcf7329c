"""Injuries recorded and healed by the booker: who is kept off cards and until when, the status
shown, and each refusal alone and word for word."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from promotion import services
from promotion.models import Injury, InjurySource, WrestlerStatus
from promotion.services import injury_heal, injury_record
from tests import factories
from tests.promotion.refusals import names, refused

pytestmark = pytest.mark.django_db

ON = dt.date(2026, 10, 2)
BACK = dt.date(2026, 10, 30)


@pytest.fixture
def ada(federation):
    return factories.WrestlerFactory(federation=federation, ring_name="Ada Vance")


def test_an_injury_by_hand_keeps_him_off_cards_from_that_day_until_healed(ada):
    injury = injury_record(
        wrestler=ada,
        occurred_on=ON,
        expected_return=BACK,
        body_part=" knee ",
        description="Hurt in a car crash on the way to the arena",
    )
    injury.refresh_from_db()
    assert (injury.source, injury.body_part, injury.keeps_off_cards) == (
        InjurySource.MANUAL,
        "knee",
        True,
    )
    ada.refresh_from_db()
    assert ada.status == WrestlerStatus.INJURED
    assert ada.is_available_on(ON - dt.timedelta(days=1))
    assert not ada.is_available_on(ON)
    # Expected back on BACK: he works that day's show (which marks the injury healed).
    assert not ada.is_available_on(BACK - dt.timedelta(days=1)) and ada.is_available_on(BACK)
    injury_heal(injury=injury, on=dt.date(2026, 10, 16))
    ada.refresh_from_db()
    assert ada.status == WrestlerStatus.ACTIVE
    assert ada.is_available_on(dt.date(2026, 10, 16))
    assert not ada.is_available_on(dt.date(2026, 10, 15))


def test_one_he_may_wrestle_through_is_only_noted(ada):
    injury_record(wrestler=ada, occurred_on=ON, body_part="ribs", keeps_off_cards=False)
    ada.refresh_from_db()
    assert ada.status == WrestlerStatus.ACTIVE and ada.is_available_on(ON)


def test_healing_one_of_two_injuries_leaves_him_out(ada):
    first = injury_record(wrestler=ada, occurred_on=ON, body_part="knee")
    injury_record(wrestler=ada, occurred_on=ON, body_part="shoulder")
    injury_heal(injury=first, on=BACK)
    ada.refresh_from_db()
    assert ada.status == WrestlerStatus.INJURED and not ada.is_available_on(BACK)


@names("INJURY_RECORDED_ALREADY")
def test_the_same_injury_sent_twice_is_recorded_once(ada):
    """A double click or a retry: the second finds the first, still open, and is refused; one
    told apart by its body part is another injury, and so is the same once the first healed."""
    first = injury_record(wrestler=ada, occurred_on=ON, body_part="knee", description="Torn ACL")
    message = refused(
        injury_record, wrestler=ada, occurred_on=ON, body_part=" knee", description="Torn ACL "
    )
    assert message == (
        "Ada Vance's injury of Oct 2, 2026 (Knee: Torn ACL) is recorded already and not healed; "
        "another that day needs a body part or a description of its own."
    )
    assert Injury.objects.filter(wrestler=ada).count() == 1
    injury_record(wrestler=ada, occurred_on=ON, body_part="shoulder", description="Torn ACL")
    injury_heal(injury=first, on=BACK)
    injury_record(wrestler=ada, occurred_on=ON, body_part="knee", description="Torn ACL")
    assert Injury.objects.filter(wrestler=ada).count() == 3
    # Its words in other capitals or spacing are the same words.
    assert refused(
        injury_record, wrestler=ada, occurred_on=ON, body_part="KNEE", description="torn  acl"
    ).startswith("Ada Vance's injury of Oct 2, 2026 (Knee: Torn ACL) is recorded already")
    # One with neither body part nor description says so, not where it came from.
    injury_record(wrestler=ada, occurred_on=ON)
    assert refused(injury_record, wrestler=ada, occurred_on=ON) == (
        "Ada Vance's injury of Oct 2, 2026 (no body part or description given) is recorded "
        "already and not healed; another that day needs a body part or a description of its own."
    )


def test_an_injury_reads_as_its_part_and_its_words():
    """The report, the home page and his page read an injury one way: its body part, then its
    description unless that names the part already."""
    from promotion.models import Injury

    def reads(part, words):
        return Injury(body_part=part, description=words, source="manual").described

    assert reads("knee", "twisted it in training") == "Knee: twisted it in training"
    assert reads("arm", "5 injury points to the arm") == "5 injury points to the arm"
    assert reads("left ACL", "") == "Left ACL"
    assert reads("", "Hurt in a car crash") == "Hurt in a car crash"
    assert reads("", "") == ""


@names("INJURY_NOT_YET")
def test_an_injury_is_recorded_and_healed_on_a_day_that_has_come(ada):
    tomorrow = timezone.localdate() + dt.timedelta(days=1)
    message = refused(injury_record, wrestler=ada, occurred_on=tomorrow)
    assert message == services.INJURY_NOT_YET.format(on=tomorrow)
    injury = injury_record(wrestler=ada, occurred_on=ON)
    assert refused(injury_heal, injury=injury, on=tomorrow) == services.INJURY_NOT_YET.format(
        on=tomorrow
    )


@names("INJURY_RETURN_BEFORE")
def test_nobody_is_back_before_he_was_hurt(ada):
    early = ON - dt.timedelta(days=1)
    message = refused(injury_record, wrestler=ada, occurred_on=ON, expected_return=early)
    assert message == services.INJURY_RETURN_BEFORE.format(wrestler=ada, back=early, on=ON)
    assert not Injury.objects.exists()


@names("INJURY_RETIRED")
def test_a_retired_wrestler_is_not_injured(federation):
    old = factories.WrestlerFactory(federation=federation, status="retired")
    assert refused(injury_record, wrestler=old, occurred_on=ON) == (
        services.INJURY_RETIRED.format(wrestler=old)
    )


@names("INJURY_HEALED_ALREADY", "INJURY_HEALED_BEFORE")
def test_an_injury_heals_once_and_not_before_it_happened(ada):
    injury = injury_record(wrestler=ada, occurred_on=ON)
    early = ON - dt.timedelta(days=1)
    message = refused(injury_heal, injury=injury, on=early)
    assert message == services.INJURY_HEALED_BEFORE.format(wrestler=ada, on=ON, healed=early)
    injury_heal(injury=injury, on=BACK)
    message = refused(injury_heal, injury=injury, on=BACK)
    assert message == services.INJURY_HEALED_ALREADY.format(wrestler=ada, on=BACK)


# -- what the first mutation run of the desks found untested ------------------------------------


def test_an_injury_has_no_words_unless_told_and_each_bad_field_is_named(ada):
    injury = injury_record(wrestler=ada, occurred_on=ON)
    assert (injury.body_part, injury.description) == ("", "")
    message = refused(
        injury_record, wrestler=ada, occurred_on=ON, body_part="a\u202eb", description="c\u202ed"
    )
    assert message.startswith("Body part: ") and " Description: " in message


def test_an_injury_heals_the_day_it_happened_and_one_he_wrestles_through_keeps_nobody_out(ada):
    injury = injury_record(wrestler=ada, occurred_on=ON)
    injury_record(wrestler=ada, occurred_on=ON, body_part="ribs", keeps_off_cards=False)
    injury_heal(injury=injury, on=ON)
    ada.refresh_from_db()
    assert ada.status == WrestlerStatus.ACTIVE and ada.is_available_on(ON)


@names("INJURY_BEFORE_MATCH")
def test_an_injury_that_keeps_him_out_is_not_dated_before_a_match_he_wrestled(federation, ada):
    """A match wrestled on or after the day of an injury that keeps him off cards would be a
    match he could not have worked (``check_federation`` says so): refused, naming the match."""
    from matches.models import MatchStatus, ShowStatus

    night = dt.datetime.combine(ON + dt.timedelta(days=3), dt.time(20), federation.time_zone)
    show = factories.ShowFactory(
        federation=federation, number=1, status=ShowStatus.COMPLETED, scheduled_at=night
    )
    match = factories.MatchFactory(
        show=show, status=MatchStatus.COMPLETED, method="pin", winner_side=0, length=10
    )
    factories.MatchParticipantFactory(match=match, show=show, wrestler=ada, side=0)
    for day in (ON, ON + dt.timedelta(days=2)):  # days before the match's
        assert refused(injury_record, wrestler=ada, occurred_on=day) == (
            f"Ada Vance wrestled on {show} (Oct 5, 2026), after {day:%b %-d, %Y}: an injury that "
            "keeps a wrestler off cards is dated no earlier than the last match wrestled, or "
            "recorded as one to wrestle through."
        )
    assert not Injury.objects.exists()
    # The night of the match (hurt after it), or one he wrestles through, is recorded.
    assert injury_record(wrestler=ada, occurred_on=ON, keeps_off_cards=False)
    assert injury_record(wrestler=ada, occurred_on=ON + dt.timedelta(days=3))
