"""The cache (``CACHES`` in config/settings.py) when it is Redis: one that a Redis down or
restarting does not turn into a failed request.

What the project keeps in the cache is only ever a help: the API's throttles' history of each
client's requests, a running show's progress. So a read that cannot reach Redis answers as a
miss (a throttle then finds no history and lets the request through: it fails open), and a write
that cannot reach it is skipped; each is logged as a warning, at most one line every
``WARN_EVERY`` seconds a process with the count of the failures it stands for, so a Redis that
stays down does not flood the log. Connecting and answering are bounded in time
(``CONNECT_TIMEOUT``, ``ANSWER_TIMEOUT``), so a Redis that does not answer costs a request that
long and no more.
"""

from __future__ import annotations

import functools
import logging
import threading
import time

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

#: Seconds to wait for Redis to take a connection, and to answer a command.
CONNECT_TIMEOUT = 1.0
ANSWER_TIMEOUT = 2.0
#: A process logs the cache's failures at most once in this many seconds.
WARN_EVERY = 60.0


class _Warnings:
    """One warning line per ``WARN_EVERY`` seconds, counting the failures between lines."""

    def __init__(self):
        self.lock = threading.Lock()
        self.last = float("-inf")
        self.unsaid = 0

    def failed(self, operation: str, error: Exception) -> None:
        with self.lock:
            self.unsaid += 1
            now = time.monotonic()
            if now - self.last < WARN_EVERY:
                return
            count, self.unsaid, self.last = self.unsaid, 0, now
        logger.warning(
            "The cache (Redis) cannot be reached: %s skipped (%s); %d cache operation%s failed "
            "since the last warning. Throttles let requests through until it is back.",
            operation,
            error,
            count,
            "" if count == 1 else "s",
        )


WARNINGS = _Warnings()


def _fail_open(fallback):
    """The method, answering ``fallback(*args, **kwargs)`` (a miss, nothing done) when Redis
    cannot be reached, with the failure logged."""

    def decorate(method):
        @functools.wraps(method)
        def wrapper(self, *args, **kwargs):
            try:
                return method(self, *args, **kwargs)
            except RedisError as exc:
                WARNINGS.failed(method.__name__, exc)
                return fallback(*args, **kwargs)

        return wrapper

    return decorate


def _default(key, default=None, version=None):
    return default


def _nothing(*args, **kwargs):
    return None


def _false(*args, **kwargs):
    return False


def _empty(*args, **kwargs):
    return {}


def _none_kept(data, *args, **kwargs):
    """``set_many``'s answer when nothing was stored: every key it was given."""
    return list(data)


class FailOpenRedisCache(RedisCache):
    """Django's Redis cache whose reads miss and whose writes are skipped, with a warning in the
    log, while Redis cannot be reached (a refusal to connect, a timeout, a dropped connection).
    ``incr`` and ``decr`` are left as Redis answers them: a counter cannot pretend (the project
    keeps none in the cache)."""

    def __init__(self, server, params):
        options = params.setdefault("OPTIONS", {})
        options.setdefault("socket_connect_timeout", CONNECT_TIMEOUT)
        options.setdefault("socket_timeout", ANSWER_TIMEOUT)
        super().__init__(server, params)

    @_fail_open(_default)
    def get(self, key, default=None, version=None):
        return super().get(key, default, version)

    @_fail_open(_empty)
    def get_many(self, keys, version=None):
        return super().get_many(keys, version)

    @_fail_open(_false)
    def has_key(self, key, version=None):
        return super().has_key(key, version)

    @_fail_open(_false)
    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return super().add(key, value, timeout, version)

    @_fail_open(_nothing)
    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return super().set(key, value, timeout, version)

    @_fail_open(_none_kept)
    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return super().set_many(data, timeout, version)

    @_fail_open(_false)
    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return super().touch(key, timeout, version)

    @_fail_open(_false)
    def delete(self, key, version=None):
        return super().delete(key, version)

    @_fail_open(_nothing)
    def delete_many(self, keys, version=None):
        return super().delete_many(keys, version)

    @_fail_open(_false)
    def clear(self):
        return super().clear()
