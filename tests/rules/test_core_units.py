"""rules.core piece by piece: dice of other sizes, the JSON of results and odds (the contract of
``simulate_match --json`` and ``odds --json``, docs/cards.md), and the two-dice coverage check's
messages."""

from __future__ import annotations

import pytest

from rules.core.dice import SeededDice
from rules.core.result import ExactOdds, OddsReport
from rules.core.tables import check_coverage, parse_roll_key


def test_other_dice_are_drawn_like_a_d20_and_recorded():
    dice, twin = SeededDice(5), SeededDice(5)
    faces = dice.roll(4, 20)
    assert faces == tuple(twin.d20() for _ in range(4))
    assert dice.rolls == list(faces)
    quiet = SeededDice(5, record=False)
    assert quiet.roll(4, 20) == faces and quiet.rolls == []


def test_seeded_dice_drawn_from_their_source_give_the_same_faces_and_record():
    # What an engine does with ``source()`` (the ARM engine does): a face is
    # ``int(source() * sides) + 1``, appended to the list it returns.
    dice, twin = SeededDice(21), SeededDice(21)
    source, rolls = dice.source()
    drawn = []
    for sides in (20, 6, 6, 20, 20, 6):
        face = int(source() * sides) + 1
        rolls.append(face)
        drawn.append(face)
    assert drawn == [twin.d20(), twin.d6(), twin.d6(), twin.d20(), twin.d20(), twin.d6()]
    assert dice.rolls == drawn == twin.rolls
    assert dice.d20() == twin.d20()  # the source is the dice's own: they go on from there
    assert SeededDice(21, record=False).source()[1] is None  # nothing to record into


@pytest.mark.parametrize("sides", [3, 10, 20])
def test_other_dice_show_every_face_about_equally(sides):
    dice = SeededDice(9, record=False)
    n = 6000 * sides
    counts = [0] * (sides + 1)
    for face in dice.roll(n, sides):
        counts[face] += 1
    assert counts[0] == 0
    expected = n / sides
    se = (n * (1 / sides) * (1 - 1 / sides)) ** 0.5
    assert all(abs(c - expected) <= 4 * se for c in counts[1:])


def test_exact_odds_as_json():
    exact = ExactOdds(wins=(0.25, 0.5), draw=0.25, methods={"pin": 0.75}, states=42)
    assert exact.to_json() == {
        "wins": [0.25, 0.5],
        "draw": 0.25,
        "methods": {"pin": 0.75},
        "states": 42,
    }


def test_an_odds_report_as_json_with_exact_odds():
    report = OddsReport(
        system="filsinger",
        runs=100,
        seed=7,
        wins=(60, 30),
        draws=10,
        methods={"pin": 90},
        exact=ExactOdds(wins=(0.6, 0.3), draw=0.1, methods={"pin": 0.9}, states=12),
        exact_mode="always",
        exact_budget={"states": 1000, "seconds": None},
        exact_seconds=0.12345,
    )
    assert report.to_json() == {
        "system": "filsinger",
        "runs": 100,
        "seed": 7,
        "wins": [60, 30],
        "draws": 10,
        "methods": {"pin": 90},
        "exact": [0.6, 0.3],
        "exact_draw": 0.1,
        "exact_methods": {"pin": 0.9},
        "exact_states": 12,
        "exact_mode": "always",
        "exact_budget": {"states": 1000, "seconds": None},
        "exact_seconds": 0.123,
    }
    assert report.win_rate(0) == 0.6
    assert report.standard_error(1) == pytest.approx((0.3 * 0.7 / 100) ** 0.5)


def test_an_odds_report_without_exact_odds_says_why():
    report = OddsReport(
        system="arm", runs=10, seed=1, wins=(5, 5), draws=0, methods={}, exact_note="too big"
    )
    assert report.to_json() == {
        "system": "arm",
        "runs": 10,
        "seed": 1,
        "wins": [5, 5],
        "draws": 0,
        "methods": {},
        "exact_note": "too big",
        "exact_mode": "auto",
    }


@pytest.mark.parametrize(
    ("covered", "message"),
    [
        ({t: ["a"] for t in range(5, 13)}, "rolls 2-4 are not covered (need 2-12 once each)"),
        (
            {t: ["a"] for t in (2, 3, 5, 6, 8, 11)},
            "rolls 4, 7, 9-10, 12 are not covered (need 2-12 once each)",
        ),
        ({}, "rolls 2-12 are not covered (need 2-12 once each)"),
    ],
)
def test_rolls_left_uncovered_are_named_as_ranges(covered, message):
    problems: list = []
    check_coverage(covered, "ropes.A", problems)
    assert problems == [("ropes.A", message)]


def test_a_roll_covered_twice_is_named_with_its_rows():
    covered = {t: ["rows[0]"] for t in range(2, 13)}
    covered[7] = ["rows[3]", "rows[4]"]
    problems: list = []
    check_coverage(covered, "ring.B", problems)
    assert problems == [("ring.B", "roll 7 is covered 2 times (rows[3], rows[4])")]


@pytest.mark.parametrize(
    ("value", "parsed"),
    [
        (7, (7, 7)),
        ("7", (7, 7)),
        ("2-4", (2, 4)),
        (" 9 .. 12 ", (9, 12)),
        ("5\u20136", (5, 6)),
        (True, None),
        ("seven", None),
        (7.0, None),
    ],
)
def test_roll_keys_read_as_ranges(value, parsed):
    assert parse_roll_key(value) == parsed


def test_a_dice_source_of_six_sided_dice_refuses_others():
    from rules.core.dice import EnumeratingDice, ScriptedDice

    enumerating = EnumeratingDice()
    enumerating.start()
    assert len(enumerating.roll(2)) == 2
    with pytest.raises(ValueError, match="only six-sided dice are supported by this source"):
        enumerating.roll(1, 20)
    with pytest.raises(ValueError) as caught:
        ScriptedDice([3, 7]).roll(2)
    assert str(caught.value) == "scripted face 7 at position 1 exceeds d6"
    assert ScriptedDice([3, 7]).roll(2, 20) == (3, 7)


def test_a_spec_from_cards_keys_each_wrestler_by_name_and_numbers_namesakes():
    from types import SimpleNamespace

    from rules.core.spec import MatchSpec, slugify

    cards = [
        SimpleNamespace(name="The Executioner"),
        SimpleNamespace(name="Corrigan Vale"),
        SimpleNamespace(name="the executioner!"),
        SimpleNamespace(name="Corrigan  Vale"),
        SimpleNamespace(name="Corrigan Vale"),
        SimpleNamespace(name="¡¡"),
    ]
    spec = MatchSpec.from_cards("tag", cards, per_side=2, options=frozenset({"fatigue"}))
    assert [[p.key for p in side.participants] for side in spec.sides] == [
        ["the-executioner", "corrigan-vale"],
        ["the-executioner-2", "corrigan-vale-2"],
        ["corrigan-vale-3", "wrestler"],
    ]
    assert [p.name for side in spec.sides for p in side.participants][2] == "the executioner!"
    assert spec.sides[0].participants[1].card is cards[1]
    assert spec.match_type == "tag" and spec.options == frozenset({"fatigue"})
    assert slugify("  Dario  Quintero ") == "dario-quintero"


def test_effects_as_json_carry_the_systems_own_standing_changes():
    from rules.core.result import Effects, StandingEffect

    plain = Effects().to_json()
    assert "standing" not in plain and "eliminations" not in plain and "supersedes" not in plain
    spent = StandingEffect(key="vale", attribute="edge", delta=-2, reason="Edge spent: hanging on")
    told = Effects(standing=(spent,), eliminations=("gale",), supersedes=("loss",)).to_json()
    assert told["standing"] == [
        {"key": "vale", "attribute": "edge", "delta": -2, "reason": "Edge spent: hanging on"}
    ]
    assert told["eliminations"] == ["gale"] and told["supersedes"] == ["loss"]


def test_a_problem_without_a_path_reads_as_its_message_alone():
    from rules.core.errors import ProblemsError

    error = ProblemsError([("", "a card is a mapping"), ("ratings.pin", "must be 2 to 12")])
    assert str(error) == "a card is a mapping\nratings.pin: must be 2 to 12"


def test_enumerating_dice_record_no_rolls():
    from rules.core.dice import EnumeratingDice

    dice = EnumeratingDice()
    assert dice.rolls == [] and dice.weight == 1.0
