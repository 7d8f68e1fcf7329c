"""Pictures in the browser: a booker uploads a wrestler's photo from his page with the file
picker; the photo (its thumbnail, served by the site at /media/) is drawn on his page and on
the roster, within the Content-Security-Policy; a PHP script named ``.jpg`` is refused in words
and nothing is drawn for it."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.csp_watch import CspWatch
from tests.e2e.steps import sample_promoter

pytestmark = pytest.mark.e2e

SLUG = "picture-check"
DRAWN = """(sel) => Array.from(document.querySelectorAll(sel)).map(
  (img) => ({src: img.getAttribute('src'), width: img.naturalWidth, done: img.complete}))"""


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (320, 200), (30, 90, 160)).save(out, "PNG")
    return out.getvalue()


@pytest.fixture
def page(browser, site):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    watch = CspWatch(context)
    page = context.new_page()
    sample_promoter(page, site, username="picture-promoter", name="Picture Check", slug=SLUG)
    yield page, watch
    assert watch.lines == []
    context.close()


def test_a_photo_uploaded_in_the_browser_is_drawn_on_the_profile_and_the_roster(page, site):
    page, watch = page
    page.goto(f"{site}/f/{SLUG}/roster/")
    page.locator("main table a[href*='/wrestlers/']").first.click()
    page.wait_for_url(re.compile(rf"/f/{SLUG}/wrestlers/[-a-z0-9]+/$"))
    profile = page.url
    assert page.locator("figure.picture-photo .picture-none").count() == 1  # the placeholder

    page.get_by_text("Upload a photo").click()
    page.get_by_label("Picture", exact=True).set_input_files(
        {"name": "me.png", "mimeType": "image/png", "buffer": _png()}
    )
    with page.expect_navigation():
        page.locator("main").get_by_role("button", name="Upload").click()
    assert page.url == profile
    page.get_by_text(re.compile("photo saved")).wait_for()

    page.wait_for_function(
        "() => { const i = document.querySelector('figure.picture-photo img');"
        " return i && i.complete && i.naturalWidth > 0; }"
    )
    drawn = page.evaluate(DRAWN, "figure.picture-photo img")
    assert len(drawn) == 1 and drawn[0]["src"].startswith("/media/pictures/wrestlers/")
    assert drawn[0]["src"].endswith("-thumb.webp")
    assert drawn[0]["width"] == 240  # the thumbnail: 320 by 200 made 240 by 150
    assert CspWatch.violations(page) == []
    (SCREENSHOTS / "desktop").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "desktop" / "picture-profile.png"))

    page.goto(f"{site}/f/{SLUG}/roster/")
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('img.picture-thumb'))"
        ".some(i => i.complete && i.naturalWidth > 0)"
    )
    thumbs = page.evaluate(DRAWN, "img.picture-thumb")
    assert [t["src"] for t in thumbs] == [drawn[0]["src"]]
    assert CspWatch.violations(page) == []
    page.screenshot(path=str(SCREENSHOTS / "desktop" / "picture-roster.png"))

    # A script named as a photo: refused in words, the photo kept.
    page.goto(profile)
    page.get_by_text("Replace or remove the photo").click()
    page.get_by_label("Picture", exact=True).set_input_files(
        {"name": "shell.jpg", "mimeType": "image/jpeg", "buffer": b"<?php system($_GET[1]); ?>"}
    )
    with page.expect_navigation():
        page.locator("main").get_by_role("button", name="Upload").click()
    page.get_by_text(re.compile("Picture: This file is not a picture")).wait_for()
    assert page.evaluate(DRAWN, "figure.picture-photo img")[0]["src"] == drawn[0]["src"]
    assert watch.lines == []
