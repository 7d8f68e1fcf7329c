"""The site's header and the card builder as Chromium lays them out on a phone: the header fits
a 390px and a 320px screen, signed in or not, so that no page scrolls sideways because of it; the
card builder shows its odds directly after its fields, not under the YAML and the problems.

Playwright's Python package drives Debian's chromium by its path (as ``tests/e2e``); without it
these skip, unless ``RINGSIDE_REQUIRE_BROWSER`` is set."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from tests import factories
from tests.pages import test_layout_in_browser

browser = test_layout_in_browser.browser  # the same fixture: Debian's chromium, or a skip

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONES = (390, 320)
PAGES = ("/", "/f/on-a-phone/", "/f/on-a-phone/standings/")
#: The header's parts whose right edge is past the screen's (a width in px), named.
PAST_THE_EDGE = """width => [...document.querySelectorAll("body > header *")]
    .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > width)
    .map(e => `${e.tagName} ${e.textContent.trim().slice(0, 30)}`)"""
#: The most room (px) between the bottom of the builder's fields and the top of its odds on a
#: phone: the odds heading and the opponent's select between them, no more.
ODDS_AFTER_FIELDS = 200


@pytest.fixture
def federation():
    # A username as long as people choose, and an owner, who sees Settings and Members too.
    owner = factories.UserFactory(username="gorgeous.george.wagner")
    made = factories.FederationFactory(
        slug="on-a-phone", name="Pacific Northwest Wrestling", owner=owner
    )
    factories.WrestlerFactory(federation=made, ring_name="Corrigan Vale", slug="corrigan-vale")
    factories.BookableWrestlerFactory(federation=made, ring_name="Gideon Pike")
    return made


def _signed_in(browser, live_server, user, width):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": width, "height": 844})
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    return context


def _who(federation, signed_in: str):
    if signed_in == "owner":
        return federation.owner
    if signed_in == "superuser":
        return factories.UserFactory(
            username="operations.on.call", is_superuser=True, is_staff=True
        )
    return None


@pytest.mark.parametrize("width", PHONES)
@pytest.mark.parametrize("signed_in", ["signed out", "owner", "superuser"])
def test_the_header_fits_a_phone(browser, live_server, federation, signed_in, width):
    user = _who(federation, signed_in)
    if user is None:
        context = browser.new_context(viewport={"width": width, "height": 844})
    else:
        context = _signed_in(browser, live_server, user, width)
    try:
        page = context.new_page()
        for address in PAGES:
            page.goto(live_server.url + address)
            # The page does not scroll sideways, and no part of the header is past the edge.
            assert page.evaluate("document.documentElement.scrollWidth") <= width, address
            assert page.evaluate(PAST_THE_EDGE, width) == [], address
            # Everything a user needs is still there, on the screen.
            site = page.get_by_role("navigation", name="Site")
            needed = [site.get_by_role("link", name="Ringside")]
            if user is None:
                needed += [
                    site.get_by_role("link", name="Sign in"),
                    site.get_by_role("button", name="Sign up"),  # (a link drawn as a button)
                ]
            else:
                needed += [
                    site.get_by_text(user.username, exact=True),
                    site.get_by_role("button", name="Sign out"),
                ]
                if user.is_superuser:
                    needed += [
                        site.get_by_role("link", name="Operations"),
                        site.get_by_role("link", name="Admin"),
                    ]
            for item in needed:
                assert item.is_visible(), (address, item)
    finally:
        context.close()


def test_the_header_is_one_row_on_a_desktop(browser, live_server, federation):
    context = _signed_in(browser, live_server, federation.owner, 1280)
    try:
        page = context.new_page()
        page.goto(live_server.url + "/f/on-a-phone/")
        site = page.get_by_role("navigation", name="Site")
        brand = site.get_by_role("link", name="Ringside").bounding_box()
        sign_out = site.get_by_role("button", name="Sign out").bounding_box()
        # The brand at the left, signing out at the right, on the same line.
        assert (
            abs((brand["y"] + brand["height"] / 2) - (sign_out["y"] + sign_out["height"] / 2)) < 8
        )
        assert sign_out["x"] > 1000
    finally:
        context.close()


@pytest.mark.parametrize("width", [390, 320])
def test_the_builders_odds_follow_its_fields_on_a_phone(
    browser,
    live_server,
    federation,
    width,
):
    context = _signed_in(browser, live_server, federation.owner, width)
    try:
        page = context.new_page()
        page.goto(
            live_server.url + "/f/on-a-phone/wrestlers/corrigan-vale/cards/filsinger/builder/"
        )
        fields = page.locator("#builder-fields").bounding_box()
        odds = page.locator("#odds").bounding_box()
        opponent = page.get_by_label("In a singles match against").bounding_box()
        gap = odds["y"] - (fields["y"] + fields["height"])
        assert 0 <= gap <= ODDS_AFTER_FIELDS, gap
        assert opponent["y"] >= fields["y"] + fields["height"]
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        context.close()


def test_the_builders_odds_are_beside_its_fields_on_a_desktop(
    browser,
    live_server,
    federation,
):
    context = _signed_in(browser, live_server, federation.owner, 1280)
    try:
        page = context.new_page()
        page.goto(
            live_server.url + "/f/on-a-phone/wrestlers/corrigan-vale/cards/filsinger/builder/"
        )
        fields = page.locator("#builder-fields").bounding_box()
        text = page.locator("#builder-text").bounding_box()
        odds = page.locator("#odds").bounding_box()
        # The YAML and then the odds in the column at the right of the fields.
        assert text["x"] >= fields["x"] + fields["width"]
        assert odds["x"] >= fields["x"] + fields["width"]
        assert odds["y"] > text["y"]
    finally:
        context.close()
