"""Redoc's bundle for the API's documentation page (/api/redoc/), asking nothing of another host.

Swagger UI and Redoc are drf-spectacular-sidecar's static files. Redoc's bundle, whatever its
options, draws the Redocly logo beside its "API docs by Redocly" link from
``https://cdn.redoc.ly/redoc/logo-mini.svg``: offline, a failed request and an error in the
console; online, a request to a third party on every visit. This view serves the sidecar's
bundle with that address replaced by an image that cannot load, which Redoc answers by leaving
the logo out (the link stays). The replacement has the same length, so the sidecar's source map
still fits; the comments naming the licence file and the source map point to the sidecar's
copies. The bundle is read once a process and sent with an ETag, compressed where the browser
accepts it.
"""

from __future__ import annotations

import functools
import hashlib
from importlib import resources

from django.http import HttpResponse
from django.templatetags.static import static
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import condition, require_safe

BUNDLE = "redoc/bundles/redoc.standalone.js"
REMOTE_LOGO = '"https://cdn.redoc.ly/redoc/logo-mini.svg"'
#: An image that fails at once (an empty ``data:`` URL), padded outside the string literal.
NO_LOGO = '"data:,"'.ljust(len(REMOTE_LOGO))


@functools.cache
def bundle() -> tuple[bytes, str]:
    """The bundle as served, and its ETag."""
    source = resources.files("drf_spectacular_sidecar") / "static/drf_spectacular_sidecar" / BUNDLE
    text = source.read_text(encoding="utf-8")
    sidecar = f"drf_spectacular_sidecar/{BUNDLE}"
    text = text.replace(REMOTE_LOGO, NO_LOGO)
    text = text.replace(
        "see redoc.standalone.js.LICENSE.txt", f"see {static(sidecar + '.LICENSE.txt')}", 1
    )
    text = text.replace(
        "//# sourceMappingURL=redoc.standalone.js.map",
        f"//# sourceMappingURL={static(sidecar + '.map')}",
    )
    body = text.encode()
    return body, hashlib.sha256(body).hexdigest()[:32]


@require_safe
@gzip_page
@condition(etag_func=lambda request: bundle()[1])
def redoc_bundle(request):
    response = HttpResponse(bundle()[0], content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "public, max-age=86400"
    return response
