"""`manage.py COMMAND | head`: a reader that goes away stops any command quietly, also when the
command's output is short enough to sit in Python's buffer until the process exits (a
terminal's or a pipe's ordinary, buffered standard output: no PYTHONUNBUFFERED)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
SAMPLE = ROOT / "rules/data/sample"


def gone_reader(*args: str) -> tuple[int, str]:
    """Run ``manage.py ARGS`` with its standard output's reader gone before the first line."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    process = subprocess.Popen(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stderr is not None  # (both piped)
    process.stdout.close()
    err = process.stderr.read()
    return process.wait(timeout=120), err


@pytest.mark.parametrize(
    "args",
    [
        ["card_analysis", str(SAMPLE / "superstar/corrigan-vale.yaml")],
        [
            "odds",
            str(SAMPLE / "filsinger/corrigan-vale.yaml"),
            str(SAMPLE / "filsinger/dario-quintero.yaml"),
            "--runs",
            "20",
            "--seed",
            "1",
        ],
        [
            "simulate_match",
            str(SAMPLE / "superstar/corrigan-vale.yaml"),
            str(SAMPLE / "superstar/mortimer-gale.yaml"),
            "--seed",
            "1",
        ],
    ],
    ids=["card_analysis", "odds", "simulate_match"],
)
def test_a_short_output_whose_reader_went_away_stops_quietly(args):
    status, err = gone_reader(*args)
    assert (status, err) == (1, "")


def test_a_refusal_whose_reader_went_away_is_still_one_line():
    status, err = gone_reader("simulate_match", "nowhere.yaml", "elsewhere.yaml")
    assert status == 1
    assert (
        err == "CommandError: nowhere.yaml: no such card file\nelsewhere.yaml: no such card file\n"
    )
