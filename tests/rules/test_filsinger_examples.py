"""The rulebook's worked examples (Wolf against the Executioner), event by event."""

from __future__ import annotations

from rules.core.dice import ScriptedDice
from rules.core.result import Method
from tests.rules.conftest import kinds, positioned

WOLF, EXECUTIONER = 0, 1


def test_a_whole_match_bite_to_forehead_skullcrusher_pin_7_and_savage_face_claw(
    fs, wolf, executioner
):
    spec = fs.make_spec([wolf, executioner])
    faces = [
        5,
        2,  # opening roll: Wolf 5, the Executioner 2 - highest starts
        3,  # Wolf rolls 3 on LEVEL 1 OFFENSE: bite to forehead - 2
        5,  # the Executioner rolls 5 on LEVEL 2 DEFENSE: hurt - 2
        6,  # Wolf rolls 6 on LEVEL 2 OFFENSE: Wolf Skullcrusher - 3
        1,  # the Executioner rolls 1 on LEVEL 3 DEFENSE: PIN 7 (4)
        4,
        4,  # 8: he kicks out; Wolf goes on at LEVEL 3 OFFENSE
        6,  # Wolf rolls 6 on LEVEL 3 OFFENSE: SAVAGE FACE CLAW (+3)
        3,
        4,  # the Executioner rolls for his PIN rating at once: 7 or lower, pinned
    ]
    dice = ScriptedDice(faces)
    result = fs.simulate(spec, dice=dice)
    assert dice.remaining == 0
    events = result.events
    assert kinds(events) == [
        "opening",
        "offense",
        "defense",
        "offense",
        "defense",
        "pin",
        "offense",
        "pin",
        "end",
    ]
    opening, bite, hurt, skull, cover, kickout, claw, pinned, end = events
    assert opening.dice == (5, 2) and "Wolf wins the opening roll" in opening.text
    assert bite.actor == "wolf" and bite.dice == (3,)
    assert bite.data["level"] == 1 and bite.data["entry"] == "bite to forehead - 2"
    assert bite.text == "Wolf hits the Executioner with a bite to forehead!"
    assert hurt.actor == "the-executioner" and hurt.dice == (5,)
    assert hurt.data == {"level": 2, "roll": 5, "result": "hurt", "to": 2}
    assert hurt.text == "The Executioner is hurt. Wolf rolls on LEVEL 2 OFFENSE."
    assert skull.data["level"] == 2 and skull.data["entry"] == "Wolf Skullcrusher - 3"
    assert cover.dice == (1,) and cover.data["level"] == 3 and cover.data["result"] == "pin"
    assert kickout.dice == (4, 4) and kickout.data["rating"] == 7
    assert kickout.data["pinned"] is False and "kicks out" in kickout.text
    assert claw.data["level"] == 3 and claw.data["entry"] == "SAVAGE FACE CLAW (+3)"
    assert pinned.dice == (3, 4) and pinned.data["pinned"] is True
    assert pinned.data["rating"] == 7  # the basic game ignores the (+3)
    assert result.winner == WOLF and result.method is Method.PIN and result.length == 3
    assert end.text == "Wolf wins by pinfall after 3 turns."
    assert result.effects.finisher_hits == (1, 0)


def test_a_move_followed_by_1_would_send_the_defender_to_level_1_defense(fs, wolf, executioner):
    spec = fs.make_spec([wolf, executioner])
    match = positioned(spec, [1, 1], off=WOLF, level=1)  # headlock - 1; dazed - 1
    match.turn()
    assert match.events[1].data["level"] == 1
    assert (match.off, match.level) == (WOLF, 1)


def test_hurt_keeps_the_attacker_on_offense_at_the_level_given(fs, wolf, executioner):
    match = positioned(fs.make_spec([wolf, executioner]), [3, 5], off=WOLF, level=1)
    match.turn()
    assert (match.off, match.level, match.method) == (WOLF, 2, None)


def test_the_defenders_own_name_counters_executioner_2(fs, wolf, executioner):
    match = positioned(fs.make_spec([wolf, executioner]), [3, 2], off=WOLF, level=1)
    match.turn()
    counter = match.events[-1]
    assert counter.kind == "defense" and counter.dice == (2,)
    assert counter.data["result"] == "counter" and counter.data["to"] == 2
    assert counter.text.startswith("The Executioner shrugs it off and fights back!")
    assert (match.off, match.level) == (EXECUTIONER, 2)


def test_into_the_ropes_wolf_rolls_two_dice_under_his_ropes_rating(fs, wolf, executioner):
    # The Executioner rolls 3 on LEVEL 2 OFFENSE: into the ropes (c) - the (c) is ignored in
    # the basic game. Wolf (Ropes B) rolls 4 and 4: on the house chart B 8-9 he ducks under
    # and takes over on LEVEL 1 OFFENSE.
    match = positioned(fs.make_spec([wolf, executioner]), [3, 4, 4], off=EXECUTIONER, level=2)
    match.turn()
    ropes, chart = match.events
    assert ropes.data["entry"] == "into the ropes (c)"
    assert ropes.text == "The Executioner whips Wolf into the ropes."
    assert chart.kind == "chart" and chart.actor == "wolf" and chart.dice == (4, 4)
    assert chart.data == {"chart": "ropes", "rating": "B", "total": 8}
    assert chart.text == "Wolf ducks under and shoves the Executioner away."
    assert (match.off, match.level) == (WOLF, 1)


def test_pin_7_kick_out_on_8_or_more_and_pinned_on_7_or_less(fs, wolf, executioner):
    spec = fs.make_spec([wolf, executioner])
    kick = positioned(spec, [6, 1, 5, 3], off=WOLF, level=2)
    kick.turn()
    assert kick.events[-1].data["total"] == 8 and not kick.events[-1].data["pinned"]
    assert (kick.off, kick.level, kick.method) == (WOLF, 3, None)
    pin = positioned(spec, [6, 1, 1, 6], off=WOLF, level=2)
    pin.turn()
    assert pin.method is Method.PIN and pin.winner == WOLF


def test_savage_face_claw_the_executioner_rolls_for_his_pin_at_once(fs, wolf, executioner):
    spec = fs.make_spec([wolf, executioner])
    kick = positioned(spec, [6, 4, 4], off=WOLF, level=3)
    kick.turn()
    assert kinds(kick) == ["offense", "pin"]
    assert (kick.off, kick.level) == (WOLF, 3)  # "Wolf rolling one die on his LEVEL 3 OFFENSE"
    pin = positioned(spec, [6, 2, 5], off=WOLF, level=3)
    pin.turn()
    assert pin.method is Method.PIN and pin.winner == WOLF


def test_out_of_the_ring_rating_a_roll_5_then_the_disqualification_roll(fs, wolf, executioner):
    # The Executioner rolls 3 on LEVEL 3 OFFENSE: out of the ring. Wolf (Ring A) rolls 5; he may
    # be disqualified and rolls again: 7 or higher, he throws the Executioner back in and rolls
    # on LEVEL 3 OFFENSE.
    spec = fs.make_spec([wolf, executioner])
    saved = positioned(spec, [3, 2, 3, 3, 4], off=EXECUTIONER, level=3)
    saved.turn()
    out, chart, dq = saved.events
    assert out.text == "The Executioner throws Wolf out of the ring!"
    assert chart.dice == (2, 3) and chart.data == {"chart": "ring", "rating": "A", "total": 5}
    assert dq.kind == "dq_check" and dq.actor == "wolf" and dq.dice == (3, 4)
    assert dq.data == {"rating": 6, "total": 7}
    assert (saved.off, saved.level, saved.method) == (WOLF, 3, None)

    disqualified = positioned(spec, [3, 1, 4, 2, 4], off=EXECUTIONER, level=3)
    disqualified.turn()
    assert disqualified.events[-1].data == {"rating": 6, "total": 6}
    assert disqualified.method is Method.DISQUALIFICATION
    assert disqualified.winner == EXECUTIONER


def test_the_opening_roll_ties_roll_again_and_highest_starts(fs, wolf, executioner):
    match = positioned(fs.make_spec([wolf, executioner]), [4, 4, 2, 6], off=0, level=1)
    match.opening()
    assert [e.dice for e in match.events] == [(4, 4), (2, 6)]
    assert "roll again" in match.events[0].text
    assert (match.off, match.level) == (EXECUTIONER, 1)
