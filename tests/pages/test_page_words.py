"""Small things a reader notices in the pages' words: punctuation against the marks that set a
word in bold, a result that says over whom, the sign-in link's way back, a lineage's "How"."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse

from tests import factories

pytestmark = pytest.mark.django_db


def text_of(html: str) -> str:
    """The page's words as a reader that sets every element apart gets them (a screen reader's
    or a text browser's, a copy and paste): each tag a space, spaces run together."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_injury_list_puts_no_space_before_the_comma(client):
    federation = factories.FederationFactory(slug="words")
    through = factories.WrestlerFactory(federation=federation, ring_name="Corrigan Vale")
    factories.InjuryFactory(
        wrestler=through,
        occurred_on=dt.date(2026, 11, 6),
        expected_return=dt.date(2026, 11, 13),
        keeps_off_cards=False,
    )
    out = factories.WrestlerFactory(federation=federation, ring_name="Rook Lanigan")
    factories.InjuryFactory(
        wrestler=out, occurred_on=dt.date(2026, 11, 6), expected_return=dt.date(2026, 11, 20)
    )
    open_ended = factories.WrestlerFactory(federation=federation, ring_name="Ines Marrow")
    factories.InjuryFactory(
        wrestler=open_ended, occurred_on=dt.date(2026, 11, 6), expected_return=None
    )
    text = text_of(client.get(reverse("injury-list", args=["words"])).content.decode())
    assert "Wrestling through it, expected back Nov 13, 2026" in text
    assert "Out, expected back Nov 20, 2026" in text
    assert " ," not in text
    assert "Nov 6, 2026 Out Rook Lanigan" in text  # no return expected: no comma


def test_last_show_on_the_front_page_says_whom_the_winner_beat(client):
    federation = factories.FederationFactory(slug="results")
    show = factories.ShowFactory(
        federation=federation,
        number=1,
        scheduled_at=dt.datetime(2026, 11, 7, 2, 0, tzinfo=dt.UTC),
        status="completed",
    )
    names = ["Skylar Finch", "Wendell Ashby", "Ines Marrow", "Rook Lanigan", "Nadia Sorrel"]
    people = {
        name: factories.WrestlerFactory(federation=federation, ring_name=name) for name in names
    }

    def match(position, method, *sides):
        made = factories.MatchFactory(
            show=show, position=position, status="completed", winner_side=0, method=method
        )
        for side, name in enumerate(sides):
            factories.MatchParticipantFactory(match=made, side=side, wrestler=people[name])

    match(1, "disqualification", "Skylar Finch", "Wendell Ashby")
    match(2, "pin", "Ines Marrow", "Rook Lanigan", "Nadia Sorrel")
    text = text_of(client.get(reverse("federation-detail", args=["results"])).content.decode())
    assert "Skylar Finch won by disqualification over Wendell Ashby" in text
    assert "Ines Marrow won by pinfall over Rook Lanigan and Nadia Sorrel" in text


def sign_in_link(client, address: str) -> str:
    html = client.get(address).content.decode()
    return re.search(r'<a href="([^"]*)">Sign in</a>', html).group(1)


def test_sign_in_link_leads_back_to_the_page_it_was_followed_from(client):
    federation = factories.FederationFactory(slug="back")
    assert sign_in_link(client, "/") == "/accounts/login/"
    assert sign_in_link(client, f"/f/{federation.slug}/roster/?page=2") == (
        "/accounts/login/?next=/f/back/roster/%3Fpage%3D2"
    )


def test_sign_in_link_on_the_sign_in_page_does_not_nest_next(client):
    factories.FederationFactory(slug="back")
    first = sign_in_link(client, "/f/back/")
    assert first == "/accounts/login/?next=/f/back/"
    # Followed again, and again: the way back stays the first page's.
    second = sign_in_link(client, first)
    assert second == first
    assert sign_in_link(client, second) == first
    assert sign_in_link(client, "/accounts/login/") == "/accounts/login/"
    assert sign_in_link(client, "/accounts/signup/") == "/accounts/login/"
    assert sign_in_link(client, "/accounts/password_reset/") == "/accounts/login/"
    # A way back to another site or to an account page is not passed on.
    assert sign_in_link(client, "/accounts/login/?next=https://evil.example/") == (
        "/accounts/login/"
    )
    nested = "/accounts/login/?next=/accounts/login/%3Fnext%3D/f/back/"
    assert sign_in_link(client, nested) == "/accounts/login/"
