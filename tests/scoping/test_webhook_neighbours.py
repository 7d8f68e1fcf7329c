"""A federation's webhooks between neighbours: one owner's two federations, a webhook of the
one (``away``, with a delivery in its log) that the other's addresses never show, send to or
remove. (Its id named in the other's address answers 404: ``cases.py``'s webhook cases.)"""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from matches.models import Webhook, WebhookDelivery
from tests.scoping.world import AWAY, HOME

pytestmark = pytest.mark.django_db


def _api(world) -> APIClient:
    api = APIClient()
    api.force_authenticate(user=world.boss)
    return api


def test_the_lists_of_one_federation_hold_none_of_the_others_webhooks(world):
    api = _api(world)
    away_hook = Webhook.objects.get(federation=world.away.federation)
    home = api.get(reverse("api:webhook-list", kwargs={"federation_slug": HOME}))
    away = api.get(reverse("api:webhook-list", kwargs={"federation_slug": AWAY}))
    assert (home.status_code, away.status_code) == (200, 200)
    assert home.json() == []
    assert [row["id"] for row in away.json()] == [away_hook.pk]
    log = api.get(reverse("api:webhook-delivery-list", kwargs={"federation_slug": HOME}))
    assert log.status_code == 200 and log.json()["results"] == []
    log = api.get(reverse("api:webhook-delivery-list", kwargs={"federation_slug": AWAY}))
    assert [row["webhook"] for row in log.json()["results"]] == [away_hook.pk]


def test_the_settings_page_shows_only_its_own_webhooks(world, client):
    client.force_login(world.boss)
    home = client.get(reverse("federation-settings", args=[HOME]))
    away = client.get(reverse("federation-settings", args=[AWAY]))
    assert "https://hooks.example.com/…" not in home.content.decode()
    assert "No webhook yet." in home.content.decode()
    assert "https://hooks.example.com/…" in away.content.decode()


def test_a_neighbours_webhook_is_neither_tested_nor_removed_through_anothers_address(world, client):
    away_hook = Webhook.objects.get(federation=world.away.federation)
    deliveries = WebhookDelivery.objects.count()
    client.force_login(world.boss)
    for name in ("webhook-test", "webhook-remove"):
        response = client.post(reverse(name, args=[HOME, away_hook.pk]))
        assert response.status_code == 404
    api = _api(world)
    kwargs = {"federation_slug": HOME, "pk": away_hook.pk}
    assert api.post(reverse("api:webhook-test", kwargs=kwargs)).status_code == 404
    assert api.delete(reverse("api:webhook-detail", kwargs=kwargs)).status_code == 404
    assert Webhook.objects.filter(pk=away_hook.pk).exists()
    assert WebhookDelivery.objects.count() == deliveries
    # and through its own federation's address, both work
    own = {"federation_slug": AWAY, "pk": away_hook.pk}
    assert api.post(reverse("api:webhook-test", kwargs=own)).status_code == 202
    assert WebhookDelivery.objects.count() == deliveries + 1
    assert api.delete(reverse("api:webhook-detail", kwargs=own)).status_code == 204
    assert not Webhook.objects.filter(pk=away_hook.pk).exists()
