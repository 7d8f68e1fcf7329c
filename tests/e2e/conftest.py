"""Browser tests: Playwright's Python package driving Debian's chromium by its path (never a
browser Playwright downloads) against the site served by ``tests/e2e/serve.py``.

Without ``/usr/bin/chromium`` the tests skip, saying how to install it; CI sets
``RINGSIDE_REQUIRE_BROWSER=1`` and installs the package, so there they can only pass or fail.
Screenshots of every page go to ``tests/e2e/screenshots/<viewport>/``.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.polling import wait_until

CHROMIUM = os.environ.get("RINGSIDE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
ROOT = Path(__file__).resolve().parents[2]
VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
#: A name for the site that is not the loopback's, as a deployment's is: chromium maps it to
#: 127.0.0.1 (``named_browser``). Some pages behave differently on localhost (Swagger UI asks its
#: online validator for a badge only for a schema served from elsewhere).
SITE_NAME = "ringside.test"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def chromium_path() -> str:
    if not Path(CHROMIUM).exists():
        message = f"needs Debian's chromium at {CHROMIUM} (apt-get install -y chromium)"
        if os.environ.get("RINGSIDE_REQUIRE_BROWSER"):
            pytest.fail(message)
        pytest.skip(message)
    return CHROMIUM


@pytest.fixture(scope="session")
def site(tmp_path_factory, chromium_path):
    """The URL of a fresh site on its own SQLite file, served until the session ends."""
    folder = tmp_path_factory.mktemp("e2e")
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    env.update(
        DATABASE_URL=f"sqlite:///{folder / 'site.sqlite3'}",
        DJANGO_DEBUG="1",
        DJANGO_ALLOWED_HOSTS=f"127.0.0.1,localhost,{SITE_NAME}",
        PYTHONUNBUFFERED="1",
        DJANGO_LOG_LEVEL="WARNING",
        MEDIA_ROOT=str(folder / "media"),  # uploaded pictures: the site's own folder
    )
    log = (folder / "server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "tests/e2e/serve.py"), str(port)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"

    def did_not_start() -> RuntimeError:
        return RuntimeError(
            "the site did not start: " + (folder / "server.log").read_text()[-2000:]
        )

    def answers() -> bool:
        if server.poll() is not None:
            raise did_not_start()
        try:
            urllib.request.urlopen(url + "/", timeout=2).read()
        except OSError:
            return False
        return True

    try:
        try:
            wait_until(answers, timeout=60, every=0.3, what="the site to start")
        except TimeoutError:
            raise did_not_start() from None
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


@pytest.fixture(scope="module")
def browser(chromium_path):
    """Chromium, for this module's tests only: Playwright's synchronous API keeps an event loop
    running while it is open, and Django refuses database work from inside one, so it must be
    closed before the process goes on to other tests (as it does when the suite is spread)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path, args=CHROMIUM_ARGS, headless=True
        )
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def named_site(site) -> str:
    """The site's URL under ``SITE_NAME``, for ``named_browser``."""
    return site.replace("127.0.0.1", SITE_NAME)


@pytest.fixture(scope="module")
def named_browser(chromium_path, named_site):
    """Chromium as ``browser`` is, resolving ``SITE_NAME`` to 127.0.0.1 and taking the site under
    that name for a secure origin, as a deployment behind HTTPS is (plain HTTP on a name other
    than localhost would make chromium refuse the security headers, with errors in the console)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path,
            args=[
                *CHROMIUM_ARGS,
                f"--host-resolver-rules=MAP {SITE_NAME} 127.0.0.1",
                f"--unsafely-treat-insecure-origin-as-secure={named_site}",
            ],
            headless=True,
        )
        yield browser
        browser.close()
