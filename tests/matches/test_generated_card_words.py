"""The wrestler page's "Generate a card" says what it made in English: "an all-rounder", "a
brawler"."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import factories

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("style", "words"), [("all-rounder", "an all-rounder jobber"), ("brawler", "a brawler jobber")]
)
def test_the_generated_card_is_named_with_its_article(federation, client, style, words):
    wrestler = factories.WrestlerFactory(federation=federation, ring_name="Kit Vale")
    client.force_login(federation.owner)
    answer = client.post(
        reverse("card-generate", args=[federation.slug, wrestler.slug]),
        {"system": "arm", "style": style, "tier": "jobber", "seed": "3"},
        follow=True,
    )
    assert f"has a generated ARM (RingMaster) card: {words} (seed 3" in answer.content.decode()
