"""A webhook's delivery on a real Celery worker, through Redis: the first attempt gets a 503,
and the task is retried by Celery after the backoff (its countdown), not by a worker sleeping.
The first wait is set to 1 second for the test (``RINGSIDE_WEBHOOKS_BACKOFF_SECONDS``)."""

from __future__ import annotations

import pytest
from celery.contrib.testing.worker import start_worker
from django.db import transaction

from config.celery import app
from matches import webhooks
from matches.models import DeliveryStatus, WebhookDelivery
from tests import factories
from tests.conftest import requires_redis
from tests.matches import webhook_receiver
from tests.polling import wait_until


@requires_redis
@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_worker_retries_a_delivery_after_the_countdown(settings):
    settings.RINGSIDE_WEBHOOKS_ALLOW_PRIVATE = True
    settings.RINGSIDE_WEBHOOKS_BACKOFF_SECONDS = 1
    receiver, server = webhook_receiver.start()
    receiver.script = [503, 200]
    try:
        webhook = webhooks.webhook_add(
            federation=factories.FederationFactory(), url=receiver.url, format="json"
        )
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=30):
            with transaction.atomic():
                delivery = webhooks.webhook_test(webhook=webhook)
                assert receiver.received == []  # (queued only once committed)

            def delivered() -> bool:
                delivery.refresh_from_db()
                return delivery.status == DeliveryStatus.DELIVERED

            wait_until(delivered, timeout=30, every=0.05, what="the delivery")
    finally:
        receiver.release.set()
        server.shutdown()
        server.server_close()
    assert (delivery.attempts, delivery.last_code, delivery.last_error) == (2, 200, "")
    assert len(receiver.received) == 2
    first, second = receiver.received
    assert second.at - first.at >= 1.0  # the countdown of 1 second, waited by Celery
    assert WebhookDelivery.objects.count() == 1
