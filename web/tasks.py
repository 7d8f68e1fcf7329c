"""Celery tasks of the web app. Thin: one service call, plain data out."""

from celery import shared_task

from web.idempotency import forget_expired


@shared_task(name="web.forget_idempotency_keys", ignore_result=True)
def forget_idempotency_keys() -> int:
    """Periodic (django-celery-beat, hourly): forget the Idempotency-Keys older than a day."""
    return forget_expired()
