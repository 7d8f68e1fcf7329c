"""What the show page answers a booker (issue 39): "Simulate now" says what became of the show,
the booking form offers only the match types the show's rule system plays and says why, and a
refused booking comes back to the show's own address, so a reload posts nothing again."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from matches.booking import show_create
from matches.models import Show, ShowStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def booker(client, users, sample):
    client.force_login(users["booker"])
    return client


@pytest.fixture
def show(sample) -> Show:
    return show_create(federation=sample, name="Friday Brawl", seed=11)


def _page(client, url: str) -> str:
    return unescape(client.get(url).content.decode())


def _options(page: str, name: str) -> list[str]:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S)
    assert select, name
    return re.findall(r'<option value="([^"]*)"', select.group(1))


@pytest.mark.django_db(transaction=True)  # (commits as the site does: the show runs in it)
def test_simulate_now_says_the_show_was_wrestled_when_it_ran_at_once(
    booker, sample, show, in_process
):
    booker.post(reverse("show-autobook", args=[sample.slug, show.number]))
    response = booker.post(reverse("show-run", args=[sample.slug, show.number]))
    page = unescape(booker.get(response["Location"]).content.decode())
    show.refresh_from_db()
    assert show.status == ShowStatus.COMPLETED
    assert "Friday Brawl has been wrestled: the results are below." in page
    assert "under way" not in page
    assert "Simulate now" not in page


def test_the_form_offers_only_the_match_types_of_the_federations_system(booker, sample, show):
    assert sample.rule_system == "filsinger"
    page = _page(booker, show.get_absolute_url())
    assert _options(page, "match_type") == ["singles", "tag"]
    assert (
        "Filsinger card game plays singles and tag team matches only: the others (three-man "
        "tag, battle royal, steel cage, Texas death, grudge) need another rule system." in page
    )


def test_switching_the_rule_system_offers_its_match_types(booker, sample, show):
    url = show.get_absolute_url()
    arm = _page(booker, f"{url}?rule_system=arm&match_type=tag")
    assert _options(arm, "match_type") == ["singles", "tag", "steel_cage"]
    assert re.search(r'<option value="tag" selected>', arm)
    assert "ARM (RingMaster) plays singles, tag team and steel cage matches only" in arm
    superstar = _page(booker, f"{url}?rule_system=superstar")
    assert _options(superstar, "match_type") == [
        "singles",
        "tag",
        "three_man_tag",
        "battle_royal",
        "steel_cage",
        "texas_death",
        "grudge",
    ]
    assert "plays singles" not in superstar


def test_a_match_type_the_system_does_not_play_is_refused_in_the_services_words(
    booker, sample, show
):
    a, b = sample.wrestlers.filter(status="active").order_by("slug")[:2]
    response = booker.post(
        reverse("match-add", args=[sample.slug, show.number]),
        {
            "match_type": "steel_cage",
            "side_a": [a.pk],
            "side_b": [b.pk],
            "rule_system": "filsinger",
        },
        follow=True,
    )
    page = unescape(response.content.decode())
    assert "Filsinger card game has no steel cage match; it offers singles, tag team." in page
    assert not show.matches.exists()


def test_a_refused_booking_comes_back_to_the_shows_address_with_what_was_typed(
    booker, sample, show
):
    a, b, c = sample.wrestlers.filter(status="active").order_by("slug")[:3]
    response = booker.post(
        reverse("match-add", args=[sample.slug, show.number]),
        {
            "match_type": "singles",
            "side_a": [a.pk, b.pk],
            "side_b": [c.pk],
            "rule_system": "filsinger",
            "note": "A handicap grudge",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == f"/f/{sample.slug}/shows/{show.number}/#book"
    page = unescape(booker.get(response["Location"]).content.decode())
    assert "The match was refused" in page
    assert "A singles match is one against one; this has two against one." in page
    assert 'value="A handicap grudge"' in page
    picked = re.search(r'<select name="side_a".*?</select>', page, re.S)
    assert picked and picked.group(0).count(" selected>") == 2
    # A reload of that address asks for the page again: nothing is posted, nothing said twice.
    again = _page(booker, show.get_absolute_url())
    assert "The match was refused" not in again
    assert not show.matches.exists()
