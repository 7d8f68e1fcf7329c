"""Every page for anonymous, outsider, viewer, booker and owner, on a public and a private
federation: readers read, bookers book, the owner manages; a private federation is a 404 to
anyone without a role, on every page and in every list."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.pages.conftest import ROLES, client_for

pytestmark = pytest.mark.django_db


def read_urls(federation):
    slug = federation.slug
    wrestler = federation.wrestlers.order_by("slug").first()
    title = federation.titles.order_by("rank").first()
    team = federation.teams.order_by("slug").first()
    return [
        reverse("federation-detail", args=[slug]),
        reverse("show-archive", args=[slug]),
        reverse("show-detail", args=[slug, 1]),
        reverse("show-progress", args=[slug, 1]),
        reverse("roster", args=[slug]),
        reverse("wrestler-detail", args=[slug, wrestler.slug]),
        reverse("title-list", args=[slug]),
        reverse("title-detail", args=[slug, title.slug]),
        reverse("feud-list", args=[slug]),
        reverse("injury-list", args=[slug]),
        reverse("records", args=[slug]),
        reverse("team-list", args=[slug]),
        reverse("team-detail", args=[slug, team.slug]),
    ]


def book_urls(federation):
    slug = federation.slug
    wrestler = federation.wrestlers.order_by("slug").first()
    return [
        reverse("wrestler-create", args=[slug]),
        reverse("wrestler-edit", args=[slug, wrestler.slug]),
        reverse("card-edit", args=[slug, wrestler.slug, "filsinger"]),
        reverse("show-create", args=[slug]),
    ]


# role -> status for: reading, booking pages, the members page
PUBLIC = {
    "anonymous": (200, 302, 302),
    "outsider": (200, 403, 403),
    "viewer": (200, 403, 403),
    "booker": (200, 200, 403),
    "owner": (200, 200, 200),
}
PRIVATE = {
    "anonymous": (404, 404, 404),
    "outsider": (404, 404, 404),
    "viewer": (200, 403, 403),
    "booker": (200, 200, 403),
    "owner": (200, 200, 200),
}


@pytest.mark.parametrize("public", [True, False], ids=["public", "private"])
def test_every_page_answers_each_role_as_the_access_policy_says(users, sample, public):
    sample.is_public = public
    sample.save(update_fields=["is_public"])
    for role in ROLES:
        _check_role(Client(), users, sample, role, (PUBLIC if public else PRIVATE)[role])


def _check_role(client, users, sample, role, expected):
    reading, booking, managing = expected
    client = client_for(client, users, role)
    for url in read_urls(sample):
        assert client.get(url).status_code == reading, (role, url)
    for url in book_urls(sample):
        response = client.get(url)
        assert response.status_code == booking, (role, url)
        if booking == 302:
            assert response["Location"].startswith(reverse("login"))
    assert client.get(reverse("members", args=[sample.slug])).status_code == managing
    listed = sample.name in client.get(reverse("home")).content.decode()
    assert listed == (reading == 200)


@pytest.mark.parametrize("role", ["outsider", "viewer"])
def test_a_forbidden_write_changes_nothing(client, users, sample, role):
    client = client_for(client, users, role)
    show = sample.shows.get(number=1)
    url = reverse("show-autobook", args=[sample.slug, 2])
    from matches.booking import show_create

    second = show_create(federation=sample)
    assert client.post(url).status_code == 403
    assert not second.matches.exists()
    response = client.post(
        reverse("wrestler-create", args=[sample.slug]), {"ring_name": "Intruder"}
    )
    assert response.status_code == 403
    assert not sample.wrestlers.filter(ring_name="Intruder").exists()
    assert show.status == "completed"


def test_members_see_a_failed_shows_reason_and_visitors_a_plain_text(client, users, sample):
    from matches.booking import show_create
    from matches.models import Show
    from matches.views import FAILED_FOR_VISITORS

    show = show_create(federation=sample)
    Show.objects.filter(pk=show.pk).update(status="failed", error="TableError: chart ropes")
    url = show.get_absolute_url()
    page = client.get(url).content.decode()
    assert FAILED_FOR_VISITORS in page
    assert "TableError" not in page
    assert "Retry the show" not in page
    client.force_login(users["viewer"])
    page = client.get(url).content.decode()
    assert "TableError: chart ropes" in page
    assert "Retry the show" not in page
    client.force_login(users["booker"])
    page = client.get(url).content.decode()
    assert "TableError: chart ropes" in page
    assert "Retry the show" in page and "Cancel the show" in page


def test_the_admin_is_for_superusers_only(client, users, sample):
    staff = users["owner"]
    staff.is_staff = True
    staff.save()
    client.force_login(staff)
    response = client.get(reverse("admin:index"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login"))
    staff.is_superuser = True
    staff.save()
    assert client.get(reverse("admin:index")).status_code == 200
