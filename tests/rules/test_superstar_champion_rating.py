"""The "+" of a Superstar rating, read from the rulebook's Ratings table (docs/rules/superstar.md):

    "The first number is the rating for singles matches, and ranges from 1 to 5+, with 1 being
    the worst possible and 5+ being the best. [...] 5 Top Contender / +1 Champion (add to
    rating)"
    "Eye of the Tiger: When a wrestler becomes a title holder, his PF is increased by one for
    the duration of his title reign. For example, if Ric Martel becomes your champ, his PF would
    raise from a 5 to a 6 for his reign."

The "+" is the champion's "+1": a printed 5+ plays as 6 (not 5.5), and a title reign gives the
same one point, once. The title matches below are where the readings part: under 5.5 the
champion rated 5 (6 in his reign) beats a challenger's printed 5+, and a champion with a 5+ card
plays 6.5 against a 6; here both are equal PFs, and "in the case of identical PFs, both
wrestlers get zero points for the round".
"""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import ScriptedDice
from rules.superstar import system as superstar
from tests.rules.superstar_helpers import card, faces

# One round: both on offense (General Card 7, 7); the first rolls 9 on his Offensive Card (a
# P/A move), the second 8 (a submission hold): two priority moves in the same round.
ROUND = faces(7, 7, 9, 8)


def title_match(first, second, champion_side: int):
    spec = superstar.make_spec([first, second], options="time_limit=1")
    sides = list(spec.sides)
    side = sides[champion_side]
    sides[champion_side] = replace(
        side, participants=tuple(replace(p, champion=True) for p in side.participants)
    )
    return replace(spec, sides=tuple(sides))


def play(spec, dice):
    scripted = ScriptedDice(dice)
    result = superstar.simulate(spec, dice=scripted)
    assert scripted.remaining == 0, f"{scripted.remaining} faces left unused"
    return result


def priority_text(result) -> str:
    return next(e.text for e in result.events if e.kind == "priority")


def score(result) -> list[int]:
    return result.events[-1].data["score"]


def test_a_champion_rated_5_meets_a_printed_5_plus_as_an_equal():
    champ = card("Champ", offense={9: "Leg drop 9 P/A"}, priority=(5, 2))
    challenger = card("Challenger", offense={8: "Crab 6 *"}, priority=("5+", 2))
    result = play(title_match(champ, challenger, 0), ROUND)
    # 5 + 1 for his reign = 6; the challenger's 5+ = 5 + 1 = 6: neither scores, no pin, no hold.
    assert "Priority Factors are equal (6)" in priority_text(result)
    assert score(result) == [0, 0]
    assert {e.kind for e in result.events}.isdisjoint({"pin", "submission"})


def test_a_champion_whose_card_prints_5_plus_gets_the_point_once():
    champ = card("Champ", offense={9: "Leg drop 9 P/A"}, priority=("5+", 2))
    challenger = card("Challenger", offense={8: "Crab 6 *"}, priority=(6, 2))
    result = play(title_match(champ, challenger, 0), ROUND)
    # Not 6.5 (5.5 + 1) nor 7 (6 + 1): 6 against 6.
    assert "Priority Factors are equal (6)" in priority_text(result)
    assert score(result) == [0, 0]


def test_a_printed_5_plus_outside_a_title_match_plays_as_6():
    plus = card("Plus", offense={9: "Leg drop 9 P/A"}, priority=("5+", 2))
    five = card("Five", offense={8: "Crab 6 *"}, priority=(5, 2))
    # His P/A stands: 9 points, then a pin attempt in the 9 column (a 7 kicks out for 3 points).
    result = play(superstar.make_spec([plus, five], options="time_limit=1"), [*ROUND, *faces(7)])
    assert "Plus's Priority Factor (6) beats Five's (5)" in priority_text(result)
    assert score(result) == [12, 0]


def test_a_printed_3_plus_tag_rating_plays_as_4_and_the_card_keeps_its_print():
    plus, four = card("Plus", priority=(3, "3+")), card("Four", priority=(3, 4))
    assert plus.priority == (3, 3.5)  # the card as printed (and stored): "3+"
    assert superstar.card_to_data(plus)["priority"] == [3, 3.5]
    spec = superstar.make_spec([plus, card("P2"), four, card("F2")], "tag")
    prep = superstar.prepare(spec)
    assert [team[0].ttr for team in prep.teams] == [4, 4]
    assert [team[0].prio for team in prep.teams] == [4, 4]  # a tag match's Priority Factor
