"""What the ARM tables are read as: a named variant, a variant typed with prefixes, what a variant
keeps, the positions a maneuver is usable from, a merit's note, an object's concealment.

Figures from `rules/data/arm/` (the chapter's tables as `docs/rules/arm.md` reads them), written
here. The tables are loaded once for the module, so each test calls only the readers it checks:
under mutation testing these are the narrow tests a mutant of a reader meets first."""

from __future__ import annotations

import pytest

from rules.arm.tables import load_tables


@pytest.fixture(scope="module")
def tables():
    return load_tables()


@pytest.fixture(scope="module")
def get(tables):
    return tables.maneuvers.get


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
        ("diving elbow drop", "Diving Elbow Drop"),
        ("Diving DDT", "Diving DDT"),
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
    assert get("leaping dodge").counters == {"high_risk", "running"}
    assert get("Reverse Block").variant == {"reverse"}


def test_a_merits_note_and_an_objects_concealment_are_read(tables):
    assert tables.merits.get("merit", "Style Giant").note == "+1 WDB; +1 to contests for Advantage"
    assert tables.objects.get("Cloth").concealed
    assert not tables.objects.get("Boot").concealed


@pytest.mark.parametrize(
    "name, usable_from",
    [
        # from: [standing, fallen] (a man on his back can still dodge or lunge for the tag)
        ("Dodge", {"facing", "behind", "prone", "facedown"}),
        ("Lunge Tag", {"facing", "behind", "prone", "facedown"}),
        # flags: [mat], no from: every posture (done by a fallen or crouching attacker too)
        ("Armbar", {"facing", "behind", "sitting", "kneeling", "bent", "prone", "facedown"}),
        # neither: standing only
        ("Splash", {"facing", "behind"}),
    ],
    ids=["dodge", "lunge_tag", "armbar", "splash"],
)
def test_a_maneuver_is_usable_from_the_positions_its_row_gives(get, name, usable_from):
    assert get(name).usable_from == usable_from
