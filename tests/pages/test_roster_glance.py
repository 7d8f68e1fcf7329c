"""The roster at a glance (issue 42): each wrestler's record (won-lost-drawn), his streak, the
titles he holds and his injury mark, read from the stored records."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse

from matches.models import Match
from promotion.models import TitleReign, WinLossRecord
from promotion.selectors import federation_today
from tests import factories
from tests.pages.conftest import client_for

pytestmark = pytest.mark.django_db


def row_of(page: str, name: str) -> str:
    """The roster table's row of the wrestler named ``name``, its tags stripped to its cells'
    words, one " | " between cells."""
    for row in re.findall(r"<tr>(.*?)</tr>", page, flags=re.S):
        if f">{name}</a>" in row:
            cells = re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)
            return " | ".join(re.sub(r"<[^>]+>", "", cell).strip() for cell in cells)
    raise AssertionError(f"{name} is not on the roster page")


def roster(client, federation) -> str:
    response = client.get(reverse("roster", args=[federation.slug]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_winner_and_loser_of_the_first_show_read_1_0_0_and_0_1_0(client, users, sample):
    """One show wrestled: each wrestler wrestled once at most, so a winner's record is 1-0-0 on
    a streak of one win and a loser's 0-1-0 on one loss."""
    match = (
        Match.objects.filter(show__federation=sample, status="completed", winner_side__isnull=False)
        .exclude(title__division="tag")
        .order_by("position")
        .first()
    )
    sides = {p.side: p.wrestler for p in match.participants.filter(role="in_ring")}
    winner, loser = sides[match.winner_side], sides[1 - match.winner_side]
    page = roster(client_for(client, users, "viewer"), sample)
    assert '<th scope="col" class="num" title="Won-lost-drawn">Record</th>' in page
    assert " | 1-0-0 | W1 | " in row_of(page, winner.ring_name)
    assert " | 0-1-0 | L1 | " in row_of(page, loser.ring_name)


def test_a_wrestler_yet_to_wrestle_reads_0_0_0_without_a_streak(client, users, sample):
    rookie = factories.BookableWrestlerFactory(
        federation=sample, ring_name="Rookie Reyes", slug="rookie-reyes"
    )
    assert not WinLossRecord.objects.filter(wrestler=rookie).exists()
    row = row_of(roster(client_for(client, users, "viewer"), sample), "Rookie Reyes")
    assert row.endswith(" | 0-0-0 | — | —")


def test_the_stored_record_is_what_the_roster_shows(client, users, sample):
    """A record set by hand (as the rebuild would write it) is what the page prints: it reads
    the stored row, not the matches."""
    wrestler = sample.wrestlers.order_by("slug").first()
    WinLossRecord.objects.update_or_create(
        wrestler=wrestler,
        defaults={
            "federation": sample,
            "wins": 41,
            "losses": 17,
            "draws": 3,
            "streak_kind": "W",
            "streak": 6,
            "longest_win_streak": 9,
        },
    )
    row = row_of(roster(client_for(client, users, "viewer"), sample), wrestler.ring_name)
    assert " | 41-17-3 | W6 | " in row


def test_champions_show_their_titles_and_tag_champions_their_teams(client, users, sample):
    page = roster(client_for(client, users, "anonymous"), sample)
    reigns = TitleReign.objects.filter(title__federation=sample, ended_on__isnull=True)
    singles = [r for r in reigns if r.holder_wrestler_id]
    tag = [r for r in reigns if r.holder_team_id]
    assert singles and tag  # the sample crowns both
    for reign in singles:
        assert row_of(page, reign.holder_wrestler.ring_name).endswith(f" | {reign.title.name}")
    for reign in tag:
        for membership in reign.holder_team.memberships.filter(ended_on__isnull=True):
            assert reign.title.name in row_of(page, membership.wrestler.ring_name).split(" | ")[-1]
    holders = {r.holder_wrestler_id for r in singles}
    members = {
        m.wrestler_id for r in tag for m in r.holder_team.memberships.filter(ended_on__isnull=True)
    }
    bystander = sample.wrestlers.exclude(pk__in=holders | members).exclude(status="retired")[0]
    assert row_of(page, bystander.ring_name).endswith(" | —")


def test_one_wrestling_through_an_injury_is_marked_beside_his_status(client, users, sample):
    wrestler = sample.wrestlers.filter(status="active").order_by("slug").first()
    factories.InjuryFactory(
        wrestler=wrestler,
        occurred_on=federation_today(sample) - dt.timedelta(days=2),
        expected_return=None,
        body_part="ribs",
        description="",
        keeps_off_cards=False,
    )
    row = row_of(roster(client_for(client, users, "viewer"), sample), wrestler.ring_name)
    assert " | Active (wrestling hurt) | " in row
