"""The Superstar paths beyond the standard singles match, held to scripted dice round by round:
how long each effect lasts (a referee knocked out, sustained double teaming, a tag injury),
counted to the round, and the three-man and grudge variants. The singles paths are held to
exact odds in test_superstar_odds.py; the solver does not cover these (docs/rules/superstar.md,
"Exact odds"), so each test here plays a whole match from fixed dice to the ending the rulebook
gives, with every die used. A duration one round too short or too long leaves the dice out of
step, and the test fails.
"""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.result import Method
from rules.superstar import system as superstar
from rules.superstar.strategy import DefaultStrategy
from tests.rules.superstar_helpers import card, faces


class NeverTags(DefaultStrategy):
    """The default play, but nobody tags out (so the men in stay the same)."""

    def tag_out(self, match, side, partners):
        return None


def play(cards, dice, match_type, options, strategy=None):
    spec = superstar.make_spec(cards, match_type, options=options)
    scripted = ScriptedDice(dice)
    result = superstar.simulate(spec, dice=scripted, strategy=strategy, record=True)
    assert scripted.remaining == 0, f"{scripted.remaining} faces left unused"
    return result


def texts(result, kind):
    return [e.text for e in result.events if e.kind == kind]


def round_points(result):
    return [e.data["round_points"] for e in result.events if e.kind == "score"]


# ----------------------------------------------------------------------- a referee knocked out
@pytest.mark.parametrize(
    ("match_type", "chart_roll", "out_rounds", "after_pin"),
    [
        # Texas Death 3: "no pin/submission for 5 rounds": rounds 1-5, this one counting.
        ("texas_death", 3, 5, []),
        # Steel Cage 10 (pws): 4 rounds. The cage: the pinned man's 2 and 3 are no doubles,
        # the pinner climbs out and wins.
        ("steel_cage", 10, 4, [2, 3]),
    ],
)
def test_the_referee_is_out_for_the_rounds_the_chart_gives(
    match_type, chart_roll, out_rounds, after_pin
):
    """Round 1: A's XX move (11) knocks the referee out. Every later round A's Leg drop (9) is
    a P/A; while the referee is out nobody counts. The first round after, the pin roll (12) pins.
    """
    a = card("A", offense={11: "Kneedrop 8 XX", 9: "Leg drop 9 P/A"})
    b = card("B", general="DC")
    dice = faces(7, 5, 11, chart_roll, 3)
    dice += faces(7, 5, 9, 3) * (out_rounds - 1)
    dice += [*faces(7, 5, 9, 3, 12), *after_pin]
    result = play([a, b], dice, match_type, "time_limit=20")
    assert (result.winner, result.method, result.length) == (0, Method.PIN, out_rounds + 1)
    assert len([t for t in texts(result, "pin") if "referee is out cold" in t]) == out_rounds - 1


# ----------------------------------------------------------------------- sustained double teams
def test_letter_d_double_teams_for_three_rounds_then_a_normal_round():
    """Level 2, column 1/1, a 10: D, 2 vs. 1 for 3 rounds. Round 1: A1 and A2 attack. Rounds 2
    and 3: A1, A2 and B1 roll their General Cards (OC, OC, DC), A1 and A2 attack, B1 defends
    once. Round 4: a normal round, A1 against B1."""
    a1 = card("A1", general={9: "OC/TT"}, priority=(3, 1))
    a2 = card("A2", priority=(3, 1))
    b1 = card("B1", general="DC", priority=(3, 1))
    b2 = card("B2", priority=(3, 1))
    dice = faces(9, 5, 10, 7, 7, 3)
    dice += faces(7, 7, 5, 7, 7, 3) * 2
    dice += faces(7, 5, 7, 3)
    result = play([a1, a2, b1, b2], dice, "tag", "tag_level=2,time_limit=4", NeverTags())
    assert round_points(result) == [[6, 0], [6, 0], [6, 0], [3, 0]]
    assert len([t for t in texts(result, "general") if "(double teaming)" in t]) == 2
    assert result.method is Method.DRAW_TIME_LIMIT and result.length == 4


def test_three_man_letter_d_is_three_on_one_for_two_rounds():
    """Level 3, column 1/1, a 10: D, 3 vs. 1 for 2 rounds (the three-man key). Round 1: the
    three attack; round 2: the three and B1 roll General Cards; round 3: one on one."""
    team_a = [card("A1", general={9: "OC/TT"}, priority=(3, 1))]
    team_a += [card(f"A{i}", priority=(3, 1)) for i in (2, 3)]
    team_b = [card("B1", general="DC", priority=(3, 1))]
    team_b += [card(f"B{i}", priority=(3, 1)) for i in (2, 3)]
    dice = faces(9, 5, 10, 7, 7, 7, 3)
    dice += faces(7, 7, 7, 5, 7, 7, 7, 3)
    dice += faces(7, 5, 7, 3)
    result = play(team_a + team_b, dice, "three_man_tag", "tag_level=3,time_limit=3", NeverTags())
    assert round_points(result) == [[9, 0], [9, 0], [3, 0]]
    assert "A1 and A2 and A3 double team B1 for 2 rounds" in " ".join(texts(result, "double_team"))


def test_level_1_in_a_three_man_match_the_double_team_brings_one_partner():
    """No tag level: Level 1 with three men. A1's OC/TT: one partner comes in; one roll (7,
    Jab 3) counts on both cards; B1 defends once (B)."""
    team_a = [card("A1", general={9: "OC/TT"}), card("A2"), card("A3")]
    team_b = [card("B1", general="DC"), card("B2"), card("B3")]
    result = play(team_a + team_b, faces(9, 5, 7, 3), "three_man_tag", "time_limit=1")
    assert round_points(result) == [[6, 0]]
    assert len(texts(result, "double_team")) == 1 and len(texts(result, "offense")) == 2


# ----------------------------------------------------------------------- a tag injury's rounds
@pytest.mark.parametrize(("pin_round", "saved"), [(5, False), (6, True)])
def test_a_hurt_man_out_cannot_break_up_a_pin_for_the_rounds_shown(pin_round, saved):
    """Level 2, column 2/2, a 12: INJURY!; the die 1: the MAN-OUT (B2) hurt for 5 rounds, this
    round counting. A1 jabs (3) each round and goes for the pin with a Leg drop (9, P/A) in
    round ``pin_round``: the PIN (12) in round 5 stands, B2 still hurt; in round 6 B2 rolls his
    tag-team range (2-5) and a 4 breaks it up."""
    a1 = card("A1", general={9: "OC/TT"}, offense={9: "Leg drop 9 P/A"}, priority=(3, 2))
    a2 = card("A2", priority=(3, 2))
    b1 = card("B1", general="DC", priority=(3, 2))
    b2 = card("B2", priority=(3, 2), tag=(2, 5))
    dice = [*faces(9, 5, 12), 1, *faces(7, 3)]
    dice += faces(7, 5, 7, 3) * (pin_round - 2)
    dice += faces(7, 5, 9, 3, 12)
    if saved:
        dice += faces(4)
    result = play([a1, a2, b1, b2], dice, "tag", f"tag_level=2,time_limit={pin_round}", NeverTags())
    assert [(i.key, i.fight_cards) for i in result.effects.injuries] == [("b2", 1)]
    assert result.length == pin_round
    if saved:
        assert result.method is Method.DRAW_TIME_LIMIT
        assert [e.actor for e in result.events if e.kind == "save"] == ["b2"]
    else:
        assert (result.winner, result.method) == (0, Method.PIN)


# ----------------------------------------------------------------------- the options in a tag match
@pytest.mark.parametrize(
    ("stipulations", "winner", "method", "score"),
    [
        ({}, 0, Method.DISQUALIFICATION, [0, 0]),  # 10-12: counted out and disqualified
        ({"no_dq": True}, None, Method.DRAW_TIME_LIMIT, [12, 0]),  # the roll is points only
    ],
)
def test_a_tag_matchs_dq_roll_with_and_without_disqualification(
    stipulations, winner, method, score
):
    """A1's Throw out of ring (DQ) on a 10; B1 on DC defends B; B1 rolls 12."""
    a1, a2 = card("A1", offense={10: "Throw out of ring (DQ)"}), card("A2")
    b1, b2 = card("B1", general="DC"), card("B2")
    spec = superstar.make_spec(
        [a1, a2, b1, b2], "tag", options="time_limit=1", stipulations=stipulations
    )
    scripted = ScriptedDice(faces(7, 5, 10, 3, 12))
    result = superstar.simulate(spec, dice=scripted, record=True)
    assert scripted.remaining == 0
    assert (result.winner, result.method) == (winner, method)
    assert result.events[-1].data["score"] == score


@pytest.mark.parametrize(
    ("referee_roll", "pinned"),
    [(3, True), (7, False), (11, False)],
)
def test_the_referee_factor_in_a_tag_match(referee_roll, pinned):
    """A1's Leg drop (9, P/A), 9 points; the pin roll 11 in column 0-10: 5 points with "Honest"
    Abe or "Slow-Count" Sam (10: 4 points), PIN with "Fast-Count" Frank's +1 (12). Then B2 rolls
    his tag-team range (2-5): a 6 does not break it up."""
    a1, a2 = card("A1", offense={9: "Leg drop 9 P/A"}), card("A2")
    b1, b2 = card("B1", general="DC"), card("B2", tag=(2, 5))
    dice = [*faces(referee_roll, 7, 5, 9, 3, 11), *(faces(6) if pinned else [])]
    result = play([a1, a2, b1, b2], dice, "tag", "referee,time_limit=1")
    if pinned:
        assert (result.winner, result.method) == (0, Method.PIN)
    else:
        points = 5 if referee_roll == 7 else 4
        assert result.method is Method.DRAW_TIME_LIMIT
        assert result.events[-1].data["score"] == [9 + points, 0]


# ----------------------------------------------------------------------- the steel cage
def test_the_pinned_man_has_as_many_rounds_as_his_doubles_to_pin_back():
    """Steel Cage: A pins B in round 1; B rolls 1-1: two rounds (2 and 3) to pin him back.
    Round 3: B's Leg drop and a 12 pin A: both race out, A 6 + PF 3 = 9, B 5 + PF 3 = 8: A."""
    a = card("A", general={5: "DC"}, offense={9: "Leg drop 9 P/A"}, priority=(3, 2))
    b = card("B", general={5: "DC"}, offense={9: "Leg drop 9 P/A"}, priority=(3, 2))
    dice = faces(7, 5, 9, 3, 12, (1, 1))
    dice += faces(7, 7, 7, 7)  # round 2: both jab
    dice += faces(5, 7, 9, 3, 12)  # round 3: B pins A back
    dice += faces(6, 5)  # the race
    result = play([a, b], dice, "steel_cage", "time_limit=10")
    assert (result.winner, result.method, result.length) == (0, Method.PIN, 3)
    race = [e.text for e in result.events if e.kind == "cage" and "race" in e.text]
    assert len(race) == 1


def test_the_pinner_escapes_when_the_doubles_rounds_run_out():
    """The same pin and 1-1; rounds 2 and 3 pass without a pin: A is out after round 3."""
    a = card("A", general={5: "DC"}, offense={9: "Leg drop 9 P/A"}, priority=(3, 2))
    b = card("B", general={5: "DC"}, offense={9: "Leg drop 9 P/A"}, priority=(3, 2))
    dice = faces(7, 5, 9, 3, 12, (1, 1)) + faces(7, 7, 7, 7) * 2
    result = play([a, b], dice, "steel_cage", "time_limit=10")
    assert (result.winner, result.method, result.length) == (0, Method.PIN, 3)


# ----------------------------------------------------------------------- the battle royal
@pytest.mark.parametrize(
    ("cole_rolls", "out_after"),
    [
        # Cole's Jab 0 each round: 7-0, 14-0 (not 15), 15-0: out after round 3.
        ((6, 6, 6), 3),
        # Cole's Jab 5, 5, 0: 7-5, 14-10, 15-10: 15 and 5 ahead, out after round 3.
        ((8, 8, 6), 3),
        # Cole's Jab 5, 5, 1: 15-11, only 4 ahead; then 16-11: out after round 4.
        ((8, 8, 5, 6), 4),
    ],
)
def test_a_mini_match_is_won_with_15_points_and_5_ahead(cole_rolls, out_after):
    """Ace (PF 5) against Cole (PF 1), both on offense every round (General Card 7): Ace's
    Slam 7 (8) twice, then his Jab 1 (6); Cole's Offensive Card as given. Then the final, Ace
    against Brute from 0, one round (time_limit=1, the final's alone): Ace's Jab 3, a draw."""
    ace = card("Ace", offense={8: "Slam 7", 6: "Jab 1"}, priority=(5, 2))
    brute = card("Brute", general="DC", priority=(3, 2))
    cole = card("Cole", offense={8: "Jab 5", 6: "Jab 0", 5: "Jab 1"}, priority=(1, 2))
    ace_rolls = (8, 8, 6, 6)[:out_after]
    dice: list[int] = []
    for mine, his in zip(ace_rolls, cole_rolls, strict=True):
        dice += faces(7, 7, mine, his)
    dice += faces(7, 5, 7, 3)
    result = play([ace, brute, cole], dice, "battle_royal", "time_limit=1")
    assert result.effects.eliminations == ("cole",)
    assert len(round_points(result)) == out_after + 1
    assert round_points(result)[-1] == [3, 0]
    assert (result.winner, result.method) == (None, Method.DRAW_TIME_LIMIT)
