"""The auto-booker's weights (``matches/data/booking.yaml``): the shipped figures, written here as
the file's comments and ``docs/booking.md`` give them, and every refusal of a bad file, each by
the entry it names."""

from __future__ import annotations

import copy

import pytest
import yaml

from matches import booking_config as weights
from matches.booking_config import BookingConfigError, booking_config, booking_config_parse


def shipped() -> dict:
    text = weights.resources.files("matches").joinpath(weights.CONFIG_FILE).read_text()
    return yaml.safe_load(text)


def test_the_shipped_weights():
    config = booking_config()
    assert config.recent_shows == 4
    assert config.result_points == {
        "pin": 40,
        "submission": 40,
        "knockout": 40,
        "elimination": 30,
        "disqualification": 15,
        "count_out": 15,
    }
    assert (config.loss_points, config.draw_points) == (-10, 0)
    assert (config.blowoff_heat, config.feud_min_heat, config.feud_max_per_show) == (8, 1, 2)
    assert config.feud_match_chance == {"building": 1.0, "hot": 1.0, "cooling": 0.5}
    assert (config.feud_rest_shows, config.feud_blowoff_after) == (1, 3)
    assert (config.rematch_shows, config.idle_shows, config.title_rematch_shows) == (6, 2, 2)
    assert config.avoid_teammates is True
    assert config.stakes == {
        "world_title": 100,
        "title": 70,
        "title_rank_step": 5,
        "feud_base": 30,
        "feud_per_heat": 5,
        "blowoff_bonus": 25,
        "title_feud_bonus": 10,
        "undercard": 0,
    }
    assert config.opener == "strongest_undercard"


def test_the_weights_are_read_as_given_not_as_shipped():
    data = shipped()
    data["contention"]["recent_shows"] = 9
    data["feuds"]["match_chance"] = {"hot": 0}
    data["undercard"]["avoid_teammates"] = False
    data["card_order"]["opener"] = "weakest"
    data["variety"] = {"rematch_shows": 0, "idle_shows": 1, "title_rematch_shows": 0}
    config = booking_config_parse(data)
    assert (config.recent_shows, config.feud_match_chance, config.avoid_teammates) == (
        9,
        {"hot": 0.0},
        False,
    )
    assert (config.opener, config.rematch_shows, config.idle_shows) == ("weakest", 0, 1)


def bad(path: str, value):
    """The shipped weights with the entry at ``path`` (dots; ``-`` removes it) replaced."""
    data = copy.deepcopy(shipped())
    *parents, last = path.split(".")
    node = data
    for key in parents:
        node = node[key]
    if value == "-":
        del node[last]
    else:
        node[last] = value
    return data


def message(problem: str) -> str:
    return weights.BAD_CONFIG.format(source=weights.CONFIG_FILE, problem=problem)


REFUSALS = [
    ("contention", [1], "contention: a mapping is required"),
    ("feuds", "-", "feuds: a mapping is required"),
    (
        "contention.result_points",
        [40],
        "contention.result_points: a mapping of method to points is required",
    ),
    (
        "contention.result_points.dropkick",
        5,
        "contention.result_points: unknown methods ['dropkick']; known: "
        + str(weights.WINNING_METHODS),
    ),
    (
        "contention.result_points.pin",
        "many",
        "contention.result_points.pin: an integer is required, got 'many'",
    ),
    (
        "contention.result_points.count_out",
        "-",
        "contention.result_points.count_out: an integer is required, got None",
    ),
    ("contention.loss_points", True, "contention.loss_points: an integer is required, got True"),
    ("contention.draw_points", "-", "contention.draw_points: an integer is required, got None"),
    ("contention.recent_shows", -1, "contention.recent_shows: must be at least 0, got -1"),
    (
        "feuds.match_chance",
        0.5,
        "feuds.match_chance: a mapping of feud status to a chance is required",
    ),
    (
        "feuds.match_chance.ended",
        0.5,
        "feuds.match_chance.ended: not the status of an active feud",
    ),
    (
        "feuds.match_chance.simmering",
        0.5,
        "feuds.match_chance.simmering: not the status of an active feud",
    ),
    (
        "feuds.match_chance.hot",
        1.5,
        "feuds.match_chance.hot: a chance from 0 to 1 is required, got 1.5",
    ),
    (
        "feuds.match_chance.hot",
        -0.1,
        "feuds.match_chance.hot: a chance from 0 to 1 is required, got -0.1",
    ),
    (
        "feuds.match_chance.hot",
        True,
        "feuds.match_chance.hot: a chance from 0 to 1 is required, got True",
    ),
    ("feuds.blowoff_heat", 11, "feuds.blowoff_heat: heat runs from 0 to 10, got 11"),
    ("feuds.blowoff_heat", -1, "feuds.blowoff_heat: must be at least 0, got -1"),
    ("feuds.min_heat", -1, "feuds.min_heat: must be at least 0, got -1"),
    ("feuds.max_per_show", -1, "feuds.max_per_show: must be at least 0, got -1"),
    ("feuds.rest_shows", -1, "feuds.rest_shows: must be at least 0, got -1"),
    ("feuds.blowoff_after", 0, "feuds.blowoff_after: must be at least 1, got 0"),
    (
        "undercard.avoid_teammates",
        "yes please",
        "undercard.avoid_teammates: true or false is required, got 'yes please'",
    ),
    ("stakes.title", 7.5, "stakes.title: an integer is required, got 7.5"),
    ("stakes.undercard", "-", "stakes.undercard: an integer is required, got None"),
    (
        "card_order.opener",
        "loudest",
        "card_order.opener: one of ['strongest_undercard', 'weakest'] is required, got 'loudest'",
    ),
    ("variety.rematch_shows", -1, "variety.rematch_shows: must be at least 0, got -1"),
    ("variety.idle_shows", 0, "variety.idle_shows: must be at least 1, got 0"),
    (
        "variety.title_rematch_shows",
        -1,
        "variety.title_rematch_shows: must be at least 0, got -1",
    ),
]


@pytest.mark.parametrize(("path", "value", "problem"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_a_bad_entry_is_refused_by_name(path, value, problem):
    with pytest.raises(BookingConfigError) as refused:
        booking_config_parse(bad(path, value))
    assert str(refused.value) == message(problem)


@pytest.mark.parametrize("value", [0, 10])
def test_the_blowoff_heat_may_be_anything_from_0_to_10(value):
    assert booking_config_parse(bad("feuds.blowoff_heat", value)).blowoff_heat == value


@pytest.mark.parametrize("value", [0, 1])
def test_a_chance_may_be_0_or_1(value):
    config = booking_config_parse(bad("feuds.match_chance.cooling", value))
    assert config.feud_match_chance["cooling"] == float(value)


def test_a_file_that_is_not_a_mapping_is_refused():
    with pytest.raises(BookingConfigError) as refused:
        booking_config_parse(["contention"], source="mine.yaml")
    assert str(refused.value) == weights.BAD_CONFIG.format(
        source="mine.yaml", problem="(top): a mapping is required"
    )
