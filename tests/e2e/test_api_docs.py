"""The API's documentation pages (Swagger UI at /api/docs/, Redoc at /api/redoc/) in a real
browser: every request they make goes to the site itself, none to a CDN or any other host, and
they load without an error in the console. Requests for another host are recorded and refused,
as they would fail offline.

The site is opened under a name that is not the loopback's (``named_site``), as a deployment's is.
"""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import SCREENSHOTS

pytestmark = pytest.mark.e2e

TIMEOUT = 20_000


@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_the_documentation_pages_load_everything_from_the_site(named_browser, named_site, path):
    origin = named_site
    context = named_browser.new_context()
    context.set_default_timeout(TIMEOUT)
    requested: list[str] = []
    elsewhere: list[str] = []
    errors: list[str] = []

    def route(request_route):
        url = request_route.request.url
        requested.append(url)
        if url.startswith(origin + "/"):
            request_route.continue_()
        else:
            elsewhere.append(url)
            request_route.abort("internetdisconnected")

    context.route("**/*", route)
    page = context.new_page()

    def console(message):
        if message.type == "error":
            errors.append(message.text)

    page.on("console", console)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(origin + path)
        # The schema is read and drawn: its title and its description.
        page.get_by_text("Ringside federation API").first.wait_for()
        page.get_by_text(re.compile("Signing in")).first.wait_for()
        page.wait_for_load_state("networkidle")
        folder = SCREENSHOTS / "docs"
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=folder / f"{path.strip('/').replace('/', '-')}.png")
    finally:
        context.close()
    assert any(url.startswith(origin + "/api/schema/") for url in requested), requested
    assert elsewhere == [], elsewhere
    assert errors == [], errors
