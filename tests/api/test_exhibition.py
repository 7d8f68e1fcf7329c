"""An exhibition over the API: one match from the stored cards, played as a show plays it, stored
nowhere; the same match ``simulate_match`` plays from the card files."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command

from matches.models import Match
from promotion.models import Federation, StandingChange
from rules.models import WrestlerCard
from tests.api.conftest import client_for

BASE = "/api/v1/federations/copperline"
SAMPLE = Path(__file__).resolve().parents[2] / "rules/data/sample"


def simulate_match(system: str, *names: str, rules: str, seed: int) -> dict:
    out = io.StringIO()
    files = [str(SAMPLE / system / f"{name}.yaml") for name in names]
    call_command(
        "simulate_match", "--system", system, *files, "--rules", rules, "--seed", str(seed),
        "--json", stdout=out,
    )  # fmt: skip
    return json.loads(out.getvalue())


def test_an_exhibition_is_the_match_simulate_match_plays_from_the_card_files(sample, people):
    visitor = client_for(people, "anonymous")
    before = (Match.objects.count(), StandingChange.objects.count())
    body = {"sides": [["corrigan-vale"], ["skylar-finch"]], "seed": 7}
    response = visitor.post(BASE + "/exhibition/", body, format="json")
    assert response.status_code == 200, response.content
    played = response.json()
    # The sample federation plays the Filsinger game with every optional rule (its settings).
    assert (played["system"], played["match_type"], played["seed"]) == ("filsinger", "singles", 7)
    assert played["rule_options"] == [
        "add1", "agility_power", "chart_choices", "choice_situations", "distractions",
        "dq_moves", "fatigue", "feud_table", "finisher_ratings", "leave_ring", "ringside_ally",
        "roll_finishers", "tag_moves", "tag_on_defense",
    ]  # fmt: skip
    from_files = simulate_match("filsinger", "corrigan-vale", "skylar-finch", rules="all", seed=7)
    assert (played["winner"], played["method"], played["length"]) == (
        from_files["winner"],
        from_files["method"],
        from_files["length"],
    )
    assert played["events"] == from_files["events"]  # kind, actor, dice, text (and data)
    assert {e["actor"] for e in played["events"]} >= {"corrigan-vale", "skylar-finch"}
    assert visitor.post(BASE + "/exhibition/", body, format="json").json() == played
    assert (Match.objects.count(), StandingChange.objects.count()) == before


def test_an_exhibition_under_another_system_plays_its_basic_match_unless_told(sample, people):
    visitor = client_for(people, "anonymous")
    body = {
        "sides": [["corrigan-vale", "mortimer-gale"], ["skylar-finch", "dario-quintero"]],
        "match_type": "tag",
        "rule_system": "superstar",
        "seed": 11,
    }
    played = visitor.post(BASE + "/exhibition/", body, format="json").json()
    assert (played["system"], played["match_type"], played["rule_options"]) == (
        "superstar",
        "tag",
        [],
    )
    assert played["events"] and played["winner"] in (0, 1, None)
    assert all(isinstance(face, int) for e in played["events"] for face in e["dice"])


def test_every_problem_of_an_exhibition_is_named_by_its_place(sample, people):
    visitor = client_for(people, "anonymous")
    WrestlerCard.objects.filter(wrestler__slug="skylar-finch", system="arm").delete()
    body = {
        "sides": [["corrigan-vale", "nobody"], ["skylar-finch"]],
        "rule_system": "arm",
    }
    response = visitor.post(BASE + "/exhibition/", body, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {"path": "sides[0]", "message": "A singles match takes 1 a side."},
        {"path": "sides[0][1]", "message": "No wrestler 'nobody' here."},
        {"path": "sides[1][0]", "message": "Skylar Finch has no arm card."},
    ]
    bad = visitor.post(
        BASE + "/exhibition/",
        {"sides": [["corrigan-vale"], ["skylar-finch"]], "rule_options": ["moonsault"]},
        format="json",
    )
    assert bad.status_code == 400 and bad.json()["errors"][0]["path"] == "rule_options"
    twice = visitor.post(
        BASE + "/exhibition/", {"sides": [["corrigan-vale"], ["corrigan-vale"]]}, format="json"
    )
    assert twice.json()["errors"] == [
        {"path": "sides[1][0]", "message": "'corrigan-vale' is named twice."}
    ]


def test_a_private_federation_plays_no_exhibition_for_outsiders(sample, people):
    Federation.objects.filter(slug="copperline").update(is_public=False)
    body = {"sides": [["corrigan-vale"], ["skylar-finch"]], "seed": 1}
    for outsider in ("anonymous", "outsider"):
        response = client_for(people, outsider).post(BASE + "/exhibition/", body, format="json")
        assert response.status_code == 404
    viewer = client_for(people, "viewer")
    assert viewer.post(BASE + "/exhibition/", body, format="json").status_code == 200


# -- a battle royal: as many sides as the system lets the match type have -------------------------

ROYAL = [["corrigan-vale"], ["skylar-finch"], ["gideon-pike"], ["mortimer-gale"]]


def test_a_battle_royal_exhibition_is_the_match_simulate_match_plays(sample, people):
    visitor = client_for(people, "anonymous")
    body = {"sides": ROYAL, "match_type": "battle_royal", "rule_system": "superstar", "seed": 5}
    response = visitor.post(BASE + "/exhibition/", body, format="json")
    assert response.status_code == 200, response.content
    played = response.json()
    assert (played["match_type"], played["sides"]) == ("battle_royal", ROYAL)
    out = io.StringIO()
    files = [str(SAMPLE / "superstar" / f"{side[0]}.yaml") for side in ROYAL]
    call_command(
        "simulate_match", "--system", "superstar", *files, "--match", "battle_royal",
        "--seed", "5", "--json", stdout=out,
    )  # fmt: skip
    from_files = json.loads(out.getvalue())
    assert (played["winner"], played["method"], played["length"]) == (
        from_files["winner"],
        from_files["method"],
        from_files["length"],
    )
    assert played["winner"] in range(4)


def test_the_odds_of_a_battle_royal_have_a_row_for_every_side(sample, people):
    visitor = client_for(people, "anonymous")
    body = {"sides": ROYAL[:3], "match_type": "battle_royal", "rule_system": "superstar"}
    response = visitor.post(BASE + "/odds/", {**body, "runs": 50, "seed": 2}, format="json")
    assert response.status_code == 200, response.content
    odds = response.json()
    assert [side["wrestlers"] for side in odds["sides"]] == ROYAL[:3]
    assert sum(side["wins"] for side in odds["sides"]) + odds["draws"] == 50


@pytest.mark.parametrize("path", ["odds", "exhibition"])
def test_a_match_of_two_sides_still_takes_two(sample, people, path):
    visitor = client_for(people, "anonymous")
    response = visitor.post(BASE + f"/{path}/", {"sides": ROYAL[:3]}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {"path": "sides", "message": "A singles match takes 2 sides, not 3."}
    ]
    body = {"sides": [*ROYAL[:2], ["nobody"]], "match_type": "tag", "rule_system": "superstar"}
    response = visitor.post(BASE + f"/{path}/", body, format="json")
    assert response.json()["errors"] == [
        {"path": "sides", "message": "A tag match takes 2 sides, not 3."},
        {"path": "sides[0]", "message": "A tag match takes 2 a side."},
        {"path": "sides[1]", "message": "A tag match takes 2 a side."},
        {"path": "sides[2]", "message": "A tag match takes 2 a side."},
        {"path": "sides[2][0]", "message": "No wrestler 'nobody' here."},
    ]
    royal = {"sides": ROYAL[:1], "match_type": "battle_royal", "rule_system": "superstar"}
    response = visitor.post(BASE + f"/{path}/", royal, format="json")
    assert response.json()["errors"] == [{"path": "sides", "message": "At least 2 sides."}]
    crowd = {**royal, "sides": [[f"w{n}"] for n in range(41)]}
    response = visitor.post(BASE + f"/{path}/", crowd, format="json")
    assert response.json()["errors"] == [{"path": "sides", "message": "At most 40 sides."}]
