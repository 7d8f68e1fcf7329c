"""Celery tasks of the promotion app. Thin: ids in, one service or selector call, plain data out."""

from celery import shared_task

from promotion.selectors import federation_summary


@shared_task(name="promotion.federation_summary")
def federation_summary_task(federation_slug: str) -> dict:
    """Report a federation's roster size, champions and unhealed injuries.

    Used by the deployment's health check: it proves a worker can reach both the broker and the
    database."""
    return federation_summary(slug=federation_slug)
