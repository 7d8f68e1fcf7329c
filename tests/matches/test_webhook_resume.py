"""A webhook delivery lost on the way is sent again: a retry whose thread's process ended (no
broker) or whose countdown died with its worker, and a first attempt that could not be queued,
are taken for lost ten minutes past their time (``webhooks.LOST_AFTER``) and sent again at the
next tick of the embedded runner or of beat's dispatch (``webhooks.deliveries_resume``)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from matches import webhooks
from matches.models import DeliveryKind, DeliveryStatus, WebhookDelivery
from matches.runner import run_due_once
from matches.tasks import dispatch_due_shows
from tests import factories
from tests.matches import webhook_receiver

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process")]


@pytest.fixture
def receiver(settings):
    settings.RINGSIDE_WEBHOOKS_ALLOW_PRIVATE = True
    found, server = webhook_receiver.start()
    yield found
    found.release.set()
    server.shutdown()
    server.server_close()


def delivery(webhook, *, status, made_ago, due_in=None, attempts=0):
    """A delivery as the log holds it: made ``made_ago`` ago, its next attempt ``due_in`` from
    now (negative: past its time)."""
    now = timezone.now()
    row = WebhookDelivery.objects.create(webhook=webhook, kind=DeliveryKind.TEST)
    WebhookDelivery.objects.filter(pk=row.pk).update(
        status=status,
        attempts=attempts,
        created_at=now - made_ago,
        next_attempt_at=None if due_in is None else now + due_in,
    )
    return row


def test_the_runners_tick_sends_again_the_deliveries_lost_and_leaves_the_rest(receiver):
    receiver.script = [200, 200]
    webhook = webhooks.webhook_add(
        federation=factories.FederationFactory(), url=receiver.url, format="json"
    )
    minutes = dt.timedelta(minutes=1)
    lost_retry = delivery(
        webhook, status="retrying", made_ago=30 * minutes, due_in=-11 * minutes, attempts=2
    )
    never_queued = delivery(webhook, status="pending", made_ago=11 * minutes)
    live_retry = delivery(
        webhook, status="retrying", made_ago=30 * minutes, due_in=-9 * minutes, attempts=1
    )
    just_made = delivery(webhook, status="pending", made_ago=9 * minutes)
    done = delivery(
        webhook, status="failed", made_ago=60 * minutes, due_in=-50 * minutes, attempts=5
    )

    run_due_once()

    assert len(receiver.received) == 2
    found = {d.pk: d for d in WebhookDelivery.objects.all()}
    assert (found[lost_retry.pk].status, found[lost_retry.pk].attempts) == ("delivered", 3)
    assert (found[never_queued.pk].status, found[never_queued.pk].attempts) == ("delivered", 1)
    assert (found[live_retry.pk].status, found[live_retry.pk].attempts) == ("retrying", 1)
    assert (found[just_made.pk].status, found[just_made.pk].attempts) == ("pending", 0)
    assert (found[done.pk].status, found[done.pk].attempts) == ("failed", 5)


def test_a_delivery_taken_is_left_by_the_next_sweep(monkeypatch):
    """Two sweeps at once (two runners, or beat and a runner) send a lost delivery once: the
    first marks it taken, and the second finds it so."""
    sent: list[int] = []
    monkeypatch.setattr(webhooks, "_enqueue", sent.append)
    webhook = webhooks.webhook_add(
        federation=factories.FederationFactory(), url="https://example.com/hook", format="json"
    )
    lost = delivery(
        webhook,
        status="retrying",
        made_ago=dt.timedelta(hours=1),
        due_in=-dt.timedelta(minutes=20),
        attempts=1,
    )
    now = timezone.now()
    assert webhooks.deliveries_resume(now=now) == [lost.pk]
    assert webhooks.deliveries_resume(now=now) == []
    assert sent == [lost.pk]
    lost.refresh_from_db()
    assert lost.next_attempt_at == now and lost.status == DeliveryStatus.RETRYING
    # Lost again (its attempt never came): ten minutes on, it is sent again.
    later = now + webhooks.LOST_AFTER
    assert webhooks.deliveries_resume(now=later) == [lost.pk]
    assert sent == [lost.pk, lost.pk]


def test_beats_dispatch_sends_the_lost_deliveries_too(monkeypatch):
    sent: list[int] = []
    monkeypatch.setattr(webhooks, "_enqueue", sent.append)
    webhook = webhooks.webhook_add(
        federation=factories.FederationFactory(), url="https://example.com/hook", format="json"
    )
    lost = delivery(webhook, status="pending", made_ago=dt.timedelta(minutes=15))
    dispatch_due_shows()
    assert sent == [lost.pk]
