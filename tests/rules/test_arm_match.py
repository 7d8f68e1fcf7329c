"""Whole ARM matches: the dice's statistics, determinism, the fast and full paths, the
play-by-play, odds, options, the default strategy's habits and the two commands."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
import yaml
from django.core.management import call_command

from rules.arm.engine import Match, prepare
from rules.arm.memory import STRIDE, Memory, _mix
from rules.arm.options import ArmOptions, parse_options
from rules.arm.state import ACE, BOTCH, SUCCESS, Plan
from rules.arm.strategy import (
    K_CHAIN,
    K_PLAN,
    NOT_DECIDED,
    PACKED,
    DefaultStrategy,
)
from rules.arm.tables import default_data as arm_default_data
from rules.core.dice import SeededDice
from rules.core.errors import OptionError, SpecError
from rules.core.result import Effects, MatchResult, Method
from tests.rules.arm_support import ALPHA, BETA, arm, match_of, move, sheet

SAMPLE_DIR = Path(__file__).parents[2] / "rules/data/sample/arm"
SAMPLES = sorted(SAMPLE_DIR.glob("*.yaml"))


@pytest.fixture(scope="module")
def samples():
    return {p.stem: arm.parse_card(yaml.safe_load(p.read_text())) for p in SAMPLES}


# ------------------------------------------------------------------------------ the dice


def test_attribute_checks_succeed_at_attribute_over_20_with_aces_and_botches_at_1_in_20():
    m = Match(
        prepare(arm.make_spec([sheet("alpha"), sheet("beta")])), SeededDice(2024), DefaultStrategy()
    )
    n = 20000
    counts = {SUCCESS: 0, ACE: 0, BOTCH: 0}
    for _ in range(n):
        _, grade = m.check(m.me(ALPHA), 12)
        if grade in counts:
            counts[grade] += 1
    for observed, p in (
        (counts[SUCCESS] + counts[ACE], 12 / 20),
        (counts[ACE], 1 / 20),
        (counts[BOTCH], 1 / 20),
    ):
        se = (p * (1 - p) / n) ** 0.5
        assert abs(observed / n - p) < 4 * se, (observed, p)


def test_an_even_contest_is_won_half_the_time():
    m = Match(
        prepare(arm.make_spec([sheet("alpha"), sheet("beta")])), SeededDice(7), DefaultStrategy()
    )
    n = 10000
    won = sum(m.contest(m.me(ALPHA), 12, m.me(BETA), 12)[0] == 0 for _ in range(n))
    assert abs(won / n - 0.5) < 4 * (0.25 / n) ** 0.5


# ------------------------------------------------------------------------------ matches


def test_the_same_seed_gives_the_same_match(samples):
    spec = arm.make_spec([samples["corrigan-vale"], samples["mortimer-gale"]])
    first = arm.simulate(spec, dice=SeededDice(11)).to_json()
    assert arm.simulate(spec, dice=SeededDice(11)).to_json() == first
    assert arm.simulate(spec, dice=SeededDice(12)).to_json() != first


class AskedDice(SeededDice):
    """Seeded dice the engine must ask die by die (it draws only ``SeededDice`` itself)."""

    __slots__ = ()


def test_seeded_dice_drawn_by_the_engine_match_the_same_dice_asked_die_by_die(samples):
    spec = arm.make_spec([samples["corrigan-vale"], samples["mortimer-gale"]])
    for seed in range(6):
        drawn, asked = SeededDice(seed), AskedDice(seed)
        assert arm.simulate(spec, dice=drawn).to_json() == arm.simulate(spec, dice=asked).to_json()
        assert drawn.rolls == asked.rolls and drawn.rolls


def test_a_result_and_its_effects_hold_every_field_of_their_classes(samples):
    # The engine makes both named tuples directly, past their constructors.
    spec = arm.make_spec([samples["corrigan-vale"], samples["mortimer-gale"]])
    for record in (True, False):
        result = arm.simulate(spec, dice=SeededDice(3), record=record)
        assert len(result) == len(MatchResult._fields)
        assert len(result.effects) == len(Effects._fields)
        assert isinstance(result, MatchResult) and isinstance(result.effects, Effects)
        assert (result.system, result.seed) == ("arm", 3)
        assert (result.effects.feud_brawl, result.effects.feud_text) == (False, "")
        assert result.effects.eliminations == ()
        assert result.effects.supersedes == (
            "prestige.loss",
            "prestige.engineered",
            "heat.interference",
        )
        assert len(result.effects.finisher_hits) == 2
        json.dumps(result.to_json())


@pytest.mark.parametrize(
    ("match_type", "options", "per_side"),
    [
        ("singles", "", 1),
        ("tag", "", 2),
        ("steel_cage", "escape", 1),
        ("singles", "cage=pipe,internal_cage,no_dq,referee=8,warnings=1", 1),
        ("singles", "no_edge,over_top_dq,time_limit=30", 1),
    ],
)
def test_fast_and_full_paths_agree_and_every_die_is_in_the_play_by_play(
    samples, match_type, options, per_side
):
    names = sorted(samples)
    for i in range(0, len(names) - 2 * per_side + 1, 3):
        cards = [samples[n] for n in names[i : i + 2 * per_side]]
        spec = arm.make_spec(cards, match_type, options=options)
        for seed in range(4):
            dice = SeededDice(seed)
            full = arm.simulate(spec, dice=dice)
            fast = arm.simulate(spec, dice=SeededDice(seed), record=False)
            assert (full.winner, full.method, full.length) == (
                fast.winner,
                fast.method,
                fast.length,
            ), (names[i], seed)
            assert [f for e in full.events for f in e.dice] == dice.rolls
            assert full.events[-1].kind == "end" and fast.events == ()


def test_every_sample_sheet_wrestles(samples):
    strategy = DefaultStrategy()
    names = sorted(samples)
    methods = set()
    for i, name in enumerate(names):
        other = names[(i + 5) % len(names)]
        prep = prepare(arm.make_spec([samples[name], samples[other]]))
        for seed in range(3):
            dice = SeededDice(seed, record=False)
            from rules.arm.engine import run

            result = run(prep, dice, strategy, record=False)
            methods.add(result.method)
            assert result.length >= 1
    assert {Method.PIN, Method.SUBMISSION} <= methods


def test_odds_are_monte_carlo_only_and_say_so(samples):
    spec = arm.make_spec([samples["gideon-pike"], samples["skylar-finch"]])
    report = arm.odds(spec, runs=60, seed=5)
    assert sum(report.wins) + report.draws == 60 and report.exact is None
    assert "no exact solver" in report.exact_note
    assert arm.odds(spec, runs=60, seed=5) == report
    assert report.to_json()["system"] == "arm"


@pytest.mark.parametrize(("match_type", "count", "takes"), [("singles", 3, 2), ("tag", 2, 4)])
def test_a_match_with_the_wrong_number_of_sheets_is_refused_saying_how_many(
    match_type, count, takes
):
    sheets = [sheet("alpha", name=f"Alpha {i}") for i in range(count)]
    with pytest.raises(SpecError) as caught:
        arm.make_spec(sheets, match_type)
    assert str(caught.value) == (
        f"a {match_type} match takes {takes} sheets (side by side), got {count}"
    )


def test_a_federations_own_tables_are_the_ones_a_match_and_the_odds_are_wrestled_under():
    maneuvers = yaml.safe_load(yaml.safe_dump(arm_default_data("maneuvers")))
    for name in maneuvers["maneuvers"]:
        maneuvers["maneuvers"][name]["damage"] = 40  # the most a maneuver may do
    brutal = arm.load_tables({"maneuvers": maneuvers})
    spec = arm.make_spec([sheet("alpha"), sheet("beta")])
    result = arm.simulate(spec, dice=SeededDice(3), tables=brutal)
    hits = [e for e in result.events if e.kind == "hit"]
    assert hits and all(e.data["damage"] >= 40 for e in hits)
    assert result.length < arm.simulate(spec, dice=SeededDice(3)).length
    assert arm.odds(spec, runs=30, seed=3, tables=brutal) != arm.odds(spec, runs=30, seed=3)


# ------------------------------------------------------------------------------ options


def test_options_parse_by_name_and_iterate_as_strings():
    opts = parse_options("cage=pipe, escape, time_limit=60, referee=14")
    assert isinstance(opts, ArmOptions)
    assert (opts.cage, opts.escape, opts.time_limit, opts.referee) == ("pipe", True, 60, 14)
    assert list(opts) == ["cage=pipe", "escape", "time_limit=60", "referee=14"]
    assert "cage" in opts and "no_dq" not in opts
    assert "time_limit=60" in opts and "referee=1" in opts  # (by name: the value aside)
    assert parse_options(list(opts)) == opts
    assert parse_options("all") == parse_options("") == parse_options(None) == ArmOptions()
    assert parse_options("escape").cage == "chainlink"


@pytest.mark.parametrize("bad", ["cage=wood", "time_limit=x", "referee=30", "fatigue", "no_dq=1"])
def test_bad_options_are_refused_by_name(bad):
    with pytest.raises(OptionError, match="arm options"):
        parse_options(bad)


def test_a_booked_time_limit_in_minutes_is_six_rounds_a_minute():
    assert arm.time_limit_for_minutes(10) == 60


def test_the_spec_time_limit_wins_over_the_option_and_the_default_is_20_minutes():
    spec = arm.make_spec([sheet("alpha"), sheet("beta")], options="time_limit=30")
    assert prepare(spec).time_limit == 30
    assert prepare(arm.make_spec([sheet("alpha"), sheet("beta")], time_limit=12)).time_limit == 12
    assert prepare(arm.make_spec([sheet("alpha"), sheet("beta")])).time_limit == 120


# ------------------------------------------------------------------------- the default strategy


def test_the_finisher_waits_for_a_tired_opponent():
    strategy = DefaultStrategy()
    m = match_of([], strategy=strategy)
    m.me(BETA).post = "bent"
    m.ap = 2
    assert not strategy.plan(m, ALPHA).move.finisher
    m.hurt(m.me(BETA), 80, None)  # Tired
    m.me(BETA).post = "bent"
    assert strategy.plan(m, ALPHA).move.finisher


def test_after_the_finisher_he_covers():
    strategy = DefaultStrategy()
    m = match_of([], strategy=strategy)
    m.me(BETA).post = "prone"
    m.ap = 18
    assert strategy.follow_up(m, ALPHA, m.me(ALPHA).w.finisher)[-1] == "lobster"


def test_a_fan_favourite_does_not_rake_the_eyes_a_rulebreaker_cheats_behind_the_referees_back():
    strategy = DefaultStrategy()
    face = match_of([], a=sheet("beta", alignment="face"), strategy=strategy)
    face.distracted = 1
    assert not any(
        found and found[1].move.illegal and found[1].move.name != "Punch"
        for found in [
            strategy._consider(face, ALPHA, mv, True, None) for mv in face.me(ALPHA).w.moves
        ]
    )
    heel = match_of([], a=sheet("beta"), strategy=strategy)
    heel.distracted = 1
    rake = move(heel, ALPHA, "Eye Rake")
    assert strategy._consider(heel, ALPHA, rake, True, None) is not None
    assert strategy.screwjob(heel, ALPHA) is False  # Alpha... here Beta's twin, but Fresh
    heel.hurt(heel.me(BETA), 80, None)
    assert strategy.screwjob(heel, ALPHA) is True
    assert strategy.screwjob(face, ALPHA) is False


def test_a_heel_on_the_brink_of_disqualification_plays_it_straight():
    strategy = DefaultStrategy()
    m = match_of([], a=sheet("beta"), strategy=strategy)
    m.me(ALPHA).warnings = 3
    assert strategy._consider(m, ALPHA, move(m, ALPHA, "Eye Rake"), True, None) is None


def at_the_ropes(options=None, **kw):
    """Alpha with Beta upright at the ropes (whipped into them), two Action Points in hand."""
    m = match_of([], strategy=DefaultStrategy(), options=options, **kw)
    beta = m.me(BETA)
    beta.zone, beta.whipped = "ringside", True
    m.ap = 2
    return m


def test_a_man_at_the_ropes_is_thrown_over_the_top_when_the_referee_check_is_worth_it():
    # The chapter: a knockdown or throw on a man at the ropes that succeeds by 2 more than his
    # Lift sends him to the floor for 10 + his WDB (Beta: 11, against the body slam's 4 + 1).
    strategy = DefaultStrategy()
    m = at_the_ropes()
    slam = move(m, ALPHA, "Body Slam")
    assert strategy._consider(m, ALPHA, slam, True, None)[1].over_top
    # Not from the middle of the ring.
    center = match_of([], strategy=strategy)
    center.ap = 2
    assert not strategy._consider(center, ALPHA, move(center, ALPHA, "Body Slam"), True, None)[
        1
    ].over_top
    # A fan favourite stops once the referee has warned him; a rulebreaker goes on until he is
    # one warning from disqualification (three warnings: the fourth disqualifies).
    m.me(ALPHA).warnings = 1
    assert not strategy._consider(m, ALPHA, slam, True, None)[1].over_top
    heel = at_the_ropes(a=sheet("beta"), b=sheet("alpha"))
    heel_slam = heel.me(ALPHA).w.move("Body Slam")
    assert strategy._consider(heel, ALPHA, heel_slam, True, None)[1].over_top
    heel.me(ALPHA).warnings = 2
    assert strategy._may_throw_over(heel, ALPHA, heel_slam)
    heel.me(ALPHA).warnings = 3
    assert not strategy._may_throw_over(heel, ALPHA, heel_slam)
    assert not strategy._consider(heel, ALPHA, heel_slam, True, None)[1].over_top


def test_nobody_goes_over_the_top_where_it_disqualifies_or_there_are_no_ropes():
    strategy = DefaultStrategy()
    for options in ("over_top_dq", "cage,internal_cage"):
        m = at_the_ropes(options)
        assert not strategy._consider(m, ALPHA, move(m, ALPHA, "Body Slam"), True, None)[
            1
        ].over_top, options
    # Behind a distracted referee's back it disqualifies nobody.
    m = at_the_ropes("over_top_dq")
    m.distracted = 1
    assert strategy._consider(m, ALPHA, move(m, ALPHA, "Body Slam"), True, None)[1].over_top


def test_after_a_hit_he_whips_the_man_into_the_ropes_to_throw_him_over():
    strategy = DefaultStrategy()
    m = match_of([], strategy=strategy)
    m.ap = 5
    assert strategy.follow_up(m, ALPHA, move(m, ALPHA, "Chop")) == ("whip",)
    inside = match_of([], strategy=strategy, options="cage,internal_cage")
    inside.ap = 5
    assert "whip" not in strategy.follow_up(inside, ALPHA, move(inside, ALPHA, "Chop"))


def on_the_floor(options=None, **kw):
    """Alpha in the ring, Beta upright on the floor."""
    m = match_of([], strategy=DefaultStrategy(), options=options, **kw)
    m.me(BETA).zone = "floor"
    m.near = False
    m.ap = 2
    return m


def test_with_the_referee_counting_he_waits_in_the_ring_and_without_he_follows():
    strategy = DefaultStrategy()
    counted = on_the_floor()
    counted.count = 0
    assert strategy.plan(counted, ALPHA).actions == ("stall",)
    heel = on_the_floor(a=sheet("beta"), b=sheet("alpha"))
    heel.count = 0
    assert strategy.plan(heel, ALPHA).actions == ("stall",)
    # No count-outs (the option, or a cage): the fight goes on out there.
    for options in ("no_count_out", "cage"):
        m = on_the_floor(options)
        assert "exit" in strategy.plan(m, ALPHA).actions, options
    # Both men out there and the count at 10: back in to beat it.
    both = on_the_floor()
    both.me(ALPHA).zone = "floor"
    both.near = True
    both.count = 10
    assert strategy.plan(both, ALPHA).actions == ("enter",)


def test_a_cage_is_a_weapon_he_drives_the_man_into():
    # Steel pipe: +10 (the chapter). On the floor of an external cage, and anywhere inside an
    # internal one, he whips his man into it (improvised, -2, when not in his arsenal).
    strategy = DefaultStrategy()
    m = on_the_floor("cage=pipe")
    m.me(ALPHA).zone = "floor"
    m.near = True
    plan = strategy.plan(m, ALPHA)
    assert plan.move.name in ("Irish Whip", "Head Slam") and not plan.move.known
    inside = match_of([], strategy=strategy, options="cage=pipe,internal_cage")
    inside.ap = 2
    assert strategy.plan(inside, ALPHA).move.name in ("Irish Whip", "Head Slam")
    # In the ring of a standard match the turnbuckle is no such weapon.
    ring = match_of([], strategy=strategy)
    ring.ap = 2
    assert strategy.plan(ring, ALPHA).move.name not in ("Irish Whip", "Head Slam")


def test_the_floor_the_count_and_the_cage_change_the_match(samples):
    # The sample pair the report named: with the same seeds, a standard match, one without
    # count-outs, one in a cage and one in a cage flush with the ring each play out differently,
    # and only the standard match has the referee counting.
    cards = [samples["gideon-pike"], samples["bastian-holloway"]]
    played = {}
    for match_type, options in (
        ("singles", ""),
        ("singles", "no_count_out"),
        ("singles", "cage"),
        ("singles", "internal_cage"),
        ("steel_cage", ""),
    ):
        spec = arm.make_spec(cards, match_type, options=options)
        results = [arm.simulate(spec, dice=SeededDice(seed)) for seed in range(12)]
        played[match_type, options] = results
        counts = sum(1 for r in results for e in r.events if e.kind == "count")
        floor = sum(1 for r in results for e in r.events if "over the top rope" in e.text)
        if options == "" and match_type == "singles":
            assert counts and floor
        else:
            assert counts == 0, options
        if options == "internal_cage":
            assert floor == 0
    standard = [(r.winner, r.method, r.length) for r in played["singles", ""]]
    for key, results in played.items():
        if key != ("singles", ""):
            assert [(r.winner, r.method, r.length) for r in results] != standard, key
    # A steel-cage match is a singles match in a chainlink cage.
    assert [r.events for r in played["steel_cage", ""]] == [
        r.events for r in played["singles", "cage"]
    ]


def test_edge_goes_on_a_squeeze_when_the_pin_is_likely_and_on_hanging_on():
    strategy = DefaultStrategy()
    m = match_of([], strategy=strategy)
    assert strategy.squeeze(m, BETA, 8, 1) and not strategy.squeeze(m, BETA, 15, 3)
    assert strategy.hanging_on(m, BETA)


# ------------------------------------------------------------------------------ commands


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_simulate_match_for_arm_prints_the_play_by_play_and_the_options():
    cards = [str(SAMPLE_DIR / "corrigan-vale.yaml"), str(SAMPLE_DIR / "mortimer-gale.yaml")]
    out = run("simulate_match", "--system", "arm", *cards, "--seed", "3", "--rules", "cage=pipe")
    assert "ARM (RingMaster): Corrigan Vale vs Mortimer Gale (singles; rules: cage=pipe)" in out
    assert "circle each other" in out or "tie-up" in out or "before the bell" in out
    data = json.loads(run("simulate_match", "--system", "arm", *cards, "--seed", "3", "--json"))
    assert data["system"] == "arm" and data["events"][-1]["kind"] == "end"


def test_the_header_gives_every_option_with_its_value_and_the_time_limit():
    cards = [str(SAMPLE_DIR / "corrigan-vale.yaml"), str(SAMPLE_DIR / "mortimer-gale.yaml")]
    rules = ("--rules", "referee=9,cage=pipe,no_dq,time_limit=40", "--seed", "1")
    for command in ("simulate_match", "odds"):
        extra = ("--runs", "5") if command == "odds" else ()
        first = run(command, "--system", "arm", *cards, *rules, *extra).splitlines()[0]
        assert first == (
            "ARM (RingMaster): Corrigan Vale vs Mortimer Gale "
            "(singles; rules: cage=pipe, no_dq, time_limit=40, referee=9)"
        )
    first = run("simulate_match", *cards, "--time-limit", "40", "--seed", "1").splitlines()[0]
    assert first.endswith("(singles; rules: basic game; time limit 40 rounds)")


def test_odds_for_arm_report_monte_carlo_without_exact_odds():
    cards = [str(SAMPLE_DIR / "gideon-pike.yaml"), str(SAMPLE_DIR / "skylar-finch.yaml")]
    data = json.loads(
        run("odds", "--system", "arm", *cards, "--runs", "40", "--seed", "1", "--json")
    )
    assert sum(data["wins"]) + data["draws"] == 40 and "exact" not in data
    text = run("odds", "--system", "arm", *cards, "--runs", "40", "--seed", "1")
    # No budget to raise: the line does not suggest one.
    assert text.strip().splitlines()[-1] == (
        "ARM has no exact solver (the match state is too rich for a Markov chain): "
        "Monte Carlo only (--exact auto)"
    )
    # What was asked is what the report says, though nothing is solved either way.
    never = run("odds", "--system", "arm", *cards, "--runs", "4", "--exact", "never", "--json")
    assert json.loads(never)["exact_mode"] == "never"


def test_a_tag_match_and_a_cage_match_from_the_command():
    names = ("corrigan-vale", "jonah-whitlock", "hollis-crane", "silas-dunmore")
    four = [str(SAMPLE_DIR / f"{n}.yaml") for n in names]
    out = run("simulate_match", "--system", "arm", *four, "--match", "tag", "--seed", "1")
    assert "Corrigan Vale & Jonah Whitlock vs Hollis Crane & Silas Dunmore (tag" in out
    cage = ("simulate_match", "--system", "arm", four[0], four[2], "--match", "steel_cage")
    data = json.loads(run(*cage, "--rules", "escape", "--seed", "2", "--json"))
    assert data["method"] in {m.value for m in Method}
    # Without --json the match type reads in words, as the rest of the report does.
    header = "Corrigan Vale vs Hollis Crane (steel cage; rules: cage, escape)"
    assert header in run(*cage, "--rules", "escape", "--seed", "2").splitlines()[0]
    odds = ("odds", "--system", "arm", four[0], four[2], "--match", "steel_cage", "--runs", "20")
    assert header in run(*odds, "--rules", "escape", "--seed", "2").splitlines()[0]


def test_arm_injuries_are_reported_by_points_and_body_part(capsys):
    cards = [str(SAMPLE_DIR / "orrin-blackwood.yaml"), str(SAMPLE_DIR / "felix-ardent.yaml")]
    for seed in range(40):
        data = json.loads(
            run("simulate_match", "--system", "arm", *cards, "--seed", str(seed), "--json")
        )
        if data["effects"]["injuries"]:
            break
    injury = data["effects"]["injuries"][0]
    assert injury["source"] == "arm_injury" and injury["points"] >= 1 and injury["body_part"]
    text = run("simulate_match", "--system", "arm", *cards, "--seed", str(seed))
    assert f"{injury['points']} injury point" in text and "fight card" not in text
    # The report names the wrestler, as its play-by-play does, not his key.
    name = {"orrin-blackwood": "Orrin Blackwood", "felix-ardent": "Felix Ardent"}[injury["key"]]
    assert f"Injury: {name}: {injury['points']} injury point" in text
    assert injury["key"] not in text


@pytest.fixture(params=["as_built", "packed"])
def keys(request, monkeypatch):
    """The situations keyed as this install keys them, and packed into four integers even on
    the pure-Python engine (which otherwise keys them by the wide tuple, quicker there): the
    packing is the compiled engine's, and is tested on both (mutation testing runs pure)."""
    if request.param == "packed":
        import rules.arm.strategy as strategy_module

        monkeypatch.setattr(strategy_module, "PACKED", True)
    return request.param


def test_remembered_decisions_change_nothing(samples, keys):
    """The default strategy remembers its decisions on the prepared match (odds replay it), and
    the engine each outcome's effects: a match played on a well-used preparation is the same
    match, with the same effects, played on a fresh one."""
    from rules.arm.engine import run

    strategy = DefaultStrategy()
    for pair, match_type in (
        (("corrigan-vale", "mortimer-gale"), "singles"),
        (("ines-marrow", "orrin-blackwood"), "singles"),
        (("nadia-sorrel", "bastian-holloway"), "singles"),
        (("jonah-whitlock", "hollis-crane", "silas-dunmore", "tobiah-grimsby"), "tag"),
    ):
        spec = arm.make_spec([samples[n] for n in pair], match_type)
        shared = prepare(spec)
        for seed in range(60):
            run(shared, SeededDice(1000 + seed, record=False), strategy, record=False)
        for seed in range(20):
            used = run(shared, SeededDice(seed), strategy, record=True)
            fresh = run(prepare(spec), SeededDice(seed), strategy, record=True)
            assert used.events == fresh.events, (pair, seed)
            assert used.effects == fresh.effects, (pair, seed)


@pytest.mark.parametrize(
    "change",
    [
        lambda m: setattr(m.me(ALPHA), "last_ok", True),
        lambda m: setattr(m.me(ALPHA), "repeat", 1),
        lambda m: setattr(m.me(ALPHA), "last", "Chop"),
        lambda m: setattr(m.me(ALPHA), "warnings", 1),
        lambda m: setattr(m.me(ALPHA), "telegraph", 2),
        lambda m: setattr(m.me(ALPHA), "debt", 1),
        lambda m: setattr(m.me(ALPHA), "tricks", 1),
        lambda m: setattr(m.me(ALPHA), "running", True),
        lambda m: setattr(m.me(BETA), "whipped", True),
        lambda m: setattr(m.me(BETA), "blind", 1),
        lambda m: setattr(m.me(BETA), "post", "prone"),
        lambda m: setattr(m, "covers", 1),
        lambda m: setattr(m, "distracted", 1),
        lambda m: setattr(m, "ap", 7),
        lambda m: setattr(m, "near", False),
        lambda m: m.hurt(m.me(BETA), m.me(BETA).w.breaks[0] + 1, None),
        lambda m: setattr(m.me(BETA).w, "early_until", 60),  # a slow starter (``own``)
    ],
)
def test_the_situation_a_decision_is_remembered_by_sees_what_the_decisions_read(change, keys):
    strategy = DefaultStrategy()
    before = strategy.remembered_by(match_of([]), ALPHA, K_PLAN)
    m = match_of([])
    change(m)
    assert strategy.remembered_by(m, ALPHA, K_PLAN) != before


def test_a_worn_mans_room_before_the_final_value_is_part_of_his_situation(keys):
    # A desperate finisher costs him points of his own: whether he has them is his to read.
    strategy = DefaultStrategy()
    close, far = match_of([]), match_of([])
    final = close.me(ALPHA).w.final
    close.hurt(close.me(ALPHA), final - 2, None)
    far.hurt(far.me(ALPHA), final - 6, None)
    assert close.me(ALPHA).lvl == far.me(ALPHA).lvl >= 3
    assert strategy.remembered_by(close, ALPHA, K_PLAN) != strategy.remembered_by(
        far, ALPHA, K_PLAN
    )


def test_a_short_temper_sees_whether_the_blow_he_took_was_illegal(keys):
    strategy = DefaultStrategy()
    hothead = sheet("alpha", flaws=["Short Temper"])
    beta = sheet("beta", arsenal=["Punch", "Eye Rake", "Chop"])
    fouled, chopped, missed = (match_of([], a=hothead, b=beta) for _ in range(3))
    for m, last, landed in ((fouled, "Eye Rake", True), (chopped, "Chop", True)):
        m.me(BETA).last, m.me(BETA).last_ok = last, landed
    missed.me(BETA).last, missed.me(BETA).last_ok = "Eye Rake", False
    seen = {n: strategy.remembered_by(m, ALPHA, K_PLAN) for n, m in enumerate((fouled, chopped))}
    assert seen[0] != seen[1]
    assert strategy.remembered_by(missed, ALPHA, K_PLAN) == seen[1]


@pytest.mark.parametrize(
    "change",
    [
        lambda m: m.me(BETA).injure("arm", 2),
        lambda m: m.me(ALPHA).injure("leg", 2),
        lambda m: m.hurt(m.me(BETA), m.me(BETA).w.breaks[0] - 1, None),
        lambda m: setattr(m.me(BETA), "last", "Chop"),
    ],
)
def test_what_the_strategy_does_not_read_leaves_its_situation_and_its_decision_alone(change, keys):
    # Injuries by body part and the damage within a weardown level are the engine's, not the
    # default strategy's (its docstring): a situation that differs only there is the same one,
    # and is decided the same way.
    strategy = DefaultStrategy()
    base = match_of([], b=sheet("beta", arsenal=["Punch", "Eye Rake", "Chop"]))
    m = match_of([], b=sheet("beta", arsenal=["Punch", "Eye Rake", "Chop"]))
    change(m)
    assert m.me(BETA).lvl == base.me(BETA).lvl
    assert strategy.remembered_by(m, ALPHA, K_PLAN) == strategy.remembered_by(base, ALPHA, K_PLAN)
    assert told(strategy._plan(m, ALPHA)) == told(strategy._plan(base, ALPHA))


def told(plan: Plan) -> tuple:
    """A plan by its maneuver's name (two matches compile their own maneuvers)."""
    return (plan.move and plan.move.name, plan.actions, plan.trap, plan.over_top)


# One change to each thing a situation holds, each a step from where a match starts: no two may
# give the same key (two fields packed over each other would).
ONE_STEP_EACH = {
    "his action points": lambda m: setattr(m, "ap", 1),
    "his level": lambda m: setattr(m.me(ALPHA), "lvl", 1),
    "the opponent's level": lambda m: setattr(m.me(BETA), "lvl", 1),
    "his penalty": lambda m: setattr(m.me(ALPHA), "pen", 1),
    "the opponent's penalty": lambda m: setattr(m.me(BETA), "pen", 1),
    "his height": lambda m: setattr(m.me(ALPHA), "elev", 1),
    "the opponent's height": lambda m: setattr(m.me(BETA), "elev", 1),
    "his repeats": lambda m: setattr(m.me(ALPHA), "repeat", 1),
    "his warnings": lambda m: setattr(m.me(ALPHA), "warnings", 1),
    "his telegraph": lambda m: setattr(m.me(ALPHA), "telegraph", 1),
    "his fire": lambda m: setattr(m.me(ALPHA), "fired", 1),
    "his tricks": lambda m: setattr(m.me(ALPHA), "tricks", 1),
    "his debt": lambda m: setattr(m.me(ALPHA), "debt", 1),
    "the covers": lambda m: setattr(m, "covers", 1),
    "the crowd": lambda m: setattr(m.me(ALPHA), "crowd", 1),
    "his flourishes": lambda m: setattr(m.me(ALPHA), "flourishes", 1),
    "the count": lambda m: setattr(m, "count", 0),
    "apart": lambda m: setattr(m, "near", False),
    "at home": lambda m: setattr(m.me(ALPHA), "home", True),
    "running": lambda m: setattr(m.me(ALPHA), "running", True),
    "whipped": lambda m: setattr(m.me(BETA), "whipped", True),
    "his last landed": lambda m: setattr(m.me(ALPHA), "last_ok", True),
    "warned": lambda m: setattr(m.me(ALPHA), "warned", True),
    "he is out": lambda m: setattr(m.me(ALPHA), "out", True),
    "the opponent is out": lambda m: setattr(m.me(BETA), "out", True),
    "the opponent blinded": lambda m: setattr(m.me(BETA), "blind", 1),
    "the referee distracted": lambda m: setattr(m, "distracted", 1),
    "his posture": lambda m: setattr(m.me(ALPHA), "post", "kneeling"),
    "the opponent's posture": lambda m: setattr(m.me(BETA), "post", "kneeling"),
    "his zone": lambda m: setattr(m.me(ALPHA), "zone", "middle"),
    "the opponent's zone": lambda m: setattr(m.me(BETA), "zone", "middle"),
    "his last maneuver": lambda m: setattr(m.me(ALPHA), "last", "Chop"),
    "his room": lambda m: m.hurt(m.me(ALPHA), m.me(ALPHA).w.final - 2, None),
    "his slow start": lambda m: setattr(m.me(ALPHA).w, "early_until", 60),
    "the opponent's slow start": lambda m: setattr(m.me(BETA).w, "early_until", 60),
}


def test_each_thing_a_situation_holds_keys_it_apart_from_every_other(keys):
    strategy = DefaultStrategy()
    keys = {"as the match starts": strategy.remembered_by(match_of([]), ALPHA, K_PLAN)}
    for what, change in ONE_STEP_EACH.items():
        m = match_of([])
        change(m)
        keys[what] = strategy.remembered_by(m, ALPHA, K_PLAN)
    for i, (what, key) in enumerate(keys.items()):
        for other, other_key in list(keys.items())[:i]:
            assert key != other_key, (what, other)
    # The decision's own arguments, too.
    m = match_of([])
    asked = [(K_PLAN, 0, 0, 0), (K_CHAIN, 0, 0, 0), (K_PLAN, 1, 0, 0), (K_PLAN, 0, 1, 0)]
    asked.append((K_PLAN, 0, 0, 1))
    assert len({repr(strategy.remembered_by(m, ALPHA, *a)) for a in asked}) == len(asked)


def test_the_memory_doubles_and_still_answers_every_situation_it_kept():
    # 5,000 situations (the table starts at 1,024 places and stays at most half full), each
    # answering its own decision; one kept again answers the newer decision.
    memory = Memory()
    situations = [(n, n * 7, n % 13, 1 << 40 | n) for n in range(5000)]
    for n, seen in enumerate(situations):
        memory.keep(*seen, f"decision {n}")
    assert memory.filled == 5000
    assert memory.places == 16384
    assert all(memory.recall(*seen) == f"decision {n}" for n, seen in enumerate(situations))
    assert memory.recall(5000, 35000, 5000 % 13, 1 << 40 | 5000, "not kept") == "not kept"
    memory.keep(7, 49, 7, 1 << 40 | 7, "decided again")
    assert memory.filled == 5000
    assert memory.recall(7, 49, 7, 1 << 40 | 7) == "decided again"


def test_the_memory_keeps_equal_answers_once_and_nothing_for_the_collector():
    # Tens of thousands of situations share a few dozen answers (86 in 2,000 matches of the
    # bench's pairing): each equal answer is kept once, a plan by its fields, and the table
    # itself is integers, no object the cyclic collector walks.
    import gc

    memory = Memory()
    for n in range(3000):
        memory.keep(n, 0, 0, 0, Plan(actions=("approach", "run"), trap=True))
        memory.keep(n, 1, 0, 0, ("turn", "cover"))
        memory.keep(n, 2, 0, 0, n % 2 == 0)
        memory.keep(n, 3, 0, 0, None)
    memory.keep(0, 4, 0, 0, Plan(actions=("approach", "run")))
    assert memory.filled == 12001
    assert len(memory.answers) == 6
    assert memory.recall(2999, 0, 0, 0) == Plan(actions=("approach", "run"), trap=True)
    assert memory.recall(0, 4, 0, 0) == Plan(actions=("approach", "run"))
    assert memory.recall(7, 2, 0, 0) is False and memory.recall(8, 2, 0, 0) is True
    assert memory.recall(5, 3, 0, 0, "not kept") is None
    assert not gc.is_tracked(memory.keys)


@pytest.mark.parametrize(
    ("points", "packed"),
    # Counts pack into 6-bit fields offset by 16 (the strategy's docstring): -16 to 47.
    [(47, True), (-16, True), (48, False), (-17, False), (500, False)],
)
def test_a_count_too_large_to_pack_is_remembered_apart_all_the_same(points, packed, keys):
    strategy = DefaultStrategy()
    matches = {}
    for ap in (points - 1, points, points + 1):
        m = match_of([])
        m.ap = ap
        matches[ap] = m
    seen = strategy._situation(matches[points], ALPHA, K_PLAN)
    # Four packed integers, or (-1, 0, 0, 0): the wide key (always, interpreted).
    assert (seen[0] >= 0) is (packed and (PACKED or keys == "packed"))
    for ap, m in matches.items():  # each remembers its own decision
        strategy._keep(m, ALPHA, strategy._situation(m, ALPHA, K_PLAN), f"at {ap}", K_PLAN)
    for ap, m in matches.items():
        assert strategy._recall(m, ALPHA, strategy._situation(m, ALPHA, K_PLAN), K_PLAN) == (
            f"at {ap}"
        )


def test_two_situations_mixed_to_the_same_number_are_told_apart():
    # A decision remembered at a situation's place (its ``_mix`` within the table) answers
    # only the same four integers: plant another situation's decision at this one's place,
    # as a collision of the mix would, and it is not taken for this one's.
    strategy = DefaultStrategy()
    m = match_of([])
    seen = (0x410412452450450, 0x4104104D0410412, 0xB08172C7208004, 0xB00001400)
    other = (seen[0], seen[1], seen[2], seen[3] ^ 1)
    assert _mix(*seen) != _mix(*other)
    assert strategy._recall(m, ALPHA, seen, K_PLAN) is NOT_DECIDED
    memory = m.prep.memory
    at = (_mix(*seen) & (memory.places - 1)) * STRIDE
    memory.answers.append("someone else's")
    for i, w in enumerate((*other, len(memory.answers) - 1)):
        memory.keys[at + i] = w
    strategy._keep(m, ALPHA, seen, "mine", K_PLAN)
    assert strategy._recall(m, ALPHA, seen, K_PLAN) == "mine"
    assert strategy._recall(m, ALPHA, other, K_PLAN) is NOT_DECIDED


def test_the_memory_tells_apart_plans_that_differ_in_any_one_field():
    # Equal answers are kept once (by their fields); plans that differ in one field are not
    # equal answers, and each situation gets back its own.
    memory = Memory()
    plans = [
        Plan(actions=("approach",)),
        Plan(actions=("approach",), trap=True),
        Plan(actions=("approach",), over_top=True),
        Plan(actions=("approach",), flourish=True),
        Plan(actions=("approach",), desperation=2),
        Plan(actions=("approach", "run")),
        Plan(actions=()),
    ]
    for n, plan in enumerate(plans):
        memory.keep(n, 0, 0, 0, plan)
    assert len(memory.answers) == len(plans)
    for n, plan in enumerate(plans):
        assert memory.recall(n, 0, 0, 0) == plan
