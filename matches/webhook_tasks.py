"""The task that sends a webhook's delivery (``matches.webhooks``), one attempt a run: a failed
attempt that may be tried again is retried by Celery after the wait the service gives (its
countdown), so a worker never sleeps through a backoff. Without a broker, where tasks run in the
calling process, the attempts run there one after the other, waiting between them.
``matches.tasks`` imports this module, so the worker finds the task."""

from __future__ import annotations

from dataclasses import asdict

from celery import shared_task

from matches import webhooks  # (the module: it sends this task)

DELIVER_WEBHOOK = "matches.deliver_webhook"


@shared_task(bind=True, name=DELIVER_WEBHOOK, ignore_result=True, max_retries=None)
def deliver_webhook(self, delivery_id: int) -> dict:
    if self.request.is_eager:
        return asdict(webhooks.delivery_run(delivery_id=delivery_id))
    tried = webhooks.delivery_attempt(delivery_id=delivery_id)
    if tried.wait is not None:
        raise self.retry(countdown=tried.wait)
    return asdict(tried)
