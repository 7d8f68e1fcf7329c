"""The task that sends a webhook's delivery (``matches.webhooks``), one attempt a run: a failed
attempt that may be tried again is retried by Celery after the wait the service gives (its
countdown), so a worker never sleeps through a backoff. Without a broker, where tasks run in the
calling process, the first attempt runs there, and any more in a thread of that process
(``webhooks.retry_in_background``), so that what ran the show does not wait through them.
``matches.tasks`` imports this module, so the worker finds the task."""

from __future__ import annotations

from dataclasses import asdict

from celery import shared_task

from matches import webhooks  # (the module: it sends this task)

DELIVER_WEBHOOK = "matches.deliver_webhook"


# acks_late: a worker that dies mid-attempt leaves the message to another (the delivery's log
# says which parts were taken; at worst one part is posted twice). A retry's countdown that dies
# with its worker is found by ``webhooks.deliveries_resume``.
@shared_task(bind=True, name=DELIVER_WEBHOOK, ignore_result=True, max_retries=None, acks_late=True)
def deliver_webhook(self, delivery_id: int) -> dict:
    tried = webhooks.delivery_attempt(delivery_id=delivery_id)
    if tried.wait is not None:
        if self.request.is_eager:  # (no broker: a thread waits, not the show's request)
            webhooks.retry_in_background(delivery_id=delivery_id, wait=tried.wait)
        else:
            raise self.retry(countdown=tried.wait)
    return asdict(tried)
