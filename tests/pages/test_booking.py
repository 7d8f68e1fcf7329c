"""Booking from the pages: every refusal of the booking service shown inline with its reason,
valid bookings, reordering, the auto-booker, scheduling, simulating now, live progress, retry,
cancel and "Run this week"."""

from __future__ import annotations

import datetime as dt
import re
from html import unescape
from zoneinfo import ZoneInfo

import pytest
from django.db.models import Max
from django.urls import reverse

from matches import booking
from matches.models import Show, ShowStatus
from matches.selectors import next_open_show
from promotion import selectors, services
from promotion.models import Division, MemberRole, Membership, TitleReign

pytestmark = pytest.mark.django_db


@pytest.fixture
def booker(client, users, sample):
    client.force_login(users["booker"])
    return client


def _new_show(client, federation) -> Show:
    response = client.post(
        reverse("show-create", args=[federation.slug]),
        {"name": "Friday Brawl", "date": "2027-03-05", "time": "19:30", "venue": "The Foundry"},
    )
    assert response.status_code == 302, response.content.decode()
    return federation.shows.get(name="Friday Brawl")


def _page(client, show) -> str:
    return unescape(client.get(show.get_absolute_url()).content.decode())


def test_a_new_show_is_dated_in_the_federations_time_zone(booker, sample):
    show = _new_show(booker, sample)
    zone = ZoneInfo(str(sample.time_zone))
    assert show.scheduled_at == dt.datetime(2027, 3, 5, 19, 30, tzinfo=zone)
    assert show.venue == "The Foundry"
    assert "Friday, March 5, 2027, 7:30 p.m." in _page(booker, show)


def test_a_refused_booking_shows_every_reason_inline_then_a_valid_one_is_booked(booker, sample):
    show = _new_show(booker, sample)
    world = sample.titles.get(division=Division.SINGLES, rank=1)
    champion = world.current_reign.holder
    a = sample.wrestlers.exclude(pk=champion.pk).filter(status="active").order_by("slug")[0]
    url = reverse("match-add", args=[sample.slug, show.number])
    response = booker.post(
        url,
        {
            "match_type": "singles",
            "side_a": [a.pk],
            "side_b": [a.pk],
            "title": world.pk,
            "rule_system": "filsinger",
        },
        follow=True,
    )
    page = unescape(response.content.decode())
    # Refused, back at the show's page (a reload there posts nothing again).
    assert response.redirect_chain == [(f"{show.get_absolute_url()}#book", 302)]
    assert "The match was refused" in page
    assert booking.CHAMPION_MISSING.format(title=world, champion=champion) in page
    assert booking.TWICE_IN_MATCH.format(wrestler=a) in page
    assert not show.matches.exists()

    response = booker.post(
        url,
        {
            "match_type": "singles",
            "side_a": [a.pk],
            "side_b": [champion.pk],
            "title": world.pk,
            "rule_system": "filsinger",
            "note": "A shot at the belt",
        },
    )
    assert response.status_code == 302
    match = show.matches.get()
    assert match.title == world
    assert {p.wrestler for p in match.participants.all()} == {a, champion}
    page = _page(booker, show)
    assert f"{a.ring_name}</a> vs. <a" in page.replace("\n", "")
    assert "A shot at the belt" in page


def test_a_field_the_form_refuses_is_named_with_its_reason(booker, sample):
    # A time limit out of range, a note too long (the browser's own checks bypassed): the alert
    # names each field and why, and each field points at its own reason (aria-describedby).
    show = _new_show(booker, sample)
    a, b = sample.wrestlers.filter(status="active").order_by("slug")[:2]
    response = booker.post(
        reverse("match-add", args=[sample.slug, show.number]),
        {
            "match_type": "singles",
            "side_a": [a.pk],
            "side_b": [b.pk],
            "rule_system": "filsinger",
            "time_limit": "-5",
            "note": "x" * 241,
        },
        follow=True,
    )
    page = unescape(response.content.decode())
    assert response.redirect_chain and not show.matches.exists()
    assert "The match was refused" in page
    assert "<li>Time limit (minutes): Ensure this value is greater than or equal to 1.</li>" in page
    note = "<li>Booker's note: Ensure this value has at most 240 characters (it has 241).</li>"
    assert note in page
    for name in ("time_limit", "note"):
        assert f'<small id="id_{name}_error" class="errorlist field-note" role="alert">' in page


def test_the_booking_form_marks_who_the_booking_would_refuse(booker, sample):
    show = _new_show(booker, sample)
    fit, hurt, suspended, booked, other, late = sample.wrestlers.filter(status="active").order_by(
        "slug"
    )[:6]
    booking.match_book(show=show, sides=[[booked], [other]])
    debut = show.date + dt.timedelta(days=1)
    sample.wrestlers.filter(pk=late.pk).update(debut_on=debut)
    sample.wrestlers.filter(pk=fit.pk).update(debut_on=None)  # no debut on record: no note
    # (On the federation's today, in its own zone: the machine's may be a day on already.)
    services.injury_record(wrestler=hurt, occurred_on=selectors.federation_today(sample))
    suspended.status, suspended.suspended_until = "suspended", None
    suspended.save(update_fields=["status", "suspended_until"])
    form = booker.get(reverse("show-detail", args=[sample.slug, show.number])).context["form"]
    labels = dict(form.fields["side_a"].choices)
    assert {labels[w.pk] for w in (fit, hurt, suspended, booked, late)} == {
        fit.ring_name,
        f"{late.ring_name} (debuts {debut:%b %-d, %Y})",
        f"{hurt.ring_name} (injured, off cards)",
        f"{suspended.ring_name} (suspended)",
        f"{booked.ring_name} (on this card)",
    }


def test_a_team_fills_its_side_in_a_tag_match(booker, sample):
    show = _new_show(booker, sample)
    first, second = sample.teams.filter(kind="tag_team").order_by("slug")[:2]
    response = booker.post(
        reverse("match-add", args=[sample.slug, show.number]),
        {"match_type": "tag", "team_a": first.pk, "team_b": second.pk, "rule_system": "filsinger"},
    )
    assert response.status_code == 302, unescape(response.content.decode())
    match = show.matches.get()
    assert {p.team_id for p in match.participants.all()} == {first.pk, second.pk}
    assert first.name in _page(booker, show)


def test_reorder_and_remove_matches(booker, sample):
    show = _new_show(booker, sample)
    booker.post(reverse("show-autobook", args=[sample.slug, show.number]))
    ids = list(show.matches.order_by("position").values_list("pk", flat=True))
    assert len(ids) >= 3
    booker.post(reverse("match-move", args=[sample.slug, show.number, ids[-1]]), {"position": 1})
    assert list(show.matches.order_by("position").values_list("pk", flat=True)) == [
        ids[-1],
        *ids[:-1],
    ]
    booker.post(reverse("match-remove", args=[sample.slug, show.number, ids[0]]))
    assert list(show.matches.order_by("position").values_list("pk", flat=True)) == [
        ids[-1],
        *ids[1:-1],
    ]
    assert list(show.matches.order_by("position").values_list("position", flat=True)) == list(
        range(1, len(ids))
    )


def test_a_match_moved_on_a_show_that_has_run_is_refused_with_the_services_reason(booker, sample):
    from tests.pages.conftest import told

    show = _new_show(booker, sample)
    booker.post(reverse("show-autobook", args=[sample.slug, show.number]))
    last = show.matches.order_by("-position").first()
    booker.get(show.get_absolute_url())  # (the messages so far, read)
    Show.objects.filter(pk=show.pk).update(status=ShowStatus.COMPLETED)
    response = booker.post(
        reverse("match-move", args=[sample.slug, show.number, last.pk]), {"position": 1}
    )
    assert told(booker, response) == [booking.SHOW_HAS_RUN.format(show=show, status="completed")]
    response = booker.post(
        reverse("match-move", args=[sample.slug, show.number, last.pk]), {"position": "top"}
    )
    assert told(booker, response) == ["Choose a place on the card."]


def test_every_description_a_booking_field_points_to_is_on_the_page(booker, sample):
    # (A screen reader reads a field's help by the id its aria-describedby names.)
    show = _new_show(booker, sample)
    page = booker.get(show.get_absolute_url()).content.decode()
    described = re.findall(r'aria-describedby="([^"]+)"', page)
    assert described
    for ids in described:
        for one in ids.split():
            assert f'id="{one}"' in page, one


def test_a_booking_sent_after_the_show_ran_elsewhere_says_why(booker, sample):
    # The page was drawn while the show could be booked; it ran (another tab) before the match
    # was sent. The show's page draws no form now: the refusal is said on it all the same.
    show = _new_show(booker, sample)
    a, b = sample.wrestlers.filter(status="active").order_by("slug")[:2]
    Show.objects.filter(pk=show.pk).update(status=ShowStatus.COMPLETED)
    response = booker.post(
        reverse("match-add", args=[sample.slug, show.number]),
        {"match_type": "singles", "side_a": [a.pk], "side_b": [b.pk], "rule_system": "filsinger"},
        follow=True,
    )
    assert response.redirect_chain == [(show.get_absolute_url(), 302)]
    page = unescape(response.content.decode())
    assert booking.SHOW_HAS_RUN.format(show=show, status="completed") in page


@pytest.mark.parametrize("field", ["side_a", "side_b", "others", "team_a", "title", "feud"])
def test_a_key_past_any_row_is_no_such_choice_on_the_booking_form(booker, sample, field):
    show = _new_show(booker, sample)
    a, b = sample.wrestlers.filter(status="active").order_by("slug")[:2]
    posted = {"match_type": "singles", "side_a": [a.pk], "side_b": [b.pk]}
    posted["rule_system"] = "filsinger"
    posted[field] = ["99999999999999999999999"]
    response = booker.post(
        reverse("match-add", args=[sample.slug, show.number]), posted, follow=True
    )
    assert response.redirect_chain == [(f"{show.get_absolute_url()}#book", 302)]
    assert "99999999999999999999999 is not one of the available choices" in unescape(
        response.content.decode()
    ) or "Select a valid choice" in unescape(response.content.decode())
    assert not show.matches.exists()


def test_autobook_explains_each_match_then_simulate_now_shows_the_results(
    booker, sample, django_capture_on_commit_callbacks, in_process
):
    show = _new_show(booker, sample)
    response = booker.post(reverse("show-autobook", args=[sample.slug, show.number]), follow=True)
    page = unescape(response.content.decode())
    assert "The auto-booker put" in page
    for note in show.matches.values_list("booking_note", flat=True):
        assert note in page
    with django_capture_on_commit_callbacks(execute=True):
        response = booker.post(reverse("show-run", args=[sample.slug, show.number]))
    response = booker.get(response["Location"])
    show.refresh_from_db()
    assert show.status == ShowStatus.COMPLETED
    page = unescape(response.content.decode())
    assert "won by" in page and "Play-by-play" in page
    progress = booker.get(reverse("show-progress", args=[sample.slug, show.number]))
    assert progress["HX-Refresh"] == "true"
    assert "Completed" in progress.content.decode()


def test_a_running_show_reports_its_progress_for_polling(booker, sample):
    show = _new_show(booker, sample)
    booker.post(reverse("show-autobook", args=[sample.slug, show.number]))
    Show.objects.filter(pk=show.pk).update(status=ShowStatus.RUNNING)
    page = _page(booker, show)
    assert reverse("show-progress", args=[sample.slug, show.number]) in page
    assert 'hx-trigger="load, every 2s"' in page
    progress = booker.get(reverse("show-progress", args=[sample.slug, show.number]))
    assert "HX-Refresh" not in progress
    assert f"0 of {show.matches.count()}" in progress.content.decode()


def test_a_failed_show_is_retried_or_cancelled_by_a_booker(booker, sample, in_process):
    show = _new_show(booker, sample)
    booker.post(reverse("show-autobook", args=[sample.slug, show.number]))
    Show.objects.filter(pk=show.pk).update(status=ShowStatus.FAILED, error="boom")
    booker.post(reverse("show-retry", args=[sample.slug, show.number]))
    show.refresh_from_db()
    assert show.status in (ShowStatus.SCHEDULED, ShowStatus.COMPLETED)
    Show.objects.filter(pk=show.pk).update(status=ShowStatus.FAILED, error="boom")
    booker.post(reverse("show-cancel", args=[sample.slug, show.number]))
    show.refresh_from_db()
    assert show.status == ShowStatus.CANCELLED
    response = booker.post(reverse("show-cancel", args=[sample.slug, show.number]), follow=True)
    assert f"{show} is cancelled already." in unescape(response.content.decode())


def test_run_this_week_books_and_wrestles_the_coming_show(
    booker, sample, django_capture_on_commit_callbacks, in_process
):
    before = sample.shows.count()
    home = unescape(booker.get(sample.get_absolute_url()).content.decode())
    assert '"Run this week" books the next weekly show and wrestles it now.' in home
    with django_capture_on_commit_callbacks(execute=True):
        response = booker.post(reverse("week-run", args=[sample.slug]))
    location = response["Location"]
    response = booker.get(location)
    assert sample.shows.count() == before + 1
    show = sample.shows.order_by("-number").first()
    assert show.status == ShowStatus.COMPLETED
    assert location == show.get_absolute_url()
    assert "won by" in unescape(response.content.decode())
    coming = booking.show_create(federation=sample)
    home = unescape(booker.get(sample.get_absolute_url()).content.decode())
    assert (
        f'"Run this week" wrestles {coming.name} ({coming.scheduled_at:%a %b} '
        f"{coming.scheduled_at.day}) now, booking its card first if it has none." in home
    )


def test_a_viewer_sees_no_booking_controls(client, users, sample):
    Membership.objects.filter(user=users["viewer"]).update(role=MemberRole.VIEWER)
    client.force_login(users["viewer"])
    show = booking.show_create(federation=sample)
    page = _page(client, show)
    assert "Book a match" not in page
    assert "Auto-book the card" not in page
    assert "Run this week" not in client.get(sample.get_absolute_url()).content.decode()


@pytest.mark.parametrize("date", ["9999-12-31", "0001-01-01"])
def test_a_show_dated_past_the_calendar_is_refused_by_its_date(booker, sample, date):
    response = booker.post(
        reverse("show-create", args=[sample.slug]),
        {"name": "Last Stand", "date": date, "time": "23:30", "venue": "The Foundry"},
    )
    assert response.status_code == 400
    year = int(date[:4])
    assert f"A show is in a year from 2 to 9998, not {year}." in unescape(response.content.decode())
    assert not sample.shows.filter(name="Last Stand").exists()


def test_run_this_week_tells_what_the_auto_booker_left_out(
    booker, sample, django_capture_on_commit_callbacks, in_process
):
    from tests.pages.conftest import told

    reign = (
        TitleReign.objects.filter(title__federation=sample, ended_on__isnull=True)
        .exclude(holder_wrestler=None)
        .select_related("title", "holder_wrestler")
        .first()
    )
    champion = reign.holder_wrestler
    services.injury_record(wrestler=champion, occurred_on=selectors.federation_today(sample))
    with django_capture_on_commit_callbacks(execute=True):
        response = booker.post(reverse("week-run", args=[sample.slug]))
    said = told(booker, response)
    assert [m for m in said if m.startswith(f"{reign.title}: no defense this week; ")], said
    assert any(f"{champion} is injured" in m for m in said), said


def test_a_stale_run_this_week_button_runs_nothing(
    booker, sample, django_capture_on_commit_callbacks, in_process
):
    from matches import services as match_services
    from tests.pages.conftest import told

    home = booker.get(sample.get_absolute_url()).content.decode()
    new = (sample.shows.aggregate(n=Max("number"))["n"] or 0) + 1
    coming = booking.show_create(federation=sample)
    # The page was drawn before that show was booked: its button would book a new one.
    button = f'<input type="hidden" name="show" value="{new}"><input type="hidden" name="new"'
    assert button in home
    with django_capture_on_commit_callbacks(execute=True):
        response = booker.post(reverse("week-run", args=[sample.slug]), {"show": new, "new": 1})
    assert told(booker, response) == [match_services.WEEK_BOOKED_SINCE.format(show=coming)]
    coming.refresh_from_db()
    assert coming.status == ShowStatus.DRAFT and not coming.matches.exists()

    home = booker.get(sample.get_absolute_url()).content.decode()
    assert f'<input type="hidden" name="show" value="{coming.number}">' in home
    with django_capture_on_commit_callbacks(execute=True):
        response = booker.post(reverse("week-run", args=[sample.slug]), {"show": coming.number})
    told(booker, response)  # (what the auto-booker left out: read)
    coming.refresh_from_db()
    assert coming.status == ShowStatus.COMPLETED
    count = sample.shows.count()
    # The same button pressed again (a second tab): that week has run; nothing more is.
    with django_capture_on_commit_callbacks(execute=True):
        response = booker.post(reverse("week-run", args=[sample.slug]), {"show": coming.number})
    assert told(booker, response) == [match_services.WEEK_MOVED_ON.format(named=coming)]
    assert sample.shows.count() == count


def test_a_run_this_week_button_for_a_new_show_pressed_twice_runs_one_week(
    booker, sample, django_capture_on_commit_callbacks, in_process
):
    # No show coming: the button books one and runs it. Pressed again from the same page (a
    # second tab, a double click answered after the first run), it runs nothing: it named that
    # show, which has run, not the week after.
    from matches import services as match_services
    from tests.pages.conftest import told

    assert next_open_show(federation=sample) is None
    home = booker.get(sample.get_absolute_url()).content.decode()
    new = re.search(r'<input type="hidden" name="show" value="(\d+)">', home).group(1)
    assert '<input type="hidden" name="new" value="1">' in home
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            response = booker.post(
                reverse("week-run", args=[sample.slug]), {"show": new, "new": "1"}
            )
        said = told(booker, response)
    ran = sample.shows.get(number=int(new))
    assert ran.status == ShowStatus.COMPLETED
    assert said == [match_services.WEEK_MOVED_ON.format(named=ran)]
    assert not sample.shows.filter(number__gt=ran.number).exists()


def test_a_cards_stipulations_read_in_words(client, sample):
    show = booking.show_create(federation=sample)
    a, b = sample.wrestlers.filter(status="active").order_by("slug")[:2]
    booking.match_book(
        show=show,
        sides=[[a], [b]],
        stipulations={"falls_count_anywhere": True, "no_count_out": True},
    )
    page = _page(client, show)
    assert "Falls count anywhere. No count-outs." in page
    assert "Falls_count_anywhere" not in page and "No_count_out" not in page


def test_the_home_page_warns_of_a_match_on_the_next_card_that_would_be_called_off(booker, sample):
    show = _new_show(booker, sample)
    booker.post(reverse("show-autobook", args=[sample.slug, show.number]))
    match = show.matches.order_by("position").first()
    hurt = match.participants.order_by("side", "order").first().wrestler
    services.injury_record(wrestler=hurt, occurred_on=selectors.federation_today(sample))
    home = unescape(booker.get(sample.get_absolute_url()).content.decode())
    assert f"<strong>To be called off unless changed:</strong> {hurt} is injured." in home
    assert home.count("To be called off unless changed") == 1
