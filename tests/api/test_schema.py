"""The OpenAPI schema: generated without a warning, documented pages served by the project, and
schemathesis, run from the schema against a live server, finding no server error and no response
that breaks the schema."""

from __future__ import annotations

import re
import time

import pytest
from django.core.management import call_command
from django.test import Client

from promotion.models import MemberRole, Membership
from tests import factories

#: Operations that run a show or compute odds are slow; they get fewer examples.
EXAMPLES = 50
SLOW_EXAMPLES = 10
SLOW = re.compile(r"/(run|run-week|odds|autobook|import)/")
#: The whole fuzzing run stops generating new cases after this many seconds. The time is shared
#: out: operation i of n sends cases past its first only until i/n of the budget is spent (what
#: one leaves is the next one's), so every operation of the schema is tried, and a slow one
#: cannot starve those after it.
BUDGET_SECONDS = 60


def test_the_schema_generates_without_warnings(tmp_path):
    call_command(
        "spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml")
    )
    text = (tmp_path / "schema.yaml").read_text()
    assert "/api/v1/federations/{federation_slug}/shows/{number}/run/" in text


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path, script",
    [
        ("/api/docs/", "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js"),
        ("/api/redoc/", "/api/redoc/redoc.standalone.js"),
    ],
)
def test_the_documentation_pages_load_nothing_from_elsewhere(path, script):
    page = Client().get(path).content.decode()
    assert f'<script src="{script}">' in page
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page), page
    assert "googleapis" not in page and "cdn" not in page.lower()


@pytest.mark.django_db
def test_redocs_bundle_is_the_sidecars_without_its_cdn_logo():
    """The browser test (tests/e2e/test_api_docs.py) sees the page ask nothing of another host;
    this one the bundle as served: the sidecar's, with only the logo's address and the two
    comments naming files beside it changed, and cached by ETag."""
    from importlib import resources

    sidecar = (
        resources.files("drf_spectacular_sidecar")
        / "static/drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js"
    ).read_text(encoding="utf-8")
    assert "https://cdn.redoc.ly/redoc/logo-mini.svg" in sidecar
    client = Client()
    response = client.get("/api/redoc/redoc.standalone.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    served = response.content.decode()
    assert "cdn.redoc.ly" not in served and 'src:"data:,"' in served
    # The code's lines keep their lengths: the sidecar's source map still fits.
    assert [len(line) for line in served.splitlines()[1:-1]] == [
        len(line) for line in sidecar.splitlines()[1:-1]
    ]
    head, tail = served.splitlines()[0], served.splitlines()[-1]
    assert head.endswith(
        "/static/drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js.LICENSE.txt */"
    )
    assert tail.endswith("/static/drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js.map")
    cached = client.get("/api/redoc/redoc.standalone.js", HTTP_IF_NONE_MATCH=response["ETag"])
    assert cached.status_code == 304
    packed = client.get("/api/redoc/redoc.standalone.js", HTTP_ACCEPT_ENCODING="gzip")
    assert packed["Content-Encoding"] == "gzip" and len(packed.content) < len(response.content) / 2
    assert client.post("/api/redoc/redoc.standalone.js").status_code == 405


def test_the_documentation_speaks_to_visitors_not_to_the_repository():
    """The documentation pages show the schema's descriptions to visitors of the site, who cannot
    open the repository's files or read its code: no "see docs/api.md", no module paths."""
    import json

    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    about = schema["info"]["description"]
    for needed in ("GET /api/v1/", "POST /api/v1/auth/token/", "Authorization: Token", "429"):
        assert needed in about, needed
    text = json.dumps(schema)
    for pattern in (r"\.md\b", r"\bdocs/\w", r"``\w+(\.\w+)+``"):
        assert not re.search(pattern, text), re.search(pattern, text)


def test_every_operation_documents_401_404_and_429():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            codes = set(operation["responses"])
            assert {"401", "404", "429"} <= codes, (method, path, codes)
            if method in ("post", "put", "patch", "delete"):
                assert {"400", "403"} <= codes, (method, path, codes)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_schemathesis_finds_no_server_error_and_no_nonconforming_response(live_server, monkeypatch):
    """Every operation of the schema, fuzzed from it (valid and invalid input, signed in or
    not), against a live server with the throttles lifted for this test: no 5xx, no status,
    content type, header or body the schema does not give, and no 429 (the throttles did not
    interfere)."""
    from rest_framework.authtoken.models import Token
    from rest_framework.throttling import SimpleRateThrottle
    from schemathesis import openapi
    from schemathesis.checks import not_a_server_error
    from schemathesis.specs.openapi.checks import (
        content_type_conformance,
        response_headers_conformance,
        response_schema_conformance,
        status_code_conformance,
    )

    from tests.api.conftest import throttle_rates

    # The throttles lifted here, whatever the fixtures of the folder do: every scope (the
    # expensive actions' too) at a rate the run cannot reach, counted in a cache of its own.
    throttle_rates(monkeypatch, **dict.fromkeys(SimpleRateThrottle.THROTTLE_RATES, "1000000/min"))
    # A webhook's test is sent at once (no broker): nothing leaves the machine, every host
    # looking up as a documentation address, which the site refuses.
    monkeypatch.setattr("matches.outbound.resolve", lambda host, port: ["192.0.2.1"])

    owner = factories.UserFactory(username="owner")
    call_command("load_sample_federation", owner="owner", verbosity=0)
    from promotion.models import Federation

    federation = Federation.objects.get(slug="copperline")
    Membership.objects.create(
        federation=federation, user=factories.UserFactory(username="viewer"), role=MemberRole.VIEWER
    )
    token = Token.objects.create(user=owner).key

    schema = openapi.from_url(f"{live_server.url}/api/schema/?format=json")
    checks = [
        not_a_server_error,
        not_throttled,
        status_code_conformance,
        content_type_conformance,
        response_headers_conformance,
        response_schema_conformance,
    ]
    failures: list[str] = []
    operations = [result.ok() for result in schema.get_all_operations()]
    state = {"tried": 0, "began": time.monotonic(), "covered": set()}
    for index, operation in enumerate(operations):
        state["until"] = state["began"] + BUDGET_SECONDS * (index + 1) / len(operations)
        fuzz = _fuzzer(operation, live_server.url, token, checks, state, failures)
        fuzz()
    every = {f"{operation.method.upper()} {operation.path}" for operation in operations}
    assert len(every) >= 70  # (76 when this was written)
    assert state["covered"] == every, sorted(every - state["covered"])
    # (How many cases the budget sends depends on the machine's speed, so it is reported, not
    # held: 3,521 in 56 s on PostgreSQL on a quiet machine.)
    print(f"schemathesis: {state['tried']} cases over {len(every)} operations")
    assert not failures, "\n\n".join(failures[:10])


def not_throttled(ctx, response, case):
    """A check of its own: a 429 means the throttles were not lifted and cases went untested."""
    assert response.status_code != 429, "throttled: the run's cases must not be"


def _fuzzer(operation, server: str, token: str, checks, state: dict, failures: list[str]):
    """A Hypothesis test of one operation: a few cases, each sent and checked against the schema.
    Two cases in three carry the owner's token, one in four keeps a random federation slug. Its
    first case is always sent; the rest while its share of the budget lasts."""
    from hypothesis import HealthCheck, Phase, given, settings
    from schemathesis import GenerationMode
    from schemathesis.core.failures import FailureGroup

    slow = SLOW.search(operation.path) is not None
    name = f"{operation.method.upper()} {operation.path}"

    @settings(
        max_examples=SLOW_EXAMPLES if slow else EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(
        case=operation.as_strategy(generation_mode=GenerationMode.POSITIVE)
        | operation.as_strategy(generation_mode=GenerationMode.NEGATIVE)
    )
    def fuzz(case):
        if name in state["covered"] and time.monotonic() > state["until"]:
            return
        state["covered"].add(name)
        state["tried"] += 1
        tried = state["tried"]
        if "federation_slug" in (case.path_parameters or {}) and tried % 4:
            case.path_parameters["federation_slug"] = "copperline"
        try:
            case.call_and_validate(
                base_url=server,
                headers={"Authorization": f"Token {token}"} if tried % 3 else {},
                checks=checks,
                timeout=30,
            )
        except (AssertionError, FailureGroup) as exc:
            failures.append(f"{name}: {exc}")

    return fuzz


def test_a_matchs_title_and_feud_are_nullable_as_the_api_gives_them(history):
    """A match that is for no title, or of no feud, has ``null`` there: the schema says so, and
    every match the API lists conforms."""
    from drf_spectacular.generators import SchemaGenerator
    from rest_framework.test import APIClient

    schema = SchemaGenerator().get_schema(request=None, public=True)
    for component in ("Match", "MatchDetail"):
        properties = schema["components"]["schemas"][component]["properties"]
        for name, kind in (("title", "string"), ("feud", "integer")):
            assert properties[name]["type"] == kind, (component, name)
            assert properties[name].get("nullable") is True, (component, name)
            assert properties[name].get("readOnly") is True, (component, name)
    matches = APIClient().get(f"/api/v1/federations/{history.slug}/matches/?page_size=500")
    rows = matches.json()["results"]
    assert any(row["title"] is None for row in rows) and any(row["feud"] is None for row in rows)
    assert any(row["title"] is not None for row in rows)
