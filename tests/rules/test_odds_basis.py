"""The ``odds`` command says which rules and whose standing its odds play: the header's
``rules:`` (``basic game`` when none), a line under it saying it reads no roster's standing, and
in ``--json`` the fields ``rules`` and ``standing`` added to the contract's."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

from django.core.management import call_command

FIXTURES = Path(__file__).parent / "fixtures"
WOLF = str(FIXTURES / "wolf.yaml")
EXECUTIONER = str(FIXTURES / "executioner.yaml")
BASE = ("odds", "--system", "filsinger", WOLF, EXECUTIONER, "--runs", "200", "--seed", "5")
STANDING = (
    "standing: none (each card as written; a federation's pages and API play its roster's "
    "standing and its optional rules)"
)


def run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_the_table_says_the_basic_game_and_no_standing_under_its_header():
    lines = run(*BASE, "--exact", "never").splitlines()
    assert lines[0] == "Filsinger card game: Wolf vs The Executioner (singles; rules: basic game)"
    assert lines[1] == STANDING
    assert lines[2] == "200 runs, seed 5 (replay with --seed 5)"


def test_the_table_names_the_optional_rules_played():
    lines = run(*BASE, "--rules", "add1,fatigue", "--exact", "never").splitlines()
    assert lines[0] == (
        "Filsinger card game: Wolf vs The Executioner (singles; rules: fatigue, add1)"
    )
    assert lines[1] == STANDING


def test_json_adds_the_rules_and_the_standing_and_keeps_every_field():
    plain = json.loads(run(*BASE, "--json"))
    assert (plain["rules"], plain["standing"]) == ([], "none")
    assert {"system", "runs", "seed", "wins", "draws", "methods", "exact"} <= set(plain)
    assert (plain["system"], plain["runs"], plain["seed"]) == ("filsinger", 200, 5)
    ruled = json.loads(run(*BASE, "--rules", "add1,fatigue", "--json"))
    assert (ruled["rules"], ruled["standing"]) == (["fatigue", "add1"], "none")
