"""The simulate_match and odds commands, driven through call_command."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
import yaml
from django.core.management import CommandError, call_command

FIXTURES = Path(__file__).parent / "fixtures"
WOLF = str(FIXTURES / "wolf.yaml")
EXECUTIONER = str(FIXTURES / "executioner.yaml")
SAMPLES = sorted((Path(__file__).parents[2] / "rules/data/sample/filsinger").glob("*.yaml"))


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_simulate_match_prints_a_match_report_with_the_seed():
    out = run("simulate_match", "--system", "filsinger", WOLF, EXECUTIONER, "--seed", "7")
    assert "Wolf vs The Executioner (singles; rules: basic game)" in out
    assert "seed 7 (replay with --seed 7)" in out
    assert "wins the opening roll" in out and ("Winner:" in out or "Draw" in out)


def test_simulate_match_json_is_replayable():
    args = ("simulate_match", "--system", "filsinger", WOLF, EXECUTIONER, "--seed", "11", "--json")
    first, second = json.loads(run(*args)), json.loads(run(*args))
    assert first == second
    assert first["winner"] in (0, 1, None) and first["length"] >= 1
    assert all({"kind", "actor", "dice", "text"} <= set(e) for e in first["events"])


def test_a_random_seed_is_chosen_and_printed():
    data = json.loads(run("simulate_match", "--system", "filsinger", WOLF, EXECUTIONER, "--json"))
    again = run(
        "simulate_match",
        "--system",
        "filsinger",
        WOLF,
        EXECUTIONER,
        "--seed",
        str(data["seed"]),
        "--json",
    )
    assert json.loads(again) == data


def test_odds_json_reports_exact_beside_monte_carlo():
    out = run(
        "odds",
        "--system",
        "filsinger",
        WOLF,
        EXECUTIONER,
        "--runs",
        "2000",
        "--seed",
        "1",
        "--json",
    )
    data = json.loads(out)
    assert {"system", "runs", "seed", "wins", "draws", "methods", "exact"} <= set(data)
    assert data["runs"] == 2000 and sum(data["wins"]) + data["draws"] == 2000
    for side in (0, 1):
        p = data["exact"][side]
        se = (p * (1 - p) / 2000) ** 0.5
        assert abs(data["wins"][side] / 2000 - p) <= 4 * se


def test_odds_prints_a_table():
    out = run("odds", "--system", "filsinger", WOLF, EXECUTIONER, "--runs", "500", "--seed", "2")
    assert "Monte Carlo" in out and "exact" in out and "Markov chain of 6 states" in out
    assert "Wolf" in out and "%" in out


def test_a_cards_list_file_and_a_tag_match_with_all_rules(tmp_path):
    cards = [yaml.safe_load(path.read_text()) for path in SAMPLES[:4]]
    teams = tmp_path / "teams.yaml"
    teams.write_text(yaml.safe_dump({"cards": cards}))
    out = run(
        "simulate_match",
        "--system",
        "filsinger",
        str(teams),
        "--match",
        "tag",
        "--rules",
        "all",
        "--relationship",
        "partners",
        "--seed",
        "3",
        "--json",
    )
    data = json.loads(out)
    assert data["method"]
    out = run(
        "odds",
        "--system",
        "filsinger",
        str(teams),
        "--match",
        "tag",
        "--rules",
        "fatigue",
        "--runs",
        "200",
        "--seed",
        "3",
        "--exact",
        "always",
        "--json",
    )
    data = json.loads(out)
    assert "exact_note" not in data and data["exact_mode"] == "always"
    assert abs(sum(data["exact_methods"].values()) - 1) < 1e-9


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--system", "filsinger", WOLF], "a singles match takes 2 cards"),
        (["--system", "filsinger", WOLF, EXECUTIONER, "--match", "tag"], "a tag match takes 4"),
        (["--system", "filsinger", WOLF, EXECUTIONER, "--match", "cage"], "no match type 'cage'"),
        (["--system", "filsinger", WOLF, EXECUTIONER, "--rules", "fatigue,cage"], "cage"),
        (["--system", "wwf", WOLF, EXECUTIONER], "unknown rule system 'wwf'"),
        (["--system", "filsinger", WOLF, "nobody-here"], "nobody-here: no such card file"),
    ],
)
def test_bad_input_is_a_clear_command_error(args, message):
    for command in ("simulate_match", "odds"):
        with pytest.raises(CommandError, match=message):
            run(command, *args)


def test_an_invalid_card_lists_every_problem(tmp_path):
    data = yaml.safe_load(Path(EXECUTIONER).read_text())
    data["offense"][2][4]["level"] = 4
    data["ratings"]["ropes"] = "D"
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(data))
    with pytest.raises(CommandError) as info:
        run("simulate_match", "--system", "filsinger", WOLF, str(bad))
    text = str(info.value)
    assert "bad.yaml: invalid card" in text
    assert "offense.2[4].level: must be 1, 2 or 3" in text and "ratings.ropes" in text


def test_an_invalid_card_in_a_deep_folder_is_named_by_its_whole_path(tmp_path):
    data = yaml.safe_load(Path(EXECUTIONER).read_text())
    data["ratings"]["ropes"] = "D"
    folder = tmp_path / ("federation-cards-" * 6)
    folder.mkdir()
    bad = folder / "bad.yaml"
    bad.write_text(yaml.safe_dump(data))
    assert len(str(bad)) > 120
    with pytest.raises(CommandError) as info:
        run("simulate_match", "--system", "filsinger", WOLF, str(bad))
    assert str(info.value).startswith(f"{bad}: invalid card\n")


@pytest.mark.skipif(len(SAMPLES) < 4, reason="no sample cards")
@pytest.mark.parametrize("rules", ["", "fatigue", "all"])
def test_both_commands_run_on_the_sample_cards(rules):
    files = [str(p) for p in SAMPLES[:4]]
    for match, cards in (("singles", files[:2]), ("tag", files)):
        base = ["--system", "filsinger", *cards, "--match", match, "--seed", "5", "--rules", rules]
        assert json.loads(run("simulate_match", *base, "--json"))["method"]
        report = json.loads(run("odds", *base, "--runs", "300", "--json"))
        assert report["runs"] == 300


@pytest.mark.django_db
def test_a_wrestler_slug_reads_the_card_from_the_database():
    from tests.factories import WrestlerCardFactory, WrestlerFactory

    for slug, path in (("wolf", WOLF), ("the-executioner", EXECUTIONER)):
        wrestler = WrestlerFactory(slug=slug)
        WrestlerCardFactory(
            wrestler=wrestler, system="filsinger", data=yaml.safe_load(Path(path).read_text())
        )
    data = json.loads(
        run(
            "simulate_match",
            "--system",
            "filsinger",
            "wolf",
            "the-executioner",
            "--seed",
            "1",
            "--json",
        )
    )
    actors = {e["actor"] for e in data["events"]} - {None}
    assert actors <= {"wolf", "the-executioner"}


@pytest.fixture
def failing_system_check():
    """A system check that always reports an error, registered for one test."""
    from django.core import checks

    def broken(app_configs, **kwargs):
        return [checks.Error("broken on purpose", id="tests.E001")]

    checks.register(broken)
    yield
    checks.registry.registry.registered_checks.discard(broken)


@pytest.mark.django_db
def test_the_rules_commands_start_without_the_projects_system_checks(failing_system_check, capsys):
    from django.core.management import ManagementUtility

    def cli(*args: str) -> None:  # as ``manage.py`` runs a command, system checks and all
        ManagementUtility(["manage.py", *args]).execute()

    # The control: a command that runs the checks stops on the broken one.
    with pytest.raises(SystemExit):
        cli("check_federation", "no-such-federation")
    assert "broken on purpose" in capsys.readouterr().err
    # The rules commands read cards only, so they skip the checks (a third of their start).
    cli("simulate_match", "--system", "filsinger", WOLF, EXECUTIONER, "--seed", "7")
    cli("odds", "--system", "filsinger", WOLF, EXECUTIONER, "--runs", "50", "--json")
    superstar = Path(__file__).parents[2] / "rules/data/sample/superstar/corrigan-vale.yaml"
    cli("card_analysis", str(superstar))
    captured = capsys.readouterr()
    assert "broken on purpose" not in captured.err
    assert "seed 7 (replay with --seed 7)" in captured.out and '"runs": 50' in captured.out
