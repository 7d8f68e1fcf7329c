"""The card builders (``rules/core/builder.py``, ``rules/<system>/builder.py``): a card as form
fields, each named by the card's path, both ways; the problems the builder shows are the YAML
import's own (the same parser on the same card), each on the field its path names."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rules import registry
from rules.builders import builders
from rules.core.errors import CardError
from rules.core.safeyaml import load_text

SAMPLE = Path(__file__).resolve().parents[2] / "rules" / "data" / "sample"
SYSTEMS = ("filsinger", "superstar", "arm")


def _tables(system: str):
    return registry.systems[system].load_tables({})


def _problems(system: str, data) -> list[tuple[str, str]]:
    """What the YAML import's check (the system's parser, with its charts) says of a card."""
    try:
        registry.systems[system].parse_card(data, tables=_tables(system))
    except CardError as exc:
        return exc.problems
    return []


def _normal(system: str, data) -> dict:
    engine = registry.systems[system]
    return engine.card_to_data(engine.parse_card(data, tables=_tables(system)))


def _samples(system: str) -> list[Path]:
    return sorted((SAMPLE / system).glob("*.yaml"))


@pytest.mark.parametrize("system", SYSTEMS)
def test_round_trip_builder_yaml_builder(system):
    """Every sample card: into the fields, out as YAML, back into the fields: the same fields,
    and the card they make is the sample card as the parser normalises it."""
    builder = builders[system]
    files = _samples(system)
    assert len(files) == 18
    for path in files:
        data = load_text(path.read_text(), source=path.name)
        values = builder.to_values(data)
        text = yaml.safe_dump(builder.from_values(values), sort_keys=False)
        again = builder.to_values(load_text(text, source="builder"))
        assert again == values, path.name
        assert _normal(system, builder.from_values(again)) == _normal(system, data), path.name


def test_fields_are_named_by_the_cards_paths():
    """The printed card's parts, by their paths: 3 levels x 6 die faces of offense (14 fields an
    entry) and of defense (4), 10 ratings and the name: 252 + 72 + 10 + 1 = 335 fields."""
    fields = builders["filsinger"].fields
    assert len(fields) == 335
    assert "offense.3[5].finisher" in fields
    assert "defense.1[0].result" in fields
    assert "ratings.pin_fatigue" in fields
    superstar = builders["superstar"].fields
    # general 11, offense 11 x 7, defense 11, specialty name + 6 x 4, ropes 11 x 7, 6 ratings
    assert len(superstar) == 1 + 11 + 77 + 11 + 25 + 77 + 6
    assert {"specialty.rolls[5].dq", "priority[1]", "general[10]"} <= set(superstar)
    arm = builders["arm"].fields
    assert {"attributes.TOU", "arsenal[15].bonus", "finisher.name", "merits[0]"} <= set(arm)


BAD_CARDS = {
    "filsinger": (
        "bastian-holloway",
        lambda d: (
            d["offense"][1].__setitem__(0, {"move": "Wristlock", "level": 4}),
            d["defense"][2].__setitem__(1, {"result": "pin", "level": 2}),
            d["ratings"].__setitem__("ropes", "D"),
        ),
        [
            ("offense.1[0].level", "must be 1, 2 or 3, got 4"),
            ("defense.2[1].level", "a PIN has no level (the attacker goes on at level 3)"),
            ("ratings.ropes", "must be A, B or C, got 'D'"),
        ],
    ),
    "superstar": (
        "bastian-holloway",
        lambda d: (
            d["general"].__setitem__(0, "XX"),
            d["offense"].__setitem__(2, {"move": "Side headlock"}),
            d.__setitem__("priority", [11, 2]),
        ),
        [
            ("general[0]", "must be one of OC, OC/TT, DC, got 'XX'"),
            ("offense[2].points", "required: the points the move scores"),
            ("priority[0]", "must be from 1 to 10 in steps of a half ('+'), got 11"),
        ],
    ),
    "arm": (
        "bastian-holloway",
        lambda d: (
            d["attributes"].__setitem__("STR", 25),
            d["arsenal"].append("Nonsense Move"),
            d.__setitem__("finisher", {"maneuver": "", "name": "Holloway Lock"}),
        ),
        [
            ("attributes.STR", "must be a whole number from 1 to 20, got 25"),
            ("arsenal[8]", "no maneuver 'Nonsense Move' in the catalogue (nor a variant of one)"),
            ("finisher.maneuver", "must be the maneuver's name"),
        ],
    ),
}


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_builder_names_the_imports_problems(system):
    """A card broken on purpose: the YAML import's check names its problems (written here from
    the parsers' messages); the same card in the builder's fields names the same problems, and
    each lands on the field (or the row) its path names."""
    slug, breaking, expected = BAD_CARDS[system]
    data = load_text((SAMPLE / system / f"{slug}.yaml").read_text(), source=slug)
    assert _problems(system, data) == []
    breaking(data)
    assert sorted(_problems(system, data)) == sorted(expected)
    builder = builders[system]
    assembled = builder.from_values(builder.to_values(data))
    found = _problems(system, assembled)
    assert sorted(found) == sorted(expected)
    assert sorted(builder.placed(found)) == sorted((path, path, why) for path, why in expected)


TYPED = {
    # field: (typed, the path's message as the YAML import gives it for the same value)
    "filsinger": {
        "offense.2[3].level": ("x", "must be 1, 2 or 3, got 'x'"),
        "ratings.pin": ("13", "must be a whole number from 0 to 12, got 13"),
        "offense.3[4].rating": ("6", "must be a whole number from 0 to 5, got 6"),
    },
    "superstar": {
        "specialty.rolls[0].points": (
            "ten",
            "must be a whole number of points from 0 to 99, got 'ten'",
        ),
        "submission_range[0]": ("13", "must be a two-dice total from 2 to 12, got 13"),
    },
    "arm": {
        "attributes.AGI": ("0", "must be a whole number from 1 to 20, got 0"),
        "arsenal[0].bonus": ("11", "must be a whole number from -5 to 10, got 11"),
    },
}


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_value_typed_in_a_field_is_refused_as_in_yaml(system):
    """Typed in a field, a bad value gets the message the same value gets in a YAML file."""
    builder = builders[system]
    data = load_text((SAMPLE / system / "bastian-holloway.yaml").read_text(), source="card")
    values = builder.to_values(data)
    for path, (typed, _) in TYPED[system].items():
        assert path in builder.fields
        values[path] = typed
    found = _problems(system, builder.from_values(values))
    expected = sorted((path, why) for path, (_, why) in TYPED[system].items())
    assert sorted(found) == expected
    assert {builder.place(path) for path, _ in found} == set(TYPED[system])


def test_problems_land_on_the_nearest_field_row_or_section():
    builder = builders["filsinger"]
    assert builder.place("offense.1[2].level") == "offense.1[2].level"
    assert builder.place("offense.1[2]") == "offense.1[2]"
    assert builder.place("offense.1[2].miss_on[1]") == "offense.1[2].miss_on"
    assert builder.place("offense.4") == ""  # no level 4 on the card: the card as a whole
    assert builder.place("defense.3") == "defense.3"
    assert builder.place("") == ""


def test_an_empty_builder_names_what_is_missing():
    """No field filled in: the card's parser names the name, every entry, every rating."""
    builder = builders["filsinger"]
    found = dict(_problems("filsinger", builder.from_values(builder.blank())))
    assert found["name"] == "required: the wrestler's name"
    assert found["offense.1[0]"] == (
        "needs one of 'move', 'chart', 'finisher' or 'choice_situation'"
    )
    assert found["ratings.ropes"] == "required: A, B or C"
    assert found["defense.3[5].result"] == (
        "must be one of dazed, hurt, down, counter, pin, got None"
    )
