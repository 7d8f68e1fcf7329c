"""Feuds started and ended from the pages by a booker; refusals told; readers see no desk."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from matches.models import ShowStatus
from promotion import services
from promotion.models import FeudStatus
from tests import factories
from tests.pages.conftest import told

pytestmark = pytest.mark.django_db


@pytest.fixture
def federation(staffed):
    made = staffed
    for name in ("Ada Vance", "Bo Lane", "Cy Moss"):
        factories.WrestlerFactory(
            federation=made, ring_name=name, slug=name.lower().replace(" ", "-")
        )
    factories.WrestlerFactory(federation=made, ring_name="Old Timer", status="retired")
    factories.TeamFactory(federation=made, name="The Rivets", slug="rivets")
    return made


def test_a_booker_starts_a_feud_of_one_against_two(booker, federation):
    listing = booker.get(reverse("feud-list", args=[federation.slug])).content.decode()
    assert reverse("feud-create", args=[federation.slug]) in listing
    form = booker.get(reverse("feud-create", args=[federation.slug])).context["form"]
    offered = [key for _, group in form.fields["side_a"].choices for key, _ in group]
    assert offered == ["wrestler:ada-vance", "wrestler:bo-lane", "wrestler:cy-moss", "team:rivets"]

    response = booker.post(
        reverse("feud-create", args=[federation.slug]),
        {
            "side_a": ["wrestler:ada-vance"],
            "side_b": ["wrestler:bo-lane", "wrestler:cy-moss"],
            "heat": 5,
            "started_on": "2026-10-02",
            "description": "Two on one.",
        },
    )
    assert response["Location"] == reverse("feud-list", args=[federation.slug])
    assert told(booker, response) == ["The feud Ada Vance vs. Bo Lane & Cy Moss is on (heat 5)."]
    feud = federation.feuds.get()
    assert (feud.heat, feud.status, feud.started_on, feud.description) == (
        5,
        FeudStatus.BUILDING,
        dt.date(2026, 10, 2),
        "Two on one.",
    )


def test_a_refused_feud_is_named_on_the_form(booker, federation):
    response = booker.post(
        reverse("feud-create", args=[federation.slug]),
        {
            "side_a": ["wrestler:ada-vance"],
            "side_b": ["wrestler:ada-vance"],
            "heat": 3,
            "started_on": "2026-10-02",
        },
    )
    assert response.status_code == 400
    ada = federation.wrestlers.get(slug="ada-vance")
    assert response.context["form"].non_field_errors() == [services.FEUD_BOTH_SIDES.format(who=ada)]
    assert not federation.feuds.exists()


def test_a_feud_is_ended_from_the_list_unless_a_show_still_has_it(booker, federation):
    ada, bo = federation.wrestlers.get(slug="ada-vance"), federation.wrestlers.get(slug="bo-lane")
    feud = services.feud_start(
        federation=federation, sides=[[ada], [bo]], started_on=dt.date(2026, 10, 2)
    )
    show = factories.ShowFactory(federation=federation, status=ShowStatus.SCHEDULED)
    factories.MatchFactory(show=show, feud=feud)
    url = reverse("feud-end", args=[federation.slug, feud.pk])
    assert url in booker.get(reverse("feud-list", args=[federation.slug])).content.decode()

    response = booker.post(url, {"on": "2026-11-06"})
    assert told(booker, response) == [
        services.FEUD_ON_CARD.format(feud=feud, show=show, status="scheduled")
    ]
    show.status = ShowStatus.CANCELLED
    show.save(update_fields=["status"])
    response = booker.post(url, {"on": "2026-11-06"})
    assert told(booker, response) == ["The feud Ada Vance vs. Bo Lane is over."]
    feud.refresh_from_db()
    assert (feud.status, feud.ended_on) == (FeudStatus.ENDED, dt.date(2026, 11, 6))


@pytest.mark.parametrize("role", ["viewer", "outsider"])
def test_readers_start_and_end_no_feud(client, users, federation, role):
    ada, bo = federation.wrestlers.get(slug="ada-vance"), federation.wrestlers.get(slug="bo-lane")
    feud = services.feud_start(
        federation=federation, sides=[[ada], [bo]], started_on=dt.date(2026, 10, 2)
    )
    client.force_login(users[role])
    listing = client.get(reverse("feud-list", args=[federation.slug])).content.decode()
    assert reverse("feud-create", args=[federation.slug]) not in listing
    assert reverse("feud-end", args=[federation.slug, feud.pk]) not in listing
    assert client.get(reverse("feud-create", args=[federation.slug])).status_code == 403
    end = reverse("feud-end", args=[federation.slug, feud.pk])
    assert client.post(end, {"on": "2026-11-06"}).status_code == 403
    feud.refresh_from_db()
    assert feud.status != FeudStatus.ENDED


def test_a_refused_ending_keeps_the_day_typed_in_its_row_and_its_page(booker, federation):
    ada, bo = federation.wrestlers.get(slug="ada-vance"), federation.wrestlers.get(slug="bo-lane")
    # 26 active feuds: the hottest 25 on the first page, the coolest (heat 1) alone on the second.
    for _ in range(25):
        services.feud_start(
            federation=federation,
            sides=[[factories.WrestlerFactory(federation=federation)], [bo]],
            started_on=dt.date(2026, 10, 2),
            heat=10,
        )
    cool = services.feud_start(
        federation=federation, sides=[[ada], [bo]], started_on=dt.date(2026, 10, 2), heat=1
    )
    listing = booker.get(reverse("feud-list", args=[federation.slug]), {"page": 2})
    end = reverse("feud-end", args=[federation.slug, cool.pk])
    assert f'action="{end}?page=2"' in listing.content.decode()

    response = booker.post(f"{end}?page=2", {"on": "2026-09-30"})  # before it started
    assert response.status_code == 400
    assert told(booker, response) == [
        services.FEUD_ENDS_BEFORE_START.format(
            feud=cool, started=dt.date(2026, 10, 2), on=dt.date(2026, 9, 30)
        )
    ]
    assert response.context["typed"] == (cool.pk, "2026-09-30")
    assert response.context["page_obj"].number == 2
    page = response.content.decode()
    assert 'value="2026-09-30" aria-label="Ended on" class="small" aria-invalid="true"' in page
    cool.refresh_from_db()
    assert (cool.status, cool.ended_on) == (FeudStatus.BUILDING, None)

    response = booker.post(f"{end}?page=2", {"on": "2026-10-09"})
    assert response["Location"] == reverse("feud-list", args=[federation.slug]) + "?page=2"
    assert told(booker, response) == ["The feud Ada Vance vs. Bo Lane is over."]
