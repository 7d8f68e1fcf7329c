"""The sample federation's Filsinger cards: each one valid, and every one plays."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rules.core.dice import SeededDice
from rules.filsinger.options import OPTION_NAMES

SAMPLES = sorted((Path(__file__).parents[2] / "rules/data/sample/filsinger").glob("*.yaml"))


@pytest.mark.skipif(not SAMPLES, reason="no sample cards")
def test_every_sample_card_is_valid_and_round_trips(fs):
    for path in SAMPLES:
        card = fs.parse_card(yaml.safe_load(path.read_text()))
        assert fs.parse_card(fs.card_to_data(card)) == card, path.name


@pytest.mark.skipif(len(SAMPLES) < 4, reason="not enough sample cards")
@pytest.mark.parametrize("options", ["", "all"])
def test_sample_cards_play_singles_and_tag(fs, options):
    cards = [fs.parse_card(yaml.safe_load(p.read_text())) for p in SAMPLES]
    for i in range(0, len(cards) - 3, 2):
        singles = fs.make_spec(cards[i : i + 2], options=options)
        assert fs.simulate(singles, dice=SeededDice(i)).method
        tag = fs.make_spec(cards[i : i + 4], "tag", options=options, relationship="partners")
        assert fs.simulate(tag, dice=SeededDice(i)).method


@pytest.mark.skipif(len(SAMPLES) < 4, reason="not enough sample cards")
@pytest.mark.parametrize("option", ["", *OPTION_NAMES])
def test_each_optional_rule_alone_plays_on_the_sample_cards(fs, option):
    cards = [fs.parse_card(yaml.safe_load(p.read_text())) for p in SAMPLES[:4]]
    for spec in (
        fs.make_spec(cards[:2], options=option, feud=True),
        fs.make_spec(cards, "tag", options=option, relationship="group", feud=True),
    ):
        for seed in range(5):
            full = fs.simulate(spec, dice=SeededDice(seed))
            fast = fs.simulate(spec, dice=SeededDice(seed), record=False)
            assert (full.winner, full.method, full.length) == (
                fast.winner,
                fast.method,
                fast.length,
            )
        report = fs.odds(spec, runs=50, seed=1, exact=False)
        assert sum(report.wins) + report.draws == 50
