"""rules.core and the registry: dice, options, results, the system protocol."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import rules
from rules.core.dice import EnumeratingDice, ScriptedDice, SeededDice
from rules.core.errors import DiceExhausted, OptionError, UnknownSystem
from rules.core.result import Method
from rules.core.system import RuleSystem
from rules.registry import SYSTEM_NAMES, get_system, systems


def test_seeded_dice_repeat_and_record_every_roll():
    a, b = SeededDice(42), SeededDice(42)
    faces = [a.d6() for _ in range(50)] + list(a.two_d6()) + list(a.roll(3))
    assert faces == [b.d6() for _ in range(50)] + list(b.two_d6()) + list(b.roll(3))
    assert a.rolls == faces and set(faces) <= set(range(1, 7))
    assert SeededDice(42, record=False).d6() == faces[0]


def test_seeded_dice_are_fair_enough():
    dice = SeededDice(1, record=False)
    counts = [0] * 7
    for _ in range(60000):
        counts[dice.d6()] += 1
    assert all(abs(c - 10000) < 400 for c in counts[1:])


def test_scripted_dice_replay_and_say_when_they_run_out():
    dice = ScriptedDice([3, 4])
    assert dice.two_d6() == (3, 4)
    with pytest.raises(DiceExhausted, match="exhausted after 2 faces"):
        dice.d6()
    with pytest.raises(ValueError):
        ScriptedDice([0])


def test_enumerating_dice_walk_every_branch_with_its_probability():
    dice = EnumeratingDice()
    total, seen = 0.0, []
    while True:
        dice.start()
        a = dice.d6()
        t = sum(dice.two_d6()) if a == 6 else 0
        seen.append((a, t))
        total += dice.weight
        if not dice.advance():
            break
    assert len(seen) == 5 + 11 and abs(total - 1.0) < 1e-12


def test_the_registry_lists_landed_systems_and_names_the_rest():
    assert SYSTEM_NAMES == ("filsinger", "superstar", "arm")
    assert get_system("filsinger") is systems["filsinger"] is rules.systems["filsinger"]
    assert isinstance(systems["filsinger"], RuleSystem)
    assert isinstance(systems["arm"], RuleSystem)
    with pytest.raises(UnknownSystem, match="known: arm, filsinger"):
        get_system("wwf")


def test_importing_rules_does_not_import_django():
    code = "import sys, rules, rules.registry; print('django' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_options_parse_names_numbers_and_all(fs):
    assert fs.parse_options("fatigue, feud_table") == {"fatigue", "feud_table"}
    assert fs.parse_options("all") == set(fs.option_names) and len(fs.option_names) == 14
    assert fs.parse_options(["1", "add1"]) == {"fatigue", "add1"}
    assert fs.parse_options(None) == fs.parse_options("") == frozenset()
    with pytest.raises(
        OptionError, match=r"unknown filsinger rule option.*cage, ko.*Valid: fatigue"
    ):
        fs.parse_options("cage,fatigue,ko")


def test_results_serialise_to_the_command_json(fs, wolf, executioner):
    result = fs.simulate(fs.make_spec([wolf, executioner]), dice=SeededDice(5))
    data = json.loads(json.dumps(result.to_json()))
    assert {"winner", "method", "length", "events"} <= set(data)
    assert data["method"] in {m.value for m in Method}
    assert set(data["events"][0]) >= {"kind", "actor", "dice", "text"}
    report = fs.odds(fs.make_spec([wolf, executioner]), runs=100, seed=1)
    data = report.to_json()
    assert set(data) >= {"system", "runs", "seed", "wins", "draws", "methods", "exact"}
    assert sum(data["wins"]) + data["draws"] == 100
