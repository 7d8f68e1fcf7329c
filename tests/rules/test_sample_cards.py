"""The sample federation's Filsinger cards: each one valid, and every one plays."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rules.core.dice import SeededDice

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
