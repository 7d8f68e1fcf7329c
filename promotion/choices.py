"""The states of a show and a match and the ways a match ends: choices both the roster and the
shows read. They live here, below ``matches``, so that the roster's rules (a title at stake on a
show not yet finished, a wrestler's first completed match, a finish in words) may name them
without importing the shows' app; ``matches.models`` stores them and re-exports them."""

from __future__ import annotations

from django.db import models


class ShowStatus(models.TextChoices):
    DRAFT = "draft", "Draft"
    BOOKED = "booked", "Booked"
    SCHEDULED = "scheduled", "Scheduled"
    RUNNING = "running", "Running"
    COMPLETED = "completed", "Completed"
    FAILED = "failed", "Failed"
    CANCELLED = "cancelled", "Cancelled"


#: Shows that must finish before a later show of their federation may run: the dispatcher waits
#: for them (a failed one until it is retried or cancelled). Drafts and booked shows that were
#: never scheduled do not hold anything up.
BLOCKING_STATUSES = (ShowStatus.SCHEDULED, ShowStatus.RUNNING, ShowStatus.FAILED)
#: Shows whose card can still change.
OPEN_STATUSES = (ShowStatus.DRAFT, ShowStatus.BOOKED, ShowStatus.SCHEDULED, ShowStatus.FAILED)
#: Shows with nothing more to do.
FINISHED_STATUSES = (ShowStatus.COMPLETED, ShowStatus.CANCELLED)


class MatchStatus(models.TextChoices):
    BOOKED = "booked", "Booked"
    COMPLETED = "completed", "Completed"
    #: Not wrestled: on the night a wrestler of it could not work (hurt, suspended or retired
    #: since it was booked); the rest of the show goes on (``matches.simulation``).
    CALLED_OFF = "called_off", "Called off"


class Method(models.TextChoices):
    """How a match ended. The values are the engines' ``Method`` values."""

    PIN = "pin", "Pinfall"
    SUBMISSION = "submission", "Submission"
    KNOCKOUT = "knockout", "Knockout"
    DISQUALIFICATION = "disqualification", "Disqualification"
    COUNT_OUT = "count_out", "Count-out"
    DOUBLE_DISQUALIFICATION = "double_disqualification", "Double disqualification"
    DOUBLE_COUNT_OUT = "double_count_out", "Double count-out"
    DRAW_TIME_LIMIT = "draw_time_limit", "Time-limit draw"
    ELIMINATION = "elimination", "Last one standing"
    ESCAPE = "escape", "Escaped the cage"
    DOUBLE_KNOCKOUT = "double_knockout", "Double knockout"
