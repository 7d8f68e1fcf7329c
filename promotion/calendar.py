"""A federation's "today", in a module of its own below the models: the models' own checks (a
debut is a day that has come) and the selectors, services and pages all ask it, and it reads
nothing but the federation and its shows (through their reverse relation)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from django.db.models import Max
from django.utils import timezone

from promotion.choices import ShowStatus

#: A show's status once it has been wrestled.
WRESTLED = ShowStatus.COMPLETED


def federation_today(federation) -> dt.date:
    """The federation's "today": the later of the real date in its time zone and the date of its
    last wrestled show (a promoter may run the coming week's show early; from then on its
    results are the federation's present). Every page, API view and selector that asks "as of
    today" for a federation asks this (see ``docs/standings.md``, "A federation's today")."""
    zone = ZoneInfo(str(federation.time_zone))
    today = timezone.localdate(timezone=zone)
    last = federation.shows.filter(status=WRESTLED).aggregate(last=Max("scheduled_at"))["last"]
    if last is not None:
        today = max(today, last.astimezone(zone).date())
    return today
