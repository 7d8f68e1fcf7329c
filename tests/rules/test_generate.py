"""Generated wrestlers (``rules.generators``; ``docs/cards.md``, "Generated wrestlers"): every
system, style and tier over many seeds gives a card its ``parse_card`` accepts, the same seed
gives the same card, and a tier's odds against the other tiers rise in order: by exact odds in
Filsinger and Superstar, by seeded Monte Carlo with a bound in ARM (which has no solver)."""

from __future__ import annotations

import copy
import itertools

import pytest

from rules.core.errors import CardError
from rules.generators import (
    STYLE_NAMES,
    TIER_NAMES,
    GenerateError,
    generate_card,
    ring_name,
    ring_names,
    roster_plan,
)
from rules.registry import systems

#: The styles and tiers as docs/cards.md names them.
DOCUMENTED_STYLES = ("brawler", "technician", "high-flyer", "powerhouse", "all-rounder")
DOCUMENTED_TIERS = ("jobber", "mid-carder", "upper-carder", "main-eventer")
SEEDS = range(25)


def test_the_styles_and_tiers_are_the_documented_ones():
    assert STYLE_NAMES == DOCUMENTED_STYLES
    assert TIER_NAMES == DOCUMENTED_TIERS


@pytest.mark.parametrize("system_name", ["filsinger", "superstar", "arm"])
def test_every_style_and_tier_over_many_seeds_gives_an_accepted_card(system_name):
    system = systems[system_name]
    tables = system.load_tables()
    checked = 0
    for style, tier, seed in itertools.product(DOCUMENTED_STYLES, DOCUMENTED_TIERS, SEEDS):
        data = generate_card(system_name, style, tier, seed)
        card = system.parse_card(data, tables=tables)
        # What it reads back is what was generated (nothing dropped or renamed on the way).
        assert system.card_to_data(system.parse_card(system.card_to_data(card))) == (
            system.card_to_data(card)
        )
        checked += 1
    assert checked == 5 * 4 * 25


@pytest.mark.parametrize("system_name", ["filsinger", "superstar", "arm"])
def test_the_check_is_real_a_generated_card_broken_on_purpose_is_refused(system_name):
    """The acceptance above proves something: the same card broken is refused."""
    system = systems[system_name]
    data = copy.deepcopy(generate_card(system_name, "brawler", "jobber", 3))
    if system_name == "filsinger":
        data["ratings"]["pin"] = 13
        path = "ratings.pin"
    elif system_name == "superstar":
        data["general"] = ["DC"] * 11
        path = "general"
    else:
        data["arsenal"] = ["Flying Headbutt Of Doom"]
        path = "arsenal[0]"
    with pytest.raises(CardError) as refused:
        system.parse_card(data, tables=system.load_tables())
    assert any(p == path for p, _ in refused.value.problems)


@pytest.mark.parametrize("system_name", ["filsinger", "superstar", "arm"])
def test_the_same_seed_gives_the_same_card_and_another_seed_another(system_name):
    first = generate_card(system_name, "technician", "upper-carder", 1234, name="Kit Vale")
    again = generate_card(system_name, "technician", "upper-carder", 1234, name="Kit Vale")
    other = generate_card(system_name, "technician", "upper-carder", 1235, name="Kit Vale")
    assert first == again
    assert first != other
    assert first["name"] == "Kit Vale"
    assert first["system"] == system_name


def test_the_documented_tier_figures():
    """docs/cards.md's tables: Filsinger's PIN rating 9, 8, 7, 6; Superstar's SUB range 2-7 to
    2-4 and PF 1, 2, 4, 5; ARM's attribute totals 72, 86, 100, 112."""
    for tier, pin in zip(DOCUMENTED_TIERS, (9, 8, 7, 6), strict=True):
        assert generate_card("filsinger", "brawler", tier, 5)["ratings"]["pin"] == pin
    for tier, sub, pf in zip(
        DOCUMENTED_TIERS, ([2, 7], [2, 6], [2, 5], [2, 4]), (1, 2, 4, 5), strict=True
    ):
        card = generate_card("superstar", "powerhouse", tier, 5)
        assert card["submission_range"] == sub
        assert card["priority"][0] == pf
    for tier, total in zip(DOCUMENTED_TIERS, (72, 86, 100, 112), strict=True):
        assert sum(generate_card("arm", "high-flyer", tier, 5)["attributes"].values()) == total


def test_bad_style_tier_seed_and_system_are_refused_by_field():
    for kwargs, field in (
        ({"style": "luchador"}, "style"),
        ({"tier": "legend"}, "tier"),
        ({"seed": -1}, "seed"),
        ({"seed": "7"}, "seed"),
        ({"system": "chess"}, "system"),
    ):
        args = {"system": "arm", "style": "brawler", "tier": "jobber", "seed": 1, **kwargs}
        with pytest.raises(GenerateError) as refused:
            generate_card(args["system"], args["style"], args["tier"], args["seed"])
        assert refused.value.by_field[0][0] == field


def test_styles_and_tiers_are_read_in_any_spelling():
    assert generate_card("arm", "High Flyer", "Main_Eventer", 9) == generate_card(
        "arm", "high-flyer", "main-eventer", 9
    )


def test_names_are_reproducible_and_a_roster_has_no_two_alike():
    assert ring_name(42) == ring_name(42)
    names = ring_names(42, 16)
    assert names == ring_names(42, 16)
    plain = {n.replace('"', "").lower() for n in names}
    assert len(plain) == 16
    assert ring_names(43, 16) != names


def test_a_roster_plan_mixes_every_style_and_tier():
    plan = roster_plan(11, 16)
    assert len(plan) == 16
    assert {s for s, _ in plan} == set(DOCUMENTED_STYLES)
    tiers = [t for _, t in plan]
    # 25%, 35%, 25%, 15% of sixteen: 4, 6, 4, 2.
    assert [tiers.count(t) for t in DOCUMENTED_TIERS] == [4, 6, 4, 2]


# --------------------------------------------------------------------------------------------
# The tier ordering


def _chance(system_name, first, second, seed):
    """The first card's share of the points against the second (a win 1, a draw a half):
    exact where the system solves the match, else seeded Monte Carlo over 400 matches."""
    system = systems[system_name]
    spec = system.make_spec([first, second])
    if system.has_exact_solver:
        odds = system.exact(spec)
        return odds.wins[0] + odds.draw / 2
    report = system.odds(spec, runs=400, seed=seed, exact="never")
    return (report.wins[0] + report.draws / 2) / report.runs


def tier_scores(system_name, seeds, cards_for=None):
    """Each tier's mean share against the other tiers (each card of a style against the other
    tiers' cards of that style and seed), and the lowest share of a higher tier against a
    lower one."""
    system = systems[system_name]
    totals = {t: [] for t in DOCUMENTED_TIERS}
    lowest_up = 1.0
    for seed, style in itertools.product(seeds, DOCUMENTED_STYLES):
        cards = {
            t: system.parse_card(generate_card(system_name, style, t, seed, name=f"{t} {style}"))
            for t in DOCUMENTED_TIERS
        }
        if cards_for is not None:
            cards = cards_for(cards)
        for a, b in itertools.combinations(DOCUMENTED_TIERS, 2):  # a below b
            p_b = _chance(system_name, cards[b], cards[a], seed)
            totals[b].append(p_b)
            totals[a].append(1 - p_b)
            lowest_up = min(lowest_up, p_b)
    means = [sum(v) / len(v) for v in totals.values()]
    return means, lowest_up


def check_rising(means, lowest_up, bound):
    assert all(lo < hi for lo, hi in itertools.pairwise(means)), means
    assert lowest_up > bound, lowest_up


# Measured (a tier's share against the other tiers): Filsinger by exact odds over seeds 0-1,
# 0.19, 0.30, 0.64, 0.86; Superstar by exact odds, seed 0, 0.12, 0.36, 0.71, 0.82; ARM by
# Monte Carlo over seeds 0-1, 0.08, 0.33, 0.68, 0.91. Every higher tier's card beats every lower
# tier's card of its style and seed: the bound is an even match.
@pytest.mark.parametrize(
    ("system_name", "seeds", "bound"),
    [("filsinger", range(2), 0.5), ("superstar", range(1), 0.5), ("arm", range(2), 0.5)],
)
@pytest.mark.slow
def test_a_tiers_odds_against_the_other_tiers_rise_in_order(system_name, seeds, bound):
    if system_name == "superstar":
        assert systems[system_name].has_exact_solver
    means, lowest_up = tier_scores(system_name, seeds)
    check_rising(means, lowest_up, bound)
    # From the bottom to the top there is a real distance: a jobber wins under one in four, a
    # main-eventer over three in four.
    assert means[0] < 0.25
    assert means[-1] > 0.75


def test_the_ordering_check_fails_on_tiers_swapped_on_purpose():
    """The check above is proven on data broken on purpose: the jobber's and the main-eventer's
    cards swapped, the order no longer rises and the check fails."""

    def swapped(cards):
        cards = dict(cards)
        cards["jobber"], cards["main-eventer"] = cards["main-eventer"], cards["jobber"]
        return cards

    means, lowest_up = tier_scores("filsinger", range(1), swapped)
    with pytest.raises(AssertionError):
        check_rising(means, lowest_up, 0.5)
