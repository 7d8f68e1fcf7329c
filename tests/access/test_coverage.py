"""The access table against the doors that exist: a page, an API operation or an admin view or
action without a row fails here, and so does a row whose door is gone."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import RequestFactory
from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.generators import SchemaGenerator

from tests.access import policy, recipes

#: Addresses with no name, and what they are (none is a door of a federation).
UNNAMED = {
    "favicon.ico": "the site's icon",
    "^(?P<path>.*)$": "the site's 404 for every other address",
    "api/v1/^(?P<path>[\\s\\S]*)$": "the API's 404 for every other address below it",
}


def _patterns(patterns, prefix="", namespace=None):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _patterns(
                pattern.url_patterns,
                prefix + str(pattern.pattern),
                pattern.namespace or namespace,
            )
        else:
            assert isinstance(pattern, URLPattern)
            yield namespace, pattern.name, prefix + str(pattern.pattern)


def _site_patterns():
    """The site's addresses but the admin's and the API's (their own tests below)."""
    return [
        (name, route)
        for namespace, name, route in _patterns(get_resolver().url_patterns)
        if namespace not in ("admin", "api")
    ]


def test_every_page_has_its_rows():
    names = {name for name, _route in _site_patterns() if name is not None}
    rows: dict[str, set[str]] = {}
    for row in policy.PAGES:
        rows.setdefault(row.name, set()).add(row.method)
    assert names - set(policy.PAGES_WITHOUT_ROWS) - set(rows) == set(), "pages with no row"
    for name, methods in rows.items():
        # a page answers GET and POST (web.pages.PAGE_METHODS; HEAD as GET), but the API's
        # documents, which answer GET only
        assert methods == ({"GET"} if name in policy.API_DOCUMENTS else {"GET", "POST"}), name


def test_every_page_row_and_exception_names_a_page():
    names = {name for name, _route in _site_patterns() if name is not None}
    assert {row.name for row in policy.PAGES} - names == set(), "rows of no page"
    assert set(policy.PAGES_WITHOUT_ROWS) - names == set()
    unnamed = {route for name, route in _site_patterns() if name is None}
    api_unnamed = {
        route
        for namespace, name, route in _patterns(get_resolver().url_patterns)
        if namespace == "api" and name is None
    }
    assert unnamed | api_unnamed == set(UNNAMED)


def _operations() -> set[tuple[str, str]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return {
        (method.upper(), route)
        for route, operations in schema["paths"].items()
        for method in operations
    }


def test_every_api_operation_has_a_row_and_every_row_an_operation():
    rows = {(row.method, row.name) for row in policy.API}
    assert len(rows) == len(policy.API), "an operation named twice"
    operations = _operations()
    assert operations - rows == set(), "operations with no row"
    assert rows - operations == set(), "rows of no operation"


def test_every_api_route_is_in_the_schema():
    """The schema is the enumerator: a route it leaves out (a view excluded from it) would go
    unchecked, so every route of the API's router must be one the schema documents."""
    documented = {route for _method, route in _operations()}
    routes = {
        "/" + route.replace("^", "").replace("$", "")
        for namespace, name, route in _patterns(get_resolver().url_patterns)
        if namespace == "api" and name is not None
    }
    # the router's patterns, in the schema's words: named groups become {name}, formats go
    import re

    spelled = {
        re.sub(r"\(\?P<(\w+)>[^)]*\)", r"{\1}", route).replace("{pk}", "{id}") for route in routes
    }
    spelled = {route for route in spelled if "{format}" not in route and "\\." not in route}
    missing = {route for route in spelled if route.rstrip("/") + "/" not in documented}
    assert missing == {"/api/v1/"}, "routes the schema leaves out"  # (the root lists the others)


def _superuser_request():
    request = RequestFactory().get("/admin/")
    request.user = get_user_model()(username="root", is_superuser=True, is_staff=True)
    return request


def test_every_model_in_the_admin_has_its_rows():
    registered = {model._meta.label for model in admin.site._registry}
    assert registered == set(policy.ADMIN)


@pytest.mark.parametrize("label", list(policy.ADMIN))
def test_each_model_admin_offers_the_views_and_actions_the_table_names(label):
    model_admin = next(ma for m, ma in admin.site._registry.items() if m._meta.label == label)
    info = f"{model_admin.opts.app_label}_{model_admin.opts.model_name}"
    views = {p.name.removeprefix(info + "_") for p in model_admin.get_urls() if p.name}
    allowed = policy.ADMIN[label]
    assert views == {view.split(" ")[0] for view in (*policy.ADMIN_VIEWS, *allowed.views)}
    request = _superuser_request()
    actions = set(model_admin.get_actions(request))
    named = {
        row.method.split(" ")[0].removeprefix("action:")
        for row in policy.ADMIN_ROWS
        if row.name == label and row.method.startswith("action:")
    }
    assert actions == named
    assert model_admin.has_add_permission(request) is allowed.add
    assert model_admin.has_change_permission(request) is allowed.change
    assert model_admin.has_delete_permission(request) is allowed.delete


def test_the_admin_site_has_no_address_the_table_leaves_unnamed():
    names = {p.name for p in admin.site.get_urls() if isinstance(p, URLPattern) and p.name}
    assert names == {"index", *policy.ADMIN_SITE_WITHOUT_ROWS}


def test_every_page_and_api_row_has_its_request_and_no_request_is_left_over():
    keys = {row.key for row in [*policy.PAGES, *policy.API]}
    assert set(recipes.RECIPES) == keys


def test_every_row_is_answered_for_every_role():
    for row in policy.TABLE:
        for role in policy.ROLES:
            for privacy in (policy.PUBLIC, policy.PRIVATE):
                assert isinstance(policy.answer(row, role, privacy), policy.Answer)
