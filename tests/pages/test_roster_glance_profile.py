"""A wrestler's page at ten years: his head-to-head table, feuds and injuries are his latest
ten, whatever his history holds, and say where the rest are."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from promotion.models import FeudStatus
from tests import factories
from tests.pages.conftest import client_for

pytestmark = pytest.mark.django_db


def test_twelve_ended_feuds_and_injuries_show_the_latest_ten_and_a_link(client, users, sample):
    wrestler = factories.BookableWrestlerFactory(federation=sample, slug="old-hand")
    for n in range(12):
        began = dt.date(2020, 1, 1) + dt.timedelta(days=30 * n)
        feud = factories.FeudFactory(
            federation=sample,
            name=f"Old Grudge {n:02d}",
            started_on=began,
            ended_on=began + dt.timedelta(days=20),
            status=FeudStatus.ENDED,
            heat=0,
        )
        factories.FeudParticipantFactory(feud=feud, wrestler=wrestler, side=0)
        factories.InjuryFactory(
            wrestler=wrestler,
            occurred_on=began,
            healed_on=began + dt.timedelta(days=10),
            body_part="shoulder",
            description=f"Old wound {n:02d}",
        )
    page = client_for(client, users, "viewer").get(
        reverse("wrestler-detail", args=[sample.slug, wrestler.slug])
    )
    assert page.status_code == 200
    body = page.content.decode()
    # The latest ten ended: 11 back to 02; 00 and 01 are on the feuds and injuries pages.
    shown = [n for n in range(12) if f"Old Grudge {n:02d}" in body]
    assert shown == list(range(2, 12))
    wounds = [n for n in range(12) if f"Old wound {n:02d}" in body]
    assert wounds == list(range(2, 12))
    assert f'<a href="/f/{sample.slug}/feuds/">Every feud</a>' in body
    assert f'<a href="/f/{sample.slug}/injuries/">Every injury</a>' in body


def test_a_short_history_lists_every_feud_without_a_link(client, users, sample):
    wrestler = sample.wrestlers.order_by("slug").first()
    page = client_for(client, users, "viewer").get(
        reverse("wrestler-detail", args=[sample.slug, wrestler.slug])
    )
    assert "Every feud</a>" not in page.content.decode()
    assert "Every injury</a>" not in page.content.decode()
