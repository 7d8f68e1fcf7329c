"""Exact odds against Monte Carlo, and determinism of the fast and the full path."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules.core.dice import SeededDice
from rules.core.spec import Ringside
from rules.filsinger.exact import NotFinite
from rules.filsinger.options import OPTION_NAMES
from tests.rules.cardgen import random_card_data

RUNS = 3000


def random_pair(fs, seed, n=2):
    rng = random.Random(seed)
    return [
        fs.parse_card(random_card_data(rng, name)) for name in ("Ace", "Brute", "Cole", "Dax")[:n]
    ]


def with_ringside(spec):
    """Both sides with a manager and an ally, so rules 9 and 14 come into play."""
    sides = tuple(
        replace(
            side,
            manager=Ringside(key=f"manager-{i}", name=f"Manager {i}", distractor=6 + i),
            ally=Ringside(key=f"ally-{i}", name=f"Ally {i}"),
        )
        for i, side in enumerate(spec.sides)
    )
    return replace(spec, sides=sides, feud=True)


def assert_agrees(report, label):
    exact = report.exact
    assert exact is not None, f"{label}: {report.exact_note}"
    assert abs(sum(exact.wins) + exact.draw - 1.0) < 1e-9
    assert abs(sum(exact.methods.values()) - 1.0) < 1e-9
    for side in (0, 1):
        p = exact.wins[side]
        se = max((p * (1 - p) / report.runs) ** 0.5, 1e-3)
        observed = report.wins[side] / report.runs
        assert abs(observed - p) <= 4 * se, f"{label} side {side}: {observed:.4f} vs exact {p:.4f}"
    for method, p in exact.methods.items():
        se = max((p * (1 - p) / report.runs) ** 0.5, 1e-3)
        observed = report.methods.get(method, 0) / report.runs
        assert abs(observed - p) <= 4 * se, f"{label} {method}: {observed:.4f} vs exact {p:.4f}"


@pytest.mark.parametrize("seed", range(6))
def test_monte_carlo_agrees_with_exact_odds_basic_singles(fs, seed):
    spec = fs.make_spec(random_pair(fs, seed))
    assert_agrees(fs.odds(spec, runs=RUNS, seed=seed), f"basic pair {seed}")


@pytest.mark.parametrize("seed", range(2))
def test_monte_carlo_agrees_with_exact_odds_basic_tag(fs, seed):
    spec = fs.make_spec(random_pair(fs, 100 + seed, 4), "tag", relationship="partners")
    assert_agrees(fs.odds(spec, runs=RUNS, seed=seed), f"tag {seed}")


@pytest.mark.parametrize("option", OPTION_NAMES)
def test_monte_carlo_agrees_with_exact_odds_each_optional_rule(fs, option):
    seed = OPTION_NAMES.index(option)
    spec = with_ringside(fs.make_spec(random_pair(fs, 200 + seed), options=option))
    assert_agrees(fs.odds(spec, runs=RUNS, seed=seed), option)


@pytest.mark.parametrize(
    "option", ["tag_on_defense", "leave_ring", "tag_moves", "distractions", "chart_choices"]
)
def test_monte_carlo_agrees_with_exact_odds_tag_rules(fs, option):
    seed = OPTION_NAMES.index(option)
    cards = random_pair(fs, 500 + seed, 4)
    spec = with_ringside(fs.make_spec(cards, "tag", options=option, relationship="partners"))
    assert_agrees(fs.odds(spec, runs=RUNS, seed=seed), f"tag {option}")


def test_monte_carlo_agrees_with_exact_odds_all_rules_singles(fs):
    spec = with_ringside(fs.make_spec(random_pair(fs, 300), options="all"))
    assert_agrees(fs.odds(spec, runs=RUNS, seed=3), "all")


def test_tag_matches_with_rising_pins_are_too_big_to_solve_and_say_so(fs):
    spec = fs.make_spec(random_pair(fs, 400, 4), "tag", options="all", relationship="group")
    report = fs.odds(spec, runs=200, seed=1)
    assert report.exact is None and "states" in report.exact_note
    assert "exact" not in report.to_json()
    with pytest.raises(NotFinite):
        fs.exact(spec)


def test_exact_odds_with_a_time_limit_include_the_draw(fs):
    spec = fs.make_spec(random_pair(fs, 7), time_limit=3)
    report = fs.odds(spec, runs=RUNS, seed=5)
    assert report.exact.methods["draw_time_limit"] > 0.3
    assert_agrees(report, "short time limit")


def test_a_strategy_that_is_not_markov_gets_no_exact_odds(fs):
    from rules.filsinger.strategy import DefaultStrategy

    class Moody(DefaultStrategy):
        markov = False

    spec = fs.make_spec(random_pair(fs, 8))
    report = fs.odds(spec, runs=50, seed=1, strategy=Moody())
    assert report.exact is None and "Markov" in report.exact_note


@pytest.mark.parametrize("options", ["", "all"])
@pytest.mark.parametrize("match_type", ["singles", "tag"])
def test_the_same_seed_gives_the_same_match(fs, options, match_type):
    n = 2 if match_type == "singles" else 4
    spec = with_ringside(
        fs.make_spec(random_pair(fs, 9, n), match_type, options=options, relationship="partners")
    )
    for seed in range(40):
        full = fs.simulate(spec, dice=SeededDice(seed))
        again = fs.simulate(spec, dice=SeededDice(seed))
        assert full.events == again.events and full.to_json() == again.to_json()
        fast = fs.simulate(spec, dice=SeededDice(seed, record=False), record=False)
        assert fast.events == ()
        assert (fast.winner, fast.method, fast.length) == (full.winner, full.method, full.length)
        assert fast.effects == full.effects


def test_every_event_carries_the_dice_it_used(fs):
    spec = with_ringside(fs.make_spec(random_pair(fs, 10), options="all"))
    for seed in range(30):
        dice = SeededDice(seed)
        result = fs.simulate(spec, dice=dice)
        used = [face for e in result.events for face in e.dice]
        assert used == dice.rolls


def test_a_fixed_seed_reproduces_the_recorded_transcript(fs, wolf, executioner):
    """A regression transcript: if this changes, the engine plays differently (say why)."""
    import json
    from pathlib import Path

    golden = Path(__file__).parent / "fixtures/golden_wolf_executioner_all_2080.json"
    spec = fs.make_spec([wolf, executioner], options="all", feud=True)
    result = fs.simulate(spec, dice=SeededDice(2080))
    assert result.to_json() == json.loads(golden.read_text())
