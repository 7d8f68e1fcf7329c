"""The operations page, for superusers (docs/operations.md, "The operations page"): the workers
seen, each queue's depth, the shows running with their lease's age, the failed shows with their
error and a button to retry each, the last hour's throughput. Everyone else: a visitor is sent to
sign in, a signed-in user who is not a superuser gets the site's 403 page. It reads through
``matches.operations`` and retries through ``matches.services.show_retry``, the service the show
page, the admin and ``show --retry`` use."""

from __future__ import annotations

import functools

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from matches import operations
from matches.booking import BookingError
from matches.services import show_retry
from promotion.access import AccessDenied

#: What a signed-in user who is not a superuser reads on the 403 page.
SUPERUSERS_ONLY = "The operations page is for the site's superusers."


def superusers_only(view):
    """A superuser's view: anyone else is refused as the pages refuse (``web.pages``: a visitor
    is sent to sign in, a signed-in user gets the 403 page)."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not request.user.is_superuser:
            raise AccessDenied(SUPERUSERS_ONLY)
        return view(request, *args, **kwargs)

    return wrapper


@superusers_only
def operations_page(request: HttpRequest) -> HttpResponse:
    workers = operations.workers_seen()
    context = {
        "broker": operations.broker_configured(),
        "workers": workers,
        "queues": operations.queue_depths(workers),
        "default_queue": operations.DEFAULT_QUEUE,
        "running": operations.running_shows(),
        "failed": operations.failed_shows(),
        "failed_shown": operations.FAILED_SHOWN,
        "throughput": operations.throughput(),
    }
    return render(request, "operations/operations.html", context)


def operations_retry(request: HttpRequest, pk: int) -> HttpResponse:
    """A failed show's "Retry" button; its address opened rather than pressed leads to the
    page (as ``web.pages.posted_from`` does for a federation's buttons)."""
    if request.method != "POST":
        return redirect("operations")
    return _retry(request, pk)


operations_retry.posted_from = "operations"  # type: ignore[attr-defined]


@superusers_only
def _retry(request: HttpRequest, pk: int) -> HttpResponse:
    show = operations.failed_show(pk)
    if show is None:
        raise Http404("No such show.")
    try:
        show = show_retry(show=show)
    except BookingError as refusal:
        for problem in refusal.reasons:
            messages.error(request, problem)
    else:
        messages.success(request, f"{show} ({show.federation}) is back on the schedule.")
    return redirect("operations")
