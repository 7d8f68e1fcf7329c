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
    found = re.search(r'<a href="([^"]*)">Sign in</a>', html)
    assert found is not None
    return found.group(1)


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


def test_lineage_says_how_a_reign_won_in_a_match_was_won_over_whom(client):
    federation = factories.FederationFactory(slug="lineage")
    title = factories.TitleFactory(federation=federation, name="World", slug="world")
    names = ["Orrin Blackwood", "Corrigan Vale", "Mortimer Gale", "Rook Lanigan"]
    people = {
        name: factories.WrestlerFactory(federation=federation, ring_name=name) for name in names
    }

    def won(number, method, winner, loser, **extra):
        show = factories.ShowFactory(
            federation=federation,
            number=number,
            scheduled_at=dt.datetime(2026, 11, number, 2, 0, tzinfo=dt.UTC),
            status="completed",
        )
        match = factories.MatchFactory(
            show=show,
            position=1,
            title=title,
            status="completed",
            winner_side=0,
            method=method,
            **extra,
        )
        factories.MatchParticipantFactory(match=match, side=0, wrestler=people[winner])
        factories.MatchParticipantFactory(match=match, side=1, wrestler=people[loser])
        return match

    reigns = [
        ("Orrin Blackwood", None, "pinned Bastian Holloway with feet on the ropes"),
        ("Corrigan Vale", won(1, "pin", "Corrigan Vale", "Orrin Blackwood"), ""),
        ("Mortimer Gale", won(2, "submission", "Mortimer Gale", "Corrigan Vale"), ""),
        (
            "Rook Lanigan",
            won(3, "disqualification", "Rook Lanigan", "Mortimer Gale", title_changes_on_dq=True),
            "",
        ),
    ]
    for number, (holder, match, how) in enumerate(reigns, start=1):
        factories.TitleReignFactory(
            title=title,
            number=number,
            holder_wrestler=people[holder],
            won_on=dt.date(2026, 1, 1) + dt.timedelta(days=number),
            ended_on=dt.date(2026, 1, 2) + dt.timedelta(days=number) if number < 4 else None,
            end_reason="lost" if number < 4 else "",
            won_at=match,
            won_how=how,
        )
    html = client.get(reverse("title-detail", args=["lineage", "world"])).content.decode()
    how = [
        re.sub(r"<[^>]+>", "", re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)[4])
        for row in re.findall(r"<tr>(.*?)</tr>", html.split("<tbody>")[1].split("</tbody>")[0])
    ]
    assert how == [
        "pinned Bastian Holloway with feet on the ropes",
        "pinned Orrin Blackwood",
        "made Corrigan Vale submit",
        "won by disqualification over Mortimer Gale",
    ]
