"""The PDF's fetcher (``web.pdf``): the site's static files read from disk, nothing else fetched.

A local HTTP server stands for the network: a page that names stylesheets and pictures on it
(and on the disk) is turned into a PDF, and the server must not have been asked for anything."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from pypdf import PdfReader

from web.pdf import REFUSED, StaticOnlyFetcher, render_pdf

BASE = "http://testserver/"


@pytest.fixture
def network():
    """A local server that counts what it is asked for (and would answer a stylesheet)."""
    asked: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            asked.append(self.path)
            body = b"body { color: red }"
            self.send_response(200)
            self.send_header("Content-Type", "text/css")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", asked
    server.shutdown()
    server.server_close()


def test_the_fetcher_reads_the_static_files_from_disk():
    fetcher = StaticOnlyFetcher(BASE)
    response = fetcher.fetch(BASE + "static/site/print.css")
    assert b"@media print" in response.read()
    assert response.content_type == "text/css"


@pytest.mark.parametrize(
    "url",
    [
        "http://evil.example/static/site/print.css",  # another host
        "http://testserver/f/irongate/roster/",  # a page of the site, not a static file
        "http://testserver/static/../config/settings.py",  # out of the static files
        "http://testserver/static/site/absent.css",  # no such file
        "file:///etc/passwd",
        "ftp://testserver/static/site/print.css",
    ],
)
def test_the_fetcher_refuses_everything_else(url):
    with pytest.raises(ValueError) as refused:
        StaticOnlyFetcher(BASE).fetch(url)
    assert str(refused.value) == REFUSED.format(url=url)


def test_a_pdf_fetches_nothing_from_the_network(network):
    origin, asked = network
    html = (
        f'<html><head><link rel="stylesheet" href="{origin}/style.css">'
        '<link rel="stylesheet" href="/static/site/print.css"></head>'
        f'<body><p>Ring card</p><img src="{origin}/photo.png" alt="photo">'
        '<img src="file:///etc/hostname" alt="disk"></body></html>'
    )
    pdf = render_pdf(html, base_url=BASE)
    assert pdf.startswith(b"%PDF-")
    assert asked == []
    # The same page with the network allowed does reach the server (the check above is real).
    from weasyprint import HTML

    HTML(string=html, base_url=BASE).write_pdf()
    assert sorted(asked) == ["/photo.png", "/style.css"]


def test_a_pdf_has_the_pages_text(tmp_path):
    import io

    pdf = render_pdf("<p>Ring card of Irongate</p>", base_url=BASE)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    assert "Ring card of Irongate" in reader.pages[0].extract_text()
