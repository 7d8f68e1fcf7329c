"""The recap on the pages: a completed show's page shows it above the card with its copy
buttons, each format's text in its box as the format writes it (a hostile ring name escaped for
the format, and for the page's HTML too); a show not wrestled has neither; the federation's
page says what its last show changed."""

from __future__ import annotations

import datetime as dt
import html
import re

import pytest
from django.test import Client
from django.utils import timezone

from matches.simulation import show_simulate
from promotion.models import Wrestler
from tests.matches.helpers import book_week, sample_federation, weekly_slots

pytestmark = pytest.mark.django_db

HOSTILE = "@everyone [b]*Kid*[/b] <script>"


@pytest.fixture
def wrestled():
    federation = sample_federation()
    # A ring name that would be a mention, BBCode, emphasis and HTML if written as it is.
    Wrestler.objects.filter(federation=federation, slug="corrigan-vale").update(ring_name=HOSTILE)
    slot, ahead = weekly_slots(federation, timezone.now() - dt.timedelta(days=10), 2)
    show = book_week(federation, scheduled_at=slot, seed=41, matches=3)
    assert show_simulate(show_id=show.pk).status == "completed"
    coming = book_week(federation, scheduled_at=ahead, seed=42, matches=1, schedule=False)
    return federation, show, coming


def _boxes(page: str) -> dict[str, str]:
    """Each copy box's text, by its id, as the browser reads it."""
    return {
        key: html.unescape(text)
        for key, text in re.findall(
            r'<textarea id="share-([a-z0-9-]+)"[^>]*>(.*?)</textarea>', page, re.S
        )
    }


def test_a_completed_shows_page_has_its_recap_and_a_box_a_format(wrestled):
    _, show, _ = wrestled
    page = Client().get(show.get_absolute_url()).content.decode()
    assert page.index('class="recap"') < page.index("<h2>The card</h2>")
    assert "<script>" not in page.split('class="recap"')[1].split("The card")[0]
    boxes = _boxes(page)
    assert set(boxes) == {"discord", "markdown", "bbcode"}
    for label in ("Copy for Discord", "Copy as Markdown", "Copy as BBCode"):
        assert f">{label}</button>" in page
    # The hostile champion is named in each box, escaped for its format.
    assert "@\u200beveryone \\[b\\]\\*Kid\\*\\[/b\\] \\<script>" in boxes["discord"]
    assert "@everyone \\[b\\]\\*Kid\\*\\[/b\\] \\<script\\>" in boxes["markdown"]
    assert "@everyone [\u200bb]*Kid*[\u200b/b] <script>" in boxes["bbcode"]
    # The show's address, absolute, ends each.
    address = f"http://testserver{show.get_absolute_url()}"
    assert all(address in text for text in boxes.values())
    assert '<script src="/static/js/share.js" defer></script>' in page


def test_a_show_not_wrestled_has_no_recap_and_no_buttons(wrestled):
    _, _, coming = wrestled
    page = Client().get(coming.get_absolute_url()).content.decode()
    assert 'class="recap"' not in page
    assert "Copy for Discord" not in page


def test_the_federation_page_says_what_the_last_show_changed(wrestled):
    federation, _, _ = wrestled
    page = Client().get(f"/f/{federation.slug}/").content.decode()
    assert "What it changed" in page
    assert page.count('class="recap"') == 1
    # No copy buttons there: they are the show page's.
    assert "Copy for Discord" not in page
