"""The starter card writes a name's letters as typed and escapes what does not print: a line
separator or a zero-width mark written raw would break the card or hide in it."""

from __future__ import annotations

import pytest
import yaml

from promotion.sample import _scalar, starter_card
from rules import registry
from rules.core.safeyaml import load_text
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("Zoë", "Zoë"),
        ("Zoë, Jr.", '"Zoë, Jr."'),
        ("Zo\u200be", '"Zo\\u200Be"'),  # a zero-width space
        ("Zo\u2028e", '"Zo\\u2028e"'),  # a line separator: YAML reads it as a line break
        ("Zo\x85e", '"Zo\\x85e"'),  # the next-line control, likewise
        ("Zo\u202ee", '"Zo\\u202Ee"'),  # a right-to-left override
        ("Zo\x07e", '"Zo\\x07e"'),
        ('Zoë "the Dragon", Jr.', '"Zoë \\"the Dragon\\", Jr."'),
    ],
)
def test_a_value_is_written_with_its_letters_and_its_unprintable_characters_escaped(value, written):
    assert _scalar(value) == written
    # (Read back by YAML itself: a card refuses controls and direction marks in any form.)
    assert yaml.safe_load(f"name: {written}")["name"] == value


@pytest.mark.parametrize("system", ["filsinger", "superstar", "arm"])
@pytest.mark.parametrize("name", ["Zoë\u2028Ōkami", "Zoë\u200bŌkami, Jr."])
def test_a_starter_card_for_a_name_with_a_separator_is_a_card_and_reads_it_back(system, name):
    # (The desk refuses both now, but a name stored before it did, or written to the database
    # some other way, still gets its card.)
    wrestler = factories.WrestlerFactory(ring_name=name, slug="zoe")
    text = starter_card(system, wrestler)
    assert all(char.isprintable() for char in text.replace("\n", "")), ascii(text)
    assert "Zoë" in text and "Ōkami" in text
    assert load_text(text)["name"] == name
    registry.systems[system].parse_card(load_text(text))
