"""The card editor's starter card for a wrestler with no card yet: his name as he writes it."""

from __future__ import annotations

import pytest

from promotion.sample import starter_card
from rules import registry
from rules.core.safeyaml import load_text
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("system", ["filsinger", "superstar", "arm"])
def test_a_name_beyond_ascii_reads_as_typed_and_back(system):
    name = "Zoë “Ñandú” Ōkami 🐉"
    wrestler = factories.WrestlerFactory(ring_name=name, slug="zoe")
    text = starter_card(system, wrestler)
    assert "\\x" not in text and "\\u" not in text and "\\U" not in text, text
    assert f"name: {name}" in text or f'name: "{name}"' in text
    card = registry.systems[system].parse_card(load_text(text))
    assert card.name == name
