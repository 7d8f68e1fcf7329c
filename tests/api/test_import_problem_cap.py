"""A federation document with a great many problems is refused with the first 200 of them, in
the document's order: enough to fix a batch, never an answer that grows with the document."""

from __future__ import annotations

import json

import pytest

from promotion.models import Federation
from promotion.transfer import TransferError, federation_export, federation_import
from tests import factories
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def document():
    federation = factories.FederationFactory(slug="home")  # (nothing else: no other problem)
    data = json.loads(json.dumps(federation_export(federation=federation)))
    data["federation"]["slug"] = "copy"
    return data


def unknown(document, count: int) -> dict:
    return {**document, **{f"extra{n:03}": n for n in range(count)}}


def refused(document) -> list[tuple[str, str]]:
    with pytest.raises(TransferError) as refusal:
        federation_import(document=document, owner=factories.UserFactory())
    assert not Federation.objects.filter(slug="copy").exists()
    return refusal.value.problems


def test_two_hundred_problems_are_all_told(document):
    problems = refused(unknown(document, 200))
    assert problems == [(f"extra{n:03}", "unknown field") for n in range(200)]


def test_past_two_hundred_the_first_two_hundred_are_told(document):
    problems = refused(unknown(document, 201))
    assert problems == [(f"extra{n:03}", "unknown field") for n in range(200)]


def test_the_api_answers_the_first_two_hundred(document, people):
    client = client_for(people, "outsider")
    response = client.post("/api/v1/federations/import/", unknown(document, 250), format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert errors == [{"path": f"extra{n:03}", "message": "unknown field"} for n in range(200)]
    assert not Federation.objects.filter(slug="copy").exists()
