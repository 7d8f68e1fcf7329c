"""The new-tournament page's entrants are typed by name, one a line (``TournamentForm``): a
neighbour's wrestler or team named there is refused beside the field, as a neighbour's object
picked anywhere else is (``test_neighbours.py``), and nothing is written."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.scoping.world import HOME, snapshot

FORM = {
    "name": "Home Cup",
    "format": "single_elimination",
    "seeding": "hand",
    "placement": "weekly",
}


@pytest.mark.parametrize(
    ("unit", "lines", "refused"),
    [
        ("singles", "Ada\nGus", "No wrestler named 'Gus' in Home Wrestling."),
        ("tag", "home team\naway team", "No team named 'away team' in Home Wrestling."),
    ],
)
def test_a_neighbours_entrant_typed_by_name_is_refused_by_its_field(
    world, client, unit, lines, refused
):
    before = snapshot()
    client.force_login(world.boss)
    answer = client.post(
        reverse("tournament-create", args=[HOME]), {**FORM, "unit": unit, "entrants": lines}
    )

    assert answer.status_code == 400
    assert answer.context["form"].errors["entrants"] == [refused]
    assert snapshot() == before
