"""The admin's sign-in throttle records (django-axes): its "Clean up expired attempts" action
deletes the attempts older than the cool-off (AXES_COOLOFF_TIME, 15 minutes) and keeps the rest."""

from __future__ import annotations

import datetime as dt

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.utils import timezone

pytestmark = pytest.mark.django_db


def attempt(username: str, minutes_ago: int) -> AccessAttempt:
    made = AccessAttempt.objects.create(
        username=username,
        ip_address="192.0.2.7",
        user_agent="test",
        failures_since_start=1,
    )
    # attempt_time is set on creation (auto_now_add): put it back in time afterwards.
    AccessAttempt.objects.filter(pk=made.pk).update(
        attempt_time=timezone.now() - dt.timedelta(minutes=minutes_ago)
    )
    return made


def test_clean_up_expired_attempts_deletes_only_those_past_the_cool_off(client):
    root = get_user_model().objects.create_superuser("root", "root@example.com", "pw-root-123")
    client.force_login(root)
    old = attempt("old-guess", minutes_ago=16)
    fresh = attempt("fresh-guess", minutes_ago=14)

    response = client.post(
        "/admin/axes/accessattempt/",
        {"action": "cleanup_expired_attempts", "_selected_action": [old.pk, fresh.pk]},
        follow=True,
    )

    assert response.status_code == 200
    assert "Cleaned up 1 expired access attempts." in response.content.decode()
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == ["fresh-guess"]
