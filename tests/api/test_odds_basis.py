"""The API's odds say which rules and whose standing they play: ``rule_options`` names every
optional rule played (empty for the basic game) and ``standing`` is the roster's."""

from __future__ import annotations

import pytest

from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db

ODDS = "/api/v1/federations/copperline/odds/"
PAIR = {"sides": [["corrigan-vale"], ["skylar-finch"]], "runs": 50, "seed": 7}
EVERY_FILSINGER_RULE = [
    "add1",
    "agility_power",
    "chart_choices",
    "choice_situations",
    "distractions",
    "dq_moves",
    "fatigue",
    "feud_table",
    "finisher_ratings",
    "leave_ring",
    "ringside_ally",
    "roll_finishers",
    "tag_moves",
    "tag_on_defense",
]


def test_the_federations_rules_by_name_and_the_rosters_standing(sample, people):
    visitor = client_for(people, "anonymous")
    answer = visitor.post(ODDS, PAIR, format="json").json()
    assert (answer["rule_options"], answer["standing"]) == (EVERY_FILSINGER_RULE, "roster")


def test_the_basic_game_asked_for_is_said(sample, people):
    visitor = client_for(people, "anonymous")
    answer = visitor.post(ODDS, {**PAIR, "rule_options": []}, format="json").json()
    assert (answer["rule_options"], answer["standing"]) == ([], "roster")


def test_the_schema_describes_the_standing(sample, people):
    schema = client_for(people, "anonymous").get("/api/schema/?format=json").json()
    odds = schema["components"]["schemas"]["Odds"]
    assert "standing" in odds["required"]
    assert odds["properties"]["standing"]["description"].startswith(
        'Whose standing the odds play: "roster"'
    )
