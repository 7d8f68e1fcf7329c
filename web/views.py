"""The site's own error pages, in its style, whatever DJANGO_DEBUG says.

Django's debug pages list every URL pattern and the view that raised; visitors of the demo (which
runs with debug on) must not see that. ``NotFoundMiddleware`` answers every ``Http404`` raised by
a view with the site's page, and ``unknown_path`` (the last URL pattern) answers every path that
matches nothing, after trying it with a trailing slash as ``APPEND_SLASH`` would.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import Resolver404, resolve


def favicon(request):
    """Browsers ask for /favicon.ico where a page names no icon (the admin's, the API's)."""
    return HttpResponsePermanentRedirect(static("site/favicon.svg"))


def not_found(request, exception=None):
    return render(request, "404.html", status=404)


def server_error(request):
    return render(request, "500.html", status=500)


def unknown_path(request, path: str = ""):
    if settings.APPEND_SLASH and not request.path.endswith("/"):
        try:
            match = resolve(request.path + "/")
        except Resolver404:
            match = None
        if match is not None and match.func is not unknown_path:
            query = request.META.get("QUERY_STRING", "")
            return HttpResponsePermanentRedirect(
                request.path + "/" + (f"?{query}" if query else "")
            )
    return not_found(request)


class NotFoundMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, Http404) and not request.path.startswith("/api/"):
            return not_found(request, exception)
        return None
