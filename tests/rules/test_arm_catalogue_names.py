"""The ARM catalogue's names: a named variant, a variant typed with prefixes, what a variant keeps.

Figures from `rules/data/arm/maneuvers.yaml` (the chapter's catalogue as `docs/rules/arm.md`
reads it), written here."""

from __future__ import annotations

import pytest

from rules.arm.tables import load_tables


@pytest.fixture(scope="module")
def get():
    return load_tables().maneuvers.get


@pytest.mark.parametrize(
    "typed, name, base, variant",
    [
        ("Frog Splash", "Frog Splash", "Splash", {"flying"}),
        ("frog  splash", "Frog Splash", "Splash", {"flying"}),
        ("Superplex", "Superplex", "Suplex", {"super"}),
        ("Corkscrew Splash", "Corkscrew Splash", "Splash", {"flying", "corkscrew"}),
    ],
)
def test_a_named_variant_goes_by_its_own_name_over_its_base(get, typed, name, base, variant):
    move = get(typed)
    assert (move.name, move.base, move.variant) == (name, base, variant)


@pytest.mark.parametrize(
    "typed, name",
    [
        ("flying elbow drop", "Flying Elbow Drop"),  # all lower case: each word capitalised
        ("Springboard DDT", "Springboard DDT"),  # a capital typed: kept as typed
        ("running big Boot", "running big Boot"),
    ],
)
def test_a_variant_typed_with_prefixes_is_named_as_typed_or_title_cased(get, typed, name):
    assert get(typed).name == name


def test_a_variant_of_a_defense_keeps_the_attacks_it_counters(get):
    # Block: counters [strike, kick]; Dodge: counters [high_risk, running].
    assert get("Reverse Block").counters == {"strike", "kick"}
    assert get("Spinning Dodge").counters == {"high_risk", "running"}
    assert get("Reverse Block").variant == {"reverse"}
