"""Superstar odds: exact figures against Monte Carlo and against a plain reference solver, the
dice's frequencies against their exact values, determinism, and fast and full paths agreeing."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from pathlib import Path

import pytest
import yaml

from rules.core.dice import SeededDice
from rules.core.result import Method
from rules.superstar import exact
from rules.superstar import system as superstar
from rules.superstar.engine import Match, prepare
from rules.superstar.strategy import DefaultStrategy
from rules.superstar.tables import PIN
from tests.rules.superstar_helpers import card

RUNS = 3000
SAMPLE = Path(__file__).parents[2] / "rules/data/sample/superstar"


def sample(name: str):
    return superstar.parse_card(yaml.safe_load((SAMPLE / f"{name}.yaml").read_text()))


def assert_agrees(report, label):
    solved = report.exact
    assert solved is not None, f"{label}: {report.exact_note}"
    assert abs(sum(solved.wins) + solved.draw - 1.0) < 1e-9
    assert abs(sum(solved.methods.values()) - 1.0) < 1e-9
    figures = {"win 0": (solved.wins[0], report.wins[0]), "win 1": (solved.wins[1], report.wins[1])}
    figures["draw"] = (solved.draw, report.draws)
    for method, p in solved.methods.items():
        figures[method] = (p, report.methods.get(method, 0))
    for name, (p, count) in figures.items():
        se = max((p * (1 - p) / report.runs) ** 0.5, 1e-3)
        observed = count / report.runs
        assert abs(observed - p) <= 4 * se, f"{label} {name}: {observed:.4f} vs exact {p:.4f}"


@pytest.mark.parametrize(
    "pair",
    [
        ("corrigan-vale", "felix-ardent"),
        ("gideon-pike", "nadia-sorrel"),
        ("hollis-crane", "tobiah-grimsby"),
        ("skylar-finch", "wendell-ashby"),
    ],
)
def test_monte_carlo_agrees_with_exact_odds(pair):
    spec = superstar.make_spec([sample(name) for name in pair])
    assert_agrees(superstar.odds(spec, runs=RUNS, seed=len(pair[0])), " vs ".join(pair))


def test_monte_carlo_agrees_with_exact_odds_with_the_referee_factor():
    spec = superstar.make_spec([sample("dario-quintero"), sample("ines-marrow")], options="referee")
    assert_agrees(superstar.odds(spec, runs=RUNS, seed=3), "referee")


def test_monte_carlo_agrees_with_exact_odds_without_disqualification_and_a_short_limit():
    spec = superstar.make_spec(
        [sample("jonah-whitlock"), sample("rook-lanigan")],
        options="time_limit=12",
        stipulations={"no_dq": True},
    )
    report = superstar.odds(spec, runs=RUNS, seed=4)
    assert_agrees(report, "no DQ, 12 rounds")
    assert "disqualification" not in report.exact.methods
    assert report.exact.draw > 0.01  # a short match ends in a draw now and then


# ---------------------------------------------------------------------------------- reference
def _reference(prep) -> dict[tuple, float]:
    """The same chain solved the plain way: a dictionary of (score, score), every pin attempt
    branched roll by roll, nothing folded or trimmed."""
    outcomes = exact.round_outcomes(prep)
    chart = prep.tables.pin_chart
    two = {t: (6 - abs(t - 7)) / 36 for t in range(2, 13)}
    ends: dict[tuple, float] = defaultdict(float)
    grid = {(0, 0): 1.0}

    def pins(score, tries, p, into):
        if not tries:
            into[tuple(score)] += p
            return
        side, rest = tries[0], tries[1:]
        column = chart.columns[chart.column(score[side])]
        for roll, q in two.items():
            result = column[roll - 2]
            if result == PIN:
                ends[(side, Method.PIN)] += p * q
            else:
                after = list(score)
                after[side] += result
                pins(after, rest, p * q, into)

    for _ in range(prep.time_limit):
        new: dict[tuple, float] = defaultdict(float)
        for (s0, s1), p in grid.items():
            for key, q in outcomes.items():
                if key[0] == "end":
                    ends[(key[1], key[2])] += p * q
                    continue
                _, d0, d1, pa = key
                score, gained = [s0 + d0, s1 + d1], (d0, d1)
                tries = [pa] if pa != -1 else []
                for side in (0, 1):
                    if (
                        side != pa
                        and score[side] >= 30
                        and score[side] - score[1 - side] >= 10
                        and gained[side] - gained[1 - side] >= 5
                    ):
                        tries.append(side)
                pins(score, tries, p * q, new)
        grid = new
    ends[(None, Method.DRAW_TIME_LIMIT)] += sum(grid.values())
    return ends


def test_the_solver_agrees_with_a_plain_reference_to_1e_12():
    """Small cards (few distinct points) and a PIN CHART whose last column starts at 21, so the
    solver folds both wrestlers' scores past 30 from the fourth round on."""
    a = card(
        "A",
        general={2: "DC", 3: "DC", 11: "OC/TT"},
        offense={5: "Slam 10 P/A", 6: "Crab 4 *", 9: "Throw out of ring (DQ)", 10: "Big (S)"},
        defense={4: "A", 6: "C", 8: "Reverse"},
        specialty=[6, "10 P/A", 6, 10, 6, 10],
        special="Big",
        priority=(4, 2),
    )
    b = card(
        "B",
        general={4: "DC", 5: "DC", 6: "DC"},
        offense={8: "Slam 10 P/A", 4: "Crab 4 *", 7: "Kick 6"},
        defense={3: "C", 7: "A", 9: "Reverse"},
        sub=(2, 3),
        priority=(4, 2),
    )
    small = {
        "name": "pin_chart",
        "columns": [
            {"points": "0-10", "rolls": [2, 2, 2, 2, 2, 4, 4, 4, 4, "PIN", "PIN"]},
            {"points": "11-20", "rolls": [2, 2, 2, 2, 4, 4, 4, 4, "PIN", "PIN", "PIN"]},
            {"points": "21+", "rolls": [2, 2, 4, 4, 4, 4, "PIN", "PIN", "PIN", "PIN", "PIN"]},
        ],
    }
    tables = superstar.load_tables({"pin_chart": small})
    prep = prepare(superstar.make_spec([a, b], options="time_limit=7"), tables)
    solved = exact.solve(prep, DefaultStrategy())
    reference = _reference(prep)
    wins = [sum(p for (w, _), p in reference.items() if w == side) for side in (0, 1)]
    draw = sum(p for (w, _), p in reference.items() if w is None)
    assert abs(solved.wins[0] - wins[0]) < 1e-12 and abs(solved.wins[1] - wins[1]) < 1e-12
    assert abs(solved.draw - draw) < 1e-12
    methods = Counter()
    for (_, method), p in reference.items():
        methods[method.value] += p
    for method, p in methods.items():
        assert abs(solved.methods.get(method, 0.0) - p) < 1e-12, method


# ---------------------------------------------------------------------------------- coverage
def test_exact_odds_cover_the_standard_singles_match_and_say_why_not_otherwise():
    four = [sample(n) for n in ("corrigan-vale", "felix-ardent", "gideon-pike", "nadia-sorrel")]
    tag = superstar.make_spec(four, "tag")
    report = superstar.odds(tag, runs=20, seed=1)
    assert report.exact is None and report.exact_note.startswith("no exact odds: tag matches")
    assert report.to_json()["exact_note"] == report.exact_note
    cage = superstar.odds(
        superstar.make_spec(four[:2], "texas_death"), runs=5, seed=1, exact="always"
    )
    assert cage.exact is None and cage.exact_note.startswith("no exact odds: grudge matches")
    assert cage.exact_mode == "always"
    royal = superstar.odds(superstar.make_spec(four, "battle_royal"), runs=20, seed=1)
    assert "battle royal" in royal.exact_note and sum(royal.wins) + royal.draws == 20
    skipped = superstar.odds(superstar.make_spec(four[:2]), runs=20, seed=1, exact="never")
    assert skipped.exact is None and skipped.exact_mode == "never"
    assert skipped.exact_note == "exact odds not computed (asked for Monte Carlo alone)"


def test_exact_odds_give_up_past_their_budget_with_a_note():
    spec = superstar.make_spec([sample("corrigan-vale"), sample("felix-ardent")])
    small = superstar.odds(spec, runs=10, seed=1, max_states=5000)
    assert small.exact is None and "more than the 5000 solved" in small.exact_note
    assert small.exact_note.endswith("; Monte Carlo alone")
    assert small.exact_budget == {"states": 5000, "seconds": exact.AUTO_SECONDS}
    quick = superstar.odds(spec, runs=10, seed=1, time_budget=1e-9)
    assert quick.exact is None and "time budget" in quick.exact_note
    solved = superstar.odds(spec, runs=10, seed=1, exact="always")
    assert solved.exact is not None and solved.exact_budget == {
        "states": exact.MAX_STATES,
        "seconds": None,
    }


def test_odds_json_reports_exact_like_filsinger():
    spec = superstar.make_spec([sample("corrigan-vale"), sample("felix-ardent")])
    data = json.loads(json.dumps(superstar.odds(spec, runs=50, seed=2).to_json()))
    assert {"system", "runs", "seed", "wins", "draws", "methods", "exact"} <= set(data)
    assert len(data["exact"]) == 2 and abs(sum(data["exact"]) + data["exact_draw"] - 1) < 1e-9


# ---------------------------------------------------------------------------------- the dice
def test_the_referee_factor_frequencies_are_2_36_frank_and_2_36_sam():
    a, b = card("A"), card("B")
    spec = superstar.make_spec([a, b], options="referee,time_limit=1")
    runs = 7200
    names = Counter()
    dice = SeededDice(11)
    for _ in range(runs):
        result = superstar.simulate(spec, dice=dice)
        names[result.events[0].text.split(" (")[0]] += 1
    for name, p in (("Frank", 2 / 36), ("Sam", 2 / 36), ("Abe", 32 / 36)):
        count = sum(v for k, v in names.items() if name in k)
        se = (p * (1 - p) / runs) ** 0.5
        assert abs(count / runs - p) <= 4 * se, (name, count / runs, p)


def test_the_dq_roll_disqualifies_6_times_in_36():
    """Every one-round match has exactly one DQ roll: the attacker's every move is (DQ) and the
    victim only ever defends with B (or attacks with a jab)."""
    a = card("A", offense=dict.fromkeys(range(2, 13), "Throw out of ring (DQ)"))
    b = card("B", general="DC")
    spec = superstar.make_spec([a, b], options="time_limit=1")
    report = superstar.odds(spec, runs=7200, seed=5)
    p = 6 / 36
    se = (p * (1 - p) / 7200) ** 0.5
    assert abs(report.methods["disqualification"] / 7200 - p) <= 4 * se
    assert abs(report.exact.methods["disqualification"] - p) < 1e-12


# ---------------------------------------------------------------------------------- determinism
SHAPES = [
    ("singles", 2, ""),
    ("singles", 2, "referee"),
    ("tag", 4, ""),
    ("tag", 4, "tag_level=2"),
    ("three_man_tag", 6, "tag_level=3"),
    ("battle_royal", 7, ""),
    ("steel_cage", 2, ""),
    ("texas_death", 2, "referee"),
]


@pytest.fixture(scope="module")
def samples():
    return [
        superstar.parse_card(yaml.safe_load(p.read_text())) for p in sorted(SAMPLE.glob("*.yaml"))
    ]


@pytest.mark.parametrize(("match_type", "n", "options"), SHAPES)
def test_fast_and_full_paths_agree_and_a_seed_replays(samples, match_type, n, options):
    for seed in range(25):
        cards = [samples[(3 * seed + i) % len(samples)] for i in range(n)]
        spec = superstar.make_spec(cards, match_type, options=options)
        full = superstar.simulate(spec, dice=SeededDice(seed))
        fast = superstar.simulate(spec, dice=SeededDice(seed), record=False)
        assert (full.winner, full.method, full.length, full.effects) == (
            fast.winner,
            fast.method,
            fast.length,
            fast.effects,
        ), (match_type, seed)
        again = superstar.simulate(spec, dice=SeededDice(seed))
        assert again.to_json() == full.to_json()


@pytest.mark.parametrize("options", ["", "referee,time_limit=40"])
def test_the_compiled_singles_loop_plays_exactly_as_the_general_round(
    samples, options, monkeypatch
):
    specs = [
        superstar.make_spec([samples[i], samples[(i + 7) % len(samples)]], options=options)
        for i in range(len(samples))
    ]
    compiled = [
        superstar.simulate(spec, dice=SeededDice(i)).to_json() for i, spec in enumerate(specs)
    ]
    monkeypatch.setattr(Match, "compiled_singles", False)
    general = [
        superstar.simulate(spec, dice=SeededDice(i)).to_json() for i, spec in enumerate(specs)
    ]
    assert compiled == general


def test_every_die_rolled_is_in_the_play_by_play(samples):
    spec = superstar.make_spec(samples[:4], "tag", options="tag_level=2,referee")
    for seed in range(10):
        dice = SeededDice(seed)
        result = superstar.simulate(spec, dice=dice)
        assert [f for e in result.events for f in e.dice] == dice.rolls
