"""The ARM play-by-play refers to each wrestler by their own pronouns (he, she, they) and to two
of them by what they have in common: "both men", "both women", or "both wrestlers" when they
differ. The sentences are written out here word for word; the sample roster's matches, played
with every wrestler a woman or a "they", must never fall back on a man's words.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
import yaml

from rules.arm.engine import Match, prepare
from rules.arm.strategy import DefaultStrategy
from rules.arm.tables import default_data, load_tables
from rules.core.dice import ScriptedDice, SeededDice
from rules.core.errors import TableError
from rules.core.result import Method
from rules.core.spec import Ringside
from tests.rules.arm_support import (
    ALPHA,
    BETA,
    Plan,
    Scripted,
    arm,
    match_of,
    move,
    sheet,
    with_pronouns,
)
from tests.rules.test_arm_corpus import CAGE_OPTIONS, OPTIONS, STIPULATIONS, Rough, sheets

#: A man's words, which no event of a match of women (or of "they") may hold.
HIS = re.compile(r"\b(he|him|his|himself|man|men)\b", re.IGNORECASE)
#: A man's or a woman's words, which no event of a match of "they" may hold.
HIS_OR_HERS = re.compile(
    r"\b(he|him|his|himself|man|men|she|her|hers|herself|woman|women)\b", re.IGNORECASE
)
MORE_OPTIONS = ["cage,internal_cage", "no_dq,no_count_out", "cage=pipe,escape,over_top_dq"]


def standoff(pronouns):
    """Alpha's chop and Beta's answering headbutt both miss: a standoff."""
    strategy = Scripted(respond=lambda m, s: Plan(move=move(m, s, "Headbutt")), follow_up=[])
    m = match_of([15, 16, 4], strategy=strategy, pronouns=pronouns)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    return [e.text for e in m.events if e.kind == "standoff"]


# ------------------------------------------------------------------------------ pairs


@pytest.mark.parametrize(
    ("pronouns", "line"),
    [
        (None, "A standoff: both men miss and reset."),
        (("he", "he"), "A standoff: both men miss and reset."),
        (("she", "she"), "A standoff: both women miss and reset."),
        (("she", "he"), "A standoff: both wrestlers miss and reset."),
        (("he", "they"), "A standoff: both wrestlers miss and reset."),
        (("they", "they"), "A standoff: both wrestlers miss and reset."),
    ],
)
def test_a_standoff_names_the_two_by_what_they_have_in_common(pronouns, line):
    assert standoff(pronouns) == [line]


@pytest.mark.parametrize(
    ("pronouns", "line"),
    [
        (("she", "she"), "They collide! Both women go down (3 damage each)."),
        (("he", "she"), "They collide! Both wrestlers go down (3 damage each)."),
        (("he", "he"), "They collide! Both men go down (3 damage each)."),
    ],
)
def test_a_collision_brings_both_women_down(pronouns, line):
    strategy = Scripted(respond=lambda m, s: Plan(move=move(m, s, "Punch")))
    m = match_of([20, 20, 5, 8], strategy=strategy, pronouns=pronouns)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    assert [e.text for e in m.events if e.kind == "collision"] == [line]


@pytest.mark.parametrize(
    ("pronouns", "count_out", "end"),
    [
        (
            ("she", "she"),
            "Neither woman makes it back in: a double count-out!",
            "Both women are counted out at 0:00.",
        ),
        (
            ("she", "he"),
            "Neither wrestler makes it back in: a double count-out!",
            "Both wrestlers are counted out at 0:00.",
        ),
        (
            ("he", "he"),
            "Neither man makes it back in: a double count-out!",
            "Both men are counted out at 0:00.",
        ),
    ],
)
def test_a_double_count_out_names_the_two_counted_out(pronouns, count_out, end):
    m = match_of([6, 6, 6, 6], pronouns=pronouns)
    for f in (m.me(ALPHA), m.me(BETA)):
        f.zone = "floor"
    for _ in range(5):
        m.referee_count()
    assert m.method is Method.DOUBLE_COUNT_OUT
    events = m.result().events
    assert [e.text for e in events if e.kind == "count_out"] == [count_out]
    assert events[-1].text == end


@pytest.mark.parametrize(
    ("pronouns", "end"),
    [
        (("she", "she"), "Both women are disqualified at 0:00."),
        (("she", "they"), "Both wrestlers are disqualified at 0:00."),
        (None, "Both men are disqualified at 0:00."),
    ],
)
def test_a_double_disqualification_names_the_two_disqualified(pronouns, end):
    m = match_of([], pronouns=pronouns)
    m.disqualify(m.me(ALPHA), "a chair")
    m.disqualify(m.me(BETA), "a chair")
    assert m.method is Method.DOUBLE_DISQUALIFICATION
    assert m.result().events[-1].text == end


@pytest.mark.parametrize(
    ("pronouns", "end"),
    [
        (("she", "she"), "Neither woman can continue: a draw at 0:00."),
        (("they", "she"), "Neither wrestler can continue: a draw at 0:00."),
        (("he", "he"), "Neither man can continue: a draw at 0:00."),
    ],
)
def test_a_double_knockout_says_neither_woman_can_continue(pronouns, end):
    m = match_of([2], pronouns=pronouns)
    m.me(ALPHA).out = True
    m.referee_sees_ko(m.me(BETA))
    assert m.method is Method.DOUBLE_KNOCKOUT
    assert m.result().events[-1].text == end


def test_in_a_tag_match_both_is_the_two_legal_wrestlers_not_the_teams():
    a, b = sheet("alpha"), sheet("beta")
    a2, b2 = sheet("alpha", name="Alpha Two"), sheet("beta", name="Beta Two")
    spec = arm.make_spec([a, a2, b, b2], "tag", relationship="partners")
    spec = with_pronouns(spec, ("he", "she", "he", "she"))
    strategy = Scripted(respond=lambda m, s: Plan(move=move(m, s, "Headbutt")), follow_up=[])
    m = Match(prepare(spec), ScriptedDice([15, 16, 4, 15, 16, 4]), strategy)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))  # Alpha and Beta: two men
    m.swap_in(ALPHA, m.me(ALPHA), m.partner(ALPHA))  # Alpha Two, a woman, against Beta
    m.cur[ALPHA].zone = m.cur[BETA].zone
    m.near = True
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    assert [e.text for e in m.events if e.kind in ("standoff", "tag")] == [
        "A standoff: both men miss and reset.",
        "Alpha tags in Alpha Two!",
        "A standoff: both wrestlers miss and reset.",
    ]


# ------------------------------------------------------------------------------ one wrestler


def test_past_the_final_stuntrack_each_is_out_on_their_own_feet():
    m = match_of([5, 5, 5], pronouns=("he", "she"))
    m.hurt(m.me(BETA), 181, None)
    m.hurt(m.me(ALPHA), 181, None)
    weardown = [e.text for e in m.events if e.kind == "weardown"]
    assert weardown == [
        "Beta is Out on her feet now (181 damage, -5).",
        "Alpha is Out on his feet now (181 damage, -5).",
    ]
    m = match_of([5], pronouns=("he", "they"))
    m.hurt(m.me(BETA), 181, None)
    assert m.events[0].text == "Beta is Out on their feet now (181 damage, -5)."


def test_a_wrestler_is_a_man_unless_the_roster_says_otherwise():
    spec = arm.make_spec([sheet("alpha"), sheet("beta")])
    assert [p.pronouns for p in spec.participants] == ["he", "he"]
    alpha = prepare(spec).wrestlers[ALPHA][0]
    assert (alpha.man, alpha.men, alpha.pronouns.possessive) == ("man", "men", "his")
    assert alpha.level_names[-1] == "Out on his feet"
    she = prepare(with_pronouns(spec, ("she", "he"))).wrestlers[ALPHA][0]
    assert (she.man, she.men, she.pronouns.possessive) == ("woman", "women", "her")
    assert she.level_names[-1] == "Out on her feet"
    assert she.level_names[:2] == ("Fresh", "Winded")


def maneuvers_with_text(name: str, text: str) -> dict:
    maneuvers = yaml.safe_load(yaml.safe_dump(default_data("maneuvers")))
    maneuvers["maneuvers"][name]["text"] = text
    return maneuvers


@pytest.mark.parametrize(
    ("pronouns", "line"),
    [
        (
            ("he", "she"),
            "Alpha whips Beta into the turnbuckle, her back first! His move. (5 damage)",
        ),
        (
            ("she", "he"),
            "Alpha whips Beta into the turnbuckle, his back first! Her move. (5 damage)",
        ),
        (
            ("they", "they"),
            "Alpha whips Beta into the turnbuckle, their back first! Their move. (5 damage)",
        ),
    ],
)
def test_a_maneuvers_own_line_may_use_each_wrestlers_pronouns(pronouns, line):
    text = "{A} whips {d} into the {object}, {d:his} back first! {A:His} move."
    tables = load_tables({"maneuvers": maneuvers_with_text("Irish Whip", text)})
    m = match_of([5], pronouns=pronouns, tables=tables, strategy=Scripted(follow_up=[]))
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Irish Whip")))
    # 5 damage: the whip's own 2, the turnbuckle's 2 and Beta's WDB 1.
    assert [e.text for e in m.events if e.kind == "hit"] == [line]


def test_a_line_that_asks_for_an_unknown_word_or_person_is_refused_by_its_path():
    maneuvers = maneuvers_with_text("Irish Whip", "{A} whips {d} into {d:her} corner")
    maneuvers["maneuvers"]["Head Slam"]["text"] = "{A} slams {x}'s head"
    stuntrack = yaml.safe_load(yaml.safe_dump(default_data("stuntrack")))
    stuntrack["beyond"]["name"] = "Out on {you:hers} feet"
    with pytest.raises(TableError) as caught:
        load_tables({"maneuvers": maneuvers, "stuntrack": stuntrack})
    paths = [path for path, _ in caught.value.problems]
    assert "maneuvers.maneuvers.Irish Whip.text" in paths
    assert "maneuvers.maneuvers.Head Slam.text" in paths
    assert "stuntrack.beyond.name" in paths


# ------------------------------------------------------------------------------ whole matches


def matches(pronouns: str, n: int, seed: str):
    """``n`` matches of the sample roster (singles, tag and steel cage; every option; managers
    and allies; stipulations; the corpus's rough strategy now and then), every wrestler with
    ``pronouns``: (what was played, its events)."""
    cards = sheets()
    names = sorted(cards)
    rng = random.Random(seed)
    for _ in range(n):
        match_type = rng.choice(("singles", "singles", "tag", "steel_cage"))
        options = rng.choice(CAGE_OPTIONS if match_type == "steel_cage" else OPTIONS + MORE_OPTIONS)
        picked = rng.sample(names, 4 if match_type == "tag" else 2)
        spec = arm.make_spec(
            [cards[name] for name in picked],
            match_type,
            options=options,
            relationship="partners" if match_type == "tag" else None,
        )
        spec = with_pronouns(spec, [pronouns] * len(picked))
        sides = tuple(
            replace(
                side,
                manager=rng.choice((None, Ringside(key=f"m{s}", name=f"Manager {s}"))),
                ally=rng.choice((None, Ringside(key=f"a{s}", name=f"Ally {s}"))),
            )
            for s, side in enumerate(spec.sides)
        )
        spec = replace(spec, sides=sides, stipulations=rng.choice(STIPULATIONS))
        strategy = Rough() if rng.random() < 0.3 else DefaultStrategy()
        result = arm.simulate(spec, dice=SeededDice(rng.randrange(10**6)), strategy=strategy)
        yield f"{match_type} {'+'.join(picked)} [{options}]", result.events


def test_matches_of_women_never_use_a_mans_words():
    standoffs = out_on_her_feet = 0
    for name, events in matches("she", 160, "women"):
        for k, event in enumerate(events):
            assert not HIS.search(event.text), f"{name}, event {k}: {event.text}"
            standoffs += event.text == "A standoff: both women miss and reset."
            out_on_her_feet += " is Out on her feet now (" in event.text
    # The sentences that had a man's words were reached, in a woman's.
    assert standoffs > 10 and out_on_her_feet > 0


def test_matches_of_they_use_neither_a_mans_nor_a_womans_words():
    standoffs = 0
    for name, events in matches("they", 120, "they"):
        for k, event in enumerate(events):
            assert not HIS_OR_HERS.search(event.text), f"{name}, event {k}: {event.text}"
            standoffs += event.text == "A standoff: both wrestlers miss and reset."
    assert standoffs > 10
