"""The play-by-play tells what happened: a move the rules cancel is told as what it becomes."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import pairwise

import pytest

from rules.core.dice import ScriptedDice, SeededDice
from rules.core.spec import Ringside
from tests.rules.cardgen import random_card_data
from tests.rules.conftest import kinds, positioned

WOLF, EXECUTIONER = 0, 1
SLICK = Ringside(key="slick", name="Slick")


def singles(fs, wolf, executioner, options=None, **kwargs):
    return fs.make_spec([wolf, executioner], options=options, **kwargs)


def with_ringside(spec, side, **people):
    sides = list(spec.sides)
    sides[side] = replace(sides[side], **people)
    return replace(spec, sides=tuple(sides))


def texts(match):
    return [e.text for e in match.events]


def test_the_opening_roll_quotes_the_winners_die_first(fs, wolf, executioner):
    m = positioned(singles(fs, wolf, executioner), [2, 4], off=0, level=1)
    m.opening()
    assert m.events[0].dice == (2, 4)  # the dice as rolled: Wolf's, then the Executioner's
    assert m.events[0].text == (
        "The Executioner wins the opening roll (4 to 2) and starts the match."
    )


def test_move_names_are_told_as_written_on_the_card(fs, wolf, executioner):
    m = positioned(singles(fs, wolf, executioner), [6, 4], off=WOLF, level=2)
    m.turn()
    assert m.events[0].text == "Wolf hits the Executioner with a Wolf Skullcrusher!"
    m = positioned(singles(fs, wolf, executioner), [4, 1], off=EXECUTIONER, level=1)
    m.turn()
    assert m.events[0].text == "The Executioner hits Wolf with a Headbutt!"


def test_a_match_of_one_turn_says_turn(fs, wolf, executioner):
    # Opening 5-2; Wolf sends the Executioner into the turnbuckle (B): 2, PIN; pinned on 2.
    result = fs.simulate(singles(fs, wolf, executioner), dice=ScriptedDice([5, 2, 4, 1, 1, 1, 1]))
    assert result.length == 1
    assert result.events[-1].text == "Wolf wins by pinfall after 1 turn."


def test_rule_5_a_declined_chart_is_told_as_declined(fs, wolf, executioner):
    spec = singles(fs, wolf, executioner, "chart_choices")
    m = positioned(spec, [5], off=EXECUTIONER, level=1)  # into the turnbuckle (c); Wolf rated A
    m.turn()
    assert texts(m) == [
        "The Executioner could send Wolf into the turnbuckle, but thinks better of it "
        "(Wolf is rated A there).",
        "The Executioner rolls again on LEVEL 1 OFFENSE.",
    ]


def test_rule_6_leaving_the_ring_is_told_before_the_offense_goes_on(fs, wolf, executioner):
    m = positioned(singles(fs, wolf, executioner, "leave_ring"), [1, 2, 4, 4], off=WOLF, level=3)
    m.turn()
    assert kinds(m) == ["offense", "defense", "leave_ring"]
    assert m.events[1].text == "The Executioner is down and looks to leave the ring."
    assert (m.events[2].actor, m.events[2].dice, m.events[2].text) == (
        "the-executioner",
        (4, 4),
        "The Executioner rolls out of the ring to regroup. "
        "Wolf follows the Executioner out and rams him into the apron.",
    )
    assert m.events[2].data == {"chart": "ring", "rating": "B", "total": 8}


def test_rule_3_a_failed_tag_then_tells_the_instruction(fs, wolf, executioner):
    spec = fs.make_spec(
        [wolf, wolf, executioner, executioner],
        "tag",
        options="tag_on_defense",
        relationship="group",
    )
    m = positioned(spec, [1, 6, 3, 3], off=WOLF, level=1)  # headlock - 1; hurt - 2 (tag); 6
    m.turn()
    assert texts(m)[1:] == [
        "The Executioner is hurt and looks to tag out.",
        "The Executioner reaches for the Executioner: 6 against 4 - no tag. "
        "Wolf rolls on LEVEL 2 OFFENSE.",
    ]


def test_rule_7_the_original_instruction_is_not_told(fs, wolf, executioner):
    spec = singles(fs, wolf, executioner, "choice_situations")
    m = positioned(spec, [4, 4, 4, 1], off=EXECUTIONER, level=2)  # Body slam - 2 (ch) A
    m.turn()
    assert m.events[0].text == "The Executioner sees an opening: Choice Situation A."
    assert m.events[1].text.startswith("Choice Situation A: the Executioner tries a body slam")
    assert m.events[0].data["entry"] == "Body slam - 2 (ch) A"  # the roll, as printed


def test_rule_11_a_missed_roll_finisher_is_never_told_as_hitting(fs, wolf, executioner):
    spec = singles(fs, wolf, executioner, "roll_finishers")
    miss = positioned(spec, [6, 1], off=EXECUTIONER, level=3)
    miss.turn()
    assert texts(miss) == [
        "The Executioner goes for the EXECUTIONER'S AXE...",
        "...rolls 1 and misses it! Wolf counters on LEVEL 2 OFFENSE.",
    ]
    rated = singles(fs, wolf, executioner, "roll_finishers,finisher_ratings")
    hit = positioned(rated, [6, 4, 4, 5], off=EXECUTIONER, level=3)
    hit.turn()
    assert texts(hit)[1] == "...rolls 4 and hits it (finisher rating 4)!"


def test_rule_12_a_move_for_the_other_kind_of_match_is_told_as_such(fs, wolf, executioner):
    m = positioned(singles(fs, wolf, executioner, "tag_moves"), [5], off=WOLF, level=3)
    m.turn()
    assert texts(m) == [
        "Wolf sets up a double team suplex, but that takes a tag partner.",
        "Wolf rolls again on LEVEL 3 OFFENSE.",
    ]


def test_rule_4_a_countered_move_is_told_as_tried(fs, wolf, executioner):
    strong = replace(wolf, ratings=replace(wolf.ratings, power=-5))
    spec = singles(fs, strong, executioner, "agility_power")
    m = positioned(spec, [2], off=EXECUTIONER, level=2)  # Bearhug - 2 (pw)
    m.turn()
    assert texts(m) == [
        "The Executioner goes for a Bearhug...",
        "...but Wolf has the better power (-5 to -3) and counters! Wolf rolls on LEVEL 2 OFFENSE.",
    ]


def test_interference_is_named_as_such(fs, wolf, executioner):
    ally_spec = with_ringside(singles(fs, wolf, executioner, "ringside_ally"), 1, ally=SLICK)
    m = positioned(ally_spec, [3, 2, 3, 4, 4], off=EXECUTIONER, level=3)
    m.turn()
    assert m.events[1].text.startswith("Outside interference! Wolf is attacked outside the ring")
    rule14 = with_ringside(singles(fs, wolf, executioner, "distractions"), 1, manager=SLICK)
    m = positioned(rule14, [6, 4, 4], off=WOLF, level=2)
    m.turn()
    assert m.events[1].kind == "interference"
    assert m.events[1].text == "Outside interference from Slick! Slick trips Wolf from the floor."


# -------------------------------------------------------------------------------- every match

CANCELLED = {"reroll", "counter", "finisher_miss", "finisher_roll", "choice"}
LANDED = ("hits", "whips", "sends", "throws", "climbs the top rope and leaps")


@pytest.mark.parametrize("match_type", ["singles", "tag"])
def test_no_cancelled_entry_is_ever_told_as_landing(fs, match_type):
    """Over many matches with every rule: an offensive roll followed by what cancels or replaces
    it never says the move landed; a defender who escapes is never told to stay down."""
    rng = random.Random(7)
    n = 2 if match_type == "singles" else 4
    seen: set[str] = set()
    for round_ in range(20):
        cards = [fs.parse_card(random_card_data(rng, f"W{round_}{i}")) for i in range(n)]
        spec = fs.make_spec(cards, match_type, options="all", relationship="partners")
        spec = with_ringside(spec, 0, ally=SLICK, manager=Ringside(key="m", name="Manager"))
        for seed in range(10):
            events = fs.simulate(spec, dice=SeededDice(seed)).events
            for before, after in pairwise(events):
                if before.kind == "offense" and after.kind in CANCELLED:
                    seen.add(after.kind)
                    assert not any(word in before.text for word in LANDED), (
                        before.text,
                        after.text,
                    )
                if before.kind == "defense" and after.kind in ("leave_ring", "tag_attempt"):
                    seen.add(after.kind)
                    assert "OFFENSE" not in before.text, before.text
            assert not events[-1].text.endswith(" 1 turns.")
    assert {"reroll", "counter", "choice", "leave_ring"} <= seen


def test_an_entry_is_told_as_something_tried():
    from rules.filsinger.cards import CHART, CHOICE, FINISHER, MOVE, Offense
    from rules.filsinger.engine import Match

    assert Match._attempt(Offense(kind=MOVE, name="dropkick")) == "a dropkick"
    assert Match._attempt(Offense(kind=MOVE, name="elbow drop")) == "an elbow drop"
    assert Match._attempt(Offense(kind=MOVE, name="punches")) == "punches"
    assert Match._attempt(Offense(kind=FINISHER, name="AVALANCHE")) == "the AVALANCHE"
    assert Match._attempt(Offense(kind=CHART, name="ropes")) == "an Irish whip into the ropes"
    assert Match._attempt(Offense(kind=CHART, name="ring")) == "a toss out of the ring"
    assert Match._attempt(Offense(kind=CHOICE, choice_situation="B")) == "a Choice Situation"


def test_a_card_of_another_system_is_refused_by_name(fs, wolf):
    from rules.core.errors import SpecError
    from rules.filsinger.engine import prepare

    spec = fs.make_spec([wolf, wolf])
    side = spec.sides[1]
    alien = replace(side.participants[0], card={"system": "superstar"})
    spec = replace(spec, sides=(spec.sides[0], replace(side, participants=(alien,))))
    with pytest.raises(SpecError) as refused:
        prepare(spec)
    assert str(refused.value) == "wolf-2: not a Filsinger card (dict)"


@pytest.mark.parametrize(
    ("stipulations", "no_dq", "no_count_out"),
    [
        ({}, False, False),
        ({"no_dq": True}, True, False),
        ({"no_count_out": True}, False, True),
        ({"falls_count_anywhere": True}, False, True),  # a fall outside counts: no count-out
    ],
)
def test_stipulations_that_take_finishes_away(
    fs, wolf, executioner, stipulations, no_dq, no_count_out
):
    from rules.filsinger.engine import prepare

    prep = prepare(replace(fs.make_spec([wolf, executioner]), stipulations=stipulations))
    assert (prep.no_dq, prep.no_count_out) == (no_dq, no_count_out)
