"""simulate_match, odds and card_analysis for --system superstar."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

SAMPLE = Path(__file__).parents[2] / "rules/data/sample/superstar"
FIXTURES = Path(__file__).parent / "fixtures" / "superstar"
VALE, FINCH = str(SAMPLE / "corrigan-vale.yaml"), str(SAMPLE / "skylar-finch.yaml")
ALL = [str(p) for p in sorted(SAMPLE.glob("*.yaml"))]


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_simulate_match_prints_every_roll_and_counts_rounds():
    out = run("simulate_match", "--system", "superstar", VALE, FINCH, "--seed", "7")
    assert "Superstar Pro Wrestling: Corrigan Vale vs Skylar Finch (singles" in out
    assert "Round 1: Corrigan Vale" in out and "on the Offensive Card" in out
    assert out.rstrip().endswith("rounds.")


def test_simulate_match_json_replays_and_names_the_rules():
    args = (
        "simulate_match",
        "--system",
        "superstar",
        VALE,
        FINCH,
        "--seed",
        "3",
        "--rules",
        "referee,time_limit=45",
        "--json",
    )
    first, second = json.loads(run(*args)), json.loads(run(*args))
    assert first == second and first["system"] == "superstar"
    assert first["events"][0]["kind"] == "referee"
    assert all({"kind", "actor", "dice", "text"} <= set(e) for e in first["events"])


def test_a_battle_royal_takes_any_number_of_cards():
    data = json.loads(
        run(
            "simulate_match",
            "--system",
            "superstar",
            *ALL[:6],
            "--match",
            "battle_royal",
            "--seed",
            "1",
            "--json",
        )
    )
    assert len(data["effects"]["eliminations"]) in (4, 5)
    report = run(
        "simulate_match",
        "--system",
        "superstar",
        *ALL[:3],
        "--match",
        "battle_royal",
        "--seed",
        "1",
    )
    assert "(battle royal; rules: basic game)" in report.splitlines()[0]
    assert "battle_royal" not in report
    with pytest.raises(CommandError, match="a battle royal match takes 2 or more cards"):
        run("simulate_match", "--system", "superstar", VALE, "--match", "battle_royal")
    with pytest.raises(CommandError, match="a tag match takes 4 cards"):
        run("simulate_match", "--system", "superstar", VALE, FINCH, "--match", "tag")


def test_tag_levels_and_grudge_charts_as_rules():
    out = run(
        "simulate_match",
        "--system",
        "superstar",
        *ALL[:4],
        "--match",
        "tag",
        "--rules",
        "tag_level=2",
        "--seed",
        "5",
        "--json",
    )
    assert json.loads(out)["method"]
    out = run(
        "simulate_match",
        "--system",
        "superstar",
        VALE,
        FINCH,
        "--match",
        "grudge",
        "--rules",
        "grudge=steel_cage",
        "--seed",
        "5",
    )
    assert "Corrigan Vale vs Skylar Finch (grudge" in out
    with pytest.raises(CommandError, match="unknown superstar rule option"):
        run("simulate_match", "--system", "superstar", VALE, FINCH, "--rules", "cage")


def test_odds_json_reports_exact_beside_monte_carlo():
    data = json.loads(
        run("odds", "--system", "superstar", VALE, FINCH, "--runs", "1500", "--seed", "2", "--json")
    )
    assert {"system", "runs", "seed", "wins", "draws", "methods", "exact"} <= set(data)
    for side in (0, 1):
        p = data["exact"][side]
        se = (p * (1 - p) / 1500) ** 0.5
        assert abs(data["wins"][side] / 1500 - p) <= 4 * se


def test_odds_say_why_a_tag_match_has_no_exact_figures():
    out = run("odds", "--system", "superstar", *ALL[:4], "--match", "tag", "--runs", "50")
    last = out.strip().splitlines()[-1]
    assert last.startswith("no exact odds: tag matches")
    # No budget solves a tag match, so none is offered.
    assert last.endswith("; Monte Carlo alone (--exact auto)")
    data = json.loads(
        run("odds", "--system", "superstar", *ALL[:4], "--match", "tag", "--runs", "50", "--json")
    )
    assert "exact_budget" not in data and "exact_seconds" not in data
    assert data["exact_note"].startswith("no exact odds: tag")


def test_card_analysis_prints_the_cards_figures():
    out = run("card_analysis", str(FIXTURES / "thunderlegs.yaml"))
    assert "Superstar Pro Wrestling: Thunderlegs" in out
    assert "Offensive roll: a pin attempt (P/A)" in out and "(185/1296)" in out
    data = json.loads(run("card_analysis", str(FIXTURES / "thunderlegs.yaml"), "--json"))
    figures = {f["key"]: f for f in data["figures"]}
    assert figures["offense"]["exact"] == "7/9" and figures["reverse"]["exact"] == "5/36"


def test_card_analysis_refuses_a_system_without_figures_and_a_bad_card(tmp_path):
    wolf = Path(__file__).parent / "fixtures" / "wolf.yaml"
    with pytest.raises(CommandError, match="card_analysis covers superstar cards"):
        run("card_analysis", str(wolf))
    bad = tmp_path / "bad.yaml"
    bad.write_text("system: superstar\nname: Nobody\n")
    with pytest.raises(CommandError, match="general: must list eleven"):
        run("card_analysis", str(bad))


def test_a_time_limit_of_one_round_is_one_round_in_every_line():
    out = run(
        "simulate_match", "--system", "superstar", VALE, FINCH, "--time-limit", "1", "--seed", "2"
    )
    assert "; time limit 1 round)" in out.splitlines()[0]
    assert "  Time runs out after 1 round: the match is a draw." in out.splitlines()
    assert "1 rounds" not in out
