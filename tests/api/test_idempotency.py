"""The ``Idempotency-Key`` header on the API's creating POSTs (``web.idempotency``): a repeat
answers the first answer and creates nothing more; the same key with another body is refused;
no key behaves as before; keys are each user's; refused requests keep nothing; keys expire after
a day; twenty repeats at once make one effect (PostgreSQL: ``tests.concurrent``)."""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from matches.models import Show
from promotion.models import Feud, MemberRole, Membership
from tests import factories
from tests.concurrent import at_once, needs_postgresql
from web.models import IdempotencyKey
from web.tasks import forget_idempotency_keys

FEUDS = "/api/v1/federations/rivals/feuds/"
SHOWS = "/api/v1/federations/rivals/shows/"


def feud_body(heat: int = 4) -> dict:
    return {
        "sides": [
            {"members": [{"kind": "wrestler", "slug": "ada-vance"}]},
            {"members": [{"kind": "wrestler", "slug": "bo-lane"}]},
        ],
        "started_on": "2026-10-02",
        "heat": heat,
    }


def make_rivals():
    owner = factories.UserFactory(username="owner")
    booker = factories.UserFactory(username="booker")
    federation = factories.FederationFactory(name="Rivals", slug="rivals", owner=owner)
    Membership.objects.create(federation=federation, user=booker, role=MemberRole.BOOKER)
    factories.WrestlerFactory(federation=federation, ring_name="Ada Vance", slug="ada-vance")
    factories.WrestlerFactory(federation=federation, ring_name="Bo Lane", slug="bo-lane")
    return federation


@pytest.fixture
def rivals(db):
    return make_rivals()


def client(username: str = "booker") -> APIClient:
    api = APIClient()
    api.force_authenticate(user=factories.UserFactory.create(username=username))
    return api


def post(api: APIClient, path: str, body: dict | None = None, key: str | None = None):
    headers: dict[str, Any] = {} if key is None else {"HTTP_IDEMPOTENCY_KEY": key}
    return api.post(path, body or {}, format="json", **headers)


def test_a_repeat_answers_the_first_answer_and_creates_nothing_more(rivals):
    api = client()
    first = post(api, FEUDS, feud_body(), key="feud-ada-bo")
    assert first.status_code == 201
    assert "Idempotent-Replayed" not in first

    again = post(api, FEUDS, feud_body(), key="feud-ada-bo")

    assert again.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert Feud.objects.filter(federation=rivals).count() == 1
    assert first.json()["name"] == "Ada Vance vs. Bo Lane"


def test_the_same_body_in_another_order_and_spacing_is_the_same_request(rivals):
    api = client()
    post(api, FEUDS, feud_body(), key="k1")
    text = json.dumps(dict(reversed(list(feud_body().items()))), indent=4)
    again = api.post(FEUDS, text, content_type="application/json", HTTP_IDEMPOTENCY_KEY="k1")
    assert again.status_code == 201
    assert again["Idempotent-Replayed"] == "true"
    assert Feud.objects.filter(federation=rivals).count() == 1


def test_the_same_key_with_another_body_is_refused_and_does_nothing(rivals):
    api = client()
    post(api, FEUDS, feud_body(heat=4), key="k1")

    other = post(api, FEUDS, feud_body(heat=5), key="k1")

    assert other.status_code == 409
    message = (
        "The Idempotency-Key 'k1' was used for another request (another body to this address) "
        "in the last 24 hours; send a new key with a new request."
    )
    assert other.json() == {"detail": message, "errors": []}
    assert list(Feud.objects.filter(federation=rivals).values_list("heat", flat=True)) == [4]


def test_the_same_key_at_another_address_is_refused(rivals):
    api = client()
    post(api, FEUDS, feud_body(), key="k1")

    other = post(api, SHOWS, {}, key="k1")

    assert other.status_code == 409
    assert other.json()["detail"] == (
        "The Idempotency-Key 'k1' was used for another request (POST "
        "/api/v1/federations/rivals/feuds/) in the last 24 hours; send a new key with a new "
        "request."
    )
    assert not Show.objects.exists()


def test_without_a_key_every_request_is_carried_out_as_before(rivals):
    api = client()
    first, second = post(api, SHOWS), post(api, SHOWS)
    assert (first.status_code, second.status_code) == (201, 201)
    assert "Idempotent-Replayed" not in second
    # Each asks for the next weekly slot after the last show: two shows, a week apart.
    assert [first.json()["number"], second.json()["number"]] == [1, 2]
    assert not IdempotencyKey.objects.exists()


def test_a_repeated_show_request_with_a_key_makes_one_show(rivals):
    api = client()
    answers = [post(api, SHOWS, key="weekly-1") for _ in range(20)]
    assert Counter(a.status_code for a in answers) == {201: 20}
    assert {a.json()["number"] for a in answers} == {1}
    assert Show.objects.filter(federation=rivals).count() == 1


def test_another_users_same_key_is_his_own(rivals):
    booker, owner = client("booker"), client("owner")
    first = post(booker, SHOWS, key="weekly")
    second = post(owner, SHOWS, key="weekly")
    assert (first.status_code, second.status_code) == (201, 201)
    assert "Idempotent-Replayed" not in second
    assert [first.json()["number"], second.json()["number"]] == [1, 2]
    # and each repeat answers its own first answer
    assert post(owner, SHOWS, key="weekly").json()["number"] == 2
    assert post(booker, SHOWS, key="weekly").json()["number"] == 1
    assert Show.objects.count() == 2


def test_a_refused_request_keeps_nothing_and_is_tried_again(rivals):
    api = client()
    body = feud_body()
    body["sides"][1]["members"][0]["slug"] = "cy-moss"
    refused = post(api, FEUDS, body, key="k1")
    assert refused.status_code == 400
    assert refused.json()["errors"] == [
        {"path": "sides", "message": "Rivals has no wrestler 'cy-moss'."}
    ]
    assert not IdempotencyKey.objects.exists()

    factories.WrestlerFactory(federation=rivals, ring_name="Cy Moss", slug="cy-moss")
    tried_again = post(api, FEUDS, body, key="k1")

    assert tried_again.status_code == 201
    assert "Idempotent-Replayed" not in tried_again
    assert tried_again.json()["name"] == "Ada Vance vs. Cy Moss"


def test_a_key_is_forgotten_after_a_day(rivals):
    api = client()
    post(api, SHOWS, key="weekly")
    IdempotencyKey.objects.update(created_at=timezone.now() - dt.timedelta(hours=24, minutes=1))

    later = post(api, SHOWS, key="weekly")

    assert later.status_code == 201
    assert "Idempotent-Replayed" not in later
    assert later.json()["number"] == 2
    assert IdempotencyKey.objects.count() == 1


def test_the_periodic_task_forgets_the_keys_older_than_a_day(rivals):
    api = client()
    post(api, SHOWS, key="old")
    post(api, SHOWS, key="new")
    IdempotencyKey.objects.filter(key="old").update(
        created_at=timezone.now() - dt.timedelta(hours=25)
    )
    IdempotencyKey.objects.filter(key="new").update(
        created_at=timezone.now() - dt.timedelta(hours=23)
    )

    assert forget_idempotency_keys.apply().get() == 1

    assert list(IdempotencyKey.objects.values_list("key", flat=True)) == ["new"]


def test_the_forgetting_task_is_on_the_beat_schedule(db):
    """The migration puts it there (run again here: a test that flushes the database, in the
    same process before this one, takes the migrations' rows away)."""
    import importlib

    from django.apps import apps
    from django_celery_beat.models import PeriodicTask

    migration = importlib.import_module("web.migrations.0002_forget_keys_schedule")
    if not PeriodicTask.objects.filter(task="web.forget_idempotency_keys").exists():
        migration.create_schedule(apps, None)
    task = PeriodicTask.objects.get(task="web.forget_idempotency_keys")
    assert (task.interval.every, task.interval.period, task.enabled) == (3600, "seconds", True)


def test_a_repeat_while_the_first_is_carried_out_is_refused(rivals):
    api = client()
    post(api, SHOWS, key="weekly")
    # as while the first request runs: its key claimed, no answer yet
    IdempotencyKey.objects.update(status=None, body=None)

    meanwhile = post(api, SHOWS, key="weekly")

    assert meanwhile.status_code == 409
    assert meanwhile.json()["detail"] == (
        "The request first sent with the Idempotency-Key 'weekly' is still being carried out; "
        "send it again in a moment for its answer."
    )
    assert Show.objects.count() == 1


def test_a_claim_left_by_a_request_that_never_finished_is_taken_over(rivals):
    api = client()
    post(api, SHOWS, key="weekly")
    Show.objects.all().delete()  # as if its process died before it committed
    IdempotencyKey.objects.update(
        status=None, body=None, created_at=timezone.now() - dt.timedelta(minutes=16)
    )

    again = post(api, SHOWS, key="weekly")

    assert again.status_code == 201
    assert Show.objects.count() == 1
    assert IdempotencyKey.objects.get().status == 201


@pytest.mark.parametrize("key", ["", "two words", "k" * 256, "caf\u00e9"])
def test_a_key_that_is_no_key_is_refused(rivals, key):
    answer = client().post(
        SHOWS, {}, format="json", HTTP_IDEMPOTENCY_KEY=key.encode().decode("latin-1")
    )
    assert answer.status_code == 400
    [error] = answer.json()["errors"]
    assert error["path"] == "Idempotency-Key"
    assert error["message"].startswith(
        "The Idempotency-Key header is 1 to 255 visible ASCII characters (letters, digits and "
        "punctuation, no spaces), not "
    )
    assert not Show.objects.exists()


def test_a_key_counts_only_where_it_is_honoured(rivals):
    """An action that is no create ignores the header, as before."""
    api = client()
    show = post(api, SHOWS).json()["number"]
    answer = api.post(f"{SHOWS}{show}/cancel/", HTTP_IDEMPOTENCY_KEY="k1")
    assert answer.status_code == 200
    assert not IdempotencyKey.objects.exists()


def test_the_schema_documents_the_header_on_every_creating_post():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    honoured = sorted(
        path
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if any(
            p["name"] == "Idempotency-Key" and p["in"] == "header" and not p.get("required")
            for p in operation.get("parameters", [])
        )
        and method == "post"
    )
    assert honoured == [
        "/api/v1/federations/",
        "/api/v1/federations/import/",
        "/api/v1/federations/{federation_slug}/feuds/",
        "/api/v1/federations/{federation_slug}/injuries/",
        "/api/v1/federations/{federation_slug}/members/",
        "/api/v1/federations/{federation_slug}/shows/",
        "/api/v1/federations/{federation_slug}/shows/{show_number}/matches/",
        "/api/v1/federations/{federation_slug}/teams/",
        "/api/v1/federations/{federation_slug}/titles/",
        "/api/v1/federations/{federation_slug}/tournaments/",
        "/api/v1/federations/{federation_slug}/wrestlers/",
    ]


# -- at once (PostgreSQL) -------------------------------------------------------------------------


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_twenty_repeats_of_one_key_at_once_make_one_show():
    federation = make_rivals()
    booker = factories.UserFactory(username="booker")

    def send():
        api = APIClient()
        api.force_authenticate(user=booker)
        answer = post(api, SHOWS, key="weekly-1")
        return answer.status_code, answer.json()

    answers = at_once(20, send)

    assert Show.objects.filter(federation=federation).count() == 1
    created = [body for code, body in answers if code == 201]
    assert created and all(body["number"] == 1 for body in created)
    in_flight = (
        "The request first sent with the Idempotency-Key 'weekly-1' is still being carried out; "
        "send it again in a moment for its answer."
    )
    assert all(body["detail"] == in_flight for code, body in answers if code == 409)
    assert {code for code, _ in answers} <= {201, 409}


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_twenty_requests_for_a_show_at_the_same_time_make_one():
    federation = make_rivals()
    booker = factories.UserFactory(username="booker")

    def send():
        api = APIClient()
        api.force_authenticate(user=booker)
        answer = post(api, SHOWS, {"scheduled_at": "2027-01-08T19:00:00"})
        return answer.status_code, answer.json()

    answers = at_once(20, send)

    assert Counter(code for code, _ in answers) == {201: 1, 400: 19}
    assert Show.objects.filter(federation=federation).count() == 1
    taken = "The federation already has a show at Fri Jan 8, 2027 at 19:00."
    assert all(
        body["errors"] == [{"path": "", "message": taken}] for code, body in answers if code == 400
    )
