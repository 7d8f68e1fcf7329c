"""The project's Celery app: configured from Django settings (CELERY_*), tasks discovered in apps.

Periodic schedules are rows of django-celery-beat (editable in the admin), not code.
"""

import os
from logging.config import dictConfig

from celery import Celery
from celery.signals import setup_logging
from django.conf import settings

from config.env import env_bool

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("ringside")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def _log_as_django_says(**kwargs) -> None:
    """Workers and beat log as the web processes do: Django's LOGGING (config/settings.py)."""
    dictConfig(settings.LOGGING)


# With JSON logs (RINGSIDE_LOG_JSON), Celery keeps its hands off the log: its own set-up would
# put its plain format on the root logger. (Then DJANGO_LOG_LEVEL, not --loglevel, sets the level.)
if env_bool("RINGSIDE_LOG_JSON", default=False):
    setup_logging.connect(_log_as_django_says)
