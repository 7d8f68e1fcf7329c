"""What the API remembers between requests: the answers to requests sent with an
``Idempotency-Key`` (``web.idempotency``)."""

from __future__ import annotations

from django.core.serializers.json import DjangoJSONEncoder
from django.db import models


class IdempotencyKey(models.Model):
    """One client's key: claimed when its first request begins (``status`` empty while that
    request is carried out), then holding that request's answer. A client is a user, or an
    anonymous client by its address (``client``); a key is one client's, another's same key is
    another key. Forgotten a day after its first request (``web.idempotency.EXPIRY``)."""

    client = models.CharField(max_length=100)
    key = models.CharField(max_length=255)
    #: The request the key was first used for: its method, address and a digest of its body.
    method = models.CharField(max_length=10)
    path = models.CharField(max_length=2000)
    fingerprint = models.CharField(max_length=64)
    created_at = models.DateTimeField()
    #: The answer, once the request has been carried out (``None`` until then).
    status = models.PositiveSmallIntegerField(null=True, blank=True)
    body = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    location = models.CharField(max_length=2000, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["client", "key"], name="idempotency_key_once_a_client")
        ]
        indexes = [models.Index(fields=["created_at"], name="idempotency_key_created")]

    def __str__(self) -> str:
        return f"{self.client}: {self.key}"
