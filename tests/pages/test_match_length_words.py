"""A match's length on the results pages, in words a fan reads (issue 39): a Filsinger match
that ends in its first turn is not "after 1 turn", and each system's unit says its ring time
(a Filsinger turn is about 15 seconds, a Superstar round a minute, an ARM round ten seconds of
the clock). Only the words: the engines' lengths are unchanged."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.template import Context, Template

from matches.models import Match
from promotion.templatetags.ringside import match_length


@pytest.mark.parametrize(
    ("system", "length", "words"),
    [
        ("filsinger", 1, "in the first turn"),
        ("filsinger", 2, "in the second turn"),
        ("filsinger", 3, "in the third turn"),
        ("filsinger", 4, "after 4 turns (about a minute)"),
        ("filsinger", 6, "after 6 turns (about 2 minutes)"),
        ("filsinger", 28, "after 28 turns (about 7 minutes)"),
        ("filsinger", 200, "after 200 turns (about 50 minutes)"),
        ("superstar", 1, "in the first round"),
        ("superstar", 3, "in the third round"),
        ("superstar", 4, "after 4 rounds (4 minutes)"),
        ("superstar", 30, "after 30 rounds (30 minutes)"),
        ("arm", 1, "in the first round (0:10)"),
        ("arm", 3, "in the third round (0:30)"),
        ("arm", 4, "after 4 rounds (0:40)"),
        ("arm", 30, "after 30 rounds (5:00)"),
        ("arm", 75, "after 75 rounds (12:30)"),
    ],
)
def test_a_matchs_length_reads_as_a_fan_says_it(system, length, words):
    assert match_length(SimpleNamespace(rule_system=system, length=length)) == words


def test_the_results_line_reads_the_length_after_the_result():
    row = Template("{% load ringside %}won by disqualification {{ match|match_length }}")
    match = SimpleNamespace(rule_system="filsinger", length=1)
    assert row.render(Context({"match": match})) == "won by disqualification in the first turn"


@pytest.mark.django_db
def test_the_show_page_reads_a_first_turn_finish_as_one(client, sample):
    show = sample.shows.get()
    first, second = show.matches.order_by("position")[:2]
    assert (first.rule_system, second.rule_system) == ("filsinger", "filsinger")
    Match.objects.filter(pk=first.pk).update(length=1)
    Match.objects.filter(pk=second.pk).update(length=28)
    page = client.get(show.get_absolute_url()).content.decode()
    assert '<span class="muted">in the first turn</span>' in page
    assert '<span class="muted">after 28 turns (about 7 minutes)</span>' in page
    assert '<span class="muted">after 1 turn</span>' not in page
