"""The Superstar play-by-play calls each wrestler by his own pronouns (he, she, they).

Every sentence expected here is written out in full; none is rebuilt from the engine's words.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from rules.core.dice import ScriptedDice, SeededDice
from rules.core.errors import TableError
from rules.core.result import Method
from rules.core.spec import Participant
from rules.superstar import engine
from rules.superstar import system as superstar
from rules.superstar.engine import Match, prepare, run
from rules.superstar.strategy import DefaultStrategy
from rules.superstar.tables import default_sources
from tests.rules.superstar_helpers import card, faces

SAMPLE = Path(__file__).resolve().parents[2] / "rules" / "data" / "sample" / "superstar"

#: Every match type the system has, with the options that change what it plays.
SHAPES = [
    ("singles", 2, ""),
    ("singles", 2, "referee"),
    ("singles", 2, "grudge=texas_death"),
    ("tag", 4, ""),
    ("tag", 4, "tag_level=2,referee"),
    ("three_man_tag", 6, ""),
    ("three_man_tag", 6, "tag_level=3"),
    ("battle_royal", 6, ""),
    ("steel_cage", 2, ""),
    ("texas_death", 2, "referee"),
    ("grudge", 2, "grudge=steel_cage"),
]
SEEDS = range(30)

HE_WORDS = re.compile(r"\b(he|him|his|himself|man|men)\b", re.IGNORECASE)
GENDERED = re.compile(
    r"\b(he|him|his|himself|she|her|hers|herself|man|men|woman|women)\b", re.IGNORECASE
)


def with_pronouns(spec, keys):
    """The spec with its wrestlers' pronouns, in order (the rest keep theirs)."""
    keys = iter(keys)
    sides = tuple(
        replace(
            side,
            participants=tuple(
                replace(p, pronouns=next(keys, p.pronouns)) for p in side.participants
            ),
        )
        for side in spec.sides
    )
    return replace(spec, sides=sides)


def play(cards, dice, match_type="singles", options="time_limit=1", pronouns=()):
    spec = with_pronouns(superstar.make_spec(cards, match_type, options=options), pronouns)
    scripted = ScriptedDice(dice)
    result = superstar.simulate(spec, dice=scripted)
    assert scripted.remaining == 0, f"{scripted.remaining} faces left unused"
    return result


def texts(result, kind=None):
    return [e.text for e in result.events if kind is None or e.kind == kind]


def words_shown(result):
    """Everything a user reads of a match: the play-by-play and the injury record."""
    return [*texts(result), *(i.description for i in result.effects.injuries)]


@pytest.fixture(scope="module")
def samples():
    return [
        superstar.parse_card(yaml.safe_load(p.read_text())) for p in sorted(SAMPLE.glob("*.yaml"))
    ]


def sweep(samples, key, *, shapes=SHAPES, seeds=SEEDS):
    """Every shape over many seeds with every wrestler ``key``: (shape, seed, text) shown."""
    out = []
    for match_type, n, options in shapes:
        for seed in seeds:
            cards = [samples[(5 * seed + 3 * i) % len(samples)] for i in range(n)]
            spec = superstar.make_spec(cards, match_type, options=options or None)
            spec = with_pronouns(spec, [key] * n)
            result = superstar.simulate(spec, dice=SeededDice(seed))
            out += [((match_type, options), seed, text) for text in words_shown(result)]
    return out


@pytest.fixture(scope="module")
def she_words(samples):
    return sweep(samples, "she")


@pytest.fixture(scope="module")
def they_words(samples):
    return sweep(samples, "they")


# ----------------------------------------------------------------------------- the default
def test_a_wrestler_is_he_unless_told_and_the_engine_reads_his_words_once():
    a, b = card("A"), card("B")
    spec = superstar.make_spec([a, b])
    assert [p.pronouns for p in spec.participants] == ["he", "he"]
    assert Participant(key="x", name="X", card=a).pronouns == "he"
    w = prepare(with_pronouns(spec, ["she"])).teams[0][0]
    assert (w.pronouns.key, w.noun, w.nouns) == ("she", "woman", "women")
    w = prepare(with_pronouns(spec, ["they"])).teams[0][0]
    assert (w.noun, w.nouns) == ("wrestler", "wrestlers")


# ------------------------------------------------------------------------- she and they only
def test_a_women_only_match_of_any_type_never_says_he_or_man(she_words):
    shapes = {shape for shape, _, _ in she_words}
    assert len(shapes) == len(SHAPES)
    bad = [(shape, seed, text) for shape, seed, text in she_words if HE_WORDS.search(text)]
    assert bad == []


def test_the_womens_sweep_reaches_the_sentences_that_name_them(she_words):
    shown = "\n".join(text for _, _, text in she_words)
    for words in (
        "Both women in roll OC/TT",
        "(all four women in the ring)",
        "(all six women in the ring)",
        "Injury to WOMAN-IN",
        "Injury to WOMAN-OUT",
        "takes the injured woman's place in the ring",
    ):
        assert words in shown


def test_a_they_only_match_of_any_type_has_no_he_or_she_forms(they_words):
    bad = [(shape, seed, text) for shape, seed, text in they_words if GENDERED.search(text)]
    assert bad == []
    shown = "\n".join(text for _, _, text in they_words)
    assert "Both wrestlers in roll OC/TT" in shown
    assert "(all four wrestlers in the ring)" in shown
    assert "Injury to WRESTLER-IN" in shown


def test_the_general_round_loop_says_the_same_as_the_compiled_singles_loop(samples, monkeypatch):
    singles = [s for s in SHAPES if s[1] == 2 and s[0] == "singles"]
    compiled = sweep(samples, "she", shapes=singles, seeds=range(20))
    monkeypatch.setattr(Match, "compiled_singles", False)
    general = sweep(samples, "she", shapes=singles, seeds=range(20))
    assert general == compiled
    assert [t for _, _, t in general if HE_WORDS.search(t)] == []


def test_a_mixed_match_never_calls_the_wrestlers_who_meet_men_or_women(samples):
    shapes = [s for s in SHAPES if s[0] != "battle_royal"]
    for match_type, n, options in shapes:
        for seed in range(15):
            cards = [samples[(5 * seed + 3 * i) % len(samples)] for i in range(n)]
            spec = superstar.make_spec(cards, match_type, options=options or None)
            # One side he, the other she: any two who meet are a mixed pair.
            spec = with_pronouns(spec, ["he"] * (n // 2) + ["she"] * (n // 2))
            for text in words_shown(superstar.simulate(spec, dice=SeededDice(seed))):
                assert not re.search(r"\b(men|women)\b", text), (match_type, seed, text)


# --------------------------------------------------------------------------- scripted, exact
def double_dq_pair():
    return card("A", offense={10: "Throw out of ring (DQ)"}), card(
        "B", offense={10: "Throw out of ring (DQ)"}
    )


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize(
    ("pronouns", "sentence"),
    [
        (["he", "he"], "Both men are counted out: a double disqualification."),
        (["she", "she"], "Both women are counted out: a double disqualification."),
        (["she", "he"], "Both wrestlers are counted out: a double disqualification."),
        (["they", "they"], "Both wrestlers are counted out: a double disqualification."),
    ],
)
def test_a_double_disqualification_names_both_by_their_noun(
    pronouns, sentence, compiled, monkeypatch
):
    monkeypatch.setattr(Match, "compiled_singles", compiled)
    result = play(list(double_dq_pair()), faces(7, 7, 10, 10, 11, 12), pronouns=pronouns)
    assert result.method is Method.DOUBLE_DISQUALIFICATION
    assert texts(result, "dq")[-1] == sentence


def injury_teams():
    return [
        card("A1", general={9: "OC/TT"}, priority=(3, 2)),
        card("A2", priority=(3, 2)),
        card("B1", general="DC", priority=(3, 2)),
        card("B2", general="DC", priority=(3, 2)),
    ]


# Column 2/2, 12: INJURY; one die, 2: the man in (B1) is hurt for 5 rounds and B2 comes in.
MAN_IN = [*faces(9, 5, 12), 2, *faces(5, 7, 3)]


@pytest.mark.parametrize(
    ("pronouns", "injury", "replaced", "record"),
    [
        (
            ["he", "he", "he", "he"],
            "INJURY! 2 on the Tag Team Injury Chart: Injury to MAN-IN: 5 rounds. Hurt: B1.",
            "B2 takes the injured man's place in the ring.",
            "Hurt by a double team in the ring (B1)",
        ),
        # A mixed team: B1 is she, her partner B2 he.
        (
            ["he", "he", "she", "he"],
            "INJURY! 2 on the Tag Team Injury Chart: Injury to WOMAN-IN: 5 rounds. Hurt: B1.",
            "B2 takes the injured woman's place in the ring.",
            "Hurt by a double team in the ring (B1)",
        ),
        (
            ["she", "she", "they", "she"],
            "INJURY! 2 on the Tag Team Injury Chart: Injury to WRESTLER-IN: 5 rounds. Hurt: B1.",
            "B2 takes the injured wrestler's place in the ring.",
            "Hurt by a double team in the ring (B1)",
        ),
    ],
)
def test_the_tag_team_injury_chart_names_the_hurt_by_their_noun(pronouns, injury, replaced, record):
    result = play(injury_teams(), MAN_IN, "tag", "tag_level=2,time_limit=1", pronouns)
    assert texts(result, "injury") == [injury]
    assert texts(result, "tag") == [replaced]
    assert [i.description for i in result.effects.injuries] == [record]


def test_with_nobody_fit_outside_the_injury_says_so_in_the_teams_noun():
    # Round 1: face 1 hurts B2, the woman outside; round 2: face 1 again, nobody left outside.
    dice = [*faces(9, 5, 12), 1, *faces(7, 3)] * 2
    result = play(
        injury_teams(), dice, "tag", "tag_level=2,time_limit=2", ["he", "he", "she", "she"]
    )
    assert texts(result, "injury") == [
        "INJURY! 1 on the Tag Team Injury Chart: Injury to WOMAN-OUT: 5 rounds. Hurt: B2.",
        "INJURY! 1 on the Tag Team Injury Chart: Injury to WOMAN-OUT: 5 rounds. "
        "Hurt: nobody (no woman outside).",
    ]
    # The injury record: the woman out, hurt on the apron, in words (not the chart's line).
    assert [i.description for i in result.effects.injuries] == [
        "Hurt by a double team on the apron (B2)"
    ]
    he = play(injury_teams(), dice, "tag", "tag_level=2,time_limit=2")
    assert texts(he, "injury")[1] == (
        "INJURY! 1 on the Tag Team Injury Chart: Injury to MAN-OUT: 5 rounds. "
        "Hurt: nobody (no man outside)."
    )


@pytest.mark.parametrize(
    ("pronouns", "words"),
    [
        (["he"] * 4, "A, 2 vs. 2 for 1 round (all four men in the ring)."),
        (["she"] * 4, "A, 2 vs. 2 for 1 round (all four women in the ring)."),
        (["he", "he", "she", "she"], "A, 2 vs. 2 for 1 round (all four wrestlers in the ring)."),
    ],
)
def test_the_advanced_tag_team_charts_everyone_in_names_the_match_by_its_group_noun(
    pronouns, words
):
    teams = injury_teams()
    teams[2] = card("B1", general={5: "DC"}, priority=(3, 2))
    result = play(teams, faces(9, 5, 2, 7, 7, 7, 7), "tag", "tag_level=2,time_limit=1", pronouns)
    assert texts(result, "tag_chart") == [
        f"OC/TT: A1's team rolls 2 on the Advanced Tag-Team Chart (Off TTR 2, Def TTR 2): {words}"
    ]


@pytest.mark.parametrize(
    ("pronouns", "lead"),
    [
        (["he", "he", "he", "he"], "Both men in roll OC/TT"),
        (["she", "he", "she", "he"], "Both women in roll OC/TT"),
        (["she", "he", "he", "she"], "Both wrestlers in roll OC/TT"),
    ],
)
def test_both_in_rolling_oc_tt_names_the_two_in_the_ring(pronouns, lead):
    c, d = (
        card("C", general={9: "OC/TT"}, priority=(3, 2)),
        card("D", general={9: "OC/TT"}, priority=(3, 2)),
    )
    result = play(
        [c, card("C2"), d, card("D2")],
        faces(9, 9, 7, 7, 7, 7),
        "tag",
        "tag_level=2,time_limit=1",
        pronouns,
    )
    assert texts(result, "double_team") == [
        f"{lead}: everyone is in the ring for 1 round, all on the attack (no pins or submissions)."
    ]


@pytest.mark.parametrize(
    ("pronouns", "both"),
    [(["he", "he"], "men"), (["she", "she"], "women"), (["he", "she"], "wrestlers")],
)
def test_the_steel_cage_race_names_both_pinned(pronouns, both):
    a = card("A", general={5: "DC"}, offense={9: "Leg drop 9 P/A"}, priority=(4, 2))
    b = card("B", general={5: "DC"}, offense={9: "Leg drop 9 P/A"}, priority=(3, 2))
    dice = faces(7, 5, 9, 3, 12, (3, 3)) + faces(5, 7, 9, 3, 12) + faces(7, 8, 6, 9)
    result = play([a, b], dice, "steel_cage", "time_limit=10", pronouns)
    race = [t for t in texts(result, "cage") if "race" in t]
    assert race == [
        f"Both {both} have been pinned: a race out of the cage! A 7 + 4 = 11, B 8 + 3 = 11: "
        "a tie, they race again.",
        f"Both {both} have been pinned: a race out of the cage! A 6 + 4 = 10, B 9 + 3 = 12.",
    ]


def test_the_exact_odds_note_on_a_tag_match_names_its_wrestlers(samples):
    spec = superstar.make_spec(samples[:4], "tag")
    note = (
        "no exact odds: tag matches (the {} in and out, double teaming, injuries) make the chain "
        "too large; Monte Carlo alone"
    )
    assert superstar.odds(spec, runs=5, seed=1).exact_note == note.format("men")
    she = with_pronouns(spec, ["she"] * 4)
    assert superstar.odds(she, runs=5, seed=1).exact_note == note.format("women")


# ------------------------------------------------------------------------------ the charts
def test_a_federations_chart_text_may_name_the_hurt_and_a_bad_field_is_refused():
    chart = default_sources()["tag_injury_chart"]
    rows = [dict(r) for r in chart["rolls"]]
    rows[1]["text"] = "{Man} in down {{5}}"
    tables = superstar.load_tables({"tag_injury_chart": {**chart, "rolls": rows}})
    spec = with_pronouns(
        superstar.make_spec(injury_teams(), "tag", options="tag_level=2,time_limit=1"),
        ["he", "he", "she"],
    )
    result = superstar.simulate(spec, dice=ScriptedDice(MAN_IN), tables=tables)
    assert texts(result, "injury") == [
        "INJURY! 2 on the Tag Team Injury Chart: Woman in down {5}. Hurt: B1."
    ]
    rows[1]["text"] = "Injury to {BOY}"
    with pytest.raises(TableError) as err:
        superstar.load_tables({"tag_injury_chart": {**chart, "rolls": rows}})
    assert "tag_injury_chart.rolls[1].text" in str(err.value) and "{BOY}" in str(err.value)


def test_the_fast_path_formats_no_chart_text(samples, monkeypatch):
    spec = with_pronouns(
        superstar.make_spec(samples[:4], "tag", options="tag_level=2"), ["she"] * 4
    )
    prep = prepare(spec)

    def refuse(*args):
        raise AssertionError("chart text formatted on the fast path")

    monkeypatch.setattr(engine, "chart_words", refuse)
    injured = 0
    dice = SeededDice(3, record=False)
    for _ in range(300):
        result = run(prep, dice, DefaultStrategy(), record=False)
        injured += len(result.effects.injuries)
    assert injured > 0
