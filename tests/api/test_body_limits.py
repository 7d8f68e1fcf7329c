"""Bodies the API reads are bounded: a larger one is refused unread with 413."""

import pytest

pytestmark = pytest.mark.django_db


def test_a_body_over_the_limit_is_refused_unread(client, settings):
    from django.contrib.auth import get_user_model

    settings.API_MAX_BODY_BYTES = 1024
    user = get_user_model().objects.create_user("someone", password="x" * 20)
    client.force_login(user)
    body = b'{"name": "' + b"x" * 4096 + b'", "slug": "big"}'
    response = client.post("/api/v1/federations/", body, content_type="application/json")
    assert response.status_code == 413
    assert "larger than 1 KiB" in response.json()["detail"]


def test_the_token_endpoints_body_is_bounded_too(client, settings):
    settings.API_MAX_BODY_BYTES = 1024
    body = b'{"username": "' + b"x" * 4096 + b'", "password": "x"}'
    response = client.post("/api/v1/auth/token/", body, content_type="application/json")
    assert response.status_code == 413
    assert response.json() == {
        "detail": "The request body is larger than 1 KiB.",
        "errors": [],
    }


def test_every_endpoint_reads_json_through_the_bounded_reader():
    """No view (nor one of its actions) reads JSON with DRF's own ``JSONParser``, which has no
    bound on depth or integers: each JSON reader is ``BoundedJSONParser`` or its kind."""
    from rest_framework.parsers import JSONParser

    from config.urls import api_v1
    from web.api_support import BoundedJSONParser

    def patterns(entries):
        for entry in entries:
            if hasattr(entry, "url_patterns"):
                yield from patterns(entry.url_patterns)
            else:
                yield entry

    checked = 0
    for pattern in patterns(api_v1):
        view = getattr(pattern.callback, "cls", None)
        if view is None:
            continue
        initkwargs = getattr(pattern.callback, "initkwargs", {})
        parsers = initkwargs.get("parser_classes") or view.parser_classes
        for parser in parsers:
            if issubclass(parser, JSONParser):
                assert issubclass(parser, BoundedJSONParser), (str(pattern.pattern), parser)
                checked += 1
    assert checked > 30
