"""Every stipulation a match can be booked with is a rule of ``odds`` and ``simulate_match`` (and
of the API's odds), for every system: what a show can hold, the commands can play.

The exact figures are worked by hand from the rulebook (below), not by the solver under test.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.core.management import CommandError, call_command

from matches.booking import BookingError, match_book, show_create
from matches.models import ROSTER_STIPULATIONS
from matches.selectors import pairing
from rules import registry
from tests import factories

SAMPLE = Path(__file__).parents[2] / "rules/data/sample"
#: Two cards of each system's sample federation.
PAIRS = {
    system: [str(SAMPLE / system / f"{slug}.yaml") for slug in ("felix-ardent", "hollis-crane")]
    for system in ("filsinger", "superstar", "arm")
}


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def booked_stipulations(federation, system: str) -> set[str]:
    """The stipulations the booking service takes for a match of ``system``, as its refusal of
    an unheard-of one lists them ("known: ..."), less the roster's own (``blowoff``: a feud's
    last match, which the roster reads after the bell and the ring never sees)."""
    show = show_create(federation=federation, seed=42)
    sides: list[list[Any]] = []
    for _ in range(2):
        wrestler = factories.BookableWrestlerFactory(federation=federation)
        if system != "filsinger":
            factories.WrestlerCardFactory(wrestler=wrestler, system=system)
        sides.append([wrestler])
    with pytest.raises(BookingError) as caught:
        match_book(
            show=show, sides=sides, rule_system=system, stipulations={"not_a_stipulation": True}
        )
    found = [m for r in caught.value.reasons if (m := re.search(r"\(known: ([^)]*)\)", str(r)))]
    assert len(found) == 1, caught.value.reasons
    return set(found[0].group(1).split(", ")) - ROSTER_STIPULATIONS


def accepted(system: str, name: str) -> bool:
    """Whether both commands take ``name`` in ``--rules`` and play the match with it: the
    header names it and the match's spec carries it (as a stipulation, or as the system's own
    option of that name: ARM's ``no_dq``)."""
    cards = PAIRS[system]
    try:
        told = json.loads(run("odds", *cards, "--rules", name, "--runs", "1", "--json"))
        played = run("simulate_match", *cards, "--rules", name, "--seed", "1")
    except CommandError:
        return False
    assert name in told["rules"]
    assert f"rules: {name})" in played.splitlines()[0]
    return True


@pytest.mark.django_db
@pytest.mark.parametrize("system", sorted(PAIRS))
def test_the_commands_take_exactly_the_stipulations_a_match_can_be_booked_with(federation, system):
    assert set(registry.systems) == set(PAIRS)  # a new system needs its pair here
    booked = booked_stipulations(federation, system)
    assert "no_dq" in booked
    for name in booked:
        assert accepted(system, name), f"{system}: --rules {name} refused"
    # Nothing more: a name neither a stipulation nor an option is refused.
    assert not accepted(system, "not_a_stipulation")


def test_a_stipulation_goes_to_the_match_and_all_turns_none_on():
    out = run("simulate_match", *PAIRS["filsinger"], "--rules", "all,No-DQ", "--seed", "3")
    header = out.splitlines()[0]
    assert header.endswith("distractions, no_dq)")
    # dq_moves cannot come into play in a match without disqualifications.
    assert "disqualif" not in out.split("\n\n", 2)[1].lower()
    plain = json.loads(
        run("odds", *PAIRS["superstar"], "--rules", "all", "--runs", "1", "--seed", "1", "--json")
    )
    assert plain["rules"] == ["referee", "tag_level=2"]


# -- exact odds worked by hand --------------------------------------------------------------------
#
# Two Filsinger cards made so that a match is a chain small enough to solve on paper. Every
# offensive entry at every level is a level-1 move (the raker's a foul, "(dq)"); every defense
# reads PIN on 1-3 and the defender's own name (a counter, "EXECUTIONER - 2") on 4-6. The rulebook:
# a PIN is "pinned" at or under the PIN rating on two dice, "the match goes on with the opponent
# rolling on LEVEL 3 OFFENSE" otherwise; a counter "switches from defense to offense". The raker's
# PIN rating is 6 (pinned on 15 of 36 rolls), the jabber's 4 (6 of 36); the opening roll is even.
#
# x = P(raker wins | he attacks), y = P(raker wins | the jabber attacks):
#   y = 1/2 x + 1/2 (21/36) y                      ->  y = 12/17 x
#   x = 1/2 y + 1/2 (6/36 + 30/36 x)               ->  x = 17/47, y = 12/47
#   P(raker) = (x + y) / 2 = 29/94.
# With rule 13 (dq_moves) his foul is rolled first: DISQUALIFICATION 6, out on 15 of 36:
#   x = 21/36 (1/2 y + 1/2 (6/36 + 30/36 x))       ->  x = 119/1349, y = 84/1349
#   P(raker) = 203/2698.
NO_DQ = Fraction(29, 94)
WITH_DQ = Fraction(203, 2698)
DEFENSE = [{"result": "pin"}] * 3 + [{"result": "counter", "level": 1}] * 3


def chain_card(name: str, move: dict, pin: int) -> dict:
    return {
        "system": "filsinger",
        "name": name,
        "offense": {level: [move] * 6 for level in (1, 2, 3)},
        "defense": dict.fromkeys((1, 2, 3), DEFENSE),
        "ratings": {
            "pin": pin,
            "pin_fatigue": pin,
            "ropes": "B",
            "turnbuckle": "B",
            "ring": "B",
            "deathjump": "B",
            "disqualification": 6,
            "agility": 0,
            "power": 0,
        },
    }


@pytest.fixture
def chain_cards(tmp_path):
    paths = []
    for name, move, pin in (
        ("Raker", {"move": "Eye rake", "level": 1, "dq": True}, 6),
        ("Jabber", {"move": "Jab", "level": 1}, 4),
    ):
        path = tmp_path / f"{name.lower()}.yaml"
        path.write_text(json.dumps(chain_card(name, move, pin)))  # (YAML reads JSON)
        paths.append(str(path))
    return paths


def exact(cards, rules: str) -> dict:
    told = run("odds", *cards, "--rules", rules, "--runs", "1", "--seed", "1", "--json")
    return json.loads(told)


@pytest.mark.parametrize("rules", ["no_dq", "dq_moves,no_dq", ""])
def test_odds_with_no_dq_give_the_figure_worked_by_hand(chain_cards, rules):
    out = exact(chain_cards, rules)
    assert out["exact"][0] == pytest.approx(float(NO_DQ), abs=1e-7)
    assert out["exact"][1] == pytest.approx(float(1 - NO_DQ), abs=1e-7)
    assert set(out["exact_methods"]) <= {"pin", "draw_time_limit"}


def test_the_same_match_with_disqualifications_gives_its_own_figure(chain_cards):
    out = exact(chain_cards, "dq_moves")
    assert out["exact"][0] == pytest.approx(float(WITH_DQ), abs=1e-7)
    # The jabber wins by disqualification whenever the raker's foul is called.
    assert out["exact_methods"]["disqualification"] > 0.5


@pytest.mark.django_db
def test_the_api_pairing_takes_a_stipulation_among_its_rules(federation):
    a, b = (factories.BookableWrestlerFactory(federation=federation) for _ in range(2))
    for w, path in zip((a, b), PAIRS["superstar"], strict=True):
        data = {**yaml.safe_load(Path(path).read_text()), "name": w.ring_name}
        factories.WrestlerCardFactory(wrestler=w, system="superstar", data=data)
    played = pairing(
        federation=federation,
        sides=[[a.slug], [b.slug]],
        system="superstar",
        rule_options=["referee", "no_dq"],
    )
    assert dict(played.spec.stipulations) == {"no_dq": True}
    assert played.options == ["referee", "no_dq"]
    assert "no_dq" not in played.spec.options
