"""The rulebook's sample match (section XII.D), replayed with its own dice.

The sample is not self-consistent (``docs/rules/superstar.md`` names each slip); the replay keeps
every roll the sample prints except where it contradicts itself, and reads it so:

- round 1: the moves printed (Throat lift 5, Kick to gut 6) give the score, not the swapped
  totals in the comment ("Thunderlegs 6, Ivan Ruskie 5");
- Ruskie's General roll of 3 is OC twice and DC once: the card says OC, and round 2's DC is
  rolled as a 6 (Ruskie's DC of round 4);
- Ruskie's Offensive roll of 10 is the Backbreaker (S) in round 3 and a Chokehold in round 4:
  the card keeps the Backbreaker on 10 and round 4's (void) Chokehold is rolled as a 9;
- the final pin: at 24 points after round 4 Thunderlegs could not pin (no P/A, under 30), and
  the sample ends "Thunderlegs 34 - Thunderslam": so a fifth round, the Thunderslam for 10 P/A
  (24 + 10 = 34), then the printed 12 on the PIN CHART.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rules.core.dice import ScriptedDice
from rules.core.result import Method
from rules.superstar import system as superstar

FIXTURES = Path(__file__).parent / "fixtures" / "superstar"

#: Thunderlegs rolls first (the left dice), Ivan Ruskie second.
SAMPLE_DICE = [
    # Round 1: both OC (6, 3); Throat lift 5 (4), Kick to gut 6 (4).
    *(3, 3, 1, 2, 2, 2, 1, 3),
    # Round 2: Thunderlegs OC (8), Ruskie DC (6); Python headlock 10 (5); Ruskie A (4).
    *(4, 4, 3, 3, 2, 3, 1, 3),
    # Round 3: Thunderlegs DC (2), Ruskie OC (3); Backbreaker (S) (10), specialty 3: 11;
    # Thunderlegs B (11).
    *(1, 1, 1, 2, 4, 6, 3, 5, 6),
    # Round 4: both DC (4, 6), again: Thunderlegs DC (12), Ruskie OC (7); Chokehold 6 (9);
    # Thunderlegs Reverse (5); Power forearms 9 (6); Ruskie A (12).
    *(1, 3, 3, 3, 6, 6, 3, 4, 4, 5, 1, 4, 3, 3, 6, 6),
    # Round 5: Thunderlegs OC (6), Ruskie DC (6); Thunderslam (S) (3), specialty 1: 10 P/A;
    # Ruskie A (4); the PIN CHART: 12.
    *(3, 3, 3, 3, 1, 2, 1, 1, 3, 6, 6),
]


def card(name: str):
    return superstar.parse_card(yaml.safe_load((FIXTURES / f"{name}.yaml").read_text()))


@pytest.fixture(scope="module")
def sample():
    dice = ScriptedDice(SAMPLE_DICE)
    spec = superstar.make_spec([card("thunderlegs"), card("ivan-ruskie")])
    return superstar.simulate(spec, dice=dice), dice


def test_the_sample_match_ends_as_printed_thunderlegs_pins_on_a_12(sample):
    result, dice = sample
    assert dice.remaining == 0
    assert (result.winner, result.method, result.length) == (0, Method.PIN, 5)
    pin = [e for e in result.events if e.kind == "pin"]
    assert [(e.dice, e.data["column"], e.data["pinned"]) for e in pin] == [((6, 6), "31-40", True)]


def test_the_sample_match_scores_round_by_round(sample):
    result, _ = sample
    scores = [
        (e.data["round"], e.data["round_points"], e.data["score"])
        for e in result.events
        if e.kind == "score"
    ]
    assert scores == [
        (1, [5, 6], [5, 6]),  # Throat lift 5, Kick to gut 6
        (2, [10, 2], [15, 8]),  # Python headlock 10; A = 2
        (3, [0, 11], [15, 19]),  # B = 0; the Backbreaker (specialty) for 11
        (4, [9, 2], [24, 21]),  # Reverse: Power forearms 9; A = 2
        (5, [10, 2], [34, 23]),  # the Thunderslam for 10 P/A ("Thunderlegs 34"); A = 2
    ]


def test_the_sample_match_shows_every_roll(sample):
    result, _ = sample
    texts = [e.text for e in result.events]
    assert "Round 4: Thunderlegs 4 (DC), Ivan Ruskie 6 (DC): both on defense, they roll again." in (
        texts
    )
    assert (
        "Thunderlegs rolls 5 on the Defensive Card: Reverse! The attack is void and Thunderlegs "
        "takes the offense." in texts
    )
    assert "Ivan Ruskie rolls 3 on the Specialty card (Backbreaker): 11." in texts
    rolled = [face for e in result.events for face in e.dice]
    assert rolled == SAMPLE_DICE
