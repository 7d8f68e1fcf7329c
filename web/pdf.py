"""PDF from a page's own HTML, through WeasyPrint, fetching nothing from the network.

A page is rendered from its template as it is for the browser, then laid out by WeasyPrint
under the print media (the site's print stylesheet applies: no navigation, no buttons, black
on white). Its fonts are the system's (fontconfig). The only things it may fetch are the
project's own static files, read from disk by the static files finders (or the collected
``STATIC_ROOT``); ``data:`` addresses are read in place. Any other address (another host, a
page of the site, ``file:``, a path outside the static files) is refused and left out.
"""

from __future__ import annotations

import logging
import mimetypes
from pathlib import Path
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.utils._os import safe_join
from weasyprint import HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

#: The font subsetter logs every glyph of every font at INFO: a page of lines a PDF.
logging.getLogger("fontTools").setLevel(logging.WARNING)
#: WeasyPrint logs each step of each page at INFO, and each rule it does not read at WARNING.
logging.getLogger("weasyprint").setLevel(logging.ERROR)
logging.getLogger("weasyprint.progress").setLevel(logging.ERROR)

PDF_TYPE = "application/pdf"
REFUSED = "not one of the site's static files: {url}"
#: Static files a PDF does without: the vendored screen framework (Pico), whose rules the print
#: stylesheet overrides on paper anyway, and whose reading takes seconds a PDF. They are read
#: as empty.
SKIPPED = ("vendor/",)


class StaticOnlyFetcher(URLFetcher):
    """Answers the site's static files from disk and ``data:`` addresses; refuses the rest."""

    def __init__(self, base_url: str) -> None:
        super().__init__(allowed_protocols=("data",), allow_redirects=False, timeout=1)
        self.origin = urlsplit(base_url).netloc

    @staticmethod
    def relative(url: str) -> str:
        """``url``'s path below the static files' address."""
        prefix = "/" + settings.STATIC_URL.strip("/") + "/"
        return unquote(urlsplit(url).path).removeprefix(prefix)

    def static_path(self, url: str) -> Path | None:
        """The file on disk that ``url`` names among the static files (None if it names none)."""
        parts = urlsplit(url)
        prefix = "/" + settings.STATIC_URL.strip("/") + "/"
        if parts.scheme not in ("http", "https") or parts.netloc != self.origin:
            return None
        path = unquote(parts.path)
        if not path.startswith(prefix):
            return None
        relative = self.relative(url)
        if not relative or ".." in Path(relative).parts:
            return None
        found = finders.find(relative)
        if isinstance(found, list):
            found = found[0] if found else None
        if found is None and settings.STATIC_ROOT:
            try:
                candidate = Path(safe_join(str(settings.STATIC_ROOT), relative))
            except ValueError:
                return None
            found = str(candidate) if candidate.is_file() else None
        return Path(found) if found else None

    def fetch(self, url: str, headers=None) -> URLFetcherResponse:
        if url.startswith("data:"):
            return super().fetch(url, headers)
        path = self.static_path(url)
        if path is None:
            raise ValueError(REFUSED.format(url=url[:200]))
        if self.relative(url).startswith(SKIPPED):
            return URLFetcherResponse(url, b"", {"Content-Type": "text/css"})
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": kind})


def render_pdf(html: str, *, base_url: str) -> bytes:
    """The PDF of a page's ``html``, its addresses read against ``base_url`` (the site's own
    address, so that its static files resolve)."""
    document = HTML(string=html, base_url=base_url, url_fetcher=StaticOnlyFetcher(base_url))
    return document.write_pdf()


def pdf_response(html: str, *, base_url: str, filename: str, inline: bool = True) -> HttpResponse:
    response = HttpResponse(render_pdf(html, base_url=base_url), content_type=PDF_TYPE)
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    return response
