"""``/health/``, for a load balancer: 200 when the service is healthy, 503 when not, with each
check's answer as JSON (``matches.operations.health``; docs/operations.md, "Health"). Anyone may
ask: the answer names no federation and no show. It reads, whatever the method (a POST as a GET,
as the site's pages do; ``web.pages.SitePagesMiddleware`` answers the other methods 405)."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache

from matches.operations import health as service_health


@never_cache
def health(request: HttpRequest) -> JsonResponse:
    healthy, answer = service_health()
    return JsonResponse(answer, status=200 if healthy else 503)
