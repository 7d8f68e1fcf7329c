"""The standings page (issue 42): the rankings per division by Prestige (what the API's
standings report gives) and by record (most wins, then fewest losses, then most draws), read
from the stored records, reachable from the federation's nav."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from promotion.models import WinLossRecord
from tests.pages.conftest import client_for

pytestmark = pytest.mark.django_db


def table(client, federation, query: str = "") -> list[list[str]]:
    """The standings table's rows, each its cells' words."""
    response = client.get(reverse("standings", args=[federation.slug]) + query)
    assert response.status_code == 200, response.content[:300]
    body = response.content.decode()
    body = body[body.index('<table id="standings">') :]
    body = body[: body.index("</table>")]
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", body, flags=re.S)
        if "<td" in row
    ]


def set_record(holder, federation, wins, losses, draws, streak=""):
    field = "team" if holder.__class__.__name__ == "Team" else "wrestler"
    WinLossRecord.objects.update_or_create(
        **{field: holder},
        defaults={
            "federation": federation,
            "wins": wins,
            "losses": losses,
            "draws": draws,
            "streak_kind": streak[:1],
            "streak": int(streak[1:] or 0),
        },
    )


def test_the_nav_leads_to_the_standings(client, users, sample):
    page = client_for(client, users, "anonymous").get(
        reverse("federation-detail", args=[sample.slug])
    )
    assert f'href="/f/{sample.slug}/standings/"' in page.content.decode()


def test_singles_by_prestige_rank_every_active_wrestler_as_the_api_does(client, users, sample):
    viewer = client_for(client, users, "viewer")
    rows = table(viewer, sample)
    api = viewer.get(f"/api/v1/federations/{sample.slug}/standings/singles/?page_size=100")
    expected = [
        (str(row["rank"]), row["who"]["name"], str(row["prestige"]), row["champion"])
        for row in api.json()["results"]
    ]
    assert [(r[0], r[1].replace(" (champion)", ""), r[2], "(champion)" in r[1]) for r in rows] == (
        expected
    )
    prestige = [int(r[2]) for r in rows]
    assert prestige == sorted(prestige, reverse=True)
    assert len(rows) == sample.wrestlers.exclude(status="retired").count()


def test_singles_by_record_put_most_wins_first_then_fewest_losses(client, users, sample):
    WinLossRecord.objects.filter(federation=sample).delete()
    a, b, c = sample.wrestlers.exclude(status="retired").order_by("-prestige")[:3]
    set_record(c, sample, 5, 1, 0, "W2")
    set_record(b, sample, 5, 0, 2, "D1")
    set_record(a, sample, 3, 0, 0, "W3")
    rows = table(client_for(client, users, "viewer"), sample, "?division=singles&by=record")
    top = [(r[0], r[1].replace(" (champion)", ""), r[4], r[5]) for r in rows[:3]]
    assert top == [
        ("1", b.ring_name, "5-0-2", "D1"),
        ("2", c.ring_name, "5-1-0", "W2"),
        ("3", a.ring_name, "3-0-0", "W3"),
    ]
    assert {r[4] for r in rows[3:]} == {"0-0-0"} and {r[5] for r in rows[3:]} == {"—"}


def test_tag_teams_by_record_and_by_prestige(client, users, sample):
    teams = list(sample.teams.filter(kind="tag_team", disbanded_on__isnull=True).order_by("name"))
    assert len(teams) >= 2
    WinLossRecord.objects.filter(federation=sample, team__isnull=False).delete()
    set_record(teams[0], sample, 1, 4, 0, "L2")
    set_record(teams[1], sample, 2, 0, 0, "W2")
    viewer = client_for(client, users, "viewer")
    by_record = table(viewer, sample, "?division=tag&by=record")
    assert [(r[1].replace(" (champion)", ""), r[3], r[4]) for r in by_record[:2]] == [
        (teams[1].name, "2-0-0", "W2"),
        (teams[0].name, "1-4-0", "L2"),
    ]
    api = viewer.get(f"/api/v1/federations/{sample.slug}/standings/tag/").json()["results"]
    by_prestige = table(viewer, sample, "?division=tag")
    assert [r[1].replace(" (champion)", "") for r in by_prestige] == [
        row["who"]["name"] for row in api
    ]


def test_an_unknown_division_or_order_is_refused_by_its_name(client, users, sample):
    viewer = client_for(client, users, "viewer")
    url = reverse("standings", args=[sample.slug])
    division = viewer.get(url + "?division=heavyweight")
    assert division.status_code == 400
    assert (
        "<strong>division</strong>: There is no division &#x27;heavyweight&#x27;: singles or tag."
        in division.content.decode()
    )
    order = viewer.get(url + "?by=height")
    assert order.status_code == 400
    assert (
        "<strong>by</strong>: The standings are by prestige or by record, not &#x27;height&#x27;."
        in order.content.decode()
    )
    assert '<table id="standings">' not in order.content.decode()


def test_a_private_federations_standings_are_its_members_only(client, users, sample):
    sample.is_public = False
    sample.save(update_fields=["is_public"])
    url = reverse("standings", args=[sample.slug])
    assert client_for(client, users, "outsider").get(url).status_code == 404
    assert client_for(client, users, "viewer").get(url).status_code == 200
