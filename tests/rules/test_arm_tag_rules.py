"""ARM tag matches as the chapter's "Tag Team Wrestling" reads them: the blind tag and the fake
tag chosen when they make sense, and the five-count on a man tagged out who stays in the ring.

The chapter's words each test rests on:

- "The two then have a five-count to switch places, or else be disqualified."
- "Referee Counts ... At the end of each round a referee is counting, roll 1d6 and add it to the
  current count; if the total is higher than the limit of the count, the referee will take
  action (usually disqualifying the wrestler he's counting against)."
- "'Blind Tag' is considered a Trick ... The roll for Blind Tag is made concurrent with a
  standard tag."
- "'Fake Tag' ... a Difficulty 1 SAV Trick ... This allows a wrestler to make a tag when the
  wrestler cannot reach his partner's corner fast enough."

The test sheets: every attribute 12 (AGI bonus 2), a StunTrack 36 points a level; Alpha a fan
favourite, Beta a rulebreaker (``tests/rules/fixtures/arm_*.yaml``).
"""

from __future__ import annotations

import copy
import random
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from rules.arm.engine import Match, prepare
from rules.arm.strategy import DefaultStrategy
from rules.arm.tables import default_data, load_tables
from rules.core.dice import ScriptedDice, SeededDice
from rules.core.result import Method
from tests.rules.arm_support import ALPHA, BETA, Plan, Scripted, arm, kinds, sheet, tag_match

SAMPLE_DIR = Path(__file__).parents[2] / "rules/data/sample/arm"

TIRED = 73  # damage: past the second break of a StunTrack 36 points a level (Tired, -2)


def team_match(a, a2, b, b2, faces=(), strategy=None, options=None):
    spec = arm.make_spec([a, a2, b, b2], "tag", options=options, relationship="partners")
    return Match(prepare(spec), ScriptedDice(list(faces)), strategy or Scripted())


def worn(match, side, damage=TIRED):
    f = match.me(side)
    f.dmg = damage
    f.note_damage()
    return f


def heels(sav=12):
    """Two rulebreakers (Alpha's side) against two fan favourites (Beta's side)."""
    attrs = {**sheet("alpha").attrs, "SAV": sav}
    return (
        sheet("beta", name="Rex", attributes=attrs),
        sheet("beta", name="Rex Two", attributes=attrs),
        sheet("alpha", name="Fay"),
        sheet("alpha", name="Fay Two"),
    )


# ------------------------------------------------------------------------------ the blind tag


def test_a_worn_man_blind_tags_when_the_trick_has_a_fair_chance():
    m = tag_match([])
    alpha = worn(m, ALPHA)
    assert alpha.lvl == 2 and alpha.pen == 2
    m.ap = 2
    # The Blind Tag, improvised: SAV 12, -2 improvised, -2 Tired: 8, a fair chance (8 in 20).
    assert m.target(ALPHA, m.me(ALPHA).w.move("Blind Tag")) == 12 - 2 - 2
    plan = DefaultStrategy().plan(m, ALPHA)
    assert plan.actions == ("home", "blind_tag")


def test_a_man_whose_blind_tag_would_seldom_work_tags_plainly():
    low = sheet("alpha", attributes={**sheet("alpha").attrs, "SAV": 10})
    m = team_match(low, sheet("alpha", name="Alpha Two"), sheet("beta"), sheet("beta", name="B2"))
    worn(m, ALPHA)
    m.ap = 2
    # SAV 10, -2 improvised, -2 Tired: 6, under a fair chance.
    assert DefaultStrategy().plan(m, ALPHA).actions == ("home", "tag")


def test_a_blind_tag_the_opponent_misses_lets_the_new_man_roll_twice():
    # Alpha in his corner blind-tags (the trick: 10, rolls 3); Beta's SAV check (12) rolls 17:
    # he never saw it. Alpha Two closes in on Beta at ringside (1 square) and chops: BRA 12, less
    # the point Alpha lacked for the tag and the one he lacks to close in: 10. Unopposed, "the
    # attacker makes two rolls, and uses the more advantageous one": 15 and 6, and 6 lands,
    # a chop's 2 and Beta's WDB 1.
    def plan(match, side):
        if match.me(side).w.name == "Alpha":
            return Plan(actions=("home", "blind_tag"))
        return Plan(move=match.me(side).w.move("Chop"), actions=("approach",))

    m = tag_match([3, 17, 15, 6], Scripted(plan=plan, counter=None, follow_up=[]))
    alpha = m.me(ALPHA)
    alpha.zone, alpha.home = "corner", True
    m.me(BETA).zone = "ringside"
    m.round()
    assert m.me(ALPHA).w.name == "Alpha Two"
    assert [e.text for e in m.events if e.kind == "blind_tag"] == ["Beta never saw the tag!"]
    attack = next(e for e in m.events if e.kind == "attack")
    assert (attack.dice, attack.data["target"]) == ((15, 6), 10)
    assert m.me(BETA).dmg == 2 + 1


# ------------------------------------------------------------------------------ the fake tag


def test_a_rulebreaker_who_cannot_reach_his_corner_this_round_claps_for_a_fake_tag():
    rex, rex2, fay, fay2 = heels(sav=16)
    m = team_match(rex, rex2, fay, fay2)
    worn(m, ALPHA)
    m.me(ALPHA).zone, m.me(ALPHA).home = "center", False
    m.ap = 2
    # To his corner from the center: 2 squares, and the tag's 3: 5 points against his 2.
    # The Fake Tag (Level 1, improvised): SAV 16, -2 improvised, -2 for its Level against a
    # Fresh man, -2 Tired: 10, at least the fair chance (8).
    fake = m.me(ALPHA).w.move("Fake Tag")
    assert m.target(ALPHA, fake) == 16 - 2 - 2 - 2
    assert DefaultStrategy().plan(m, ALPHA).actions == ("fake_tag",)


def test_a_rulebreaker_already_in_his_corner_tags_for_real():
    rex, rex2, fay, fay2 = heels(sav=16)
    m = team_match(rex, rex2, fay, fay2)
    worn(m, ALPHA)
    m.me(ALPHA).zone, m.me(ALPHA).home = "corner", True
    m.ap = 3  # the tag's 3 in hand: nothing out of reach
    assert DefaultStrategy().plan(m, ALPHA).actions == ("home", "blind_tag")


def test_a_fan_favourite_out_of_reach_of_his_corner_does_not_fake_a_tag():
    strong = sheet("alpha", attributes={**sheet("alpha").attrs, "SAV": 16})
    m = team_match(strong, sheet("alpha", name="Alpha Two"), sheet("beta"), sheet("beta"))
    worn(m, ALPHA)
    m.me(ALPHA).zone, m.me(ALPHA).home = "center", False
    m.ap = 2
    assert DefaultStrategy().plan(m, ALPHA).actions == ("home", "blind_tag")


# ------------------------------------------------------------------------------ the five-count


def _tag_then(then):
    """A strategy that tags Alpha's side out from the corner, then plays ``then``; the man
    tagged out stays in the ring."""

    def plan(match, side):
        if match.me(side).w.name in ("Alpha", "Rex"):
            return Plan(actions=("home", "tag"))
        return then(match, side)

    return Scripted(plan=plan, linger=True, counter=None, follow_up=[])


def _cornered(m):
    alpha = m.me(ALPHA)
    alpha.zone, alpha.home = "corner", True
    return alpha


def test_the_man_tagged_out_who_stays_past_a_five_count_is_disqualified():
    # A 6 on the referee's 1d6 at the round's end: 6 is higher than the five-count's limit.
    m = tag_match([6], _tag_then(lambda match, side: Plan()))
    _cornered(m)
    m.round()
    assert (m.winner, m.method) == (BETA, Method.DISQUALIFICATION)
    assert [e.text for e in m.events if e.kind in ("linger", "tag_count", "disqualification")] == [
        "Alpha stays in the ring after the tag, and the referee starts the five-count!",
        "The referee counts Alpha out of the ring: 6!",
        "Alpha is disqualified for staying in the ring past a five count after the tag!",
    ]


def test_a_count_of_five_or_under_sees_him_out_onto_the_apron():
    m = tag_match([5], _tag_then(lambda match, side: Plan()))
    _cornered(m)
    m.round()
    assert m.method is None and m.lingering == -1
    assert [e.text for e in m.events if e.kind == "tag_count"] == [
        "The referee counts Alpha out of the ring: 5. Alpha steps out onto the apron."
    ]
    # He is out: the next round's end counts nothing (no die is left to roll).
    m.end_of_round()
    assert m.method is None


def test_a_distracted_referee_counts_nobody_and_a_no_dq_match_has_no_count():
    for options, distracted in ((None, 2), ("no_dq", 0)):
        m = tag_match([], _tag_then(lambda match, side: Plan()), options=options)
        _cornered(m)
        m.distracted = distracted
        m.round()  # no die is scripted: a count would run out of them
        assert m.method is None and m.lingering == -1
        assert "linger" in kinds(m) and "tag_count" not in kinds(m)


def test_the_partner_who_stays_joins_the_new_mans_attack_as_a_double_team():
    # Rex tags Rex Two (3 points against his 2: one lacking) and stays; Rex Two closes in on
    # Fay in the center (2 squares, no points left: two more lacking) and the two headbutt her
    # together, the default strategy's choice (their best legal strike). Rex Two's figure: BRA 12
    # less the 3 points lacking, 9; Rex's 12; the same maneuver, so the higher plus a third of
    # the lower, rounded up: 12 + 3 = 15. The chapter's "A double team maneuver is treated as a
    # single action, with a single attack roll": 10 lands; the referee's check for the double
    # team (Skill 12) rolls 15 and misses it; both headbutts' damage (3 each) and Fay's WDB (1)
    # make 7. The count at the round's end rolls 2: Rex is out onto the apron.
    rex, rex2, fay, fay2 = heels()

    class Choosing(Scripted):
        def plan(self, match, side):
            if match.me(side).w.name == "Rex":
                return Plan(actions=("home", "tag"))
            return DefaultStrategy().plan(match, side)

    m = team_match(rex, rex2, fay, fay2, [10, 15, 2], Choosing(linger=True, follow_up=[]))
    rex_f = m.me(ALPHA)
    rex_f.zone, rex_f.home = "corner", True
    m.me(BETA).zone = "center"
    m.near = False
    m.round()
    attack = next(e for e in m.events if e.kind == "attack")
    assert (attack.data["move"], attack.data["target"]) == ("Headbutt", 12 + 3)
    assert next(e for e in m.events if e.kind == "hit").data["damage"] == 3 + 3 + 1
    assert [e.text for e in m.events if e.kind == "referee"] == [
        "Referee check for double-teaming (Skill 12, rolls 15): missed it."
    ]
    assert [e.text for e in m.events if e.kind == "tag_count"] == [
        "The referee counts Rex out of the ring: 2. Rex steps out onto the apron."
    ]


def test_the_default_strategy_stays_in_only_for_a_team_of_rulebreakers_with_a_double_team():
    rex, rex2, fay, fay2 = heels()
    m = team_match(rex, rex2, fay, fay2)
    m.legal[ALPHA], m.cur[ALPHA] = 1, m.fighters[ALPHA][1]  # Rex has just tagged Rex Two
    m.near = True
    assert DefaultStrategy().linger(m, ALPHA)
    m.lingering = ALPHA
    plan = DefaultStrategy().plan(m, ALPHA)
    assert plan.double is not None and plan.move is not None and not plan.move.illegal
    # Fan favourites never stay: the count is a rulebreaker's risk.
    m.legal[BETA], m.cur[BETA] = 1, m.fighters[BETA][1]
    assert not DefaultStrategy().linger(m, BETA)
    # Nor does a man whose opponent is down: there is nothing for a double team to strike.
    m.me(BETA).post = "prone"
    assert not DefaultStrategy().linger(m, ALPHA)


def test_the_count_is_the_match_tables_and_a_table_written_before_it_takes_the_chapters_five():
    data = copy.deepcopy(default_data("match"))
    data["referee"]["counts"] = {"outside": 20, "choke": 5, "ropes": 5}
    assert load_tables({"match": data}).match["referee"]["counts"]["tag"] == 5
    data["referee"]["counts"]["tag"] = 3
    tables = load_tables({"match": data})
    spec = arm.make_spec(
        [sheet("alpha"), sheet("alpha", name="Alpha Two"), sheet("beta"), sheet("beta")],
        "tag",
        relationship="partners",
    )
    m = Match(prepare(spec, tables), ScriptedDice([4]), _tag_then(lambda match, side: Plan()))
    _cornered(m)
    m.round()  # a 4 is past a count of 3
    assert (m.winner, m.method) == (BETA, Method.DISQUALIFICATION)
    assert m.events[-1].text == (
        "Alpha is disqualified for staying in the ring past a count of 3 after the tag!"
    )
    # A rulebreaker stays in only while nothing but a six could take the count past its limit.
    rex, rex2, fay, fay2 = heels()
    spec = arm.make_spec([rex, rex2, fay, fay2], "tag", relationship="partners")
    m = Match(prepare(spec, tables), ScriptedDice([]), Scripted())
    m.legal[ALPHA], m.cur[ALPHA] = 1, m.fighters[ALPHA][1]
    assert not DefaultStrategy().linger(m, ALPHA)


# ------------------------------------------------------------------------------ rates


@pytest.fixture(scope="module")
def heel_matches():
    """600 seeded tag matches of the sample roster's rulebreakers (the only men who stay in
    after a tag, and fake tags)."""
    cards = {p.stem: arm.parse_card(yaml.safe_load(p.read_text())) for p in SAMPLE_DIR.glob("*")}
    rulebreakers = sorted(n for n, c in cards.items() if c.alignment == "heel")
    rng = random.Random(38)
    out = []
    for _ in range(600):
        four = rng.sample(rulebreakers, 4)
        spec = arm.make_spec([cards[n] for n in four], "tag", relationship="partners")
        out.append(arm.simulate(spec, dice=SeededDice(rng.randrange(10**6))))
    return out


def test_blind_tags_fake_tags_and_five_counts_all_happen_in_seeded_tag_matches(heel_matches):
    seen = Counter(e.kind for r in heel_matches for e in r.events)
    assert seen["blind_tag"] > 0 and seen["fake_tag"] > 0
    assert seen["linger"] > 0 and seen["tag_count"] > 0
    # Every man who stays in is counted, unless the referee is distracted or the match ends
    # first: never more counts than men who stayed.
    assert seen["tag_count"] <= seen["linger"]


def test_the_five_count_disqualifies_at_one_in_six(heel_matches):
    # One round in the ring, one die: only a six is past five, 1 in 6 of the counts.
    faces = [e.dice[0] for r in heel_matches for e in r.events if e.kind == "tag_count"]
    sixes = sum(1 for f in faces if f == 6)
    dqs = sum(
        1
        for r in heel_matches
        for e in r.events
        if e.kind == "disqualification" and e.text.endswith("after the tag!")
    )
    n = len(faces)
    assert n >= 30
    assert dqs == sixes
    p = 1 / 6
    assert abs(sixes / n - p) < 4 * (p * (1 - p) / n) ** 0.5, (sixes, n)


def test_the_referee_buys_a_fake_tag_at_the_tricks_chance(heel_matches):
    # Each fake tag is told with its figure and roll, "(10, rolls 5)": it succeeds on a roll at
    # or under the figure, a natural 1 always and a natural 20 never (the chapter's checks), so
    # the expected successes are the sum of min(max(figure, 1), 19) / 20.
    told = [e for r in heel_matches for e in r.events if e.kind == "fake_tag"]
    expected = 0.0
    var = 0.0
    bought = 0
    for e in told:
        figure, face = map(int, re.search(r"\((-?\d+), rolls (\d+)\)", e.text).groups())
        p = min(max(figure, 1), 19) / 20
        expected += p
        var += p * (1 - p)
        bought += e.text.endswith("the referee buys it!")
        assert (face <= figure or face == 1) == e.text.endswith("buys it!") or face == 20
    assert len(told) >= 50
    assert abs(bought - expected) < 4 * var**0.5, (bought, expected)
