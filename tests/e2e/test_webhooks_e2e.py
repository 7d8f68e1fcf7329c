"""Webhooks in the browser (issue 41): a promoter adds a Discord webhook on the settings page
(its secret shown once), runs a week, and the show's recap reaches the "Discord channel" on its
own, a local HTTP server standing in for Discord; the settings page's log says it was delivered,
and "Send a test" sends one more.

The site here is a server of this module's own, with ``RINGSIDE_WEBHOOKS_ALLOW_PRIVATE`` on so
that it may send to the local server on 127.0.0.1 (the other browser tests' site keeps it off).
Nothing leaves the machine."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.request

import pytest

from tests.e2e.conftest import ROOT, SCREENSHOTS, _free_port
from tests.e2e.steps import sample_promoter
from tests.matches import webhook_receiver
from tests.polling import wait_until

pytestmark = pytest.mark.e2e

TIMEOUT = 30_000
SLUG = "hook-check"


@pytest.fixture(scope="module")
def webhook_site(tmp_path_factory, chromium_path):
    """A fresh site on its own SQLite file that may send to private addresses."""
    folder = tmp_path_factory.mktemp("e2e-webhooks")
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    env.update(
        DATABASE_URL=f"sqlite:///{folder / 'site.sqlite3'}",
        DJANGO_DEBUG="1",
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        PYTHONUNBUFFERED="1",
        DJANGO_LOG_LEVEL="WARNING",
        RINGSIDE_WEBHOOKS_ALLOW_PRIVATE="1",
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

    def answers() -> bool:
        if server.poll() is not None:
            raise RuntimeError("the site did not start: " + (folder / "server.log").read_text())
        try:
            urllib.request.urlopen(url + "/", timeout=2).read()
        except OSError:
            return False
        return True

    try:
        wait_until(answers, timeout=60, every=0.3, what="the site to start")
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


@pytest.fixture
def discord():
    receiver, server = webhook_receiver.start()
    yield receiver
    receiver.release.set()
    server.shutdown()
    server.server_close()


def test_a_promoters_discord_gets_the_recap_after_the_show(browser, webhook_site, discord):
    site = webhook_site
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sample_promoter(page, site, username="hook-promoter", name="Hook Check", slug=SLUG)

    page.goto(site + f"/f/{SLUG}/settings/")
    section = page.locator("#webhooks")
    assert "No webhook yet." in section.inner_text()
    section.locator("#id_webhook_url").fill(discord.url)
    section.locator("#id_webhook_format").select_option("discord")
    with page.expect_navigation():
        section.get_by_role("button", name="Add the webhook").click()
    secret = page.locator("#webhook-secret").inner_text()
    assert re.fullmatch(r"[0-9a-f]{64}", secret)
    page.screenshot(path=str(SCREENSHOTS / "desktop" / "settings-webhooks.png"), full_page=True)
    page.reload()
    assert page.locator("#webhook-secret").count() == 0  # shown once
    assert discord.received == []

    page.goto(site + f"/f/{SLUG}/")
    page.locator("main").get_by_role("button", name="Run this week").click()
    page.get_by_text(re.compile("won by|draw", re.I)).first.wait_for(timeout=TIMEOUT)
    wait_until(lambda: discord.received, timeout=30, what="the recap at the receiver")
    contents = [json.loads(got.body)["content"] for got in discord.received]
    assert contents[0].startswith("**Hook Check Weekly")
    assert "**Results**" in contents[0]
    assert all(len(content) <= 2000 for content in contents)

    page.goto(site + f"/f/{SLUG}/settings/")
    log = page.locator("#webhook-log")
    assert "Show 1" in log.inner_text() and "Delivered" in log.inner_text()
    with page.expect_navigation():
        page.get_by_role("button", name=re.compile("^Send a test")).click()
    wait_until(
        lambda: len(discord.received) == len(contents) + 1, timeout=30, what="the test message"
    )
    test = json.loads(discord.received[-1].body)["content"]
    assert test.startswith("Ringside test: this webhook will be told of each show Hook Check")
    assert page.locator("#webhook-log tbody tr").count() == 2
    assert errors == []
    context.close()
