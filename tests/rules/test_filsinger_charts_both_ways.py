"""Every Filsinger chart and card read both ways: each two-key lookup (a rating chart by the
thrown man's rating and the roll, a card by level and die, a Choice Situations column by letter
and move, a move's target by the opponent's agility and power) tried with keys whose swap gives
another answer, through the chart objects and through the engine's own reading, turn by turn
with scripted dice.

Every figure is written here from docs/rules/filsinger.md (the project's charts, the rulebook
naming but not printing them), never read from rules/data/filsinger/.
"""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.result import Method
from tests.rules.conftest import kinds, positioned
from tests.rules.filsinger_helpers import card

# docs/rules/filsinger.md, "The charts": per chart, per rating, the rows for the totals 2..12.
# "opp L3": the other wrestler on LEVEL 3 OFFENSE; "you L1": the one who rolled; "PIN you": he
# rolls against his PIN rating; a check ("count-out 5 you", "DQ both", "DQ 12 you") comes first.
ROPES = {
    "A": [
        "opp L3",
        "opp L2",
        "opp L2",
        "opp L1",
        "opp L1",
        "you L1",
        "you L1",
        "you L2",
        "you L2",
        "you L3",
        "you L3",
    ],
    "B": [
        "PIN you",
        "opp L3",
        "opp L3",
        "opp L2",
        "opp L2",
        "opp L1",
        "you L1",
        "you L1",
        "you L2",
        "you L2",
        "you L3",
    ],
    "C": [
        "PIN you",
        "PIN you",
        "opp L3",
        "opp L3",
        "opp L2",
        "opp L2",
        "opp L1",
        "opp L1",
        "you L1",
        "you L1",
        "you L2",
    ],
}
TURNBUCKLE = {
    "A": [
        "opp L3",
        "opp L2",
        "opp L2",
        "opp L2",
        "opp L1",
        "you L1",
        "you L1",
        "you L2",
        "you L2",
        "you L2",
        "you L3",
    ],
    "B": [
        "PIN you",
        "opp L3",
        "opp L3",
        "opp L3",
        "opp L2",
        "opp L2",
        "you L1",
        "you L1",
        "you L2",
        "you L2",
        "you L3",
    ],
    "C": [
        "PIN you",
        "PIN you",
        "opp L3",
        "opp L3",
        "opp L3",
        "opp L2",
        "opp L2",
        "opp L1",
        "opp L1",
        "you L1",
        "you L2",
    ],
}
RING = {
    "A": [
        "count-out 5 you, opp L3",
        "DQ both, you L2",
        "DQ both, you L2",
        "DQ you, you L3",
        "DQ you, you L3",
        "you L2",
        "you L2",
        "you L1",
        "you L1",
        "count-out 5 opp, you L2",
        "you L3",
    ],
    "B": [
        "count-out 6 both, opp L2",
        "count-out 6 you, opp L3",
        "DQ you, opp L2",
        "DQ you, opp L2",
        "DQ both, opp L1",
        "opp L2",
        "opp L2",
        "you L1",
        "you L1",
        "you L2",
        "DQ opp, you L3",
    ],
    "C": [
        "count-out 8 you, opp L3",
        "count-out 6 you, opp L3",
        "count-out 6 you, opp L3",
        "DQ both, opp L2",
        "opp L3",
        "opp L3",
        "PIN you",
        "opp L2",
        "opp L2",
        "you L1",
        "DQ opp, you L2",
    ],
}
DEATHJUMP = {
    "A": [
        "PIN you",
        "opp L3",
        "opp L3",
        "DQ opp, opp L3",
        "you L2",
        "you L2",
        "you L2",
        "you L3",
        "you L3",
        "you L3",
        "you L3",
    ],
    "B": [
        "PIN you",
        "PIN you",
        "opp L3",
        "opp L3",
        "DQ opp, opp L3",
        "you L2",
        "you L2",
        "you L1",
        "you L1",
        "you L3",
        "you L3",
    ],
    "C": [
        "PIN you",
        "PIN you",
        "PIN you",
        "opp L3",
        "opp L3",
        "DQ opp, opp L2",
        "opp L2",
        "opp L2",
        "you L2",
        "you L2",
        "you L3",
    ],
}
RATING_CHARTS = {"ropes": ROPES, "turnbuckle": TURNBUCKLE, "ring": RING, "deathjump": DEATHJUMP}
INTERFERENCE = ["DQ 12 you, opp L3", "DQ 7 you, opp L3", "DQ 7 you, opp L3", "opp L2", "opp L2"]
INTERFERENCE += ["you L1", "you L1", "you L2", "you L2", "you L3", "PIN opp"]
# The Feud Table's injuries by roll: (who, fight cards).
FEUD = {
    2: [("both", 2)],
    3: [("loser", 3)],
    4: [("loser", 2)],
    5: [("loser", 1)],
    6: [],
    7: [],
    8: [],
    9: [("winner", 1)],
    10: [("winner", 2)],
    11: [("winner", "1d6")],
    12: [("both", "1d6")],
}
# Choice Situations: letter -> two moves (name, uses, target, success, failure).
CHOICES = {
    "A": [
        ("flying crossbody", ("ag",), 7, "opp defends L3", "opp L2"),
        ("body slam", ("pw",), 8, "opp defends L2", "opp L1"),
    ],
    "B": [
        ("top-rope dropkick", ("ag",), 6, "PIN opp", "opp L2"),
        ("suplex", ("pw",), 8, "opp defends L2", "you L1"),
    ],
    "C": [
        ("clothesline from the top", ("ag",), 7, "opp defends L3", "opp L3"),
        ("backbreaker", ("ag", "pw"), 7, "opp defends L3", "opp L2"),
    ],
    "D": [
        ("hurricanrana", ("ag",), 7, "opp defends L3", "opp L2"),
        ("piledriver", ("pw",), 6, "PIN opp", "opp L2"),
    ],
    "E": [
        ("moonsault", ("ag",), 5, "PIN opp", "opp L3"),
        ("powerbomb", ("pw",), 7, "opp defends L3", "opp L1"),
    ],
    "F": [
        ("sleeper hold", ("pw",), 8, "opp defends L2", "you L1"),
        ("figure-four leglock", ("ag", "pw"), 7, "opp defends L3", "opp L2"),
    ],
}
CHART_ENTRY = {
    "ropes": "into the ropes",
    "turnbuckle": "into the turnbuckle",
    "ring": "out of the ring",
    "deathjump": "deathjump",
}
#: The other ratings, for an attacker rated otherwise than the man he throws.
OTHER = {"A": "C", "B": "A", "C": "B"}


def parse_cell(cell: str):
    """A cell as (check, then, who, level): check (kind, who, rating or None) or None."""
    names = {"you": "you", "opp": "opponent", "both": "both"}
    check = None
    if ", " in cell:
        first, cell = cell.split(", ")
        words = first.split()
        kind = "count_out" if words[0] == "count-out" else "dq"
        rating = int(words[1]) if len(words) == 3 else None
        check = (kind, names[words[-1]], rating)
    words = cell.split()
    if words[0] == "PIN":
        return check, "pin", names[words[1]], 0
    if words[1] == "defends":
        return check, "defense", "opponent", int(words[2][1])
    return check, "offense", names[words[0]], int(words[1][1])


def outcome_tuple(outcome):
    check = outcome.check
    return (
        None if check is None else (check.kind, check.who, check.rating),
        outcome.then,
        outcome.who,
        outcome.level,
    )


@pytest.fixture(scope="module")
def tables(fs):
    return fs.load_tables()


# ------------------------------------------------------------------------ the charts as objects
def test_the_docs_columns_differ_from_each_other():
    """The premise: reading another rating's column would give another answer somewhere."""
    for chart in RATING_CHARTS.values():
        assert chart["A"] != chart["B"] != chart["C"] != chart["A"]


@pytest.mark.parametrize("name", sorted(RATING_CHARTS))
def test_every_cell_of_a_rating_chart_reads_by_rating_then_roll(tables, name):
    chart = tables.charts[name]
    for rating, cells in RATING_CHARTS[name].items():
        got = [outcome_tuple(chart.outcome(rating, total)) for total in range(2, 13)]
        assert got == [parse_cell(c) for c in cells], (name, rating)


def test_the_interference_chart_by_roll(tables):
    rows = tables.interference.columns["any"]
    assert [outcome_tuple(r) for r in rows] == [parse_cell(c) for c in INTERFERENCE]


def test_the_feud_table_by_roll(tables):
    got = {
        total: [(i.who, i.fight_cards) for i in row.injuries]
        for total, row in enumerate(tables.feud_table, 2)
    }
    assert got == FEUD


@pytest.mark.parametrize("letter", sorted(CHOICES))
def test_every_choice_situation_by_letter_then_move(tables, letter):
    moves = tables.choice_situations[letter]
    got = [
        (m.name, m.uses, m.target, outcome_tuple(m.success), outcome_tuple(m.failure))
        for m in moves
    ]
    assert got == [
        (name, uses, target, parse_cell(success), parse_cell(failure))
        for name, uses, target, success, failure in CHOICES[letter]
    ]


@pytest.mark.parametrize(
    ("letter", "index", "agility", "power", "threshold"),
    [
        ("A", 0, -2, 1, 5),  # crossbody (ag, 7) against agility -2: 5 (power would make it 8)
        ("A", 1, -2, 1, 9),  # body slam (pw, 8) against power +1: 9 (agility: 6)
        ("C", 1, 2, -3, 6),  # backbreaker (ag+pw, 7): 7 + 2 - 3
        ("E", 0, 3, -1, 8),  # moonsault (ag, 5)
        ("D", 1, 3, -1, 5),  # piledriver (pw, 6)
    ],
)
def test_a_moves_target_adds_the_opponents_agility_or_power(
    tables, letter, index, agility, power, threshold
):
    move = tables.choice_situations[letter][index]
    assert move.threshold(agility, power) == threshold


# ------------------------------------------------------------------------ the engine's reading
def thrower(fs, name, entry, **ratings):
    """Every offensive entry ``entry``; every defense dazed - 1; PIN 7, disqualification 6."""
    return card(fs, name, [entry] * 6, ["dazed - 1"] * 6, **ratings)


CELLS = [
    (name, rating, total)
    for name in sorted(RATING_CHARTS)
    for rating in "ABC"
    for total in range(2, 13)
]


@pytest.mark.parametrize(("name", "rating", "total"), CELLS)
def test_the_engine_reads_the_thrown_mans_rating_and_the_roll(fs, name, rating, total):
    """Ace (on offense) throws Brute, rated ``rating`` for the chart; Ace is rated otherwise.
    Every check misses (12), a pin is kicked out (12 against PIN 7: Ace on LEVEL 3). The turn
    ends with whom the docs' cell says on offense, at its level."""
    entry = CHART_ENTRY[name]
    ace = thrower(fs, "Ace", entry, **{name: OTHER[rating]})
    brute = thrower(fs, "Brute", entry, **{name: rating})
    check, then, who, level = parse_cell(RATING_CHARTS[name][rating][total - 2])
    first = min(total - 1, 6)
    dice = [1, first, total - first]
    checks = 0 if check is None else 2 if check[1] == "both" else 1
    dice += [6, 6] * checks
    if then == "pin":
        dice += [6, 6]
    match = positioned(fs.make_spec([ace, brute]), dice, off=0, level=1)
    match.turn()
    chart = next(e for e in match.events if e.kind == "chart")
    assert (chart.data["chart"], chart.data["rating"], chart.data["total"]) == (name, rating, total)
    assert match.method is None
    if then == "pin":
        assert (match.off, match.level) == (0, 3) and "pin" in kinds(match)
    else:
        assert (match.off, match.level) == (1 if who == "you" else 0, level)
    checked = [e for e in match.events if e.kind in ("dq_check", "count_out_check")]
    assert len(checked) == checks
    if check is not None:
        kind, _, rating_given = check
        assert all(e.kind == f"{kind}_check" for e in checked)
        assert all(e.data["rating"] == (rating_given or 6) for e in checked)


@pytest.mark.parametrize(
    ("name", "rating", "total", "who", "method"),
    [
        ("ring", "A", 2, 1, Method.COUNT_OUT),  # count-out 5 (you): Brute counted out
        ("ring", "A", 11, 0, Method.COUNT_OUT),  # count-out 5 (opp): Ace counted out
        ("ring", "B", 12, 0, Method.DISQUALIFICATION),  # DQ (opp): Ace disqualified
        ("ring", "B", 4, 1, Method.DISQUALIFICATION),  # DQ (you): Brute
        ("deathjump", "C", 7, 0, Method.DISQUALIFICATION),  # DQ (opp): Ace, for jumping
    ],
)
def test_a_charts_check_falls_on_the_wrestler_it_names(fs, name, rating, total, who, method):
    """The check hits (2 on the dice); ``who`` is the side that loses."""
    entry = CHART_ENTRY[name]
    ace = thrower(fs, "Ace", entry, **{name: OTHER[rating]})
    brute = thrower(fs, "Brute", entry, **{name: rating})
    first = min(total - 1, 6)
    match = positioned(fs.make_spec([ace, brute]), [1, first, total - first, 1, 1], off=0, level=1)
    match.turn()
    assert (match.winner, match.method) == (1 - who, method)


def rows_card(fs, name, pin_on_3=False):
    """Offense: LEVEL n, die f names the move "Move nf", sending the defender to LEVEL 1, 2, 3
    by the die (1-2, 3-4, 5-6). Defense: LEVEL n, die f a counter of level n where f is 1, else
    dazed - 1 (the attacker stays on offense, at LEVEL 1); ``pin_on_3``: LEVEL 3's die 1 a PIN."""
    offense = {
        level: [f"Move {level}{f} - {(f + 1) // 2}" for f in range(1, 7)] for level in (1, 2, 3)
    }
    defense = {level: [f"{name.upper()} - {level}"] + ["dazed - 1"] * 5 for level in (1, 2, 3)}
    if pin_on_3:
        defense[3][0] = "PIN"
    return fs.parse_card(
        {
            "system": "filsinger",
            "name": name,
            "offense": offense,
            "defense": defense,
            "ratings": {
                "pin": 7,
                "pin_fatigue": 4,
                "ropes": "B",
                "turnbuckle": "B",
                "ring": "B",
                "deathjump": "B",
                "disqualification": 6,
            },
        }
    )


@pytest.mark.parametrize(
    ("level", "face", "move", "defends_at"),
    [
        (1, 3, "Move 13", 2),  # LEVEL 1, die 3 (LEVEL 3, die 1 would be Move 31, to LEVEL 1)
        (3, 1, "Move 31", 1),
        (2, 6, "Move 26", 3),
        (3, 5, "Move 35", 3),
    ],
)
def test_the_engine_reads_the_offensive_card_by_level_then_die(fs, level, face, move, defends_at):
    ace, brute = rows_card(fs, "Ace"), rows_card(fs, "Brute")
    # Brute's die 1 is his counter of the level he defends at: he takes the offense there.
    match = positioned(fs.make_spec([ace, brute]), [face, 1], off=0, level=level)
    match.turn()
    offense, defense = match.events[:2]
    assert offense.data == {"level": level, "roll": face, "entry": f"{move} - {defends_at}"}
    assert (defense.kind, defense.data["level"]) == ("defense", defends_at)
    assert (match.off, match.level) == (1, defends_at)


@pytest.mark.parametrize(("level", "face"), [(1, 2), (2, 1), (3, 1), (1, 1)])
def test_the_engine_reads_the_defensive_card_by_level_then_die(fs, level, face):
    """Ace's move on die ``2 * level - 1`` sends Brute to LEVEL ``level``; there die 1 is his
    counter (he takes LEVEL ``level`` OFFENSE) and any other die is dazed - 1 (Ace, LEVEL 1)."""
    ace, brute = rows_card(fs, "Ace"), rows_card(fs, "Brute")
    match = positioned(fs.make_spec([ace, brute]), [2 * level - 1, face], off=0, level=1)
    match.turn()
    assert (match.off, match.level) == ((1, level) if face == 1 else (0, 1))


@pytest.mark.parametrize(
    ("agility", "power", "roll", "works"),
    [
        (-2, -5, 5, True),  # the crossbody (ag, 7) at 5 or less against agility -2
        (-2, -5, 6, False),  # 6 misses
        (2, -3, 9, True),  # against agility +2: 9 or less
        (2, -3, 10, False),
    ],
)
def test_the_engine_adds_the_defenders_agility_to_an_agility_move(fs, agility, power, roll, works):
    """Rule 7, Choice Situations A. Ace's every move is "(ch) A"; the default strategy picks the
    move with the better odds: against Brute's weak power the body slam (pw, 8) is the worse
    pick. Read with the power in place of the agility, the body slam would be picked."""
    ace = thrower(fs, "Ace", "arm drag - 2 (ch) A")
    brute = thrower(fs, "Brute", "arm drag - 2 (ch) A", agility=agility, power=power)
    spec = fs.make_spec([ace, brute], options="choice_situations")
    first = min(roll - 1, 6)
    # The crossbody works: Brute defends on LEVEL 3 (dazed - 1 on any die); misses: Brute L2.
    dice = [1, first, roll - first] + ([4] if works else [])
    match = positioned(spec, dice, off=0, level=1)
    match.turn()
    choice = next(e for e in match.events if e.kind == "choice")
    assert choice.data["move"] == "flying crossbody"
    assert choice.data["target"] == 7 + agility and choice.data["success"] == works
    assert (match.off, match.level) == ((0, 1) if works else (1, 2))


@pytest.mark.parametrize("record", [False, True])
def test_a_whole_match_reads_the_cards_by_level_then_die(fs, record):
    """A match from the opening roll, with and without the play-by-play (the fast path reads the
    cards in its own lines). Ace 6 to Brute 1: Ace on LEVEL 1. Ace's die 5: Move 15 - 3, Brute's
    LEVEL 3 die 2: dazed - 1, Ace stays on LEVEL 1. Ace's die 3: Move 13 - 2, Brute's LEVEL 2
    die 1: his counter, Brute on LEVEL 2. Brute's die 6: Move 26 - 3, Ace's LEVEL 3 die 1: PIN;
    Ace rolls 1 and 1 against PIN 7: pinned after 3 turns."""
    ace, brute = rows_card(fs, "Ace", pin_on_3=True), rows_card(fs, "Brute", pin_on_3=True)
    dice = ScriptedDice([6, 1, 5, 2, 3, 1, 6, 1, 1, 1])
    result = fs.simulate(fs.make_spec([ace, brute]), dice=dice, record=record)
    assert (result.winner, result.method, result.length) == (1, Method.PIN, 3)
    assert dice.remaining == 0
