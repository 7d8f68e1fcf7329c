"""Every look-up of an object by an address or a body is scoped: the owner of two federations,
naming one federation's object through the other's address (or in a body sent there), is
answered 404 (the address) or a refusal naming the field (the body), and nothing is written,
the neighbour's object least of all. The cases are in ``tests/scoping/cases.py``; the last
tests here fail when an address or a body field names an object without a case."""

from __future__ import annotations

import json

import pytest
from django import forms
from django.contrib.messages import get_messages
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from matches import forms as match_forms
from matches import tournament_forms
from promotion import forms as promotion_forms
from tests.scoping.cases import (
    API_BODIES,
    API_URLS,
    FORMS,
    PAGE_BODIES,
    PAGE_URLS,
    QUERIES,
    BodyCase,
    QueryCase,
    UrlCase,
)
from tests.scoping.world import HOME, World, snapshot

URL_CASES = PAGE_URLS + API_URLS
BODY_CASES = API_BODIES + PAGE_BODIES


def _send(door: str, name: str, method: str, kwargs: dict, body: dict, world: World, client):
    if door == "api":
        api = APIClient()
        api.force_authenticate(user=world.boss)
        url = reverse(f"api:{name}", kwargs=kwargs)
        return getattr(api, method.lower())(url, body, format="json")
    client.force_login(world.boss)
    url = reverse(name, kwargs=kwargs)
    if method == "GET":
        return client.get(url)
    return client.post(url, body)


@pytest.mark.parametrize("case", URL_CASES, ids=lambda case: case.id)
def test_a_neighbours_object_named_in_the_address_is_not_found(case: UrlCase, world, client):
    before = snapshot()
    response = _send(
        case.door, case.name, case.method, case.kwargs(world), case.body(world), world, client
    )
    assert response.status_code == 404, (
        f"{case.method} {response.request['PATH_INFO']} answered {response.status_code}: "
        f"{case.names} found the neighbour's object"
    )
    assert snapshot() == before


def _api_paths(response) -> list[str]:
    return [error["path"] for error in json.loads(response.content)["errors"]]


def _bound_forms(context) -> list[forms.BaseForm]:
    """The bound forms a page drew (at the top of its context, or in a desk's dict of them)."""
    found = []
    layers = list(context) if isinstance(context, list) else [context] if context else []
    values = [value for layer in layers for value in layer.flatten().values()]
    for value in values:
        for inner in value.values() if isinstance(value, dict) else [value]:
            if isinstance(inner, forms.BaseForm) and inner.is_bound:
                found.append(inner)
    return found


def _page_names_field(response, form_class: type[forms.Form], field: str, told: str = "") -> bool:
    """Whether the page's answer names the refused ``field``: beside it on the form drawn
    again, or in a message in its label's words (the desks' one-line forms), or ``told``."""
    if any(
        isinstance(form, form_class) and field in form.errors
        for form in _bound_forms(response.context)
    ):
        return True
    label = form_class.base_fields[field].label or field.replace("_", " ").capitalize()
    messages = [str(m) for m in get_messages(response.wsgi_request)] + [
        str(m) for m in (response.context or {}).get("messages", [])
    ]
    return any(text.startswith(f"{label}:") or text == told for text in messages)


@pytest.mark.parametrize("case", BODY_CASES, ids=lambda case: case.id)
def test_a_neighbours_object_named_in_a_body_is_refused_by_its_field(case: BodyCase, world, client):
    before = snapshot()
    response = _send(
        case.door, case.name, case.method, case.kwargs(world), case.body(world), world, client
    )
    if case.door == "api":
        assert response.status_code == 400, response.content
        paths = _api_paths(response)
        assert any(path.startswith(case.refused) for path in paths), paths
    elif case.name == "card-odds":
        # The editor's odds (htmx): the opponent's refusal in place of any odds.
        invalid = forms.ModelChoiceField.default_error_messages["invalid_choice"]
        assert "report" not in response.context
        assert response.context["problems"] == [str(invalid)]
    elif case.name == "match-add":
        # A refused booking is answered by a redirect to the show, whose form says why.
        assert response.status_code == 302
        shown = client.get(response["Location"])
        form = shown.context["form"]
        assert case.refused in form.errors, form.errors
    else:
        assert response.status_code == 400, response.status_code
        assert _page_names_field(response, FORMS[case.covers[0]], case.refused, case.told)
    assert snapshot() == before


@pytest.mark.parametrize("case", QUERIES, ids=lambda case: case.id)
def test_a_list_filtered_by_a_neighbours_object_refuses_it_or_finds_nothing(case: QueryCase, world):
    api = APIClient()
    api.force_authenticate(user=world.boss)
    url = reverse(f"api:{case.name}", kwargs={"federation_slug": HOME})
    response = api.get(url, {case.parameter: str(case.value(world))})
    if case.refused:
        assert response.status_code == 400, response.content
        assert _api_paths(response) == [case.parameter]
    else:
        assert response.status_code == 200, response.content
        assert json.loads(response.content)["results"] == []


# -- every look-up has its case ----------------------------------------------------------------

#: URL arguments that name no object: a fixed vocabulary, or not a federation's at all.
NOT_OBJECTS = {
    "system": "a rule system's name (filsinger, superstar, arm): the same in every federation",
    "division": "singles or tag: the same in every federation",
    "name": "a rule system's name, outside any federation",
    "path": "the rest of an address nothing else answers (the site's or the API's 404)",
    "uidb64": "a password reset's account, signed by its token",
    "token": "a password reset's signature; an invitation link's secret (the link is the key)",
}
#: Body fields that look like references and are not, each with the reason.
NOT_REFERENCES = {
    ("POST", "/api/v1/federations/", "slug"): "the new federation's own address",
    ("POST", "/api/v1/federations/{federation_slug}/wrestlers/", "slug"): "the new man's own",
    ("POST", "/api/v1/federations/{federation_slug}/teams/", "slug"): "the new team's own",
    ("POST", "/api/v1/federations/{federation_slug}/titles/", "slug"): "the new title's own",
    ("POST", "/api/v1/federations/{federation_slug}/members/", "username"): (
        "an account of the site, not a federation's row: any account may be made a member "
        "(who may do so is the access table's business)"
    ),
    ("POST", "/api/v1/auth/token/", "username"): "signing in",
    ("POST", "/api/v1/federations/{federation_slug}/shows/run-week/", "show"): (
        "compared with the coming show's number, never looked up (another answers 409)"
    ),
    ("POST", "/api/v1/federations/{federation_slug}/shows/{show_number}/matches/", "position"): (
        "the new match's place on the card"
    ),
    (
        "POST",
        "/api/v1/federations/{federation_slug}/shows/{show_number}/matches/{position}/move/",
        "position",
    ): "the match's new place on the card",
    ("GET", "/api/v1/federations/{federation_slug}/wrestlers/", "?card"): (
        "a rule system's name: those with a card for it"
    ),
    ("POST", "/api/v1/federations/import/", "?slug"): "the imported federation's own address",
    ("FederationForm", "slug"): "the new federation's own address",
    ("TeamForm", "slug"): "the new team's own address",
    ("WrestlerForm", "slug"): "the new man's own address",
    ("TitleForm", "slug"): "the new title's own address",
    ("MemberForm", "user"): "an account of the site, not a federation's row (see the API's)",
    ("MatchForm", "rule_system"): "a rule system's name",
    ("MatchForm", "rule_options"): "the chosen system's optional rules, by name",
    ("MatchForm", "stipulations"): "the chosen system's stipulations, by name",
}
#: Words of a field or an argument that names a row.
OBJECT_WORDS = frozenset(
    {
        "wrestler", "wrestlers", "opponent", "holder", "member", "members", "user", "username",
        "team", "teams", "title", "feud", "injury", "reign", "show", "match", "card", "side",
        "sides", "others", "allies", "invitation", "slug", "pk", "id", "number", "position",
    }
)  # fmt: skip
SLUG_PATTERN = "^[-a-zA-Z0-9_]+$"


def _federation_argument(route: str) -> str | None:
    """The argument of an address that names its federation (``f/<slug:X>/``,
    ``federations/(?P<X>...)``), which the access table's tests own."""
    for start, end in (("f/<slug:", ">"), ("federations/(?P<", ">")):
        if route.startswith(start):
            return route[len(start) :].split(end, 1)[0]
    return None


def _routes(resolver: URLResolver, prefix: str = "", namespace: str = ""):
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}:{entry.namespace}" if entry.namespace else namespace
            yield from _routes(entry, prefix + str(entry.pattern), inner.strip(":"))
        elif isinstance(entry, URLPattern):
            yield namespace, prefix + str(entry.pattern), entry


def object_arguments() -> set[tuple[str, str, str]]:
    """``(door, URL name, argument)`` for every argument of the pages' and the API's addresses
    that names an object (the admin's and the operations page's are a superuser's, who sees
    every federation)."""
    found = set()
    for namespace, route, entry in _routes(get_resolver()):
        door = "api" if namespace == "api" else "page"
        if route.startswith(("admin/", "accounts/", "ops/")) or not entry.name:
            continue
        arguments = set(entry.pattern.regex.groupindex)
        inner = route.removeprefix("api/v1/").lstrip("^")
        arguments.discard(_federation_argument(inner))
        found |= {(door, entry.name, a) for a in arguments if a not in NOT_OBJECTS}
    return found


def test_every_object_named_in_an_address_has_a_neighbour_case():
    covered = {(case.door, case.name, case.names) for case in URL_CASES}
    missing = object_arguments() - covered
    assert not missing, f"addresses naming an object without a neighbour case: {sorted(missing)}"
    assert covered <= object_arguments()  # (no case for an address that has gone)


def _leaves(schema: dict, components: dict, path: str = ""):
    """``(path, schema)`` of each field a request body may hold that holds no fields itself."""
    if "$ref" in schema:
        schema = components[schema["$ref"].rsplit("/", 1)[1]]
    for key in ("allOf", "oneOf", "anyOf"):
        for sub in schema.get(key, []):
            yield from _leaves(sub, components, path)
    items = schema.get("items")
    if schema.get("type") == "array" and isinstance(items, dict) and _has_fields(items, components):
        yield from _leaves(items, components, f"{path}[]")
        return
    for name, sub in schema.get("properties", {}).items():
        if sub.get("readOnly"):
            continue
        inner = f"{path}.{name}" if path else name
        if _has_fields(sub, components):
            yield from _leaves(sub, components, inner)
        else:
            yield inner, sub


def _has_fields(schema: dict, components: dict) -> bool:
    while "$ref" in schema or schema.get("type") == "array":
        if "$ref" in schema:
            schema = components[schema["$ref"].rsplit("/", 1)[1]]
        else:
            schema = schema.get("items") or {}
    return bool(schema.get("properties")) or any(k in schema for k in ("allOf", "oneOf"))


def _names_an_object(name: str, schema: dict) -> bool:
    word = name.rsplit(".", 1)[-1].strip("[]")
    text = json.dumps(schema)
    return word in OBJECT_WORDS or SLUG_PATTERN.replace("\\", "") in text.replace("\\\\", "")


def api_query_references() -> set[tuple[str, str, str]]:
    """``(METHOD, path, "?parameter")`` of every query parameter that names an object."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return {
        (method.upper(), path, f"?{parameter['name']}")
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        for parameter in operation.get("parameters", [])
        if parameter.get("in") == "query" and parameter["name"] in OBJECT_WORDS
    }


def test_every_object_named_in_a_query_has_a_neighbour_case():
    covered = {case.covers for case in QUERIES}
    found = api_query_references()
    missing = found - covered - set(NOT_REFERENCES)
    assert not missing, f"query parameters naming an object without a case: {sorted(missing)}"
    assert covered <= found


def api_body_references() -> set[tuple[str, str, str]]:
    """``(METHOD, path, field)`` of every field of an API request body that names an object."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    found = set()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            content = (operation.get("requestBody") or {}).get("content", {})
            body = content.get("application/json")
            if body is None:
                continue
            for field, sub in _leaves(body["schema"], components):
                if _names_an_object(field, sub):
                    found.add((method.upper(), path, field))
    return found


def page_form_references() -> set[tuple[str, str]]:
    """``(form, field)`` of every field of the pages' forms that names an object: a model
    choice, a slug, a choice among what the form finds when it is made (empty before), or a
    field named for a row."""
    found = set()
    for module in (promotion_forms, match_forms, tournament_forms):
        for form in vars(module).values():
            if not (
                isinstance(form, type)
                and issubclass(form, forms.Form | forms.ModelForm)
                and form.__module__ == module.__name__
            ):
                continue
            for name, field in form.base_fields.items():
                model = isinstance(field, forms.ModelChoiceField)
                dynamic = not model and isinstance(field, forms.ChoiceField) and not field.choices
                if model or isinstance(field, forms.SlugField) or dynamic or name in OBJECT_WORDS:
                    found.add((form.__name__, name))
    return found


def test_every_object_named_in_a_body_has_a_neighbour_case():
    covered = {case.covers for case in BODY_CASES}
    found = api_body_references() | page_form_references()
    missing = found - covered - set(NOT_REFERENCES)
    assert not missing, (
        "body fields naming an object without a neighbour case (add one to "
        f"tests/scoping/cases.py, or to NOT_REFERENCES with the reason): {sorted(missing)}"
    )
    gone = (covered | set(NOT_REFERENCES)) - found - api_query_references()
    assert not gone, f"cases or exceptions for fields that are no more: {sorted(gone)}"
