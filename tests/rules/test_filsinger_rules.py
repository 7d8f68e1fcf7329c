"""The basic game's other endings, the tag-team rules and each optional rule, on and off."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core.result import Method
from rules.core.spec import MatchSpec, Ringside, Side
from rules.filsinger.cards import Defense, Offense
from rules.filsinger.strategy import FilsingerStrategy
from tests.rules.conftest import kinds, positioned

WOLF, EXECUTIONER = 0, 1


def singles(fs, wolf, executioner, options=None, **kwargs):
    return fs.make_spec([wolf, executioner], options=options, **kwargs)


def tag(fs, wolf, executioner, options=None, relationship="partners"):
    return fs.make_spec(
        [wolf, wolf, executioner, executioner], "tag", options=options, relationship=relationship
    )


def with_defense(card, level, die, entry):
    rows = [list(r) for r in card.defense]
    rows[level - 1][die - 1] = entry
    return replace(card, defense=tuple(tuple(r) for r in rows))


# -------------------------------------------------------------------------------- basic endings


def test_count_out_from_the_out_of_the_ring_chart(fs, wolf, executioner):
    # Wolf throws the Executioner out (LEVEL 3 OFFENSE 2); Ring B, roll 3: count-out roll 6.
    m = positioned(singles(fs, wolf, executioner), [2, 1, 2, 2, 2], off=WOLF, level=3)
    m.turn()
    assert kinds(m) == ["offense", "chart", "count_out_check"]
    assert m.events[-1].dice == (2, 2) and m.events[-1].data == {"rating": 6, "total": 4}
    assert (m.winner, m.method) == (WOLF, Method.COUNT_OUT)


def test_double_disqualification_when_both_fail_their_rolls(fs, wolf, executioner):
    # The Executioner throws Wolf out; Ring A, roll 3: both roll their disqualification ratings.
    m = positioned(singles(fs, wolf, executioner), [3, 1, 2, 1, 1, 2, 2], off=EXECUTIONER, level=3)
    m.turn()
    assert [e.actor for e in m.events[2:]] == ["wolf", "the-executioner"]
    assert [e.data["rating"] for e in m.events[2:]] == [6, 7]
    assert (m.winner, m.method) == (None, Method.DOUBLE_DISQUALIFICATION)


def test_only_one_disqualified_loses(fs, wolf, executioner):
    m = positioned(singles(fs, wolf, executioner), [3, 1, 2, 6, 6, 2, 2], off=EXECUTIONER, level=3)
    m.turn()
    assert (m.winner, m.method) == (WOLF, Method.DISQUALIFICATION)


def test_double_count_out(fs, wolf, executioner):
    m = positioned(singles(fs, wolf, executioner), [2, 1, 1, 1, 2, 1, 2], off=WOLF, level=3)
    m.turn()
    assert (m.winner, m.method) == (None, Method.DOUBLE_COUNT_OUT)


def test_the_no_dq_stipulation_skips_disqualification_rolls(fs, wolf, executioner):
    spec = singles(fs, wolf, executioner, stipulations={"no_dq": True})
    m = positioned(spec, [3, 2, 3], off=EXECUTIONER, level=3)
    m.turn()
    assert kinds(m) == ["offense", "chart"] and (m.off, m.level) == (WOLF, 3)


def test_a_match_past_its_length_is_a_draw(fs, wolf, executioner):
    spec = singles(fs, wolf, executioner, time_limit=2)
    from rules.core.dice import ScriptedDice

    result = fs.simulate(spec, dice=ScriptedDice([5, 2, 1, 1, 1, 1]))
    assert (result.winner, result.method, result.length) == (None, Method.DRAW_TIME_LIMIT, 2)
    assert kinds(result.events)[-2:] == ["time_limit", "end"]


# -------------------------------------------------------------------------------- tag rules


def test_tag_partner_enters_on_the_same_offense_level(fs, wolf, executioner):
    # Bite to forehead - 2; EXECUTIONER - 2: the Executioner's side takes over and (default
    # strategy: partners equally fresh) tags in the partner, who rolls on LEVEL 2 OFFENSE.
    m = positioned(tag(fs, wolf, executioner), [3, 2, 1, 1], off=WOLF, level=1)
    m.turn()
    assert m.fresh and (m.off, m.level) == (EXECUTIONER, 2)
    m.turn()
    assert kinds(m)[2:4] == ["tag", "offense"]
    assert m.events[2].actor == "the-executioner-2" and m.events[2].data == {"level": 2}
    assert m.events[3].actor == "the-executioner-2" and m.events[3].data["level"] == 2
    assert m.legal == [0, 1]


def test_the_partner_is_the_wrestler_of_the_side_not_legal(fs, wolf, executioner):
    m = positioned(tag(fs, wolf, executioner), [3, 2, 1, 1], off=WOLF, level=1)
    assert [m.partner(side).key for side in (0, 1)] == ["wolf-2", "the-executioner-2"]
    m.legal = [1, 0]
    assert [m.partner(side).key for side in (0, 1)] == ["wolf", "the-executioner-2"]
    assert positioned(singles(fs, wolf, executioner), [1], off=WOLF, level=1).partner(0) is None


def test_no_tagging_on_defense_in_the_basic_game(fs, wolf, executioner):
    m = positioned(tag(fs, wolf, executioner), [1, 6], off=WOLF, level=1)
    m.turn()
    assert kinds(m) == ["offense", "defense"] and (m.off, m.level) == (WOLF, 2)


# -------------------------------------------------------------------------------- optional rules


def test_rule_1_fatigue_uses_the_parenthesised_pin_and_adds_one_per_failed_cover(
    fs, wolf, executioner
):
    faces = [6, 1, 2, 3]  # Skullcrusher - 3; PIN 7 (4); a roll of 5
    basic = positioned(singles(fs, wolf, executioner), faces, off=WOLF, level=2)
    basic.turn()
    assert basic.method is Method.PIN
    tired = positioned(singles(fs, wolf, executioner, "fatigue"), faces, off=WOLF, level=2)
    tired.turn()
    assert tired.method is None and tired.events[-1].data["rating"] == 4
    assert tired.pin_rating(EXECUTIONER) == 5


def test_rule_2_finisher_ratings_add_to_the_pin_rating(fs, wolf, executioner):
    faces = [6, 3, 4]  # SAVAGE FACE CLAW (+3); a roll of 7 against PIN (4)
    without = positioned(singles(fs, wolf, executioner, "fatigue"), faces, off=WOLF, level=3)
    without.turn()
    assert without.method is None and without.events[-1].data["rating"] == 4
    rated = "fatigue,finisher_ratings"
    with_rating = positioned(singles(fs, wolf, executioner, rated), faces, off=WOLF, level=3)
    with_rating.turn()
    assert with_rating.events[-1].data["rating"] == 7 and with_rating.method is Method.PIN


@pytest.mark.parametrize(
    ("relationship", "faces", "tagged"),
    [
        ("partners", [1, 6, 3, 3], True),
        ("group", [1, 6, 3, 3], False),
        ("group", [1, 6, 1, 3], True),
    ],
)
def test_rule_3_tagging_out_on_defense(fs, wolf, executioner, relationship, faces, tagged):
    spec = tag(fs, wolf, executioner, "tag_on_defense", relationship)
    m = positioned(spec, faces, off=WOLF, level=1)
    m.turn()
    attempt = m.events[-1]
    assert attempt.kind == "tag_attempt" and attempt.dice == tuple(faces[2:])
    assert attempt.data["target"] == (6 if relationship == "partners" else 4)
    if tagged:
        assert m.legal == [0, 1] and (m.off, m.level) == (EXECUTIONER, 1)
    else:
        assert m.legal == [0, 0] and (m.off, m.level) == (WOLF, 2)


def test_rule_3_is_ignored_for_wrestlers_who_are_neither_partners_nor_a_group(
    fs, wolf, executioner
):
    spec = tag(fs, wolf, executioner, "tag_on_defense", relationship=None)
    m = positioned(spec, [1, 6], off=WOLF, level=1)
    m.turn()
    assert kinds(m) == ["offense", "defense"] and (m.off, m.level) == (WOLF, 2)


def test_rule_4_the_better_power_rating_counters_onto_level_2(fs, wolf, executioner):
    strong_wolf = replace(wolf, ratings=replace(wolf.ratings, power=-5))
    faces = [2, 1]  # the Executioner's bearhug - 2 (pw); Wolf's LEVEL 2 DEFENSE 1 if it works
    off = positioned(singles(fs, strong_wolf, executioner), faces, off=EXECUTIONER, level=2)
    off.turn()
    assert kinds(off) == ["offense", "defense"]
    on_spec = singles(fs, strong_wolf, executioner, "agility_power")
    on = positioned(on_spec, faces, off=EXECUTIONER, level=2)
    on.turn()
    assert kinds(on) == ["offense", "counter"] and (on.off, on.level) == (WOLF, 2)
    assert on.events[-1].dice == ()
    # Wolf's dropkick (ag -2 against +2) works: the rule only helps the better-rated defender.
    works = positioned(singles(fs, wolf, executioner, "agility_power"), [4, 1], off=WOLF, level=2)
    works.turn()
    assert kinds(works) == ["offense", "defense"]


def test_rule_5_chart_choices_decline_against_an_a_rating(fs, wolf, executioner):
    faces = [5, 3, 3]  # into the turnbuckle (c) against Wolf's Turnbuckle A
    off = positioned(singles(fs, wolf, executioner), faces, off=EXECUTIONER, level=1)
    off.turn()
    assert kinds(off) == ["offense", "chart"]
    on = positioned(
        singles(fs, wolf, executioner, "chart_choices"), faces, off=EXECUTIONER, level=1
    )
    on.turn()
    assert kinds(on) == ["offense", "reroll"] and (on.off, on.level) == (EXECUTIONER, 1)
    assert on.dice.remaining == 2


def test_rule_6_leaving_the_ring_on_down_3_lv(fs, wolf, executioner):
    faces = [1, 2, 4, 4]  # piledriver - 3; down - 3 (lv); Ring B roll 8
    off = positioned(singles(fs, wolf, executioner), faces, off=WOLF, level=3)
    off.turn()
    assert kinds(off) == ["offense", "defense"] and (off.off, off.level) == (WOLF, 3)
    on = positioned(singles(fs, wolf, executioner, "leave_ring"), faces, off=WOLF, level=3)
    on.turn()
    assert kinds(on) == ["offense", "defense", "leave_ring"]
    assert on.events[-1].dice == (4, 4) and on.events[-1].data["rating"] == "B"
    assert (on.off, on.level) == (WOLF, 2)


def test_rule_6_in_tag_matches_tag_or_leave_but_not_both(fs, wolf, executioner):
    both = with_defense(executioner, 3, 2, Defense("down", 3, tag=True, leave=True))
    spec = fs.make_spec(
        [wolf, wolf, both, both],
        "tag",
        options="tag_on_defense,leave_ring",
        relationship="partners",
    )
    m = positioned(spec, [1, 2, 5, 5], off=WOLF, level=3)  # the tag fails: no leaving after it
    m.turn()
    assert kinds(m) == ["offense", "defense", "tag_attempt"] and (m.off, m.level) == (WOLF, 3)


def test_rule_7_choice_situations_replace_the_instruction(fs, wolf, executioner):
    faces = [4, 4, 4, 1]  # body slam - 2 (ch) A
    off = positioned(singles(fs, wolf, executioner), faces, off=EXECUTIONER, level=2)
    off.turn()
    assert kinds(off) == ["offense", "defense"]
    on_spec = singles(fs, wolf, executioner, "choice_situations")
    on = positioned(on_spec, faces, off=EXECUTIONER, level=2)
    on.turn()
    choice = on.events[1]
    # Wolf: agility -2, power +1: crossbody works on 5 or less, body slam on 9 or less.
    assert choice.kind == "choice" and choice.data["move"] == "body slam"
    assert choice.data["target"] == 9 and choice.dice == (4, 4) and choice.data["success"]
    assert kinds(on) == ["offense", "choice", "defense"] and on.events[2].data["level"] == 2


def test_rule_8_the_feud_table_after_a_match_ending_on_doubles(fs, wolf, executioner):
    from rules.core.dice import ScriptedDice

    # The worked example's match, the CLAW pinning on 3 and 3 (doubles); Feud Table roll 3.
    faces = [5, 2, 3, 5, 6, 1, 4, 4, 6, 3, 3, 2, 1]
    spec = singles(fs, wolf, executioner, "feud_table", feud=True)
    result = fs.simulate(spec, dice=ScriptedDice(faces))
    feud = result.events[-2]
    assert feud.kind == "feud" and feud.dice == (2, 1)
    assert result.effects.feud_brawl
    assert [(i.key, i.fight_cards) for i in result.effects.injuries] == [("the-executioner", 3)]
    # Not a feud match, or the rule off: no brawl.
    for spec in (
        singles(fs, wolf, executioner, "feud_table"),
        singles(fs, wolf, executioner, feud=True),
    ):
        plain = fs.simulate(spec, dice=ScriptedDice(faces[:-2]))
        assert not plain.effects.feud_brawl and "feud" not in kinds(plain.events)
    # Not on doubles: no brawl.
    odd = fs.simulate(
        singles(fs, wolf, executioner, "feud_table", feud=True), dice=ScriptedDice([*faces[:-3], 4])
    )
    assert not odd.effects.feud_brawl


def test_an_injured_wrestler_fights_with_pin_plus_2(fs, wolf, executioner):
    spec = singles(fs, wolf, executioner)
    hurt = replace(spec.sides[1].participants[0], injured=True)
    spec = replace(spec, sides=(spec.sides[0], Side(participants=(hurt,))))
    m = positioned(spec, [6, 4, 5], off=WOLF, level=3)
    m.turn()
    assert m.events[-1].data["rating"] == 9 and m.method is Method.PIN


def _with_ally(spec, side, ally):
    sides = list(spec.sides)
    sides[side] = replace(sides[side], ally=ally)
    return replace(spec, sides=tuple(sides))


def test_rule_9_the_ringside_ally_jumps_a_wrestler_thrown_out(fs, wolf, executioner):
    ally = Ringside(key="slick", name="Slick")
    faces = [3, 2, 3, 4, 4]  # out of the ring; Wolf (Ring A) rolls 5; the DQ 6 roll: 8
    off = positioned(_with_ally(singles(fs, wolf, executioner), 1, ally), faces, off=1, level=3)
    off.turn()
    assert kinds(off) == ["offense", "chart", "dq_check"] and off.events[-1].actor == "wolf"
    on_spec = _with_ally(singles(fs, wolf, executioner, "ringside_ally"), 1, ally)
    on = positioned(on_spec, faces, off=EXECUTIONER, level=3)
    on.turn()
    assert kinds(on) == ["offense", "ally", "dq_check", "ally"]
    assert on.events[1].dice == (2, 3) and on.events[2].actor == "the-executioner"
    assert on.events[2].data == {"rating": 6, "total": 8}
    assert (on.off, on.level) == (EXECUTIONER, 3) and on.interference == [EXECUTIONER]
    assert on.events[2].text.endswith("rolls DISQUALIFICATION 6: 8, the referee saw nothing.")
    dq = positioned(on_spec, [3, 2, 3, 1, 5], off=EXECUTIONER, level=3)
    dq.turn()
    assert (dq.winner, dq.method) == (WOLF, Method.DISQUALIFICATION)
    assert dq.events[-1].text.endswith("rolls DISQUALIFICATION 6: 6, disqualified!")
    high = positioned(on_spec, [3, 4, 4], off=EXECUTIONER, level=3)  # 8: the usual chart
    high.turn()
    assert kinds(high) == ["offense", "ally", "chart"] and (high.off, high.level) == (WOLF, 2)


def test_rule_10_add_1_raises_the_opponents_pin_rating(fs, wolf, executioner):
    faces = [5, 4]  # powerbomb - 3 Add 1; hurt - 3
    off = positioned(singles(fs, wolf, executioner), faces, off=EXECUTIONER, level=3)
    off.turn()
    assert off.pin_rating(WOLF) == 5
    on = positioned(singles(fs, wolf, executioner, "add1"), faces, off=EXECUTIONER, level=3)
    on.turn()
    assert on.pin_rating(WOLF) == 6 and kinds(on) == ["offense", "add1", "defense"]


def test_rule_11_roll_finishers_can_miss(fs, wolf, executioner):
    off = positioned(singles(fs, wolf, executioner), [6, 6, 6], off=EXECUTIONER, level=3)
    off.turn()
    assert kinds(off) == ["offense", "pin"]
    miss = positioned(singles(fs, wolf, executioner, "roll_finishers"), [6, 1], off=1, level=3)
    miss.turn()
    assert kinds(miss) == ["offense", "finisher_miss"] and (miss.off, miss.level) == (WOLF, 2)
    rules = "roll_finishers,finisher_ratings"
    hit = positioned(singles(fs, wolf, executioner, rules), [6, 4, 4, 5], off=1, level=3)
    hit.turn()
    assert hit.events[1].data == {"rating": 4} and hit.events[2].data["rating"] == 9
    assert hit.method is Method.PIN


def test_rule_12_tag_and_singles_moves_roll_again(fs, wolf, executioner):
    faces = [5, 4]  # Wolf's double team suplex - 3 (tag)
    off = positioned(singles(fs, wolf, executioner), faces, off=WOLF, level=3)
    off.turn()
    assert kinds(off) == ["offense", "defense"]
    on = positioned(singles(fs, wolf, executioner, "tag_moves"), faces, off=WOLF, level=3)
    on.turn()
    assert kinds(on) == ["offense", "reroll"] and (on.off, on.level) == (WOLF, 3)
    tagged = positioned(tag(fs, wolf, executioner, "tag_moves"), faces, off=WOLF, level=3)
    tagged.turn()
    assert kinds(tagged) == ["offense", "defense"]
    boot = positioned(tag(fs, wolf, executioner, "tag_moves"), [2], off=EXECUTIONER, level=3)
    boot.turn()  # big boot - 3 (singles) in a tag match
    assert kinds(boot) == ["offense", "reroll"]


def test_rule_13_dq_moves_roll_the_given_number_or_the_cards_rating(fs, wolf, executioner):
    off = positioned(singles(fs, wolf, executioner), [3, 1], off=EXECUTIONER, level=1)
    off.turn()
    assert kinds(off) == ["offense", "defense"]
    on_spec = singles(fs, wolf, executioner, "dq_moves")
    choke = positioned(on_spec, [3, 2, 3], off=EXECUTIONER, level=1)  # choke (dq 5): 5
    choke.turn()
    assert choke.events[-1].data == {"rating": 5, "total": 5}
    assert (choke.winner, choke.method) == (WOLF, Method.DISQUALIFICATION)
    chair = positioned(on_spec, [5, 4, 4, 4], off=EXECUTIONER, level=2)  # chair shot (dq): 7
    chair.turn()
    assert chair.events[1].data == {"rating": 7, "total": 8}
    assert kinds(chair) == ["offense", "dq_check", "defense"]


def test_rule_14_a_distraction_saves_a_likely_pin_once_a_match(fs, wolf, executioner):
    manager = Ringside(key="slick", name="Slick")
    spec = replace(
        singles(fs, wolf, executioner, "distractions"),
        sides=(
            singles(fs, wolf, executioner).sides[0],
            replace(singles(fs, wolf, executioner).sides[1], manager=manager),
        ),
    )
    m = positioned(spec, [6, 2, 3, 6, 5, 5], off=WOLF, level=3)
    m.turn()  # CLAW: Slick distracts on 5 (rating 5): no pin roll, PIN 7 -> 8, Wolf level 3
    assert kinds(m) == ["offense", "distraction"] and m.events[1].data == {"target": 5, "total": 5}
    assert m.pin_rating(EXECUTIONER) == 8 and (m.off, m.level) == (WOLF, 3)
    m.turn()  # CLAW again: the distraction is used up, the pin is rolled
    assert kinds(m)[2:] == ["offense", "pin"] and m.events[-1].data["rating"] == 8
    plain = positioned(replace(spec, options=frozenset()), [6, 2, 3], off=WOLF, level=3)
    plain.turn()
    assert kinds(plain) == ["offense", "pin"] and plain.method is Method.PIN


def test_rule_14_outside_interference_once_a_match_by_its_own_chart(fs, wolf, executioner):
    manager = Ringside(key="slick", name="Slick")
    base = singles(fs, wolf, executioner, "distractions")
    spec = replace(base, sides=(base.sides[0], replace(base.sides[1], manager=manager)))
    m = positioned(spec, [6, 4, 4], off=WOLF, level=2)  # Skullcrusher - 3: LEVEL 3 DEFENSE
    m.turn()
    assert kinds(m) == ["offense", "interference"] and m.events[1].actor == "slick"
    assert m.events[1].data == {"total": 8} and (m.off, m.level) == (EXECUTIONER, 1)
    assert m.intf_used == [False, True]
    off = positioned(replace(spec, options=frozenset()), [6, 4], off=WOLF, level=2)
    off.turn()
    assert kinds(off) == ["offense", "defense"]


class _Declines(FilsingerStrategy):
    def try_chart(self, match, side, chart, rating):
        return False


def test_a_custom_strategy_is_asked_for_every_choice(fs, wolf, executioner):
    spec = singles(fs, wolf, executioner, "chart_choices")
    m = positioned(spec, [2], off=WOLF, level=2, strategy=_Declines())  # ropes (c) vs C
    m.turn()
    assert kinds(m) == ["offense", "reroll"]


def test_bare_choice_situation_entries_roll_again_in_the_basic_game(fs, wolf, executioner):
    chooser = replace(
        wolf,
        offense=(
            wolf.offense[0],
            wolf.offense[1],
            (Offense("choice_situation", choice_situation="B"),) * 6,
        ),
    )
    m = positioned(singles(fs, chooser, executioner), [1], off=WOLF, level=3)
    m.turn()
    assert kinds(m) == ["offense", "reroll"]


def test_match_spec_rejects_wrong_sides(fs, wolf, executioner):
    from rules.core.errors import SpecError

    with pytest.raises(SpecError, match="takes 4 cards"):
        fs.make_spec([wolf, executioner], "tag")
    with pytest.raises(SpecError, match="unknown match type"):
        fs.make_spec([wolf, executioner], "battle_royal")
    bad = MatchSpec(match_type="singles", sides=singles(fs, wolf, executioner).sides[:1])
    with pytest.raises(SpecError, match="two sides"):
        fs.simulate(bad, dice=None)
    with pytest.raises(SpecError, match="unknown stipulation"):
        fs.simulate(singles(fs, wolf, executioner, stipulations={"cage": True}), dice=None)


def test_a_spec_with_an_unknown_option_is_refused(fs, wolf, executioner):
    from rules.core.errors import OptionError

    spec = replace(singles(fs, wolf, executioner), options=frozenset({"fatigue", "steel_cage"}))
    with pytest.raises(OptionError, match="steel_cage"):
        fs.simulate(spec, dice=None)


def test_rule_9_the_ally_interferes_once_a_match(fs, wolf, executioner):
    """Rule 14: outside interference may be tried once a match; the ally's is outside
    interference, and choosing to interfere is the try, whatever the roll."""
    ally = Ringside(key="slick", name="Slick")
    spec = _with_ally(singles(fs, wolf, executioner, "ringside_ally"), 1, ally)
    # Out of the ring; Slick goes in, 8: Wolf gets clear (Ring A 8: Wolf on LEVEL 2 OFFENSE).
    m = positioned(spec, [3, 4, 4, 3, 2, 3, 4, 4], off=EXECUTIONER, level=3)
    m.turn()
    assert kinds(m) == ["offense", "ally", "chart"] and m.intf_used == [False, True]
    assert [(e.actor, e.text) for e in m.events[1:]] == [
        ("slick", "Outside interference: Slick comes after Wolf, who gets clear."),
        ("wolf", "Wolf lands on his feet and slides back in to meet the Executioner."),
    ]
    assert m.events[2].data == {"chart": "ring", "rating": "A", "total": 8}
    m.off, m.level = EXECUTIONER, 3
    m.turn()  # thrown out again: the chart as usual, Slick has had his try
    assert kinds(m)[3:] == ["offense", "chart", "dq_check"]
    assert m.events[4].dice == (2, 3)


def test_rule_9_no_ally_after_rule_14s_interference(fs, wolf, executioner):
    ally = Ringside(key="slick", name="Slick")
    spec = _with_ally(singles(fs, wolf, executioner, "ringside_ally,distractions"), 1, ally)
    m = positioned(spec, [3, 2, 3, 3, 4], off=EXECUTIONER, level=3)
    m.intf_used[EXECUTIONER] = True
    m.turn()
    assert kinds(m) == ["offense", "chart", "dq_check"]
