"""The admin is a door like the others: shows and matches change only through the services, a
stale form writes nothing, and every booking rule refuses there as it does everywhere."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from matches import booking
from matches.booking import match_book
from matches.models import Match, MatchParticipant, Show, ShowStatus
from promotion.models import Injury
from tests import factories
from tests.matches.helpers import book_week, sample_federation

pytestmark = pytest.mark.django_db


@pytest.fixture
def federation():
    return sample_federation()


def change_url(show: Show) -> str:
    return reverse("admin:matches_show_change", args=[show.pk])


def form_data(show: Show, **changes) -> dict:
    data = {
        "name": show.name,
        "kind": show.kind,
        "scheduled_at_0": show.scheduled_at.strftime("%Y-%m-%d"),
        "scheduled_at_1": show.scheduled_at.strftime("%H:%M:%S"),
        "venue": show.venue,
        "matches-TOTAL_FORMS": "0",
        "matches-INITIAL_FORMS": "0",
        "matches-MIN_NUM_FORMS": "0",
        "matches-MAX_NUM_FORMS": "1000",
    }
    data.update(changes)
    return data


def test_a_stale_show_form_saved_while_the_show_runs_writes_nothing(admin_client, federation):
    show = book_week(federation, scheduled_at=timezone.now() + dt.timedelta(days=1), seed=1)
    assert admin_client.get(change_url(show)).status_code == 200  # loaded while scheduled
    lease = timezone.now()
    Show.objects.filter(pk=show.pk).update(
        status=ShowStatus.RUNNING, started_at=lease, heartbeat_at=lease, attempts=1
    )

    response = admin_client.post(change_url(show), form_data(show, venue="The Armory"), follow=True)

    page = response.content.decode()
    assert booking.SHOW_CLOSED.format(show=show, status="running") in page
    assert "was changed successfully" not in page
    show.refresh_from_db()
    assert (show.status, show.started_at, show.attempts, show.venue) == (
        ShowStatus.RUNNING,
        lease,
        1,
        federation.default_venue,
    )


def test_a_completed_show_is_read_only_and_a_stale_save_is_refused(admin_client, federation):
    show = book_week(federation, scheduled_at=timezone.now() + dt.timedelta(days=1), seed=2)
    data = form_data(show, venue="The Armory")
    Show.objects.filter(pk=show.pk).update(status=ShowStatus.COMPLETED, completed_at=timezone.now())

    response = admin_client.post(change_url(show), data, follow=True)

    assert response.status_code == 200  # no IntegrityError, no 500: the fields are read-only
    assert booking.SHOW_CLOSED.format(show=show, status="completed") in response.content.decode()
    show.refresh_from_db()
    assert (show.status, show.venue) == (ShowStatus.COMPLETED, federation.default_venue)
    page = admin_client.get(change_url(show)).content.decode()
    assert 'name="venue"' not in page
    assert 'name="status"' not in page


def test_editing_a_scheduled_show_writes_only_what_changed(admin_client, federation):
    show = book_week(federation, scheduled_at=timezone.now() + dt.timedelta(days=1), seed=3)
    response = admin_client.post(change_url(show), form_data(show, venue="The Armory"))
    assert response.status_code == 302
    show.refresh_from_db()
    assert (show.venue, show.status) == ("The Armory", ShowStatus.SCHEDULED)
    assert 'name="status"' not in admin_client.get(change_url(show)).content.decode()


def test_an_event_is_made_and_changed_in_the_admin_through_the_service(admin_client, federation):
    add = admin_client.post(
        reverse("admin:matches_show_add"),
        {
            "federation": federation.pk,
            "name": "Foundry Fury",
            "kind": "special",
            "poster_line": "Nine matches. Two titles. One night.",
            "card_size": "9",
            "matches-TOTAL_FORMS": "0",
            "matches-INITIAL_FORMS": "0",
        },
    )
    assert add.status_code == 302, add.context["adminform"].form.errors
    event = federation.shows.get(name="Foundry Fury")
    assert (event.kind, event.poster_line, event.card_size) == (
        "special",
        "Nine matches. Two titles. One night.",
        9,
    )
    changed = admin_client.post(
        change_url(event), form_data(event, poster_line="One night.", card_size="31")
    )
    assert changed.status_code == 200  # refused by the service: 1 to 30
    assert "1 to 30" in changed.content.decode()
    event.refresh_from_db()
    assert (event.poster_line, event.card_size) == ("Nine matches. Two titles. One night.", 9)


def booking_form(show: Show, sides, **extra) -> dict:
    data = {"show": show.pk, "match_type": "singles", "booking_note": ""}
    for index, side in enumerate(sides, start=1):
        data[f"side_{index}"] = [w.pk for w in side]
    data.update(extra)
    return data


def test_the_admin_books_through_the_booking_service(admin_client, federation):
    show = booking.show_create(federation=federation)
    champion = federation.titles.get(rank=1).current_reign.holder_wrestler
    injured = federation.wrestlers.exclude(pk=champion.pk).order_by("pk")[0]
    Injury.objects.create(wrestler=injured, occurred_on=dt.date(2020, 1, 1), source="manual")
    outsider = factories.BookableWrestlerFactory()  # another (private) federation
    third = federation.wrestlers.exclude(pk__in=[champion.pk, injured.pk]).order_by("pk")[0]
    world = federation.titles.get(rank=1)
    challenger = federation.wrestlers.exclude(pk__in=[champion.pk, injured.pk, third.pk])[0]

    response = admin_client.post(
        reverse("admin:matches_match_add"),
        booking_form(show, [[injured], [outsider], [third]], title=world.pk),
    )

    assert response.status_code == 200
    page = response.content.decode()
    on = show.date
    for reason in (
        booking.INJURED.format(wrestler=injured, date=on),
        "A singles match is one against one; this has one against one against one.",
        booking.CHAMPION_MISSING.format(title=world, champion=champion),
    ):
        assert reason.replace("'", "&#x27;") in page, reason
    assert "belongs to" in page
    assert not Match.objects.filter(show=show).exists()

    ok = admin_client.post(
        reverse("admin:matches_match_add"),
        booking_form(show, [[champion], [challenger]], title=world.pk),
    )
    assert ok.status_code == 302
    match = Match.objects.get(show=show)
    assert match.title == world
    assert MatchParticipant.objects.filter(match=match).count() == 2

    twice = admin_client.post(
        reverse("admin:matches_match_add"), booking_form(show, [[champion], [third]])
    )
    assert twice.status_code == 200  # a form error, not an IntegrityError
    assert booking.ALREADY_ON_SHOW.format(wrestler=champion, show=show) in twice.content.decode()


def test_a_wrestled_match_cannot_be_changed_or_deleted_in_the_admin(admin_client, federation):
    show = book_week(federation, scheduled_at=timezone.now() - dt.timedelta(hours=1), seed=4)
    from matches.simulation import show_simulate

    assert show_simulate(show_id=show.pk).status == "completed"
    match = show.matches.order_by("position").first()
    url = reverse("admin:matches_match_change", args=[match.pk])
    before = (match.winner_side, match.status)
    response = admin_client.post(url, {"winner_side": "1", "status": "booked"})
    assert response.status_code == 403
    match.refresh_from_db()
    assert (match.winner_side, match.status) == before
    delete = reverse("admin:matches_match_delete", args=[match.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert Match.objects.filter(pk=match.pk).exists()


def test_a_booked_match_is_removed_through_the_service(admin_client, federation):
    show = booking.show_create(federation=federation)
    a, b = federation.wrestlers.order_by("pk")[:2]
    match = match_book(show=show, sides=[[a], [b]])
    delete = reverse("admin:matches_match_delete", args=[match.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 302
    show.refresh_from_db()
    assert not show.matches.exists()
    assert show.status == ShowStatus.DRAFT


def test_admin_actions_retry_and_cancel_through_the_services(admin_client, federation):
    show = book_week(federation, scheduled_at=timezone.now() + dt.timedelta(days=1), seed=5)
    Show.objects.filter(pk=show.pk).update(status=ShowStatus.FAILED, error="boom", attempts=3)
    changelist = reverse("admin:matches_show_changelist")
    admin_client.post(changelist, {"action": "retry", "_selected_action": [show.pk]})
    show.refresh_from_db()
    assert (show.status, show.attempts, show.error) == (ShowStatus.SCHEDULED, 0, "")
    admin_client.post(changelist, {"action": "cancel", "_selected_action": [show.pk]})
    show.refresh_from_db()
    assert show.status == ShowStatus.CANCELLED
    response = admin_client.post(
        changelist, {"action": "retry", "_selected_action": [show.pk]}, follow=True
    )
    assert "only a failed show can be retried" in response.content.decode()
