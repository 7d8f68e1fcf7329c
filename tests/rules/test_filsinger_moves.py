"""The play-by-play's verb follows the kind of move (rules/data/filsinger/moves.yaml): a hold is
put on, a cover rolls a man up, a strike hits him. Sentences are held word for word."""

from __future__ import annotations

import pytest

from rules.core.errors import TableError
from rules.core.tables import read_yaml_resource
from rules.filsinger import system as filsinger
from rules.filsinger.moves import build_move_words, move_words
from tests.rules.conftest import positioned

GALE, FINCH = 0, 1


def card(name: str, offense: dict[int, list], defense: dict[int, list], pin: int = 6):
    """A card whose LEVEL n rows are given in full (six entries each)."""
    return filsinger.parse_card(
        {
            "system": "filsinger",
            "name": name,
            "offense": offense,
            "defense": defense,
            "ratings": {
                "pin": pin,
                "pin_fatigue": 3,
                "ropes": "B",
                "turnbuckle": "B",
                "ring": "B",
                "deathjump": "B",
                "disqualification": 5,
            },
        }
    )


def mv(name: str, level: int) -> dict:
    return {"move": name, "level": level}


GALE_CARD = card(
    "Mortimer Gale",
    {
        1: [
            mv("Jackknife cover", 1),
            mv("Inside cradle", 1),
            mv("Sleeper hold", 1),
            mv("Wristlock", 1),
            mv("Inverted leg lock", 1),
            mv("Dropkick", 1),
        ],
        2: [
            mv("Powerslam", 1),
            mv("Hip toss", 1),
            mv("Choke on the ropes", 1),
            mv("Knee lift", 1),
            mv("Dragon screw", 1),
            mv("Lock-up", 1),
        ],
        3: [
            {"finisher": "MARROW KEY", "rating": 3},
            {"finisher": "GALE WARNING", "rating": 3},
            {"finisher": "THORN CLUTCH", "roll": "1d6", "miss_on": [1]},
            mv("Small package", 1),
            mv("Haymaker", 1),
            mv("Torture rack", 1),
        ],
    },
    {lvl: [{"result": "dazed", "level": 1}] * 6 for lvl in (1, 2, 3)},
)
FINCH_CARD = card(
    "Skylar Finch",
    {lvl: [mv("Arm drag", 1)] * 6 for lvl in (1, 2, 3)},
    {
        1: [
            {"result": "dazed", "level": 2},
            {"result": "pin"},
            {"result": "counter", "level": 1},
            {"result": "hurt", "level": 2},
            {"result": "down", "level": 3},
            {"result": "dazed", "level": 1},
        ],
        2: [{"result": "dazed", "level": 1}] * 6,
        3: [{"result": "dazed", "level": 1}] * 6,
    },
    pin=7,
)


def offense(level: int, face: int, defense_face: int = 1, **kwargs) -> list[str]:
    spec = filsinger.make_spec([GALE_CARD, FINCH_CARD], **kwargs)
    m = positioned(spec, [face, defense_face], off=GALE, level=level)
    m.turn()
    return [e.text for e in m.events]


@pytest.mark.parametrize(
    ("level", "face", "text"),
    [
        (1, 3, "Mortimer Gale puts Skylar Finch in a Sleeper hold!"),
        (1, 4, "Mortimer Gale locks Skylar Finch in a Wristlock!"),
        (1, 5, "Mortimer Gale locks Skylar Finch in an Inverted leg lock!"),
        (1, 6, "Mortimer Gale hits Skylar Finch with a Dropkick!"),
        (2, 1, "Mortimer Gale drives Skylar Finch into the mat with a Powerslam!"),
        (2, 2, "Mortimer Gale takes Skylar Finch over with a Hip toss!"),
        (2, 3, "Mortimer Gale chokes Skylar Finch on the ropes!"),
        (2, 4, "Mortimer Gale hits Skylar Finch with a Knee lift!"),
        (2, 5, "Mortimer Gale takes Skylar Finch down with a Dragon screw!"),
        (2, 6, "Mortimer Gale ties up with Skylar Finch in a Lock-up."),
        (3, 5, "Mortimer Gale hits Skylar Finch with a Haymaker!"),
        (3, 6, "Mortimer Gale puts Skylar Finch in a Torture rack!"),
    ],
)
def test_the_verb_follows_the_kind_of_move(level, face, text):
    assert offense(level, face) == [
        text,
        "Skylar Finch is dazed. Mortimer Gale rolls on LEVEL 2 OFFENSE.",
    ]


def test_a_cover_that_the_defense_does_not_make_a_pin_reads_as_the_defender_getting_out():
    assert offense(1, 1, 1) == [
        "Mortimer Gale rolls Skylar Finch up in a Jackknife cover!",
        "Skylar Finch wriggles free, but is dazed. Mortimer Gale rolls on LEVEL 2 OFFENSE.",
    ]
    assert offense(1, 2, 5) == [
        "Mortimer Gale rolls Skylar Finch up in an Inside cradle!",
        "Skylar Finch wriggles free, but is down. Mortimer Gale rolls on LEVEL 3 OFFENSE.",
    ]
    assert offense(3, 4, 3) == [
        "Mortimer Gale rolls Skylar Finch up in a Small package!",
        "Skylar Finch reverses it and fights back! Skylar Finch rolls on LEVEL 1 OFFENSE.",
    ]


def test_a_cover_the_defense_makes_a_pin_is_the_referees_count():
    spec = filsinger.make_spec([GALE_CARD, FINCH_CARD])
    m = positioned(spec, [2, 2, 5, 6], off=GALE, level=1)
    m.turn()
    assert [e.text for e in m.events] == [
        "Mortimer Gale rolls Skylar Finch up in an Inside cradle!",
        "The referee drops to count!",
        "Skylar Finch kicks out (11 against PIN 7)! Mortimer Gale stays on the attack on LEVEL 3 "
        "OFFENSE.",
    ]


def test_a_hold_finisher_is_locked_in_and_turned_into_the_pin_the_rules_roll():
    # Rule 6: the finisher's victim rolls for his PIN rating ("pinned or submits"); recorded
    # as a pin, so the hold leads to the pin.
    spec = filsinger.make_spec([GALE_CARD, FINCH_CARD])
    m = positioned(spec, [1, 3, 2], off=GALE, level=3)
    m.turn()
    assert [e.text for e in m.events] == [
        "Mortimer Gale locks in the MARROW KEY and turns it into a pin on Skylar Finch!",
        "One, two, three! Mortimer Gale pins Skylar Finch with the MARROW KEY (5 against PIN 7).",
    ]
    # A finisher with no word in the table is hit, as before.
    m = positioned(spec, [2, 6, 6], off=GALE, level=3)
    m.turn()
    assert m.events[0].text == "Mortimer Gale hits the GALE WARNING!"


def test_a_hold_roll_finisher_is_locked_in_on_its_roll():
    spec = filsinger.make_spec([GALE_CARD, FINCH_CARD], options="roll_finishers")
    m = positioned(spec, [3, 4, 6, 6], off=GALE, level=3)
    m.turn()
    assert [e.text for e in m.events][:2] == [
        "Mortimer Gale goes for the THORN CLUTCH...",
        "...rolls 4 and locks it in, turning it into a pin!",
    ]


def test_the_kind_is_read_from_the_last_word_of_the_name_found_in_the_table():
    words = move_words()
    kinds = {
        name: words.kind(name).name
        for name in (
            "Hammerlock slam",
            "Choke on the ropes",
            "Knee to the gut",
            "Belly-to-back suplex",
            "Bridging pin",
            "Wolf Skullcrusher",
            "HOLLOWAY LOCK",
        )
    }
    assert kinds == {
        "Hammerlock slam": "slam",
        "Choke on the ropes": "ropechoke",
        "Knee to the gut": "strike",
        "Belly-to-back suplex": "throw",
        "Bridging pin": "rollup",
        "Wolf Skullcrusher": "strike",  # no word of it in the table: the default
        "HOLLOWAY LOCK": "submission",
    }


def test_the_table_is_checked_on_load_and_every_problem_named():
    data = read_yaml_resource("rules.data", "filsinger/moves.yaml")
    bad = {
        **data,
        "kinds": {
            **data["kinds"],
            "hold": {"move": "{Attacker} grabs {victim} in {move}!"},
            "odd": {"move": "{Attacker} {move}", "landed": "gets {it}", "cover": "yes"},
        },
        "words": {**data["words"], "flip": ["flip"], "odd": ["slam"]},
    }
    with pytest.raises(TableError) as error:
        build_move_words(bad)
    paths = [path for path, _ in error.value.problems]
    assert paths == [
        "moves.kinds.hold.move",
        "moves.kinds.odd.landed",
        "moves.kinds.odd.cover",
        "moves.words.flip",
        "moves.words.odd[0]",
    ]
