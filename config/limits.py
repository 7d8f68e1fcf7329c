"""A show's time limits and the broker's visibility timeout, as functions of the show time limit
(``SHOW_TIME_LIMIT_SECONDS``): the settings and the task read them from here, and a test checks
their order for any limit without a broker.

The soft limit stops a show that runs too long (it is failed and can be retried); the hard limit
kills its worker process a little later; the visibility timeout must outlast both, so that a show
still running is never handed to a second worker.
"""

from __future__ import annotations

#: Seconds the hard limit leaves a show stopped by the soft limit to record its failure.
HARD_LIMIT_GRACE = 30
#: Seconds the visibility timeout keeps beyond twice the show time limit.
VISIBILITY_MARGIN = 60


def show_soft_time_limit(show_time_limit: int) -> int:
    return show_time_limit


def show_hard_time_limit(show_time_limit: int) -> int:
    return show_soft_time_limit(show_time_limit) + HARD_LIMIT_GRACE


def broker_visibility_timeout(show_time_limit: int) -> int:
    return show_time_limit * 2 + VISIBILITY_MARGIN
