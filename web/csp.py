"""The Content-Security-Policy of every answer.

The site ships all it loads (static/: Pico CSS, htmx, its own style sheet and icon; the API's
documentation from drf-spectacular-sidecar), and its pages write no script or style into
themselves, so a page may load only the site's own files: a script injected into a page cannot
run, no other site may frame a page or receive its forms. Images may also be ``data:`` (Pico's
icons are). htmx adds no style of its own (``templates/base.html`` sets its config; the site's
CSS has the indicator's rules).

The API's documentation pages (Swagger UI, Redoc) get ``DOCS_POLICY``: their scripts are files
of the site too (Swagger UI's start script from ``?script=``, drf-spectacular's split view), but
both write styles at run time and Redoc searches in a worker it makes from a ``blob:``.

Django 5.2 has no CSP of its own; this middleware is the whole of it. A view that sets the header
itself keeps its own.
"""

from __future__ import annotations

from django.conf import settings

_COMMON = {
    "default-src": "'self'",
    "img-src": "'self' data:",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def _policy(directives: dict[str, str]) -> str:
    return "; ".join(f"{name} {sources}" for name, sources in directives.items())


POLICY = _policy(_COMMON)
DOCS_POLICY = _policy(
    {
        **_COMMON,
        "script-src": "'self'",
        "style-src": "'self' 'unsafe-inline'",
        "worker-src": "'self' blob:",
    }
)
#: The addresses of the API's documentation pages.
DOCS_PATHS = ("/api/docs/", "/api/redoc/")
HEADER = "Content-Security-Policy"


class ContentSecurityPolicyMiddleware:
    """Sets ``POLICY`` (``DOCS_POLICY`` on the documentation pages) on every answer that has
    none. Not on Django's technical error page in debug, which styles itself inline."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if HEADER in response or (settings.DEBUG and response.status_code >= 500):
            return response
        response[HEADER] = DOCS_POLICY if request.path in DOCS_PATHS else POLICY
        return response
