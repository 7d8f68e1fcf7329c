"""The title desk on the pages: a booker introduces a title, crowns a champion of a vacant one,
vacates and retires; refusals are told on the title's page; readers see no desk and cannot post
to it."""

from __future__ import annotations

import datetime as dt
from html import unescape

import pytest
from django.urls import reverse
from django.utils import timezone

from promotion import services
from promotion.models import ReignEnd
from tests import factories
from tests.pages.conftest import told

pytestmark = pytest.mark.django_db


@pytest.fixture
def federation(staffed):
    return staffed


@pytest.fixture
def held(federation):
    """The federation's world title, held since 2024 by Ada Vance."""
    title = factories.TitleFactory(federation=federation, name="World Title", slug="world")
    champion = factories.WrestlerFactory(federation=federation, ring_name="Ada Vance")
    factories.TitleReignFactory(
        title=title, holder_wrestler=champion, number=1, won_on=dt.date(2024, 6, 1)
    )
    return title


def test_a_booker_introduces_a_title_that_stands_vacant(booker, federation):
    listing = booker.get(reverse("title-list", args=[federation.slug])).content.decode()
    assert reverse("title-create", args=[federation.slug]) in listing
    response = booker.post(
        reverse("title-create", args=[federation.slug]),
        {
            "name": "Television Title",
            "division": "singles",
            "rank": 3,
            "rule_system": "",
            "introduced_on": "2026-01-02",
        },
    )
    title = federation.titles.get()
    assert (title.slug, title.rank, title.introduced_on) == (
        "television-title",
        3,
        dt.date(2026, 1, 2),
    )
    assert response["Location"] == reverse(
        "title-detail", args=[federation.slug, "television-title"]
    )
    assert told(booker, response) == ["The Television Title is introduced, vacant until it is won."]


def test_the_titles_page_lists_a_vacant_title_beside_a_held_one(booker, federation, held):
    services.title_create(
        federation=federation, name="Television Title", introduced_on=dt.date(2026, 1, 2)
    )
    response = booker.get(reverse("title-list", args=[federation.slug]))
    assert response.status_code == 200
    body = response.content.decode()
    rows = {name: body[body.index(name) :].split("</tr>")[0] for name in ("Television", "World")}
    assert "Vacant" in rows["Television"]
    assert "Ada Vance" in rows["World"] and "Vacant" not in rows["World"]


def test_a_title_whose_address_is_taken_is_refused_on_the_form(booker, federation, held):
    response = booker.post(
        reverse("title-create", args=[federation.slug]),
        {
            "name": "World",
            "slug": "world",
            "division": "singles",
            "rank": 1,
            "introduced_on": "2026-01-02",
        },
    )
    assert response.status_code == 400
    assert services.TITLE_SLUG_TAKEN.format(federation=federation, slug="world") in (
        response.context["form"].non_field_errors()
    )
    assert federation.titles.count() == 1


def test_a_title_name_in_use_is_refused_beside_the_name(booker, federation, held):
    response = booker.post(
        reverse("title-create", args=[federation.slug]),
        {"name": "world  TITLE", "division": "singles", "rank": 1, "introduced_on": "2026-01-02"},
    )
    assert response.status_code == 400
    form = response.context["form"]
    assert form.errors["name"] == [
        services.TITLE_NAME_TAKEN.format(federation=federation, name="World Title")
    ]
    assert not form.non_field_errors()


def test_the_desk_vacates_a_held_title_and_then_offers_its_award(booker, federation, held):
    url = reverse("title-detail", args=[federation.slug, "world"])
    page = booker.get(url)
    assert page.context["desk"]["vacate"] is not None and page.context["desk"]["held"]
    assert "Record the title change" in page.content.decode()
    response = booker.post(
        reverse("title-vacate", args=[federation.slug, "world"]),
        {"vacate-on": "2025-03-07", "vacate-reason": ReignEnd.STRIPPED},
    )
    assert response["Location"] == url
    assert told(booker, response) == [
        "The World Title is vacant: Ada Vance's reign ended March 7, 2025."
    ]
    assert held.reigns.get().end_reason == ReignEnd.STRIPPED

    page = booker.get(url)
    assert page.context["desk"]["vacate"] is None
    choices = dict(page.context["desk"]["award"].fields["holder"].choices)
    assert choices["wrestler:" + held.reigns.get().holder_wrestler.slug] == "Ada Vance"
    newcomer = factories.WrestlerFactory(federation=federation, ring_name="Bo Lane")
    response = booker.post(
        reverse("title-award", args=[federation.slug, "world"]),
        {
            "award-holder": f"wrestler:{newcomer.slug}",
            "award-on": "2025-03-14",
            "award-how": "won the Iron Cup",
        },
    )
    assert told(booker, response) == [
        "Bo Lane wins the World Title: No. 2 in its lineage, Bo Lane's 1st reign."
    ]
    reign = held.reigns.get(number=2)
    assert (reign.holder_wrestler, reign.won_on, reign.won_how) == (
        newcomer,
        dt.date(2025, 3, 14),
        "won the Iron Cup",
    )


def test_a_refusal_is_told_on_the_titles_page_and_changes_nothing(booker, federation, held):
    tomorrow = timezone.localdate() + dt.timedelta(days=1)
    response = booker.post(
        reverse("title-vacate", args=[federation.slug, "world"]),
        {"vacate-on": tomorrow.isoformat(), "vacate-reason": ReignEnd.VACATED},
    )
    assert told(booker, response) == [services.TITLE_NOT_YET.format(on=tomorrow)]
    assert held.current_reign is not None


def test_a_refused_change_keeps_what_was_typed(booker, federation, held):
    tomorrow = timezone.localdate() + dt.timedelta(days=1)
    response = booker.post(
        reverse("title-vacate", args=[federation.slug, "world"]),
        {"vacate-on": tomorrow.isoformat(), "vacate-reason": ReignEnd.STRIPPED},
    )
    assert response.status_code == 400
    form = response.context["desk"]["vacate"]
    assert (form["on"].value(), form["reason"].value()) == (tomorrow.isoformat(), "stripped")
    page = response.content.decode()
    assert f'value="{tomorrow.isoformat()}"' in page
    response = booker.post(
        reverse("title-award", args=[federation.slug, "world"]),
        {
            "award-holder": held.current_reign.holder_wrestler.pk,
            "award-on": "2025-12-26",
            "award-how": "won a house-show rematch",
        },
    )
    assert response.status_code == 400  # he holds it already
    assert response.context["desk"]["award"]["how"].value() == "won a house-show rematch"
    assert "won a house-show rematch" in response.content.decode()


def test_retiring_a_title_needs_the_box_ticked(booker, federation, held):
    url = reverse("title-retire", args=[federation.slug, "world"])
    response = booker.post(url, {"retire-on": "2025-12-26"})
    assert told(booker, response) == [
        "For good: no match may be booked for it again: This field is required."
    ]
    held.refresh_from_db()
    assert held.is_active
    response = booker.post(url, {"retire-on": "2025-12-26", "retire-sure": "on"})
    assert told(booker, response) == ["The World Title is retired; its lineage stays."]
    held.refresh_from_db()
    assert (held.is_active, held.retired_on) == (False, dt.date(2025, 12, 26))
    assert (
        "desk" not in booker.get(reverse("title-detail", args=[federation.slug, "world"])).context
    )


def lineage_cells(page: str) -> list[list[str]]:
    """The lineage table's rows, each as its cells' text."""
    import re

    body = page.split("<h2>Lineage</h2>", 1)[1].split("</tbody>", 1)[0].split("<tbody>", 1)[1]
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def test_a_retired_title_ends_its_lineage_retired_not_vacant(booker, federation, held):
    """Retired while held: the champion's reign ends that day, for that reason, and the lineage
    ends there; no vacancy runs on to today (the title is not waiting for a champion)."""
    url = reverse("title-retire", args=[federation.slug, "world"])
    booker.post(url, {"retire-on": "2025-12-26", "retire-sure": "on"})
    assert held.reigns.get().end_reason == ReignEnd.DEACTIVATED
    page = booker.get(reverse("title-detail", args=[federation.slug, "world"]))
    assert lineage_cells(page.content.decode()) == [
        ["1", "Ada Vance", "Jun 1, 2024", "—", "won a tournament", "573", "0", "1st"],
        [
            "",
            "Retired",
            "Dec 26, 2025",
            "The title was retired: no match may be booked for it again.",
            "",
            "",
            "",
        ],
    ]
    # The reigns' time line ends the day the title was retired.
    assert 'aria-label="Timeline of 1 reign from June 2024 to December 2025."' in (
        page.content.decode()
    )


def test_a_title_vacant_when_retired_shows_the_vacancy_up_to_that_day(booker, federation, held):
    services.title_vacate(title=held, on=dt.date(2025, 6, 1), reason=ReignEnd.STRIPPED)
    booker.post(
        reverse("title-retire", args=[federation.slug, "world"]),
        {"retire-on": "2025-12-26", "retire-sure": "on"},
    )
    page = booker.get(reverse("title-detail", args=[federation.slug, "world"])).content.decode()
    rows = lineage_cells(page)
    assert rows[1] == ["", "Vacant", "Jun 1, 2025", "Stripped", "208", "", ""]
    assert rows[2][1:3] == ["Retired", "Dec 26, 2025"]
    assert len(rows) == 3


def test_a_champion_stripped_and_replaced_the_same_day_shows_why_his_reign_ended(
    booker, federation, held
):
    """Stripped, and the title awarded that day: a vacancy of no days stands between the two
    reigns, so the page says the first ended stripped, not lost (as the API's lineage does)."""
    on = dt.date(2025, 6, 1)
    services.title_vacate(title=held, on=on, reason=ReignEnd.STRIPPED)
    heir = factories.WrestlerFactory(federation=federation, ring_name="Bo Lane")
    services.title_award(title=held, holder=heir, on=on, how="named by the commissioner")
    page = booker.get(reverse("title-detail", args=[federation.slug, "world"])).content.decode()
    rows = lineage_cells(page)
    assert [row[:2] for row in rows] == [["1", "Ada Vance"], ["", "Vacant"], ["2", "Bo Lane"]]
    assert rows[1] == ["", "Vacant", "Jun 1, 2025", "Stripped", "0", "", ""]


def test_the_champions_page_and_the_title_list_say_how_a_reign_and_a_title_ended(
    booker, federation, held
):
    services.title_vacate(title=held, on=dt.date(2025, 6, 1), reason=ReignEnd.STRIPPED)
    services.title_retire(title=held, on=dt.date(2025, 12, 26))
    ada = held.reigns.get().holder_wrestler
    page = unescape(booker.get(ada.get_absolute_url()).content.decode())
    assert '<th scope="col">Ended</th>' in page
    assert 'Jun 1, 2025 <small class="muted">(stripped)</small>' in page
    assert held.reigns.get().ended_how == "stripped"
    listing = booker.get(reverse("title-list", args=[federation.slug])).content.decode()
    assert '<span class="muted">Retired Dec 26, 2025</span>' in listing
    assert ">Vacant<" not in listing
    won = factories.TitleReignFactory(
        title=factories.TitleFactory(federation=federation),
        holder_wrestler=ada,
        number=1,
        won_on=dt.date(2024, 1, 1),
        ended_on=dt.date(2024, 2, 1),
        end_reason=ReignEnd.LOST,
    )
    assert won.ended_how == "lost"


@pytest.mark.parametrize("role", ["viewer", "outsider"])
def test_readers_see_no_desk_and_may_not_post_to_it(client, users, federation, held, role):
    client.force_login(users[role])
    url = reverse("title-detail", args=[federation.slug, "world"])
    assert "desk" not in client.get(url).context
    assert reverse("title-create", args=[federation.slug]) not in (
        client.get(reverse("title-list", args=[federation.slug])).content.decode()
    )
    for name, data in (
        ("title-vacate", {"vacate-on": "2025-03-07", "vacate-reason": "vacated"}),
        ("title-retire", {"retire-on": "2025-03-07", "retire-sure": "on"}),
    ):
        assert client.post(reverse(name, args=[federation.slug, "world"]), data).status_code == 403
    assert client.get(reverse("title-create", args=[federation.slug])).status_code == 403
    assert held.current_reign is not None


def test_an_anonymous_visitor_is_sent_to_sign_in(client, federation, held):
    response = client.post(
        reverse("title-vacate", args=[federation.slug, "world"]),
        {"vacate-on": "2025-03-07", "vacate-reason": "vacated"},
    )
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert held.current_reign is not None


def test_the_desk_is_in_the_page_not_in_its_title(booker, federation, held):
    page = booker.get(reverse("title-detail", args=[federation.slug, "world"])).content.decode()
    assert f"<title>World Title — {federation.name}</title>" in page
    assert page.count("Title desk") == 1
