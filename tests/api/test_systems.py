"""The rule systems' own answers: what each plays, as docs/cards.md lists it."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

# docs/cards.md, "Option names" (and each system's match types and stipulations).
SUPERSTAR = {
    "name": "superstar",
    "title": "Superstar Pro Wrestling",
    "available": True,
    "options": ["referee", "time_limit", "tag_level", "grudge"],
    "match_types": [
        "singles",
        "tag",
        "three_man_tag",
        "battle_royal",
        "steel_cage",
        "texas_death",
        "grudge",
    ],
    "stipulations": ["no_dq", "tournament"],
}
ARM_OPTIONS = [
    "cage",
    "internal_cage",
    "escape",
    "no_dq",
    "no_count_out",
    "over_top_dq",
    "time_limit",
    "referee",
    "warnings",
    "no_edge",
]


def test_one_system_names_its_options_match_types_and_stipulations():
    response = APIClient().get("/api/v1/systems/superstar/")
    assert response.status_code == 200
    assert response.json() == SUPERSTAR


def test_the_list_names_every_systems_options():
    response = APIClient().get("/api/v1/systems/")
    assert response.status_code == 200
    options = {system["name"]: system["options"] for system in response.json()}
    assert options["superstar"] == SUPERSTAR["options"]
    assert options["arm"] == ARM_OPTIONS
    assert options["filsinger"] == [
        "fatigue",
        "finisher_ratings",
        "tag_on_defense",
        "agility_power",
        "chart_choices",
        "leave_ring",
        "choice_situations",
        "feud_table",
        "ringside_ally",
        "add1",
        "roll_finishers",
        "tag_moves",
        "dq_moves",
        "distractions",
    ]
