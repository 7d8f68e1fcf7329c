"""Every open injury is marked wherever a wrestler is listed, telling one that keeps him off
cards from one he wrestles through: the roster, his page, the federation's page, a show's card,
the booking form's pickers and the auto-booker's notes, all from one read
(``selectors.open_injuries``)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from matches.autobook import show_autobook
from matches.booking import match_book, show_create
from matches.forms import MatchForm
from promotion.selectors import federation_today, open_injuries
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def hurt_roster(federation):
    """Mortimer Gale wrestles through sore ribs; Dax Ruin is kept off cards by a knee; Fit Finn
    is fit (his knee healed)."""
    today = federation_today(federation)
    make = factories.BookableWrestlerFactory
    gale = make(
        federation=federation, ring_name="Mortimer Gale", slug="mortimer-gale", prestige=500
    )
    ruin = make(
        federation=federation, ring_name="Dax Ruin", slug="dax-ruin", prestige=400, status="injured"
    )
    finn = make(federation=federation, ring_name="Fit Finn", slug="fit-finn", prestige=450)
    factories.InjuryFactory(
        wrestler=gale,
        occurred_on=today - dt.timedelta(days=3),
        expected_return=None,
        body_part="ribs",
        description="",
        keeps_off_cards=False,
    )
    factories.InjuryFactory(
        wrestler=ruin,
        occurred_on=today - dt.timedelta(days=3),
        expected_return=dt.date(2099, 1, 1),
        body_part="knee",
        description="",
    )
    factories.InjuryFactory(
        wrestler=finn,
        occurred_on=today - dt.timedelta(days=30),
        healed_on=today - dt.timedelta(days=2),
        expected_return=None,
    )
    return gale, ruin, finn


def test_open_injuries_reads_every_wrestlers_in_one_query(federation, hurt_roster):
    gale, ruin, finn = hurt_roster
    today = federation_today(federation)
    with CaptureQueriesContext(connection) as queries:
        hurt = open_injuries(wrestlers=[gale, ruin, finn], on=today)
    assert len(queries.captured_queries) == 1
    assert set(hurt) == {gale.pk, ruin.pk}
    assert (hurt[gale.pk].words, hurt[gale.pk].what) == ("wrestling hurt", "Ribs")
    assert (hurt[ruin.pk].words, hurt[ruin.pk].what) == (
        "injured, off cards",
        "Knee (expected back Jan 1, 2099)",
    )
    assert (hurt[gale.pk].short, hurt[ruin.pk].short) == ("wrestling hurt", "off cards")
    # A queryset is read the same way, by a subquery.
    everyone = federation.wrestlers.all()
    assert set(open_injuries(wrestlers=everyone, on=today)) == {gale.pk, ruin.pk}


def test_the_roster_marks_the_hurt_beside_their_status(client, federation, hurt_roster):
    page = client.get(reverse("roster", args=[federation.slug])).content.decode()
    assert 'title="Ribs">(wrestling hurt)</small>' in page
    assert 'title="Knee (expected back Jan 1, 2099)">(off cards)</small>' in page
    row = page[page.index("Fit Finn") :]
    assert "hurt" not in row[: row.index("</tr>")]


def test_the_wrestlers_page_marks_him_hurt(client, federation, hurt_roster):
    page = client.get(reverse("wrestler-detail", args=[federation.slug, "mortimer-gale"]))
    assert "Active <small" in page.content.decode()
    assert "(wrestling hurt)</small>" in page.content.decode()


def test_the_next_card_and_the_contenders_on_the_front_page_are_marked(
    client, federation, hurt_roster
):
    gale, _ruin, finn = hurt_roster
    show = show_create(federation=federation)
    match_book(show=show, sides=[[gale], [finn]], match_type="singles")
    page = client.get(reverse("federation-detail", args=[federation.slug])).content.decode()
    card = page[page.index("Next show") : page.index("Last show")]
    assert "Mortimer Gale</a> <small" in card and "(wrestling hurt)" in card
    contenders = page[page.index("Top contenders") : page.index("Injury report")]
    assert "(wrestling hurt)" in contenders  # Dax Ruin, kept off cards, is no contender


def test_a_shows_card_marks_who_wrestles_hurt(client, federation, hurt_roster):
    gale, _ruin, finn = hurt_roster
    show = show_create(federation=federation)
    match_book(show=show, sides=[[gale], [finn]], match_type="singles")
    page = client.get(show.get_absolute_url()).content.decode()
    sides = page[page.index('<p class="sides">') :]
    sides = sides[: sides.index("</p>")]
    assert "Mortimer Gale</a> <small" in sides and "(wrestling hurt)" in sides
    assert "Fit Finn</a>" in sides and sides.count("hurt ") == 1


def test_the_booking_forms_pickers_tell_off_cards_from_wrestling_hurt(federation, hurt_roster):
    show = show_create(federation=federation)
    form = MatchForm(show=show)
    labels = [label for _, label in form.fields["side_a"].choices]
    assert labels == [
        "Dax Ruin (injured, off cards)",
        "Fit Finn",
        "Mortimer Gale (wrestling hurt)",
    ]


@pytest.mark.usefixtures("hurt_roster")
def test_the_auto_booker_says_when_it_books_a_man_who_wrestles_hurt(federation):
    [match] = show_autobook(show=show_create(federation=federation))
    assert match.booking_note == (
        "Main event: Mortimer Gale vs Fit Finn, the nearest in Prestige still free (500 and 450); "
        "Mortimer Gale and Fit Finn have yet to wrestle here; "
        "Mortimer Gale is hurt (Ribs) but may wrestle through it: the injury does not keep him "
        "off cards; the only match on the card"
    )


def test_the_api_says_who_is_hurt_and_how(federation, hurt_roster):
    client = APIClient()
    client.force_authenticate(federation.owner)
    base = f"/api/v1/federations/{federation.slug}/wrestlers/"
    rows = client.get(base).json()
    rows = rows.get("results", rows)
    assert {row["slug"]: row["hurt"] for row in rows} == {
        "dax-ruin": "off_cards",
        "fit-finn": None,
        "mortimer-gale": "wrestling_hurt",
    }
    one = client.get(base + "mortimer-gale/").json()
    assert (one["status"], one["hurt"]) == ("active", "wrestling_hurt")
    changed = client.patch(base + "mortimer-gale/", {"style": "Brawler"}, format="json").json()
    assert changed["hurt"] == "wrestling_hurt"
