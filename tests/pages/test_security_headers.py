"""The Content-Security-Policy every answer carries (web/csp.py).

The site ships every script, style sheet, image and font itself (static/, and the API's
documentation from drf-spectacular-sidecar), so the pages allow only the site's own, and no
script or style written into a page: a script injected into a page cannot run, and no other
site may frame one. The API's documentation pages (Swagger UI, Redoc) write their styles at run
time and get a policy of their own that allows inline styles, never inline scripts."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.pages.conftest import client_for

pytestmark = pytest.mark.django_db

#: What every policy says, directive by directive.
STRICT = {
    "default-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
F = "/f/copperline"
PAGES = [
    "/",
    "/accounts/login/",
    "/accounts/password_change/",
    "/federations/new/",
    F + "/",
    F + "/roster/",
    F + "/wrestlers/corrigan-vale/",
    F + "/wrestlers/corrigan-vale/cards/filsinger/",
    F + "/shows/",
    F + "/shows/1/",
    F + "/titles/",
    F + "/feuds/",
    F + "/injuries/",
    F + "/records/",
    F + "/teams/",
    F + "/settings/",
    F + "/members/",
    "/no/such/page/",
    "/admin/login/",
    "/api/v1/",
    "/api/v1/federations/copperline/wrestlers/",
    "/api/schema/",
]
DOCS = ["/api/docs/", "/api/redoc/"]


def policy_of(response) -> dict[str, list[str]]:
    header = response.get("Content-Security-Policy")
    assert header, f"{response.request['PATH_INFO']} has no Content-Security-Policy"
    directives = {}
    for directive in header.split(";"):
        name, *sources = directive.split()
        directives[name] = sources
    return directives


@pytest.fixture
def owner(client, users, sample):
    return client_for(client, users, "owner")


@pytest.mark.parametrize("path", PAGES)
def test_every_page_allows_only_the_sites_own_scripts_and_styles(owner, path):
    response = owner.get(path)
    assert response.status_code in (200, 404), (path, response.status_code)
    policy = policy_of(response)
    for name, sources in STRICT.items():
        assert policy[name] == sources, (path, name)
    # Nothing but the default for scripts and styles: the site's own files.
    assert "script-src" not in policy and "style-src" not in policy, path
    assert policy["img-src"] == ["'self'", "data:"], path  # Pico's icons are data: images


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/accounts/signup/", "/admin/login/"])
def test_an_anonymous_visitor_gets_the_same_policy(path):
    response = Client().get(path)
    assert response.status_code == 200
    policy = policy_of(response)
    for name, sources in STRICT.items():
        assert policy[name] == sources, (path, name)
    if not path.startswith("/admin/"):
        assert _inline_scripts(response.content.decode()) == [], path
        assert not re.search(r"""<style\b|\sstyle=["']""", response.content.decode()), path


@pytest.mark.parametrize("path", DOCS)
def test_the_api_documentation_allows_inline_styles_but_no_inline_script(path):
    response = Client().get(path)
    assert response.status_code == 200
    policy = policy_of(response)
    for name, sources in STRICT.items():
        assert policy[name] == sources, (path, name)
    assert policy["script-src"] == ["'self'"], path
    assert policy["style-src"] == ["'self'", "'unsafe-inline'"], path
    assert policy["worker-src"] == ["'self'", "blob:"], path  # Redoc's search
    assert not _inline_scripts(response.content.decode()), path


def test_swagger_uis_start_script_is_a_file_of_the_site():
    page = Client().get("/api/docs/").content.decode()
    start = re.search(r'<script src="(/api/docs/\?[^"]*script=[^"]*)">', page)
    assert start, page
    script = Client().get(start.group(1).replace("&amp;", "&"))
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in script.content.decode()


def _inline_scripts(html: str) -> list[str]:
    """Script elements with code in the page (data blocks, ``type="application/json"``, aside)."""
    tags = re.findall(r"<script\b[^>]*>", html)
    return [tag for tag in tags if "src=" not in tag and "application/json" not in tag]


@pytest.mark.parametrize("path", PAGES[:18])
def test_the_pages_write_no_script_and_no_style_into_themselves(owner, path):
    html = owner.get(path).content.decode()
    assert _inline_scripts(html) == [], path
    assert not re.search(r"<style\b", html), path
    assert not re.search(r"""\sstyle=["']""", html), path
    assert not re.search(r"""\son[a-z]+=["']""", html), path
    # htmx would add its indicator styles as a <style> element: the site's CSS has them.
    assert '"includeIndicatorStyles": false' in html, path
