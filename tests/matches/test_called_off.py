"""A match whose wrestler cannot work on the night is called off; the rest of the show goes on.

A wrestler hurt (by hand, or in an earlier show), suspended or retired after his match was booked
does not wrestle it: the show calls that match off with its reason, wrestles the others exactly
as it would have, and leaves ``federation_check`` clean. The show page warns of it beforehand,
and the injury desk tells the booker which cards he is still on.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from matches.checks import federation_check
from matches.models import Match, MatchStatus, ShowStatus
from matches.selectors import card_absences, shows_ahead_of
from matches.simulation import show_simulate
from promotion import services
from promotion.models import StandingChange
from tests.matches.test_simulation import book_show, snapshot
from tests.pages.conftest import told

pytestmark = pytest.mark.django_db


def hurt_as_recorded(wrestler) -> None:
    """Injured, as recording the injury planted under him would have left him (the checker
    finds an active wrestler kept off by an open injury)."""
    type(wrestler).objects.filter(pk=wrestler.pk).update(status="injured")


def second_match(show) -> Match:
    return show.matches.get(position=2)


def in_ring(match: Match):
    return [p.wrestler for p in match.participants.order_by("side", "order")]


def test_a_wrestler_hurt_since_the_booking_has_his_match_called_off(copperline):
    show = book_show(copperline)
    with transaction.atomic():
        show_simulate(show_id=show.pk)
        untouched = snapshot(show)
        transaction.set_rollback(True)

    hurt = in_ring(second_match(show))[0]
    services.injury_record(
        wrestler=hurt,
        occurred_on=timezone.localdate(timezone=copperline.time_zone),
        expected_return=show.date + dt.timedelta(days=14),
        description="Knee, hurt in training",
    )
    assert card_absences(show=show) == {second_match(show).pk: [f"{hurt.ring_name} is injured."]}

    assert show_simulate(show_id=show.pk).status == "completed"
    show.refresh_from_db()
    assert show.status == ShowStatus.COMPLETED
    off = second_match(show)
    assert off.status == MatchStatus.CALLED_OFF
    assert off.called_off_because == f"{hurt.ring_name} is injured."
    assert (off.winner_side, off.method, off.play_by_play, off.effects) == (None, "", [], {})
    assert not StandingChange.objects.filter(match=off).exists()
    # Every other match is wrestled exactly as it would have been.
    matches, _ledger = snapshot(show)
    assert [row for row in matches if row[0] != 2] == [row for row in untouched[0] if row[0] != 2]
    assert federation_check(federation=copperline) == []


def test_a_wrestler_expected_back_on_the_night_works_it_and_heals(copperline):
    """ "Expected back" is a promise: the show of that day keeps his match (the day before it
    would be called off), he wrestles it as one unhurt, and the show marks the injury healed."""
    show = book_show(copperline)
    back = in_ring(second_match(show))[0]
    injury = services.injury_record(
        wrestler=back,
        occurred_on=timezone.localdate(timezone=copperline.time_zone),
        expected_return=show.date,
        description="Knee, hurt in training",
    )
    assert not back.is_available_on(show.date - dt.timedelta(days=1))
    assert card_absences(show=show) == {}

    show_simulate(show_id=show.pk)
    assert second_match(show).status == MatchStatus.COMPLETED
    injury.refresh_from_db()
    assert injury.healed_on == show.date
    back.refresh_from_db()
    assert back.status == "active"
    assert federation_check(federation=copperline) == []


def test_the_show_archive_counts_a_called_off_match_apart(copperline, client):
    show = book_show(copperline)
    total = show.matches.count()
    services.injury_record(
        wrestler=in_ring(second_match(show))[0],
        occurred_on=timezone.localdate(timezone=copperline.time_zone),
        expected_return=show.date + dt.timedelta(days=14),
    )
    show_simulate(show_id=show.pk)
    page = client.get(reverse("show-archive", args=[copperline.slug])).content.decode()
    row = page[page.index(f">{show.name}</a>") :].split("</tr>")[0]
    assert f'<td class="num">{total - 1} <small class="muted">+ 1 called off</small></td>' in row


@pytest.mark.parametrize(
    ("status", "words"),
    [
        ("suspended", "is suspended."),
        ("retired", "has retired."),
        ("active", "has not debuted by then."),  # his debut moved past the show's night
    ],
)
def test_a_suspended_or_retired_wrestler_has_his_match_called_off(copperline, status, words):
    show = book_show(copperline)
    gone = in_ring(second_match(show))[1]
    gone.status = status
    gone.suspended_until = show.date + dt.timedelta(days=7) if status == "suspended" else None
    if status == "active":
        gone.debut_on = show.date + dt.timedelta(days=1)
    gone.save(update_fields=["status", "suspended_until", "debut_on"])
    show_simulate(show_id=show.pk)
    off = second_match(show)
    assert (off.status, off.called_off_because) == (
        MatchStatus.CALLED_OFF,
        f"{gone.ring_name} {words}",
    )
    assert federation_check(federation=copperline) == []


@pytest.mark.parametrize(
    "broken",
    [
        {"called_off_because": ""},
        {"called_off_because": "Someone is injured.", "method": "pin"},
        {"called_off_because": "Someone is injured.", "winner_side": 0},
    ],
    ids=["no reason", "a method", "a winner"],
)
def test_the_schema_refuses_a_match_called_off_with_a_result_or_without_its_reason(
    copperline,
    broken,
):
    show = book_show(copperline)
    match = show.matches.get(position=3)
    refused = pytest.raises(IntegrityError, match="match_called_off_has_reason_no_result")
    with refused, transaction.atomic():
        Match.objects.filter(pk=match.pk).update(status=MatchStatus.CALLED_OFF, **broken)
    Match.objects.filter(pk=match.pk).update(
        status=MatchStatus.CALLED_OFF, called_off_because="Someone is injured."
    )


def test_wrestling_while_injured_is_still_a_violation(copperline):
    # The check the calling off keeps clean, proven on a match wrestled by a hurt man anyway.
    show = book_show(copperline)
    hurt = in_ring(second_match(show))[0]
    show_simulate(show_id=show.pk)
    injury = hurt.injuries.create(
        occurred_on=show.date - dt.timedelta(days=1), source="manual", description="Knee"
    )
    hurt_as_recorded(hurt)
    assert injury.keeps_off_cards
    assert federation_check(federation=copperline) == [
        f"{hurt} wrestled on {show} while injured (Knee)."
    ]


@pytest.mark.parametrize(("back_after", "violations"), [(0, 0), (1, 1)])
def test_the_checker_reads_expected_back_as_the_booking_does(copperline, back_after, violations):
    """Wrestling on the day he was expected back is no violation, though the injury was never
    marked healed; the day before it is."""
    show = book_show(copperline)
    hurt = in_ring(second_match(show))[0]
    show_simulate(show_id=show.pk)
    hurt.injuries.create(
        occurred_on=show.date - dt.timedelta(days=1),
        expected_return=show.date + dt.timedelta(days=back_after),
        source="manual",
        description="Knee",
    )
    hurt_as_recorded(hurt)
    assert len(federation_check(federation=copperline)) == violations


def test_shows_ahead_lists_the_cards_he_is_still_on(copperline):
    show = book_show(copperline)
    booked = in_ring(second_match(show))[0]
    # (The federation's today, in its own zone: the machine's may be a day on already.)
    today = timezone.localdate(timezone=copperline.time_zone)
    assert shows_ahead_of(wrestler=booked, on=today) == [show]
    assert shows_ahead_of(wrestler=booked, on=show.date + dt.timedelta(days=1)) == []
    # Expected back by the show's day, he works it: it is not among the cards to change.
    assert shows_ahead_of(wrestler=booked, on=today, before=show.date) == []
    assert shows_ahead_of(wrestler=booked, on=today, before=show.date + dt.timedelta(days=1)) == [
        show
    ]
    show_simulate(show_id=show.pk)
    assert shows_ahead_of(wrestler=booked, on=today) == []


@pytest.fixture
def promoter(client, copperline):
    client.force_login(copperline.owner)
    return client


def test_the_show_page_warns_and_then_tells_of_the_match_called_off(promoter, copperline):
    show = book_show(copperline)
    hurt = in_ring(second_match(show))[0]
    address = reverse("show-detail", args=[copperline.slug, show.number])
    assert "To be called off" not in promoter.get(address).content.decode()
    services.injury_record(
        wrestler=hurt, occurred_on=timezone.localdate(timezone=copperline.time_zone)
    )
    page = promoter.get(address).content.decode()
    assert f"To be called off unless changed:</strong> {hurt.ring_name} is injured." in page
    show_simulate(show_id=show.pk)
    page = promoter.get(address).content.decode()
    assert "To be called off" not in page
    assert f"Called off:</strong> {hurt.ring_name} is injured." in page
    wrestler_page = promoter.get(
        reverse("wrestler-detail", args=[copperline.slug, hurt.slug])
    ).content.decode()
    assert "called off" in wrestler_page


def test_the_injury_desk_tells_the_booker_of_the_cards_he_is_still_on(promoter, copperline):
    show = book_show(copperline)
    hurt = in_ring(second_match(show))[0]
    response = promoter.post(
        reverse("injury-create", args=[copperline.slug]),
        {
            "wrestler": hurt.slug,
            # (the page's today is the federation's, in its own time zone)
            "occurred_on": timezone.localdate(timezone=copperline.time_zone).isoformat(),
            "keeps_off_cards": "on",
        },
    )
    assert response.status_code == 302, response.content.decode()
    assert told(promoter, response) == [
        f"{hurt}'s injury is on the report.",
        f"{hurt} is still on the card of {show} on {show.date:%b} {show.date.day}: "
        f"{'her' if hurt.pronouns == 'she' else 'his'} match there is called off when the "
        f"show runs, unless {hurt} has healed by then or the match is changed.",
    ]


def test_the_api_tells_of_a_match_called_off(copperline):
    from rest_framework.test import APIClient

    show = book_show(copperline)
    hurt = in_ring(second_match(show))[0]
    services.injury_record(
        wrestler=hurt, occurred_on=timezone.localdate(timezone=copperline.time_zone)
    )
    show_simulate(show_id=show.pk)
    api = APIClient()
    api.force_authenticate(copperline.owner)
    body = api.get(f"/api/v1/federations/{copperline.slug}/shows/{show.number}/").json()
    second = next(m for m in body["card"] if m["position"] == 2)
    assert (second["status"], second["called_off_because"]) == (
        "called_off",
        f"{hurt.ring_name} is injured.",
    )


def test_the_api_tells_the_booker_of_the_cards_an_injured_wrestler_is_still_on(copperline):
    from rest_framework.test import APIClient

    show = book_show(copperline)
    hurt, other = in_ring(second_match(show))
    api = APIClient()
    api.force_authenticate(copperline.owner)
    url = f"/api/v1/federations/{copperline.slug}/injuries/"
    today = timezone.localdate(timezone=copperline.time_zone).isoformat()
    kept_off = api.post(url, {"wrestler": hurt.slug, "occurred_on": today}, format="json")
    assert kept_off.status_code == 201
    assert kept_off.json()["still_booked"] == [show.number]
    through = api.post(
        url,
        {"wrestler": other.slug, "occurred_on": today, "keeps_off_cards": False},
        format="json",
    )
    assert through.status_code == 201
    assert through.json()["still_booked"] == []
    # Expected back by the show's day, he works it: no card to change.
    back = in_ring(show.matches.get(position=1))[0]
    on_time = api.post(
        url,
        {"wrestler": back.slug, "occurred_on": today, "expected_return": show.date.isoformat()},
        format="json",
    )
    assert on_time.status_code == 201
    assert on_time.json()["still_booked"] == []
    # The list reads injuries as they are, without the warning.
    assert "still_booked" not in api.get(url).json()["results"][0]


def test_a_title_match_whose_belt_changed_hands_since_the_booking_is_called_off(copperline):
    # Booked as the world champion's defense; the belt goes to someone not in the match before
    # the show (as when a show booked ahead waits behind one where the title changed hands):
    # the card warns, and the show calls the match off rather than take the belt from a
    # champion who is not in it.
    show = book_show(copperline)
    world = copperline.titles.get(slug="world-heavyweight-championship")
    defense = show.matches.get(title=world)
    booked = {p.wrestler_id for p in defense.participants.all()}
    newcomer = copperline.wrestlers.exclude(pk__in=booked).order_by("slug").first()
    reign_before = world.current_reign
    services.reign_start(
        title=world, holder=newcomer, won_on=timezone.localdate(timezone=copperline.time_zone)
    )
    reason = f"A match for the {world} must include the champion, {newcomer}."
    assert card_absences(show=show) == {defense.pk: [reason]}

    assert show_simulate(show_id=show.pk).status == "completed"
    defense.refresh_from_db()
    assert (defense.status, defense.called_off_because) == (MatchStatus.CALLED_OFF, reason)
    world.refresh_from_db()
    assert world.current_reign.holder == newcomer  # not taken from him in a match he missed
    reign_before.refresh_from_db()
    assert reign_before.ended_at is None  # (ended by hand before the show, not in its match)
    assert federation_check(federation=copperline) == []


def test_a_card_still_to_come_is_no_violation_until_it_is_wrestled(copperline):
    # Hurt after the booking: the match stands on the card (the page warns) and the check
    # passes; the show runs, calls it off, and the check still passes.
    show = book_show(copperline)
    hurt = in_ring(second_match(show))[0]
    hurt.injuries.create(
        occurred_on=show.date - dt.timedelta(days=1), source="manual", description="Knee"
    )
    hurt_as_recorded(hurt)
    assert federation_check(federation=copperline) == []
    show_simulate(show_id=show.pk)
    assert second_match(show).status == MatchStatus.CALLED_OFF
    assert federation_check(federation=copperline) == []
    from matches.selectors import show_progress

    total = show.matches.count()
    progress = show_progress(show=show)
    assert (progress.done, progress.total) == (total, total)
    wrestled = total - 1
    assert progress.message == (
        f"Completed: {wrestled} match{'' if wrestled == 1 else 'es'} wrestled, 1 called off."
    )


def test_the_federation_page_tells_a_match_called_off_on_the_last_show(client, copperline):
    show = book_show(copperline)
    hurt = in_ring(second_match(show))[0]
    hurt.injuries.create(
        occurred_on=show.date - dt.timedelta(days=1), source="manual", description="Knee"
    )
    hurt_as_recorded(hurt)
    show_simulate(show_id=show.pk)
    page = client.get(copperline.get_absolute_url()).content.decode()
    last = page.split("<h2>Last show</h2>", 1)[1].split("</section>", 1)[0]
    assert ": called off</span></li>" in last and hurt.ring_name in last
    assert "<li></li>" not in last
