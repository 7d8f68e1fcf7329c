"""A federation's webhooks: the owner adds an address with a format (Discord, Slack, or JSON
signed with HMAC-SHA256), and each completed show's recap is posted to it after the show's
commit; a test message on demand. Every message is a ``WebhookDelivery``, the delivery log.

A delivery is sent by the ``matches.deliver_webhook`` task (``matches.webhook_tasks``), one
attempt at a time (``delivery_attempt``): a connection error, a timeout, a 5xx or a 429 is tried
again after a wait that doubles each time (``backoff``; a 429's Retry-After, within the same
bound), up to ``RINGSIDE_WEBHOOKS_MAX_ATTEMPTS``, after which the delivery has failed and says
so; any other answer but a 2xx fails it at once. A Discord recap longer than a message is sent
as several messages, split at match boundaries by ``matches.share``; a retry sends only those
not yet taken.

Requests go through ``matches.outbound``: a short timeout, no redirects, and no loopback,
private or link-local address unless ``RINGSIDE_WEBHOOKS_ALLOW_PRIVATE`` is on.

A JSON delivery carries ``X-Ringside-Signature: t=<unix time>,v1=<hex>``, the HMAC-SHA256 with
the webhook's secret of ``"<unix time>.<body>"`` (``signature``); a receiver computes the same
and refuses a time too far from its own (a replay). Docs: ``docs/sharing.md``, "Webhooks".
"""

from __future__ import annotations

import datetime as dt
import email.utils
import hashlib
import hmac
import json
import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import httpx
from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import QuerySet
from django.db.models.functions import Coalesce
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from matches import (
    outbound,
    share,
    webhook_tasks,  # (the module: its task calls these services)
)
from matches import recap as recaps
from matches.models import (
    DeliveryKind,
    DeliveryStatus,
    Show,
    ShowStatus,
    Webhook,
    WebhookDelivery,
    WebhookFormat,
)
from promotion.models import Federation
from promotion.services import ServiceError

logger = logging.getLogger(__name__)

#: The most webhooks a federation keeps.
MAX_WEBHOOKS = 10
SIGNATURE_HEADER = "X-Ringside-Signature"
EVENT_HEADER = "X-Ringside-Event"
DELIVERY_HEADER = "X-Ringside-Delivery"
TEST_TEXT = (
    "Ringside test: this webhook will be told of each show {federation} completes. "
    "Nothing else was sent."
)
SHOW_EVENT, TEST_EVENT = "show.completed", "webhook.test"
ERROR_LENGTH = 300

Sender = Callable[[str, bytes, dict[str, str]], outbound.Answer]


def _refuse(field: str, message: str) -> ServiceError:
    error = ServiceError(message)
    error.by_field = ((field, message),)
    return error


# -- the owner's doors ---------------------------------------------------------------------------


def webhooks_of(*, federation: Federation) -> QuerySet[Webhook]:
    return Webhook.objects.filter(federation=federation).order_by("created_at", "pk")


def deliveries_of(*, federation: Federation) -> QuerySet[WebhookDelivery]:
    """The federation's delivery log, newest first."""
    return (
        WebhookDelivery.objects.filter(webhook__federation=federation)
        .select_related("webhook", "show")
        .order_by("-created_at", "-pk")
    )


def webhook_add(*, federation: Federation, url: str, format: str) -> Webhook:
    """A new webhook of ``federation`` to ``url`` in ``format``, with a new secret (which the
    caller shows the owner once). Refused, naming the field, for a format not known, an address
    that is not http(s) or names (as written) a loopback or private one, one the federation has
    already, or a federation that has ``MAX_WEBHOOKS``."""
    url = (url or "").strip()
    if format not in WebhookFormat.values:
        choices = ", ".join(WebhookFormat.values)
        raise _refuse("format", f"Choose a format among {choices}; {format!r} is not one.")
    if not url:
        raise _refuse("url", "Give the webhook's address.")
    if len(url) > Webhook._meta.get_field("url").max_length:  # type: ignore[operator]
        raise _refuse("url", "This address is too long (500 characters at most).")
    try:
        outbound.check_url(url)
    except outbound.AddressRefused as exc:
        raise _refuse("url", str(exc)) from None
    with transaction.atomic():
        locked = Federation.objects.select_for_update().get(pk=federation.pk)
        if Webhook.objects.filter(federation=locked).count() >= MAX_WEBHOOKS:
            raise _refuse("url", f"{federation} has {MAX_WEBHOOKS} webhooks, the most it may keep.")
        if Webhook.objects.filter(federation=locked, url=url).exists():
            raise _refuse("url", f"{federation} has a webhook to this address already.")
        try:
            with transaction.atomic():
                return Webhook.objects.create(
                    federation=locked, url=url, format=format, secret=secrets.token_hex(32)
                )
        except IntegrityError:
            raise _refuse("url", f"{federation} has a webhook to this address already.") from None


def webhook_remove(*, webhook: Webhook) -> None:
    """The webhook gone, with its delivery log (a delivery still waiting is not sent)."""
    Webhook.objects.filter(pk=webhook.pk).delete()


def webhook_test(*, webhook: Webhook) -> WebhookDelivery:
    """A test message to ``webhook``, sent after the caller's commit."""
    delivery = WebhookDelivery.objects.create(webhook=webhook, kind=DeliveryKind.TEST)
    _send_after_commit([delivery.pk])
    return delivery


# -- a show completed ----------------------------------------------------------------------------


def show_completed(*, show_id: int) -> list[int]:
    """A delivery of the show's recap to each of its federation's webhooks (at most one each,
    however often this is called), sent after the caller's commit. Called by the simulation once
    the show's own transaction has committed. The deliveries' ids."""
    # (the webhooks first: most federations have none, and then this is one query)
    webhooks = list(
        Webhook.objects.filter(
            federation__shows__pk=show_id, federation__shows__status=ShowStatus.COMPLETED
        )
    )
    if not webhooks:
        return []
    show = Show.objects.get(pk=show_id)
    made = []
    for webhook in webhooks:
        delivery, created = WebhookDelivery.objects.get_or_create(
            webhook=webhook, show=show, kind=DeliveryKind.SHOW
        )
        if created:
            made.append(delivery.pk)
    _send_after_commit(made)
    return made


def _send_after_commit(delivery_ids: list[int]) -> None:
    for delivery_id in delivery_ids:
        transaction.on_commit(partial(_enqueue, delivery_id))


def _enqueue(delivery_id: int) -> None:
    """The delivery handed to the workers (without a broker, sent in this process at once); a
    broker that cannot be reached leaves it waiting in the log, and says so there."""
    try:
        webhook_tasks.deliver_webhook.apply_async((delivery_id,), ignore_result=True)
    except BrokerError as exc:
        logger.warning("Webhook delivery %s could not be queued: %s", delivery_id, exc)
        WebhookDelivery.objects.filter(pk=delivery_id).update(
            last_error=_clip(f"Could not be queued for the workers: {exc}")
        )


#: How long past its time a delivery must be before it is taken for lost and sent again: a retry
#: whose thread's process ended (no broker) or whose countdown died with its worker, or a first
#: attempt that could not be queued (a broker down) or whose task was lost.
LOST_AFTER = dt.timedelta(minutes=10)


def deliveries_resume(*, now: dt.datetime | None = None, limit: int = 100) -> list[int]:
    """Send again the deliveries taken for lost (``LOST_AFTER``): those retrying past their
    time, and those waiting to be tried since before it. Each is first marked taken (its next
    attempt set to now, by an update that only one sweep wins), so that the next sweep leaves it
    to the attempt it was given. Beat's dispatch of due shows and the embedded runner call this
    at each tick; the ids sent again."""
    now = now or timezone.now()
    cutoff = now - LOST_AFTER
    lost = (
        WebhookDelivery.objects.filter(status__in=(DeliveryStatus.PENDING, DeliveryStatus.RETRYING))
        .alias(due=Coalesce("next_attempt_at", "created_at"))
        .filter(due__lte=cutoff)
        .order_by("created_at", "pk")
        .values_list("pk", "next_attempt_at")
    )
    taken = []
    for delivery_id, due in lost[:limit]:
        if WebhookDelivery.objects.filter(pk=delivery_id, next_attempt_at=due).update(
            next_attempt_at=now
        ):
            taken.append(delivery_id)
            logger.warning("Webhook delivery %s was taken for lost: sent again", delivery_id)
            _enqueue(delivery_id)
    return taken


# -- sending -------------------------------------------------------------------------------------


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """``t=<timestamp>,v1=<hex>``: the HMAC-SHA256 with ``secret`` of ``"<timestamp>.<body>"``."""
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={digest.hexdigest()}"


def backoff(attempt: int) -> float:
    """The wait after the ``attempt``-th attempt failed: the first wait, doubled each time,
    at most ``RINGSIDE_WEBHOOKS_MAX_WAIT_SECONDS``."""
    first = settings.RINGSIDE_WEBHOOKS_BACKOFF_SECONDS
    return float(min(first * 2 ** (attempt - 1), settings.RINGSIDE_WEBHOOKS_MAX_WAIT_SECONDS))


def retry_after(value: str | None, *, now: dt.datetime) -> float | None:
    """A 429's ``Retry-After`` in seconds (a number of seconds or an HTTP date), or None."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    return max((when - now).total_seconds(), 0.0)


def _json_body(payload: Any) -> bytes:
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"), default=str).encode()


def messages(delivery: WebhookDelivery) -> list[bytes]:
    """The request bodies of ``delivery``, in order: one, but a Discord recap longer than a
    message (``share.recap_discord``: each at most 2,000 characters)."""
    webhook = delivery.webhook
    federation = webhook.federation
    if delivery.kind == DeliveryKind.TEST:
        text = TEST_TEXT.format(federation=federation.name)
        if webhook.format == WebhookFormat.DISCORD:
            return [_json_body({"content": text, "allowed_mentions": {"parse": []}})]
        if webhook.format == WebhookFormat.SLACK:
            return [_json_body({"text": text})]
        return [
            _json_body(
                {
                    "event": TEST_EVENT,
                    "federation": {"slug": federation.slug, "name": federation.name},
                    "text": text,
                }
            )
        ]
    assert delivery.show is not None
    recap = recaps.show_recap(delivery.show)
    if webhook.format == WebhookFormat.DISCORD:
        return [
            _json_body({"content": part, "allowed_mentions": {"parse": []}})
            for part in share.recap_discord(recap)
        ]
    if webhook.format == WebhookFormat.SLACK:
        return [_json_body({"text": share.recap_slack(recap)})]
    return [
        _json_body(
            {
                "event": SHOW_EVENT,
                "federation": {"slug": federation.slug, "name": federation.name},
                "show": {"number": delivery.show.number, "name": delivery.show.name},
                "recap": share.recap_data(recap),
            }
        )
    ]


def _headers(delivery: WebhookDelivery, body: bytes, *, now: dt.datetime) -> dict[str, str]:
    event = TEST_EVENT if delivery.kind == DeliveryKind.TEST else SHOW_EVENT
    headers = {
        "Content-Type": "application/json",
        EVENT_HEADER: event,
        DELIVERY_HEADER: str(delivery.pk),
    }
    if delivery.webhook.format == WebhookFormat.JSON:
        headers[SIGNATURE_HEADER] = signature(delivery.webhook.secret, int(now.timestamp()), body)
    return headers


@dataclass(frozen=True)
class Tried:
    """One attempt's end: ``wait`` seconds before the next, or None when the delivery is over
    (delivered, failed, or not there any more)."""

    status: str
    wait: float | None = None


def _clip(text: str) -> str:
    return text if len(text) <= ERROR_LENGTH else text[: ERROR_LENGTH - 1] + "…"


def delivery_attempt(
    *,
    delivery_id: int,
    send: Sender | None = None,
    now: Callable[[], dt.datetime] = timezone.now,
) -> Tried:
    """One attempt at a delivery: each message not yet taken, in order, until one fails. Writes
    the attempt to the log (its count, the last answer's code or error, and the delivery's
    state) and says how long to wait before the next, if there is to be one."""
    delivery = (
        WebhookDelivery.objects.select_related("webhook__federation", "show")
        .filter(pk=delivery_id)
        .first()
    )
    if delivery is None or delivery.status in (DeliveryStatus.DELIVERED, DeliveryStatus.FAILED):
        return Tried(delivery.status if delivery else "missing")
    post = send or (lambda url, body, headers: outbound.post(url, body, headers))
    attempt = delivery.attempts + 1
    started = now()
    code: int | None = None
    error = ""
    wait: float | None = None
    retryable = False
    sent = delivery.parts_sent
    try:
        bodies = messages(delivery)
    except Exception as exc:  # a recap that cannot be written: a fault of ours, not retried
        logger.exception("Webhook delivery %s: its message could not be written", delivery_id)
        bodies, error = [], f"The message could not be written: {type(exc).__name__}: {exc}"
    for body in bodies[sent:]:
        code = None  # (the last request's answer: none when it got none)
        try:
            answer = post(delivery.webhook.url, body, _headers(delivery, body, now=now()))
        except outbound.AddressRefused as exc:
            error = str(exc)
            break
        except httpx.TimeoutException:
            error, retryable = "No answer in time (timed out).", True
            break
        except httpx.TransportError as exc:
            error, retryable = f"Could not connect: {exc or type(exc).__name__}.", True
            break
        code = answer.status
        if 200 <= code < 300:
            sent += 1
            continue
        if code == 429 or code >= 500:
            retryable = True
            error = f"The receiver answered {code}."
            if code == 429:
                asked = retry_after(answer.headers.get("retry-after"), now=now())
                if asked is not None:
                    wait = min(asked, float(settings.RINGSIDE_WEBHOOKS_MAX_WAIT_SECONDS))
        elif 300 <= code < 400:
            error = f"The receiver answered {code}, a redirect: redirects are not followed."
        else:
            error = f"The receiver refused it ({code})."
        break
    delivered = not error and sent >= len(bodies)
    limit = settings.RINGSIDE_WEBHOOKS_MAX_ATTEMPTS
    if delivered:
        status, wait = DeliveryStatus.DELIVERED, None
    elif retryable and attempt < limit:
        status = DeliveryStatus.RETRYING
        wait = max(wait if wait is not None else 0.0, backoff(attempt))
        wait = min(wait, float(settings.RINGSIDE_WEBHOOKS_MAX_WAIT_SECONDS))
    else:
        status, wait = DeliveryStatus.FAILED, None
        if retryable:
            error = f"Gave up after {attempt} attempts. {error}"
    finished = status in (DeliveryStatus.DELIVERED, DeliveryStatus.FAILED)
    WebhookDelivery.objects.filter(pk=delivery.pk).update(
        attempts=attempt,
        parts_sent=sent,
        status=status,
        last_code=code,
        last_error=_clip(error),
        last_attempt_at=started,
        next_attempt_at=started + dt.timedelta(seconds=wait) if wait is not None else None,
        finished_at=now() if finished else None,
    )
    logger.info(
        "Webhook delivery %s, attempt %s: %s%s",
        delivery.pk,
        attempt,
        status,
        f" ({error})" if error else "",
    )
    return Tried(status, wait)


def delivery_run(
    *,
    delivery_id: int,
    send: Sender | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> Tried:
    """Every attempt of a delivery in this process, waiting between them with ``sleep`` (the
    retries without a broker, in their thread: ``retry_in_background``)."""
    while True:
        tried = delivery_attempt(delivery_id=delivery_id, send=send)
        if tried.wait is None:
            return tried
        sleep(tried.wait)


def retry_in_background(
    *, delivery_id: int, wait: float, sleep: Callable[[float], None] = time.sleep
) -> threading.Thread:
    """Without a broker: the rest of a delivery's attempts in a thread of this process, after
    ``wait`` seconds, so that the request or command that ran the show does not wait through
    the backoff. (A process that ends first leaves the delivery retrying in the log.)"""

    def run() -> None:
        try:
            sleep(wait)
            delivery_run(delivery_id=delivery_id, sleep=sleep)
        except Exception:
            logger.exception("Webhook delivery %s: its retries failed", delivery_id)
        finally:
            connection.close()

    thread = threading.Thread(target=run, name=f"webhook-delivery-{delivery_id}", daemon=True)
    thread.start()
    return thread
