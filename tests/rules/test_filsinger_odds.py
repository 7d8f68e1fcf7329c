"""Exact odds against Monte Carlo, and determinism of the fast and the full path."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from rules.core.dice import SeededDice
from rules.core.spec import Ringside
from rules.filsinger.exact import NotFinite
from rules.filsinger.options import OPTION_NAMES
from tests.rules.cardgen import random_card_data

RUNS = 3000
# The Monte Carlo and exact comparisons ask for exact odds "always" (no time budget): a busy
# machine must not turn them away. The budget has tests of its own, at the end.
SAMPLE = Path(__file__).parents[2] / "rules/data/sample/filsinger"


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
    assert_agrees(fs.odds(spec, runs=RUNS, seed=seed, exact="always"), f"basic pair {seed}")


@pytest.mark.parametrize("seed", range(2))
def test_monte_carlo_agrees_with_exact_odds_basic_tag(fs, seed):
    spec = fs.make_spec(random_pair(fs, 100 + seed, 4), "tag", relationship="partners")
    assert_agrees(fs.odds(spec, runs=RUNS, seed=seed, exact="always"), f"tag {seed}")


@pytest.mark.parametrize("option", OPTION_NAMES)
def test_monte_carlo_agrees_with_exact_odds_each_optional_rule(fs, option):
    seed = OPTION_NAMES.index(option)
    spec = with_ringside(fs.make_spec(random_pair(fs, 200 + seed), options=option))
    assert_agrees(fs.odds(spec, runs=RUNS, seed=seed, exact="always"), option)


@pytest.mark.parametrize(
    "option", ["tag_on_defense", "leave_ring", "tag_moves", "distractions", "chart_choices"]
)
def test_monte_carlo_agrees_with_exact_odds_tag_rules(fs, option):
    seed = OPTION_NAMES.index(option)
    cards = random_pair(fs, 500 + seed, 4)
    spec = with_ringside(fs.make_spec(cards, "tag", options=option, relationship="partners"))
    assert_agrees(fs.odds(spec, runs=RUNS, seed=seed, exact="always"), f"tag {option}")


def test_monte_carlo_agrees_with_exact_odds_ally_once_a_match_with_rising_pins(fs):
    """Rule 9's ally interferes once a match: a state of its own beside the PIN ratings."""
    spec = with_ringside(fs.make_spec(random_pair(fs, 301), options="fatigue,ringside_ally"))
    report = fs.odds(spec, runs=RUNS, seed=4, exact="always")
    assert report.exact.states > 100
    assert_agrees(report, "fatigue, ringside_ally")


def test_monte_carlo_agrees_with_exact_odds_all_rules_singles(fs):
    spec = with_ringside(fs.make_spec(random_pair(fs, 300), options="all"))
    assert_agrees(fs.odds(spec, runs=RUNS, seed=3, exact="always"), "all")


@pytest.mark.parametrize(
    ("options", "relationship", "ringside", "seed"),
    [
        ("fatigue", "partners", False, 0),
        ("add1", "group", False, 1),
        ("fatigue,distractions,tag_on_defense", "partners", True, 2),
    ],
)
def test_monte_carlo_agrees_with_exact_odds_tag_with_rising_pins(
    fs, options, relationship, ringside, seed
):
    """Tag matches whose four PIN ratings rise (the chains have thousands of states or more)."""
    cards = random_pair(fs, 400 + seed, 4)
    spec = fs.make_spec(cards, "tag", options=options, relationship=relationship)
    if ringside:
        spec = with_ringside(spec)
    report = fs.odds(spec, runs=RUNS, seed=seed, exact="always")
    assert report.exact.states > 1000
    assert_agrees(report, f"tag {options} {relationship}")


def test_monte_carlo_agrees_with_exact_odds_tag_with_every_rule(fs):
    """The issue's example: four sample cards, every optional rule (about 600,000 states)."""
    names = ("corrigan-vale", "mortimer-gale", "skylar-finch", "dario-quintero")
    cards = [fs.parse_card(yaml.safe_load((SAMPLE / f"{name}.yaml").read_text())) for name in names]
    # exact="always": no time budget, so a busy machine cannot turn the exact odds away.
    report = fs.odds(fs.make_spec(cards, "tag", options="all"), runs=RUNS, seed=1, exact="always")
    assert report.exact.states > 100_000
    assert_agrees(report, "tag all")


@pytest.mark.parametrize(
    ("options", "match_type", "ringside"),
    [
        ("", "tag", False),
        ("add1", "singles", False),
        ("distractions", "singles", True),
        ("tag_on_defense,leave_ring,distractions", "tag", True),
        ("fatigue,ringside_ally", "singles", True),
    ],
)
def test_the_sparse_solver_agrees_with_the_plain_one(fs, options, match_type, ringside):
    from rules.filsinger.engine import prepare
    from rules.filsinger.exact import solve_python
    from rules.filsinger.exact_sparse import solve_sparse
    from rules.filsinger.strategy import DefaultStrategy

    n = 4 if match_type == "tag" else 2
    spec = fs.make_spec(random_pair(fs, 600, n), match_type, options=options, relationship="group")
    if ringside:
        spec = with_ringside(spec)
    prep = prepare(spec)
    plain = solve_python(prep, DefaultStrategy())
    fast = solve_sparse(prep, DefaultStrategy(), 10_000)
    assert set(plain.methods) == set(fast.methods)
    for method, p in plain.methods.items():
        assert abs(fast.methods[method] - p) < 1e-12, method
    assert all(abs(a - b) < 1e-12 for a, b in zip(plain.wins, fast.wins, strict=True))


def test_the_sparse_solver_follows_a_strategy_that_reads_pins_any_way(fs):
    """The sparse solver hands the strategy unknown PIN ratings; any use of them must come out
    as the plain solver (which hands it numbers) has it."""
    from rules.filsinger.engine import prepare
    from rules.filsinger.exact import solve_python
    from rules.filsinger.exact_sparse import solve_sparse
    from rules.filsinger.strategy import DefaultStrategy

    class Fussy(DefaultStrategy):
        def tag_on_offense(self, match, side):
            return sum(match.pins[side]) % 3 == 0 or max(match.pins[1 - side]) > 7

        def distract(self, match, side, pin_rating):
            return pin_rating * 2 >= 13 and match.pins[side] != [9, 9]

        def outside_interference(self, match, side, level):
            return level > 1 and sorted(match.pins[side])[0] in (6, 7, 8)

    spec = fs.make_spec(
        random_pair(fs, 700, 4), "tag", options="distractions,tag_on_defense", relationship="group"
    )
    prep = prepare(with_ringside(spec))
    plain = solve_python(prep, Fussy())
    fast = solve_sparse(prep, Fussy(), 100_000)
    assert plain.methods.keys() == fast.methods.keys()
    for method, p in plain.methods.items():
        assert abs(fast.methods[method] - p) < 1e-12, method


def test_without_numpy_and_scipy_small_chains_are_still_solved(fs, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "rules.filsinger.exact_sparse", None)  # import fails
    singles = fs.make_spec(random_pair(fs, 2), options="fatigue")
    assert fs.exact(singles).states > 100
    tag = fs.make_spec(random_pair(fs, 400, 4), "tag", options="fatigue", relationship="group")
    with pytest.raises(NotFinite, match="numpy and scipy"):
        fs.exact(tag)


def test_a_chain_too_big_for_the_limit_says_so(fs):
    spec = fs.make_spec(random_pair(fs, 400, 4), "tag", options="fatigue", relationship="group")
    with pytest.raises(NotFinite, match="states"):
        fs.exact(spec, max_states=500)


def test_exact_odds_with_a_time_limit_include_the_draw(fs):
    spec = fs.make_spec(random_pair(fs, 7), time_limit=3)
    report = fs.odds(spec, runs=RUNS, seed=5, exact="always")
    assert report.exact.methods["draw_time_limit"] > 0.3
    assert_agrees(report, "short time limit")


def test_exact_odds_of_a_big_chain_with_a_time_limit_include_the_draw(fs):
    cards = random_pair(fs, 401, 4)
    spec = fs.make_spec(cards, "tag", options="fatigue", relationship="partners", time_limit=6)
    report = fs.odds(spec, runs=RUNS, seed=6, exact="always")
    assert report.exact.methods["draw_time_limit"] > 0.1
    assert_agrees(report, "tag fatigue, short time limit")


def test_a_strategy_that_is_not_markov_gets_no_exact_odds(fs):
    from rules.filsinger.strategy import DefaultStrategy

    class Moody(DefaultStrategy):
        markov = False

    spec = fs.make_spec(random_pair(fs, 8))
    report = fs.odds(spec, runs=50, seed=1, strategy=Moody())
    assert report.exact is None and "Markov" in report.exact_note
    assert report.exact_budget is None  # no budget would solve it
    assert report.exact_seconds is None  # (nor was a solver run)


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


# -------------------------------------------------------------------------------- the budget


def test_exact_never_gives_monte_carlo_alone(fs):
    spec = fs.make_spec(random_pair(fs, 11))
    report = fs.odds(spec, runs=200, seed=1, exact="never")
    assert report.exact is None and report.exact_mode == "never"
    assert report.exact_budget is None and "Monte Carlo alone" in report.exact_note
    data = report.to_json()
    assert "exact" not in data and data["exact_mode"] == "never"
    assert fs.odds(spec, runs=200, seed=1, exact=False).exact is None  # the old flag


def test_exact_auto_solves_a_chain_within_the_budget_and_says_so(fs):
    spec = fs.make_spec(random_pair(fs, 11), options="fatigue")
    report = fs.odds(spec, runs=200, seed=1)
    assert report.exact_mode == "auto" and report.exact is not None
    assert report.exact_budget == {"states": 1_000_000, "seconds": 10.0}
    data = report.to_json()
    assert data["exact_mode"] == "auto" and data["exact_states"] == report.exact.states
    assert data["exact_budget"] == {"states": 1_000_000, "seconds": 10.0}
    assert data["exact"] == list(report.exact.wins)


def test_exact_auto_past_the_state_budget_gives_monte_carlo_alone_with_a_note(fs):
    spec = fs.make_spec(random_pair(fs, 400, 4), "tag", options="fatigue", relationship="group")
    report = fs.odds(spec, runs=300, seed=1, max_states=500)
    assert report.exact is None and report.runs == 300 and sum(report.wins) + report.draws == 300
    assert report.exact_note == "no exact odds: more than 500 states; Monte Carlo alone"
    assert report.exact_budget == {"states": 500, "seconds": 10.0}


def test_exact_auto_past_the_time_budget_gives_monte_carlo_alone_with_a_note(fs):
    spec = fs.make_spec(random_pair(fs, 400, 4), "tag", options="all", relationship="group")
    report = fs.odds(spec, runs=100, seed=1, time_budget=0.001)
    assert report.exact is None
    assert report.exact_note == (
        "no exact odds: solving took longer than the 0.001 s allowed; Monte Carlo alone"
    )


def test_exact_always_has_no_time_limit_and_the_hard_state_limit(fs):
    spec = fs.make_spec(random_pair(fs, 400, 4), "tag", options="fatigue", relationship="group")
    report = fs.odds(spec, runs=100, seed=1, exact="always")
    assert report.exact is not None
    assert report.exact_budget == {"states": 2_000_000, "seconds": None}
    small = fs.odds(spec, runs=100, seed=1, exact="always", max_states=500)
    assert small.exact is None and small.exact_note == "no exact odds: more than 500 states"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"exact": "sometimes"}, "not one of auto, always, never"),
        ({"max_states": 0}, "at least 1"),
        ({"time_budget": 0}, "must be positive"),
    ],
)
def test_a_bad_exact_request_is_refused(fs, kwargs, message):
    from rules.core.errors import OptionError

    with pytest.raises(OptionError, match=message):
        fs.odds(fs.make_spec(random_pair(fs, 11)), runs=10, seed=1, **kwargs)


def test_the_plain_solver_keeps_to_the_time_budget_too(fs):
    from rules.filsinger.engine import prepare
    from rules.filsinger.exact import Clock, solve_python
    from rules.filsinger.strategy import DefaultStrategy

    clock = Clock(0.0)
    prep = prepare(fs.make_spec(random_pair(fs, 11), options="fatigue"))
    with pytest.raises(NotFinite, match="took longer than the 0 s allowed"):
        solve_python(prep, DefaultStrategy(), clock=clock)


@pytest.mark.parametrize(
    ("options", "match_type"),
    [
        ("", "singles"),
        ("ringside_ally", "singles"),
        ("ringside_ally,distractions", "singles"),
        ("fatigue,ringside_ally", "singles"),
        ("add1", "singles"),
        ("distractions", "tag"),
        ("tag_on_defense,fatigue", "tag"),
    ],
)
def test_the_state_bound_is_an_upper_bound(fs, wolf, executioner, options, match_type):
    """``state_bound`` picks the solver and refuses chains before they are built: it must never
    count fewer states than the chain has. (The Executioner throws Wolf, rated A, out of the
    ring, so the default strategy sends his ally in: the ally's once-a-match is a state.)"""
    from rules.filsinger.engine import prepare
    from rules.filsinger.exact import state_bound

    cards = [wolf, executioner] if match_type == "singles" else random_pair(fs, 800, 4)
    spec = with_ringside(fs.make_spec(cards, match_type, options=options, relationship="group"))
    assert fs.exact(spec).states <= state_bound(prepare(spec))
