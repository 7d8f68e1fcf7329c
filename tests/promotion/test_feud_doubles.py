"""Twenty requests to start the same feud at once start one: the feud desk (``feud_start``) takes
the federation's row lock before it looks for a running feud between the same sides, so the
requests are one after the other and every one but the first is refused, naming that feud.

On SQLite (the embedded default) the test skips (``tests.concurrent``); the refusal of a second
feud between the same sides is tested in ``test_feud_desk.py``."""

from __future__ import annotations

from collections import Counter

import pytest
from rest_framework.test import APIClient

from promotion.models import Feud, MemberRole, Membership
from tests import factories
from tests.concurrent import at_once, needs_postgresql
from tests.promotion.refusals import signed

REQUESTS = 20


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
