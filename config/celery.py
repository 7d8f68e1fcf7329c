"""The project's Celery app: configured from Django settings (CELERY_*), tasks discovered in apps.

Periodic schedules are rows of django-celery-beat (editable in the admin), not code.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("ringside")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
