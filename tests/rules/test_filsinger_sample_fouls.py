"""The sample federation's Filsinger cards foul as the printed cards do (docs/rules/filsinger.md,
"How matches end"), and the rates that page quotes are what the cards play.

The rulebook's only disqualification figures are 6s: "If the result of the combined roll is a
number 6 or lower, then Wolf is disqualified" (section 7's example) and the ally's attack,
"OPPONENT ROLLS DISQUALIFICATION 6" (rule 9). Of the five offensive entries it prints, none is
followed by (dq); Wolf's "bite to forehead - 2" is an ordinary move.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from rules.core.safeyaml import load_file
from rules.filsinger import system as filsinger

ROOT = Path(__file__).parents[2]
CARDS = ROOT / "rules/data/sample/filsinger"
DOC = ROOT / "docs/rules/filsinger.md"
#: The highest disqualification rating the rulebook prints.
PRINTED_HIGHEST = 6


def alignments() -> dict[str, str]:
    roster = load_file(ROOT / "promotion/data/sample/federation.yaml")
    return {w["slug"]: w["alignment"] for w in roster["wrestlers"]}


def sample_cards():
    return {
        path.stem: filsinger.parse_card(load_file(path)) for path in sorted(CARDS.glob("*.yaml"))
    }


def fouls(card) -> list[tuple[int, int]]:
    """(level, die) of each offensive entry marked (dq)."""
    return [
        (level, die)
        for level, row in enumerate(card.offense, 1)
        for die, entry in enumerate(row, 1)
        if entry.dq is not False
    ]


def test_no_sample_card_rates_above_the_rulebooks_6_and_the_characters_stay_apart():
    cards, sides = sample_cards(), alignments()
    assert set(cards) == set(sides)
    ratings = {slug: card.ratings.disqualification for slug, card in cards.items()}
    assert max(ratings.values()) == PRINTED_HIGHEST
    by_alignment = {
        kind: {ratings[s] for s in cards if sides[s] == kind}
        for kind in ("heel", "tweener", "face")
    }
    assert by_alignment == {"heel": {6}, "tweener": {5}, "face": {3, 4}}


def test_a_rule_breaker_has_one_foul_and_none_opens_a_match():
    cards, sides = sample_cards(), alignments()
    for slug, card in cards.items():
        marked = fouls(card)
        assert len(marked) == (0 if sides[slug] == "face" else 1), slug
        assert all(level == 2 for level, _ in marked), f"{slug}: {marked}"
    assert sum(len(fouls(card)) for card in cards.values()) == 10


#: docs/rules/filsinger.md's measured table: (rules, pin, disqualification, within 3 turns).
DOCUMENTED = [("", "93.1%", "5.2%", "32.5%"), ("all", "78.5%", "17.7%", "20.5%")]


@pytest.mark.parametrize(("rules", "pin", "dq", "short"), DOCUMENTED)
def test_the_documented_rates_are_what_the_sample_cards_play(rules, pin, dq, short):
    # The command the page gives, as a promoter runs it.
    script = ROOT / "scripts/finish_rates.py"
    args = [sys.executable, str(script), str(CARDS), "--rules", rules, "--seeds", "20"]
    out = subprocess.run(args, capture_output=True, text=True, check=True, timeout=300).stdout
    lines = {
        m.group(1): m.group(2) for m in re.finditer(r"^  (\S.*?)\s+\d+\s+(\d+\.\d%)$", out, re.M)
    }
    assert (lines["pin"], lines["disqualification"], lines["within 3 turns"]) == (pin, dq, short)
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    assert "--rules all --seeds 20" in text
    assert pin in text and dq in text and short in text
