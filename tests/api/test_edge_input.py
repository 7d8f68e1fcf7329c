"""Input at the API's edge: whatever a client sends in a filter, a parameter or a body is a 400 in
the API's error shape when it cannot be taken, never a 500. Every list's filters, every operation
that reads a JSON body and every viewset's filter backends are read from the code itself (the
router, the filtersets, the schema), so a filter or an endpoint added later is covered too."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.utils import timezone
from django_filters import ChoiceFilter
from django_filters.rest_framework import DjangoFilterBackend

from promotion.models import Feud, Injury, Team, Title, Wrestler
from tests import factories
from tests.api.conftest import client_for
from web.api_fields import FilterBackend

pytestmark = pytest.mark.django_db

BASE = "/api/v1/federations/copperline"
#: A value for each path parameter below a federation, on the sample federation.
PATH_VALUES = {
    "federation_slug": "copperline",
    "wrestler_slug": "corrigan-vale",
    "show_number": "1",
    "system": "filsinger",
    "name": "filsinger",
}


def error_shape(response, status: int = 400) -> dict:
    """The body of a refusal, checked to be the API's error shape with ``status``."""
    assert response.status_code == status, (response.status_code, response.content[:300])
    assert response["Content-Type"] == "application/json", response["Content-Type"]
    body = response.json()
    assert set(body) == {"detail", "errors"}, body
    assert all(set(item) == {"path", "message"} for item in body["errors"]), body
    return body


def _lists() -> list[tuple[str, Any]]:
    """Every list endpoint with a filterset: (its address on the sample federation, viewset)."""
    from config.urls import router

    found = []
    for prefix, viewset, _basename in router.registry:
        if getattr(viewset, "filterset_class", None) is None or not hasattr(viewset, "list"):
            continue
        address = prefix.replace("(?P<federation_slug>[-a-zA-Z0-9_]+)", "copperline")
        for name, value in PATH_VALUES.items():
            address = address.replace(f"(?P<{name}>[-a-zA-Z0-9_]+)", value)
            address = address.replace(f"(?P<{name}>[0-9]+)", value)
        assert "(?P<" not in address, f"a path parameter this test cannot fill: {prefix}"
        found.append((f"/api/v1/{address}/", viewset))
    return found


def _filters(kind: type) -> list[tuple[str, str]]:
    """(list address, parameter) for every filter of ``kind`` of every list."""
    return [
        (address, name)
        for address, viewset in _lists()
        for name, field in viewset.filterset_class.base_filters.items()
        if isinstance(field, kind)
    ]


CHOICE_FILTERS = _filters(ChoiceFilter)
EVERY_FILTER = _filters(object)


def test_the_choice_filters_are_found():
    """The ones the attack found answering 500 are among them (and the list is not empty)."""
    found = {(address.removeprefix(BASE), name) for address, name in CHOICE_FILTERS}
    for expected in [
        ("/shows/", "kind"),
        ("/shows/", "status"),
        ("/wrestlers/", "alignment"),
        ("/wrestlers/", "status"),
        ("/matches/", "method"),
        ("/ledger/", "attribute"),
        ("/injuries/", "source"),
        ("/matches/", "rule_system"),
        ("/teams/", "kind"),
    ]:
        assert expected in found, expected
    assert ("/api/v1/federations/", "rule_system") in {
        (address, name) for address, name in CHOICE_FILTERS
    }


@pytest.mark.parametrize("address, parameter", CHOICE_FILTERS)
@pytest.mark.parametrize("value", ["%", "%s", "100%", "%(value)s"])
def test_a_percent_sign_in_a_choice_filter_is_a_400_naming_it(sample, address, parameter, value):
    client = client_for({}, "anonymous")
    client.raise_request_exception = False
    response = client.get(address, {parameter: value})
    body = error_shape(response)
    (problem,) = body["errors"]
    assert problem["path"] == parameter
    assert problem["message"].startswith(f"{value!r} is not one of "), problem


@pytest.mark.parametrize("address, parameter", EVERY_FILTER)
def test_a_percent_sign_in_any_filter_is_never_a_server_error(sample, address, parameter):
    """Words (a style, a slug) may take it; the rest refuse it by name."""
    client = client_for({}, "anonymous")
    client.raise_request_exception = False
    response = client.get(address, {parameter: "%"})
    if response.status_code != 200:
        assert error_shape(response)["errors"][0]["path"] == parameter


def test_every_list_reads_its_filters_through_the_one_backend():
    """``FilterBackend`` (no list with django-filter's own, which answers 500 to a ``%``)."""
    for address, viewset in _lists():
        backends = [b for b in viewset.filter_backends if issubclass(b, DjangoFilterBackend)]
        assert backends == [FilterBackend], (address, viewset.filter_backends)


# -- moments and their offsets --------------------------------------------------------------------

BAD_OFFSET = (
    "A moment's offset from UTC is at most 14 hours either way (as a time zone's is): "
    "2026-01-01T00:00:00{offset} has {offset}."
)


@pytest.mark.parametrize("parameter", ["before", "after"])
@pytest.mark.parametrize("offset", ["+16:00", "-15:00", "+14:01", "+23:59", "-23:59"])
def test_an_offset_no_time_zone_has_is_a_400_naming_the_parameter(
    sample, people, parameter, offset
):
    client = client_for(people, "anonymous")
    client.raise_request_exception = False
    response = client.get(f"{BASE}/shows/", {parameter: f"2026-01-01T00:00:00{offset}"})
    message = BAD_OFFSET.format(offset=offset)
    assert error_shape(response) == {
        "detail": f"{parameter}: {message}",
        "errors": [{"path": parameter, "message": message}],
    }


def test_an_offset_a_time_zone_has_still_filters(history, people):
    client = client_for(people, "anonymous")
    shows = client.get(f"{BASE}/shows/").json()["count"]
    assert shows == 2
    for offset in ("+14:00", "-14:00", "+05:45", "Z"):
        far = client.get(f"{BASE}/shows/", {"before": f"2099-01-01T00:00:00{offset}"})
        assert far.json()["count"] == 2, offset
        past = client.get(f"{BASE}/shows/", {"after": f"2099-01-01T00:00:00{offset}"})
        assert past.json()["count"] == 0, offset


def test_a_show_dated_with_an_offset_no_time_zone_has_is_a_400(sample, people):
    client = client_for(people, "owner")
    response = client.post(
        f"{BASE}/shows/", {"scheduled_at": "2030-01-04T20:00:00+16:00"}, format="json"
    )
    message = (
        "A moment's offset from UTC is at most 14 hours either way (as a time zone's is): "
        "2030-01-04T20:00:00+16:00 has +16:00."
    )
    assert error_shape(response)["errors"] == [{"path": "scheduled_at", "message": message}]


# -- bodies: deep, and numbers no column holds -----------------------------------------------------


def _json_operations() -> list[tuple[str, str]]:
    """(method, path) of every operation whose body may be JSON, from the schema."""
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    return [
        (method, path)
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if "application/json" in operation.get("requestBody", {}).get("content", {})
    ]


JSON_OPERATIONS = _json_operations()
DEEP = "The body is nested deeper than 64 levels."


@pytest.fixture
def objects(sample) -> dict[str, str]:
    """A value for every path parameter of the operations that read a body: rows that exist,
    a draft show with a match on it, so each operation gets as far as reading its body."""
    from tests.matches.helpers import book_week

    draft = book_week(
        sample,
        scheduled_at=timezone.now() + dt.timedelta(days=30),
        seed=7,
        matches=2,
        schedule=False,
    )
    wrestler = Wrestler.objects.filter(federation=sample).first()
    injury = Injury.objects.filter(wrestler__federation=sample).first()
    injury = injury or factories.InjuryFactory.create(wrestler=wrestler)
    feud = Feud.objects.filter(federation=sample).first()
    team = Team.objects.filter(federation=sample).first()
    title = Title.objects.filter(federation=sample).first()
    assert wrestler and feud and team and title  # (the sample federation has each)
    return {
        "federation_slug": "copperline",
        "number": str(draft.number),
        "show_number": str(draft.number),
        "position": "1",
        "username": "booker",
        "wrestler_slug": wrestler.slug,
        "system": "filsinger",
        "name": "filsinger",
        "feud": str(feud.pk),
        "injury": str(injury.pk),
        "team": team.slug,
        "title": title.slug,
        "wrestler": wrestler.slug,
    }


#: The row an ``{id}`` or ``{slug}`` names, by the collection it is in.
ROW_OF = {
    "feuds": "feud",
    "injuries": "injury",
    "teams": "team",
    "titles": "title",
    "wrestlers": "wrestler",
}


def _address(path: str, objects: dict[str, str]) -> str:
    """The operation's path with each parameter filled (``{id}`` and ``{slug}`` by the
    collection they are in)."""
    parts = path.split("/")
    for index, part in enumerate(parts):
        if part in ("{id}", "{slug}"):
            parts[index] = objects[ROW_OF[parts[index - 1]]]
        elif part.startswith("{"):
            parts[index] = objects[part.strip("{}")]
    return "/".join(parts)


@pytest.mark.parametrize("method, path", JSON_OPERATIONS)
@pytest.mark.parametrize("depth", [65, 1_000])
def test_a_body_nested_too_deep_is_a_400_at_every_json_endpoint(
    objects, people, method, path, depth
):
    who = "anonymous" if path == "/api/v1/auth/token/" else "owner"
    client = client_for(people, who)
    client.raise_request_exception = False
    body = "[" * depth + "]" * depth
    response = getattr(client, method)(
        _address(path, objects), body, content_type="application/json"
    )
    problem = error_shape(response)["errors"][0]
    # (A whole federation's document is "the document" in its importer's words.)
    assert DEEP.removeprefix("The body ")[:-1] in problem["message"], (method, path, problem)
    if depth == 65:  # the loader walks it: it says where
        assert problem["path"] == "[0]" * 64
        assert problem["message"].endswith(" (at $" + "[0]" * 64 + ")."), problem


def test_the_json_operations_are_found():
    assert ("post", "/api/v1/auth/token/") in JSON_OPERATIONS
    assert ("post", "/api/v1/systems/{name}/check-card/") in JSON_OPERATIONS
    assert len(JSON_OPERATIONS) >= 25


HUGE = "9" * 5_000
PAIRING = '{"sides": [["corrigan-vale"], ["skylar-finch"]]}'
THOUSANDS = "The body holds an integer of thousands of digits."
OUT_OF_RANGE = (
    "The body holds an integer out of range at $.{path} (at most 9,223,372,036,854,775,807 "
    "either way)."
)


def test_a_five_thousand_digit_integer_to_check_card_is_a_400(sample, people):
    client = client_for(people, "anonymous")
    client.raise_request_exception = False
    body = '{"name": "Big", "power": ' + HUGE + "}"
    response = client.post(
        "/api/v1/systems/filsinger/check-card/", body, content_type="application/json"
    )
    assert error_shape(response) == {
        "detail": THOUSANDS,
        "errors": [{"path": "", "message": THOUSANDS}],
    }


@pytest.mark.parametrize("field", ["seed", "runs"])
def test_a_five_thousand_digit_integer_to_odds_is_a_400(sample, people, field):
    client = client_for(people, "anonymous")
    client.raise_request_exception = False
    body = f'{PAIRING[:-1]}, "{field}": {HUGE}}}'
    response = client.post(f"{BASE}/odds/", body, content_type="application/json")
    assert error_shape(response)["errors"] == [{"path": "", "message": THOUSANDS}]


@pytest.mark.parametrize("value", [str(2**63), str(-(2**63)), "1" + "0" * 30])
def test_an_integer_past_64_bits_is_a_400_naming_its_place(sample, people, value):
    client = client_for(people, "anonymous")
    client.raise_request_exception = False
    body = f'{PAIRING[:-1]}, "seed": {value}}}'
    response = client.post(f"{BASE}/odds/", body, content_type="application/json")
    message = OUT_OF_RANGE.format(path="seed")
    assert error_shape(response) == {
        "detail": message,
        "errors": [{"path": "seed", "message": message}],
    }


@pytest.mark.parametrize("value", [str(2**62), "1e300", "-1e300"])
def test_a_number_the_loader_holds_but_no_field_takes_is_a_400_by_its_field(sample, people, value):
    client = client_for(people, "anonymous")
    client.raise_request_exception = False
    body = f'{PAIRING[:-1]}, "seed": {value}}}'
    response = client.post(f"{BASE}/odds/", body, content_type="application/json")
    assert [item["path"] for item in error_shape(response)["errors"]] == ["seed"]


def _with_first_number(document, marker: str):
    """``document`` with its first whole number (depth first) replaced by ``marker``."""
    if isinstance(document, dict):
        items = list(document.items())
    elif isinstance(document, list):
        items = list(enumerate(document))
    else:
        return document, False
    copy = dict(document) if isinstance(document, dict) else list(document)
    for key, value in items:
        if isinstance(value, int) and not isinstance(value, bool):
            copy[key] = marker
            return copy, True
        replaced, done = _with_first_number(value, marker)
        if done:
            copy[key] = replaced
            return copy, True
    return copy, False


@pytest.mark.parametrize("system", ["filsinger", "superstar", "arm"])
@pytest.mark.parametrize("value", [str(2**62), str(-(2**62)), "1e300"])
def test_a_card_with_a_number_no_rule_takes_is_never_a_server_error(sample, people, system, value):
    import json

    client = client_for(people, "anonymous")
    client.raise_request_exception = False
    card = client.get(f"{BASE}/wrestlers/corrigan-vale/cards/{system}/").json()["data"]
    changed, done = _with_first_number(card, "__VALUE__")
    assert done, card
    text = json.dumps(changed).replace('"__VALUE__"', value)
    response = client.post(
        f"/api/v1/systems/{system}/check-card/", text, content_type="application/json"
    )
    assert response.status_code == 400, (value, response.content[:300])
    assert error_shape(response)["errors"], response.content
