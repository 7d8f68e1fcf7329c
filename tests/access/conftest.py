"""The access table's world, built once per test module: every test runs in its own
transaction inside the module's, rolled back after it."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.test import override_settings

from tests.access import world as world_module

#: The users' passwords hashed quickly (the default hasher is slow by design).
FAST_HASHER = "django.contrib.auth.hashers.MD5PasswordHasher"


@pytest.fixture(autouse=True)
def _no_throttling(monkeypatch):
    """The table makes hundreds of requests as each user; throttling is tested elsewhere."""
    from django.core.cache.backends.locmem import LocMemCache
    from rest_framework.throttling import SimpleRateThrottle

    rates = dict.fromkeys(SimpleRateThrottle.THROTTLE_RATES, "1000000/min")
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates)
    monkeypatch.setattr(SimpleRateThrottle, "cache", LocMemCache("access-throttle", {}))


@pytest.fixture(autouse=True)
def demo_password_file():
    """(The suite's own gives each test a temporary folder for the demo's password file; no
    request of the table runs the demo, and thousands of folders cost seconds.)"""
    return None


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """The world (``world.build``), in a transaction of the module's own, rolled back when its
    last test is done; each test's own transaction is a savepoint within it."""
    with django_db_blocker.unblock(), override_settings(PASSWORD_HASHERS=[FAST_HASHER]):
        outer = transaction.atomic()
        outer.__enter__()
        try:
            built = world_module.build()
        except BaseException:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
            raise
        yield built
        transaction.set_rollback(True)
        outer.__exit__(None, None, None)
