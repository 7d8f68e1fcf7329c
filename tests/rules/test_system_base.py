"""The one glue of the three systems (``rules.core.adapter.SystemBase``): every system offers the
whole protocol (exact odds and the sides a match takes included, so no caller probes for them),
checks a spec in the same words, and builds its default charts once."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core.adapter import NoExactOdds, SystemBase
from rules.core.errors import SpecError, TableError
from rules.core.spec import MatchSpec
from rules.core.system import RuleSystem
from rules.registry import systems
from tests.rules.arm_support import sheet
from tests.rules.superstar_helpers import card


def test_every_system_is_the_base_and_offers_the_whole_protocol():
    for name in ("filsinger", "superstar", "arm"):
        assert isinstance(systems[name], SystemBase)
        assert isinstance(systems[name], RuleSystem)
    assert {name: s.has_exact_solver for name, s in systems.items()} == {
        "filsinger": True,
        "superstar": True,
        "arm": False,
    }


def test_every_system_says_how_many_sides_a_match_takes():
    assert systems["filsinger"].sides_allowed("tag") == (2, 2)
    assert systems["arm"].sides_allowed("singles") == (2, 2)
    assert systems["superstar"].sides_allowed("singles") == (2, 2)
    assert systems["superstar"].sides_allowed("battle_royal") == (2, None)
    with pytest.raises(SpecError, match=r"unknown match type 'cage' for arm \(types: singles, "):
        systems["arm"].sides_allowed("cage")


def test_a_system_without_a_solver_refuses_exact_odds_in_its_words():
    arm = systems["arm"]
    spec = arm.make_spec([sheet("alpha"), sheet("beta")])
    with pytest.raises(NoExactOdds) as caught:
        arm.exact(spec)
    assert str(caught.value) == (
        "ARM has no exact solver (the match state is too rich for a Markov chain): Monte Carlo only"
    )


def test_make_spec_counts_the_cards_in_the_systems_word():
    arm = systems["arm"]
    with pytest.raises(SpecError) as caught:
        arm.make_spec([sheet("alpha")], "tag")
    assert str(caught.value) == "a tag match takes 4 sheets (side by side), got 1"
    superstar = systems["superstar"]
    with pytest.raises(SpecError) as caught:
        superstar.make_spec([card("Ace")], "battle_royal")
    assert str(caught.value) == "a battle_royal match takes 2 or more cards, got 1"


def test_every_engine_checks_a_spec_in_the_same_words():
    arm, superstar = systems["arm"], systems["superstar"]
    spec = arm.make_spec([sheet("alpha"), sheet("beta")])
    one_side = replace(spec, sides=spec.sides[:1])
    with pytest.raises(SpecError, match=r"^a singles match has two sides, got 1$"):
        arm.prepare(one_side)
    stipulated = replace(spec, stipulations={"ladder": True})
    with pytest.raises(SpecError, match=r"^unknown stipulation\(s\) ladder \(arm knows "):
        arm.prepare(stipulated)
    ace, deuce = card("Ace"), card("Deuce")
    royal = superstar.make_spec([ace, deuce], "battle_royal")
    with pytest.raises(SpecError) as caught:
        superstar.prepare(replace(royal, sides=royal.sides[:1]))
    assert str(caught.value) == "a battle royal takes two or more wrestlers, got 1"
    singles = superstar.make_spec([ace, deuce])
    with pytest.raises(SpecError) as caught:
        superstar.prepare(MatchSpec(match_type="tag", sides=singles.sides))
    assert str(caught.value) == "side 0: a tag match takes 2 wrestler(s) a side, got 1"


def test_the_default_charts_are_built_once_and_an_unknown_chart_is_refused():
    for name in ("filsinger", "superstar"):
        system = systems[name]
        assert system.load_tables() is system.load_tables()
        assert system.load_tables({}) is system.load_tables()
    with pytest.raises(TableError) as caught:
        systems["filsinger"].load_tables({"lariat": {}})
    assert str(caught.value).startswith("lariat: unknown chart (charts: ropes, turnbuckle, ")
