"""Superstar cards: the structured form, the printed shorthand, every shape real cards take, and
validation that refuses a card whole with every problem named by its path."""

from __future__ import annotations

import copy
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from rules.core.errors import CardError
from rules.superstar import system as superstar
from rules.superstar.analysis import card_figures
from rules.superstar.cards import DQ, MOVE, NA, ROPES, SPECIALTY, Move, SpecialtyRoll

FIXTURES = Path(__file__).parent / "fixtures" / "superstar"
SAMPLES = sorted((Path(__file__).parents[2] / "rules/data/sample/superstar").glob("*.yaml"))


def data(name: str) -> dict:
    return yaml.safe_load((FIXTURES / f"{name}.yaml").read_text())


def problems(card_data) -> list[str]:
    with pytest.raises(CardError) as caught:
        superstar.parse_card(card_data)
    return caught.value.messages()


def test_the_printed_shorthand_reads_as_the_structured_form():
    card = superstar.parse_card(data("thunderlegs"))
    assert card.offense[0] == Move(kind=ROPES, name="ROPES")
    assert card.offense[1] == Move(kind=SPECIALTY, name="Thunderslam")
    assert card.offense[3] == Move(kind=MOVE, name="Python headlock", points=10)
    assert card.offense[6] == Move(kind=MOVE, name="Bearhug", points=8, submission=True)
    assert card.offense[7] == Move(kind=MOVE, name="Leg drop", points=9, pin=True)
    assert card.offense[8] == Move(kind=DQ, name="Throw out of ring")
    assert card.offense[9] == Move(kind=MOVE, name="Kneedrop", points=8, grudge=True)
    assert card.ropes[0] == Move(kind=NA, name="NA")
    assert card.specialty.rolls[0] == SpecialtyRoll(points=10, pin=True)
    assert card.general[7] == "OC/TT" and card.defense[3] == "Reverse"
    assert card.priority == (5, 2)


def test_every_shape_of_the_pws_cards_is_held_and_round_trips():
    card = superstar.parse_card(data("shapes"))
    assert card.priority == (5.5, 3.5)  # "5+", "3+"
    assert card.submission_range == (2, 2)  # a SUB range of one roll
    assert card.tag_team_range == (8, 12)  # high on the dice
    assert card.specialty.rolls[0] == SpecialtyRoll(dq=True)  # a (DQ) without points
    assert card.offense[7] == Move(kind=MOVE, name="Psyche up crowd", points=0)
    kinds = {m.kind for m in card.ropes}
    assert kinds == {MOVE, SPECIALTY, NA, DQ}
    assert any(m.grudge for m in card.ropes) and any(m.submission for m in card.ropes)
    assert superstar.parse_card(superstar.card_to_data(card)) == card


@pytest.mark.skipif(not SAMPLES, reason="no sample cards")
def test_every_sample_card_is_valid_and_round_trips():
    for path in SAMPLES:
        card = superstar.parse_card(yaml.safe_load(path.read_text()))
        assert superstar.parse_card(superstar.card_to_data(card)) == card, path.name


def test_ranges_and_ratings_in_their_other_written_forms():
    base = data("thunderlegs")
    card = superstar.parse_card(
        base | {"submission_range": "2-7", "tag_team_range": None, "priority": "4+/3"}
    )
    assert card.submission_range == (2, 7) and card.tag_team_range is None
    assert card.priority == (4.5, 3)
    assert not card.saves_on(2) and card.submits_on(7) and not card.submits_on(8)


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (lambda d: d.update(system="filsinger"), "system", "must be 'superstar'"),
        (lambda d: d.pop("name"), "name", "required"),
        (lambda d: d["general"].pop(), "general", "eleven entries"),
        (lambda d: d["general"].__setitem__(3, "TC"), "general[3]", "must be one of OC, OC/TT, DC"),
        (lambda d: d.update(general=["DC"] * 11), "general", "at least one OC"),
        (lambda d: d.update(defense=["Reverse"] * 11), "defense", "at least one A, B or C"),
        (lambda d: d["defense"].__setitem__(0, "D"), "defense[0]", "must be one of"),
        (lambda d: d["offense"].__setitem__(4, {"move": "Slam"}), "offense[4].points", "required"),
        (
            lambda d: d["offense"].__setitem__(4, {"move": "Slam", "points": 100}),
            "offense[4].points",
            "0 to 99",
        ),
        (
            lambda d: d["offense"].__setitem__(
                1, {"move": "Thunderslam", "specialty": True, "points": 4}
            ),
            "offense[1].points",
            "no points of its own",
        ),
        (
            lambda d: d["offense"].__setitem__(8, {"move": "Throw", "dq": True, "pin": True}),
            "offense[8].pin",
            "cannot also be pin",
        ),
        (lambda d: d["offense"].__setitem__(4, "NA"), "offense[4].move", "belongs on the Ropes"),
        (lambda d: d["ropes"].__setitem__(4, "ROPES"), "ropes[4].move", "belongs on the Offensive"),
        (
            lambda d: d["offense"].__setitem__(1, "Piledriver (S)"),
            "offense[1].move",
            "the Specialty card is 'Thunderslam'",
        ),
        (
            lambda d: d["offense"].__setitem__(4, {"move": "Slam", "points": 4, "hold": True}),
            "offense[4].hold",
            "unknown field",
        ),
        (lambda d: d["specialty"]["rolls"].pop(), "specialty.rolls", "six rolls"),
        (
            lambda d: d["specialty"]["rolls"].__setitem__(2, "XX"),
            "specialty.rolls[2]",
            "does not belong on the Specialty card",
        ),
        (lambda d: d.update(submission_range=[7, 2]), "submission_range", "low to high"),
        (lambda d: d.update(tag_team_range=[1, 5]), "tag_team_range[0]", "2 to 12"),
        (lambda d: d.update(priority=[5]), "priority", "[singles PF, tag-team rating]"),
        (lambda d: d.update(priority=[0, 2]), "priority[0]", "from 1 to 10"),
        (lambda d: d.update(priority=["5++", 2]), "priority[0]", "like 4, 4.5 or '4+'"),
        (lambda d: d.update(nickname="Thunder"), "nickname", "unknown field"),
    ],
)
def test_each_problem_is_named_by_its_path(change, path, message):
    card_data = copy.deepcopy(data("thunderlegs"))
    change(card_data)
    found = problems(card_data)
    assert any(m.startswith(f"{path}: ") and message in m for m in found), found


def test_a_bad_card_is_refused_whole_with_every_problem_listed():
    card_data = copy.deepcopy(data("thunderlegs"))
    card_data["general"][0] = "XX"
    card_data["offense"][5] = {"move": "Elbow"}
    card_data["priority"] = [5, 0]
    card_data.pop("specialty")
    found = problems(card_data)
    assert [m.split(":")[0] for m in found] == [
        "general[0]",
        "offense[5].points",
        "specialty",
        "priority[1]",
    ]


def test_a_card_with_tables_checks_nothing_more():
    tables = superstar.load_tables()
    assert superstar.parse_card(data("thunderlegs"), tables=tables).name == "Thunderlegs"


def test_card_figures_follow_from_the_card_alone():
    """Thunderlegs, worked by hand. General Card: OC on 3, 5, 6, 7, 8, 11 and OC/TT on 9:
    (2+4+5+6+5+2+4)/36 = 28/36. Offensive Card (36ths): ROPES 2 (1), Thunderslam (S) 3 (2), ...
    Leg drop P/A 9 (4); the Thunderslam pins on 3 faces of 6; the Ropes card (1/36 of the time)
    has Clothesline P/A on 3 (2/36) and the Thunderslam on 7 (6/36).
    P/A: 4/36 + 2/36 * 3/6 + 1/36 * (2/36 + 6/36 * 3/6) = 180/1296 + 5/1296 = 185/1296.
    Specialty: 2/36 + 1/36 * 6/36 = 78/1296 = 13/216. Defense: A on 2, 6, 8, 10 (1+5+5+3),
    C on 4 and 9 (3+4), Reverse on 5 and 12 (4+1): points (14*2 + 7*4)/36 = 56/36."""
    figures = {f.key: f.value for f in card_figures(superstar.parse_card(data("thunderlegs")))}
    assert figures["offense"] == Fraction(28, 36)
    assert figures["double_team"] == Fraction(4, 36)
    assert figures["pin_attempt"] == Fraction(185, 1296)
    assert figures["specialty"] == Fraction(13, 216)
    assert figures["ropes"] == Fraction(1, 36)
    assert figures["reverse"] == Fraction(5, 36)
    assert figures["neutralize"] == Fraction(7, 36)
    assert figures["defensive_points"] == Fraction(56, 36)
    assert figures["submits"] == Fraction(6, 36)  # SUB 2-4: 1 + 2 + 3
