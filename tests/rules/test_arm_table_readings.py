"""How a federation's own ARM tables are read where a mistake in one row must not hide the
rest: a second bad row still named after a first, a problem named by its path even where a
whole part of a table is the wrong kind, a referee's count of an unknown kind named.

Messages are the readers' own words (as `tests/rules/test_arm_table_refusals.py` reads them);
each test loads only the one table it edits."""

from __future__ import annotations

from tests.rules.test_arm_table_refusals import problems_of


def test_a_second_variant_flag_that_is_no_mapping_is_named_after_the_first():
    def edit(data):
        data["variant_flags"]["flying"] = "high"
        data["variant_flags"]["leaping"] = 3

    problems = problems_of("maneuvers", edit)
    assert ("maneuvers.variant_flags.flying", "must be a mapping, got str") in problems
    assert ("maneuvers.variant_flags.leaping", "must be a mapping, got int") in problems


def test_a_second_named_variant_of_unknown_flags_is_named_after_the_first():
    def edit(data):
        data["variants"]["Frog Splash"]["flags"] = ["froggy"]
        data["variants"]["Superplex"]["flags"] = []

    paths = [path for path, _ in problems_of("maneuvers", edit)]
    assert "maneuvers.variants.Frog Splash.flags" in paths
    assert "maneuvers.variants.Superplex.flags" in paths


def test_objects_that_are_no_mapping_are_named_at_their_path():
    def edit(data):
        data["objects"] = ["Chair", "Railing"]

    assert ("objects.objects", "must be a mapping, got list") in problems_of("objects", edit)


def test_a_merits_effects_that_are_no_mapping_are_named_at_their_path():
    def edit(data):
        data["merits"]["Style Giant"]["effects"] = ["wdb"]

    problems = problems_of("merits", edit)
    assert ("merits.merits.Style Giant.effects", "must be a mapping, got list") in problems


def test_a_referee_count_of_an_unknown_kind_is_named():
    def edit(data):
        data["referee"]["counts"]["pin"] = 3

    assert problems_of("match", edit) == [
        ("match.referee.counts.pin", "unknown key (expected outside, choke, ropes, tag)")
    ]
