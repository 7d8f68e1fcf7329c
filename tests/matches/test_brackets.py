"""The bracket arithmetic (``matches/brackets.py``), the figures worked by hand: rounds and byes
for 2 to 33 entrants, the first round in bracket order, round names, feeding, and a round
robin's schedule and table with its tie-break."""

from __future__ import annotations

from itertools import combinations

import pytest

from matches import brackets
from matches.brackets import Result

#: Entrants: (rounds, byes). A field is drawn into the next power of two (2, 4, 8, 16, 32,
#: 64); the places left over are byes.
FIELDS = {
    2: (1, 0),
    3: (2, 1),
    4: (2, 0),
    5: (3, 3),
    6: (3, 2),
    7: (3, 1),
    8: (3, 0),
    9: (4, 7),
    10: (4, 6),
    11: (4, 5),
    12: (4, 4),
    13: (4, 3),
    14: (4, 2),
    15: (4, 1),
    16: (4, 0),
    17: (5, 15),
    18: (5, 14),
    19: (5, 13),
    20: (5, 12),
    21: (5, 11),
    22: (5, 10),
    23: (5, 9),
    24: (5, 8),
    25: (5, 7),
    26: (5, 6),
    27: (5, 5),
    28: (5, 4),
    29: (5, 3),
    30: (5, 2),
    31: (5, 1),
    32: (5, 0),
    33: (6, 31),
}


@pytest.mark.parametrize(("n", "expected"), sorted(FIELDS.items()))
def test_rounds_and_byes_go_to_the_top_seeds(n, expected):
    rounds, byes = expected
    pairs = brackets.first_round(n)
    assert brackets.rounds_for(n) == rounds
    assert len(pairs) == 2 ** (rounds - 1)
    seeds = [seed for pair in pairs for seed in pair if seed is not None]
    assert sorted(seeds) == list(range(1, n + 1))  # everyone once
    with_bye = sorted(a for a, b in pairs if b is None)
    assert with_bye == list(range(1, byes + 1))  # the byes go to seeds 1, 2, 3 ...
    assert all(a is not None for a, _ in pairs)  # never two byes in one bout
    # Seeds 1 and 2 are in opposite halves: they can meet only in the final.
    half = len(pairs) // 2 or 1
    top = {s for pair in pairs[:half] for s in pair}
    if n > 2:
        assert 1 in top and 2 not in top


#: First rounds in bracket order, top to bottom, written out.
FIRST_ROUNDS = {
    2: [(1, 2)],
    3: [(1, None), (2, 3)],
    4: [(1, 4), (2, 3)],
    5: [(1, None), (4, 5), (2, None), (3, None)],
    6: [(1, None), (4, 5), (2, None), (3, 6)],
    8: [(1, 8), (4, 5), (2, 7), (3, 6)],
    12: [(1, None), (8, 9), (4, None), (5, 12), (2, None), (7, 10), (3, None), (6, 11)],
    16: [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)],
}


@pytest.mark.parametrize(("n", "expected"), sorted(FIRST_ROUNDS.items()))
def test_the_first_round_in_bracket_order(n, expected):
    assert brackets.first_round(n) == expected


def test_thirty_three_entrants_make_one_play_in_bout():
    pairs = brackets.first_round(33)
    played = [pair for pair in pairs if None not in pair]
    assert played == [(32, 33)]
    assert pairs[0] == (1, None) and pairs[1] == (32, 33)


def test_too_few_entrants_make_no_bracket():
    assert brackets.first_round(1) == []
    assert brackets.rounds_for(1) == 0


def test_round_names():
    assert [brackets.round_name(r, 1) for r in (1,)] == ["final"]
    assert [brackets.round_name(r, 3) for r in (1, 2, 3)] == [
        "quarter-final",
        "semi-final",
        "final",
    ]
    assert [brackets.round_name(r, 6) for r in range(1, 7)] == [
        "first round",
        "round of 32",
        "round of 16",
        "quarter-final",
        "semi-final",
        "final",
    ]
    assert brackets.round_name(2, 7) == "second round"


def test_winners_feed_the_next_round():
    assert [brackets.feeds(p) for p in range(6)] == [
        (0, 0),
        (0, 1),
        (1, 0),
        (1, 1),
        (2, 0),
        (2, 1),
    ]


def test_a_round_robin_of_four_by_the_circle_method():
    assert brackets.round_robin_rounds(4) == [
        [(0, 3), (1, 2)],
        [(0, 2), (1, 3)],
        [(0, 1), (2, 3)],
    ]


@pytest.mark.parametrize(("n", "rounds", "per_round"), [(2, 1, 1), (5, 5, 2), (6, 5, 3), (7, 7, 3)])
def test_a_round_robin_meets_everyone_once(n, rounds, per_round):
    schedule = brackets.round_robin_rounds(n)
    assert len(schedule) == rounds
    assert all(len(pairs) == per_round for pairs in schedule)
    met = sorted(pair for pairs in schedule for pair in pairs)
    assert met == list(combinations(range(n), 2))
    for pairs in schedule:  # nobody twice in a round
        people = [i for pair in pairs for i in pair]
        assert len(people) == len(set(people))


def test_the_table_breaks_a_tie_by_head_to_head():
    # 1 beats 0 and 3 beats 2: the two pairs level on points are ordered by their meeting.
    results = [
        Result(0, 1, 1),
        Result(0, 2, 0),
        Result(0, 3, 0),
        Result(1, 2, 2),
        Result(1, 3, 1),
        Result(2, 3, 3),
    ]
    table = brackets.round_robin_table(4, results)
    assert [(row.index, row.points, row.place) for row in table] == [
        (1, 4, 1),
        (0, 4, 2),
        (3, 2, 3),
        (2, 2, 4),
    ]


def test_the_table_breaks_a_three_way_tie_by_wins_in_the_ring_then_seed():
    # 0, 1 and 2 beat each other in a circle (head-to-head level) and all beat 3, but 0's
    # win over 3 was a forfeit: 1 and 2 have two wins in the ring, 0 one; 1 is the higher seed.
    results = [
        Result(0, 1, 0),
        Result(1, 2, 1),
        Result(0, 2, 2),
        Result(0, 3, 0, forfeit=True),
        Result(1, 3, 1),
        Result(2, 3, 2),
    ]
    table = brackets.round_robin_table(4, results)
    assert [row.index for row in table] == [1, 2, 0, 3]
    assert [(row.points, row.wins, row.forfeit_wins) for row in table] == [
        (4, 2, 0),
        (4, 2, 0),
        (4, 1, 1),
        (0, 0, 0),
    ]


def test_a_winner_outside_the_bout_is_refused():
    with pytest.raises(ValueError, match="not in the bout"):
        brackets.round_robin_table(3, [Result(0, 1, 2)])
