"""A team's page: its matches with their results, and the titles its members hold."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_a_team_page_lists_its_matches_and_its_members_titles(client, sample):
    show = sample.shows.get(status="completed")
    tag = show.matches.get(title__slug="tag-team-championship")
    page = client.get(reverse("team-detail", args=[sample.slug, "rivet-gang"])).content.decode()
    matches = page[page.index("<h2>Matches</h2>") :]
    assert matches.count("<tr><td>") == 1
    assert reverse("show-detail", args=[sample.slug, show.number]) in matches
    assert "(Copperline Tag Team Championship)" in matches
    assert ("<strong>Won</strong>" in matches) is (
        tag.winner_side == tag.participants.get(team__slug="rivet-gang", order=0).side
    )
    stable = client.get(reverse("team-detail", args=[sample.slug, "gilded-order"]))
    body = stable.content.decode()
    assert "No title reigns as a team." in body
    assert (
        'Members holding titles: <a href="/f/copperline/wrestlers/mortimer-gale/">Mortimer Gale</a>'
        in body
    )
