"""Idempotent creates over the API: the ``Idempotency-Key`` header.

A client that may lose an answer (a timeout, a dropped connection) sends its request again with
the same key and is told what happened the first time, instead of creating a second row:

- The first request with a key claims it: one row, unique for the client and the key, written in
  a transaction of its own before the request is carried out. When the request succeeds (2xx)
  its answer (status, body and ``Location``) is kept with the key. A refused request (4xx, or an
  error) lets the key go: it changed nothing, so sending it again tries again.
- A repeat (the same client, key, method, address, query and body, the body as read: JSON's
  spacing and the order of its keys aside) answers the kept answer, with
  ``Idempotent-Replayed: true``, and does nothing again.
- The same key with another request (another address or body) is refused: 409.
- A repeat while the first request is still being carried out is refused too (409, saying so),
  so that repeats sent at once make one effect; sent again later it gets the kept answer. A
  claim whose request never finished (its process was killed) is taken over after
  ``ABANDONED``.
- A key is one client's: a user's, or an anonymous client's by its address. Keys are forgotten
  ``EXPIRY`` after their first request: when one is used again, and by the periodic task
  ``web.forget_idempotency_keys`` (a django-celery-beat row, hourly: migration 0002).

Without the header a request is carried out as it always was. ``IdempotentCreates`` does all
this for a viewset's ``idempotent_actions`` (its POSTs that create) and documents the header on
those operations of the OpenAPI schema.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re

from django.db import IntegrityError, transaction
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle

from web.models import IdempotencyKey

HEADER = "Idempotency-Key"
REPLAYED = "Idempotent-Replayed"
#: How long a key is kept after its first request.
EXPIRY = dt.timedelta(hours=24)
#: A claim older than this whose request has not finished is taken to be lost (its process
#: died): longer than any request runs (the heaviest, an import at its size limit, takes about
#: a minute).
ABANDONED = dt.timedelta(minutes=15)
KEY_LENGTH = 255
KEY_PATTERN = re.compile(rf"[!-~]{{1,{KEY_LENGTH}}}")  # visible ASCII, no spaces

# Messages the client reads (tests reuse them).
KEY_INVALID = (
    "The Idempotency-Key header is 1 to 255 visible ASCII characters (letters, digits and "
    "punctuation, no spaces), not {shown}."
)
KEY_REUSED = (
    "The Idempotency-Key {key!r} was used for another request ({first}) in the last 24 hours; "
    "send a new key with a new request."
)
KEY_IN_FLIGHT = (
    "The request first sent with the Idempotency-Key {key!r} is still being carried out; send "
    "it again in a moment for its answer."
)
KEY_SCHEMA = {"type": "string", "minLength": 1, "maxLength": KEY_LENGTH, "pattern": "^[!-~]+$"}
HEADER_HELP = (
    "Optional: a key of your own (1 to 255 visible ASCII characters, such as a UUID) that makes "
    "this request safe to send again. The first request with a key is carried out and, when it "
    "succeeds, its answer is kept for 24 hours; the same request sent again with the same key "
    "answers that answer (with `Idempotent-Replayed: true`) and creates nothing more. The same "
    "key with another request, or sent again while the first is still being carried out, is a "
    "409. A refused request keeps nothing: sent again, it is tried again. Keys are each "
    "user's own."
)


class IdempotencyConflict(exceptions.APIException):
    """A key that cannot be honoured now: another request's, or its request still running."""

    status_code = status.HTTP_409_CONFLICT
    default_code = "idempotency_conflict"


class Replay(Exception):
    """The kept answer to a request made before with the same key (``response``)."""

    def __init__(self, row: IdempotencyKey):
        super().__init__(row.key)
        headers = {REPLAYED: "true"}
        if row.location:
            headers["Location"] = row.location
        self.response = Response(row.body, status=row.status, headers=headers)


def _shown(key: str) -> str:
    return repr(key if len(key) <= 40 else key[:40] + "...")


def client_of(request) -> str:
    """Whose keys these are: the user's, or an anonymous client's by its address (as the
    throttles tell clients apart)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"anonymous:{BaseThrottle().get_ident(request)}"[:100]


def fingerprint(request) -> str:
    """A digest of what makes two requests the same: method, address, query and the body as
    read (so JSON's spacing and key order do not count)."""
    data = request.data
    if hasattr(data, "lists"):  # a form's QueryDict
        data = dict(data.lists())
    query = sorted(request.query_params.lists())
    try:
        text = json.dumps(
            [request.method, request.path, query, data],
            sort_keys=True,
            default=str,
            separators=(",", ":"),
        )
    except TypeError:  # keys that do not sort together (a YAML body's): as they came
        text = repr([request.method, request.path, query, data])
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def claim(request, key: str) -> IdempotencyKey:
    """The key claimed for this request, which is to be carried out now; or ``Replay`` with
    the answer to its first request, or ``IdempotencyConflict`` (refused, 409)."""
    if not KEY_PATTERN.fullmatch(key):
        raise exceptions.ValidationError({HEADER: [KEY_INVALID.format(shown=_shown(key))]})
    client, method, path = client_of(request), request.method, request.path[:2000]
    digest = fingerprint(request)
    rows = IdempotencyKey.objects.filter(client=client, key=key)
    for _attempt in range(3):
        now = timezone.now()
        rows.filter(created_at__lte=now - EXPIRY).delete()
        try:
            with transaction.atomic():
                return IdempotencyKey.objects.create(
                    client=client,
                    key=key,
                    method=method,
                    path=path,
                    fingerprint=digest,
                    created_at=now,
                )
        except IntegrityError:
            pass
        first = rows.first()
        if first is None:
            continue  # let go meanwhile (its request was refused): claim it again
        if (first.method, first.path, first.fingerprint) != (method, path, digest):
            what = (
                "another body to this address"
                if (first.method, first.path) == (method, path)
                else f"{first.method} {first.path}"
            )
            raise IdempotencyConflict(KEY_REUSED.format(key=key, first=what))
        if first.status is not None:
            raise Replay(first)
        if first.created_at > now - ABANDONED:
            break
        # Its request never finished (its process died): this one takes the key over.
        if rows.filter(pk=first.pk, status=None, created_at=first.created_at).update(
            created_at=now
        ):
            first.created_at = now
            return first
    raise IdempotencyConflict(KEY_IN_FLIGHT.format(key=key))


def remember(row: IdempotencyKey, response) -> None:
    """Keep the answer to the key's request."""
    IdempotencyKey.objects.filter(pk=row.pk).update(
        status=response.status_code,
        body=response.data,
        location=(response.get("Location") or "")[:2000],
    )


def let_go(row: IdempotencyKey) -> None:
    """The key's request was refused: nothing is kept, the key is free again."""
    IdempotencyKey.objects.filter(pk=row.pk, status=None).delete()


def forget_expired(*, now: dt.datetime | None = None) -> int:
    """Forget every key older than ``EXPIRY``; how many were forgotten."""
    now = now or timezone.now()
    deleted, _ = IdempotencyKey.objects.filter(created_at__lte=now - EXPIRY).delete()
    return deleted


class IdempotentSchema:
    """Mixed into a viewset's schema class: the header, documented on its idempotent actions."""

    def get_override_parameters(self):
        parameters = super().get_override_parameters()
        view = self.view
        if self.method == "POST" and getattr(view, "action", None) in getattr(
            view, "idempotent_actions", ()
        ):
            parameters = [
                *parameters,
                OpenApiParameter(
                    HEADER,
                    KEY_SCHEMA,
                    OpenApiParameter.HEADER,
                    required=False,
                    description=HEADER_HELP,
                ),
            ]
        return parameters


class IdempotentCreates:
    """A viewset whose ``idempotent_actions`` (its POSTs that create) honour ``Idempotency-Key``
    (see the module). First among the bases: it runs around the view's own request handling."""

    idempotent_actions: frozenset[str] = frozenset({"create"})
    _idempotency: IdempotencyKey | None = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # The schema class the view has (extend_schema's, on a base), with the header added.
        schema = type(cls.schema)
        if not issubclass(schema, IdempotentSchema):
            cls.schema = type(f"Idempotent{schema.__name__}", (IdempotentSchema, schema), {})()

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        key = request.headers.get(HEADER)
        if key is not None and request.method == "POST" and self.action in self.idempotent_actions:
            self._idempotency = claim(request, key)

    def handle_exception(self, exc):
        if isinstance(exc, Replay):
            return exc.response
        row, self._idempotency = self._idempotency, None
        if row is not None:
            let_go(row)
        return super().handle_exception(exc)

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        row, self._idempotency = self._idempotency, None
        if row is not None:
            if status.is_success(response.status_code):
                remember(row, response)
            else:
                let_go(row)
        return response
