"""The card file (``cards/export/``) is YAML text, as ``import_cards`` and the card docs read it,
and its schema describes the document that text holds: an object with a ``cards`` list, each
card naming its wrestler and system. A client that reads the YAML (schemathesis does) gets what
the schema says, and so does one that asks for JSON. So does a single card read as YAML."""

from __future__ import annotations

import jsonschema
import pytest
import yaml
from drf_spectacular.generators import SchemaGenerator

from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db

BASE = "/api/v1/federations/copperline"
EXPORT = "/api/v1/federations/{federation_slug}/cards/export/"
CARD = "/api/v1/federations/{federation_slug}/wrestlers/{wrestler_slug}/cards/{system}/"


@pytest.fixture
def visitor(people):
    return client_for(people, "anonymous")


@pytest.fixture(scope="module")
def schema():
    return SchemaGenerator().get_schema(request=None, public=True)


def _conforms(schema: dict, path: str, media_type: str, document) -> None:
    """Validate ``document`` against the schema of the 200 answer of GET ``path`` in
    ``media_type`` (references resolved within the whole schema)."""
    answer = schema["paths"][path]["get"]["responses"]["200"]["content"][media_type]["schema"]
    root = {**answer, "components": schema["components"]}
    problems = [
        f"{error.json_path}: not {error.validator} {error.validator_value!r}"
        for error in jsonschema.Draft4Validator(root).iter_errors(document)
    ]
    assert problems == [], problems[:5]


@pytest.mark.parametrize("query", ["", "?system=arm"])
def test_the_card_file_as_yaml_is_the_document_the_schema_describes(schema, sample, visitor, query):
    response = visitor.get(f"{BASE}/cards/export/{query}")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/yaml; charset=utf-8"
    text = response.content.decode()
    assert text.startswith("cards:\n- slug: ")
    document = yaml.safe_load(text)
    _conforms(schema, EXPORT, "application/yaml", document)
    assert len(document["cards"]) == (18 if query else 54)


def test_the_card_file_as_json_is_the_same_document(schema, sample, visitor):
    response = visitor.get(f"{BASE}/cards/export/?format=json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    _conforms(schema, EXPORT, "application/json", response.json())
    as_yaml = yaml.safe_load(visitor.get(f"{BASE}/cards/export/").content)
    assert response.json() == as_yaml


def test_the_schema_says_what_a_card_file_holds(schema):
    content = schema["paths"][EXPORT]["get"]["responses"]["200"]["content"]
    for media_type in ("application/yaml", "application/json"):
        file = content[media_type]["schema"]
        if "$ref" in file:
            file = schema["components"]["schemas"][file["$ref"].rsplit("/", 1)[1]]
        assert file["type"] == "object", media_type
        assert file["required"] == ["cards"], media_type
        card = file["properties"]["cards"]["items"]
        if "$ref" in card:
            card = schema["components"]["schemas"][card["$ref"].rsplit("/", 1)[1]]
        assert card["required"] == ["slug", "system"], media_type
        assert card["properties"]["system"]["enum"] == ["filsinger", "superstar", "arm"]


def test_one_card_as_yaml_is_the_document_the_schema_describes(schema, sample, visitor):
    response = visitor.get(f"{BASE}/wrestlers/corrigan-vale/cards/filsinger/?format=yaml")
    assert response.status_code == 200
    document = yaml.safe_load(response.content)
    assert document["system"] == "filsinger" and document["name"] == "Corrigan Vale"
    _conforms(schema, CARD, "application/yaml", document)
