"""Every Superstar chart read both ways: each two-key lookup (the Advanced Tag-Team Chart by Off
TTR, Def TTR and roll; the PIN CHART by points and roll; a grudge chart by the match and roll;
the Tag Team Injury Chart's die) tried with keys whose swap gives another answer, through the
chart object and through the engine's own reading in a match with scripted dice.

Every figure is written here from docs/rules/superstar.md (the project's reading of the
rulebook: the key and the printed example are the rulebook's, the columns the project's own),
never read from rules/data/superstar/.
"""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.result import Method
from rules.superstar import system as superstar
from rules.superstar.strategy import DefaultStrategy
from rules.superstar.tables import PIN
from tests.rules.superstar_helpers import card, faces

# docs/rules/superstar.md, "Advanced Tag-Team Chart": the letters for the totals 2..12 of each
# column "Off TTR/Def TTR".
_EVEN = "AABBBCCCDDE"  # 1/1, 2/2, 3/3
_UP_ONE = "ABBBCCCCDDE"  # 2/1, 3/2
_UP_TWO = "ABBCCCCDDDE"  # 3/1
_DOWN_ONE = "AAABBBCCCDE"  # 1/2, 2/3
_DOWN_TWO = "AAAABBBCCDE"  # 1/3
TAG_COLUMNS = {
    (1, 1): _EVEN,
    (2, 2): _EVEN,
    (3, 3): _EVEN,
    (2, 1): _UP_ONE,
    (3, 2): _UP_ONE,
    (3, 1): _UP_TWO,
    (1, 2): _DOWN_ONE,
    (2, 3): _DOWN_ONE,
    (1, 3): _DOWN_TWO,
}
# The key: (in_ring, rounds, injury) per letter, two-man and three-man teams.
TWO_MAN_KEY = {
    "A": ("all", 1, False),
    "B": (2, 1, False),
    "C": (2, 2, False),
    "D": (2, 3, False),
    "E": (0, 0, True),
}
THREE_MAN_KEY = {
    "A": ("all", 1, False),
    "B": (2, 1, False),
    "C": (3, 1, False),
    "D": (3, 2, False),
    "E": (0, 0, True),
}

# docs/rules/superstar.md, "PIN CHART": per column (its lowest total), the results of the totals
# 2..12; "P" is PIN.
PIN_TABLE = {
    0: "2 2 2 2 3 3 3 4 4 5 P",
    11: "2 2 2 3 3 3 4 4 5 5 P",
    21: "2 3 3 3 4 4 5 5 5 P P",
    31: "3 3 4 4 5 5 5 6 6 P P",
    41: "3 3 4 5 5 5 6 7 P P P",
    51: "4 4 5 5 6 6 6 7 P P P",
    61: "4 5 5 5 6 6 7 7 P P P",
    71: "5 5 6 6 7 7 8 8 P P P",
    81: "6 7 7 7 8 8 9 P P P P",
    91: "7 8 8 8 9 9 10 P P P P",
    101: "8 9 9 9 11 11 12 P P P P",
    111: "9 10 10 11 12 13 14 P P P P",
    121: "10 12 11 13 14 14 P P P P P",
    131: "11 12 12 14 16 16 P P P P P",
    141: "11 13 13 14 16 P P P P P P",
}

# docs/rules/superstar.md, "Texas Death" and "Steel Cage": the move and its points by roll.
TEXAS_DEATH = {
    2: ("SLASH FACE WITH CAN OPENER - DRAW BLOOD", 15),
    3: ("KNOCK REF UNCONSCIOUS", 0),
    4: ("SMASH CHAIR OVER HEAD - DRAW BLOOD", 20),
    5: ("THROW SALT - BLIND OPPONENT", 0),
    6: ("CHOKE WITH COWBOY LARIAT", 12),
    7: ("RAM HEAD INTO RINGSIDE BELL-GONG!", 14),
    8: ('SMASH WITH 2" x 4"', 15),
    9: ("CHOKE AGAINST BOTTOM ROPE", 14),
    10: ("THROW OPPONENT INTO TV ANNOUNCER", 15),
    11: ("INTERFERENCE FROM A NON-INVOLVED WRESTLER", 20),
    12: ("OFFER FRIENDSHIP BUT KICK IN GROIN", 10),
}
STEEL_CAGE = {
    2: ("FLYING DOUBLE-LOADED ELBOW TO GROIN", 15),
    3: ("CRUSH FINGERS AGAINST CAGE", 10),
    4: ("B-52 KNEEDROP OFF TOP OF CAGE", 20),
    5: ("CHOKE BETWEEN ROPES AND CAGE", 14),
    6: ("CATAPULT INTO CAGE", 15),
    7: ("RUNNING POWER SLAM INTO CAGE", 12),
    8: ("GRIND FACE INTO STEEL CAGE - BLIND", 0),
    9: ("USE BRASS KNUCKLES - DRAW BLOOD", 15),
    10: ("KNOCK REF UNCONSCIOUS", 0),
    11: ("CHOKE WITH CHAIN THROWN INTO CAGE BY MASKED ALLY", 20),
    12: ("SHOULDER SMASH INTO CAGE", 10),
}
#: The rows that also roll the Specialty card (Texas Death 9, Steel Cage 3).
GRUDGE_SPECIALTY = {("texas_death", 9), ("steel_cage", 3)}

# docs/rules/superstar.md, "Tag Team Injury Chart": die -> (who, rounds, fight cards).
TAG_INJURIES = {
    1: ("man_out", 5, 1),
    2: ("man_in", 5, 1),
    3: ("man_out", 10, 2),
    4: ("man_in", 10, 2),
    5: ("both", 2, 1),
    6: ("both", 3, 1),
}


@pytest.fixture(scope="module")
def tables():
    return superstar.load_tables()


def play(cards, dice, match_type="singles", options="time_limit=1", strategy=None):
    spec = superstar.make_spec(cards, match_type, options=options)
    scripted = ScriptedDice(dice)
    result = superstar.simulate(spec, dice=scripted, strategy=strategy)
    assert scripted.remaining == 0, f"{scripted.remaining} faces left unused"
    return result


def events(result, kind):
    return [e for e in result.events if e.kind == kind]


# ------------------------------------------------------------------- the Advanced Tag-Team Chart
def test_the_docs_tag_columns_differ_when_the_ratings_swap():
    """The premise of the tests below: every unequal pair reads another column swapped."""
    for (off, dfn), letters in TAG_COLUMNS.items():
        if off != dfn:
            assert letters != TAG_COLUMNS[(dfn, off)]


@pytest.mark.parametrize(("off", "dfn"), sorted(TAG_COLUMNS))
def test_every_cell_of_the_tag_chart_reads_by_off_ttr_then_def_ttr(tables, off, dfn):
    chart = tables.advanced_tag_chart
    got = "".join(chart.outcome(2, off, dfn, total).letter for total in range(2, 13))
    assert got == TAG_COLUMNS[(off, dfn)]


@pytest.mark.parametrize(
    ("off", "dfn", "total", "letter", "swapped"),
    [
        (3, 1, 5, "C", "A"),  # attacking side better by two: C; the other way round: A
        (3, 1, 9, "D", "C"),
        (2, 1, 3, "B", "A"),
        (3, 2, 6, "C", "B"),
        (2, 3, 10, "C", "D"),
        (1, 3, 6, "B", "C"),
    ],
)
def test_the_tag_chart_gives_another_letter_with_the_ratings_swapped(
    tables, off, dfn, total, letter, swapped
):
    chart = tables.advanced_tag_chart
    assert chart.outcome(2, off, dfn, total).letter == letter
    assert chart.outcome(2, dfn, off, total).letter == swapped


@pytest.mark.parametrize(("size", "key"), [(2, TWO_MAN_KEY), (3, THREE_MAN_KEY)])
def test_the_tag_chart_key_by_team_size(tables, size, key):
    """Each letter is found in some column at some roll; its meaning is the team size's key."""
    chart = tables.advanced_tag_chart
    where = {"A": (1, 1, 2), "B": (1, 1, 4), "C": (1, 1, 7), "D": (1, 1, 10), "E": (1, 1, 12)}
    for letter, (off, dfn, total) in where.items():
        outcome = chart.outcome(size, off, dfn, total)
        assert outcome.letter == letter
        assert (outcome.in_ring, outcome.rounds, outcome.injury) == key[letter]


def test_the_rulebooks_example_and_its_swap(tables):
    # "MAN OUT Off TTR = 3, MAN OUT Def TTR = 2, dice roll = 9; resulting in the letter C".
    chart = tables.advanced_tag_chart
    assert chart.outcome(2, 3, 2, 9).text == "2 vs. 1 for 2 rounds"
    assert chart.outcome(3, 3, 2, 9).text == "3 vs. 1 for 1 round"
    assert chart.outcome(3, 3, 2, 3).letter == "B"  # 3/2, a 3: B; 2/3, a 3: A
    assert chart.outcome(3, 2, 3, 3).letter == "A"
    assert chart.outcome(4, 2, 3, 3).text.startswith("3 vs. 3")  # four or more: three-man key


def _tag_cards(a_in, a_out, b_in, b_out):
    """A1 rolls OC/TT on a 9; B1 is on DC. Ratings: each man's tag-team rating."""
    return [
        card("A1", general={9: "OC/TT"}, priority=(3, a_in)),
        card("A2", priority=(3, a_out)),
        card("B1", general="DC", priority=(3, b_in)),
        card("B2", priority=(3, b_out)),
    ]


def test_the_engine_reads_the_attacking_mans_out_as_off_ttr():
    """The men out: A2 rated 3 (Off TTR), B2 rated 1 (Def TTR); the men in the other way round.
    Column 3/1, a 5: C, 2 vs. 1 for 2 rounds (1/3 would be A, everyone in)."""
    cards = _tag_cards(a_in=1, a_out=3, b_in=3, b_out=1)
    # Generals 9 (OC/TT) and 5 (DC), the chart 5; A1's and A2's attacks, B1's defense (B).
    result = play(cards, faces(9, 5, 5, 7, 7, 3), "tag", "tag_level=2,time_limit=1")
    (chart,) = events(result, "tag_chart")
    assert (chart.data["letter"], chart.data["total"]) == ("C", 5)
    assert "(Off TTR 3, Def TTR 1): C, 2 vs. 1 for 2 rounds" in chart.text
    assert events(result, "double_team")[0].data["rounds"] == 2
    assert result.events[-1].data["score"] == [6, 0]  # two Jabs of 3; B1's B scores nothing


def test_the_engine_reads_the_attacked_mans_out_as_def_ttr():
    """The mirror: A2 rated 1, B2 rated 3. Column 1/3, a 5: A, everyone in for a round."""
    cards = _tag_cards(a_in=3, a_out=1, b_in=1, b_out=3)
    # Generals, the chart 5; then all four attack, nobody defends.
    result = play(cards, faces(9, 5, 5, 7, 7, 7, 7), "tag", "tag_level=2,time_limit=1")
    (chart,) = events(result, "tag_chart")
    assert (chart.data["letter"], chart.data["total"]) == ("A", 5)
    assert "(Off TTR 1, Def TTR 3): A, 2 vs. 2 for 1 round" in chart.text
    assert result.events[-1].data["score"] == [6, 6]


def test_the_engine_reads_the_better_man_out_of_three_by_the_three_man_key():
    """Level 3: A's men out rated 1 and 2 (Off TTR 2), B's 1 and 1 (Def TTR 1); the men in are
    rated 3. Column 2/1, a 6: C, 3 vs. 1 for 1 round (three-man key); 1/2 would be B, 2 vs. 1."""
    team_a = [
        card("A1", general={9: "OC/TT"}, priority=(3, 3)),
        card("A2", priority=(3, 1)),
        card("A3", priority=(3, 2)),
    ]
    team_b = [
        card("B1", general="DC", priority=(3, 3)),
        card("B2", priority=(3, 1)),
        card("B3", priority=(3, 1)),
    ]
    result = play(
        team_a + team_b, faces(9, 5, 6, 7, 7, 7, 3), "three_man_tag", "tag_level=3,time_limit=1"
    )
    (chart,) = events(result, "tag_chart")
    assert "(Off TTR 2, Def TTR 1): C, 3 vs. 1 for 1 round" in chart.text
    assert result.events[-1].data["score"] == [9, 0]


# ------------------------------------------------------------------- the Tag Team Injury Chart
def test_the_tag_injury_chart_by_die_face(tables):
    rows = tables.tag_injury_chart
    for face, (who, rounds, fight_cards) in TAG_INJURIES.items():
        row = rows[face - 1]
        assert (row.who, row.rounds, row.fight_cards) == (who, rounds, fight_cards)


@pytest.mark.parametrize(
    ("face", "after", "hurt"),
    [
        # A man out hurt: B1 stays in and defends (B).
        (1, faces(7, 3), [("b2", 1)]),
        (3, faces(7, 3), [("b2", 2)]),
        # The man in hurt: B2 comes in, rolls his General Card (5: OC): both attack.
        (2, faces(5, 7, 7), [("b1", 1)]),
        (4, faces(5, 7, 7), [("b1", 2)]),
        # Both: nobody fit outside, B1 stays in helpless (no rolls).
        (5, faces(7), [("b1", 1), ("b2", 1)]),
        (6, faces(7), [("b1", 1), ("b2", 1)]),
    ],
)
def test_the_engine_hurts_whom_the_injury_die_says(face, after, hurt):
    """Column 2/2, a 12: INJURY!; the die picks the row (docs/rules/superstar.md)."""
    cards = _tag_cards(a_in=2, a_out=2, b_in=2, b_out=2)
    result = play(cards, [*faces(9, 5, 12), face, *after], "tag", "tag_level=2,time_limit=1")
    (injury,) = events(result, "injury")
    assert (injury.data["face"], injury.data["rounds"]) == (face, TAG_INJURIES[face][1])
    assert [(i.key, i.fight_cards) for i in result.effects.injuries] == hurt


# ------------------------------------------------------------------------------ the PIN CHART
def _pin_rows():
    return {
        low: [PIN if x == "P" else int(x) for x in row.split()] for low, row in PIN_TABLE.items()
    }


def test_every_cell_of_the_pin_chart_reads_by_points_then_roll(tables):
    chart = tables.pin_chart
    for low, row in _pin_rows().items():
        for points in (low, low + 9 if low < 141 else 900):
            column = chart.column(points)
            assert [chart.columns[column][t - 2] for t in range(2, 13)] == row, (points, row)


def test_the_pin_chart_columns_turn_at_each_ten(tables):
    chart = tables.pin_chart
    lows = sorted(PIN_TABLE)
    assert chart.column(-5) == 0 and chart.column(10) == 0
    for index, low in enumerate(lows[1:], 1):
        assert (chart.column(low - 1), chart.column(low)) == (index - 1, index)
    assert chart.column(10_000) == len(lows) - 1


class NoPins(DefaultStrategy):
    def attempt_pin(self, match, side, reason):
        return False


@pytest.mark.parametrize(
    ("points", "roll", "result"),
    [
        (45, 9, 7),  # 41-50, a 9: 7 points (the roll's column, 81-90, would pin on its 6)
        (45, 10, PIN),
        (5, 11, 5),  # 0-10, an 11: 5; 21-30's 11 pins
        (25, 11, PIN),
        (95, 8, 10),  # 91-100, an 8: 10 points
        (85, 8, 9),
        (99, 9, PIN),
    ],
)
def test_the_engine_reads_the_pin_chart_by_the_pinners_total(points, roll, result):
    """One P/A move of ``points`` (the column is the total after the round), then the pin roll."""
    a = card("A", offense={9: f"Slam {points} P/A"})
    b = card("B", general="DC")
    match = play([a, b], faces(7, 5, 9, 3, roll))
    (pin,) = events(match, "pin")
    assert pin.data["total"] == roll and pin.data["pinned"] == (result == PIN)
    if result == PIN:
        assert (match.winner, match.method) == (0, Method.PIN)
    else:
        assert match.events[-1].data["score"] == [points + result, 0]


# ------------------------------------------------------------------------------ the referee
@pytest.mark.parametrize(
    ("roll", "name", "modifier"),
    [
        (2, '"Honest" Abe', 0),
        (3, '"Fast-Count" Frank', 1),
        (10, '"Honest" Abe', 0),
        (11, '"Slow-Count" Sam', -1),
        (12, '"Honest" Abe', 0),
    ],
)
def test_the_engine_reads_the_referee_by_the_two_dice(roll, name, modifier):
    a, b = card("A"), card("B", general="DC")
    result = play([a, b], faces(roll, 7, 5, 7, 3), options="referee,time_limit=1")
    (referee,) = events(result, "referee")
    assert name in referee.text and referee.data == {"total": roll, "modifier": modifier}


# ------------------------------------------------------------------------------ the grudge charts
@pytest.mark.parametrize(
    ("chart", "roll"),
    [(c, r) for c in ("texas_death", "steel_cage") for r in range(2, 13)],
)
def test_the_engine_reads_the_matchs_own_grudge_chart_by_the_roll(chart, roll):
    """A's XX move (on an 11) rolls the chart: its move and points (the specialty's 8 on a 4
    where the row rolls it). No pin is tried, so every row plays in the same dice."""
    table = TEXAS_DEATH if chart == "texas_death" else STEEL_CAGE
    name, points = table[roll]
    a = card("A", offense={11: "Kneedrop 8 XX"})
    b = card("B", general="DC")
    specialty = (chart, roll) in GRUDGE_SPECIALTY
    dice = [*faces(7, 5, 11, roll), *([4] if specialty else []), *faces(3)]
    result = play([a, b], dice, chart, strategy=NoPins())
    grudge = events(result, "grudge")[0]
    title = "Texas Death Chart" if chart == "texas_death" else "Steel Cage Chart"
    assert f"rolls {roll} on the {title}: {name}, " in grudge.text
    assert grudge.data["total"] == roll
    assert result.events[-1].data["score"] == [points + (8 if specialty else 0), 0]


@pytest.mark.parametrize(
    ("match_type", "options", "name"),
    [
        ("texas_death", "time_limit=1", "KNOCK REF UNCONSCIOUS"),
        ("steel_cage", "time_limit=1", "CRUSH FINGERS AGAINST CAGE"),
        ("grudge", "time_limit=1", "KNOCK REF UNCONSCIOUS"),
        ("grudge", "grudge=steel_cage,time_limit=1", "CRUSH FINGERS AGAINST CAGE"),
        ("singles", "grudge=steel_cage,time_limit=1", "CRUSH FINGERS AGAINST CAGE"),
        ("singles", "grudge=texas_death,time_limit=1", "KNOCK REF UNCONSCIOUS"),
    ],
)
def test_a_roll_of_3_reads_the_chart_the_match_plays(match_type, options, name):
    a = card("A", offense={11: "Kneedrop 8 XX"})
    b = card("B", general="DC")
    cage = name.startswith("CRUSH")
    dice = [*faces(7, 5, 11, 3), *([4] if cage else []), *faces(3)]
    result = play([a, b], dice, match_type, options, strategy=NoPins())
    grudge = events(result, "grudge")[0]
    title = "Steel Cage Chart" if cage else "Texas Death Chart"
    assert f"rolls 3 on the {title}: {name}, " in grudge.text


# ------------------------------------------------------------------------------ the cards
@pytest.mark.parametrize("match_type", ["singles", "texas_death"])
def test_each_roll_reads_its_own_wrestlers_card(match_type):
    """A singles match (its own fast loop) and a grudge match (the general round), with no XX
    move. Which card and which roll: A's General Card is OC on a 4 alone, B's DC on a 9 (and 4);
    A's Offensive Card 5 is ROPES (B's, a Punch 2); A's Ropes card 8 a Clothesline 7 (B's, NA);
    B's Defensive Card 6 is A (A's, C): 2 points for B, the Clothesline stands. Any card read
    for the other wrestler, or any other roll, leaves the round elsewhere."""
    a = card(
        "A",
        general={t: "DC" for t in range(2, 13) if t != 4} | {4: "OC"},
        offense={5: "ROPES", 9: "Slam 9"},
        ropes={8: "Clothesline 7", 6: "NA"},
        defense={6: "C"},
    )
    b = card(
        "B",
        general={4: "DC", 9: "DC"},
        offense={5: "Punch 2"},
        ropes={8: "NA"},
        defense={6: "A", 8: "C"},
    )
    result = play([a, b], faces(4, 9, 5, 8, 6), match_type)
    assert [e.kind for e in result.events][:5] == [
        "general",
        "offense",
        "ropes",
        "defense",
        "score",
    ]
    assert result.events[-1].data["score"] == [7, 2]
