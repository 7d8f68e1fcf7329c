"""The API when something behind it fails: with Redis unreachable it keeps answering (the cache
misses, the throttles let requests through, each logged), and a server error it cannot help
answers in the API's error shape, never the site's HTML page.

Redis is "down" here by pointing the cache at a port where nothing listens, or at a Redis this
test starts on a free port and stops itself: the machine's own Redis is never touched."""

from __future__ import annotations

import logging
import shutil
import socket
import subprocess
import sys

import pytest
from django.core.cache import cache
from django.test import Client

from config import cache as failopen
from tests.api.conftest import client_for, throttle_rates
from tests.polling import wait_until
from web.api_support import SERVER_ERROR

pytestmark = pytest.mark.django_db

BASE = "/api/v1/federations/copperline"
ODDS = {"sides": [["corrigan-vale"], ["skylar-finch"]], "runs": 5, "seed": 3}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def use_redis_at(settings, monkeypatch, port: int) -> None:
    """The project's cache as production configures it, at ``port`` (database 12), read by the
    throttles too (the API tests' fixture gives them a memory of their own)."""
    from rest_framework.throttling import SimpleRateThrottle

    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.FailOpenRedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/12",
        }
    }
    monkeypatch.setattr(SimpleRateThrottle, "cache", cache)  # (the proxy to the default cache)
    monkeypatch.setattr(failopen.WARNINGS, "last", float("-inf"))
    monkeypatch.setattr(failopen.WARNINGS, "unsaid", 0)


@pytest.fixture
def redis_down(settings, monkeypatch):
    use_redis_at(settings, monkeypatch, free_port())


def test_the_api_answers_with_redis_unreachable(sample, people, redis_down, monkeypatch, caplog):
    throttle_rates(monkeypatch, anon="2/min", user="2/min", odds="1/min")
    from rest_framework.throttling import SimpleRateThrottle

    monkeypatch.setattr(SimpleRateThrottle, "cache", cache)  # (throttle_rates set its own)
    anonymous = client_for(people, "anonymous")
    with caplog.at_level(logging.WARNING, logger="config.cache"):
        assert anonymous.get("/api/v1/").status_code == 200
        assert anonymous.get("/api/v1/federations/").status_code == 200
        wrestlers = anonymous.get(f"{BASE}/wrestlers/")
        assert wrestlers.status_code == 200 and wrestlers.json()["count"] == 18
        # The throttles cannot count: each request goes through (fails open), past the rates.
        for _ in range(3):
            odds = anonymous.post(f"{BASE}/odds/", ODDS, format="json")
            assert odds.status_code == 200, odds.content[:300]
    warnings = [r.getMessage() for r in caplog.records if r.name == "config.cache"]
    # One line for the lot (at most one a minute), saying what happened.
    assert len(warnings) == 1, warnings
    assert warnings[0].startswith("The cache (Redis) cannot be reached: get skipped (")
    assert warnings[0].endswith(
        "1 cache operation failed since the last warning. "
        "Throttles let requests through until it is back."
    )


def test_the_pages_answer_with_redis_unreachable(sample, redis_down):
    page = Client().get("/")
    assert page.status_code == 200
    assert b"Copperline Wrestling Federation" in page.content


def test_the_cache_misses_and_skips_while_redis_is_unreachable(redis_down, caplog):
    with caplog.at_level(logging.WARNING, logger="config.cache"):
        assert cache.get("key") is None
        assert cache.get("key", "fallback") == "fallback"
        assert cache.set("key", 1) is None
        assert cache.add("key", 1) is False
        assert cache.get_many(["a", "b"]) == {}
        assert cache.set_many({"a": 1, "b": 2}) == ["a", "b"]
        assert cache.has_key("key") is False
        assert cache.touch("key") is False
        assert cache.delete("key") is False
        assert cache.delete_many(["a"]) is None
        assert cache.get_or_set("key", 5) == 5
    warnings = [r for r in caplog.records if r.name == "config.cache"]
    assert len(warnings) == 1  # the rest were counted, for the next line


def test_a_warning_a_minute_counts_the_failures_it_stands_for(redis_down, monkeypatch, caplog):
    clock = [1000.0]
    monkeypatch.setattr(failopen.time, "monotonic", lambda: clock[0])
    with caplog.at_level(logging.WARNING, logger="config.cache"):
        cache.get("a")  # said at once
        cache.get("b")
        cache.set("c", 1)
        clock[0] += 59
        cache.get("d")
        clock[0] += 1  # a minute after the first line
        cache.delete("e")
    lines = [r.getMessage() for r in caplog.records if r.name == "config.cache"]
    assert len(lines) == 2
    assert "get skipped" in lines[0] and "; 1 cache operation failed since" in lines[0]
    assert "delete skipped" in lines[1] and "; 4 cache operations failed since" in lines[1]


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server")
def test_a_redis_that_stops_and_comes_back(sample, people, settings, monkeypatch):
    """A Redis of this test's own: the API keeps answering while it is stopped, and the cache
    works again once it is back (the connection pool reconnects)."""
    port = free_port()
    command = [
        "redis-server",
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
    ]

    def listening() -> bool:
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", port)) == 0

    def start() -> subprocess.Popen:
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_until(listening, timeout=5, what="the test's Redis to start")
        except TimeoutError:
            server.kill()
            raise
        return server

    use_redis_at(settings, monkeypatch, port)
    anonymous = client_for(people, "anonymous")
    server = start()
    try:
        cache.set("kept", "yes")
        assert cache.get("kept") == "yes"
        server.terminate()
        server.wait(timeout=10)
        assert cache.get("kept") is None  # a miss while it is down
        assert anonymous.get("/api/v1/").status_code == 200
        assert anonymous.get(f"{BASE}/wrestlers/").status_code == 200
        server = start()
        cache.set("back", "yes")
        assert cache.get("back") == "yes"
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_production_settings_use_the_cache_that_fails_open(tmp_path):
    """With ``REDIS_URL`` set, ``CACHES`` names ``FailOpenRedisCache`` (settings are read once,
    so in a fresh process)."""
    code = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'config.settings'; "
        "django.setup(); from django.conf import settings; "
        "print(settings.CACHES['default']['BACKEND'])"
    )
    env = {
        "PATH": "/usr/bin:/bin",
        "REDIS_URL": f"redis://127.0.0.1:{free_port()}/13",
        "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3",
    }
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert out.stdout.strip() == "config.cache.FailOpenRedisCache", out.stderr[-2000:]


# -- a server error -------------------------------------------------------------------------------


def _raise(*args, **kwargs):
    raise RuntimeError("a bug")


@pytest.fixture
def no_debug(settings):
    settings.DEBUG = False


def test_a_server_error_under_the_api_answers_in_its_error_shape(sample, monkeypatch, no_debug):
    from promotion.api import SystemViewSet

    monkeypatch.setattr(SystemViewSet, "list", _raise)
    response = Client(raise_request_exception=False).get("/api/v1/systems/")
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"detail": SERVER_ERROR, "errors": []}
    assert SERVER_ERROR == (
        "Something went wrong: the request could not be answered. It has been logged; try "
        "again in a moment."
    )


def test_a_server_error_on_a_page_is_the_sites_page(sample, monkeypatch, no_debug):
    from promotion import selectors

    monkeypatch.setattr(selectors, "federations_visible_to", _raise)
    response = Client(raise_request_exception=False).get("/")
    assert response.status_code == 500
    assert response["Content-Type"].startswith("text/html")
    assert b"<h1>Something went wrong</h1>" in response.content
