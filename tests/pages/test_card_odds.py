"""The card editor's odds say which rules and whose standing they play, and the live check takes
away odds worked out for another text of the card than the one it checks (the browser's side of
it: tests/e2e/test_card_odds.py)."""

from __future__ import annotations

from html import unescape

import pytest
import yaml
from django.urls import reverse

pytestmark = pytest.mark.django_db

CHANGED = "The card has changed since these odds were worked out: work them out again."
STANDING = (
    "Standing: the roster's, both wrestlers as the roster has them now (Prestige, Fame, Heat, "
    "Edge and alignment), not as their cards say."
)


@pytest.fixture
def booker(client, users, sample):
    client.force_login(users["booker"])
    return client


def _odds(booker, sample, system: str, text: str | None = None) -> str:
    wrestler = sample.wrestlers.get(slug="bastian-holloway")
    opponent = sample.wrestlers.get(slug="corrigan-vale")
    text = text or yaml.safe_dump(wrestler.cards.get(system=system).data)
    url = reverse("card-odds", args=[sample.slug, wrestler.slug, system])
    return unescape(booker.post(url, {"text": text, "opponent": opponent.pk}).content.decode())


def test_the_federations_optional_rules_by_name_and_the_rosters_standing(booker, sample):
    page = _odds(booker, sample, "filsinger")
    assert (
        "Rules: the basic game with the federation's optional rules: add1, agility_power, "
        "chart_choices, choice_situations, distractions, dq_moves, fatigue, feud_table, "
        "finisher_ratings, leave_ring, ringside_ally, roll_finishers, tag_moves, "
        "tag_on_defense." in page
    )
    assert STANDING in page


def test_the_basic_game_where_the_federation_plays_none(booker, sample):
    sample.rule_options = []
    sample.save(update_fields=["rule_options"])
    page = _odds(booker, sample, "filsinger")
    assert "Rules: the basic game (the federation plays no optional rules)." in page
    assert STANDING in page


def test_another_system_plays_its_basic_game_and_says_so(booker, sample):
    page = _odds(booker, sample, "arm")
    assert "Rules: the basic game (the federation's optional rules are for its own system)." in page
    assert STANDING in page


def test_the_check_takes_away_odds_of_another_text_only(booker, sample):
    wrestler = sample.wrestlers.get(slug="bastian-holloway")
    text = yaml.safe_dump(wrestler.cards.get(system="filsinger").data)
    odds = _odds(booker, sample, "filsinger", text)
    digest = odds.split('name="odds_for" id="odds-for" value="')[1].split('"')[0]
    url = reverse("card-check", args=[sample.slug, wrestler.slug, "filsinger"])

    def check(posted: str, **more: str) -> str:
        return unescape(booker.post(url, {"text": posted, **more}).content.decode())

    changed = check(text.replace("ropes: ", "ropes: Z", 1), odds_for=digest)
    assert "1 problem" in changed
    assert '<div id="odds" hx-swap-oob="innerHTML">' in changed and CHANGED in changed
    valid_change = check(text + "\n", odds_for=digest)
    assert "The card is valid" in valid_change and CHANGED in valid_change
    assert CHANGED not in check(text, odds_for=digest)  # the odds are this text's
    assert CHANGED not in check(text + "\n")  # no odds on the page
