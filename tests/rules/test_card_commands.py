"""simulate_match and odds: the system from the cards, ringside people, notes on options that
cannot apply, the exact-odds budget, and every bad input as a short error (never a traceback)."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
import yaml
from django.core.management import CommandError, call_command, load_command_class

from rules.registry import systems
from tests.rules.test_commands import EXECUTIONER, SAMPLES, WOLF

ROOT = Path(__file__).parents[2]
COMMANDS = ("simulate_match", "odds")


def run(*args) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def refused(command: str, *args) -> str:
    with pytest.raises(CommandError) as info:
        run(command, *args)
    return str(info.value)


def sample(name: str) -> str:
    return str(ROOT / "rules/data/sample/filsinger" / f"{name}.yaml")


# -------------------------------------------------------------------------------- the system


@pytest.mark.parametrize("command", COMMANDS)
def test_the_system_is_the_one_the_cards_name(command):
    extra = ["--runs", "50"] if command == "odds" else []
    out, _ = run(command, WOLF, EXECUTIONER, "--seed", "7", *extra)
    assert "Filsinger card game: Wolf vs The Executioner" in out


@pytest.mark.parametrize("system", ["FILSINGER", "Filsinger", " filsinger "])
def test_the_system_may_be_named_in_any_case(system):
    out, _ = run("simulate_match", "--system", system, WOLF, EXECUTIONER, "--seed", "7", "--json")
    assert json.loads(out)["system"] == "filsinger"


def test_the_match_type_may_be_named_in_any_case():
    out, _ = run("simulate_match", *SAMPLE4, "--match", "TAG", "--seed", "1", "--json")
    assert json.loads(out)["method"]


SAMPLE4 = [str(p) for p in SAMPLES[:4]]


def test_cards_of_different_systems_are_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a short path: the message names the files as given
    Path("thunderlegs.yaml").write_text("system: Superstar\nname: Thunderlegs\n")
    message = refused("simulate_match", WOLF, "thunderlegs.yaml")
    assert message.startswith("the cards are of different rule systems (filsinger: ")
    assert "superstar: " in message and "thunderlegs.yaml" in message


@pytest.mark.parametrize("command", COMMANDS)
def test_a_card_naming_no_known_system_is_named_as_such(tmp_path, monkeypatch, command):
    """Not "different rule systems": the misspelt one is the problem."""
    monkeypatch.chdir(tmp_path)
    Path("x.yaml").write_text("system: nosuch\nname: X\n")
    assert refused(command, "x.yaml", WOLF) == (
        "x.yaml: system: nosuch is no rule system here (known: arm, filsinger, superstar)"
    )


def test_a_card_naming_no_system_needs_system(tmp_path):
    data = yaml.safe_load(Path(WOLF).read_text())
    del data["system"]
    bare = tmp_path / "bare.yaml"
    bare.write_text(yaml.safe_dump(data))
    other = tmp_path / "other.yaml"
    data["name"] = "Other"
    other.write_text(yaml.safe_dump(data))
    assert refused("simulate_match", str(bare), str(other)) == (
        "no card names its rule system (system: ...); give --system (systems: "
        + ", ".join(sorted(systems))
        + ")"
    )
    out, _ = run("simulate_match", "--system", "filsinger", str(bare), str(other), "--seed", "1")
    assert "Wolf vs Other" in out


def test_the_help_lists_the_systems_their_match_types_and_options():
    for command in COMMANDS:
        parser = load_command_class("rules", command).create_parser("manage.py", command)
        text = " ".join(parser.format_help().split())
        assert "filsinger (singles, tag)" in text
        assert "filsinger: fatigue, finisher_ratings" in text and "distractions" in text
        assert "--ally SIDE=CARD" in text and "--manager SIDE=NAME[:RATING]" in text
    odds = load_command_class("rules", "odds").create_parser("manage.py", "odds")
    assert "{auto,always,never}" in odds.format_help()


def test_a_wrestler_cannot_face_himself():
    assert refused("simulate_match", WOLF, WOLF) == (
        "Wolf is in this match twice; a wrestler cannot face himself or partner himself"
    )
    tag = [SAMPLE4[0], SAMPLE4[1], SAMPLE4[2], SAMPLE4[0]]
    assert "Bastian Holloway is in this match twice" in refused(
        "odds", *tag, "--match", "tag", "--runs", "10"
    )


# -------------------------------------------------------------------------------- ringside


def _events(out: str) -> list[dict]:
    return json.loads(out)["events"]


def test_an_ally_at_ringside_brings_rule_9_into_play():
    """The ally (a card) jumps the wrestler thrown out of the ring: find a seed where he does."""
    args = [sample("corrigan-vale"), sample("mortimer-gale"), "--ally", "a=" + WOLF]
    out, err = run("simulate_match", *args, "--rules", "ringside_ally", "--seed", "1")
    assert "at ringside: Wolf (ally, Corrigan Vale)" in out and err == ""
    for seed in range(300):
        rules = ["--rules", "ringside_ally", "--seed", str(seed)]
        out, _ = run("simulate_match", *args, *rules, "--json")
        allies = [e for e in _events(out) if e["actor"] == "wolf"]
        if allies:
            assert allies[0]["kind"] == "ally" and "Outside interference" in allies[0]["text"]
            break
    else:
        pytest.fail("the ally never came into play in 300 matches")


def test_a_manager_distracts_with_his_own_rating():
    args = [sample("corrigan-vale"), sample("mortimer-gale"), "--manager", "B=Jimmy Hart:9"]
    for seed in range(300):
        rules = ["--rules", "distractions", "--seed", str(seed)]
        out, err = run("simulate_match", *args, *rules, "--json")
        assert err == ""
        tries = [e for e in _events(out) if e["kind"] == "distraction"]
        if tries:
            assert tries[0]["actor"] == "jimmy-hart" and tries[0]["data"]["target"] == 9
            break
    else:
        pytest.fail("no distraction in 300 matches")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--ally", "C=" + WOLF], "--ally C="),
        (["--ally", "A"], "give it as A=... or B=..."),
        (["--ally", "A="], "--ally A=: nothing after the =; give a card or a wrestler's slug"),
        (["--manager", "B= "], "--manager B= : nothing after the =; give a name"),
        (["--ally", "A=" + WOLF, "--ally", "a=" + WOLF], "one ally a side"),
        (["--ally", "B=" + EXECUTIONER], "The Executioner is wrestling in this match, so cannot"),
        (["--ally", "A=nowhere.yaml"], "--ally A: nowhere.yaml: no such card file"),
        (
            ["--manager", "A=Slick:13"],
            "a Distractor rating is a whole number from 0 to 12, not '13'",
        ),
        (["--manager", "A=Sli\u202eck"], "U+202E"),
        (
            ["--manager", "A=Jimmy Hart:x"],
            "a Distractor rating is a whole number from 0 to 12, not 'x'",
        ),
        (
            ["--manager", "A=Jimmy Hart:"],
            "a Distractor rating is a whole number from 0 to 12, not ''",
        ),
        (
            # Digits of another script are not a rating's 0 to 9.
            ["--manager", "A=Jimmy Hart:\u0667"],
            "a Distractor rating is a whole number from 0 to 12, not '\u0667'",
        ),
        (["--manager", "B=Slick", "--manager", "b=Jimmy"], "one manager a side"),
    ],
)
def test_bad_ringside_people_are_refused(args, message):
    assert message in refused("simulate_match", WOLF, EXECUTIONER, *args)


@pytest.mark.parametrize(
    ("args", "notes"),
    [
        (
            ["--rules", "ringside_ally"],
            [
                "note: ringside_ally cannot apply here: nobody is at ringside as an ally "
                "(seat one with --ally A=CARD)"
            ],
        ),
        (
            ["--rules", "tag_on_defense,feud_table"],
            [
                "note: tag_on_defense cannot apply here: it is for tag matches",
                "note: feud_table cannot apply here: this is not a feud match (--feud makes it "
                "one)",
            ],
        ),
        (
            ["--rules", "distractions"],
            [
                "note: distractions cannot apply here: nobody is at ringside (a manager, valet "
                "or ally) to distract (seat someone with --manager A=NAME or --ally)"
            ],
        ),
        (
            ["--relationship", "partners"],
            ["note: --relationship cannot apply here: it is for tag teams (two or more a side)"],
        ),
        (["--rules", "ringside_ally,distractions", "--ally", f"B={sample('silas-dunmore')}"], []),
        (["--rules", "fatigue,feud_table", "--feud"], []),
    ],
)
def test_an_option_that_cannot_apply_is_said_plainly(args, notes):
    for command in COMMANDS:
        extra = ["--runs", "20", "--exact", "never"] if command == "odds" else []
        _, err = run(command, WOLF, EXECUTIONER, "--seed", "1", *args, *extra)
        assert err.splitlines() == notes


def test_a_feud_match_under_rules_without_feuds_is_said_to_play_the_same():
    cards = [str(ROOT / f"rules/data/sample/arm/{n}.yaml") for n in ("gideon-pike", "nadia-sorrel")]
    for command in COMMANDS:
        extra = ["--runs", "20"] if command == "odds" else []
        _, err = run(command, *cards, "--feud", "--seed", "1", *extra)
        assert err.splitlines() == [
            "note: --feud cannot apply here: a feud match plays no differently under ARM "
            "(RingMaster)'s rules"
        ]


def test_ringside_people_under_superstar_are_said_to_have_no_part():
    cards = [
        str(ROOT / f"rules/data/sample/superstar/{n}.yaml")
        for n in ("corrigan-vale", "mortimer-gale")
    ]
    ally = str(ROOT / "rules/data/sample/superstar/silas-dunmore.yaml")
    for command in COMMANDS:
        extra = ["--runs", "20", "--exact", "never"] if command == "odds" else []
        args = ["--manager", "B=Jimmy Hart:7", "--ally", f"A={ally}", "--seed", "1", *extra]
        _, err = run(command, *cards, *args)
        assert err.splitlines() == [
            "note: --ally cannot apply here: nobody at ringside has a part in Superstar Pro "
            "Wrestling's rules (the match is played without him)",
            "note: --manager cannot apply here: nobody at ringside has a part in Superstar Pro "
            "Wrestling's rules (the match is played without him)",
        ]
    _, err = run("simulate_match", WOLF, EXECUTIONER, "--manager", "B=Jimmy Hart:7", "--seed", "1")
    assert err == ""


def test_the_header_under_superstar_seats_nobody_the_match_is_played_without():
    """The note says the match is played without him, so the header does not seat him."""
    cards = [
        str(ROOT / f"rules/data/sample/superstar/{n}.yaml")
        for n in ("corrigan-vale", "mortimer-gale")
    ]
    for command in COMMANDS:
        extra = ["--runs", "20", "--exact", "never"] if command == "odds" else []
        out, _ = run(command, *cards, "--manager", "B=Jimmy Hart:7", "--seed", "1", *extra)
        assert out.splitlines()[0] == (
            "Superstar Pro Wrestling: Corrigan Vale vs Mortimer Gale (singles; rules: basic game)"
        )
    out, _ = run("simulate_match", WOLF, EXECUTIONER, "--manager", "B=Jimmy Hart:7", "--seed", "1")
    assert out.splitlines()[0].endswith("at ringside: Jimmy Hart (manager, The Executioner))")


@pytest.mark.parametrize("system", ["superstar", "arm"])
def test_a_time_limit_rule_under_a_time_limit_option_is_said_not_to_apply(system):
    """--time-limit and --rules time_limit=N: the match's own limit stands, in every system
    that has the rule, and the note says so (ARM played the shorter limit without a word)."""
    cards = [
        str(ROOT / f"rules/data/sample/{system}/{n}.yaml")
        for n in ("corrigan-vale", "mortimer-gale")
    ]
    for command in COMMANDS:
        extra = ["--runs", "20", "--exact", "never"] if command == "odds" else []
        args = ["--rules", "time_limit=5", "--time-limit", "2", "--seed", "1", *extra]
        _, err = run(command, *cards, *args)
        assert err.splitlines() == [
            "note: time_limit cannot apply here: the match's own time limit (2 rounds) stands"
        ]
    args = ["--rules", "time_limit=5", "--time-limit", "2", "--json"]
    lengths = {
        json.loads(run("simulate_match", *cards, *args, "--seed", str(seed))[0])["length"]
        for seed in range(5)
    }
    assert max(lengths) <= 2


def test_every_rule_says_which_cannot_apply():
    _, err = run("simulate_match", WOLF, EXECUTIONER, "--rules", "all", "--seed", "1")
    assert [line.split(":")[1].split()[0] for line in err.splitlines()] == [
        "tag_on_defense",
        "feud_table",
        "ringside_ally",
        "distractions",
    ]
    _, err = run("simulate_match", *SAMPLE4, "--match", "tag", "--rules", "all", "--seed", "1")
    assert "ringside_ally cannot apply here: it is for singles matches" in err
    assert "tag_on_defense cannot apply here: neither team" in err


# -------------------------------------------------------------------------------- exact odds


def test_odds_say_which_exact_odds_they_used():
    out, _ = run("odds", WOLF, EXECUTIONER, "--runs", "100", "--seed", "1")
    assert "exact: solved as a Markov chain of 6 states in " in out
    assert "(--exact auto: at most 1000000 states, 10 s)" in out
    out, _ = run("odds", WOLF, EXECUTIONER, "--runs", "100", "--seed", "1", "--exact", "NEVER")
    assert "exact odds not computed (asked for Monte Carlo alone) (--exact never)" in out
    args = [*SAMPLE4, "--match", "tag", "--rules", "fatigue", "--runs", "100", "--seed", "1"]
    out, _ = run("odds", *args, "--exact-states", "50")
    assert "no exact odds: more than 50 states; Monte Carlo alone" in out
    assert "--exact always lifts it" in out
    data = json.loads(run("odds", *args, "--exact-states", "50", "--json")[0])
    assert "exact" not in data and data["exact_budget"] == {"states": 50, "seconds": 10.0}
    message = refused("odds", *args, "--exact", "always", "--exact-states", "50")
    assert message == "--exact always: no exact odds: more than 50 states"


def test_a_long_list_of_unknown_rules_is_clipped():
    message = refused("simulate_match", WOLF, EXECUTIONER, "--rules", ",".join(["x" * 500] * 50))
    assert message.startswith("unknown filsinger rule option(s): xxxx")
    assert "and 45 more" in message and len(message) < 600


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--runs", "0"], "--runs must be 1 to 10000000"),
        (["--exact-states", "0"], "--exact-states must be at least 1"),
        (["--exact-seconds", "0"], "--exact-seconds must be a positive number of seconds"),
        (["--exact-seconds", "nan"], "--exact-seconds must be a positive number of seconds"),
        (["--time-limit", "0"], "--time-limit must be 1 to 100000"),
    ],
)
def test_bad_numbers_are_refused(args, message):
    assert refused("odds", WOLF, EXECUTIONER, *args) == message


# -------------------------------------------------------------------------------- hostile files


def _write(tmp_path, name: str, content: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(content)
    return str(path)


HOSTILE = [
    ("junk.bin", bytes(range(256)) * 64, "not UTF-8 text"),
    ("latin1.yaml", "name: Andr\xe9\n".encode("latin-1"), "not UTF-8 text (byte 11 is 0xe9)"),
    ("deep.yaml", b"[" * 100_000 + b"]" * 100_000, "nested more than 32 levels deep"),
    ("nested.yaml", b"a: " + b"[" * 100 + b"]" * 100, "nested more than 32 levels deep"),
    ("bomb.yaml", b"a: &a [x, x]\nb: &b [*a, *a]\nname: *b\n", "anchors (&name) are not accepted"),
    ("twice.yaml", b"system: filsinger\nsystem: superstar\n", "the key 'system' appears twice"),
    ("bidi.yaml", "name: Wolf\u202e\n".encode(), "control character U+202E"),
    ("empty.yaml", b"", "empty; a card is a mapping"),
    ("list.yaml", b"cards: 5\n", "'cards' must be a list of cards, got 5"),
    ("scalar.yaml", b"just text\n", "invalid card\n  a card must be a mapping, got str"),
    ("huge.yaml", b"name: " + b"x" * 300_000, "larger than 256 KiB; refused unread"),
    ("bigint.yaml", b"name: W\nratings: {pin: " + b"9" * 5000 + b"}\n", "a value cannot be read"),
    ("sysbomb.yaml", b"system: [" + b"x, " * 1000 + b"]\n", "system: must be 'filsinger'"),
]


@pytest.mark.parametrize(("name", "content", "message"), HOSTILE, ids=[h[0] for h in HOSTILE])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_hostile_file_is_a_short_error(tmp_path, command, name, content, message):
    path = _write(tmp_path, name, content)
    text = refused(command, "--system", "filsinger", WOLF, path)
    assert message in text
    assert len(text) < 2000 and len(text.splitlines()) <= 25
    assert max(len(line) for line in text.splitlines()) < 400


def test_a_slug_list_in_a_card_is_dropped_like_any_note(tmp_path):
    data = yaml.safe_load(Path(EXECUTIONER).read_text())
    data["slug"] = ["not", "a", "slug"]
    path = tmp_path / "listy.yaml"
    path.write_text(yaml.safe_dump(data))
    out, _ = run("simulate_match", WOLF, str(path), "--seed", "1", "--json")
    assert json.loads(out)["method"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.yaml"], "missing.yaml: no such card file"),
        (["some/where/card"], "some/where/card: no such card file"),
        ([str(ROOT / "rules")], "rules: not a card file"),
    ],
)
def test_missing_files_and_directories_are_named(args, message):
    assert message in refused("simulate_match", "--system", "filsinger", WOLF, *args)


def test_a_slug_without_a_database_card_is_named():
    message = refused("simulate_match", WOLF, "nobody-here")
    assert message == (
        "nobody-here: no such card file, and no wrestler with that slug has a card for filsinger"
    )
    assert refused("simulate_match", "nobody-here", "x" * 5000).startswith(
        "nobody-here: no such card file, and no wrestler with that slug has a card"
    )


@pytest.mark.parametrize("command", COMMANDS)
def test_the_real_command_line_exits_non_zero_with_one_line(tmp_path, command):
    junk = _write(tmp_path, "junk.bin", bytes(range(256)) * 16)
    done = subprocess.run(
        [sys.executable, "manage.py", command, WOLF, junk],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    # The error is one line, the last (log lines of the project's apps may come before it).
    assert done.stderr.strip().splitlines()[-1] == (
        f"CommandError: {junk}: not UTF-8 text (byte 129 is 0x80); save the file as UTF-8"
    )


def test_a_reader_that_goes_away_stops_the_command_quietly():
    """`simulate_match ... | head -1`: the rest of a long play-by-play has nowhere to go."""
    arm = ROOT / "rules/data/sample/arm"
    command = [sys.executable, "manage.py", "simulate_match", str(arm / "corrigan-vale.yaml")]
    command += [str(arm / "mortimer-gale.yaml"), "--seed", "1"]
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    process.stdout.close()  # gone before the first line: every write finds no reader
    err = process.stderr.read()
    assert process.wait(timeout=120) == 1
    assert err == ""
