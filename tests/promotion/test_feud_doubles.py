"""Twenty requests to start the same feud at once start one: the feud desk (``feud_start``) takes
the federation's row lock before it looks for a running feud between the same sides, so the
requests are one after the other and every one but the first is refused, naming that feud.

Real concurrency needs a database that lets two connections write at once: PostgreSQL
(``DATABASE_URL``). The embedded default's test database is SQLite in memory, shared between
threads by a cache that answers "table is locked" rather than waiting; there every write is one
after the other anyway (``transaction_mode`` IMMEDIATE), and the refusal of a second feud
between the same sides is tested in ``test_feud_desk.py``."""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.db import connection, connections
from rest_framework.test import APIClient

from promotion.models import Feud, MemberRole, Membership
from tests import factories
from tests.promotion.refusals import signed

REQUESTS = 20

needs_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="concurrent writers need PostgreSQL (DATABASE_URL); SQLite writes one at a time",
)


def at_once(count: int, request) -> list:
    """``request()`` from ``count`` threads released together; their answers, in any order."""
    start = threading.Barrier(count)
    answers: list = [None] * count

    def one(index: int) -> None:
        try:
            start.wait()
            answers[index] = request()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=one, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_twenty_requests_for_the_same_feud_at_once_start_one():
    booker = factories.UserFactory(username="booker")
    federation = factories.FederationFactory(slug="rivals")
    Membership.objects.create(federation=federation, user=booker, role=MemberRole.BOOKER)
    signed(federation, "Ada Vance")
    signed(federation, "Bo Lane")
    body = {
        "sides": [
            {"members": [{"kind": "wrestler", "slug": "ada-vance"}]},
            {"members": [{"kind": "wrestler", "slug": "bo-lane"}]},
        ],
        "started_on": "2026-10-02",
        "heat": 4,
    }

    def post():
        client = APIClient()
        client.force_authenticate(user=booker)
        response = client.post("/api/v1/federations/rivals/feuds/", body, format="json")
        return response.status_code, response.json()

    answers = at_once(REQUESTS, post)

    assert Counter(code for code, _ in answers) == {201: 1, 400: 19}
    assert Feud.objects.filter(federation=federation).count() == 1
    feud = Feud.objects.get(federation=federation)
    assert feud.name == "Ada Vance vs. Bo Lane"
    refusal = "Ada Vance and Bo Lane are feuding already: Ada Vance vs. Bo Lane."
    for code, answer in answers:
        if code == 400:
            assert answer["errors"] == [{"path": "", "message": refusal}]
