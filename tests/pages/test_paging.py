"""Lists by the page: a page number before the first is the first (Django's own ``get_page``
gives the last), past the last is the last, and anything else the first."""

from __future__ import annotations

import pytest

from web.pages import paged


@pytest.mark.parametrize(
    ("asked", "shown"),
    [("1", 1), ("2", 2), ("3", 3), ("0", 1), ("-3", 1), ("99", 3), ("two", 1), (None, 1), ("", 1)],
)
def test_the_page_asked_for_is_the_page_shown_within_the_list(asked, shown):
    page = paged(list(range(60)), 25, asked)
    assert page.number == shown
    assert page.object_list[0] == 25 * (shown - 1)


def test_the_show_archive_opens_at_its_first_page_for_page_zero(client, sample):
    from django.urls import reverse

    from matches import booking

    for _ in range(21):
        booking.show_create(federation=sample)
    archive = reverse("show-archive", args=[sample.slug])
    pages = {n: client.get(archive, {"page": n}).context["page_obj"] for n in (0, 1, 2, 9)}
    assert [pages[n].number for n in (0, 1, 2, 9)] == [1, 1, 2, 2]
    assert list(pages[0]) == list(pages[1])
