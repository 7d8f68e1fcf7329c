"""The settings read the environment once: embedded default, production refusals, deploy check."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_django(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_URL", "REDIS_URL"))
    }
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def show_setting(name: str, **env: str) -> str:
    code = f"from django.conf import settings; print(repr(settings.{name}))"
    result = run_django("shell", "-c", code, **env)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


def test_the_embedded_default_is_sqlite_and_tasks_in_process():
    assert "sqlite3" in show_setting("DATABASES['default']['ENGINE']")
    assert show_setting("CELERY_TASK_ALWAYS_EAGER") == "True"


def test_database_url_selects_postgresql():
    engine = show_setting(
        "DATABASES['default']['ENGINE']", DATABASE_URL="postgres://postgres@127.0.0.1:5432/x"
    )
    assert "postgresql" in engine


def test_redis_url_makes_redis_the_broker_with_a_visibility_timeout_above_a_show():
    env = {"REDIS_URL": "redis://127.0.0.1:6379/3"}
    assert show_setting("CELERY_TASK_ALWAYS_EAGER", **env) == "False"
    assert show_setting("CELERY_BROKER_URL", **env) == "'redis://127.0.0.1:6379/3'"
    timeout = int(show_setting("CELERY_BROKER_TRANSPORT_OPTIONS['visibility_timeout']", **env))
    assert timeout > int(show_setting("SHOW_TIME_LIMIT_SECONDS", **env))


def test_production_refuses_to_start_without_secret_key_and_hosts():
    result = run_django("check", DJANGO_DEBUG="0")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS" in result.stderr


def test_production_refuses_a_weak_secret_key():
    result = run_django(
        "check", DJANGO_DEBUG="0", DJANGO_SECRET_KEY="short", DJANGO_ALLOWED_HOSTS="example.com"
    )
    assert result.returncode != 0
    assert "50+ characters" in result.stderr


@pytest.mark.parametrize(
    "key",
    ["a" * 60, "ab" * 30, "django-insecure-" + secrets.token_urlsafe(50)],
    ids=["one character", "two characters", "a generated development key"],
)
def test_production_refuses_a_secret_key_djangos_check_warns_about(key):
    result = run_django(
        "check", DJANGO_DEBUG="0", DJANGO_SECRET_KEY=key, DJANGO_ALLOWED_HOSTS="example.com"
    )
    assert result.returncode != 0
    assert "at least 5 different" in result.stderr


def test_a_bad_boolean_names_the_variable():
    result = run_django("check", DJANGO_DEBUG="maybe")
    assert result.returncode != 0
    assert "DJANGO_DEBUG" in result.stderr


def test_production_passes_the_deploy_check():
    result = run_django(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="federation.example.com",
    )
    assert result.returncode == 0, result.stdout + result.stderr
