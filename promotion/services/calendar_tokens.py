"""A federation's calendar feed token: the secret in the address of a private federation's
iCalendar feed (``docs/events.md``, "The calendar"). The owner issues it (a new one replaces
the old, which stops working at once) and revokes it; the feed finds its federation by it."""

from __future__ import annotations

import secrets

from django.utils.crypto import constant_time_compare

from promotion.models import Federation

#: Bytes of randomness in a token (written as 43 URL-safe characters, within the column's 64).
TOKEN_BYTES = 32


def calendar_token_issue(*, federation: Federation) -> str:
    """A new calendar token for the federation, replacing any before it; only that field is
    written. Returns the token."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    Federation.objects.filter(pk=federation.pk).update(calendar_token=token)
    federation.calendar_token = token
    return token


def calendar_token_revoke(*, federation: Federation) -> None:
    """No calendar token any more: the feed's address with the old one answers 404."""
    Federation.objects.filter(pk=federation.pk).update(calendar_token="")
    federation.calendar_token = ""


def federation_by_calendar_token(*, slug: str, token: str) -> Federation | None:
    """The federation ``slug`` when ``token`` is its calendar token (compared in constant
    time), else None: no token issued, revoked, another's, or none given."""
    if not token:
        return None
    federation = Federation.objects.filter(slug=slug).exclude(calendar_token="").first()
    if federation is None or not constant_time_compare(token, federation.calendar_token):
        return None
    return federation
